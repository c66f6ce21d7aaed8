// From device pixels back to another space (docs/RENDERING.md §11): the centre of pixel (x, y),
// (x + ½, y + ½), mapped by an affine transform, in fixed point. The transform's six numbers are
// rounded once to multiples of 2^-32 (halves to even), then for every pixel
//
//   u(x, y) = U0 + x·Ux + y·Uy      v(x, y) = V0 + x·Vx + y·Vy      (2^-32 units, Int64)
//
// with U0 = round(2^32·(a·½ + c·½ + tx)) and so on, so a mapping is the same on every machine and
// costs two additions per pixel. Coefficients are clamped to ±2^45 (8,192 units of the other space
// per pixel) and U0, V0 to ±2^61, so for canvases up to 2^16 pixels a side no sum overflows.

/// An affine map of pixel centres to another space, in 2^-32 units.
public struct PixelMapping: Equatable, Sendable {
    public let u0: Int64, ux: Int64, uy: Int64
    public let v0: Int64, vx: Int64, vy: Int64

    public static let unit: Double = 4_294_967_296  // 2^32

    /// The mapping of device pixel centres by `transform` (device to the other space).
    public init(_ transform: AffineTransform) {
        func q(_ v: Double, limit: Double) -> Int64 {
            guard v.isFinite else { return 0 }
            return Int64(min(max(v * PixelMapping.unit, -limit), limit).rounded(.toNearestOrEven))
        }
        func coefficient(_ v: Double) -> Int64 { q(v, limit: 0x1p45) }
        ux = coefficient(transform.a)
        uy = coefficient(transform.c)
        vx = coefficient(transform.b)
        vy = coefficient(transform.d)
        let centre = transform.apply(0.5, 0.5)
        u0 = q(centre.x, limit: 0x1p61)
        v0 = q(centre.y, limit: 0x1p61)
    }

    /// The mapped centre of pixel (x, y), in 2^-32 units.
    @inline(__always)
    public func map(_ x: Int, _ y: Int) -> (u: Int64, v: Int64) {
        (u0 &+ Int64(x) &* ux &+ Int64(y) &* uy, v0 &+ Int64(x) &* vx &+ Int64(y) &* vy)
    }
}
