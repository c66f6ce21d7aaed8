import Raster

// Elementary functions from + − × ÷ and square roots only (each correctly rounded by IEEE 754), so
// that every machine computes the same values for PDF functions: exponential functions' x^N and
// the calculator's exp, ln, log, atan, sin and cos. Precision is far finer than the 1/65536 steps
// the values are used at.
enum PDFMath {
    static let ln2 = 0.693_147_180_559_945_3

    /// ln x for x > 0: x = m·2^e with m in [1, 2), ln m = 2·atanh((m − 1)/(m + 1)) summed to 20 terms.
    static func ln(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
        let m = x.significand, e = Double(x.exponent)
        let z = (m - 1) / (m + 1), z2 = z * z
        var term = z, series = 0.0
        for k in 0..<20 {
            series += term / Double(2 * k + 1)
            term *= z2
        }
        return 2 * series + e * ln2
    }

    /// e^y: 2^k × (the Taylor series of e^r to 24 terms), y = k·ln 2 + r with |r| ≤ ½ ln 2.
    static func exp(_ y: Double) -> Double {
        guard y < 709 else { return .infinity }
        guard y > -745 else { return 0 }
        let k = (y / ln2).rounded(), r = y - k * ln2
        var sum = 1.0, t = 1.0
        for i in 1...24 {
            t *= r / Double(i)
            sum += t
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// x^n: by squaring for whole n up to 64, else e^(n·ln x).
    static func power(_ x: Double, _ n: Double) -> Double {
        if n == n.rounded(), abs(n) <= 64 {
            var result = 1.0, base = x, e = Int(abs(n))
            while e > 0 {
                if e & 1 == 1 { result *= base }
                base *= base
                e >>= 1
            }
            return n < 0 ? 1 / result : result
        }
        guard x > 0 else { return x == 0 && n > 0 ? 0 : .nan }
        return exp(n * ln(x))
    }

    /// atan(x) in radians: reduced to |x| ≤ tan(π/8) by atan(x) = π/2 − atan(1/x) and
    /// atan(x) = π/4 + atan((x − 1)/(x + 1)), then its Taylor series to 30 terms.
    static func atan(_ x: Double) -> Double {
        guard x.isFinite else { return x.isNaN ? .nan : (x > 0 ? .pi / 2 : -.pi / 2) }
        if x < 0 { return -atan(-x) }
        if x > 1 { return .pi / 2 - atan(1 / x) }
        if x > 0.414_213_562_373_095 { return .pi / 4 + atan((x - 1) / (x + 1)) }
        var term = x, sum = 0.0
        for k in 0..<30 {
            sum += term / Double(2 * k + 1)
            term *= -x * x
        }
        return sum
    }

    /// PostScript's atan: the angle of (dx, dy) in degrees, 0 ≤ a < 360.
    static func angle(dy: Double, dx: Double) -> Double {
        var degrees: Double
        if dx == 0 {
            degrees = dy > 0 ? 90 : dy < 0 ? 270 : 0
        } else {
            degrees = atan(dy / dx) * 180 / .pi
            if dx < 0 { degrees += 180 }
        }
        if degrees < 0 { degrees += 360 }
        return degrees >= 360 ? degrees - 360 : degrees
    }

    static func sin(degrees: Double) -> Double { Trigonometry.sinCos(degrees: degrees).sin }
    static func cos(degrees: Double) -> Double { Trigonometry.sinCos(degrees: degrees).cos }
}
