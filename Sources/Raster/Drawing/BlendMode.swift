// CGBlendMode's modes on premultiplied RGBA8 pixels, in integers (docs/RENDERING.md §12).
//
// Blend modes (normal … luminosity) follow W3C Compositing and Blending Level 1
// (https://www.w3.org/TR/compositing-1/), source-over with blending:
//   co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)      αo = αs + αb − αs·αb
// With 8-bit values (x/255) this is, exactly, co·255 = (cs·(255 − ab) + cb·(255 − as) + X) / 255
// where X = as·ab·B is a polynomial in the premultiplied values for the separable modes (e.g.
// multiply X = cs·cb), a fraction p/q for colour dodge and burn, and for soft light and the
// non-separable modes X = as·ab·B30 / 2^30 with B computed in 2^-30 fixed point. Each channel is
// rounded once, to nearest (ties cannot arise for the polynomial modes: 255 is odd; for
// fractions, halves round up). Porter–Duff modes: co = Fa·cs + Fb·cb with Fa, Fb from
// {0, 1, αs, αb, 1 − αs, 1 − αb}, rounded once. plusLighter: min(255, cs + cb). plusDarker (a
// deliberate reading of Apple's opaque-colour formula, §12): co = max(0, 255·cs + 255·cb − as·ab)/255.

