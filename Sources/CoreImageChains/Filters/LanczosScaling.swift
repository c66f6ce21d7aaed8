// CILanczosScaleTransform (docs/COREIMAGE.md §Geometry): the input scaled by sx = scale × aspect
// ratio across and sy = scale up, each axis resampled by a Lanczos-3 kernel — stretched by 1/s
// when it shrinks, so that every input pixel counts — rows first, then columns, over premultiplied
// working pixels, transparent beyond the input. Apple describes the filter without a formula
// ("a high-quality scaling transformation"); the kernel is the usual one of that name.

import Raster

/// One axis's taps: for each output pixel, the first input pixel it reads and its weights.
struct LanczosAxis: Sendable {
    /// Output pixel k of the axis (its index from `origin`) reads input pixels first[k] ..< first[k] + weights[k].count.
    let first: [Int]
    let weights: [[Float]]

    /// Lanczos-3: sinc(x)·sinc(x/3) for |x| < 3, 1 at 0, with sinc(x) = sin(πx)/(πx) from Raster's
    /// Trigonometry (binary64).
    static func kernel(_ x: Double) -> Double {
        let ax = abs(x)
        guard ax < 3 else { return 0 }
        guard ax > 0 else { return 1 }
        let (s1, _) = Trigonometry.sinCos(degrees: ax * 180)
        let (s3, _) = Trigonometry.sinCos(degrees: ax * 60)
        return (s1 / (Double.pi * ax)) * (s3 / (Double.pi * ax / 3))
    }

    /// The taps of output pixels `start ..< start + count` along an axis scaled by `scale`: output
    /// centre X + ½ maps to u = (X + ½)/scale; with the support f = max(1, 1/scale), input pixel i
    /// (centre i + ½) weighs L((i + ½ − u)/f) for ⌈u − ½ − 3f⌉ ≤ i ≤ ⌊u − ½ + 3f⌋, the weights
    /// divided by their sum (added in order; an output whose sum is 0 reads nothing) and rounded to
    /// binary32.
    init(start: Int, count: Int, scale: Double) {
        let f = max(1, 1 / scale)
        var first: [Int] = [], weights: [[Float]] = []
        first.reserveCapacity(count)
        weights.reserveCapacity(count)
        for k in 0..<count {
            let u = (Double(start + k) + 0.5) / scale
            let lo = Int((u - 0.5 - 3 * f).rounded(.up)), hi = Int((u - 0.5 + 3 * f).rounded(.down))
            let raw = hi >= lo ? (lo...hi).map { Self.kernel((Double($0) + 0.5 - u) / f) } : []
            let sum = raw.reduce(0, +)
            first.append(lo)
            weights.append(sum != 0 ? raw.map { Float($0 / sum) } : [])
        }
        self.first = first
        self.weights = weights
    }

    /// The input pixels the axis's outputs read: lowest ..< highest + 1, or nil.
    var span: (Int, Int)? {
        var lo = Int.max, hi = Int.min
        for (k, w) in weights.enumerated() where !w.isEmpty {
            lo = min(lo, first[k])
            hi = max(hi, first[k] + w.count)
        }
        return lo < hi ? (lo, hi) : nil
    }
}

/// The scaling node.
struct LanczosScale: Sendable {
    let sx: Double
    let sy: Double

    /// The most taps a side a scale may use (a scale of 1/500 reads 3,000 a side).
    static let smallestScale = 1.0 / 500
    static let largestScale = 1000.0

    func extent(of input: Extent) -> Extent {
        guard case let .rect(x, y, w, h) = input else { return .infinite }
        guard !input.isEmpty else { return .empty }
        let left = (x * sx).rounded(.down), bottom = (y * sy).rounded(.down)
        let right = ((x + w) * sx).rounded(.up), top = ((y + h) * sy).rounded(.up)
        return .rect(x: left, y: bottom, width: right - left, height: top - bottom)
    }

    /// The taps of `region`'s columns and rows.
    func axes(_ region: PixelRegion) -> (LanczosAxis, LanczosAxis) {
        (
            LanczosAxis(start: region.x, count: region.width, scale: sx),
            LanczosAxis(start: region.y, count: region.height, scale: sy)
        )
    }

    /// The input region `region`'s taps read, cut to the input's extent; nil when they read nothing.
    func source(of region: PixelRegion, input: Extent) -> PixelRegion? {
        let f = (max(1, 1 / sx), max(1, 1 / sy))
        return Resampling.region(
            left: (Double(region.x) / sx - 0.5 - 3 * f.0).rounded(.down),
            bottom: (Double(region.y) / sy - 0.5 - 3 * f.1).rounded(.down),
            right: (Double(region.x + region.width) / sx + 3 * f.0).rounded(.up),
            top: (Double(region.y + region.height) / sy + 3 * f.1).rounded(.up), in: input)
    }

    /// Taps a pixel of the region: the most the two passes read.
    func taps() -> Int { 2 * (Int((6 * max(1, 1 / sx)).rounded(.up)) + Int((6 * max(1, 1 / sy)).rounded(.up)) + 2) }

    /// Rows (each input row to the region's columns), then columns, sums in tap order.
    func apply(_ source: WorkingImage?, to region: PixelRegion) -> WorkingImage {
        var out = WorkingImage(region)
        guard let source else { return out }
        let s = source.region
        let (columns, rows) = axes(region)
        // Rows pass: for each input row, the region's columns.
        var across = [WorkingPixel](repeating: .zero, count: region.width * s.height)
        for j in 0..<s.height {
            let y = s.y + j
            for k in 0..<region.width {
                var sum = WorkingPixel.zero
                for (t, w) in columns.weights[k].enumerated() {
                    let i = columns.first[k] + t
                    if i >= s.x && i < s.x + s.width { sum += w * source.pixels[source.index(i, y)] }
                }
                across[j * region.width + k] = sum
            }
        }
        // Columns pass: for each output row, its input rows, each tap added to the whole row of
        // sums before the next (every pixel's sum in tap order, as one pixel at a time: the same
        // values; reading one pixel from each input row per pixel took several times as long).
        for k in 0..<region.height {
            let start = out.index(region.x, region.y + k)
            for (t, w) in rows.weights[k].enumerated() {
                let j = rows.first[k] + t - s.y
                guard j >= 0 && j < s.height else { continue }
                let from = j * region.width
                for x in 0..<region.width { out.pixels[start + x] += w * across[from + x] }
            }
        }
        return out
    }
}
