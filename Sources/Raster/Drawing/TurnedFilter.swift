// An image drawn smaller a quarter turn round (docs/RENDERING.md §11.8.1): the device → image
// mapping exchanges the axes (Ux = Vy = 0), so a device row takes one set of the image's column
// taps and a device column one set of its row taps. The arithmetic is the upright filter's, pass
// for pass: the first along image rows, the second across them.

/// The filtered pixels of a quarter-turned draw over `box`, made a device row at a time: the first
/// pass of every image row the box uses with the row's column taps, then each device column's row
/// taps over those.
struct TurnedFilteredImage {
    let image: SourceImage
    /// Image-column taps per device row, image-row taps per device column.
    let columns: FilterAxis, rows: FilterAxis
    let box: PixelRect
    /// The image rows any device column uses.
    private let used: Range<Int>
    /// The first pass of the rows in `used` for the current device row (4 channels each), and that row.
    private var firstPass: [SIMD4<Int32>]
    private var row: [UInt32]
    private var madeRow = Int.min

    init(image: SourceImage, columns: FilterAxis, rows: FilterAxis, box: PixelRect) {
        self.image = image
        self.columns = columns
        self.rows = rows
        self.box = box
        let lo = rows.first.min() ?? 0
        let hi = (0..<rows.count).map { rows.first[$0] + rows.offsets[$0 + 1] - rows.offsets[$0] }.max() ?? 0
        used = lo..<max(lo, hi)
        firstPass = Array(repeating: .zero, count: used.count)
        row = Array(repeating: 0, count: box.width)
    }

    /// The filtered pixel at device (x, y), inside `box`; rows are asked for in order.
    mutating func pixel(_ x: Int, _ y: Int) -> UInt32 {
        if y != madeRow { make(row: y - box.y); madeRow = y }
        return row[x - box.x]
    }

    private mutating func make(row index: Int) {
        let used = used, stride = image.width
        let taps = columns.offsets[index]..<columns.offsets[index + 1], first = columns.first[index]
        image.spread.withUnsafeBufferPointer { pixels in
            columns.weights.withUnsafeBufferPointer { weights in
                for (k, j) in used.enumerated() {
                    firstPass[k] = FilteredImage.firstPass(
                        pixels.baseAddress! + j * stride + first, weights.baseAddress! + taps.lowerBound, taps.count)
                }
            }
        }
        rows.weights.withUnsafeBufferPointer { weights in
            for column in 0..<box.width {
                var sum = SIMD4<Int32>(repeating: 1 << 20)
                let start = rows.first[column] - used.lowerBound
                for (k, t) in (rows.offsets[column]..<rows.offsets[column + 1]).enumerated() {
                    sum &+= firstPass[start + k] &* SIMD4(repeating: Int32(weights[t]))
                }
                row[column] = FilteredImage.pixel(sum)
            }
        }
    }
}

extension DrawingContext {
    /// The shrinking filter for a draw turned a quarter round (the mapping exchanges the axes and
    /// at least one shrinks), or nil. The work is charged before anything is made.
    mutating func turnedFiltered(_ image: SourceImage, mapping: PixelMapping, region: Region) throws(DrawingFailure)
        -> TurnedFilteredImage?
    {
        guard mapping.ux == 0, mapping.vy == 0, FilterAxis.shrinks(mapping.uy) || FilterAxis.shrinks(mapping.vx) else {
            return nil
        }
        let box = paintedBox(region)
        guard !box.isEmpty else { return nil }
        let tapsX = FilterAxis.maxTaps(step: mapping.uy, count: image.width)  // image-column taps, per device row
        let tapsY = FilterAxis.maxTaps(step: mapping.vx, count: image.height)  // image-row taps, per device column
        let rowsUsed = min(image.height, Self.cost(box.width, tapsY))
        let taps = Self.cost(box.height, tapsX) &+ Self.cost(box.width, tapsY)
        try charge(
            Self.cost(taps, DrawingCost.filterTap) &+ Self.cost(Self.cost(box.height, rowsUsed), tapsX)
                &+ Self.cost(Self.cost(box.area, tapsY), 2))
        // u depends on the device row alone, v on the device column alone.
        let (columns, rows) = FilterAxis.both(
            (box.y..<(box.y + box.height), mapping.u0, mapping.uy, image.width),
            (box.x..<(box.x + box.width), mapping.v0, mapping.vx, image.height))
        return TurnedFilteredImage(image: image, columns: columns, rows: rows, box: box)
    }
}
