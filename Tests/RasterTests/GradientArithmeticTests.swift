import Testing
@testable import Raster

/// The radial gradient's square root (docs/RENDERING.md §11): the 64-bit path taken when the
/// products fit gives the 128-bit path's floor, checked against it and against the definition
/// (r² ≤ v < (r + 1)²) on edge values and a seeded sweep.
@Suite struct GradientArithmeticTests {
    /// The definition, in 128 bits: r² ≤ v and (r + 1)² > v.
    static func isFloorSquareRoot(_ root: UInt64, of value: UInt64) -> Bool {
        let square = root.multipliedFullWidth(by: root)
        let next = (root + 1).multipliedFullWidth(by: root + 1)
        let notAbove = square.high == 0 && square.low <= value
        let above = next.high > 0 || next.low > value
        return notAbove && above
    }

    @Test func floorSquareRootOnEdges() {
        var values: [UInt64] = [0, 1, 2, 3, 4, 8, 9, 10, UInt64(Int64.max), UInt64.max, UInt64.max - 1]
        for k: UInt64 in [2, 3, 1_000, 65_535, 65_536, 3_037_000_499, 3_037_000_500, 4_294_967_295] {
            let square = k.multipliedReportingOverflow(by: k)
            guard !square.overflow else { continue }
            values += [square.partialValue - 1, square.partialValue, square.partialValue + 1]
        }
        for shift in 0..<64 { values += [1 << UInt64(shift), (1 << UInt64(shift)) - 1] }
        for value in values {
            let root = WideArithmetic.floorSquareRoot(value)
            #expect(Self.isFloorSquareRoot(root, of: value), "\(value): \(root)")
        }
    }

    @Test func bothPathsAgree() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64(bitPattern: state)
        }
        var checked = 0
        for i in 0..<200_000 {
            // Magnitudes from a few units to 2^40, so that both the 64-bit path and its overflow
            // into 128 bits are taken.
            let bits = Int64(2 + i % 39)
            let (p, r, s) = (next() % (1 << bits), next() % (1 << bits), next() % (1 << bits))
            let fast = WideArithmetic.squareRootOfDifference(p, p, r, s)
            let wide = WideArithmetic.wideSquareRootOfDifference(p, p, r, s)
            #expect(fast == wide, "\(p)² − \(r)·\(s): \(String(describing: fast)), \(String(describing: wide))")
            if fast != wide { break }
            checked += 1
        }
        #expect(checked == 200_000)
    }
}
