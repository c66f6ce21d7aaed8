// Flattening in user space, for strokes (docs/RENDERING.md §11): a stroke is outlined before the
// CTM maps it to device pixels, so its curves are flattened here, in Doubles, by the rule the
// fill uses in 24.8 units (Wang's formula, §10), with the tolerance divided by the CTM's
// stretch bound so that the device-space error stays within 1/64 pixel; a UIBezierPath's
// flatness (§10.1) by its halvings, its limit f/4 pixel divided by the same stretch bound
// (`tolerance` is 1/64 pixel in user units, so the limit is 16·f·tolerance).

/// A flattened contour in user space.
public struct Polyline: Equatable, Sendable {
    public var points: [Point2]
    public var closed: Bool

    public init(points: [Point2], closed: Bool) {
        self.points = points
        self.closed = closed
    }
}

extension ShapePath {
    /// Most lines one curve becomes (as in §10).
    static let maxPieces = 1_024

    /// The contours as polylines, curves flattened within `tolerance` user-space units. A contour
    /// is closed by `close`; a move starts a new one.
    public func polylines(tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current: [Point2] = []
        var start = Point2(0, 0)
        var segments = false  // a lone move draws nothing; a segment of no length draws a dot
        func finish(closed: Bool) {
            if !current.isEmpty && segments { result.append(Polyline(points: current, closed: closed)) }
            current = []
            segments = false
        }
        for element in elements {
            switch element {
            case let .move(p):
                finish(closed: false)
                current = [p]
                start = p
            case let .line(p):
                if current.isEmpty { current = [start] }
                current.append(p)
                segments = true
            case let .quad(c, p):
                let from = current.last ?? start
                if current.isEmpty { current = [start] }
                segments = true
                current += flattenQuad(from, c, p, tolerance: tolerance)
            case let .cubic(c1, c2, p):
                let from = current.last ?? start
                if current.isEmpty { current = [start] }
                segments = true
                current += flattenCubic(from, c1, c2, p, tolerance: tolerance)
            case .close:
                if !current.isEmpty { finish(closed: true) }
                current = []
            }
        }
        finish(closed: false)
        return result
    }

    /// How many lines the curves of the path become at `tolerance`, counted without flattening.
    public func lineCount(tolerance: Double) -> Int {
        var count = 0, last = Point2(0, 0)
        for element in elements {
            switch element {
            case let .move(p), let .line(p): count += 1; last = p
            case let .quad(c, p): count += quadPieces(last, c, p, tolerance); last = p
            case let .cubic(c1, c2, p): count += cubicPieces(last, c1, c2, p, tolerance); last = p
            case .close: count += 1
            }
        }
        return count
    }

    /// Wang's formula: the least n ≥ 1 with n² ≥ d(d−1)/8 · M / tolerance, at most 1,024.
    static func pieces(_ degree: Int, _ p: [Point2], _ tolerance: Double) -> Int {
        var m = 0.0
        for i in 0..<(p.count - 2) {
            m = max(m, abs(p[i].x - 2 * p[i + 1].x + p[i + 2].x), abs(p[i].y - 2 * p[i + 1].y + p[i + 2].y))
        }
        let square = Double(degree * (degree - 1)) / 8 * m / tolerance
        guard square.isFinite else { return maxPieces }
        if square >= Double(maxPieces * maxPieces) { return maxPieces }
        return max(1, Int(square.squareRoot().rounded(.up)))
    }

    static func flattenQuad(_ p0: Point2, _ p1: Point2, _ p2: Point2, tolerance: Double) -> [Point2] {
        let n = pieces(2, [p0, p1, p2], tolerance)
        let nd = Double(n)
        return (1...n).map { i in quadPoint(p0, p1, p2, Double(i) / nd) }
    }

    static func flattenCubic(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ p3: Point2, tolerance: Double) -> [Point2] {
        let n = pieces(3, [p0, p1, p2, p3], tolerance)
        let nd = Double(n)
        return (1...n).map { i in i == n ? p3 : cubicPoint(p0, p1, p2, p3, Double(i) / nd) }
    }

    /// The ends (k, j), t = k/2^j, of a UIBezierPath's halvings of a curve in user space, the limit
    /// f/4 device pixel as 16·f·tolerance user units.
    private static func ends(_ p: [Point2], flatness f: Double, tolerance: Double) -> [(k: Int, j: Int)] {
        let limit = 16 * f * tolerance
        func d(_ i: Int) -> (Double, Double) {
            (p[i].x - 2 * p[i + 1].x + p[i + 2].x, p[i].y - 2 * p[i + 1].y + p[i + 2].y)
        }
        return CurveFlattening.pieceEnds(
            fits: p.count == 3
                ? CurveFlattening.quadFits(d(0), limit: limit) : CurveFlattening.cubicFits(d(0), d(1), limit: limit))
    }

    private func quadPieces(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ tolerance: Double) -> Int {
        guard case let .flatness(f) = flattening else { return Self.pieces(2, [p0, p1, p2], tolerance) }
        return Self.ends([p0, p1, p2], flatness: f, tolerance: tolerance).count
    }

    private func cubicPieces(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ p3: Point2, _ tolerance: Double) -> Int {
        guard case let .flatness(f) = flattening else { return Self.pieces(3, [p0, p1, p2, p3], tolerance) }
        return Self.ends([p0, p1, p2, p3], flatness: f, tolerance: tolerance).count
    }

    private func flattenQuad(_ p0: Point2, _ p1: Point2, _ p2: Point2, tolerance: Double) -> [Point2] {
        guard case let .flatness(f) = flattening else { return Self.flattenQuad(p0, p1, p2, tolerance: tolerance) }
        return Self.ends([p0, p1, p2], flatness: f, tolerance: tolerance).map { k, j in
            Self.quadPoint(p0, p1, p2, Double(k) / Double(1 << j))
        }
    }

    private func flattenCubic(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ p3: Point2, tolerance: Double) -> [Point2] {
        guard case let .flatness(f) = flattening else {
            return Self.flattenCubic(p0, p1, p2, p3, tolerance: tolerance)
        }
        return Self.ends([p0, p1, p2, p3], flatness: f, tolerance: tolerance).map { k, j in
            k == 1 << j ? p3 : Self.cubicPoint(p0, p1, p2, p3, Double(k) / Double(1 << j))
        }
    }

    /// The quadratic's point at t (Bernstein form, in this order of operations).
    static func quadPoint(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ t: Double) -> Point2 {
        let u = 1 - t
        let a = u * u, b = 2 * u * t, c = t * t
        return Point2(a * p0.x + b * p1.x + c * p2.x, a * p0.y + b * p1.y + c * p2.y)
    }

    /// The cubic's point at t.
    static func cubicPoint(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ p3: Point2, _ t: Double) -> Point2 {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
