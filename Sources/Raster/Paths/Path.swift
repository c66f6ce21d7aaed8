// A path in device pixels, quantised once to 24.8 fixed point (docs/RENDERING.md §Paths): the
// shape a fill, a clip or a stroke's outline describes. Every later step is integer arithmetic.

/// A point in 24.8 fixed-point device pixels.
public struct FixedPoint: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// Quantises a point in device pixels (the rule of `quantize`), then clamps each coordinate to
    /// ±`Path.coordinateLimit` so that every product in flattening fits 64 bits.
    public init(_ x: Double, _ y: Double) {
        self.init(x: Path.clamp(quantize(x)), y: Path.clamp(quantize(y)))
    }
}

/// Closed contours of lines and quadratic and cubic Béziers (UIBezierPath's elements).
public struct Path: Equatable, Sendable {
    public enum Element: Equatable, Sendable {
        case move(FixedPoint)
        case line(FixedPoint)
        case quad(FixedPoint, FixedPoint)
        case cubic(FixedPoint, FixedPoint, FixedPoint)
        case close
    }

    public var elements: [Element] = []
    /// How the curves become lines (`fine` unless the path is a UIBezierPath's).
    public var flattening: CurveFlattening = .fine

    /// 2^24 in 24.8 units: 65,536 pixels, far beyond any canvas.
    public static let coordinateLimit = 1 << 24

    static func clamp(_ v: Int) -> Int { min(max(v, -coordinateLimit), coordinateLimit) }

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    public mutating func move(to p: FixedPoint) { elements.append(.move(p)) }
    public mutating func line(to p: FixedPoint) { elements.append(.line(p)) }
    public mutating func quad(to p: FixedPoint, control c: FixedPoint) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: FixedPoint, control1 c1: FixedPoint, control2 c2: FixedPoint) {
        elements.append(.cubic(c1, c2, p))
    }
    public mutating func close() { elements.append(.close) }

    /// An axis-aligned rectangle.
    public static func rectangle(_ r: DeviceRect) -> Path {
        Path([
            .move(FixedPoint(x: r.x0, y: r.y0)), .line(FixedPoint(x: r.x1, y: r.y0)),
            .line(FixedPoint(x: r.x1, y: r.y1)),
            .line(FixedPoint(x: r.x0, y: r.y1)), .close
        ])
    }

    /// How many lines the fill of the path draws (curves flattened, contours closed), counted
    /// without flattening: what a caller checks before it rasterises a path from anyone.
    public var lineCount: Int {
        var count = 0, last = FixedPoint(x: 0, y: 0), start = last
        for element in elements {
            switch element {
            case let .move(p): count += 1; last = p; start = p  // the closing line of the contour before
            case let .line(p): count += 1; last = p
            case let .quad(c, p): count += Flattening.quadPieces(last, c, p, flattening); last = p
            case let .cubic(c1, c2, p): count += Flattening.cubicPieces(last, c1, c2, p, flattening); last = p
            case .close: count += 1; last = start
            }
        }
        return count
    }

    /// The contours as closed polylines: every curve flattened (`Flattening`, by `flattening`), every contour closed
    /// back to its first point (a fill closes open contours, as Core Graphics does).
    public func polylines() -> [[FixedPoint]] {
        var contours: [[FixedPoint]] = []
        var current: [FixedPoint] = []
        func finish() {
            if current.count > 1 { contours.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case let .move(p):
                finish()
                current = [p]
            case let .line(p):
                if current.isEmpty { current = [FixedPoint(x: 0, y: 0)] }
                current.append(p)
            case let .quad(c, p):
                let from = current.last ?? FixedPoint(x: 0, y: 0)
                if current.isEmpty { current = [from] }
                current += Flattening.quad(from, c, p, flattening)
            case let .cubic(c1, c2, p):
                let from = current.last ?? FixedPoint(x: 0, y: 0)
                if current.isEmpty { current = [from] }
                current += Flattening.cubic(from, c1, c2, p, flattening)
            case .close:
                let start = current.first
                finish()
                if let start { current = [start] }  // a later segment starts where the contour began
            }
        }
        finish()
        return contours
    }
}

extension Path {
    /// The path moved by `d` (24.8 units; exact).
    public func moved(by d: FixedPoint) -> Path {
        func m(_ p: FixedPoint) -> FixedPoint { FixedPoint(x: p.x + d.x, y: p.y + d.y) }
        var moved = Path(
            elements.map { element in
                switch element {
                case let .move(p): .move(m(p))
                case let .line(p): .line(m(p))
                case let .quad(c, p): .quad(m(c), m(p))
                case let .cubic(c1, c2, p): .cubic(m(c1), m(c2), m(p))
                case .close: .close
                }
            })
        moved.flattening = flattening  // halvings depend on differences only: the same pieces
        return moved
    }
}
