// The blend modes' arithmetic in the working space (docs/COREIMAGE.md §Compositing): the PDF blend
// functions (ISO 32000-1 §11.3.5) on un-premultiplied colour, applied through the basic compositing
// formula for premultiplied colour that the PDF and W3C Compositing specifications give:
//
//   result.rgb = (1 − αb) · Sc + (1 − αs) · Bc + αs · αb · B(cb, cs)     result.α = αs + αb − αs · αb
//
// where Sc, Bc are the premultiplied source and background colours and cs = Sc / αs, cb = Bc / αb
// (0 where the alpha is 0).

enum BlendFunctions {
    /// A separable blend function of (cb, cs), applied channel by channel.
    typealias Separable = @Sendable (_ cb: Float, _ cs: Float) -> Float

    /// The un-premultiplied colour of a working pixel (0 where alpha is not above 0).
    @inline(__always)
    static func straight(_ p: WorkingPixel) -> SIMD3<Float> {
        p.w > 0 ? SIMD3(p.x, p.y, p.z) / p.w : .zero
    }

    /// The basic compositing formula around a blend result `mixed` (un-premultiplied, per channel).
    @inline(__always)
    static func composite(_ s: WorkingPixel, _ b: WorkingPixel, _ mixed: SIMD3<Float>) -> WorkingPixel {
        let sa = s.w, ba = b.w
        let rgb = (1 - ba) * SIMD3(s.x, s.y, s.z) + (1 - sa) * SIMD3(b.x, b.y, b.z) + sa * ba * mixed
        return WorkingPixel(rgb.x, rgb.y, rgb.z, sa + ba - sa * ba)
    }

    static func separable(_ f: @escaping Separable) -> @Sendable (WorkingPixel, WorkingPixel) -> WorkingPixel {
        { s, b in
            let cs = straight(s), cb = straight(b)
            return composite(s, b, SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)))
        }
    }

    /// A non-separable blend function of (cb, cs) on whole colours (hue, saturation, colour, luminosity).
    static func whole(_ f: @escaping @Sendable (_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float>)
        -> @Sendable (WorkingPixel, WorkingPixel) -> WorkingPixel
    {
        { s, b in composite(s, b, f(straight(b), straight(s))) }
    }

    // MARK: The PDF's separable functions

    static let multiply: Separable = { cb, cs in cb * cs }
    static let screen: Separable = { cb, cs in cb + cs - cb * cs }
    static let overlay: Separable = { cb, cs in hardLight(cs, cb) }
    static let darken: Separable = { cb, cs in min(cb, cs) }
    static let lighten: Separable = { cb, cs in max(cb, cs) }
    static let colorDodge: Separable = { cb, cs in
        if cb == 0 { return 0 }
        if cs >= 1 { return 1 }
        return min(1, cb / (1 - cs))
    }
    static let colorBurn: Separable = { cb, cs in
        if cb >= 1 { return 1 }
        if cs <= 0 { return 0 }
        return 1 - min(1, (1 - cb) / cs)
    }
    static let hardLight: Separable = { cb, cs in cs <= 0.5 ? multiply(cb, 2 * cs) : screen(cb, 2 * cs - 1) }
    static let softLight: Separable = { cb, cs in
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
    }
    static let difference: Separable = { cb, cs in abs(cb - cs) }
    static let exclusion: Separable = { cb, cs in cb + cs - 2 * cb * cs }

    // MARK: Core Image's own separable modes (described, not defined, by Apple: ivsim's readings,
    // the usual image editors' definitions; docs/COREIMAGE.md §Compositing)

    static let linearBurn: Separable = { cb, cs in cb + cs - 1 }
    static let linearDodge: Separable = { cb, cs in cb + cs }
    /// The background less the source (the runtime's description; the 2016 reference says the reverse).
    static let subtract: Separable = { cb, cs in cb - cs }
    /// The background divided by the source; 1 where the source is 0 and the background is not, 0
    /// where both are.
    static let divide: Separable = { cb, cs in cs > 0 ? cb / cs : (cb > 0 ? 1 : 0) }
    static let pinLight: Separable = { cb, cs in cs < 0.5 ? min(cb, 2 * cs) : max(cb, 2 * cs - 1) }
    static let linearLight: Separable = { cb, cs in cb + 2 * cs - 1 }
    static let vividLight: Separable = { cb, cs in cs <= 0.5 ? colorBurn(cb, 2 * cs) : colorDodge(cb, 2 * cs - 1) }

    // MARK: The PDF's non-separable functions (Lum, Sat, ClipColor, SetLum, SetSat)

    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c)
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var c = c
        if n < 0 && l > n { c = l + (c - l) * l / (l - n) }  // l > n: no 0 / 0 in extended range
        if x > 1 && x > l { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

    static func sat(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// SetSat: the largest component becomes s, the smallest 0, the middle one in proportion.
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let x = max(c.x, c.y, c.z), n = min(c.x, c.y, c.z)
        guard x > n else { return .zero }
        return (c - n) * s / (x - n)
    }

    static let hue: @Sendable (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float> = { cb, cs in
        setLum(setSat(cs, sat(cb)), lum(cb))
    }
    static let saturation: @Sendable (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float> = { cb, cs in
        setLum(setSat(cb, sat(cs)), lum(cb))
    }
    static let color: @Sendable (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float> = { cb, cs in setLum(cs, lum(cb)) }
    static let luminosity: @Sendable (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float> = { cb, cs in setLum(cb, lum(cs)) }
}
