// Béziers to lines, in integers (docs/RENDERING.md §Paths). A curve of degree d with control
// points P0…Pd is cut into n pieces of equal parameter step, n by Wang's formula for a tolerance
// of 1/64 pixel: n = ⌈√(d(d−1)/8 · M / tol)⌉ with M the largest coordinate (in absolute value) of
// the second differences Pi − 2Pi+1 + Pi+2, all in 24.8 units (tol = 4), n at least 1 and at
// most 1,024. The point at t = i/n is the Bernstein sum with integer weights, divided by n^d and
// rounded to the nearest 24.8 unit (halves up): exact, the same on every machine.

enum Flattening {
    static let tolerance = 4
    static let maxPieces = 1_024

    /// Points after `p0` up to and including `p2`.
    static func quad(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint) -> [FixedPoint] {
        let n = quadPieces(p0, p1, p2)
        let n2 = n * n
        return (1...n).map { i in
            let a = (n - i) * (n - i), b = 2 * (n - i) * i, c = i * i
            return FixedPoint(
                x: roundedDiv(a * p0.x + b * p1.x + c * p2.x, n2), y: roundedDiv(a * p0.y + b * p1.y + c * p2.y, n2))
        }
    }

    /// Points after `p0` up to and including `p3`.
    static func cubic(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint) -> [FixedPoint] {
        let n = cubicPieces(p0, p1, p2, p3)
        let n3 = n * n * n
        return (1...n).map { i in
            let j = n - i
            let a = j * j * j, b = 3 * j * j * i, c = 3 * j * i * i, d = i * i * i
            return FixedPoint(
                x: roundedDiv(a * p0.x + b * p1.x + c * p2.x + d * p3.x, n3),
                y: roundedDiv(a * p0.y + b * p1.y + c * p2.y + d * p3.y, n3))
        }
    }

    /// How many lines a quadratic becomes: d(d−1)/8 = 1/4, so n² ≥ M / (4 · tol).
    static func quadPieces(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint) -> Int {
        pieces(ceilDiv(max(abs(p0.x - 2 * p1.x + p2.x), abs(p0.y - 2 * p1.y + p2.y)), 4 * tolerance))
    }

    /// How many lines a cubic becomes: d(d−1)/8 = 3/4, so n² ≥ 3M / (4 · tol).
    static func cubicPieces(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint) -> Int {
        let m = max(
            abs(p0.x - 2 * p1.x + p2.x), abs(p0.y - 2 * p1.y + p2.y), abs(p1.x - 2 * p2.x + p3.x),
            abs(p1.y - 2 * p2.y + p3.y))
        return pieces(ceilDiv(3 * m, 4 * tolerance))
    }

    /// The least n ≥ 1 with n² ≥ `square`, at most `maxPieces`.
    static func pieces(_ square: Int) -> Int {
        if square >= maxPieces * maxPieces { return maxPieces }
        var n = max(1, Int(Double(square).squareRoot()))
        while n * n < square { n += 1 }
        while n > 1 && (n - 1) * (n - 1) >= square { n -= 1 }
        return n
    }

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// a / b rounded to the nearest integer, halves up (b > 0).
    static func roundedDiv(_ a: Int, _ b: Int) -> Int {
        let twice = 2 * a + b, d = 2 * b
        return twice >= 0 ? twice / d : -((-twice + d - 1) / d)
    }
}
