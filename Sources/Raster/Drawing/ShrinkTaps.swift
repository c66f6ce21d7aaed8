import Dispatch

// How a drawing context draws an image smaller (docs/RENDERING.md §11.8.1): Core Graphics
// low-pass filters before it shrinks, so a drawn image's fine detail averages out instead of
// aliasing. Along each axis that shrinks, ivsim resamples the image to as many samples as the
// destination is wide (rounded up) with a Catmull-Rom cubic stretched by the reduction, the first
// and last samples on the first and last image pixels, and interpolates those samples bilinearly
// over the destination, all in fixed point; an axis that does not shrink keeps its bilinear taps.
// Measured against images UIKit drew: docs/UIKIT-REFERENCES.md.

/// The taps of one axis of a filtered draw: for each device pixel of a run, a run of source
/// pixels and their weights, which sum to `FilterAxis.one`.
struct FilterAxis {
    static let one: Int64 = 1 << 14

    /// Per device pixel: its first source pixel, and where its weights start in `weights`
    /// (the last entry closes the list).
    private(set) var first: [Int] = []
    private(set) var offsets: [Int] = [0]
    /// Each fits 16 bits: at most `maxPositive`, at least −(maxPositive − 2^14).
    private(set) var weights: [Int16] = []

    /// The most taps one device pixel of an axis may have, before building it: `count` source
    /// pixels mapped with `step` (2^-32 source pixels a device pixel).
    static func maxTaps(step: Int64, count: Int) -> Int {
        // Two neighbouring samples' taps: each spans at most 4·(n/m) + 3 pixels and they lie
        // (n − 1)/(m − 1) ≤ 2·(n/m) apart, with n/m ≤ r (m is at least the destination's width).
        let reduction = Int(min(step.magnitude >> 32, UInt64(Int32.max)))
        return min(count, 6 * (reduction + 1) + 6)
    }

    /// Whether `step` (2^-32 source pixels a device pixel) shrinks: more than one source pixel
    /// a device pixel.
    static func shrinks(_ step: Int64) -> Bool { step.magnitude > 1 << 32 }

    /// The taps of device pixels `pixels`, whose centres map to `start + p·step` (2^-32 source
    /// pixels) in a source of `count` pixels; an axis that does not shrink weighs its two taps by
    /// `magnification`'s table (Core Graphics' for a drawing, Core Animation's for an image view).
    init(pixels: Range<Int>, start: Int64, step: Int64, count: Int, magnification: BilinearWeights) {
        first.reserveCapacity(pixels.count)
        offsets.reserveCapacity(pixels.count + 1)
        // A shrinking axis is resampled as Core Graphics does: the image to m = ⌈n / r⌉ samples,
        // the destination's width in device pixels rounded up (Catmull-Rom, corner-aligned), and
        // those m samples interpolated bilinearly over the destination.
        let samples = Self.shrinks(step) ? Self.samples(count: count, step: step) : count
        guard samples < count else {
            // Bilinear: by `magnification` where the axis is not shrunk, exactly where it is.
            let table = Self.shrinks(step) ? BilinearWeights.exact : magnification
            for p in pixels {
                appendBilinear(centre: (start &+ Int64(p) &* step) >> 16, count: count, table: table)
                offsets.append(weights.count)
            }
            return
        }
        var stage = Resampling(count: count, samples: samples)
        for p in pixels {
            // The device pixel's centre in the m samples, rounded to 1/256 (the geometry's
            // resolution: a centre on a sample stays on it), then §4's bilinear taps there.
            let u = (start &+ Int64(p) &* step) >> 16  // 16.16 image pixels
            let v = CoverageRasterizer.floorDiv(u &* Int64(samples) + 128 * Int64(count), 256 * Int64(count)) << 8
            let (j0, j1, f) = BilinearWeights.exact.taps(v, samples)
            let nearest = stage.composite(j0, j1, j0 == j1 ? 0 : Int64(f))
            append(stage.mixed, nearest: nearest)
            offsets.append(weights.count)
        }
    }

    /// How many samples a shrinking axis resamples its `count` pixels to: the destination's
    /// width, n / r device pixels, first rounded to 1/256 (the geometry's resolution, so that a
    /// whole-pixel width quantised into `step` comes back whole), then up to a whole number.
    static func samples(count: Int, step: Int64) -> Int {
        let width = ((UInt64(count) << 40) + step.magnitude / 2) / step.magnitude  // 1/256 device pixels
        return max(1, Int((width + 255) >> 8))  // a destination under 1/512 of a pixel still takes one
    }

