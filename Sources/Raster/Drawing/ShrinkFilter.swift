import Dispatch

// The image of a filtered draw (docs/RENDERING.md §11.8.1): the two passes over the taps of
// ShrinkTaps.swift, kept as rows are asked for, and painted. The arithmetic kernels are in
// ShrinkFilter+Kernels.swift.

/// An image filtered onto a box of device pixels, axis by axis: horizontally into rows of
/// 1/128 levels (rounded, clamped to 0…255 levels), then vertically, rounded to levels, clamped to
/// 0…255 and each colour to its alpha. Rows of the horizontal pass are kept in a ring, in pairs
/// (2m, 2m + 1), as long as the vertical taps use them, and output rows are made as they are
/// asked for, top to bottom.
/// Every sum fits 32 bits: a first-pass sum is at most 255 × 32,767, a second-pass one at most
/// 32,640 × 32,767 + 2^20 (FilterAxis.maxPositive).
///
/// Both passes multiply 16-bit numbers into 32-bit sums eight at a time, pairs of products added
/// (what SSE2's `pmaddwd` does): the first pass over an image row laid out as pairs of
/// neighbouring pixels channel by channel, two taps of a device column's four channels at once
/// (so the four sums come out side by side); the second over a pair of ring rows stored
/// interleaved, two taps (an even image row and the next) of a device pixel's four channels at
/// once. Integer sums do not depend on their order, so the bytes are those of one tap after
/// another (`ShrinkFilterTests` recomputes them so).
struct FilteredImage {
    let image: SourceImage
    let columns: FilterAxis, rows: FilterAxis
    let box: PixelRect
    /// The column taps' weights in pairs, (w₂ₖ, w₂ₖ₊₁) four times over (what one `pmaddwd` takes,
    /// against a pair of neighbouring pixels' four channels): `pairsPerColumn` for each device
    /// column, its taps starting at an even pixel (a zero weight before an odd first pixel) and
    /// padded with zero weights to that count (the most any column has).
    private let columnPairs: [SIMD8<Int16>]
    private let pairsPerColumn: Int
    /// Where each device column's first pair of pixels lies in `pairs`.
    private let pairOffsets: [Int]
    /// The image columns any device column reads.
    private let usedColumns: Range<Int>
    /// Two image rows, each as pairs of neighbouring pixels, channel by channel, (r, r', g, g', b,
    /// b', a, a'): pair k of a row holds pixels 2k and 2k + 1, the second row's `pairSlots` after
    /// the first's, remade for each pair of rows over the used columns. Pixels past the image's
    /// last read as 0, as do the pairs past the used columns (never written; only zero weights
    /// meet them).
    private var pairs: [SIMD8<Int16>] = []
    private let pairSlots: Int
    /// Horizontally filtered image rows in 1/128 levels, 4 channels a device column, `stride`
    /// lanes a row (a multiple of eight), kept in pairs: rows 2m and 2m + 1 in slot (m mod
    /// capacity), `2 · stride` numbers, lane by lane (lane l of row 2m, then of row 2m + 1), so
    /// that a device pixel's eight numbers are its four channels in both rows. A last odd row is
    /// paired with itself (only zero weights meet the copy).
    private var ring: [Int16]
    private let capacity: Int, stride: Int
    private var kept = 1..<1  // pairs of image rows in the ring
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
        capacity = rows.widest / 2 + 1  // a device row's taps span at most this many pairs
        stride = (box.width * 4 + 7) & ~7
        var most = 1, lo = image.width, hi = 0
        for column in 0..<columns.count {
            let first = columns.first[column], count = columns.offsets[column + 1] - columns.offsets[column]
            most = max(most, (count + (first & 1) + 1) / 2)
            lo = min(lo, first & ~1)
            hi = max(hi, first + count)
        }
        pairsPerColumn = most
        usedColumns = lo..<max(lo, hi)
        pairSlots = image.width / 2 + most + 1
        var pairs: [SIMD8<Int16>] = [], offsets: [Int] = []
        pairs.reserveCapacity(columns.count * most)
        offsets.reserveCapacity(columns.count)
        for column in 0..<columns.count {
            let first = columns.first[column]
            // The weight of pixel (first & ~1) + i, 0 outside the column's taps.
            func weight(_ i: Int) -> Int16 {
                let t = columns.offsets[column] + i - (first & 1)
                return t >= columns.offsets[column] && t < columns.offsets[column + 1] ? columns.weights[t] : 0
            }
            for k in 0..<most { pairs.append(Self.pair(weight(2 * k), weight(2 * k + 1))) }
            offsets.append(first >> 1)
        }
        columnPairs = pairs
        pairOffsets = offsets
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
        guard box.area <= Self.maxWhole, fitsBands else { return nil }
        let width = box.width
        return [UInt32](unsafeUninitializedCapacity: box.area) { buffer, count in
            nonisolated(unsafe) let target = buffer.baseAddress!
            inBands { filter, rows in
                for index in rows { filter.make(row: index, into: target + index * width) }
            }
            count = box.area
        }
    }

    /// `body` on each band of the box's rows, on the machine's cores, each band with a copy of the
    /// filter (a ring of its own) and the rows it makes.
    private func inBands(_ body: @Sendable (inout FilteredImage, Range<Int>) -> Void) {
        let height = box.height, bandRows = (height + Self.bands - 1) / Self.bands
        DispatchQueue.concurrentPerform(iterations: Self.bands) { band in
            var filter = self
            body(&filter, min(height, band * bandRows)..<min(height, (band + 1) * bandRows))
        }
    }

    /// Whether the bands' rings together stay within `maxCells`.
    var fitsBands: Bool { 2 * capacity * box.width * Self.bands <= Self.maxCells }

    /// Every pixel of `box` composited source-over with full coverage onto `canvas`
    /// (`canvasWidth` pixels a row), each result's alpha or-ed with `alphaBits`, row by row as
    /// the bands make them: what painting `whole()`'s pixels does, without holding the box.
    /// Needs `fitsBands`.
    func composite(onto canvas: UnsafeMutablePointer<UInt32>, canvasWidth: Int, alphaBits: UInt32) {
        precondition(fitsBands)
        let width = box.width
        nonisolated(unsafe) let origin = canvas + box.y * canvasWidth + box.x
        inBands { filter, rows in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: width) { made in
                let made = made.baseAddress!
                for index in rows {
                    filter.make(row: index, into: made)
                    Self.sourceOver(made, onto: origin + index * canvasWidth, width, alphaBits)
                }
            }
        }
    }

    /// Output row `index` of the box into `target` (`box.width` pixels): the second pass over the
    /// pairs of ring rows its taps reach, two device pixels at a time; a row of a pair that is not
    /// one of the taps weighs 0.
    private mutating func make(row index: Int, into target: UnsafeMutablePointer<UInt32>) {
        let lo = rows.first[index], taps = rows.offsets[index]..<rows.offsets[index + 1]
        let n = taps.count
        let needed = (lo >> 1)..<(((lo + n - 1) >> 1) + 1)
        for pair in needed where !kept.contains(pair) { filterPair(pair) }
        kept = needed
        let (width, slot, capacity, pairCount) = (box.width, 2 * stride, capacity, needed.count)
        ring.withUnsafeBufferPointer { ring in
            rows.weights.withUnsafeBufferPointer { weights in
                let w = weights.baseAddress! + taps.lowerBound
                // The weight of image row r: its tap's, 0 for a row that is not a tap.
                func weight(_ r: Int) -> Int16 { r >= lo && r < lo + n ? w[r - lo] : 0 }
                withUnsafeTemporaryAllocation(of: UnsafePointer<Int16>.self, capacity: pairCount) { bases in
                    withUnsafeTemporaryAllocation(of: SIMD8<Int16>.self, capacity: pairCount) { pairs in
                        let (bases, pairs) = (bases.baseAddress!, pairs.baseAddress!)
                        for (i, pair) in needed.enumerated() {
                            bases[i] = ring.baseAddress! + (pair % capacity) * slot
                            pairs[i] = Self.pair(weight(2 * pair), weight(2 * pair + 1))
                        }
                        switch pairCount {  // the usual counts written out
                        case 1: Self.secondPass(width, 1, bases, pairs, target)
                        case 2: Self.secondPass(width, 2, bases, pairs, target)
                        case 3: Self.secondPass(width, 3, bases, pairs, target)
                        case 4: Self.secondPass(width, 4, bases, pairs, target)
                        case 5: Self.secondPass(width, 5, bases, pairs, target)
                        case 6: Self.secondPass(width, 6, bases, pairs, target)
                        default: Self.secondPass(width, pairCount, bases, pairs, target)
                        }
                    }
                }
            }
        }
    }

    /// Image rows 2·`pair` and the next (or the first again, past the image's last row) filtered
    /// horizontally into their ring slot: each row laid out as pairs of neighbouring pixels, then
    /// each device column's taps two at a time, four channels at once, both rows in one pass over
    /// the columns, their lanes interleaved as they are stored.
    private mutating func filterPair(_ pair: Int) {
        if ring.isEmpty {
            ring = Array(repeating: 0, count: capacity * 2 * stride)
            pairs = Array(repeating: .zero, count: 2 * pairSlots)
        }
        guard !usedColumns.isEmpty else { return }
        let first = 2 * pair, second = min(2 * pair + 1, image.height - 1)
        layOut(first, at: 0)
        if second != first { layOut(second, at: pairSlots) }
        let base = (pair % capacity) * 2 * stride, otherRow = second != first ? pairSlots : 0
        ring.withUnsafeMutableBufferPointer { ring in
            let cells = UnsafeMutableRawPointer(ring.baseAddress! + base)
            pairs.withUnsafeBufferPointer { pairs in
                columnPairs.withUnsafeBufferPointer { weights in
                    pairOffsets.withUnsafeBufferPointer { offsets in
                        let (p, w, o, width) = (
                            pairs.baseAddress!, weights.baseAddress!, offsets.baseAddress!, box.width
                        )
                        let q = p + otherRow
                        switch pairsPerColumn {  // the usual counts unrolled
                        case 3: Self.firstPass(width, 3, p, q, w, o, cells)
                        case 4: Self.firstPass(width, 4, p, q, w, o, cells)
                        case 5: Self.firstPass(width, 5, p, q, w, o, cells)
                        case 6: Self.firstPass(width, 6, p, q, w, o, cells)
                        default: Self.firstPass(width, pairsPerColumn, p, q, w, o, cells)
                        }
                    }
                }
            }
        }
    }

    /// Image row `source` laid out as pairs of neighbouring pixels over the used columns, from
    /// pair `slot` of `pairs` on.
    private mutating func layOut(_ source: Int, at slot: Int) {
        let used = usedColumns, width = image.width
        image.bitmap.pixels.withUnsafeBufferPointer { pixels in
            let row = UnsafeRawPointer(pixels.baseAddress! + source * width)
            pairs.withUnsafeMutableBufferPointer { pairs in
                let pairs = pairs.baseAddress! + slot
                let (k0, k1) = (used.lowerBound >> 1, (used.upperBound - 1) >> 1)
                // Four pixels at a time while they lie inside the row: k < end is k + 1 ≤ k1 and
                // 2k + 3 < width; wrapping arithmetic, as every index is in bounds.
                var k = k0
                let end = min(k1, (width - 2) >> 1)
                while k < end {
                    let four = row.loadUnaligned(fromByteOffset: k &<< 3, as: SIMD16<UInt8>.self)
                    (pairs[k], pairs[k &+ 1]) = Self.channelPairs(four)
                    k &+= 2
                }
                while k <= k1 {  // pixels past the row read as 0
                    func pixel(_ x: Int) -> UInt64 {
                        x < width ? UInt64(row.load(fromByteOffset: 4 * x, as: UInt32.self)) : 0
                    }
                    pairs[k] = Self.channelPairs(pixel(2 * k) | pixel(2 * k + 1) << 32)
                    k += 1
                }
            }
        }
    }
}

