// Where to end a DEFLATE block: when the recent mix of symbols differs from the block's so far,
// a new block with its own Huffman codes pays for its header. (The idea is libdeflate's block
// split statistics.)
//
// Every symbol is put in one of ten classes: literals by bits 6-7 and 0 of the byte (a cheap proxy
// for which literals dominate) and matches by short (< 9) or long. Every 512 symbols the new
// class histogram is compared with the block's: if the L1 distance between the two
// distributions exceeds a threshold that falls as the block grows, the block ends.

/// Decides block boundaries from symbol statistics.
struct BlockSplitter {
    static let classCount = 10
    static let observationsPerCheck = 512

    private let blockCounts = UnsafeMutablePointer<UInt32>.allocate(capacity: classCount)
    private let newCounts = UnsafeMutablePointer<UInt32>.allocate(capacity: classCount)
    private var blockTotal = 0
    private var newTotal = 0

    init() {
        reset()
    }

    func deallocate() {
        blockCounts.deallocate()
        newCounts.deallocate()
    }

    mutating func reset() {
        for i in 0..<BlockSplitter.classCount {
            blockCounts[i] = 0
            newCounts[i] = 0
        }
        blockTotal = 0
        newTotal = 0
    }

    @inline(__always)
    mutating func observeLiteral(_ byte: UInt8) {
        newCounts[Int((byte >> 5) & 0x6 | (byte & 1))] &+= 1
        newTotal &+= 1
    }

    @inline(__always)
    mutating func observeMatch(length: Int) {
        newCounts[length >= 9 ? 9 : 8] &+= 1
        newTotal &+= 1
    }

    /// True when enough new symbols have been seen for a decision.
    @inline(__always)
    var isReadyToCheck: Bool { newTotal >= BlockSplitter.observationsPerCheck }

    /// Compares the new symbols with the block's; merges them in and returns false if the block
    /// should go on, returns true if it should end here.
    mutating func shouldEndBlock(length: Int) -> Bool {
        if blockTotal > 0 {
            // Σ |new_i / newTotal − block_i / blockTotal|, scaled by newTotal · blockTotal.
            var delta = 0
            for i in 0..<BlockSplitter.classCount {
                delta += abs(Int(newCounts[i]) * blockTotal - Int(blockCounts[i]) * newTotal)
            }
            // Threshold 300/512 of the scale, lowered as the block grows past ~4 KB steps.
            // Measured on the anchors' filtered scanlines at level 6 (bytes of 'ui'):
            // 120: 1,058,078; 200: 1,046,951; 300: 1,040,782; 400: 1,010,629; 450: 1,040,531;
            // 600: 1,073,726. 400 is a lucky split on one image; 300 is the stable choice.
            // 'photo', 'icon' and 'noise' change by less than 0.3% over the range.
            let scale = newTotal * blockTotal
            if delta * 512 + (length / 4096) * scale >= 300 * scale {
                return true
            }
        }
        for i in 0..<BlockSplitter.classCount {
            blockCounts[i] &+= newCounts[i]
            newCounts[i] = 0
        }
        blockTotal += newTotal
        newTotal = 0
        return false
    }
}