    /// Bilinear taps (§11.8, §4.2): t = centre − ½; the pixel ⌊t⌋ and the next, clamped; the
    /// second's weight by `table`, scaled to 2^14.
    private mutating func appendBilinear(centre: Int64, count: Int, table: BilinearWeights) {
        let (a, b, f) = table.taps(centre, count)
        first.append(a)
        if a == b {
            weights.append(Int16(Self.one))
        } else {
            weights.append(Int16((256 - f) << 6)); weights.append(Int16(f << 6))
        }
    }

    /// A device pixel's composite taps, or the pixel `nearest` alone when the positive weights
    /// would sum to more than `maxPositive` (every weight then fits 16 bits, and the passes' sums 32).
    private mutating func append(_ taps: Taps, nearest: Int) {
        guard taps.weights.reduce(0, { $0 + Int64(max($1, 0)) }) <= Self.maxPositive else {
            first.append(nearest)
            weights.append(Int16(Self.one))
            return
        }
        first.append(taps.first)
        for w in taps.weights { weights.append(Int16(w)) }
    }

    /// The most the positive weights of a device pixel may sum to (else it takes the nearest pixel).
    static let maxPositive: Int64 = (1 << 15) - 1

    /// A run of taps: its first image pixel and the weights of it and the pixels after it.
    struct Taps {
        var first = 0
        var weights: [Int32] = []
    }

    /// An image of `count` pixels resampled to `samples` (fewer) by Catmull-Rom: sample j lies at
    /// c = ½ + j·(n − 1)/(m − 1) image pixels (the middle when m = 1), its kernel stretched by
    /// r = n / m. Each sample's taps are made once, into one pool; a device pixel's mix of two
    /// samples is made into `mixed`, which the next replaces.
    struct Resampling {
        let count: Int, samples: Int
        let reduction: Int64  // n / m, 16.16
        /// Per sample, its first image pixel (−1 until it is made) and its weights' place in `pool`.
        private var firsts: [Int]
        private var places: [Range<Int>]
        private var pool: [Int32] = []
        /// The last composite's taps.
        private(set) var mixed = Taps()
        private var raw: [Int64] = [], sums: [Int64] = []

        init(count: Int, samples: Int) {
            self.count = count
            self.samples = samples
            reduction = (Int64(count) << 16) / Int64(samples)
            firsts = Array(repeating: -1, count: samples)
            places = Array(repeating: 0..<0, count: samples)
        }

        /// Sample j's centre in image pixels, 16.16.
        func centre(_ j: Int) -> Int64 {
            samples == 1 ? Int64(count) << 15 : 32768 + (Int64(j) * Int64(count - 1) << 16) / Int64(samples - 1)
        }

        /// Sample j's taps: every image pixel within two reductions of its centre, weighted by
        /// Catmull-Rom and normalised to 2^14 (the largest weight takes what rounding left); the
        /// nearest pixel alone if the weights do not sum above 0. Returns its first pixel and
        /// its weights' place in `pool`.
        private mutating func taps(_ j: Int) -> (first: Int, place: Range<Int>) {
            if firsts[j] >= 0 { return (firsts[j], places[j]) }
            let centre = centre(j), support = 2 * reduction
            let from = max(0, Int(CoverageRasterizer.floorDiv(centre - 32768 - support, 65536)))
            let hi = min(count - 1, Int(CoverageRasterizer.floorDiv(centre - 32768 + support, 65536)) + 1)
            raw.removeAll(keepingCapacity: true)
            var lo = from
            for i in from...max(from, hi) where i <= hi {
                let w = FilterAxis.catmullRom(
                    ((((Int64(i) << 16) + 32768 - centre).magnitude) << 16) / UInt64(reduction))
                if w == 0 && raw.isEmpty { lo += 1 } else { raw.append(w) }  // no taps of weight 0 at the ends
            }
            while raw.last == 0 { raw.removeLast() }
            let sum = raw.reduce(0, +)
            let start = pool.count
            if sum > 0 {
                for w in raw { pool.append(Int32(CoverageRasterizer.floorDiv(2 * w * FilterAxis.one + sum, 2 * sum))) }
                FilterAxis.normalise(&pool, start..<pool.count)
            } else {
                lo = min(max(Int(centre >> 16), 0), count - 1)
                pool.append(Int32(FilterAxis.one))
            }
            firsts[j] = lo
            places[j] = start..<pool.count
            return (lo, start..<pool.count)
        }

