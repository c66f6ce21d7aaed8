// Estimated bit costs of literals and matches, used by the parser to refuse short matches that
// would cost more than the literals they replace (noisy, photo-like data, where a 3-to-5-byte
// match often does). The estimates are the code lengths of the previous block's Huffman codes;
// the first block takes its literal costs from a Huffman code over a histogram of the first
// 64 KiB of input and its match costs from the fixed code. All costs are whole bits, so the
// decisions are exact integer comparisons.

/// Per-symbol cost estimates in bits.
struct SymbolCosts {
    /// Cost of each literal byte.
    var literal = [UInt8](repeating: 8, count: 256)
    /// Cost of each match length 0…258 (length symbol plus extra bits).
    var length = [UInt8](repeating: 0, count: 259)
    /// Cost of each distance slot (code plus extra bits).
    var distanceSlot = [UInt8](repeating: 0, count: 30)
    private let slots = DeflateSlots.shared

    /// Costs for the first block of `input`.
    init(sampling input: UnsafePointer<UInt8>, count: Int) {
        var histogram = [UInt32](repeating: 0, count: 256)
        for i in 0..<min(count, 1 << 16) { histogram[Int(input[i])] += 1 }
        // Every byte may occur: give unseen ones a small count rather than no code at all.
        for i in 0..<256 { histogram[i] = histogram[i] * 4 + 1 }
        let code = HuffmanCode(frequencies: histogram, maxLength: 15)
        for i in 0..<256 { literal[i] = code.lengths[i] }
        setMatchCosts(
            literalLength: DeflateTables.fixedLiteralLengthLengths, distance: [UInt8](repeating: 5, count: 30))
    }

    /// Costs learnt from the codes of the block just written.
    mutating func update(literalLength: [UInt8], distance: [UInt8]) {
        let longest = literalLength.max() ?? 15
        for i in 0..<256 {
            literal[i] = literalLength[i] != 0 ? literalLength[i] : min(longest + 1, 15)
        }
        setMatchCosts(literalLength: literalLength, distance: distance)
    }

    private mutating func setMatchCosts(literalLength: [UInt8], distance: [UInt8]) {
        let longestLength = literalLength[257...].max() ?? 15
        for value in 3...258 {
            let slot = Int(DeflateSlots.shared.lengthSlot[value])
            let codeLength = literalLength[257 + slot] != 0 ? literalLength[257 + slot] : min(longestLength + 1, 15)
            length[value] = codeLength + DeflateTables.lengthExtraBits[slot]
        }
        let longestDistance = distance.max() ?? 15
        for slot in 0..<30 {
            let codeLength = distance[slot] != 0 ? distance[slot] : min(longestDistance + 1, 15)
            distanceSlot[slot] = codeLength + DeflateTables.distanceExtraBits[slot]
        }
    }

    /// True if the match costs less than the literals it covers.
    @inline(__always)
    func matchIsCheaper(at p: UnsafePointer<UInt8>, length: Int, distance: Int) -> Bool {
        let matchCost = Int(self.length[length]) + Int(distanceSlot[slots.distanceSlot(distance)])
        var literalCost = 0
        for i in 0..<length { literalCost += Int(literal[Int(p[i])]) }
        return matchCost < literalCost
    }
}
