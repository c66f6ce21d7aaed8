import Testing
import TestSupport
@testable import Raster

/// Fills without antialiasing (docs/RENDERING.md §11.1.1): hand-computed cases, and random
/// polygons against a second computation of the centre rule by the sign of a cross product.
@Suite struct AliasedRasterizerTests {
    static func polygon(_ points: [FixedPoint]) -> Path {
        var path = Path()
        path.move(to: points[0])
        for point in points.dropFirst() { path.line(to: point) }
        path.close()
        return path
    }

    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        polygon([FixedPoint(x0, y0), FixedPoint(x1, y0), FixedPoint(x1, y1), FixedPoint(x0, y1)])
    }

    static func painted(_ mask: CoverageMask) -> [[Int]] {
        (0..<mask.height).map { y in (0..<mask.width).map { x in mask.alpha[y * mask.width + x] == 255 ? 1 : 0 } }
    }

    @Test func centresOnTheLeftAndTopEdgesAreInside() {
        // x from 2.5 to 7.5: centres 2.5 … 6.5 inside, 7.5 (the right edge) outside; the same in y.
        let mask = AliasedRasterizer.mask(Self.rect(2.5, 1.5, 7.5, 3.5), rule: .nonZero, width: 9, height: 5)
        #expect(
            Self.painted(mask) == [
                [0, 0, 0, 0, 0, 0, 0, 0, 0],
                [0, 0, 1, 1, 1, 1, 1, 0, 0],
                [0, 0, 1, 1, 1, 1, 1, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0, 0, 0, 0]
            ])
        // A whole-pixel rectangle paints exactly its pixels; a sliver between centres paints none.
        let whole = AliasedRasterizer.mask(Self.rect(1, 1, 3, 2), rule: .nonZero, width: 4, height: 3)
        #expect(whole.alpha == [0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0])
        let sliver = AliasedRasterizer.mask(Self.rect(0.6, 0, 1.4, 3), rule: .nonZero, width: 3, height: 3)
        #expect(sliver.alpha.allSatisfy { $0 == 0 })
    }

    @Test func randomPolygonsFollowTheCentreRule() {
        var random = SeededGenerator(seed: 0x41_6C_69_61)
        var compared = 0
        for _ in 0..<300 {
            let (width, height) = (Int.random(in: 1...24, using: &random), Int.random(in: 1...24, using: &random))
            // Vertices in 24.8 units, some beyond the grid; every eighth on a pixel centre.
            let points = (0..<Int.random(in: 3...9, using: &random)).map { _ in
                Bool.random(using: &random) && Int.random(in: 0..<4, using: &random) == 0
                    ? FixedPoint(
                        x: Int.random(in: -2...(width + 2), using: &random) * 256 + 128,
                        y: Int.random(in: -2...(height + 2), using: &random) * 256 + 128)
                    : FixedPoint(
                        x: Int.random(in: -512...((width + 2) * 256), using: &random),
                        y: Int.random(in: -512...((height + 2) * 256), using: &random))
            }
            for rule in FillRule.allCases {
                let mask = AliasedRasterizer.mask(Self.polygon(points), rule: rule, width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        // The centre (x + ½, y + ½) in 24.8; each edge whose half-open y range holds it
                        // and which lies at or left of it adds its winding.
                        let (px, py) = (Int64(x * 256 + 128), Int64(y * 256 + 128))
                        var winding = 0
                        for (k, a) in points.enumerated() {
                            let b = points[(k + 1) % points.count]
                            let (top, bottom, w) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                            guard a.y != b.y, Int64(top.y) <= py, py < Int64(bottom.y) else { continue }
                            let cross =
                                Int64(bottom.x - top.x) * (py - Int64(top.y)) - Int64(bottom.y - top.y)
                                * (px - Int64(top.x))
                            if cross <= 0 { winding += w }
                        }
                        let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                        #expect(mask.alpha[y * width + x] == (inside ? 255 : 0), "\(points) \(rule) (\(x), \(y))")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 50_000)
    }
}
