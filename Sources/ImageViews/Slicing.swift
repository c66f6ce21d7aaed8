import Raster

// Resizable images: how the nine slices of an image with cap insets fill a rectangle
// (docs/LAYOUT.md §Resizable images).
//
// - Cap insets are points; in source pixels they are round(inset × scale), clamped so that the
//   caps fit the image. Corners keep their natural size; the left and right caps keep their width
//   and stretch vertically, the top and bottom caps keep their height and stretch horizontally.
// - The middle column and row are tiled (resizingMode .tile, the default) or stretched (.stretch).
//   A middle column or row one pixel wide or tall is stretched even in tile mode [Apple]. Tiles of
//   each slice start at that slice's top-left corner and are cut at its right and bottom edges.
// - When the destination is narrower (shorter) than the two caps, both caps shrink in proportion
//   and the middle gets no room — Decision.
// - Every edge and extent in points is the binary64 nearest to its exact value (Grid, computed
//   with Dyadic), so that reference numbers compare with == and no slice is a rounding residue.
// - Zero cap insets make the whole image the middle: tiled, or stretched.
// - On device pixels (Scene), the seams between slices are rounded to whole pixels, so that no
//   pixel is shared by two slices (docs/RENDERING.md §8).

/// How one slice fills its rectangle along one axis.
public enum SliceFill: String, Sendable {
    /// The cap at its natural size (or shrunk in proportion).
    case natural
    case stretch
    case tile
}

/// One of the nine slices as drawn.
public struct Slice: Sendable {
    /// "topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom", "bottomRight".
    public var name: String
    /// Source pixels (in the displayed image).
    public var source: PixelRect
    /// Where the slice is drawn (points, in the view's coordinates): origin and size each the
    /// binary64 nearest to its exact value (docs/LAYOUT.md §Resizable images); the display list
    /// has the device rectangles, seams on whole pixels.
    public var destination: Rect
    public var horizontal: SliceFill
    public var vertical: SliceFill
    /// Tile size in points when either axis tiles (the other axis's tile extent is the slice's).
    public var tileSize: Size?
    /// Position in the 3 × 3 grid (0…2), for placing the slice on device pixels.
    var column: Int
    var row: Int
    /// The right and bottom edges (points), each the binary64 nearest to the exact edge — rounded
    /// on their own, like `destination`'s origin and size, so `destination.maxX` may differ by an
    /// ulp. Seams are placed from these.
    var right: Double
    var bottom: Double
}

enum Slicing {
    /// The slices of an image `pixelWidth` × `pixelHeight` at `scale` with `caps` (points,
    /// already mirrored if the image is) filling `destination`; none when the destination or the
    /// scale is not finite (the image is then drawn whole).
    static func slices(
        pixelWidth: Int, pixelHeight: Int, scale: Double, caps: EdgeInsets, mode: ResizingMode,
        destination: Rect
    ) -> [Slice] {
        func pixels(_ inset: Double) -> Int { max(0, Int((inset * scale).rounded())) }
        // Caps that do not fit the image are cut: the left (top) cap first, the right (bottom)
        // cap gets what remains.
        let left = min(pixels(caps.left), pixelWidth), right = min(pixels(caps.right), pixelWidth - left)
        let top = min(pixels(caps.top), pixelHeight), bottom = min(pixels(caps.bottom), pixelHeight - top)

        let xs = [0, left, pixelWidth - right, pixelWidth]
        let ys = [0, top, pixelHeight - bottom, pixelHeight]
        guard
            let columns = Grid(
                origin: destination.minX, size: destination.width, scale: scale, start: left, end: right),
            let rows = Grid(origin: destination.minY, size: destination.height, scale: scale, start: top, end: bottom)
        else { return [] }
        let names = [
            ["topLeft", "top", "topRight"], ["left", "center", "right"], ["bottomLeft", "bottom", "bottomRight"]
        ]

        var result: [Slice] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let sw = xs[column + 1] - xs[column], sh = ys[row + 1] - ys[row]
                let dw = columns.extents[column], dh = rows.extents[row]
                // Zero extents are exact (Grid), so a slice with no room is never listed.
                guard sw > 0, sh > 0, dw > 0, dh > 0 else { continue }
                func fill(middle: Bool, sourceLength: Int) -> SliceFill {
                    guard middle else { return .natural }
                    return mode == .tile && sourceLength > 1 ? .tile : .stretch
                }
                let horizontal = fill(middle: column == 1, sourceLength: sw)
                let vertical = fill(middle: row == 1, sourceLength: sh)
                var tileSize: Size?
                if horizontal == .tile || vertical == .tile {
                    tileSize = Size(
                        width: horizontal == .tile ? Double(sw) / scale : dw,
                        height: vertical == .tile ? Double(sh) / scale : dh)
                }
                result.append(
                    Slice(
                        name: names[row][column],
                        source: PixelRect(x: xs[column], y: ys[row], width: sw, height: sh),
                        destination: Rect(x: columns.edges[column], y: rows.edges[row], width: dw, height: dh),
                        horizontal: horizontal, vertical: vertical, tileSize: tileSize, column: column, row: row,
                        right: columns.edges[column + 1], bottom: rows.edges[row + 1]))
            }
        }
        return result
    }

    /// The nine-slice grid along one axis (points): four edges and the three extents between
    /// them, each the binary64 nearest to its exact value (docs/LAYOUT.md §Resizable images).
    /// With origin o, size S, scale s and caps of a and b pixels, exactly:
    ///
    ///     a + b ≤ s·S:  edges o, o + a/s, o + S − b/s, o + S;   extents a/s, S − (a + b)/s, b/s
    ///     a + b > s·S:  edges o, o + S·a/(a+b) (twice), o + S;   extents S·a/(a+b), 0, S·b/(a+b)
    ///
    /// Rounding each once from the exact value (not x + a/s − b/s in binary64, which rounds up to
    /// three times) makes equal exact edges equal doubles, zero extents exactly 0, and every
    /// number exact whenever it is representable.
    struct Grid {
        var edges: [Double]
        var extents: [Double]

        init?(origin: Double, size: Double, scale: Double, start a: Int, end b: Int) {
            guard origin.isFinite, size.isFinite, size >= 0, scale.isFinite, scale > 0 else { return nil }
            let o = Dyadic(origin), S = Dyadic(size), s = Dyadic(scale)
            let start = Dyadic(a), end = Dyadic(b), caps = Dyadic(a + b)
            let far = origin + size  // one binary64 addition is already the nearest (and is Rect.maxX)
            if Dyadic.compare(caps, s * S) > 0 {
                // Both caps shrink in proportion; the middle gets no room, so one edge splits them.
                let split = (caps * o + start * S).nearest(dividedBy: caps)
                edges = [origin, split, split, far]
                extents = [(start * S).nearest(dividedBy: caps), 0, (end * S).nearest(dividedBy: caps)]
            } else {
                edges = [origin, (s * o + start).nearest(dividedBy: s), (s * (o + S) - end).nearest(dividedBy: s), far]
                extents = [start.nearest(dividedBy: s), (s * S - caps).nearest(dividedBy: s), end.nearest(dividedBy: s)]
            }
        }
    }
}
