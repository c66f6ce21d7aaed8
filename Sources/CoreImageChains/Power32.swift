// x^y for working-space values, the same on every machine (docs/COREIMAGE.md §Arithmetic): no
// platform `pow`. In binary64 with + − × ÷ only, in a fixed order:
//
//   ln x: x = m · 2^e with m in [√½, √2); s = (m − 1)/(m + 1); ln m = 2(s + s³/3 + … + s^15/15)
//         (|s| ≤ 0.1716, so the first term left out is below 2^−40 of the sum); ln x = ln m + e·ln 2
//   e^t: k = round(t / ln 2), r = t − k·ln 2 (|r| ≤ 0.347); e^r by its Taylor series to r^13/13!
//         by Horner's rule; e^t = e^r · 2^k, with t clamped to [−1000, 1000] first
//
// The result is rounded once to binary32: relative error far below binary32's 2^−24.

enum Power32 {
    static let ln2 = 0.6931471805599453

    /// x^y for x ≥ 0: 0^y = 0 for y > 0, 1 for y = 0 (as pow does); NaN stays NaN.
    static func pow(_ x: Float, _ y: Float) -> Float {
        if x.isNaN || y.isNaN { return .nan }
        if y == 0 || x == 1 { return 1 }
        if x <= 0 { return y > 0 ? 0 : .infinity }
        if x.isInfinite { return y > 0 ? .infinity : 0 }
        return Float(exp(Double(y) * ln(Double(x))))
    }

    /// 2^y.
    static func exp2(_ y: Double) -> Double { exp(y * ln2) }

    static func ln(_ x: Double) -> Double {
        var e = Int(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var sum = 1.0 / 15
        var k = 13.0
        while k >= 1 {
            sum = sum * s2 + 1 / k
            k -= 2
        }
        return 2 * s * sum + Double(e) * ln2
    }

    static func exp(_ t: Double) -> Double {
        let t = t.isNaN ? t : min(max(t, -1000), 1000)
        guard !t.isNaN else { return .nan }
        let k = (t / ln2).rounded()
        let r = t - k * ln2
        var sum = 1.0
        var n = 13.0
        while n >= 1 {
            sum = 1 + sum * r / n
            n -= 1
        }
        // 2^k as a product of two powers of two, each representable (k may reach about ±1443).
        let half = Int(k) / 2
        let scale = Double(sign: .plus, exponent: half, significand: 1)
        return sum * scale * Double(sign: .plus, exponent: Int(k) - half, significand: 1)
    }
}
