import Testing
import TestSupport
@testable import PNGCodec

/// The vectorised filter costs equal a plain per-byte computation of the heuristic.
@Suite struct ScanlineFilterTests {
    static func referenceCosts(_ raw: [UInt8], _ previous: [UInt8], stride: Int) -> [Int] {
        var sums = [0, 0, 0, 0, 0]
        for i in 0..<raw.count {
            let x = Int(raw[i]), a = i >= stride ? Int(raw[i - stride]) : 0
            let b = Int(previous[i]), c = i >= stride ? Int(previous[i - stride]) : 0
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            let paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            for (type, prediction) in [0, a, b, (a + b) / 2, paeth].enumerated() {
                let v = Int(Int8(truncatingIfNeeded: x - prediction))
                sums[type] += abs(v)
            }
        }
        return sums
    }

    @Test func vectorCostsEqualTheReference() {
        var random = SeededGenerator(seed: 0xF117)
        for count in [1, 3, 15, 16, 17, 31, 64, 100, 4680, 9000] {
            for stride in [1, 2, 3, 4, 6, 8] where stride <= max(count, 1) {
                let raw = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                let smooth = (0..<count).map { UInt8(truncatingIfNeeded: $0 / 3) }
                let previous = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                for row in [raw, smooth] {
                    let costs = row.withUnsafeBufferPointer { r in
                        previous.withUnsafeBufferPointer { p in
                            ScanlineFilter.filterCosts(
                                r.baseAddress!, previous: p.baseAddress!, count: count, stride: stride)
                        }
                    }
                    #expect(
                        costs == Self.referenceCosts(row, previous, stride: stride), "count \(count) stride \(stride)")
                }
            }
        }
    }
}
