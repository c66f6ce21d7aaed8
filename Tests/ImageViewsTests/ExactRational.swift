// Exact rational arithmetic for the independent slicing model (SlicingExactnessTests), written
// apart from the production code on purpose: signed integers of 32-bit limbs, fractions of them
// (reduced by powers of two only), doubles read by doubling until they are integers, and the
// nearest double found by stepping from an estimate while the value lies more than half the gap
// to the neighbour away. Production (ImageViews/Dyadic.swift) keeps dyadic numbers of 64-bit
// limbs and rounds by slicing the bits of one integer quotient; the two share no code and no
// method.

/// A signed arbitrary-precision integer (magnitude in little-endian 32-bit limbs).
struct ExactInteger: Equatable {
    var negative: Bool
    var limbs: [UInt32]

    init(_ n: Int64) {
        negative = n < 0
        var m = n.magnitude
        limbs = []
        while m > 0 {
            limbs.append(UInt32(truncatingIfNeeded: m))
            m >>= 32
        }
    }

    private init(negative: Bool, limbs: [UInt32]) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.negative = negative && !limbs.isEmpty
        self.limbs = limbs
    }

    var isZero: Bool { limbs.isEmpty }

    /// The integer times 2^n (n ≥ 0).
    func timesPowerOfTwo(_ n: Int) -> ExactInteger {
        let part = UInt32(n % 32)
        var shifted = [UInt32](repeating: 0, count: n / 32) + limbs + [0]
        if part > 0 {
            for i in stride(from: shifted.count - 1, through: n / 32, by: -1) {
                shifted[i] = shifted[i] << part | (i > n / 32 ? shifted[i - 1] >> (32 - part) : 0)
            }
        }
        return ExactInteger(negative: negative, limbs: shifted)
    }

    /// A binary64 estimate within about an ulp: the top three limbs (at least 65 bits), each
    /// scaled exactly, summed from the smallest.
    var estimate: Double {
        var value = 0.0
        for i in max(0, limbs.count - 3)..<limbs.count {
            value += Double(limbs[i]) * Double(sign: .plus, exponent: 32 * i, significand: 1)
        }
        return negative ? -value : value
    }

    private static func compareMagnitudes(_ x: [UInt32], _ y: [UInt32]) -> Int {
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for i in (0..<x.count).reversed() where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
        return 0
    }

    private static func addMagnitudes(_ x: [UInt32], _ y: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for i in 0..<max(x.count, y.count) {
            let sum = UInt64(i < x.count ? x[i] : 0) + UInt64(i < y.count ? y[i] : 0) + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return result
    }

    /// x − y for |x| ≥ |y|.
    private static func subtractMagnitudes(_ x: [UInt32], _ y: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        var borrow: Int64 = 0
        for i in 0..<x.count {
            var difference = Int64(x[i]) - Int64(i < y.count ? y[i] : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 1 << 32 }
            result.append(UInt32(difference))
        }
        return result
    }

    static func + (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        if a.negative == b.negative {
            return ExactInteger(negative: a.negative, limbs: addMagnitudes(a.limbs, b.limbs))
        }
        return compareMagnitudes(a.limbs, b.limbs) >= 0
            ? ExactInteger(negative: a.negative, limbs: subtractMagnitudes(a.limbs, b.limbs))
            : ExactInteger(negative: b.negative, limbs: subtractMagnitudes(b.limbs, a.limbs))
    }

    static prefix func - (a: ExactInteger) -> ExactInteger { ExactInteger(negative: !a.negative, limbs: a.limbs) }

    static func - (a: ExactInteger, b: ExactInteger) -> ExactInteger { a + -b }

    static func * (a: ExactInteger, b: ExactInteger) -> ExactInteger {
        let x = a.limbs, y = b.limbs
        var result = [UInt64](repeating: 0, count: x.count + y.count + 1)
        for i in 0..<x.count {
            var carry: UInt64 = 0
            for j in 0..<y.count {
                let t = UInt64(x[i]) * UInt64(y[j]) + result[i + j] + carry  // < 2^64
                result[i + j] = t & 0xFFFF_FFFF
                carry = t >> 32
            }
            result[i + y.count] += carry
        }
        return ExactInteger(negative: a.negative != b.negative, limbs: result.map { UInt32(truncatingIfNeeded: $0) })
    }

    /// −1, 0, 1.
    var signum: Int { isZero ? 0 : negative ? -1 : 1 }

    /// How many times 2 divides the integer (0 for zero).
    var twos: Int {
        guard let i = limbs.firstIndex(where: { $0 != 0 }) else { return 0 }
        return 32 * i + limbs[i].trailingZeroBitCount
    }

    /// The integer divided by 2^n, which must divide it.
    func dividedByPowerOfTwo(_ n: Int) -> ExactInteger {
        let whole = n / 32, part = UInt32(n % 32)
        var result = Array(limbs.dropFirst(whole))
        if part > 0 {
            for i in 0..<result.count {
                result[i] = result[i] >> part | (i + 1 < result.count ? result[i + 1] << (32 - part) : 0)
            }
        }
        return ExactInteger(negative: negative, limbs: result)
    }
}

