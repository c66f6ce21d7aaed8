// Exact arithmetic for the few layout numbers that must be correctly rounded (the nine-slice grid,
// docs/LAYOUT.md §Resizable images). Every finite binary64 value is a dyadic rational m × 2^e, and
// sums and products of dyadic rationals are dyadic, so they are held here without any rounding
// (the magnitude is an arbitrary-precision natural number). One division by a positive dyadic
// divisor then rounds once, to the binary64 nearest to the exact quotient (ties to even).
//
// Why not binary64 formulas: x + a/s − b/s rounds two or three times, so two edges that are equal
// in exact arithmetic can differ by an ulp and leave a 4.4e-16-point slice between them. Rounded
// once from the exact value, equal exact values give equal doubles, order is kept, and a value is
// exact whenever it is representable at all — whatever the route a port takes to it.

/// An exact dyadic rational ±magnitude × 2^exponent.
struct Dyadic: Sendable {
    /// True for a negative value (never for zero).
    private var isNegative: Bool
    /// Little-endian 64-bit limbs, no high zero limbs; empty for zero.
    private var limbs: [UInt64]
    private var exponent: Int

    private init(isNegative: Bool, limbs: [UInt64], exponent: Int) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.isNegative = isNegative && !limbs.isEmpty
        self.limbs = limbs
        self.exponent = exponent
    }

    /// The exact value of `x`, which must be finite.
    init(_ x: Double) {
        precondition(x.isFinite, "Dyadic of a non-finite value")
        // Normal: (2^52 + fraction) × 2^(biased − 1075); subnormal: fraction × 2^−1074.
        let significand = x.significandBitPattern | (x.isNormal ? 1 << 52 : 0)
        let exponent = x.isNormal ? Int(x.exponentBitPattern) - 1075 : -1074
        self.init(isNegative: x.sign == .minus, limbs: [significand], exponent: exponent)
    }

    init(_ n: Int) {
        self.init(isNegative: n < 0, limbs: [UInt64(n.magnitude)], exponent: 0)
    }

    var isZero: Bool { limbs.isEmpty }

    static func + (a: Dyadic, b: Dyadic) -> Dyadic {
        if a.isZero { return b }
        if b.isZero { return a }
        let e = min(a.exponent, b.exponent)
        let x = shiftedLeft(a.limbs, by: a.exponent - e), y = shiftedLeft(b.limbs, by: b.exponent - e)
        if a.isNegative == b.isNegative { return Dyadic(isNegative: a.isNegative, limbs: add(x, y), exponent: e) }
        return compare(x, y) >= 0
            ? Dyadic(isNegative: a.isNegative, limbs: subtract(x, y), exponent: e)
            : Dyadic(isNegative: b.isNegative, limbs: subtract(y, x), exponent: e)
    }

    static prefix func - (a: Dyadic) -> Dyadic {
        Dyadic(isNegative: !a.isNegative, limbs: a.limbs, exponent: a.exponent)
    }

    static func - (a: Dyadic, b: Dyadic) -> Dyadic { a + -b }

    static func * (a: Dyadic, b: Dyadic) -> Dyadic {
        var product = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for i in 0..<a.limbs.count {
            var carry: UInt64 = 0
            for j in 0..<b.limbs.count {
                let (high, low) = a.limbs[i].multipliedFullWidth(by: b.limbs[j])
                let (sum, o1) = product[i + j].addingReportingOverflow(low)
                let (total, o2) = sum.addingReportingOverflow(carry)
                product[i + j] = total
                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)  // x·y + two limbs < 2^128: never wraps
            }
            product[i + b.limbs.count] = carry
        }
        return Dyadic(isNegative: a.isNegative != b.isNegative, limbs: product, exponent: a.exponent + b.exponent)
    }

    /// −1, 0 or 1 as `a` is less than, equal to or greater than `b`.
    static func compare(_ a: Dyadic, _ b: Dyadic) -> Int {
        let d = a - b
        return d.isZero ? 0 : d.isNegative ? -1 : 1
    }

    /// The binary64 nearest to self ÷ `divisor`, ties to even. `divisor` is positive and its
    /// magnitude fits one limb (a binary64 value or a machine integer does).
    func nearest(dividedBy divisor: Dyadic) -> Double {
        precondition(!divisor.isNegative && divisor.limbs.count == 1, "divisor must be positive and one limb")
        if isZero { return 0 }
        let d = divisor.limbs[0]
        // Scale the numerator so that the integer quotient has at least 55 bits: 53 kept, a guard
        // bit, and one more so that a carry never has to be renormalised by hand.
        let shift = max(0, 55 + 64 - Self.bitWidth(limbs))
        let (quotient, remainder) = Self.divide(Self.shiftedLeft(limbs, by: shift), by: d)
        // self ÷ divisor = (quotient + remainder/d) × 2^scaleExponent exactly.
        let scaleExponent = exponent - shift - divisor.exponent
        let width = Self.bitWidth(quotient)
        let top = width - 1 + scaleExponent  // exponent of the leading bit
        // 53 significant bits, fewer below 2^−1022 (subnormal results keep the 2^−1074 grid).
        let precision = top >= -1022 ? 53 : top + 1075
        let dropped = width - precision  // ≥ 2 for normal results
        var kept = Self.bits(quotient, from: dropped, count: max(0, precision))
        let guardBit = dropped >= 1 && Self.bit(quotient, dropped - 1)
        let sticky = remainder != 0 || (dropped >= 2 && Self.anyBit(quotient, below: dropped - 1))
        if guardBit && (sticky || kept & 1 == 1) { kept += 1 }
        return Double(sign: isNegative ? .minus : .plus, exponent: scaleExponent + dropped, significand: Double(kept))
    }

    // MARK: Natural numbers as little-endian limbs

    private static func bitWidth(_ x: [UInt64]) -> Int {
        guard let last = x.last else { return 0 }
        return 64 * (x.count - 1) + 64 - last.leadingZeroBitCount
    }

    private static func bit(_ x: [UInt64], _ i: Int) -> Bool {
        i >= 0 && i / 64 < x.count && (x[i / 64] >> UInt64(i % 64)) & 1 == 1
    }

    /// Whether any bit below position `n` is set.
    private static func anyBit(_ x: [UInt64], below n: Int) -> Bool {
        for (i, limb) in x.enumerated() where 64 * i < n {
            let bits = min(64, n - 64 * i)
            if (bits == 64 ? limb : limb & ((1 << UInt64(bits)) - 1)) != 0 { return true }
        }
        return false
    }

    /// Bits `from ..< from + count` of `x` as a number (count ≤ 63; bits past the top are 0).
    private static func bits(_ x: [UInt64], from: Int, count: Int) -> UInt64 {
        var result: UInt64 = 0
        for i in stride(from: count - 1, through: 0, by: -1) {
            result = result << 1 | (bit(x, from + i) ? 1 : 0)
        }
        return result
    }

    private static func shiftedLeft(_ x: [UInt64], by n: Int) -> [UInt64] {
        if x.isEmpty || n == 0 { return x }
        let whole = n / 64, part = UInt64(n % 64)
        var result = [UInt64](repeating: 0, count: whole) + x + [0]
        if part > 0 {
            for i in stride(from: result.count - 1, to: whole, by: -1) {
                result[i] = result[i] << part | result[i - 1] >> (64 - part)
            }
            result[whole] <<= part
        }
        while result.last == 0 { result.removeLast() }
        return result
    }

    private static func add(_ x: [UInt64], _ y: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        var carry = false
        for i in 0..<max(x.count, y.count) {
            let (s1, o1) = (i < x.count ? x[i] : 0).addingReportingOverflow(i < y.count ? y[i] : 0)
            let (s2, o2) = s1.addingReportingOverflow(carry ? 1 : 0)
            result.append(s2)
            carry = o1 || o2
        }
        if carry { result.append(1) }
        return result
    }

    /// x − y for x ≥ y.
    private static func subtract(_ x: [UInt64], _ y: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        var borrow = false
        for i in 0..<x.count {
            let (d1, o1) = x[i].subtractingReportingOverflow(i < y.count ? y[i] : 0)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            result.append(d2)
            borrow = o1 || o2
        }
        while result.last == 0 { result.removeLast() }
        return result
    }

    private static func compare(_ x: [UInt64], _ y: [UInt64]) -> Int {
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for i in stride(from: x.count - 1, through: 0, by: -1) where x[i] != y[i] {
            return x[i] < y[i] ? -1 : 1
        }
        return 0
    }

    /// Long division by one limb: the quotient and the remainder.
    private static func divide(_ x: [UInt64], by d: UInt64) -> (quotient: [UInt64], remainder: UInt64) {
        var quotient = [UInt64](repeating: 0, count: x.count)
        var remainder: UInt64 = 0
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            (quotient[i], remainder) = d.dividingFullWidth((high: remainder, low: x[i]))
        }
        while quotient.last == 0 { quotient.removeLast() }
        return (quotient, remainder)
    }
}
