// A Huffman table of a DHT segment (ITU-T T.81 §B.2.4.2, Annex C), ready for decoding: a 9-bit
// lookahead table for short codes and the canonical code ranges for the rest (T.81 §F.2.2.3).

struct HuffmanTable: Sendable {
    /// Bits looked up at once.
    static let lookaheadBits = 9
    /// Indexed by the next 9 bits: (code length << 8) | symbol, or 0 for a longer code.
    var fast: [UInt16]
    /// Per code length 1...16: the largest code of that length (-1 when none), the first code and
    /// the index of its symbol in `symbols`.
    var maxCode: [Int32]
    var minCode: [Int32]
    var firstSymbol: [Int32]
    var symbols: [UInt8]

    /// Builds the table from the 16 code-length counts and the symbols, refusing a set of counts
    /// that cannot be a prefix code (more codes of a length than remain, libjpeg's
    /// "Bogus Huffman table definition") and, for DC tables, symbols above 15.
    init(counts: [Int], symbols: [UInt8], isDC: Bool, at offset: Int) throws(JPEGError) {
        precondition(counts.count == 16)
        let total = counts.reduce(0, +)
        guard total <= 256, total == symbols.count else {
            throw JPEGError(.corrupt, at: offset, "Huffman table with \(total) codes (at most 256, and as many symbols as codes)")
        }
        if isDC, let bad = symbols.first(where: { $0 > 15 }) {
            throw JPEGError(.corrupt, at: offset, "DC Huffman table with symbol \(bad) (a DC difference has at most 15 bits)")
        }
        self.symbols = symbols
        maxCode = [Int32](repeating: -1, count: 18)
        minCode = [Int32](repeating: 0, count: 17)
        firstSymbol = [Int32](repeating: 0, count: 17)
        fast = [UInt16](repeating: 0, count: 1 << Self.lookaheadBits)
        var code: Int32 = 0, index = 0
        for length in 1...16 {
            let n = counts[length - 1]
            if n > 0 {
                firstSymbol[length] = Int32(index)
                minCode[length] = code
                code += Int32(n)
                guard code <= Int32(1) << length else {
                    throw JPEGError(.corrupt, at: offset, "Huffman table with more codes of length \(length) than a prefix code allows")
                }
                maxCode[length] = code - 1
                if length <= Self.lookaheadBits {
                    let shift = Self.lookaheadBits - length
                    for k in 0..<n {
                        let c = Int(minCode[length]) + k
                        let entry = UInt16(length << 8) | UInt16(symbols[index + k])
                        for fill in 0..<(1 << shift) { fast[(c << shift) | fill] = entry }
                    }
                }
                index += n
            }
            code <<= 1
        }
        maxCode[17] = Int32.max  // a sentinel: no code is longer than 16 bits
    }
}
