// Sines and cosines the same on every machine (docs/RENDERING.md §11). A C library's `sin` may
// differ in the last bit between platforms; these use only IEEE 754 additions and
// multiplications, which are correctly rounded everywhere.
//
//   1. The angle in degrees is reduced exactly: r = d mod 360 (`truncatingRemainder`, exact for
//      every Double), then to [0, 360).
//   2. Multiples of 90° give exact 0 and ±1.
//   3. Otherwise r is folded to an angle a in [0°, 45°] by the octant symmetries, a is turned into
//      radians by one multiplication with π/180 (the Double nearest it), and sin a and cos a are
//      Taylor polynomials to the x^17 and x^16 terms, evaluated by Horner's rule from the
//      highest term; at |x| ≤ π/4 the first term left out is below 2^-58 (x^18/18! for the
//      cosine; x^19/19! for the sine is below 2^-63).

public enum Trigonometry {
    /// (sin, cos) of an angle in degrees.
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (0, 1) }
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        if r >= 360 { r -= 360 }  // a tiny negative remainder plus 360 can round to 360
        switch r {
        case 0: return (0, 1)
        case 90: return (1, 0)
        case 180: return (0, -1)
        case 270: return (-1, 0)
        default: break
        }
        // r = 90·q + f with f in (0°, 90°); f > 45° uses the complement.
        let quadrant = Int(r / 90)
        let f = r - 90 * Double(quadrant)
        let (s, c): (Double, Double) =
            f <= 45
            ? (sine(radians(f)), cosine(radians(f)))
            : (cosine(radians(90 - f)), sine(radians(90 - f)))
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    static func radians(_ degrees: Double) -> Double { degrees * (Double.pi / 180) }

    /// sin x for |x| ≤ π/4: x − x³/3! + … + x^17/17!.
    static func sine(_ x: Double) -> Double {
        let x2 = x * x
        var sum = 0.0
        var k = 17
        while k >= 3 {
            sum = (sum + (k % 4 == 1 ? 1 : -1) * inverseFactorial(k)) * x2
            k -= 2
        }
        return x + x * sum
    }

    /// cos x for |x| ≤ π/4: 1 − x²/2! + … + x^16/16!.
    static func cosine(_ x: Double) -> Double {
        let x2 = x * x
        var sum = 0.0
        var k = 16
        while k >= 2 {
            sum = (sum + (k % 4 == 0 ? 1 : -1) * inverseFactorial(k)) * x2
            k -= 2
        }
        return 1 + sum
    }

    /// 1 / k!, as the Double nearest it (k ≤ 17: k! is exact in a Double up to 18!).
    static func inverseFactorial(_ k: Int) -> Double {
        var f = 1.0
        for i in 1...max(k, 1) { f *= Double(i) }
        return 1 / f
    }
}
