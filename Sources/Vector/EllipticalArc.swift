import Raster

// SVG's elliptical arc (SVG 1.1 §F.6, https://www.w3.org/TR/SVG11/implnote.html#ArcImplementationNotes)
// as cubic Béziers, with only IEEE +, −, ×, ÷, √ and the machine-independent sines of
// `Trigonometry` (docs/RENDERING.md §11): the same Béziers on every machine.
//
//   1. Endpoints equal: nothing. A radius of 0: a straight line. Radii are taken as |r|.
//   2. Centre parameterisation (§F.6.5) with (c, s) = sinCos(φ): x1' = c·dx + s·dy,
//      y1' = −s·dx + c·dy with (dx, dy) half the start minus the end; radii scaled up by √Λ when
//      Λ = x1'²/rx² + y1'²/ry² > 1; the centre from the square root of §F.6.5.2, its sign + when
//      the large-arc and sweep flags differ.
//   3. No angles: on the unit circle the arc runs from u to v, turning positive (sweep 1) or
//      negative. An arc over a half turn is split at the point opposite the chord's midpoint
//      (−(u + v)/|u + v|), a half turn at u turned a quarter, and any piece over a quarter turn at
//      its bisector, until every piece is at most a quarter turn.
//   4. A piece from a to b with cos Δ = a·b becomes a cubic with handles k = 4/3 · tan(Δ/4),
//      tan(Δ/4) = sin(Δ/2) / (1 + cos(Δ/2)) by half-angle square roots, along the tangents; the
//      points are mapped back by (x, y) = (c·rx·ux − s·ry·uy + cx, s·rx·ux + c·ry·uy + cy). The
//      last point is the arc's end exactly.

struct EllipticalArc {
    let segments: [PathData.Segment]

    init(
        from start: (x: Double, y: Double), to end: (x: Double, y: Double), rx: Double, ry: Double, rotation: Double,
        largeArc: Bool, sweep: Bool
    ) {
        if start.x == end.x && start.y == end.y {
            segments = []
            return
        }
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 {
            segments = [.line(end.x, end.y)]
            return
        }
        let (s, c) = Trigonometry.sinCos(degrees: rotation)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = c * dx + s * dy, y1 = -s * dx + c * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let root = lambda.squareRoot()
            rx *= root
            ry *= root
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let factor =
            (denominator == 0 ? 0 : max(0, numerator / denominator)).squareRoot() * (largeArc != sweep ? 1 : -1)
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = c * cx1 - s * cy1 + (start.x + end.x) / 2, cy = s * cx1 + c * cy1 + (start.y + end.y) / 2
        let u = Point2((x1 - cx1) / rx, (y1 - cy1) / ry), v = Point2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let sign: Double = sweep ? 1 : -1
        var pieces: [(Point2, Point2)] = []
        Self.split(Self.normalized(u), Self.normalized(v), sign: sign, into: &pieces)
        func map(_ p: Point2) -> (Double, Double) {
            (c * rx * p.x - s * ry * p.y + cx, s * rx * p.x + c * ry * p.y + cy)
        }
        var result: [PathData.Segment] = []
        for (index, (a, b)) in pieces.enumerated() {
            let cosine = min(1, max(-1, a.x * b.x + a.y * b.y))
            let cosHalf = ((1 + cosine) / 2).squareRoot(), sinHalf = ((1 - cosine) / 2).squareRoot()
            let k = 4.0 / 3.0 * sinHalf / (1 + cosHalf)
            // Tangents in the direction of travel: the point turned a quarter by the sign.
            let ta = Point2(-a.y * sign, a.x * sign), tb = Point2(-b.y * sign, b.x * sign)
            let c1 = map(Point2(a.x + k * ta.x, a.y + k * ta.y)), c2 = map(Point2(b.x - k * tb.x, b.y - k * tb.y))
            let p = index == pieces.count - 1 ? (end.x, end.y) : map(b)
            result.append(.cubic(c1.0, c1.1, c2.0, c2.1, p.0, p.1))
        }
        segments = result
    }

    static func normalized(_ p: Point2) -> Point2 {
        let length = (p.x * p.x + p.y * p.y).squareRoot()
        return length == 0 ? Point2(1, 0) : Point2(p.x / length, p.y / length)
    }

    /// The pieces, each at most a quarter turn, of the arc from `u` to `v` turning by `sign`.
    static func split(_ u: Point2, _ v: Point2, sign: Double, into pieces: inout [(Point2, Point2)], depth: Int = 0) {
        let cross = u.x * v.y - u.y * v.x, dot = u.x * v.x + u.y * v.y
        let sum = Point2(u.x + v.x, u.y + v.y)
        let sumLength = (sum.x * sum.x + sum.y * sum.y).squareRoot()
        var middle: Point2?
        if depth < 8 {
            if sign * cross < 0 || (cross == 0 && dot > 0) {
                // Over a half turn (or a whole one, for equal points): split opposite the chord.
                middle =
                    sumLength < 1e-12 ? Point2(-u.y * sign, u.x * sign) : Point2(-sum.x / sumLength, -sum.y / sumLength)
                if cross == 0 && dot > 0 { middle = Point2(-u.x, -u.y) }
            } else if cross == 0 || sumLength < 1e-12 {
                middle = Point2(-u.y * sign, u.x * sign)  // a half turn
            } else if dot < 0 {
                middle = Point2(sum.x / sumLength, sum.y / sumLength)  // between a quarter and a half turn
            }
        }
        if let middle {
            split(u, middle, sign: sign, into: &pieces, depth: depth + 1)
            split(middle, v, sign: sign, into: &pieces, depth: depth + 1)
        } else {
            pieces.append((u, v))
        }
    }
}
