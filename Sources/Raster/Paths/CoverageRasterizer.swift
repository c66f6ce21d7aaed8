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

    /// The coverage of `path` filled by `rule` over the grid.
    public static func mask(_ path: Path, rule: FillRule, width: Int, height: Int) -> CoverageMask {
        var rows = [[Piece]](repeating: [], count: max(height, 0))
        for contour in path.polylines() {
            for (k, a) in contour.enumerated() {
                let b = contour[(k + 1) % contour.count]
                addEdge(from: a, to: b, width: width, height: height, into: &rows)
            }
        }
        var alpha = [UInt8](repeating: 0, count: max(width, 0) * max(height, 0))
        var accumulator = [Int64](repeating: 0, count: width + 2)
        for y in 0..<height where !rows[y].isEmpty {
            for i in accumulator.indices { accumulator[i] = 0 }
            for piece in rows[y] { accumulate(piece, width: width, into: &accumulator) }
            var sum: Int64 = 0
            for x in 0..<width {
                sum += accumulator[x]
                alpha[y * width + x] = alphaOf(sum, rule)
            }
        }
        return CoverageMask(width: width, height: height, alpha: alpha)
    }

    /// An upper bound of the work `mask` does for `path` over the grid: per line, the pixel rows
    /// and columns it spans inside the grid, plus one. Computed from the flattened lines, so call
    /// it after `Path.lineCount` has bounded them.
    public static func work(_ path: Path, width: Int, height: Int) -> Int {
        var total = 0
        for contour in path.polylines() {
            for (k, a) in contour.enumerated() {
                let b = contour[(k + 1) % contour.count]
                let rows = min(abs(b.y - a.y) / fixedOne + 2, height), columns = min(abs(b.x - a.x) / fixedOne + 2, width)
                total += rows + columns + 1
            }
        }
        return total + width * height
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

    /// Splits the edge at every pixel row boundary inside the grid's rows.
    static func addEdge(from a: FixedPoint, to b: FixedPoint, width: Int, height: Int, into rows: inout [[Piece]]) {
        guard a.y != b.y else { return }  // horizontal: no winding
        let direction: Int64 = b.y > a.y ? 1 : -1
        let (top, bottom) = b.y > a.y ? (a, b) : (b, a)
        let xt = Int64(top.x) << 8, yt = Int64(top.y) << 8, xb = Int64(bottom.x) << 8, yb = Int64(bottom.y) << 8
        let lo = max(yt, 0), hi = min(yb, Int64(height) * one)
        guard lo < hi else { return }
        func x(at y: Int64) -> Int64 {
            y == yt ? xt : y == yb ? xb : xt + roundedMulDiv(xb - xt, y - yt, yb - yt)
        }
        var y = lo, xPrevious = x(at: lo)
        while y < hi {
            let row = Int(y / one)
            let next = min(hi, Int64(row + 1) * one)
            let xNext = x(at: next)
            rows[row].append(Piece(x0: xPrevious, y0: y, x1: xNext, y1: next, direction: direction))
            y = next
            xPrevious = xNext
        }
    }

    /// Adds a row piece's area and cover, splitting it at every pixel column boundary inside the
    /// grid; what lies left of the grid covers every pixel of the row, what lies right of it none.
    static func accumulate(_ p: Piece, width: Int, into acc: inout [Int64]) {
        let right = Int64(width) * one
        // Boundaries crossed, in the order the piece meets them.
        let lo = min(p.x0, p.x1), hi = max(p.x0, p.x1)
        var cuts: [Int64] = []
        if lo < hi {
            var k = max(Int64(0), floorDiv(lo, one) + 1)
            while k * one < hi && k * one <= right {
                if k * one > lo { cuts.append(k * one) }
                k += 1
            }
            if p.x0 > p.x1 { cuts.reverse() }
        }
        var xs = p.x0, ys = p.y0
        for cut in cuts + [p.x1] {
            let xe = cut, ye = cut == p.x1 ? p.y1 : p.y0 + roundedMulDiv(p.y1 - p.y0, cut - p.x0, p.x1 - p.x0)
            add(xs, ys, xe, ye, p.direction, width: width, into: &acc)
            xs = xe
            ys = ye
        }
    }

    /// One piece inside one pixel column (or wholly left or right of the grid).
    @inline(__always)
    static func add(_ xs: Int64, _ ys: Int64, _ xe: Int64, _ ye: Int64, _ direction: Int64, width: Int, into acc: inout [Int64]) {
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
