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

    /// Moves every tap `source` pixels on (an axis of a part of an image that starts there).
    mutating func offset(by source: Int) {
        guard source != 0 else { return }
        for index in first.indices { first[index] += source }
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
///
/// Both passes multiply 16-bit numbers into 32-bit sums eight at a time, pairs of products added
/// (what SSE2's `pmaddwd` does): the first pass over each channel's plane of an image row, eight
/// taps of one device column at once; the second over two ring rows interleaved, two taps of
/// eight lanes at once. Integer sums do not depend on their order, so the bytes are those of
/// one tap after another (`ShrinkFilterTests` recomputes them so).
struct FilteredImage {
    let image: SourceImage
    let columns: FilterAxis, rows: FilterAxis
    let box: PixelRect
    /// The column taps' weights, each device column's padded with zeros to a multiple of eight,
    /// and where each column's start (the last entry closes the list).
    private let columnWeights: [Int16]
    private let columnStarts: [Int]
    /// The image columns any device column reads.
    private let usedColumns: Range<Int>
    /// One image row's channels, a plane each of `planeStride` (the image's width and eight zeros
    /// that padded taps read).
    private var planes: [Int16] = []
    private let planeStride: Int
    /// Horizontally filtered source rows in 1/128 levels, 4 channels a device column, `stride`
    /// lanes a row (a multiple of eight), in slot (row mod capacity).
    private var ring: [Int16]
    private let capacity: Int, stride: Int
    private var kept = 1..<1  // source rows in the ring
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
        stride = (box.width * 4 + 7) & ~7
        planeStride = image.width + 8
        var weights: [Int16] = [], starts = [0]
        var lo = image.width, hi = 0
        for column in 0..<columns.count {
            let taps = columns.offsets[column]..<columns.offsets[column + 1]
            weights.append(contentsOf: columns.weights[taps])
            weights.append(contentsOf: repeatElement(0, count: (8 - taps.count % 8) % 8))
            starts.append(weights.count)
            lo = min(lo, columns.first[column])
            hi = max(hi, columns.first[column] + taps.count)
        }
        columnWeights = weights
        columnStarts = starts
        usedColumns = lo..<max(lo, hi)
        ring = []  // made by the first row filtered, so that a band's copy makes its own
        row = Array(repeating: 0, count: box.width)
    }

    /// The filtered pixel at device (x, y), inside `box`; rows are asked for in order.
    mutating func pixel(_ x: Int, _ y: Int) -> UInt32 {
        if y != madeRow {
            var out: [UInt32] = []
            swap(&out, &row)  // out of self while make(row:into:) changes self
            out.withUnsafeMutableBufferPointer { make(row: y - box.y, into: $0.baseAddress!) }
            row = out
            madeRow = y
        }
        return row[x - box.x]
    }

    /// Device row `y` (inside `box`) into `target`, `box.width` pixels; rows are asked for in order.
    mutating func row(_ y: Int, into target: UnsafeMutablePointer<UInt32>) {
        make(row: y - box.y, into: target)
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
                    filter.make(row: index, into: target + index * width)
                }
            }
            count = box.area
        }
    }

    /// Output row `index` of the box into `target` (`box.width` pixels): the second pass over the
    /// ring rows its taps name, eight lanes (two pixels) at a time.
    private mutating func make(row index: Int, into target: UnsafeMutablePointer<UInt32>) {
        let lo = rows.first[index], taps = rows.offsets[index]..<rows.offsets[index + 1]
        let needed = lo..<(lo + taps.count)
        for source in needed where !kept.contains(source) { filterRow(source) }
        kept = needed
        let (width, stride, capacity, n) = (box.width, stride, capacity, taps.count)
        ring.withUnsafeBufferPointer { ring in
            rows.weights.withUnsafeBufferPointer { weights in
                let w = weights.baseAddress! + taps.lowerBound
                withUnsafeTemporaryAllocation(of: UnsafePointer<Int16>.self, capacity: n) { bases in
                    for k in 0..<n { bases[k] = ring.baseAddress! + ((lo + k) % capacity) * stride }
                    var block = 0
                    while block < width * 4 {
                        var left = SIMD4<Int32>(repeating: 1 << 20), right = left
                        var k = 0
                        while k + 1 < n {
                            let x = Self.load8(bases[k] + block), y = Self.load8(bases[k + 1] + block)
                            let pair = Self.pair(w[k], w[k + 1])
                            left &+= Self.multiplyAdd(x.interleavedLow(y), pair)
                            right &+= Self.multiplyAdd(x.interleavedHigh(y), pair)
                            k += 2
                        }
                        if k < n {
                            let x = Self.load8(bases[k] + block), pair = Self.pair(w[k], 0)
                            left &+= Self.multiplyAdd(x.interleavedLow(.zero), pair)
                            right &+= Self.multiplyAdd(x.interleavedHigh(.zero), pair)
                        }
                        let column = block >> 2, pair = Self.pixels(left, right)
                        target[column] = UInt32(truncatingIfNeeded: pair)
                        if column + 1 < width { target[column + 1] = UInt32(truncatingIfNeeded: pair >> 32) }
                        block += 8
                    }
                }
            }
        }
    }

    /// Image row `source` filtered horizontally into its ring slot: its channels spread into
    /// planes, then each device column's taps eight at a time per channel.
    private mutating func filterRow(_ source: Int) {
        let base = (source % capacity) * stride, planeStride = planeStride, used = usedColumns
        if ring.isEmpty {
            ring = Array(repeating: 0, count: capacity * stride)
            planes = Array(repeating: 0, count: 4 * planeStride)
        }
        image.bitmap.pixels.withUnsafeBufferPointer { pixels in
            let pixels = UnsafeRawPointer(pixels.baseAddress! + source * image.width)
            planes.withUnsafeMutableBufferPointer { planes in
                let planes = planes.baseAddress!
                var x = used.lowerBound
                while x + 8 <= used.upperBound {  // eight pixels at a time
                    let p = pixels.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                    Self.store(SIMD8(truncatingIfNeeded: p & 255), planes + x)
                    Self.store(SIMD8(truncatingIfNeeded: (p &>> 8) & 255), planes + (planeStride + x))
                    Self.store(SIMD8(truncatingIfNeeded: (p &>> 16) & 255), planes + (2 * planeStride + x))
                    Self.store(SIMD8(truncatingIfNeeded: p &>> 24), planes + (3 * planeStride + x))
                    x += 8
                }
                for x in x..<used.upperBound {
                    let p = SIMD4<UInt32>(repeating: pixels.load(fromByteOffset: 4 * x, as: UInt32.self))
                    let v = SIMD4<Int16>(truncatingIfNeeded: (p &>> SIMD4(0, 8, 16, 24)) & 255)
                    planes[x] = v[0]
                    planes[planeStride + x] = v[1]
                    planes[2 * planeStride + x] = v[2]
                    planes[3 * planeStride + x] = v[3]
                }
            }
        }
        ring.withUnsafeMutableBufferPointer { ring in
            let cells = ring.baseAddress! + base
            planes.withUnsafeBufferPointer { planes in
                let (r, g) = (planes.baseAddress!, planes.baseAddress! + planeStride)
                let (b, a) = (g + planeStride, g + 2 * planeStride)
                let (weights, starts, first) = (columnWeights, columnStarts, columns.first)
                weights.withUnsafeBufferPointer { weights in
                    starts.withUnsafeBufferPointer { starts in
                        first.withUnsafeBufferPointer { first in
                            let weights = weights.baseAddress!
                            for column in 0..<box.width {
                                var x = first[column], k = starts[column]
                                var sr = SIMD4<Int32>.zero, sg = sr, sb = sr, sa = sr
                                while k < starts[column + 1] {
                                    let w = Self.load8(weights + k)
                                    sr &+= Self.multiplyAdd(Self.load8(r + x), w)
                                    sg &+= Self.multiplyAdd(Self.load8(g + x), w)
                                    sb &+= Self.multiplyAdd(Self.load8(b + x), w)
                                    sa &+= Self.multiplyAdd(Self.load8(a + x), w)
                                    k &+= 8
                                    x &+= 8
                                }
                                UnsafeMutableRawPointer(cells + 4 * column).storeBytes(
                                    of: Self.levels(sr, sg, sb, sa), as: SIMD4<Int16>.self)
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    static func store(_ v: SIMD8<Int16>, _ p: UnsafeMutablePointer<Int16>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Int16>.self)
    }

    @inline(__always)
    static func load8(_ p: UnsafePointer<Int16>) -> SIMD8<Int16> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Int16>.self)
    }

    /// The first pass's four channel sums (each the sum of its four lanes) as 1/128 levels held to
    /// 0…32,640: rounded, shifted, then saturated to 16 bits and clamped there, which gives what
    /// clamping the 32-bit values does (saturation keeps the order).
    @inline(__always)
    static func levels(_ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>, _ a: SIMD4<Int32>) -> SIMD4<Int16> {
        let rg = SIMD4(lowHalf: r.lowHalf &+ r.highHalf, highHalf: g.lowHalf &+ g.highHalf)
        let ba = SIMD4(lowHalf: b.lowHalf &+ b.highHalf, highHalf: a.lowHalf &+ a.highHalf)
        let sums = SIMD4(lowHalf: rg.evenHalf &+ rg.oddHalf, highHalf: ba.evenHalf &+ ba.oddHalf)
        let shifted = (sums &+ 64) &>> 7
        let saturated = SIMD4<Int16>(
            truncatingIfNeeded: shifted.clamped(
                lowerBound: SIMD4(repeating: Int32(Int16.min)), upperBound: SIMD4(repeating: Int32(Int16.max))))
        return saturated.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 32640))
    }

    /// Products of 16-bit lanes, each pair added: (a0·b0 + a1·b1, a2·b2 + a3·b3, …).
    @inline(__always)
    static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
        let p = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
        return p.evenHalf &+ p.oddHalf
    }

    /// (w0, w1) repeated four times.
    @inline(__always)
    static func pair(_ w0: Int16, _ w1: Int16) -> SIMD8<Int16> { SIMD8(w0, w1, w0, w1, w0, w1, w0, w1) }

    /// The first pass at one place: Σ w·P over `count` taps, in 1/128 levels, rounded and held
    /// to 0…255 levels (TurnedFilteredImage's, one device column at a time).
    @inline(__always)
    static func firstPass(_ taps: UnsafePointer<UInt64>, _ weights: UnsafePointer<Int16>, _ count: Int) -> SIMD4<Int32>
    {
        var sum = SIMD4<Int32>(repeating: 64)
        for k in 0..<count {
            sum &+=
                SIMD4(truncatingIfNeeded: unsafeBitCast(taps[k], to: SIMD4<Int16>.self))
                &* SIMD4(repeating: Int32(weights[k]))
        }
        return (sum &>> 7).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 32640))
    }

    /// Two second-pass sums as two pixels (the first in the low half), as `pixel` makes each:
    /// after the shift every lane lies within −256…511 (the sums' bounds above), so 16 bits hold
    /// it and the clamps and the minimum are those of 16-bit lanes.
    @inline(__always)
    static func pixels(_ left: SIMD4<Int32>, _ right: SIMD4<Int32>) -> UInt64 {
        let l = left &>> 21, r = right &>> 21
        let levels = SIMD8<Int16>(truncatingIfNeeded: SIMD8<Int32>(lowHalf: l, highHalf: r))
        let alphas = SIMD8<Int16>(
            truncatingIfNeeded: SIMD8<Int32>(lowHalf: SIMD4(repeating: l[3]), highHalf: SIMD4(repeating: r[3])))
        let (low, high) = (SIMD8<Int16>.zero, SIMD8<Int16>(repeating: 255))
        let held = pointwiseMin(
            levels.clamped(lowerBound: low, upperBound: high), alphas.clamped(lowerBound: low, upperBound: high))
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: held), to: UInt64.self)
    }

    /// A second-pass sum (with its 2^20 already added) as a pixel: levels, clamped to 0…255, each
    /// colour to the alpha.
    @inline(__always)
    static func pixel(_ sums: SIMD4<Int32>) -> UInt32 {
        let c = (sums &>> 21).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let a = c[3]
        return UInt32(min(c[0], a)) | UInt32(min(c[1], a)) << 8 | UInt32(min(c[2], a)) << 16 | UInt32(a) << 24
    }
}

extension SIMD8 where Scalar == Int16 {
    /// (a0, b0, a1, b1, a2, b2, a3, b3) of self = a and `b`.
    @inline(__always)
    func interleavedLow(_ b: Self) -> Self { Self(self[0], b[0], self[1], b[1], self[2], b[2], self[3], b[3]) }

    /// (a4, b4, a5, b5, a6, b6, a7, b7).
    @inline(__always)
    func interleavedHigh(_ b: Self) -> Self { Self(self[4], b[4], self[5], b[5], self[6], b[6], self[7], b[7]) }
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
