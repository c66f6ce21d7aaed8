// Exact area coverage of a filled path (docs/RENDERING.md §Paths). For each pixel the rasterizer
// computes A, the integral over the pixel square of the path's winding number, by the signed
// area and cover accumulation of font rasterizers: every edge, oriented, adds for each pixel row
// it crosses the trapezoid between itself and the pixel's right edge to the pixel it passes
// through, and a full cover to every pixel right of it. Coordinates are 16.16 fixed point (the
// path's 24.8 times 256); where an edge crosses a pixel row or column boundary, the crossing
// point is rounded to the nearest 1/65536 pixel (halves up), and the pieces on either side share
// it, so no area is lost. Coverage: nonzero min(|A|, 1); even-odd the fold of |A| by 2
// (1 − |1 − (|A| mod 2)|). Alpha = ⌊coverage · 255 + ½⌋. Integers throughout.

/// How a fill decides what is inside (Core Graphics' two rules).
public enum FillRule: String, Sendable, CaseIterable {
    case nonZero
    case evenOdd
}

/// Coverage of a path over a `width` × `height` pixel grid, as 8-bit alpha, row-major.
public struct CoverageMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var alpha: [UInt8]
}

public enum CoverageRasterizer {
    /// One pixel in 16.16 units.
    static let one: Int64 = 1 << 16
    /// A whole pixel's area in the accumulator's units (twice the area in 16.16² units).
    static let full: Int64 = 2 * one * one

    /// Rows rasterized at once: edges are split into row pieces one band of rows at a time, so
    /// the pieces held at once are those of one band, not of the whole shape (a 20,000-segment
    /// path across a 2048-pixel canvas made 13 million pieces, 540 MB, before). Splitting at band
    /// boundaries, which are row boundaries, makes the same pieces.
    static let bandRows = 32

    /// The coverage of `path` filled by `rule` over the grid.
    public static func mask(_ path: Path, rule: FillRule, width: Int, height: Int) -> CoverageMask {
        guard width > 0, height > 0 else {
            return CoverageMask(width: max(width, 0), height: max(height, 0), alpha: [])
        }
        // Edges that cross the grid's rows, by their first row.
        var edges: [Edge] = []
        for contour in path.polylines() {
            for (k, a) in contour.enumerated() {
                if let edge = Edge(a, contour[(k + 1) % contour.count], height: height) { edges.append(edge) }
            }
        }
        edges.sort { $0.firstRow < $1.firstRow }
        var alpha = [UInt8](repeating: 0, count: width * height)
        var accumulator = [Int64](repeating: 0, count: width + 2)
        var rows = [[Piece]](repeating: [], count: bandRows)
        var active: [Edge] = []
        var next = 0
        var band = 0
        while band < height {
            let bandEnd = min(height, band + bandRows)
            while next < edges.count && edges[next].firstRow < bandEnd {
                active.append(edges[next])
                next += 1
            }
            active.removeAll { $0.lastRow < band }
            for edge in active { edge.split(rows: band..<bandEnd, into: &rows) }
            for y in band..<bandEnd where !rows[y - band].isEmpty {
                for i in accumulator.indices { accumulator[i] = 0 }
                for piece in rows[y - band] { accumulate(piece, width: width, into: &accumulator) }
                rows[y - band].removeAll(keepingCapacity: true)
                var sum: Int64 = 0
                for x in 0..<width {
                    sum += accumulator[x]
                    alpha[y * width + x] = alphaOf(sum, rule)
                }
            }
            band = bandEnd
        }
        return CoverageMask(width: width, height: height, alpha: alpha)
    }

    /// An upper bound of the work `mask` does for `path` over the grid: per line, the pixel rows
    /// and columns it spans inside the grid, plus one. Computed from the flattened lines, so call
    /// it after `Path.lineCount` has bounded them.
    public static func work(_ path: Path, width: Int, height: Int) -> Int {
        edgeWork(path, width: width, height: height) + width * height
    }

    /// The part of `work` that follows the lines: per line the rows and columns it spans, plus one.
    public static func edgeWork(_ path: Path, width: Int, height: Int) -> Int {
        var total = 0
        for contour in path.polylines() {
            for (k, a) in contour.enumerated() {
                let b = contour[(k + 1) % contour.count]
                let rows = min(abs(b.y - a.y) / fixedOne + 2, height),
                    columns = min(abs(b.x - a.x) / fixedOne + 2, width)
                total += rows + columns + 1
            }
        }
        return total
    }

    /// Alpha for an accumulated winding-weighted area (in `full` units).
    static func alphaOf(_ area: Int64, _ rule: FillRule) -> UInt8 {
        var a = area.magnitude
        switch rule {
        case .nonZero:
            a = min(a, UInt64(full))
        case .evenOdd:
            a %= UInt64(2 * full)
            if a > UInt64(full) { a = UInt64(2 * full) - a }
        }
        // ⌊a · 255 / full + ½⌋ = ⌊(2 · 255 · a + full) / (2 · full)⌋; a ≤ 2^33, so no overflow.
        return UInt8((2 * 255 * a + UInt64(full)) / (2 * UInt64(full)))
    }

