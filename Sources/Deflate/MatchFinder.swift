// LZ77 match finding with hash chains over the 32 KiB DEFLATE window.
//
// Two indexes over the positions inserted so far:
// - `hash3`: the most recent position whose next 3 bytes hash to a bucket (one per bucket), which
//   is all a length-3 match is worth;
// - `hash4` + `chain`: the most recent position per 4-byte hash, and for every position in the
//   window the previous position with the same hash (a linked list through `chain`, indexed by
//   position mod 32 KiB).
// Positions are Int32 offsets from `origin`; a position whose distance from the current one is
// 32 KiB or more is out of the window, which also ends every chain (an older link in the same
// `chain` slot belongs to a position more than a window back). Empty buckets hold a position far
// in the past so that no special case is needed.

/// Hash-chain match finder used by the greedy and lazy parsers.
struct MatchFinder {
    static let windowSize = 32768
    static let hash3Bits = 15
    static let hash4Bits = 16
    /// The value of an empty bucket: always more than a window before any position.
    static let empty = Int32.min / 2

    private let hash3: UnsafeMutablePointer<Int32>
    private let hash4: UnsafeMutablePointer<Int32>
    private let chain: UnsafeMutablePointer<Int32>
    /// Byte 0 of the positions stored in the tables.
    private(set) var origin: UnsafePointer<UInt8>

    init(origin: UnsafePointer<UInt8>) {
        self.origin = origin
        hash3 = .allocate(capacity: 1 << MatchFinder.hash3Bits)
        hash3.initialize(repeating: MatchFinder.empty, count: 1 << MatchFinder.hash3Bits)
        hash4 = .allocate(capacity: 1 << MatchFinder.hash4Bits)
        hash4.initialize(repeating: MatchFinder.empty, count: 1 << MatchFinder.hash4Bits)
        chain = .allocate(capacity: MatchFinder.windowSize)
        chain.initialize(repeating: MatchFinder.empty, count: MatchFinder.windowSize)
    }

    func deallocate() {
        hash3.deallocate()
        hash4.deallocate()
        chain.deallocate()
    }

    @inline(__always)
    private static func hash3(_ bytes: UInt32) -> Int {
        Int(((bytes & 0xFF_FFFF) &* 0x1E35_A7BD) >> (32 - UInt32(hash3Bits)))
    }

    @inline(__always)
    private static func hash4(_ bytes: UInt32) -> Int {
        Int((bytes &* 0x1E35_A7BD) >> (32 - UInt32(hash4Bits)))
    }

    /// Hash of the 5 bytes at `p` (the chains' key).
    @inline(__always)
    private static func hash5(_ p: UnsafePointer<UInt8>) -> Int {
        let v = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) << 24
        return Int(truncatingIfNeeded: (v &* 0xCF_1BBC_DCBB) >> (64 - UInt64(hash4Bits)))
    }

    /// Moves `origin` forward when positions approach the Int32 range (inputs beyond 1 GiB).
    @inline(__always)
    mutating func rebaseIfNeeded(at p: UnsafePointer<UInt8>) {
        let offset = p - origin
        if offset < 1 << 30 { return }
        let delta = Int32(offset - 2 * MatchFinder.windowSize)
        for table in [
            (hash3, 1 << MatchFinder.hash3Bits), (hash4, 1 << MatchFinder.hash4Bits),
            (chain, MatchFinder.windowSize)
        ] {
            for i in 0..<table.1 {
                table.0[i] = table.0[i] <= MatchFinder.empty + delta ? MatchFinder.empty : table.0[i] - delta
            }
        }
        origin += Int(delta)
    }

    /// Adds position `p` to the indexes without searching; `p` must have 4 readable bytes.
    @inline(__always)
    mutating func insert(_ p: UnsafePointer<UInt8>) {
        let bytes = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
        let position = Int32(truncatingIfNeeded: p - origin)
        let h4 = MatchFinder.hash5(p)
        hash3[MatchFinder.hash3(bytes)] = position
        chain[Int(position) & (MatchFinder.windowSize - 1)] = hash4[h4]
        hash4[h4] = position
    }

    /// Inserts `p` and returns the longest earlier match longer than `bestLength`, or
    /// `(bestLength, 0)` if there is none.
    ///
    /// - Parameters:
    ///   - maxLength: the longest match allowed (at most 258 and the bytes left; at least 4).
    ///   - niceLength: a match this long ends the search.
    ///   - depth: the most chain links to follow.
    @inline(__always)
    mutating func longestMatch(
        at p: UnsafePointer<UInt8>, bestLength: Int, maxLength: Int, niceLength: Int, depth: Int
    ) -> (length: Int, distance: Int) {
        let bytes = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
        let position = Int32(truncatingIfNeeded: p - origin)
        let cutoff = position &- Int32(MatchFinder.windowSize)
        let h3 = MatchFinder.hash3(bytes)
        let h4 = MatchFinder.hash5(p)
        let candidate3 = hash3[h3]
        var candidate = hash4[h4]
        hash3[h3] = position
        chain[Int(position) & (MatchFinder.windowSize - 1)] = candidate
        hash4[h4] = position

        var best = bestLength
        var bestDistance = 0
        if best < 3 && candidate3 > cutoff {
            let q = UnsafeRawPointer(origin + Int(candidate3))
            if UInt32(littleEndian: q.loadUnaligned(as: UInt32.self)) & 0xFF_FFFF == bytes & 0xFF_FFFF {
                best = 3
                bestDistance = Int(position - candidate3)
            }
        }
        if best >= niceLength { return (best, bestDistance) }
        var remaining = depth
        while candidate > cutoff {
            let q = origin + Int(candidate)
            // The byte that would make the match longer than the best is the most telling; check
            // the 4 bytes ending there, then the first 4.
            if best >= 4 {
                if UnsafeRawPointer(q + best - 3).loadUnaligned(as: UInt32.self)
                    == UnsafeRawPointer(p + best - 3).loadUnaligned(as: UInt32.self),
                    UInt32(littleEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt32.self)) == bytes
                {
                    let length = matchLength(p, q, from: 4, max: maxLength)
                    if length > best {
                        best = length
                        bestDistance = Int(position - candidate)
                        if best >= niceLength { break }
                    }
                }
            } else if UInt32(littleEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt32.self)) == bytes {
                best = matchLength(p, q, from: 4, max: maxLength)
                bestDistance = Int(position - candidate)
                if best >= niceLength { break }
            }
            remaining -= 1
            if remaining == 0 { break }
            candidate = chain[Int(candidate) & (MatchFinder.windowSize - 1)]
        }
        return (best, bestDistance)
    }
}

/// The number of equal bytes at `p` and `q`, at least `start` (known equal) and at most `max`.
@inline(__always)
func matchLength(_ p: UnsafePointer<UInt8>, _ q: UnsafePointer<UInt8>, from start: Int, max: Int) -> Int {
    var length = start
    while length + 8 <= max {
        let difference =
            UnsafeRawPointer(p + length).loadUnaligned(as: UInt64.self)
            ^ UnsafeRawPointer(q + length).loadUnaligned(as: UInt64.self)
        if difference != 0 {
            return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3
        }
        length += 8
    }
    while length < max && p[length] == q[length] {
        length += 1
    }
    return length
}
