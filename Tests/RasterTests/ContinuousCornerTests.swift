import Testing
@testable import Raster

/// A layer's continuous corners (docs/RENDERING.md §13.1) against a second computation: each
/// pixel's coverage by 16 × 16 samples, a sample inside when it is in the rectangle and, for each
/// rounded corner, not in the corner's tip — the region between the corner and its curve, the
/// curve taken at 4,096 points a cubic from the Bézier formula and interpolated between them. No
/// clipping of polygons, no flattening by Wang's formula, no 24.8 quantisation of the outline.
@Suite struct ContinuousCornerTests {
    /// The corner's curve in radii (u along one edge from the corner, v along the other), from
    /// (E, 0) to (0, E), at 4,096 points a cubic from the Bézier formula: u falls as v rises.
    static let curve: [(u: Double, v: Double)] = {
        let (start, cubics) = ShapePath.continuousCorner
        var points = [(u: start.x, v: start.y)]
        var p0 = start
        for (c1, c2, p3) in cubics {
            for i in 1...4096 {
                let t = Double(i) / 4096, s = 1 - t
                let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                points.append((a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y))
            }
            p0 = p3
        }
        return points.reversed()  // u rising
    }()

    /// Whether (u, v) lies in the corner's tip, between the corner and the curve: v below the
    /// curve's v at u (found by bisection, interpolated between the two points around u).
    static func inTip(_ u: Double, _ v: Double) -> Bool {
        guard u >= 0, v >= 0, u < curve[curve.count - 1].u, v < curve[0].v else { return false }
        var lo = 0, hi = curve.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if curve[mid].u <= u { lo = mid } else { hi = mid }
        }
        let (a, b) = (curve[lo], curve[hi])
        let edge = b.u == a.u ? min(a.v, b.v) : a.v + (b.v - a.v) * (u - a.u) / (b.u - a.u)
        return v < edge
    }

    static func coverage(
        px: Int, py: Int, rect: (x: Double, y: Double, w: Double, h: Double), r: Double, corners: RectCorners
    ) -> Double {
        var inside = 0
        for sy in 0..<16 {
            for sx in 0..<16 {
                let x = Double(px) + (Double(sx) + 0.5) / 16, y = Double(py) + (Double(sy) + 0.5) / 16
                guard x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h else { continue }
                let left = (x - rect.x) / r, right = (rect.x + rect.w - x) / r
                let top = (y - rect.y) / r, bottom = (rect.y + rect.h - y) / r
                let cut =
                    (corners.contains(.topLeft) && inTip(left, top))
                    || (corners.contains(.topRight) && inTip(right, top))
                    || (corners.contains(.bottomLeft) && inTip(left, bottom))
                    || (corners.contains(.bottomRight) && inTip(right, bottom))
                if !cut { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        let x: Double, y: Double, w: Double, h: Double, r: Double
        var corners = RectCorners.all
        var testDescription: String { "\(w) × \(h) r \(r)" }
    }

    /// Corners apart, a corner past a third of the height (where UIBezierPath turns circular),
    /// a capsule whose corners meet along its ends, a circle, fractional edges and two corners.
    static let shapes = [
        Shape(x: 2, y: 2, w: 40, h: 24, r: 6), Shape(x: 1.5, y: 3.25, w: 44, h: 20, r: 8),
        Shape(x: 2, y: 2, w: 44, h: 20, r: 10), Shape(x: 3, y: 1, w: 24, h: 24, r: 12),
        Shape(x: 1.3, y: 2.7, w: 30.6, h: 22.1, r: 9.4, corners: [.topLeft, .bottomRight])
    ]

    @Test(arguments: shapes)
    func coverageIsTheContinuousShapes(_ shape: Shape) {
        let (x, y, w, h, r, corners) = (shape.x, shape.y, shape.w, shape.h, shape.r, shape.corners)
        let rect = DeviceRect(x: x, y: y, width: w, height: h)
        let list = DisplayList(commands: [
            .pushRoundedClip(RoundedRect(rect: rect, radius: quantize(r), corners: corners, curve: .continuous)),
            .fill(DeviceRect(x0: 0, y0: 0, x1: 64 * 256, y1: 64 * 256), PremultipliedColor(r: 0, g: 0, b: 0, a: 255)),
            .popClip
        ])
        let bitmap = Renderer.render(list, width: 52, height: 30)
        var worst = 0.0, total = 0.0
        for py in 0..<30 {
            for px in 0..<52 {
                let expected = 255 * Self.coverage(px: px, py: py, rect: (x, y, w, h), r: r, corners: corners)
                let difference = abs(Double(bitmap[px, py].a) - expected)
                worst = max(worst, difference)
                total += difference
            }
        }
        // Sampling 16 × 16 is good to about 1/32 of a pixel along an edge.
        #expect(worst <= 8 && total / (52 * 30) < 0.2, "\(w) × \(h) r \(r): worst \(worst), mean \(total / (52 * 30))")
    }

    /// A radius of one 24.8 unit on a side of 60,000 pixels: the corners' far points lie past
    /// the rectangle however small the radius (10^6 radii would fall inside it), so the whole
    /// rectangle is covered but for the corners' fraction of a pixel.
    @Test func aTinyRadiusOnALongSideKeepsTheWholeRectangle() {
        let rect = DeviceRect(x0: 0, y0: 0, x1: 60_000 * 256, y1: 4 * 256)
        var right = 0, bottom = 0
        for element in RoundedRect(rect: rect, radius: 1, curve: .continuous).path.elements {
            if case let .line(p) = element {
                right = max(right, p.x)
                bottom = max(bottom, p.y)
            }
        }
        #expect(right == 60_000 * 256 && bottom == 4 * 256)
    }

    /// Continuous corners reach 1.53 radii along each side; their boxes, and so the clip's work,
    /// are that wide.
    @Test func theCornerReachesItsExtent() {
        let rect = DeviceRect(x: 0, y: 0, width: 40, height: 20)
        #expect(RoundedRect(rect: rect, radius: quantize(6)).cornerExtent == quantize(6))
        #expect(
            RoundedRect(rect: rect, radius: quantize(6), curve: .continuous).cornerExtent
                == Int((ShapePath.continuousCornerExtent * Double(quantize(6))).rounded(.up)))
        // A capsule's corners reach past half the side: their boxes overlap (each pixel mixed once).
        #expect(RoundedRect(rect: rect, radius: quantize(10), curve: .continuous).cornerExtent == 3914)
    }
}
