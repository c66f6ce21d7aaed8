// The blend modes that need more than products of 8-bit values (docs/RENDERING.md §12): soft
// light and the four non-separable modes, in 2^-30 fixed point with Int64 arithmetic.
//
//   C = round(c · 2^30 / α) for a premultiplied channel c of alpha α (0 when α = 0)
//   x ⊗ y = ⌊(x·y + 2^29) / 2^30⌋        a / b rounded: ⌊(2a + b) / 2b⌋ (b > 0, floor division)
//   √ is the integer square root (floor) of C · 2^30
//   Lum(C) = (30·R + 59·G + 11·B) / 100, rounded

enum SoftLight {
    static let one: Int64 = 1 << 30

    /// B(Cb, Cs) of soft light in 2^-30 units, clamped to [0, 2^30].
    static func b30(cs: Int, sa: Int, cb: Int, ba: Int) -> Int {
        let s = unpremultiply(cs, sa), b = unpremultiply(cb, ba)
        let result: Int64
        if 2 * cs <= sa {
            result = b - times(times(one - 2 * s, b), one - b)
        } else {
            let d =
                4 * cb <= ba
                ? times(times(16 * b - 12 * one, b) + 4 * one, b) : Int64(integerSquareRoot(UInt64(b) << 30))
            result = b + times(2 * s - one, d - b)
        }
        return Int(min(max(result, 0), one))
    }
}

/// hue, saturation, color and luminosity (W3C Compositing Level 1 §10.2).
enum NonSeparable {
    typealias Colour = (Int64, Int64, Int64)
    static let one = SoftLight.one

    /// B per channel in 2^-30 units, each in [0, 2^30].
    static func blend(_ mode: BlendMode, source s: Channels, destination d: Channels) -> (Int, Int, Int) {
        let cs: Colour = (unpremultiply(s.r, s.a), unpremultiply(s.g, s.a), unpremultiply(s.b, s.a))
        let cb: Colour = (unpremultiply(d.r, d.a), unpremultiply(d.g, d.a), unpremultiply(d.b, d.a))
        let result: Colour =
            switch mode {
            case .hue: setLum(setSat(cs, sat(cb)), lum(cb))
            case .saturation: setLum(setSat(cb, sat(cs)), lum(cb))
            case .color: setLum(cs, lum(cb))
            default: setLum(cb, lum(cs))  // luminosity
            }
        func clamp(_ v: Int64) -> Int { Int(min(max(v, 0), one)) }
        return (clamp(result.0), clamp(result.1), clamp(result.2))
    }

    static func lum(_ c: Colour) -> Int64 { roundedDivideSigned(30 * c.0 + 59 * c.1 + 11 * c.2, 100) }

    static func sat(_ c: Colour) -> Int64 { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    static func setLum(_ c: Colour, _ l: Int64) -> Colour {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }

    static func clipColor(_ c: Colour) -> Colour {
        var c = c
        let l = lum(c)
        let n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
        if n < 0 {
            func f(_ v: Int64) -> Int64 { l + roundedDivideSigned((v - l) * l, l - n) }
            c = (f(c.0), f(c.1), f(c.2))
        }
        if x > one {
            func f(_ v: Int64) -> Int64 { l + roundedDivideSigned((v - l) * (one - l), x - l) }
            c = (f(c.0), f(c.1), f(c.2))
        }
        return c
    }

    /// SetSat: the largest channel becomes s, the smallest 0, the middle one scaled between; ties
    /// in value are ordered red, green, blue (the earlier channel counts as the smaller).
    static func setSat(_ c: Colour, _ s: Int64) -> Colour {
        var v = [c.0, c.1, c.2]
        let order = [0, 1, 2].sorted { v[$0] != v[$1] ? v[$0] < v[$1] : $0 < $1 }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = roundedDivideSigned((v[mid] - v[lo]) * s, v[hi] - v[lo])
            v[hi] = s
        } else {
            v[mid] = 0
            v[hi] = 0
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }
}

/// round(c · 2^30 / α), 0 when α = 0.
func unpremultiply(_ c: Int, _ alpha: Int) -> Int64 {
    alpha == 0 ? 0 : Int64(roundedDivide(c << 30, alpha))
}

/// ⌊(x·y + 2^29) / 2^30⌋.
@inline(__always)
func times(_ x: Int64, _ y: Int64) -> Int64 { (x * y + (1 << 29)) >> 30 }

/// ⌊(2n + d) / 2d⌋ for any n and d > 0.
func roundedDivideSigned(_ n: Int64, _ d: Int64) -> Int64 {
    let a = 2 * n + d, b = 2 * d
    return a >= 0 ? a / b : -((-a + b - 1) / b)
}

/// ⌊√n⌋, exactly.
func integerSquareRoot(_ n: UInt64) -> UInt64 {
    if n < 2 { return n }
    var r = UInt64(Double(n).squareRoot())
    while r > 0 && r.multipliedReportingOverflow(by: r).overflow || r * r > n { r -= 1 }
    while true {
        let next = r + 1
        let (square, overflow) = next.multipliedReportingOverflow(by: next)
        if overflow || square > n { break }
        r = next
    }
    return r
}
