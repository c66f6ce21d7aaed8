// How a two-tap bilinear sample weighs its taps (docs/RENDERING.md §4, §4.2 and §11.8). Along an
// axis that does not shrink, Core Animation and Core Graphics both round the fraction past the
// first tap's centre to the nearest eighth and look its weight up in a table; their tables differ
// at one and seven eighths (fitted to images UIKit rendered: docs/UIKIT-REFERENCES.md). Along an
// axis that shrinks, and between a shrinking axis's resampled samples, the weight is the fraction
// itself to 1/256.

/// How the second tap of a bilinear sample is weighed.
enum BilinearWeights {
    /// The fraction itself, to 1/256: (t >> 8) mod 256.
    case exact
    /// Core Animation's magnification, for image views (§4.2): 0, 1/16, 1/8, 1/4, 1/2, 3/4, 7/8,
    /// 15/16, 1 by the fraction rounded to eighths.
    case coreAnimation
    /// Core Graphics' magnification, for drawings (§11.8): 0, 0, 1/8, 1/4, 1/2, 3/4, 7/8, 1, 1 by
    /// the fraction rounded to eighths.
    case coreGraphics

    private static let coreAnimationTable: [Int] = [0, 16, 32, 64, 128, 192, 224, 240, 256]
    private static let coreGraphicsTable: [Int] = [0, 0, 32, 64, 128, 192, 224, 256, 256]

    /// The second tap's weight (1/256; 256 for the second tap alone) for `t`, the 16.16 distance
    /// past the first tap's centre. The tables take its fraction rounded to eighths, halves up:
    /// ((t mod 2^16) + 2^12) >> 13.
    @inline(__always)
    func weight(_ t: Int) -> Int {
        switch self {
        case .exact: return (t >> 8) & 0xFF
        case .coreAnimation: return Self.coreAnimationTable[((t & 0xFFFF) + 4096) >> 13]
        case .coreGraphics: return Self.coreGraphicsTable[((t & 0xFFFF) + 4096) >> 13]
        }
    }

    /// The two taps of a 16.16 source coordinate `u` in a source of `count` pixels, each clamped
    /// to it, and the second's weight: `taps(_:first:last:)` over pixels 0 … count − 1.
    @inline(__always)
    func taps(_ u: Int64, _ count: Int) -> (Int, Int, UInt64) {
        taps(u, first: 0, last: count - 1)
    }

    /// The two taps of a 16.16 source coordinate `u`, each clamped to pixels `first` … `last`,
    /// and the second's weight: t = u − ½, the pixel ⌊t⌋ and the next; a weight of 1 is the next
    /// pixel alone.
    @inline(__always)
    func taps(_ u: Int64, first: Int, last: Int) -> (Int, Int, UInt64) {
        let t = u - 32768
        var tap = Int(t >> 16)
        var w = weight(Int(t & 0xFFFF))
        if w == 256 { (tap, w) = (tap + 1, 0) }
        return (min(max(tap, first), last), min(max(tap + 1, first), last), UInt64(w))
    }

    /// Core Graphics' weights along an image axis whose coordinate moves by (`dx`, `dy`) (2^-32
    /// image pixels) a device pixel across and down: its table where that step is at most one
    /// image pixel long (the axis is not shrunk), the exact fraction where it is longer. The step
    /// counts as one pixel long up to dx² + dy² ≤ 2^64 + 2^34, compared exactly: each coefficient
    /// is rounded to 2^-32 on its own (PixelMapping), which moves the sum of squares of a step one
    /// pixel long by up to |dx| + |dy| ≤ 2^33, so a draw at its own size turned by any angle is
    /// not shrunk.
    static func drawing(_ dx: Int64, _ dy: Int64) -> BilinearWeights {
        let x = dx.magnitude.multipliedFullWidth(by: dx.magnitude)
        let y = dy.magnitude.multipliedFullWidth(by: dy.magnitude)
        let (low, carry) = x.low.addingReportingOverflow(y.low)
        let high = x.high + y.high + (carry ? 1 : 0)  // |dx|, |dy| ≤ 2^63: no overflow past 2^127
        return high > 1 || (high == 1 && low > 1 << 34) ? .exact : .coreGraphics
    }
}