        /// The taps of a device pixel between samples j0 and j1, the second weighing f/256, into
        /// `mixed`: (256 − f)·w0 + f·w1 per image pixel, rounded to 2^14 (half up), the largest
        /// weight taking what rounding left. Returns the image pixel nearest sample j0.
        mutating func composite(_ j0: Int, _ j1: Int, _ f: Int64) -> Int {
            let a = taps(j0), nearest = min(max(Int(centre(j0) >> 16), 0), count - 1)
            mixed.weights.removeAll(keepingCapacity: true)
            guard f > 0 else {
                mixed.first = a.first
                mixed.weights.append(contentsOf: pool[a.place])
                return nearest
            }
            let b = taps(j1)
            let lo = min(a.first, b.first)
            let hi = max(a.first + a.place.count, b.first + b.place.count)
            sums.removeAll(keepingCapacity: true)
            sums.append(contentsOf: repeatElement(0, count: hi - lo))
            for (k, w) in pool[a.place].enumerated() { sums[a.first - lo + k] += (256 - f) * Int64(w) }
            for (k, w) in pool[b.place].enumerated() { sums[b.first - lo + k] += f * Int64(w) }
            mixed.first = lo
            for s in sums { mixed.weights.append(Int32(CoverageRasterizer.floorDiv(s + 128, 256))) }
            FilterAxis.normalise(&mixed.weights, 0..<mixed.weights.count)
            return nearest
        }
    }

    /// Rounded weights `weights[range]` made to sum to 2^14: what rounding left goes to the
    /// largest (the first of equals).
    static func normalise(_ weights: inout [Int32], _ range: Range<Int>) {
        guard var largest = range.first else { return }
        var sum: Int64 = 0
        for index in range {
            sum += Int64(weights[index])
            if weights[index] > weights[largest] { largest = index }
        }
        weights[largest] += Int32(one - sum)
    }

    /// Catmull-Rom (B = 0, C = ½) at |x| (16.16), in 16.16: with x2 = ⌊x²⌋ and x3 = ⌊x2·x⌋ in
    /// 16.16, (3·x3 − 5·x2 + 2) / 2 below 1, (−x3 + 5·x2 − 8·x + 4) / 2 below 2, else 0; the
    /// halving rounds down.
    static func catmullRom(_ x: UInt64) -> Int64 {
        guard x < 2 << 16 else { return 0 }
        let x = Int64(x)
        let x2 = (x * x) >> 16, x3 = (x2 * x) >> 16
        return x < 1 << 16 ? (3 * x3 - 5 * x2 + (2 << 16)) >> 1 : (-x3 + 5 * x2 - 8 * x + (4 << 16)) >> 1
    }

    /// Moves every tap `source` pixels on (an axis of a part of an image that starts there).
    mutating func offset(by source: Int) {
        guard source != 0 else { return }
        for index in first.indices { first[index] += source }
    }

    var count: Int { first.count }
    /// The most taps any device pixel has.
    var widest: Int { (0..<count).reduce(0) { max($0, offsets[$1 + 1] - offsets[$1]) } }
}

extension FilterAxis {
    /// What makes an axis of a drawing (Core Graphics' magnification): its device pixels, where
    /// the first one's centre maps and the step (2^-32 source pixels), and the source's length.
    typealias Parameters = (pixels: Range<Int>, start: Int64, step: Int64, count: Int)

    /// Two axes made side by side on two threads when together they have `parallelPixels` device
    /// pixels or more, else one after the other (each is made alone: the same taps either way).
    static func both(_ first: Parameters, _ second: Parameters) -> (FilterAxis, FilterAxis) {
        guard first.pixels.count + second.pixels.count >= parallelPixels else { return (made(first), made(second)) }
        var axes: [FilterAxis?] = [nil, nil]
        axes.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: 2) { index in slots[index] = made(index == 0 ? first : second) }
        }
        return (axes[0]!, axes[1]!)
    }

    /// About a tenth of a millisecond of taps: more than a thread's hand-over costs.
    static let parallelPixels = 512

    private static func made(_ axis: Parameters) -> FilterAxis {
        FilterAxis(
            pixels: axis.pixels, start: axis.start, step: axis.step, count: axis.count, magnification: .coreGraphics)
    }
}
