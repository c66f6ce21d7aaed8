// Strokes turned into fills (docs/RENDERING.md §11): Core Graphics' stroke model — a pen of width
// w held perpendicular to the path, caps at open ends, joins at corners, dashes — outlined in user
// space and filled with the nonzero rule. All geometry is Doubles with IEEE operations only.
//
// One polygon per open piece: the left offset walked forwards, the end cap, the right offset
// walked backwards, the start cap. Two per closed contour: each offset walked as a loop, in
// opposite directions. On the outer side of a corner the join is added (miter tip, bevel, or a
// round arc); on the inner side the two offset lines meet at their intersection when it lies on
// both offset segments, and otherwise through the corner itself. Every polygon winds the same way
// about the band it outlines, so overlapping pieces never cancel under the nonzero rule.

/// How a line's ends are drawn (CGLineCap).
public enum LineCap: String, Sendable, CaseIterable {
    case butt, round, square
}

/// How corners are drawn (CGLineJoin).
public enum LineJoin: String, Sendable, CaseIterable {
    case miter, round, bevel
}

/// The stroke parameters of a graphics state.
public struct StrokeStyle: Equatable, Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Lengths, painted and unpainted in turn, in user space; empty: solid.
    public var dashes: [Double]
    public var dashPhase: Double

    public init(
        width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
        dashes: [Double] = [], dashPhase: Double = 0
    ) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}

public enum Stroker {
    /// The outline of `path` stroked with `style`, in user space, curves (of the path and of round
    /// caps and joins) flattened within `tolerance`; nil when it would have more than `maxPoints`
    /// points.
    public static func outline(_ path: ShapePath, style: StrokeStyle, tolerance: Double, maxPoints: Int) -> [[Point2]]?
    {
        outline(path.polylines(tolerance: tolerance), style: style, tolerance: tolerance, maxPoints: maxPoints)
    }

    /// The outline of a path already flattened within `tolerance` (`ShapePath.polylines`).
    public static func outline(_ polylines: [Polyline], style: StrokeStyle, tolerance: Double, maxPoints: Int)
        -> [[Point2]]?
    {
        guard style.width > 0 else { return [] }
        var pieces = polylines.map(removingRepeats)
        if !style.dashes.isEmpty {
            guard let dashed = Dasher.dash(pieces, pattern: style.dashes, phase: style.dashPhase, maxPieces: maxPoints)
            else { return nil }
            pieces = dashed.map(removingRepeats)
        }
        var outline = OutlineBuilder(style: style, tolerance: tolerance, maxPoints: maxPoints)
        for piece in pieces {
            outline.add(piece)
            if outline.exceeded { return nil }
        }
        return outline.polygons
    }

    /// The polyline without points equal to the one before (and, closed, without a last point
    /// equal to the first).
    static func removingRepeats(_ line: Polyline) -> Polyline {
        var points: [Point2] = []
        for p in line.points where points.last != p { points.append(p) }
        if line.closed && points.count > 1 && points.first == points.last { points.removeLast() }
        return Polyline(points: points, closed: line.closed)
    }
}

/// Builds the outline polygons of polylines.
struct OutlineBuilder {
    let style: StrokeStyle
    let half: Double
    let tolerance: Double
    let maxPoints: Int
    var polygons: [[Point2]] = []
    var count = 0
    var exceeded: Bool { count > maxPoints }

    init(style: StrokeStyle, tolerance: Double, maxPoints: Int) {
        self.style = style
        half = style.width / 2
        self.tolerance = tolerance
        self.maxPoints = maxPoints
    }

    mutating func emit(_ polygon: [Point2]) {
        count += polygon.count
        if polygon.count > 2 && !exceeded { polygons.append(polygon) }
    }

    mutating func add(_ line: Polyline) {
        let p = line.points
        if p.isEmpty { return }
        if p.count == 1 {
            // A point: a round cap draws a dot, a square cap a square, along x (CG's zero-length
            // subpath); a butt cap draws nothing.
            guard style.cap != .butt else { return }
            let u = Point2(1, 0)
            var polygon = [offset(p[0], u, 1)]
            cap(&polygon, at: p[0], direction: u, side: 1)
            cap(&polygon, at: p[0], direction: Point2(-1, 0), side: 1)
            emit(polygon)
            return
        }
        if line.closed && p.count > 2 {
            emit(side(p, closed: true, sign: 1))
            emit(side(p.reversed(), closed: true, sign: 1))
            return
        }
        if line.closed {
            // Two points, closed: the segment there and back with a join at each end and no caps
            // (SVG 1.1 §11.4); one offset loop already goes round the whole band.
            emit(side(p, closed: true, sign: 1))
            return
        }
        let points = p
        var polygon = side(points, closed: false, sign: 1)
        let n = points.count
        cap(&polygon, at: points[n - 1], direction: unit(points[n - 2], points[n - 1]), side: 1)
        polygon += side(points.reversed(), closed: false, sign: 1)
        cap(&polygon, at: points[0], direction: unit(points[1], points[0]), side: 1)
        emit(polygon)
    }

    /// The offset on side `sign` of the points walked in order (with joins at inner vertices, and
    /// at every vertex when closed).
    func side(_ p: [Point2], closed: Bool, sign: Double) -> [Point2] {
        let n = p.count
        var out: [Point2] = []
        let segments = closed ? n : n - 1
        for k in 0..<segments {
            if out.count + count > maxPoints { break }  // `emit` then reports the stroke as too complex
            let a = p[k], b = p[(k + 1) % n]
            let u = unit(a, b)
            if k == 0 && !closed { out.append(offset(a, u, sign)) }
            if closed || k > 0 {
                let previous = p[(k + n - 1) % n]
                join(
                    &out, at: a, incoming: unit(previous, a), outgoing: u, sign: sign,
                    incomingLength: distance(previous, a), outgoingLength: distance(a, b))
            }
            if k == segments - 1 && !closed { out.append(offset(b, u, sign)) }
        }
        return out
    }

