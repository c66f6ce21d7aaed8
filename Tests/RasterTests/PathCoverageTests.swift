import Foundation
import Testing
import TestSupport
@testable import Raster

/// The path rasterizer (docs/RENDERING.md §Paths): hand-computed cases here; every case of an
/// independent exact-rational model (Tools/fixtures/generate_coverage_fixtures.py) in
/// `theModelAgrees`.
@Suite struct PathCoverageTests {
    static func p(_ x: Double, _ y: Double) -> FixedPoint { FixedPoint(x, y) }

    static func polygon(_ points: [(Double, Double)]) -> Path {
        var path = Path()
        path.move(to: p(points[0].0, points[0].1))
        for point in points.dropFirst() { path.line(to: p(point.0, point.1)) }
        path.close()
        return path
    }

    @Test func wholeAndHalfPixels() {
        // A 2 × 1 rectangle from (1, 1), and one from x = 0.5 to 1.5.
        let whole = CoverageRasterizer.mask(
            Self.polygon([(1, 1), (3, 1), (3, 2), (1, 2)]), rule: .nonZero, width: 4, height: 3)
        #expect(whole.alpha == [0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0])
        let half = CoverageRasterizer.mask(
            Self.polygon([(0.5, 0), (1.5, 0), (1.5, 1), (0.5, 1)]), rule: .nonZero, width: 3, height: 1)
        #expect(half.alpha == [128, 128, 0])  // ⌊0.5 · 255 + ½⌋
        // Either orientation fills the same.
        let reversed = CoverageRasterizer.mask(
            Self.polygon([(1, 1), (1, 2), (3, 2), (3, 1)]), rule: .nonZero, width: 4, height: 3)
        #expect(reversed == whole)
    }

    @Test func aTriangleCoversHalfItsSquare() {
        let mask = CoverageRasterizer.mask(Self.polygon([(0, 0), (1, 0), (0, 1)]), rule: .nonZero, width: 1, height: 1)
        #expect(mask.alpha == [128])
    }

    @Test func windingTwiceIsFullForNonZeroAndEmptyForEvenOdd() {
        var path = Self.polygon([(0, 0), (2, 0), (2, 2), (0, 2)])
        path.elements += Self.polygon([(0, 0), (2, 0), (2, 2), (0, 2)]).elements
        #expect(CoverageRasterizer.mask(path, rule: .nonZero, width: 2, height: 2).alpha == [255, 255, 255, 255])
        #expect(CoverageRasterizer.mask(path, rule: .evenOdd, width: 2, height: 2).alpha == [0, 0, 0, 0])
        // Opposite contours cancel under both rules.
        var hole = Self.polygon([(0, 0), (2, 0), (2, 2), (0, 2)])
        hole.elements += Self.polygon([(0, 0), (0, 2), (2, 2), (2, 0)]).elements
        #expect(CoverageRasterizer.mask(hole, rule: .nonZero, width: 2, height: 2).alpha == [0, 0, 0, 0])
    }

    @Test func whatLiesOutsideTheGridStillCounts() {
        // A rectangle from x = −5 to 1.25: the grid's first pixel full, the second a quarter.
        let mask = CoverageRasterizer.mask(
            Self.polygon([(-5, -3), (1.25, -3), (1.25, 1), (-5, 1)]), rule: .nonZero, width: 3, height: 1)
        #expect(mask.alpha == [255, 64, 0])
    }

