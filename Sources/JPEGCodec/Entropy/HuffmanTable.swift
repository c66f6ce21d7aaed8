// A Huffman table of a DHT segment (ITU-T T.81 §B.2.4.2, Annex C), ready for decoding: a 9-bit
// lookahead table for short codes, the canonical code ranges for the rest (T.81 §F.2.2.3), and for
// AC tables a second 9-bit table that also holds the coefficient when its code and its extra bits
// fit in those 9 bits (the result is the same as decoding them one after the other).

final class HuffmanTable {
    /// Bits looked up at once.
    static let lookaheadBits = 9

    /// The table as plain pointers, for the decoding loops.
    struct Lookup {
        /// By the next 9 bits: (code length << 8) | symbol, or 0 for a longer code.
        let fast: UnsafePointer<UInt16>
        /// By the next 9 bits, for AC tables: (coefficient << 16) | (run << 8) | bits used, when the
        /// code's size is not 0 and code and value fit in 9 bits; else 0.
        let acFast: UnsafePointer<Int32>
        /// Per code length 1...16: the largest code (−1 when none); index 17 is a sentinel.
        let maxCode: UnsafePointer<Int32>
        /// Per code length: the symbol index minus the first code of that length.
        let offset: UnsafePointer<Int32>
        let symbols: UnsafePointer<UInt8>
    }

    private let fast = Storage<UInt16>(repeating: 0, count: 1 << lookaheadBits)
    private let acFast = Storage<Int32>(repeating: 0, count: 1 << lookaheadBits)
    private let maxCode = Storage<Int32>(repeating: -1, count: 18)
    private let offset = Storage<Int32>(repeating: 0, count: 17)
    private let symbols = Storage<UInt8>(repeating: 0, count: 256)

    var lookup: Lookup {
        Lookup(fast: fast.base, acFast: acFast.base, maxCode: maxCode.base, offset: offset.base, symbols: symbols.base)
    }

    /// Builds the table from the 16 code-length counts and the symbols, refusing a set of counts
    /// that cannot be a prefix code without an all-ones code (libjpeg's "Bogus Huffman table
    /// definition") and, for DC tables, symbols above 15.
    init(counts: [Int], symbols list: [UInt8], isDC: Bool, at position: Int) throws(JPEGError) {
        precondition(counts.count == 16)
        let total = counts.reduce(0, +)
        guard total <= 256, total == list.count else {
            throw JPEGError(
                .corrupt, at: position, "Huffman table with \(total) codes (at most 256, and as many symbols as codes)")
        }
        if isDC, let bad = list.first(where: { $0 > 15 }) {
            throw JPEGError(
                .corrupt, at: position, "DC Huffman table with symbol \(bad) (a DC difference has at most 15 bits)")
        }
        for (i, s) in list.enumerated() { symbols.base[i] = s }
        let bits = Self.lookaheadBits
        var code: Int32 = 0, index = 0
        for length in 1...16 {
            let n = counts[length - 1]
            if n > 0 {
                offset.base[length] = Int32(index) - code
                let first = code
                code += Int32(n)
                // No code may be all ones (libjpeg's jpeg_make_d_derived_tbl refuses it).
                guard code < Int32(1) << length else {
                    throw JPEGError(
                        .corrupt, at: position,
                        "Huffman table with more codes of length \(length) than a prefix code "
                            + "without an all-ones code allows")
                }
                maxCode.base[length] = code - 1
                if length <= bits {
                    let shift = bits - length
                    for k in 0..<n {
                        let c = Int(first) + k, symbol = list[index + k]
                        let entry = UInt16(length << 8) | UInt16(symbol)
                        for fill in 0..<(1 << shift) {
                            let i = (c << shift) | fill
                            fast.base[i] = entry
                            let run = Int(symbol >> 4), size = Int(symbol & 15)
                            if !isDC && size != 0 && length + size <= bits {
                                let raw = (i >> (bits - length - size)) & ((1 << size) - 1)
                                let value = raw < (1 << (size - 1)) ? raw - (1 << size) + 1 : raw
                                acFast.base[i] = Int32(value) << 16 | Int32(run << 8) | Int32(length + size)
                            }
                        }
                    }
                }
                index += n
            }
            code <<= 1
        }
        maxCode.base[17] = Int32.max
    }
}
