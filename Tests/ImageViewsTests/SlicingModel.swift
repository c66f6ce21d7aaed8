import Raster
@testable import ImageViews

/// docs/LAYOUT.md §Resizable images transcribed in exact rationals, apart from Slicing.swift: the
/// caps in points are pixels ÷ scale, shrunk by the factor room ÷ (both caps) when they do not
/// fit, and the grid's edges follow from the caps as real numbers. Nothing here is rounded; the
/// tests round each value once (ExactRational.nearest) and compare with `==`.
struct SlicingModel {
    /// One axis of the grid: four exact edges (points).
    struct Axis {
        var edges: [ExactRational]
        /// The caps did not fit and were shrunk.
        var shrunk: Bool

        func extent(_ i: Int) -> ExactRational { edges[i + 1] - edges[i] }
    }

    /// A slice as the rules define it, in exact numbers.
    struct ExpectedSlice {
        var name: String
        var column: Int
        var row: Int
        var source: PixelRect
        var horizontal: SliceFill
        var vertical: SliceFill
        var left, top, right, bottom: ExactRational
        /// Tile size (points) when an axis tiles.
        var tileSize: (width: ExactRational, height: ExactRational)?
    }

    var columns: Axis
    var rows: Axis
    var slices: [ExpectedSlice]

    /// Pixel caps: round(inset × scale) half away from zero, at least 0, cut to fit the image with
    /// the start cap first.
    static func pixelCaps(start: Double, end: Double, scale: Double, pixels: Int) -> (Int, Int) {
        func round(_ inset: Double) -> Int { max(0, Int((inset * scale).rounded(.toNearestOrAwayFromZero))) }
        let first = min(round(start), pixels)
        return (first, min(round(end), pixels - first))
    }

    static func axis(origin: Double, size: Double, scale: Double, start: Int, end: Int) -> Axis {
        let o = ExactRational(origin), room = ExactRational(size), s = ExactRational(scale)
        var capStart = ExactRational(start) / s, capEnd = ExactRational(end) / s
        let both = capStart + capEnd
        let shrunk = both > room
        if shrunk {
            let factor = room / both
            capStart = capStart * factor
            capEnd = capEnd * factor
        }
        return Axis(edges: [o, o + capStart, o + room - capEnd, o + room], shrunk: shrunk)
    }

    init(
        pixelWidth w: Int, pixelHeight h: Int, scale: Double, caps: EdgeInsets, mode: ResizingMode, destination d: Rect
    ) {
        let (left, right) = Self.pixelCaps(start: caps.left, end: caps.right, scale: scale, pixels: w)
        let (top, bottom) = Self.pixelCaps(start: caps.top, end: caps.bottom, scale: scale, pixels: h)
        columns = Self.axis(origin: d.minX, size: d.width, scale: scale, start: left, end: right)
        rows = Self.axis(origin: d.minY, size: d.height, scale: scale, start: top, end: bottom)
        let sourceX = [0, left, w - right, w], sourceY = [0, top, h - bottom, h]
        let rowNames = ["top", "", "bottom"], columnNames = ["Left", "", "Right"]
        slices = []
        for row in 0..<3 {
            for column in 0..<3 {
                let sw = sourceX[column + 1] - sourceX[column], sh = sourceY[row + 1] - sourceY[row]
                // A slice exists when it has source pixels and room, both ways.
                guard sw > 0, sh > 0, columns.extent(column).signum > 0, rows.extent(row).signum > 0 else { continue }
                var name = rowNames[row] + columnNames[column]
                name = name.isEmpty ? "center" : name.prefix(1).lowercased() + name.dropFirst()
                // Middles tile unless stretched or one pixel thick; caps keep their size that way.
                func fill(_ middle: Bool, _ length: Int) -> SliceFill {
                    !middle ? .natural : mode == .stretch || length == 1 ? .stretch : .tile
                }
                let horizontal = fill(column == 1, sw), vertical = fill(row == 1, sh)
                let s = ExactRational(scale)
                let tileSize =
                    horizontal == .tile || vertical == .tile
                    ? (
                        width: horizontal == .tile ? ExactRational(sw) / s : columns.extent(column),
                        height: vertical == .tile ? ExactRational(sh) / s : rows.extent(row)
                    )
                    : nil
                slices.append(
                    ExpectedSlice(
                        name: name, column: column, row: row,
                        source: PixelRect(x: sourceX[column], y: sourceY[row], width: sw, height: sh),
                        horizontal: horizontal, vertical: vertical,
                        left: columns.edges[column], top: rows.edges[row], right: columns.edges[column + 1],
                        bottom: rows.edges[row + 1],
                        tileSize: tileSize))
            }
        }
    }

    /// Differences between `actual` and the model, each value rounded once to the nearest double
    /// (empty when they agree). `representable` and `inexact` count the values compared.
    func differences(_ actual: [Slice], representable: inout Int, inexact: inout Int) -> [String] {
        var found: [String] = []
        if actual.map(\.name) != slices.map(\.name) {
            return ["slices \(actual.map(\.name)), expected \(slices.map(\.name))"]
        }
        func check(_ what: String, _ value: Double, _ exact: ExactRational) {
            let (nearest, isExact) = exact.rounded
            if isExact { representable += 1 } else { inexact += 1 }
            if value != nearest { found.append("\(what) = \(value), expected \(nearest)\(isExact ? " (exact)" : "")") }
        }
        for (slice, expected) in zip(actual, slices) {
            let n = slice.name
            if slice.source != expected.source {
                found.append("\(n).source = \(slice.source), expected \(expected.source)")
            }
            if slice.horizontal != expected.horizontal || slice.vertical != expected.vertical {
                found.append(
                    "\(n) fills \(slice.horizontal)/\(slice.vertical), expected \(expected.horizontal)/\(expected.vertical)"
                )
            }
            if slice.column != expected.column || slice.row != expected.row { found.append("\(n) grid position") }
            check("\(n).x", slice.destination.minX, expected.left)
            check("\(n).y", slice.destination.minY, expected.top)
            check("\(n).width", slice.destination.width, expected.right - expected.left)
            check("\(n).height", slice.destination.height, expected.bottom - expected.top)
            check("\(n).right", slice.right, expected.right)
            check("\(n).bottom", slice.bottom, expected.bottom)
            if !(slice.destination.width > 0 && slice.destination.height > 0) { found.append("\(n) has a zero extent") }
            switch (slice.tileSize, expected.tileSize) {
            case (nil, nil): break
            case let (size?, exact?):
                check("\(n).tileSize.width", size.width, exact.width)
                check("\(n).tileSize.height", size.height, exact.height)
            default: found.append("\(n).tileSize = \(String(describing: slice.tileSize))")
            }
        }
        return found
    }
}
