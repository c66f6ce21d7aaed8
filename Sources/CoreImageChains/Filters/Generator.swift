// The generator filters (docs/COREIMAGE.md §Generators): images without an input, infinite in
// extent, evaluated at each pixel's centre in Core Image's space. Colours are in the working space
// (premultiplied linear light), so gradients interpolate linear light.

/// A generator filter with its parameters.
enum Generator: Sendable {
    /// CIConstantColorGenerator.
    case constant(WorkingPixel)
    /// CICheckerboardGenerator: squares of `width`, one corner at `center`, `color0` up and to the
    /// right of it; `sharpness` below 1 softens each edge over (1 − sharpness) · width.
    case checkerboard(center: SIMD2<Float>, color0: WorkingPixel, color1: WorkingPixel, width: Float, sharpness: Float)
    /// CIStripesGenerator: vertical stripes of `width`, `color1` from `center.x` rightwards (the
    /// stripes Core Image calls even), `color0` in the others.
    case stripes(center: SIMD2<Float>, color0: WorkingPixel, color1: WorkingPixel, width: Float, sharpness: Float)
    /// CILinearGradient (smooth: CISmoothLinearGradient, the position through smoothstep).
    case linear(point0: SIMD2<Float>, point1: SIMD2<Float>, color0: WorkingPixel, color1: WorkingPixel, smooth: Bool)
    /// CIRadialGradient: color0 inside radius0 of the centre, color1 outside radius1.
    case radial(center: SIMD2<Float>, radius0: Float, radius1: Float, color0: WorkingPixel, color1: WorkingPixel)
    /// The vignettes' shading factor f in every colour channel (alpha 1): with r the distance from
    /// `center`, t = smoothstep of (r − inner)/(outer − inner) clamped (a step at `inner` when the
    /// two are equal), f = 1 − intensity · t (docs/COREIMAGE.md §Geometry, a reading).
    case shade(center: SIMD2<Float>, inner: Float, outer: Float, intensity: Float)

    var extent: Extent { .infinite }

    /// The colours at the centres of `region`'s pixels (in Core Image's space), the case chosen
    /// once for the whole region.
    func image(_ region: PixelRegion) -> WorkingImage {
        switch self {
        case let .constant(color):
            return WorkingImage(region) { _, _ in color }
        case let .checkerboard(center, color0, color1, width, sharpness):
            return WorkingImage(region) { x, y in
                let u = (SIMD2(x, y) - center) / width
                let fx = Self.edgeBlend(u.x, sharpness), fy = Self.edgeBlend(u.y, sharpness)
                // fx, fy: 1 inside an even column (row), 0 inside an odd one; the square is colour 0
                // where column and row agree.
                let even = fx * fy + (1 - fx) * (1 - fy)
                return Self.mix(color1, color0, even)
            }
        case let .stripes(center, color0, color1, width, sharpness):
            return WorkingImage(region) { x, _ in
                Self.mix(color0, color1, Self.edgeBlend((x - center.x) / width, sharpness))
            }
        case let .linear(point0, point1, color0, color1, smooth):
            let d = point1 - point0
            let length2 = dot(d, d)
            return WorkingImage(region) { x, y in
                var t: Float = length2 > 0 ? dot(SIMD2(x, y) - point0, d) / length2 : 1
                t = clamp01(t)
                if smooth { t = t * t * (3 - 2 * t) }
                return Self.mix(color0, color1, t)
            }
        case let .radial(center, radius0, radius1, color0, color1):
            return WorkingImage(region) { x, y in
                let d = SIMD2(x, y) - center
                let r = dot(d, d).squareRoot()
                var t: Float = radius1 != radius0 ? (r - radius0) / (radius1 - radius0) : (r < radius0 ? 0 : 1)
                t = clamp01(t)
                return Self.mix(color0, color1, t)
            }
        case let .shade(center, inner, outer, intensity):
            return WorkingImage(region) { x, y in
                let d = SIMD2(x, y) - center
                let r = dot(d, d).squareRoot()
                var t: Float = outer != inner ? (r - inner) / (outer - inner) : (r < inner ? 0 : 1)
                t = clamp01(t)
                t = t * t * (3 - 2 * t)
                let f = 1 - intensity * t
                return WorkingPixel(f, f, f, 1)
            }
        }
    }

    /// a + (b − a) · t, channel by channel.
    @inline(__always)
    static func mix(_ a: WorkingPixel, _ b: WorkingPixel, _ t: Float) -> WorkingPixel { a + (b - a) * t }

    /// 1 in the even cells of a periodic pattern of unit cells, 0 in the odd ones, ramping
    /// linearly across each cell boundary over a band of (1 − sharpness) cells centred on it;
    /// ½ where there are no cells (a width of 0 or a point at infinity).
    static func edgeBlend(_ u: Float, _ sharpness: Float) -> Float {
        guard u.isFinite else { return 0.5 }  // a width of 0: no cells to tell apart
        let cell = u.rounded(.down)
        let within = u - cell  // [0, 1)
        let odd = Int(cell.truncatingRemainder(dividingBy: 2)) != 0
        let band = clamp01(1 - sharpness)
        var v: Float = 1
        if band > 0 {
            // Distance to the nearest boundary, in cells; inside half the band the ramp runs from ½ at
            // the boundary to 1 at half the band's width.
            let distance = min(within, 1 - within)
            if distance < band / 2 { v = 0.5 + distance / band }
        }
        return odd ? 1 - v : v
    }
}
