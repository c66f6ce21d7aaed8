// The sRGB transfer curve and a power function that is the same on every machine: colour
// conversions (asset catalog colours, Display P3 images) compute their constants and tables with
// them, in binary64 +, −, ×, ÷ only — the platform's `pow` differs in the last bit between C
// libraries, and one bit can move an 8-bit result across a rounding boundary.

/// The sRGB transfer curve (IEC 61966-2-1).
public enum Transfer {
    /// sRGB-encoded value → linear light.
    public static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : Power.pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB-encoded value.
    public static func encode(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * Power.pow(l, 1 / 2.4) - 0.055
    }
}

/// x^y for 0 < x ≤ 1 (and a few more) in basic binary64 operations only: exp(y · ln x), with
/// ln from the atanh series on the mantissa and exp from its Taylor series after halving the
/// argument into a small range. Accurate to about 1e−15 — far below the 1/510 that separates
/// 8-bit results — and bit-identical everywhere.
public enum Power {
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if x <= 0 { return 0 }
        if x == 1 { return 1 }
        return exp(y * log(x))
    }

    public static let ln2 = 0.6931471805599453

    /// Natural logarithm of a positive finite x.
    public static func log(_ x: Double) -> Double {
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
    public static func exp(_ x: Double) -> Double {
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
