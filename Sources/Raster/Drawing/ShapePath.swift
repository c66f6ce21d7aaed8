// A path in user space (points of a drawing context, before its CTM), in Doubles: what
// UIBezierPath holds. Filling transforms its points to device pixels and quantises them once
// (`Path`); stroking flattens it here and outlines it (`Stroker`) before that.

/// UIBezierPath's elements in user space.
public struct ShapePath: Equatable, Sendable {
    public enum Element: Equatable, Sendable {
        case move(Point2)
        case line(Point2)
        case quad(Point2, Point2)
        case cubic(Point2, Point2, Point2)
        case close
    }

    public var elements: [Element]
    /// How the curves become lines when the path is filled, stroked or clipped to: `fine`, or a
    /// UIBezierPath's `flatness` (CurveFlattening.swift).
    public var flattening: CurveFlattening = .fine

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// CGPath's rectangle: a contour from the top-left corner, clockwise on a y-down screen.
    public static func rectangle(x: Double, y: Double, width: Double, height: Double) -> ShapePath {
        ShapePath([
            .move(Point2(x, y)), .line(Point2(x + width, y)), .line(Point2(x + width, y + height)),
            .line(Point2(x, y + height)), .close
        ])
    }

    /// The Bézier handle of a quarter circle of radius 1: 4(√2 − 1)/3, the Double nearest it.
    public static let quarterCircleHandle = 0.552_284_749_830_793_4

    /// The ellipse inscribed in a rectangle: four cubic Béziers, one per quarter, each with handles
    /// `quarterCircleHandle` × the radius, starting at the right-most point and turning clockwise
    /// on screen (CGPath's addEllipse construction).
    public static func ellipse(x: Double, y: Double, width: Double, height: Double) -> ShapePath {
        let rx = width / 2, ry = height / 2, cx = x + rx, cy = y + ry
        let kx = rx * quarterCircleHandle, ky = ry * quarterCircleHandle
        return ShapePath([
            .move(Point2(cx + rx, cy)),
            .cubic(Point2(cx + rx, cy + ky), Point2(cx + kx, cy + ry), Point2(cx, cy + ry)),
            .cubic(Point2(cx - kx, cy + ry), Point2(cx - rx, cy + ky), Point2(cx - rx, cy)),
            .cubic(Point2(cx - rx, cy - ky), Point2(cx - kx, cy - ry), Point2(cx, cy - ry)),
            .cubic(Point2(cx + kx, cy - ry), Point2(cx + rx, cy - ky), Point2(cx + rx, cy)),
            .close
        ])
    }

    /// A rectangle with circular corners of radius `radius` (clamped to half the shorter side) at
    /// the corners `corners` lists, square ones elsewhere: each rounded corner a quarter circle
    /// of cubic Béziers with `quarterCircleHandle`, clockwise on screen from the top edge.
    public static func roundedRectangle(
        x: Double, y: Double, width: Double, height: Double, radius: Double,
        corners: RectCorners = .all
    ) -> ShapePath {
        let r = max(0, min(radius, min(width, height) / 2))
        let k = r * quarterCircleHandle
        let (x1, y1) = (x + width, y + height)
        func cornerRadius(_ corner: RectCorners) -> Double { corners.contains(corner) ? r : 0 }
        let (tl, tr, br, bl) = (
            cornerRadius(.topLeft), cornerRadius(.topRight), cornerRadius(.bottomRight), cornerRadius(.bottomLeft)
        )
        func handle(_ r: Double) -> Double { r == 0 ? 0 : k }
        var elements: [Element] = [.move(Point2(x + tl, y)), .line(Point2(x1 - tr, y))]
        if tr > 0 {
            elements.append(
                .cubic(Point2(x1 - tr + handle(tr), y), Point2(x1, y + tr - handle(tr)), Point2(x1, y + tr)))
        }
        elements.append(.line(Point2(x1, y1 - br)))
        if br > 0 {
            elements.append(
                .cubic(Point2(x1, y1 - br + handle(br)), Point2(x1 - br + handle(br), y1), Point2(x1 - br, y1)))
        }
        elements.append(.line(Point2(x + bl, y1)))
        if bl > 0 {
            elements.append(
                .cubic(Point2(x + bl - handle(bl), y1), Point2(x, y1 - bl + handle(bl)), Point2(x, y1 - bl)))
        }
        elements.append(.line(Point2(x, y + tl)))
        if tl > 0 {
            elements.append(.cubic(Point2(x, y + tl - handle(tl)), Point2(x + tl - handle(tl), y), Point2(x + tl, y)))
        }
        elements.append(.close)
        return ShapePath(elements)
    }

    /// The path with every point mapped by `transform` (still in user space: a clip path's
    /// children under their own transforms).
    public func applying(_ transform: AffineTransform) -> ShapePath {
        var path = ShapePath(
            elements.map { element in
                switch element {
                case let .move(p): .move(p.applying(transform))
                case let .line(p): .line(p.applying(transform))
                case let .quad(c, p): .quad(c.applying(transform), p.applying(transform))
                case let .cubic(c1, c2, p):
                    .cubic(c1.applying(transform), c2.applying(transform), p.applying(transform))
                case .close: .close
                }
            })
        path.flattening = flattening
        return path
    }

    /// The device path: every point mapped by `transform` (user space to device pixels) and
    /// quantised once (`FixedPoint`).
    public func devicePath(_ transform: AffineTransform) -> Path {
        func q(_ p: Point2) -> FixedPoint {
            let (x, y) = transform.apply(p.x, p.y)
            return FixedPoint(x, y)
        }
        var path = Path(
            elements.map { element in
                switch element {
                case let .move(p): .move(q(p))
                case let .line(p): .line(q(p))
                case let .quad(c, p): .quad(q(c), q(p))
                case let .cubic(c1, c2, p): .cubic(q(c1), q(c2), q(p))
                case .close: .close
                }
            })
        path.flattening = flattening
        return path
    }
}

/// A point in user space.
public struct Point2: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The point mapped by `transform`.
    public func applying(_ transform: AffineTransform) -> Point2 {
        let (x, y) = transform.apply(self.x, self.y)
        return Point2(x, y)
    }
}

/// Corners of a rectangle (CACornerMask / UIRectCorner).
public struct RectCorners: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let topLeft = RectCorners(rawValue: 1)
    public static let topRight = RectCorners(rawValue: 2)
    public static let bottomLeft = RectCorners(rawValue: 4)
    public static let bottomRight = RectCorners(rawValue: 8)
    public static let all: RectCorners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
