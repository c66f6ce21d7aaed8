// Length-limited canonical Huffman codes for the encoder.
//
// 1. Optimal code lengths by the two-queue method over leaves sorted by (frequency, symbol); ties
//    always resolve the same way, so the lengths depend on the frequencies alone.
// 2. Lengths over the limit (15 for literal/length and distance, 7 for the code-length code) are
//    pulled in by zlib's rule on the per-length counts: clamp, then while the Kraft sum exceeds 1,
//    split one leaf from the deepest non-full level below the limit. The counts are then dealt
//    out again with the longest codes to the least frequent symbols.
// 3. Canonical codes (RFC 1951 §3.2.2), stored bit-reversed because DEFLATE sends them MSB first
//    into an LSB-first bit stream.

/// A canonical Huffman code built from symbol frequencies.
struct HuffmanCode {
    /// Code length of each symbol (0: the symbol has no code).
    var lengths: [UInt8]
    /// Code of each symbol, bit-reversed, ready to be written LSB first.
    var codes: [UInt16]

    /// A code with the given lengths (the fixed codes of BTYPE 01).
    init(lengths: [UInt8]) {
        self.lengths = lengths
        codes = HuffmanCode.canonicalCodes(lengths)
    }

    /// Builds a code for `frequencies` with no length above `maxLength`.
    ///
    /// A lone used symbol gets a 1-bit code and a second 1-bit code is given to another symbol, so
    /// the code is complete (every decoder accepts it, not only zlib).
    init(frequencies: [UInt32], maxLength: Int) {
        let count = frequencies.count
        lengths = [UInt8](repeating: 0, count: count)
        var leaves: [(frequency: UInt32, symbol: Int)] = []
        leaves.reserveCapacity(count)
        for symbol in 0..<count where frequencies[symbol] > 0 {
            leaves.append((frequencies[symbol], symbol))
        }
        switch leaves.count {
        case 0:
            break
        case 1:
            lengths[leaves[0].symbol] = 1
            lengths[leaves[0].symbol == 0 ? 1 : 0] = 1
        default:
            leaves.sort { $0.frequency != $1.frequency ? $0.frequency < $1.frequency : $0.symbol < $1.symbol }
            var perLength = HuffmanCode.optimalLengthCounts(leaves.map(\.frequency))
            HuffmanCode.limit(&perLength, to: maxLength)
            // Deal the lengths out: least frequent symbols first, longest codes first.
            var next = 0
            for length in stride(from: maxLength, through: 1, by: -1) {
                for _ in 0..<perLength[length] {
                    lengths[leaves[next].symbol] = UInt8(length)
                    next += 1
                }
            }
        }
        codes = HuffmanCode.canonicalCodes(lengths)
    }

    /// Canonical codes for `lengths`, bit-reversed.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt16] {
        var lengthCount = [Int](repeating: 0, count: 16)
        for length in lengths { lengthCount[Int(length)] += 1 }
        lengthCount[0] = 0
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + lengthCount[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for symbol in 0..<lengths.count {
            let length = Int(lengths[symbol])
            if length == 0 { continue }
            codes[symbol] = UInt16(reverseBits(nextCode[length], length))
            nextCode[length] += 1
        }
        return codes
    }

    /// Number of codes of each length (index = length) of an optimal code for frequencies sorted
    /// in ascending order.
    private static func optimalLengthCounts(_ frequencies: [UInt32]) -> [Int] {
        let n = frequencies.count
        // Nodes 0..<n are leaves; n..<2n-1 are internal nodes in creation order (ascending weight).
        var weight = [UInt64](repeating: 0, count: 2 * n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        for i in 0..<n { weight[i] = UInt64(frequencies[i]) }
        var leaf = 0
        var node = n
        var created = n
        func takeSmallest() -> Int {
            // Prefer a leaf on ties: keeps trees shallow and the choice deterministic.
            if leaf < n && (node >= created || weight[leaf] <= weight[node]) {
                leaf += 1
                return leaf - 1
            }
            node += 1
            return node - 1
        }
        while created < 2 * n - 1 {
            let a = takeSmallest()
            let b = takeSmallest()
            weight[created] = weight[a] + weight[b]
            parent[a] = created
            parent[b] = created
            created += 1
        }
        // Depths: the root (last node) has depth 0; parents are created after their children.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        var counts = [Int](repeating: 0, count: max(n, 16) + 1)
        for i in stride(from: 2 * n - 3, through: 0, by: -1) {
            depth[i] = depth[parent[i]] + 1
        }
        for i in 0..<n { counts[depth[i]] += 1 }
        return counts
    }

    /// Rewrites per-length counts so that no code is longer than `maxLength` and the code stays
    /// complete.
    private static func limit(_ counts: inout [Int], to maxLength: Int) {
        if counts.count < 16 { counts += [Int](repeating: 0, count: 16 - counts.count) }
        for length in (maxLength + 1)..<counts.count {
            counts[maxLength] += counts[length]
            counts[length] = 0
        }
        // Kraft sum in units of 2^-maxLength; each step below lowers it by exactly one unit:
        // a leaf at depth d becomes two leaves at depth d + 1 (no change) and one leaf leaves
        // the limit level.
        var kraft = 0
        for length in 1...maxLength { kraft += counts[length] << (maxLength - length) }
        while kraft > 1 << maxLength {
            var length = maxLength - 1
            while counts[length] == 0 { length -= 1 }
            counts[length] -= 1
            counts[length + 1] += 2
            counts[maxLength] -= 1
            kraft -= 1
        }
    }
}
