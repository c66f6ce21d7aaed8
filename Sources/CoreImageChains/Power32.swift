// Powers the same on every machine (docs/COREIMAGE.md §Arithmetic): no platform `pow` or `exp`.
//
// Per pixel (CIGammaAdjust), x^y in binary32 +, −, ×, ÷ only, four lanes at once, the
// polynomials by Estrin's scheme (the grouping written in `powCore`):
//   ln x: x = m · 2^e with m in [√½, √2); s = (m − 1)/(m + 1), z = s²;
//         P = ((z/3 + 1) + z²·(z/7 + 1/5)) + z²·z²·(1/9); ln x = e·ln2High + (2s·P + e·ln2Low)
//   e^t: t = y · ln x clamped to [−87, 88]; k = t·(1/ln 2) rounded to nearest, ties to even (by
//         adding and subtracting 1.5 · 2^23); r = (t − k·ln2High) − k·ln2Low;
//         e^r = ((r + 1) + r²·(r/6 + ½)) + r²·r²·((r/120 + 1/24) + r²·(r/5040 + 1/720));
//         times 2^k from its bits. Relative error about 10^−6 — a thousandth of an 8-bit level.
// Per filter (2^EV, a Gaussian's weights), e^t in binary64:
//   t clamped to [−1000, 1000]; k = round(t / ln 2) (halves away from 0), r = t − k·ln 2; e^r by its
//   Taylor polynomial Σ r^n/n! to n = 13, by Horner's rule from the r^13 term, the coefficients
//   1/n! each a correctly rounded division; times 2^⌊k/2⌋ · 2^(k − ⌊k/2⌋) from their bits.

enum Power32 {
    static let ln2 = 0.6931471805599453
    /// 1/13!, 1/12!, …, 1/0!: the exponential's from the highest term (n! is exact in binary64).
    static let expCoefficients: [Double] = (0...13).reversed().map { n in
        1 / (1...max(1, n)).reduce(1.0) { $0 * Double($1) }
    }

    /// Each of x's lanes to the power y, in binary32 (per pixel; see the file's header): for x ≥ 0,
    /// 0^y = 0 for y > 0, 1 for y = 0 (as pow does); NaN stays NaN. Normal
    /// positive lanes take m and e from their bits; when any lane is not one, all four go apart,
    /// which gives a normal lane the same bits — so no lane's result depends on the others.
    static func pow(_ x: SIMD4<Float>, _ y: Float) -> SIMD4<Float> {
        let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
        let field = bits &>> 23
        // Fields 1 … 254 (normal and positive: the sign bit would make the field 256 or more).
        guard all((field &- 1) .< 254) else { return powApart(x, y) }
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD4<Float>.self)
        // The exponent field as a float: 2^23 + field from its bits, less 2^23 and the bias (exact).
        var e = unsafeBitCast(field | 0x4B00_0000, to: SIMD4<Float>.self) - (8_388_608 + 127)
        let over = m .> 1.41421354
        m = m.replacing(with: m / 2, where: over)
        e = e.replacing(with: e + 1, where: over)
        return powCore(m: m, e: e, y)
    }

    /// `pow` for lanes that are 0, negative, subnormal, infinite or NaN (and the normal lanes
    /// beside them).
    static func powApart(_ x: SIMD4<Float>, _ y: Float) -> SIMD4<Float> {
        var m = SIMD4<Float>(repeating: 1), e = SIMD4<Float>(repeating: 0)
        for i in 0..<4 where x[i] > 0 && x[i].isFinite {
            var exponent = Int(x[i].exponent)
            var significand = x[i].significand
            if significand > 1.41421354 {
                significand /= 2
                exponent += 1
            }
            m[i] = significand
            e[i] = Float(exponent)
        }
        let q = powCore(m: m, e: e, y)
        var result = SIMD4<Float>()
        for i in 0..<4 {
            let v = x[i]
            if v.isNaN || y.isNaN || q[i].isNaN {
                result[i] = .nan
            } else if y == 0 || v == 1 {
                result[i] = 1
            } else if v <= 0 {
                result[i] = y > 0 ? 0 : .infinity
            } else if v.isInfinite {
                result[i] = y > 0 ? .infinity : 0
            } else {
                result[i] = q[i]
            }
        }
        return result
    }

    /// (m · 2^e)^y lane by lane, for m in [√½, √2).
    @inline(__always)
    static func powCore(m: SIMD4<Float>, e: SIMD4<Float>, _ y: Float) -> SIMD4<Float> {
        // ln: 2s·P(s²) + e·ln 2, ln 2 in two parts so that e·ln2High is exact.
        let s = (m - 1) / (m + 1)
        let z = s * s
        let z2 = z * z
        let third: Float = 1.0 / 3, fifth: Float = 1.0 / 5, seventh: Float = 1.0 / 7, ninth: Float = 1.0 / 9
        let low: SIMD4<Float> = z * third + 1
        let middle: SIMD4<Float> = z2 * (z * seventh + fifth)
        let p: SIMD4<Float> = (low + middle) + z2 * z2 * ninth
        let ln = e * ln2High + (2 * s * p + e * ln2Low)
        // e^t as the file's header says.
        var t = y * ln
        t = t.replacing(with: -87, where: t .< -87).replacing(with: 88, where: t .> 88)
        let shifted = t * (1 / Float(ln2)) + 12_582_912
        let k = shifted - 12_582_912
        let r = (t - k * ln2High) - k * ln2Low
        let r2 = r * r
        let c3: Float = 1.0 / 6, c4: Float = 1.0 / 24, c5: Float = 1.0 / 120, c6: Float = 1.0 / 720
        let c7: Float = 1.0 / 5040
        let first: SIMD4<Float> = (r + 1) + r2 * (r * c3 + 0.5)
        let second: SIMD4<Float> = (r * c5 + c4) + r2 * (r * c7 + c6)
        let q: SIMD4<Float> = first + (r2 * r2) * second
        if y.isNaN { return SIMD4(repeating: .nan) }
        if y == 0 { return SIMD4(repeating: 1) }
        // 2^k from its bits: t in [−87, 88] keeps k in [−126, 127], and `shifted`'s bits are
        // 1.5 · 2^23's plus k.
        let exponents = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) &- (0x4B40_0000 - 127)
        let scale = unsafeBitCast(exponents &<< 23, to: SIMD4<Float>.self)
        return q * scale
    }

    /// ln 2 = ln2High + ln2Low, ln2High with its low 12 significand bits zero (k · ln2High exact for |k| < 2^12).
    static let ln2High: Float = 0.693145751953125
    static let ln2Low: Float = 1.42860677e-06

    /// e^t (NaN stays NaN), in binary64 as the file's header says.
    static func exp(_ t: Double) -> Double {
        guard !t.isNaN else { return t }
        let t = t < -1000 ? -1000 : (t > 1000 ? 1000 : t)
        let k = (t / ln2).rounded(.toNearestOrAwayFromZero)
        let r = t - k * ln2
        var sum = expCoefficients[0]
        for c in expCoefficients.dropFirst() { sum = sum * r + c }
        let whole = Int(k), half = whole / 2
        return sum * powerOfTwo(half) * powerOfTwo(whole - half)
    }

    /// 2^n for −1022 ≤ n ≤ 1023, from its bits.
    @inline(__always)
    static func powerOfTwo(_ n: Int) -> Double { Double(bitPattern: UInt64(1023 + n) << 52) }

    /// 2^y.
    static func exp2(_ y: Double) -> Double { exp(y * ln2) }
}