/// An exact fraction numerator / denominator (denominator > 0), reduced by powers of two only
/// (enough to keep the numbers short: every denominator here is a power of two times a small odd).
struct ExactRational {
    var numerator: ExactInteger
    var denominator: ExactInteger

    init(_ numerator: ExactInteger, _ denominator: ExactInteger = ExactInteger(1)) {
        precondition(!denominator.isZero, "zero denominator")
        let twos = numerator.isZero ? denominator.twos : min(numerator.twos, denominator.twos)
        let n = numerator.dividedByPowerOfTwo(twos), d = denominator.dividedByPowerOfTwo(twos)
        self.numerator = d.negative ? -n : n
        self.denominator = d.negative ? -d : d
    }

    init(_ n: Int) { self.init(ExactInteger(Int64(n))) }

    /// The exact value of a finite double: doubled until it is an integer (each doubling exact).
    init(_ x: Double) {
        precondition(x.isFinite, "not finite")
        var value = x, halvings = 0, doublings = 0
        while abs(value) >= 0x1p62 { value /= 2; halvings += 1 }  // exact: such doubles are even integers
        while value != value.rounded(.towardZero) { value *= 2; doublings += 1 }
        self.init(ExactInteger(Int64(value)).timesPowerOfTwo(halvings), ExactInteger(1).timesPowerOfTwo(doublings))
    }

    static func + (a: ExactRational, b: ExactRational) -> ExactRational {
        ExactRational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }

    static func - (a: ExactRational, b: ExactRational) -> ExactRational {
        ExactRational(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
    }

    static func * (a: ExactRational, b: ExactRational) -> ExactRational {
        ExactRational(a.numerator * b.numerator, a.denominator * b.denominator)
    }

    static func / (a: ExactRational, b: ExactRational) -> ExactRational {
        ExactRational(a.numerator * b.denominator, a.denominator * b.numerator)
    }

    /// −1, 0, 1 as a < b, a = b, a > b.
    static func compare(_ a: ExactRational, _ b: ExactRational) -> Int { (a - b).numerator.signum }

    static func < (a: ExactRational, b: ExactRational) -> Bool { compare(a, b) < 0 }
    static func > (a: ExactRational, b: ExactRational) -> Bool { compare(a, b) > 0 }
    static func == (a: ExactRational, b: ExactRational) -> Bool { compare(a, b) == 0 }

    var signum: Int { numerator.signum }

    /// The double nearest to this value, ties to the even significand: from an estimate, step
    /// towards the value while it lies more than half the gap to the next double away.
    var nearest: Double { rounded.value }

    /// The nearest double, and whether it equals this value.
    var rounded: (value: Double, isExact: Bool) {
        var candidate = numerator.estimate / denominator.estimate
        precondition(candidate.isFinite, "out of the estimate's range")
        for _ in 0..<8 {  // the estimate is within a few ulps
            let difference = self - ExactRational(candidate)
            if difference.signum == 0 { return (candidate, true) }
            let next = difference.signum > 0 ? candidate.nextUp : candidate.nextDown
            let gap = ExactRational(abs(next - candidate))  // adjacent doubles: a power of two, exact
            let twice = difference.signum > 0 ? difference + difference : ExactRational(0) - difference - difference
            switch Self.compare(twice, gap) {
            case 1: candidate = next
            case 0: return (candidate.significandBitPattern & 1 == 0 ? candidate : next, false)
            default: return (candidate, false)
            }
        }
        preconditionFailure(
            "estimate \(numerator.estimate / denominator.estimate) too far from \(numerator.limbs) / \(denominator.limbs)"
        )
    }
}
