// Geometry in device pixels, quantised once to 24.8 fixed point (1/256 pixel).
//
// The rule (docs/RENDERING.md §Quantisation): a coordinate x in device pixels becomes
// round-half-to-even(x × 256), clamped to ±2^40. Multiplying by 256 is exact in binary floating
// point, so the rule depends only on x. Every later step is integer arithmetic.

/// The fixed-point scale: 8 fractional bits.
public let fixedOne = 256

/// Quantises device-pixel coordinate `x` to 24.8 fixed point.
@inline(__always)
public func quantize(_ x: Double) -> Int {
    if x.isNaN { return 0 }
    let limit = Double(1 << 40)
    return Int(min(max(x * 256, -limit), limit).rounded(.toNearestOrEven))
}

/// An axis-aligned rectangle in 24.8 fixed-point device pixels (x0 ≤ x1, y0 ≤ y1 when valid).
public struct DeviceRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// Quantises a rectangle given by origin and size in device pixels (edges quantised separately,
    /// so adjacent rectangles share edges exactly).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(x0: quantize(x), y0: quantize(y), x1: quantize(x + width), y1: quantize(y + height))
    }

    /// The whole canvas of `width` × `height` pixels.
    public static func canvas(width: Int, height: Int) -> DeviceRect {
        DeviceRect(x0: 0, y0: 0, x1: width * fixedOne, y1: height * fixedOne)
    }

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    public func intersection(_ other: DeviceRect) -> DeviceRect {
        DeviceRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// Edges in pixels as decimals (exact: every 24.8 value has a short decimal form).
    public var description: String {
        "[\(fixedDescription(x0)), \(fixedDescription(y0)), \(fixedDescription(x1)), \(fixedDescription(y1))]"
    }
}

/// A 24.8 value as an exact decimal, e.g. 2688 → "10.5".
public func fixedDescription(_ value: Int) -> String {
    let v = Double(value) / 256  // exact: |value| < 2^53
    return v == v.rounded() ? String(Int(v)) : "\(v)"
}

/// A rectangle of whole source pixels.
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
}
