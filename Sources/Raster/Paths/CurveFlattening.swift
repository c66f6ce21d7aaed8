// How a path's curves become lines (docs/RENDERING.md §10.1). Two rules:
//
// - `fine`: Wang's formula for 1/64 pixel, equal steps of the parameter (`Flattening`): ivsim's
//   rule for every vector format and for Core Graphics' own paths.
// - `flatness(f)`: UIBezierPath's `flatness` (0.6 by default), which UIKit's fills of a path show
//   as chords: each curve (a quadratic raised to a cubic first) is halved at t = ½, and each half
//   again, until a piece's control polygon has second differences of at most f/4 pixel in each
//   coordinate, at most 10 halvings deep. Fitted to UIKit's own fill of a path through
//   UIBezierPath (swift-snapshot-testing's heart, Tests/UIKitReferences/swift-snapshot-testing:
//   every pixel within 1/255).
//
// A cubic's piece [a, a + h] has the second differences h²·L(a) and h²·L(a + h), where
// L(t) = (1 − t)·D0 + t·D1 and D0 = P0 − 2P1 + P2, D1 = P1 − 2P2 + P3: so the test needs no
// subdivided control points. At t = k/2^j, 2^j·L(t) = (2^j − k)·D0 + k·D1 is exact in integers
// (24.8 units in device space) and the piece fits when that vector's largest coordinate is at most
// (f/4 pixel) · 2^(3j). A raised quadratic has D0 = D1 = (Q0 − 2Q1 + Q2)/3, the same at every t.

/// The rule that turns a path's curves into lines.
public enum CurveFlattening: Equatable, Hashable, Sendable {
    /// Wang's formula for 1/64 pixel (Core Graphics' own paths, SVG, PDF, symbols).
    case fine
    /// UIBezierPath's flatness, in device pixels (UIKit's default 0.6).
    case flatness(Double)

    /// UIBezierPath's default flatness [Apple: UIBezierPath.flatness].
    public static let bezierPathDefault = 0.6
    /// What a Core Graphics context flattens its own paths with (CGContext fills, strokes and
    /// clips, and UIBezierPath.addClip()), measured: the halvings of a flatness of 0.25 give UIKit's
    /// fill of swift-snapshot-testing's CGPath heart within 1/255, and AlamofireImage's and Nuke's
    /// clips within 1 to 7 of 255 where `fine` was 4 to 12 off (any flatness from 0.232 to 0.30
    /// halves those curves alike: docs/RENDERING.md §10.1).
    public static let contextDefault = 0.25
    /// The deepest halving: at most 2^10 = 1,024 pieces a curve, as `fine` allows.
    static let maxDepth = 10
}

extension CurveFlattening {
    /// The ends of the pieces, as (k, j): a piece ends at t = k / 2^j, in order along the curve.
    /// `fits(k, j)` says whether the piece [k/2^j, (k+1)/2^j] is flat enough.
    static func pieceEnds(fits: (_ k: Int, _ j: Int) -> Bool) -> [(k: Int, j: Int)] {
        var ends: [(k: Int, j: Int)] = []
        var pending: [(k: Int, j: Int)] = [(0, 0)]
        while let (k, j) = pending.popLast() {
            if j >= maxDepth || fits(k, j) {
                ends.append((k + 1, j))
            } else {
                pending.append((2 * k + 1, j + 1))
                pending.append((2 * k, j + 1))
            }
        }
        return ends
    }

    /// The halving test of a cubic with second differences `d0`, `d1` (any units) against `limit`
    /// (the same units): the larger coordinate of (2^j − k)·d0 + k·d1 at both ends of the piece
    /// against limit · 2^(3j).
    static func cubicFits(_ d0: (Double, Double), _ d1: (Double, Double), limit: Double) -> (Int, Int) -> Bool {
        { k, j in
            let n = Double(1 << j), bound = limit * Double(1 << (3 * j))
            for e in [Double(k), Double(k + 1)] {
                let x = (n - e) * d0.0 + e * d1.0, y = (n - e) * d0.1 + e * d1.1
                if max(abs(x), abs(y)) > bound { return false }
            }
            return true
        }
    }

    /// The same for a quadratic raised to a cubic (second differences `d`/3 at every t): |d| ≤
    /// 3 · limit · 2^(2j).
    static func quadFits(_ d: (Double, Double), limit: Double) -> (Int, Int) -> Bool {
        { _, j in max(abs(d.0), abs(d.1)) <= 3 * limit * Double(1 << (2 * j)) }
    }
}