/// CGBlendMode's cases, with UIKit's names.
public enum BlendMode: String, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop,
        xor
    case plusDarker, plusLighter

    /// True when a transparent source leaves the destination as it is, so that coverage can
    /// scale the source (as for source-over); otherwise coverage mixes the result with the
    /// destination (CG's bounded drawing: outside the shape nothing changes).
    public var transparentSourceKeepsDestination: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: false
        default: true
        }
    }

    /// `source` composited onto `destination` (both premultiplied, packed r | g<<8 | b<<16 | a<<24).
    public func apply(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        if self == .normal { return sourceOver(source, destination) }
        let s = Channels(source), d = Channels(destination)
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn, .destinationOut,
            .destinationAtop, .xor:
            let (fa, fb) = porterDuffFactors(s.a, d.a)
            func channel(_ cs: Int, _ cb: Int) -> Int { roundedDivide(fa * cs + fb * cb, 255) }
            return Channels(r: channel(s.r, d.r), g: channel(s.g, d.g), b: channel(s.b, d.b), a: channel(s.a, d.a))
                .packed
        case .plusLighter:
            return Channels(
                r: min(255, s.r + d.r), g: min(255, s.g + d.g), b: min(255, s.b + d.b), a: min(255, s.a + d.a)
            ).packed
        case .plusDarker:
            func channel(_ cs: Int, _ cb: Int) -> Int { roundedDivide(max(0, 255 * cs + 255 * cb - s.a * d.a), 255) }
            return Channels(
                r: channel(s.r, d.r), g: channel(s.g, d.g), b: channel(s.b, d.b),
                a: roundedDivide(255 * s.a + 255 * d.a - s.a * d.a, 255)
            ).packed
        case .hue, .saturation, .color, .luminosity:
            let b = NonSeparable.blend(self, source: s, destination: d)
            return compose(s, d, x: (b.0, b.1, b.2), denominator: 1 << 30)
        default:
            return compose(
                s, d, x: (separable(s.r, s.a, d.r, d.a), separable(s.g, s.a, d.g, d.a), separable(s.b, s.a, d.b, d.a)),
                denominator: nil)
        }
    }

    /// Porter–Duff's Fa and Fb in 255ths.
    private func porterDuffFactors(_ sa: Int, _ da: Int) -> (Int, Int) {
        switch self {
        case .clear: (0, 0)
        case .copy: (255, 0)
        case .sourceIn: (da, 0)
        case .sourceOut: (255 - da, 0)
        case .sourceAtop: (da, 255 - sa)
        case .destinationOver: (255 - da, 255)
        case .destinationIn: (0, sa)
        case .destinationOut: (0, 255 - sa)
        case .destinationAtop: (255 - da, sa)
        default: (255 - da, 255 - sa)  // xor
        }
    }

    /// X = as·ab·B(Cb, Cs) of a separable mode, as a fraction (numerator, denominator).
    private func separable(_ cs: Int, _ sa: Int, _ cb: Int, _ ba: Int) -> Fraction {
        switch self {
        case .multiply: return Fraction(cs * cb)
        case .screen: return Fraction(cs * ba + cb * sa - cs * cb)
        case .overlay: return Fraction(hardLight(cs: cb, sa: ba, cb: cs, ba: sa))
        case .hardLight: return Fraction(hardLight(cs: cs, sa: sa, cb: cb, ba: ba))
        case .darken: return Fraction(min(cs * ba, cb * sa))
        case .lighten: return Fraction(max(cs * ba, cb * sa))
        case .difference: return Fraction(cs * ba + cb * sa - 2 * min(cs * ba, cb * sa))
        case .exclusion: return Fraction(cs * ba + cb * sa - 2 * cs * cb)
        case .colorDodge:
            // B = 0 if Cb = 0; 1 if Cs = 1; else min(1, Cb / (1 − Cs)): X = min(as·ab, cb·as² / (as − cs)).
            if cb == 0 { return Fraction(0) }
            if cs == sa { return Fraction(sa * ba) }
            let q = sa - cs
            return cb * sa * sa >= sa * ba * q ? Fraction(sa * ba) : Fraction(cb * sa * sa, q)
        case .colorBurn:
            // B = 1 if Cb = 1; 0 if Cs = 0; else 1 − min(1, (1 − Cb) / Cs): X = as·ab − min(as·ab, (ab − cb)·as² / cs).
            if cb == ba { return Fraction(sa * ba) }
            if cs == 0 { return Fraction(0) }
            let p = (ba - cb) * sa * sa
            return p >= sa * ba * cs ? Fraction(0) : Fraction(sa * ba * cs - p, cs)
        default:  // softLight
            return Fraction(sa * ba * SoftLight.b30(cs: cs, sa: sa, cb: cb, ba: ba), 1 << 30)
        }
    }

    /// Hard light's X: 2·cs·cb when 2cs ≤ as, else 2cb·as + 2cs·ab − as·ab − 2cs·cb (overlay
    /// swaps the roles).
    private func hardLight(cs: Int, sa: Int, cb: Int, ba: Int) -> Int {
        2 * cs <= sa ? 2 * cs * cb : 2 * cb * sa + 2 * cs * ba - sa * ba - 2 * cs * cb
    }

    /// The source-over-with-blending result from X per channel (X's denominator shared, or per
    /// channel when `denominator` is nil).
    private func compose(_ s: Channels, _ d: Channels, x: (Fraction, Fraction, Fraction), denominator: Int?) -> UInt32 {
        func channel(_ cs: Int, _ cb: Int, _ x: Fraction) -> Int {
            // (cs·(255 − ab) + cb·(255 − as) + p/q) / 255 = (q·(…) + p) / (255·q)
            let base = cs * (255 - d.a) + cb * (255 - s.a)
            return roundedDivide(x.q * base + x.p, 255 * x.q)
        }
        let a = roundedDivide(255 * s.a + 255 * d.a - s.a * d.a, 255)
        return Channels(
            r: min(a, channel(s.r, d.r, x.0)), g: min(a, channel(s.g, d.g, x.1)), b: min(a, channel(s.b, d.b, x.2)),
            a: a
        ).packed
    }

    private func compose(_ s: Channels, _ d: Channels, x: (Int, Int, Int), denominator: Int) -> UInt32 {
        compose(
            s, d,
            x: (
                Fraction(s.a * d.a * x.0, denominator), Fraction(s.a * d.a * x.1, denominator),
                Fraction(s.a * d.a * x.2, denominator)
            ), denominator: nil)
    }
}

/// A non-negative fraction p / q (q > 0).
struct Fraction {
    let p: Int
    let q: Int
    init(_ p: Int, _ q: Int = 1) {
        self.p = p
        self.q = q
    }
}

/// ⌊(n + d/2) / d⌋ for n ≥ 0, d > 0: the nearest integer, halves up.
@inline(__always)
func roundedDivide(_ n: Int, _ d: Int) -> Int { (2 * n + d) / (2 * d) }

/// A pixel's four channels as integers.
struct Channels {
    var r: Int, g: Int, b: Int, a: Int

    init(r: Int, g: Int, b: Int, a: Int) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    init(_ p: UInt32) {
        (r, g, b, a) = (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24))
    }

    var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
}
