// A canonical prefix code of VP8L (RFC 9649 §6.2.1): the number of codes of each length and the
// symbols in code order, decoded as DEFLATE's codes are (the first bit read is the most significant
// bit of the code) — through a 256-entry table for codes of up to 8 bits, one bit at a time past
// them. A code of one symbol takes no bits. A code whose lengths do not fill the code space
// exactly is refused, as libwebp refuses it.

struct VP8LPrefixCode {
    /// counts[n]: codes of length n (1…15).
    private var counts = [UInt16](repeating: 0, count: 16)
    private var symbols: [UInt16] = []
    /// The symbol of a code of one symbol (read with no bits), else -1.
    private var single = -1
    /// By the next 8 bits as read: symbol << 4 | code length, for codes of 1 to 8 bits; 0 where
    /// the code is longer.
    private var table: [UInt16] = []

    /// Symbols and table entries this code keeps (what it costs in memory).
    var size: Int { max(1, symbols.count + table.count) }

    /// Builds the code from a length for each symbol; nil when the lengths make no valid code.
    init?(lengths: [UInt8]) {
        var used = 0
        for length in lengths where length > 0 {
            counts[Int(length)] += 1
            used += 1
        }
        guard used > 0 else { return nil }
        if used == 1 {
            single = lengths.firstIndex { $0 > 0 } ?? 0
            return
        }
        // The code space must be filled exactly (Kraft's sum 1).
        var left = 1
        for length in 1...15 {
            left = left * 2 - Int(counts[length])
            guard left >= 0 else { return nil }
        }
        guard left == 0 else { return nil }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + Int(counts[length]) }
        symbols = [UInt16](repeating: 0, count: used)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            symbols[offsets[Int(length)]] = UInt16(symbol)
            offsets[Int(length)] += 1
        }
        // The table: each code of up to 8 bits, its bits reversed (the first bit read is the
        // lowest of the 8 peeked), at every index that starts with it.
        table = [UInt16](repeating: 0, count: 256)
        var code = 0, index = 0
        for length in 1...8 {
            for _ in 0..<Int(counts[length]) {
                var reversed = 0
                for b in 0..<length where code >> b & 1 == 1 { reversed |= 1 << (length - 1 - b) }
                var fill = reversed
                while fill < 256 {
                    table[fill] = symbols[index] << 4 | UInt16(length)
                    fill += 1 << length
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    /// The next symbol.
    func read(_ reader: inout VP8LBitReader) -> Int {
        if single >= 0 { return single }
        let entry = table[reader.peek(8)]
        if entry != 0 {
            reader.skip(Int(entry & 15))
            return Int(entry >> 4)
        }
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= reader.bit()
            let count = Int(counts[length])
            if code - first < count { return Int(symbols[index + code - first]) }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return 0  // unreachable for a complete code
    }
}
