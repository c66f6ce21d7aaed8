// Premultiplied RGBA8 values and the two divisions by 255 the renderer uses.
//
// A pixel is packed in a UInt32 as r | g << 8 | b << 16 | a << 24 and always handled through
// shifts, never reinterpreted as bytes, so results are the same on every CPU.

/// A premultiplied RGBA8 colour (each channel ≤ alpha).
public struct PremultipliedColor: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Premultiplies a straight colour: c' = round(c × a / 255).
    public init(straightR r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.init(r: mulDiv255(r, a), g: mulDiv255(g, a), b: mulDiv255(b, a), a: a)
    }

    public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

    /// The packed pixel.
    @inline(__always)
    public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    public init(packed p: UInt32) {
        self.init(r: UInt8(p & 0xFF), g: UInt8((p >> 8) & 0xFF), b: UInt8((p >> 16) & 0xFF), a: UInt8(p >> 24))
    }

    /// The straight colour: c = min(255, round(c' × 255 / a)); a = 0 gives (0, 0, 0, 0).
    public var straight: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        if a == 255 || a == 0 { return a == 0 ? (0, 0, 0, 0) : (r, g, b, a) }
        let alpha = Int(a)
        func channel(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + alpha / 2) / alpha)) }
        return (channel(r), channel(g), channel(b), a)
    }
}

/// round(x / 255) for 0 ≤ x ≤ 65,025, exactly (ties cannot occur: 255 is odd).
@inline(__always)
public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// round(a × b / 255).
@inline(__always)
public func mulDiv255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: div255(UInt32(a) * UInt32(b)))
}
