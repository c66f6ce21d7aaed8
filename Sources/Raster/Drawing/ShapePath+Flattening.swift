// Flattening in user space, for strokes (docs/RENDERING.md §11): a stroke is outlined before the
// CTM maps it to device pixels, so its curves are flattened here, in Doubles, by the rule the
// fill uses in 24.8 units (Wang's formula, §10), with the tolerance divided by the CTM's
// stretch bound so that the device-space error stays within 1/64 pixel.

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
                current += Self.flattenQuad(from, c, p, tolerance: tolerance)
            case let .cubic(c1, c2, p):
                let from = current.last ?? start
                if current.isEmpty { current = [start] }
                segments = true
                current += Self.flattenCubic(from, c1, c2, p, tolerance: tolerance)
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
            case let .quad(c, p): count += Self.pieces(2, [last, c, p], tolerance); last = p
            case let .cubic(c1, c2, p): count += Self.pieces(3, [last, c1, c2, p], tolerance); last = p
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
        return (1...n).map { i in
            let t = Double(i) / nd, u = 1 - t
            let a = u * u, b = 2 * u * t, c = t * t
            return Point2(a * p0.x + b * p1.x + c * p2.x, a * p0.y + b * p1.y + c * p2.y)
        }
    }

    static func flattenCubic(_ p0: Point2, _ p1: Point2, _ p2: Point2, _ p3: Point2, tolerance: Double) -> [Point2] {
        let n = pieces(3, [p0, p1, p2, p3], tolerance)
        let nd = Double(n)
        return (1...n).map { i in
            if i == n { return p3 }
            let t = Double(i) / nd, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return Point2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }
}
