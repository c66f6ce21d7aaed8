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
        return (1...n).map { i in quadPoint(p0, p1, p2, i, n) }
    }

    /// Points after `p0` up to and including `p3`.
    static func cubic(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint) -> [FixedPoint] {
        let n = cubicPieces(p0, p1, p2, p3)
        return (1...n).map { i in cubicPoint(p0, p1, p2, p3, i, n) }
    }

    /// Points after `p0` up to and including `p2`, by `rule`.
    static func quad(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ rule: CurveFlattening) -> [FixedPoint] {
        guard case let .flatness(f) = rule else { return quad(p0, p1, p2) }
        return quadEnds(p0, p1, p2, flatness: f).map { k, j in quadPoint(p0, p1, p2, k, 1 << j) }
    }

    /// Points after `p0` up to and including `p3`, by `rule`.
    static func cubic(
        _ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint, _ rule: CurveFlattening
    ) -> [FixedPoint] {
        guard case let .flatness(f) = rule else { return cubic(p0, p1, p2, p3) }
        return cubicEnds(p0, p1, p2, p3, flatness: f).map { k, j in cubicPoint(p0, p1, p2, p3, k, 1 << j) }
    }

    /// How many lines a quadratic becomes by `rule`.
    static func quadPieces(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ rule: CurveFlattening) -> Int {
        guard case let .flatness(f) = rule else { return quadPieces(p0, p1, p2) }
        return quadEnds(p0, p1, p2, flatness: f).count
    }

    /// How many lines a cubic becomes by `rule`.
    static func cubicPieces(
        _ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint, _ rule: CurveFlattening
    ) -> Int {
        guard case let .flatness(f) = rule else { return cubicPieces(p0, p1, p2, p3) }
        return cubicEnds(p0, p1, p2, p3, flatness: f).count
    }

    /// UIBezierPath's halvings of a quadratic (CurveFlattening.swift), the limit f/4 pixel in 24.8
    /// units (64·f).
    static func quadEnds(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, flatness f: Double) -> [(k: Int, j: Int)]
    {
        let d = (Double(p0.x - 2 * p1.x + p2.x), Double(p0.y - 2 * p1.y + p2.y))
        return CurveFlattening.pieceEnds(fits: CurveFlattening.quadFits(d, limit: 64 * f))
    }

    /// UIBezierPath's halvings of a cubic.
    static func cubicEnds(
        _ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint, flatness f: Double
    ) -> [(k: Int, j: Int)] {
        let d0 = (Double(p0.x - 2 * p1.x + p2.x), Double(p0.y - 2 * p1.y + p2.y))
        let d1 = (Double(p1.x - 2 * p2.x + p3.x), Double(p1.y - 2 * p2.y + p3.y))
        return CurveFlattening.pieceEnds(fits: CurveFlattening.cubicFits(d0, d1, limit: 64 * f))
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

    /// The quadratic's point at t = i/n: the Bernstein sum with integer weights over n², rounded.
    static func quadPoint(_ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ i: Int, _ n: Int) -> FixedPoint {
        let n2 = n * n
        let a = (n - i) * (n - i), b = 2 * (n - i) * i, c = i * i
        return FixedPoint(
            x: roundedDiv(a * p0.x + b * p1.x + c * p2.x, n2), y: roundedDiv(a * p0.y + b * p1.y + c * p2.y, n2))
    }

    /// The cubic's point at t = i/n, over n³.
    static func cubicPoint(
        _ p0: FixedPoint, _ p1: FixedPoint, _ p2: FixedPoint, _ p3: FixedPoint, _ i: Int, _ n: Int
    ) -> FixedPoint {
        let j = n - i, n3 = n * n * n
        let a = j * j * j, b = 3 * j * j * i, c = 3 * j * i * i, d = i * i * i
        return FixedPoint(
            x: roundedDiv(a * p0.x + b * p1.x + c * p2.x + d * p3.x, n3),
            y: roundedDiv(a * p0.y + b * p1.y + c * p2.y + d * p3.y, n3))
    }

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// a / b rounded to the nearest integer, halves up (b > 0).
    static func roundedDiv(_ a: Int, _ b: Int) -> Int {
        let twice = 2 * a + b, d = 2 * b
        return twice >= 0 ? twice / d : -((-twice + d - 1) / d)
    }
}
