import Foundation
import Testing
@testable import Raster

/// Display P3 pixels converted to sRGB (docs/RENDERING.md §Display P3): the integer rule against a
/// second, independent computation in binary64 with Foundation's `pow`, and the rule's exact
/// guarantees (greys and white unchanged, alpha kept, the gamut clipped).
@Suite struct DisplayP3Tests {
    /// The conversion in floating point: decode, matrix, clamp, encode, round to nearest.
    static func reference(_ rgb: (Int, Int, Int)) -> [Int] {
        func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }
        let l = [rgb.0, rgb.1, rgb.2].map { decode(Double($0) / 255) }
        return DisplayP3.matrix.map { row in
            let linear = min(max(row[0] * l[0] + row[1] * l[1] + row[2] * l[2], 0), 1)
            return Int((encode(linear) * 255).rounded())
        }
    }

    static func convert(_ pixels: [UInt8]) -> [UInt8] {
        var copy = pixels
        DisplayP3.convertToSRGB(straightRGBA: &copy)
        return copy
    }

    @Test func greysWhiteAndAlphaAreUnchanged() {
        // Each matrix row sums to exactly 2¹⁶, and D[v] lies between T[v] and T[v + 1].
        for v in 0...255 {
            let grey = UInt8(v), alpha = UInt8(255 - v)
            #expect(Self.convert([grey, grey, grey, alpha]) == [grey, grey, grey, alpha], "grey \(v)")
        }
    }

    @Test func agreesWithAFloatingPointComputation() {
        // Every pixel of a seeded sample, and every primary and secondary ramp: never more than one
        // code from the floating-point result, and equal to it almost always.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 56)
        }
        var triples: [(Int, Int, Int)] = (0..<20000).map { _ in (next(), next(), next()) }
        for v in 0...255 { triples += [(v, 0, 0), (0, v, 0), (0, 0, v), (v, v, 0), (0, v, v), (v, 0, v)] }
        var equal = 0, worst = 0
        for triple in triples {
            let ours = Self.convert([UInt8(triple.0), UInt8(triple.1), UInt8(triple.2), 255]).prefix(3).map(Int.init)
            let theirs = Self.reference(triple)
            let difference = zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0
            worst = max(worst, difference)
            if difference == 0 { equal += 1 }
        }
        #expect(worst <= 1)
        #expect(Double(equal) / Double(triples.count) > 0.99, "\(equal) of \(triples.count) equal")
    }

    @Test func pinnedValues() {
        // Computed apart in Python (binary64, the same formulas): P3 (200, 120, 40) is sRGB 212.98,
        // 115.00, −(clipped) → (213, 115, 0); (40, 160, 200) → (−, 162.83, 204.37) → (0, 163, 204).
        #expect(Self.convert([200, 120, 40, 128]) == [213, 115, 0, 128])
        #expect(Self.convert([40, 160, 200, 255]) == [0, 163, 204, 255])
        // The primaries: each clips to the sRGB primary.
        #expect(Self.convert([255, 0, 0, 255]) == [255, 0, 0, 255])
        #expect(Self.convert([0, 255, 0, 255]) == [0, 255, 0, 255])
        #expect(Self.convert([0, 0, 255, 255]) == [0, 0, 255, 255])
    }

    @Test func theTablesFollowTheirFormulas() {
        let tables = DisplayP3.Tables.shared
        #expect(tables.decode[0] == 0 && tables.decode[255] == 65536)
        #expect(tables.matrix.allSatisfy { $0.0 + $0.1 + $0.2 == 65536 })
        // docs/RENDERING.md §9 gives M; e.g. round(−0.2249401763 · 2¹⁶) = −14742, so M[0][0] = 2¹⁶ + 14742.
        #expect(
            tables.matrix[0] == (80278, -14742, 0) && tables.matrix[1] == (-2756, 68292, 0)
                && tables.matrix[2] == (-1287, -5153, 71976))
        #expect(tables.encode[0] == 0 && tables.encode[65536] == 255)
        // The encode table is the count of thresholds reached: monotone, every code present.
        #expect(zip(tables.encode, tables.encode.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(tables.encode).count == 256)
    }
}