    /// The corner at `p` on side `sign`.
    func join(
        _ out: inout [Point2], at p: Point2, incoming u: Point2, outgoing v: Point2, sign: Double,
        incomingLength: Double, outgoingLength: Double
    ) {
        let a = offset(p, u, sign), b = offset(p, v, sign)
        let cross = u.x * v.y - u.y * v.x, dot = u.x * v.x + u.y * v.y
        if cross == 0 && dot > 0 {
            out.append(a)  // straight on
            return
        }
        if sign * cross > 0 {
            // Inner side: where the offset lines cross, if that is on both offset segments. It
            // lies t = h·tan(φ/2) = h·(1 − cos φ)/|sin φ| before a along u (and after b along v),
            // φ the turn.
            let t = half * (1 - dot) / abs(cross)
            if t <= incomingLength && t <= outgoingLength {
                out.append(Point2(a.x - u.x * t, a.y - u.y * t))
            } else {
                out += [a, p, b]
            }
            return
        }
        // Outer side.
        switch style.join {
        case .bevel:
            out += [a, b]
        case .miter:
            // The miter length over the width is 1/sin(θ/2), θ the angle between the segments:
            // sin(θ/2) = √((1 − cos φ)/2) with φ the turn, cos φ = dot, and θ = π − φ, so
            // 1/sin(θ/2) = 1/cos(φ/2) = √(2/(1 + dot)).
            if dot > -1, 2 / (1 + dot) <= style.miterLimit * style.miterLimit {
                let t = half * (1 - dot) / abs(cross)  // tip distance past a along u
                out += [a, Point2(a.x + u.x * t, a.y + u.y * t), b]
            } else {
                out += [a, b]
            }
        case .round:
            out.append(a)
            arc(
                &out, center: p, from: Point2((a.x - p.x) / half, (a.y - p.y) / half),
                to: Point2((b.x - p.x) / half, (b.y - p.y) / half), through: u)
        }
    }

    /// The cap at `p`, the end of a piece going in `direction`, from the offset on side `side`
    /// (already in `out`) to the other side's offset.
    func cap(_ out: inout [Point2], at p: Point2, direction u: Point2, side: Double) {
        let a = offset(p, u, side), b = offset(p, u, -side)
        switch style.cap {
        case .butt:
            out.append(b)
        case .square:
            out += [Point2(a.x + u.x * half, a.y + u.y * half), Point2(b.x + u.x * half, b.y + u.y * half), b]
        case .round:
            let e0 = Point2((a.x - p.x) / half, (a.y - p.y) / half)
            arc(&out, center: p, from: e0, to: Point2(-e0.x, -e0.y), through: u)
        }
    }

    /// Appends the points after `from` up to `to` of the arc of radius `half` about `center`
    /// between the unit directions `from` and `to` (at most a half turn), going by the side of
    /// `through` when they are opposite: cubic Béziers of at most a quarter turn each, with
    /// handles 4/3·tan(φ/4) (from cos φ by half-angle square roots), flattened as curves are.
    func arc(_ out: inout [Point2], center: Point2, from e0: Point2, to e1: Point2, through: Point2) {
        let c = e0.x * e1.x + e0.y * e1.y
        if c < 0 {
            // More than a quarter turn: split at the bisector.
            var m = Point2(e0.x + e1.x, e0.y + e1.y)
            let length = (m.x * m.x + m.y * m.y).squareRoot()
            m = length < 1e-9 ? through : Point2(m.x / length, m.y / length)
            arc(&out, center: center, from: e0, to: m, through: through)
            arc(&out, center: center, from: m, to: e1, through: through)
            return
        }
        let cosHalf = ((1 + c) / 2).squareRoot(), sinHalf = max(0, (1 - c) / 2).squareRoot()
        let k = 4.0 / 3.0 * sinHalf / (1 + cosHalf)
        // Tangents in the direction of travel: e0 turned toward e1, and e1 turned on from e0.
        let turn: Double = (e0.x * e1.y - e0.y * e1.x) >= 0 ? 1 : -1
        let t0 = Point2(-e0.y * turn, e0.x * turn), t1 = Point2(-e1.y * turn, e1.x * turn)
        let h = half
        let p0 = Point2(center.x + h * e0.x, center.y + h * e0.y)
        let p1 = Point2(p0.x + h * k * t0.x, p0.y + h * k * t0.y)
        let p3 = Point2(center.x + h * e1.x, center.y + h * e1.y)
        let p2 = Point2(p3.x - h * k * t1.x, p3.y - h * k * t1.y)
        out += ShapePath.flattenCubic(p0, p1, p2, p3, tolerance: tolerance)
    }

    /// `p` moved `half` to side `sign` of direction `u`: sign +1 is (−u.y, u.x), to the right of
    /// the direction on a y-down screen.
    func offset(_ p: Point2, _ u: Point2, _ sign: Double) -> Point2 {
        Point2(p.x - u.y * half * sign, p.y + u.x * half * sign)
    }

    func unit(_ a: Point2, _ b: Point2) -> Point2 {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length == 0 ? Point2(1, 0) : Point2(dx / length, dy / length)
    }

    func distance(_ a: Point2, _ b: Point2) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
