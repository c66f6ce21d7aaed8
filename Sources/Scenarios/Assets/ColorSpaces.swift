// Colour spaces of asset catalog colours, converted to the 8-bit sRGB that ivsim draws in.
//
// Determinism: the conversions use binary64 +, −, ×, ÷ only. The power functions of the
// transfer curves are computed here (`Power`) from series in those operations rather than with
// the platform's `pow`, whose last bit differs between C libraries; a colour constant must come
// out the same on every machine (docs/ASSETS.md §Colours).

/// A colour space a `.colorset` may name, and its conversion to sRGB.
enum CatalogColorSpace: String, CaseIterable {
    case srgb
    case extendedSRGB = "extended-srgb"
    case extendedLinearSRGB = "extended-linear-srgb"
    case displayP3 = "display-p3"
    case grayGamma22 = "gray-gamma-22"
    case extendedGray = "extended-gray"

    /// Whether the components are `white` and `alpha` rather than `red`, `green`, `blue`, `alpha`.
    var isGray: Bool { self == .grayGamma22 || self == .extendedGray }

    /// Converts the components (0…1 nominal; extended spaces may exceed it) to sRGB-encoded
    /// values, each clamped to 0…1.
    func toSRGB(_ c: [Double]) -> [Double] {
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        switch self {
        case .srgb, .extendedSRGB:
            return c.map(clamp)
        case .extendedLinearSRGB:
            return c.map { Transfer.encode(clamp($0)) }
        case .displayP3:
            // Both spaces use the sRGB curve; the linear P3 → linear sRGB matrix is derived from
            // the two sets of primaries with a D65 white point (rounded to 10 decimals).
            let l = c.map { Transfer.decode(clamp($0)) }
            let r = 1.2249401763 * l[0] - 0.2249401763 * l[1]
            let g = -0.0420569547 * l[0] + 1.0420569547 * l[1]
            let b = -0.0196375546 * l[0] - 0.0786360456 * l[1] + 1.0982736002 * l[2]
            return [r, g, b].map { Transfer.encode(clamp($0)) }
        case .grayGamma22, .extendedGray:
            // Grey with a pure 2.2 power curve, shown as the sRGB grey of the same luminance.
            let w = Transfer.encode(Power.pow(clamp(c[0]), 2.2))
            return [w, w, w]
        }
    }
}

/// The sRGB transfer curve (IEC 61966-2-1).
enum Transfer {
    /// sRGB-encoded value → linear light.
    static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : Power.pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB-encoded value.
    static func encode(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * Power.pow(l, 1 / 2.4) - 0.055
    }
}

/// x^y for 0 < x ≤ 1 (and a few more) in basic binary64 operations only: exp(y · ln x), with
/// ln from the atanh series on the mantissa and exp from its Taylor series after halving the
/// argument into a small range. Accurate to about 1e−15 — far below the 1/510 that separates
/// 8-bit results — and bit-identical everywhere.
enum Power {
    static func pow(_ x: Double, _ y: Double) -> Double {
        if x <= 0 { return 0 }
        if x == 1 { return 1 }
        return exp(y * log(x))
    }

    static let ln2 = 0.6931471805599453

    /// Natural logarithm of a positive finite x.
    static func log(_ x: Double) -> Double {
        // x = m · 2^e with m in [1, 2); move m to [√½, √2) so the series converges fast.
        var e = Int(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var term = s
        var sum = 0.0
        var k = 1.0
        while k < 60 {
            sum += term / k
            term *= s2
            k += 2
        }
        return 2 * sum + Double(e) * ln2
    }

    /// e^x for |x| < 700.
    static func exp(_ x: Double) -> Double {
        // e^x = 2^k · e^r with r = x − k·ln2 in [−ln2/2, ln2/2]; e^r by Taylor series.
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        var n = 1.0
        while n < 30 {
            term *= r / n
            sum += term
            n += 1
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}