    /// An edge piece inside one pixel row: top and bottom in 16.16 relative to nothing (absolute),
    /// x at each, and the winding direction (+1 downwards, −1 upwards).
    struct Piece {
        var x0: Int64
        var y0: Int64
        var x1: Int64
        var y1: Int64
        var direction: Int64
    }

    /// An edge that is not horizontal, oriented, in 16.16, with the grid rows it crosses.
    struct Edge {
        let xt: Int64, yt: Int64, xb: Int64, yb: Int64
        /// +1 downwards, −1 upwards.
        let direction: Int64
        /// Where it crosses the grid's rows (lo < hi), and the first and last rows it touches.
        let lo: Int64, hi: Int64
        let firstRow: Int, lastRow: Int

        init?(_ a: FixedPoint, _ b: FixedPoint, height: Int) {
            guard a.y != b.y else { return nil }  // horizontal: no winding
            direction = b.y > a.y ? 1 : -1
            let (top, bottom) = b.y > a.y ? (a, b) : (b, a)
            xt = Int64(top.x) << 8
            yt = Int64(top.y) << 8
            xb = Int64(bottom.x) << 8
            yb = Int64(bottom.y) << 8
            lo = max(yt, 0)
            hi = min(yb, Int64(height) * one)
            guard lo < hi else { return nil }
            firstRow = Int(lo / one)
            lastRow = Int((hi - 1) / one)
        }

        func x(at y: Int64) -> Int64 {
            y == yt ? xt : y == yb ? xb : xt + roundedMulDiv(xb - xt, y - yt, yb - yt)
        }

        /// The edge's pieces in `band`, cut at every pixel row boundary.
        func split(rows band: Range<Int>, into rows: inout [[Piece]]) {
            let start = max(lo, Int64(band.lowerBound) * one), end = min(hi, Int64(band.upperBound) * one)
            guard start < end else { return }
            var y = start, xPrevious = x(at: start)
            while y < end {
                let row = Int(y / one)
                let next = min(end, Int64(row + 1) * one)
                let xNext = x(at: next)
                rows[row - band.lowerBound].append(
                    Piece(x0: xPrevious, y0: y, x1: xNext, y1: next, direction: direction))
                y = next
                xPrevious = xNext
            }
        }
    }

    /// Adds a row piece's area and cover, splitting it at every pixel column boundary inside the
    /// grid; what lies left of the grid covers every pixel of the row, what lies right of it none.
    static func accumulate(_ p: Piece, width: Int, into acc: inout [Int64]) {
        let right = Int64(width) * one
        var xs = p.x0, ys = p.y0
        func cut(at xe: Int64) {
            let ye = p.y0 + roundedMulDiv(p.y1 - p.y0, xe - p.x0, p.x1 - p.x0)
            add(xs, ys, xe, ye, p.direction, width: width, into: &acc)
            xs = xe
            ys = ye
        }
        // Boundaries k·one strictly between the ends, at most the grid's right edge, from the
        // first one right of the left end, in the order the piece meets them.
        let lo = min(p.x0, p.x1), hi = max(p.x0, p.x1)
        if lo < hi {
            let first = max(Int64(0), floorDiv(lo, one) + 1)
            let last = min(floorDiv(hi - 1, one), floorDiv(right, one))
            if first <= last {
                if p.x0 < p.x1 {
                    for k in first...last { cut(at: k * one) }
                } else {
                    for k in stride(from: last, through: first, by: -1) { cut(at: k * one) }
                }
            }
        }
        add(xs, ys, p.x1, p.y1, p.direction, width: width, into: &acc)
    }

    /// One piece inside one pixel column (or wholly left or right of the grid).
    @inline(__always)
    static func add(
        _ xs: Int64, _ ys: Int64, _ xe: Int64, _ ye: Int64, _ direction: Int64, width: Int, into acc: inout [Int64]
    ) {
        let dy = (ye - ys) * direction
        guard dy != 0 else { return }
        let right = Int64(width) * one
        if max(xs, xe) <= 0 {
            acc[0] += dy * 2 * one  // left of the grid: the whole row to its right
            return
        }
        if min(xs, xe) >= right { return }
        let cell = Int(floorDiv(min(xs, xe), one))
        let area = dy * (2 * (Int64(cell) + 1) * one - xs - xe)
        acc[cell] += area
        acc[cell + 1] += dy * 2 * one - area
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// a · b / c rounded to the nearest integer, halves up (c ≠ 0), with a 128-bit product.
    static func roundedMulDiv(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        let (b, c) = c < 0 ? (-b, -c) : (b, c)
        let product = a.multipliedFullWidth(by: b)
        // ⌊(2ab + c) / 2c⌋, the sum in 128 bits.
        let doubledHigh = product.high << 1 | Int64(bitPattern: product.low >> 63), doubledLow = product.low << 1
        let (low, carry) = doubledLow.addingReportingOverflow(UInt64(bitPattern: c))
        let (q, r) = (2 * c).dividingFullWidth((high: doubledHigh + (carry ? 1 : 0), low: low))
        return r < 0 ? q - 1 : q
    }
}