extension DrawingContext {
    /// The refusal of a draw whose first pass would keep more than `FilteredImage.maxCells`
    /// (judged by `maxTaps`, an upper bound of every row's taps; the ring's pairs of rows may add
    /// two rows to that, which the bound leaves out, as it did before rows were paired).
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
        // The ring keeps whole pairs of rows, at most two rows more than this bound: left out of
        // the refusal, so that the same draws are refused as before rows were paired.
        guard Self.cost(tapsY, box.width) <= FilteredImage.maxCells else { throw Self.tooManyCells(image, box) }
        // The first pass counted once per band: bands filter the image rows they share again.
        let sourceRows = min(image.height, Self.cost(box.height, tapsY))
        let taps = Self.cost(box.width, tapsX) &+ Self.cost(box.height, tapsY)
        try charge(
            Self.cost(taps, DrawingCost.filterTap)
                &+ Self.cost(Self.cost(Self.cost(sourceRows, box.width), tapsX), FilteredImage.bands)
                &+ Self.cost(Self.cost(box.area, tapsY), 2))
        let (columns, rows) = FilterAxis.both(
            (box.x..<(box.x + box.width), mapping.u0, mapping.ux, image.width),
            (box.y..<(box.y + box.height), mapping.v0, mapping.vy, image.height))
        return FilteredImage(image: image, columns: columns, rows: rows, box: box)
    }
}
