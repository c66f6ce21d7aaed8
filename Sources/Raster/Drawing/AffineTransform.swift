// Core Graphics' affine transform: (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty), in Doubles. Only
// IEEE additions, multiplications and divisions touch it (rotations take their sines from
// `Trigonometry`), so a transform is the same on every machine.

/// An affine transform, CGAffineTransform's fields and composition order.
public struct AffineTransform: Equatable, Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `degrees`; in UIKit's y-down coordinates a positive angle turns clockwise on
    /// screen, as CGContext.rotate(by:) does there.
    public static func rotation(degrees: Double) -> AffineTransform {
        let (s, c) = Trigonometry.sinCos(degrees: degrees)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `first` then `self`: the CTM after `context.concatenate(first)` on a context whose CTM is
    /// `self` (CGContext's translate, scale and rotate prepend to the CTM in this way).
    public func prepending(_ first: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: first.a * a + first.b * c, b: first.a * b + first.b * d,
            c: first.c * a + first.d * c, d: first.c * b + first.d * d,
            tx: first.tx * a + first.ty * c + tx, ty: first.tx * b + first.ty * d + ty)
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil for a singular transform.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0 && det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// An upper bound of how much the transform stretches a length: √(a² + b² + c² + d²) (the
    /// Frobenius norm, never below the largest stretch).
    public var stretchBound: Double { (a * a + b * b + c * c + d * d).squareRoot() }

    /// True when the transform maps axis-aligned rectangles to axis-aligned rectangles.
    public var isAxisAligned: Bool { (b == 0 && c == 0) || (a == 0 && d == 0) }
}
