import Testing

@testable import Raster

/// UIBezierPath's flatness (docs/RENDERING.md §10.1), checked by a second computation: the
/// halvings made here the way the rule reads — each piece's own control points by de Casteljau's
/// construction, its second differences measured on them — against CurveFlattening's closed form
/// (the second derivative at the piece's ends, in integers), on random curves; and the points of
/// a piece end evaluated as the uniform rule evaluates t = k/2^j.
struct CurveFlatteningTests {
    /// Deterministic pseudo-random numbers (a linear congruential generator).
    struct Numbers {
        var state: UInt64
        mutating func next(_ range: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(range))
        }
    }

    /// The piece ends of the rule, by explicit subdivision in Doubles (exact here: every control
    /// point is an integer over a power of two well within 53 bits).
    static func explicitEnds(_ points: [(Double, Double)], limit: Double) -> [Double] {
        var cubic = points
        if points.count == 3 {  // raised to a cubic
            let (p0, p1, p2) = (points[0], points[1], points[2])
            cubic = [
                p0, (p0.0 + 2 * (p1.0 - p0.0) / 3, p0.1 + 2 * (p1.1 - p0.1) / 3),
                (p2.0 + 2 * (p1.0 - p2.0) / 3, p2.1 + 2 * (p1.1 - p2.1) / 3), p2
            ]
        }
        var ends: [Double] = []
        func visit(_ q: [(Double, Double)], from a: Double, width h: Double, depth: Int) {
            let m = (0..<2).map { i in
                max(abs(q[i].0 - 2 * q[i + 1].0 + q[i + 2].0), abs(q[i].1 - 2 * q[i + 1].1 + q[i + 2].1))
            }.max()!
            if depth >= 10 || m <= limit * (1 + 1e-12) {
                ends.append(a + h)
                return
            }
            func mid(_ u: (Double, Double), _ v: (Double, Double)) -> (Double, Double) {
                ((u.0 + v.0) / 2, (u.1 + v.1) / 2)
            }
            let l1 = mid(q[0], q[1]), m12 = mid(q[1], q[2]), r2 = mid(q[2], q[3])
            let l2 = mid(l1, m12), r1 = mid(m12, r2), c = mid(l2, r1)
            visit([q[0], l1, l2, c], from: a, width: h / 2, depth: depth + 1)
            visit([c, r1, r2, q[3]], from: a + h / 2, width: h / 2, depth: depth + 1)
        }
        visit(cubic, from: 0, width: 1, depth: 0)
        return ends
    }

    @Test func theClosedFormHalvesAsTheControlPointsSay() {
        var numbers = Numbers(state: 7)
        var compared = 0, pieces = 0
        for _ in 0..<2_000 {
            let degree = 2 + numbers.next(2)
            let spread = [256, 4_096, 65_536][numbers.next(3)]
            let points = (0...degree).map { _ in
                FixedPoint(x: numbers.next(spread) - spread / 2, y: numbers.next(spread) - spread / 2)
            }
            let flatness = [0.6, 0.25, 0.05, 2.0][numbers.next(4)]
            let ends =
                degree == 2
                ? Flattening.quadEnds(points[0], points[1], points[2], flatness: flatness)
                : Flattening.cubicEnds(points[0], points[1], points[2], points[3], flatness: flatness)
            let explicit = Self.explicitEnds(points.map { (Double($0.x), Double($0.y)) }, limit: 64 * flatness)
            #expect(ends.map { Double($0.k) / Double(1 << $0.j) } == explicit, "\(points) at \(flatness)")
            // The points at the ends are the uniform rule's at n = 2^j.
            let flattened =
                degree == 2
                ? Flattening.quad(points[0], points[1], points[2], .flatness(flatness))
                : Flattening.cubic(points[0], points[1], points[2], points[3], .flatness(flatness))
            for (point, end) in zip(flattened, ends) {
                let n = 1 << end.j
                let uniform =
                    degree == 2
                    ? Flattening.quadPoint(points[0], points[1], points[2], end.k, n)
                    : Flattening.cubicPoint(points[0], points[1], points[2], points[3], end.k, n)
                #expect(point == uniform)
            }
            #expect(flattened.last == points.last)
            compared += 1
            pieces += ends.count
        }
        #expect(compared == 2_000 && pieces > 10_000)
    }

    /// The heart of Tests/UIKitReferences/swift-snapshot-testing at 1x: UIBezierPath's 0.6 cuts
    /// each quadratic and the ellipse's quarters into 8 and the cubics into 14 uneven pieces (1/16
    /// at the ends, 1/8 in the middle — the chords UIKit's image shows there); Core Graphics' 0.25
    /// cuts every curve into 16.
    @Test func theHeartsCurvesAsUIKitCutsThem() {
        func p(_ x: Double, _ y: Double) -> FixedPoint { FixedPoint(x, y) }
        let quad = (p(0, 60), p(3.75, 86.25), p(30, 90))
        let cubic = (p(90, 30), p(90, 15), p(75, 0), p(60, 0))
        #expect(Flattening.quadEnds(quad.0, quad.1, quad.2, flatness: 0.6).count == 8)
        let k = ShapePath.quarterCircleHandle * 15
        #expect(Flattening.cubicEnds(p(90, 75), p(90, 75 + k), p(75 + k, 90), p(75, 90), flatness: 0.6).count == 8)
        let ends = Flattening.cubicEnds(cubic.0, cubic.1, cubic.2, cubic.3, flatness: 0.6)
        #expect(ends.map { Double($0.k) / Double(1 << $0.j) }.contains(0.375))
        #expect(!ends.map { Double($0.k) / Double(1 << $0.j) }.contains(0.4375))
        #expect(ends.count == 14)
        #expect(Flattening.cubicEnds(cubic.0, cubic.1, cubic.2, cubic.3, flatness: 0.25).count == 16)
    }
}