    @Test func curvesAreFlattenedWithinTheTolerance() {
        // A circle of radius 8 from four cubics (the usual 0.5523 handle): its area within 1 %.
        let k = 0.5522847498 * 8, c = 10.0
        var path = Path()
        path.move(to: Self.p(c + 8, c))
        path.cubic(to: Self.p(c, c + 8), control1: Self.p(c + 8, c + k), control2: Self.p(c + k, c + 8))
        path.cubic(to: Self.p(c - 8, c), control1: Self.p(c - k, c + 8), control2: Self.p(c - 8, c + k))
        path.cubic(to: Self.p(c, c - 8), control1: Self.p(c - 8, c - k), control2: Self.p(c - k, c - 8))
        path.cubic(to: Self.p(c + 8, c), control1: Self.p(c + k, c - 8), control2: Self.p(c + 8, c - k))
        path.close()
        let mask = CoverageRasterizer.mask(path, rule: .nonZero, width: 20, height: 20)
        let area = Double(mask.alpha.reduce(0) { $0 + Int($1) }) / 255
        #expect(abs(area - Double.pi * 64) < Double.pi * 64 * 0.01)
        // Symmetric: the mask mirrored left to right is itself.
        for y in 0..<20 {
            for x in 0..<20 { #expect(abs(Int(mask.alpha[y * 20 + x]) - Int(mask.alpha[y * 20 + 19 - x])) <= 1) }
        }
    }

    @Test func flatteningIsBoundedAndExact() {
        // A nearly straight curve is one piece; a huge one at most 1,024.
        #expect(Flattening.cubic(Self.p(0, 0), Self.p(1, 0), Self.p(2, 0), Self.p(3, 0)).count == 1)
        #expect(
            Flattening.cubic(Self.p(0, 0), Self.p(60_000, 60_000), Self.p(-60_000, 60_000), Self.p(0, 0)).count == 1_024
        )
        // The last point is the end point exactly.
        #expect(Flattening.quad(Self.p(0, 0), Self.p(5.5, 9), Self.p(11, 0)).last == Self.p(11, 0))
    }
}

/// Every case of the independent exact-rational model
/// (Tools/fixtures/generate_coverage_fixtures.py; Fixtures/README.md): the rasterizer's alpha
/// equals the model's for every pixel, but where the model's coverage · 255 lies within 1/64 of a
/// rounding half (the rasterizer rounds edge crossings to 1/65536 pixel), where one step is
/// allowed.
@Suite struct CoverageModelTests {
    struct Case: Decodable {
        var name: String
        var width: Int
        var height: Int
        var rule: String
        var contours: [[[Int]]]
        var alpha: [Int]
        var area: [String]
    }

    struct Document: Decodable { var cases: [Case] }

    static func cases() -> [Case] {
        guard let data = try? Data(contentsOf: Fixture().url("coverage_fixtures.json")),
            let document = try? JSONDecoder().decode(Document.self, from: data)
        else { return [] }
        return document.cases
    }

    /// The exact area "p/q" as a Double (each side parsed as a Double: close enough to find ties).
    static func value(_ fraction: String) -> Double {
        let parts = fraction.split(separator: "/")
        return (Double(parts[0]) ?? .nan) / (Double(parts.count > 1 ? parts[1] : "1") ?? .nan)
    }

    @Test func theModelAgrees() {
        let cases = Self.cases()
        #expect(cases.count >= 150)
        var differing: [String] = [], pixels = 0, nearTies = 0
        for c in cases {
            var path = Path()
            for contour in c.contours where !contour.isEmpty {
                path.move(to: FixedPoint(x: contour[0][0], y: contour[0][1]))
                for point in contour.dropFirst() { path.line(to: FixedPoint(x: point[0], y: point[1])) }
                path.close()
            }
            let rule: FillRule = c.rule == "evenodd" ? .evenOdd : .nonZero
            let mask = CoverageRasterizer.mask(path, rule: rule, width: c.width, height: c.height)
            for i in 0..<(c.width * c.height) {
                pixels += 1
                let ours = Int(mask.alpha[i]), model = c.alpha[i]
                guard ours != model else { continue }
                // Within one step only next to a rounding half of the exact coverage.
                var a = abs(Self.value(c.area[i]))
                if rule == .nonZero {
                    a = min(a, 1)
                } else {
                    a = a.truncatingRemainder(dividingBy: 2); if a > 1 { a = 2 - a }
                }
                let distance = abs(a * 255 - (a * 255).rounded(.down) - 0.5)
                if abs(ours - model) == 1 && distance < 1.0 / 64 {
                    nearTies += 1
                } else {
                    differing.append(
                        "\(c.name) pixel (\(i % c.width), \(i / c.width)): ours \(ours), model \(model), A = \(c.area[i])"
                    )
                }
            }
        }
        print(
            "CoverageModelTests: \(cases.count) cases, \(pixels) pixels, \(differing.count) differ, \(nearTies) one step apart at a rounding half"
        )
        #expect(differing.isEmpty, "\(differing.prefix(20).joined(separator: "\n"))")
        #expect(pixels > 10_000)
    }
}
