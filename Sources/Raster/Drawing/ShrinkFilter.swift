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
    /// pixels) in a source of `count` pixels.
    init(pixels: Range<Int>, start: Int64, step: Int64, count: Int) {
        first.reserveCapacity(pixels.count)
        offsets.reserveCapacity(pixels.count + 1)
        // A shrinking axis is resampled as Core Graphics does: the image to m = ⌈n / r⌉ samples,
        // the destination's width in device pixels rounded up (Catmull-Rom, corner-aligned), and
        // those m samples interpolated bilinearly over the destination.
        let samples = Self.shrinks(step) ? Self.samples(count: count, step: step) : count
        guard samples < count else {
            for p in pixels {
                appendBilinear(centre: (start &+ Int64(p) &* step) >> 16, count: count)
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
            let (j0, j1, f) = ImageShader.taps(v, samples)
            append(stage.composite(j0, j1, j0 == j1 ? 0 : Int64(f)))
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

    /// Bilinear taps (§4): t = centre − ½; the pixel ⌊t⌋ and the next, clamped; the second's
    /// weight (t / 2^8) mod 256, scaled to 2^14.
    private mutating func appendBilinear(centre: Int64, count: Int) {
        let (a, b, f) = ImageShader.taps(centre, count)
        first.append(a)
        if a == b {
            weights.append(Int16(Self.one))
        } else {
            weights.append(Int16((256 - f) << 6)); weights.append(Int16(f << 6))
        }
    }

    /// A device pixel's composite taps, or the nearest pixel when the positive weights would sum
    /// to more than `maxPositive` (every weight then fits 16 bits, and the passes' sums 32).
    private mutating func append(_ taps: (first: Int, weights: [Int32], nearest: Int)) {
        guard taps.weights.reduce(0, { $0 + Int64(max($1, 0)) }) <= Self.maxPositive else {
            first.append(taps.nearest)
            weights.append(Int16(Self.one))
            return
        }
        first.append(taps.first)
        weights.append(contentsOf: taps.weights.map { Int16($0) })
    }

    /// The most the positive weights of a device pixel may sum to (else it takes the nearest pixel).
    static let maxPositive: Int64 = (1 << 15) - 1

    /// An image of `count` pixels resampled to `samples` (fewer) by Catmull-Rom: sample j lies at
    /// c = ½ + j·(n − 1)/(m − 1) image pixels (the middle when m = 1), its kernel stretched by
    /// r = n / m. Each sample's taps are made once.
    struct Resampling {
        let count: Int, samples: Int
        let reduction: Int64  // n / m, 16.16
        private var made: [(first: Int, weights: [Int32])?]

        init(count: Int, samples: Int) {
            self.count = count
            self.samples = samples
            reduction = (Int64(count) << 16) / Int64(samples)
            made = Array(repeating: nil, count: samples)
        }

        /// Sample j's centre in image pixels, 16.16.
        func centre(_ j: Int) -> Int64 {
            samples == 1 ? Int64(count) << 15 : 32768 + (Int64(j) * Int64(count - 1) << 16) / Int64(samples - 1)
        }

        /// Sample j's taps: every image pixel within two reductions of its centre, weighted by
        /// Catmull-Rom and normalised to 2^14 (the largest weight takes what rounding left); the
        /// nearest pixel alone if the weights do not sum above 0.
        mutating func taps(_ j: Int) -> (first: Int, weights: [Int32]) {
            if let done = made[j] { return done }
            let centre = centre(j), support = 2 * reduction
            let from = max(0, Int(CoverageRasterizer.floorDiv(centre - 32768 - support, 65536)))
            let hi = min(count - 1, Int(CoverageRasterizer.floorDiv(centre - 32768 + support, 65536)) + 1)
            var raw: [Int64] = []
            var lo = from
            for i in from...max(from, hi) where i <= hi {
                let w = FilterAxis.catmullRom(
                    ((((Int64(i) << 16) + 32768 - centre).magnitude) << 16) / UInt64(reduction))
                if w == 0 && raw.isEmpty { lo += 1 } else { raw.append(w) }  // no taps of weight 0 at the ends
            }
            while raw.last == 0 { raw.removeLast() }
            let sum = raw.reduce(0, +)
            let result: (first: Int, weights: [Int32])
            if sum > 0 {
                result = (
                    lo,
                    FilterAxis.normalised(
                        raw.map { CoverageRasterizer.floorDiv(2 * $0 * FilterAxis.one + sum, 2 * sum) })
                )
            } else {
                result = (min(max(Int(centre >> 16), 0), count - 1), [Int32(FilterAxis.one)])
            }
            made[j] = result
            return result
        }

        /// The taps of a device pixel between samples j0 and j1, the second weighing f/256:
        /// (256 − f)·w0 + f·w1 per image pixel, rounded to 2^14 (half up), the largest weight
        /// taking what rounding left.
        mutating func composite(_ j0: Int, _ j1: Int, _ f: Int64) -> (first: Int, weights: [Int32], nearest: Int) {
            let a = taps(j0), nearest = min(max(Int(centre(j0) >> 16), 0), count - 1)
            guard f > 0 else { return (a.first, a.weights, nearest) }
            let b = taps(j1)
            let lo = min(a.first, b.first), hi = max(a.first + a.weights.count, b.first + b.weights.count)
            var mixed = [Int64](repeating: 0, count: hi - lo)
            for (k, w) in a.weights.enumerated() { mixed[a.first - lo + k] += (256 - f) * Int64(w) }
            for (k, w) in b.weights.enumerated() { mixed[b.first - lo + k] += f * Int64(w) }
            return (lo, FilterAxis.normalised(mixed.map { CoverageRasterizer.floorDiv($0 + 128, 256) }), nearest)
        }
    }

    /// Rounded weights made to sum to 2^14: what rounding left goes to the largest (the first of
    /// equals).
    static func normalised(_ rounded: [Int64]) -> [Int32] {
        var weights = rounded.map { Int32($0) }
        // the first of equals
        guard let largest = weights.indices.max(by: { weights[$0] < weights[$1] }) else { return weights }
        weights[largest] += Int32(one - rounded.reduce(0, +))
        return weights
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

    var count: Int { first.count }
    /// The most taps any device pixel has.
    var widest: Int { (0..<count).reduce(0) { max($0, offsets[$1 + 1] - offsets[$1]) } }
}

/// An image filtered onto a box of device pixels, axis by axis: horizontally into rows of
/// 1/128 levels (rounded, clamped to 0…255 levels), then vertically, rounded to levels, clamped to
/// 0…255 and each colour to its alpha. Rows of the horizontal pass are kept in a ring as long as
/// the vertical taps use them, and output rows are made as they are asked for, top to bottom.
/// Every sum fits 32 bits: a first-pass sum is at most 255 × 32,767, a second-pass one at most
/// 32,640 × 32,767 + 2^20 (FilterAxis.maxPositive).
struct FilteredImage {
    let image: SourceImage
    let columns: FilterAxis, rows: FilterAxis
    let box: PixelRect
    /// Horizontally filtered source rows in 1/128 levels, `box.width` × 4 channels each, in slot
    /// (row mod capacity).
    private var ring: [Int16]
    private let capacity: Int
    private var kept = 1..<1  // source rows in the ring
    /// The vertical sums of one output row, and the row.
    private var sums: [Int32]
    private var row: [UInt32]
    private var madeRow = Int.min

    /// The horizontally filtered cells kept at most (8 bytes each, 128 MiB): 2^24; the bands of
    /// `whole` share it.
    static let maxCells = 1 << 24

    init(image: SourceImage, columns: FilterAxis, rows: FilterAxis, box: PixelRect) {
        self.image = image
        self.columns = columns
        self.rows = rows
        self.box = box
        capacity = max(1, rows.widest)
        ring = []  // made by the first row filtered, so that a band's copy makes its own
        sums = Array(repeating: 0, count: box.width * 4)
        row = Array(repeating: 0, count: box.width)
    }

    /// The filtered pixel at device (x, y), inside `box`; rows are asked for in order.
    mutating func pixel(_ x: Int, _ y: Int) -> UInt32 {
        if y != madeRow { make(row: y - box.y); madeRow = y }
        return row[x - box.x]
    }

    /// Up to this many pixels, a box is filtered whole before it is painted, its rows in bands on
    /// the machine's cores (each band filters the image rows it needs itself, so the bytes are
    /// the same as row by row); a larger box is filtered row by row as it is painted.
    static let maxWhole = 1 << 22
    static let bands = 2

    /// Every pixel of `box`, row by row, or nil when the box is larger than `maxWhole` or the
    /// bands' rings together would pass `maxCells`.
    func whole() -> [UInt32]? {
        guard box.area <= Self.maxWhole, capacity * box.width * Self.bands <= Self.maxCells else { return nil }
        let (width, height) = (box.width, box.height)
        return [UInt32](unsafeUninitializedCapacity: box.area) { buffer, count in
            nonisolated(unsafe) let target = buffer.baseAddress!
            let bandRows = (height + Self.bands - 1) / Self.bands
            DispatchQueue.concurrentPerform(iterations: Self.bands) { band in
                var filter = self  // a ring of its own
                for index in min(height, band * bandRows)..<min(height, (band + 1) * bandRows) {
                    filter.make(row: index)
                    filter.row.withUnsafeBufferPointer {
                        (target + index * width).initialize(from: $0.baseAddress!, count: width)
                    }
                }
            }
            count = box.area
        }
    }

    // Both passes multiply 16-bit numbers into 32-bit sums (pixels and first-pass values are at
    // most 32,640, weights within ±2^15), which a vector unit does eight at a time.

    private mutating func make(row index: Int) {
        let lo = rows.first[index], taps = rows.offsets[index]..<rows.offsets[index + 1]
        let needed = lo..<(lo + taps.count)
        for source in needed where !kept.contains(source) { filterRow(source) }
        kept = needed
        let lanes = box.width * 4, capacity = capacity
        sums.withUnsafeMutableBufferPointer { sums in
            let sums = sums.baseAddress!
            ring.withUnsafeBufferPointer { ring in
                rows.weights.withUnsafeBufferPointer { weights in
                    for c in 0..<lanes { sums[c] = 1 << 20 }
                    for (k, t) in taps.enumerated() {
                        let w = Int32(weights[t]), cells = ring.baseAddress! + ((lo + k) % capacity) * lanes
                        for c in 0..<lanes { sums[c] &+= w &* Int32(cells[c]) }
                    }
                }
            }
            row.withUnsafeMutableBufferPointer { row in
                for column in 0..<row.count {
                    row[column] = Self.pixel(
                        SIMD4<Int32>(sums[4 * column], sums[4 * column + 1], sums[4 * column + 2], sums[4 * column + 3])
                    )
                }
            }
        }
    }

    /// The first pass at one place: Σ w·P over `count` taps, in 1/128 levels, rounded and held
    /// to 0…255 levels.
    @inline(__always)
    static func firstPass(_ taps: UnsafePointer<UInt64>, _ weights: UnsafePointer<Int16>, _ count: Int) -> SIMD4<Int32>
    {
        func lanes(_ k: Int) -> SIMD4<Int32> {
            SIMD4(truncatingIfNeeded: unsafeBitCast(taps[k], to: SIMD4<Int16>.self))
        }
        var sum = SIMD4<Int32>(repeating: 64)
        var k = 0
        while k + 1 < count {  // two taps at a time: one multiply-add of 16-bit pairs
            sum &+=
                lanes(k) &* SIMD4(repeating: Int32(weights[k])) &+ lanes(k + 1)
                &* SIMD4(repeating: Int32(weights[k + 1]))
            k += 2
        }
        if k < count { sum &+= lanes(k) &* SIMD4(repeating: Int32(weights[k])) }
        return (sum &>> 7).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 32640))
    }

    /// A second-pass sum (with its 2^20 already added) as a pixel: levels, clamped to 0…255, each
    /// colour to the alpha.
    @inline(__always)
    static func pixel(_ sums: SIMD4<Int32>) -> UInt32 {
        let c = (sums &>> 21).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let a = c[3]
        return UInt32(min(c[0], a)) | UInt32(min(c[1], a)) << 8 | UInt32(min(c[2], a)) << 16 | UInt32(a) << 24
    }

    private mutating func filterRow(_ source: Int) {
        let width = box.width, base = (source % capacity) * width * 4
        if ring.isEmpty { ring = Array(repeating: 0, count: capacity * width * 4) }
        image.spread.withUnsafeBufferPointer { pixels in
            let pixels = pixels.baseAddress! + source * image.width
            ring.withUnsafeMutableBufferPointer { ring in
                let cells = ring.baseAddress! + base
                columns.weights.withUnsafeBufferPointer { weights in
                    columns.first.withUnsafeBufferPointer { first in
                        columns.offsets.withUnsafeBufferPointer { offsets in
                            for column in 0..<width {
                                let v = Self.firstPass(
                                    pixels + first[column], weights.baseAddress! + offsets[column],
                                    offsets[column + 1] - offsets[column])
                                cells[4 * column] = Int16(truncatingIfNeeded: v[0])
                                cells[4 * column + 1] = Int16(truncatingIfNeeded: v[1])
                                cells[4 * column + 2] = Int16(truncatingIfNeeded: v[2])
                                cells[4 * column + 3] = Int16(truncatingIfNeeded: v[3])
                            }
                        }
                    }
                }
            }
        }
    }
}

extension DrawingContext {
    /// The refusal of a draw whose first pass would keep more than `FilteredImage.maxCells`
    /// (judged by `maxTaps`, an upper bound of every row's taps).
    static func tooManyCells(_ image: SourceImage, _ box: PixelRect) -> DrawingFailure {
        .tooComplex(
            "an image \(image.width) × \(image.height) pixels drawn \(box.width) × \(box.height) pixels would keep more than "
                + "\(FilteredImage.maxCells) filtered cells while it shrinks: draw a smaller image, or less unevenly scaled"
        )
    }

    /// The shrinking filter's image for a draw of `image` whose device pixels map to it by
    /// `mapping`, over the pixels `paint` will visit for `region`; nil when the filter does not
    /// apply: the mapping mixes the axes (a quarter turn: TurnedFilteredImage), or the image is drawn at its size or larger
    /// along both axes (bilinear, §11.8). The work is charged before anything is made.
    mutating func filtered(_ image: SourceImage, mapping: PixelMapping, region: Region) throws(DrawingFailure)
        -> FilteredImage?
    {
        guard mapping.uy == 0, mapping.vx == 0, FilterAxis.shrinks(mapping.ux) || FilterAxis.shrinks(mapping.vy) else {
            return nil
        }
        let box = paintedBox(region)
        guard !box.isEmpty else { return nil }
        let tapsX = FilterAxis.maxTaps(step: mapping.ux, count: image.width)
        let tapsY = FilterAxis.maxTaps(step: mapping.vy, count: image.height)
        guard Self.cost(tapsY, box.width) <= FilteredImage.maxCells else { throw Self.tooManyCells(image, box) }
        // The first pass counted once per band: bands filter the image rows they share again.
        let sourceRows = min(image.height, Self.cost(box.height, tapsY))
        let taps = Self.cost(box.width, tapsX) &+ Self.cost(box.height, tapsY)
        try charge(
            Self.cost(taps, DrawingCost.filterTap)
                &+ Self.cost(Self.cost(Self.cost(sourceRows, box.width), tapsX), FilteredImage.bands)
                &+ Self.cost(Self.cost(box.area, tapsY), 2))
        let columns = FilterAxis(
            pixels: box.x..<(box.x + box.width), start: mapping.u0, step: mapping.ux, count: image.width)
        let rows = FilterAxis(
            pixels: box.y..<(box.y + box.height), start: mapping.v0, step: mapping.vy, count: image.height)
        return FilteredImage(image: image, columns: columns, rows: rows, box: box)
    }
}
