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
    /// Where the slice is drawn (points, in the view's coordinates; exact — the display list has
    /// the device rectangles, seams on whole pixels).
    public var destination: Rect
    public var horizontal: SliceFill
    public var vertical: SliceFill
    /// Tile size in points when either axis tiles (the other axis's tile extent is the slice's).
    public var tileSize: Size?
    /// Position in the 3 × 3 grid (0…2), for placing the slice on device pixels.
    var column: Int
    var row: Int
}

enum Slicing {
    /// The slices of an image `pixelWidth` × `pixelHeight` at `scale` with `caps` (points,
    /// already mirrored if the image is) filling `destination`.
    static func slices(pixelWidth: Int, pixelHeight: Int, scale: Double, caps: EdgeInsets, mode: ResizingMode,
                       destination: Rect) -> [Slice] {
        func pixels(_ inset: Double) -> Int { max(0, Int((inset * scale).rounded())) }
        // Caps that do not fit the image are cut: the left (top) cap first, the right (bottom)
        // cap gets what remains.
        let left = min(pixels(caps.left), pixelWidth), right = min(pixels(caps.right), pixelWidth - left)
        let top = min(pixels(caps.top), pixelHeight), bottom = min(pixels(caps.bottom), pixelHeight - top)

        let xs = [0, left, pixelWidth - right, pixelWidth]
        let ys = [0, top, pixelHeight - bottom, pixelHeight]
        func edges(_ d0: Double, _ d1: Double, _ capStart: Int, _ capEnd: Int) -> [Double] {
            var start = Double(capStart) / scale, end = Double(capEnd) / scale
            let room = d1 - d0
            if start + end > room {
                let f = start + end > 0 ? room / (start + end) : 0
                start *= f
                end *= f
            }
            return [d0, d0 + start, d1 - end, d1]
        }
        let xd = edges(destination.minX, destination.maxX, left, right)
        let yd = edges(destination.minY, destination.maxY, top, bottom)
        let names = [["topLeft", "top", "topRight"], ["left", "center", "right"], ["bottomLeft", "bottom", "bottomRight"]]

        var result: [Slice] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let sw = xs[column + 1] - xs[column], sh = ys[row + 1] - ys[row]
                let dw = xd[column + 1] - xd[column], dh = yd[row + 1] - yd[row]
                guard sw > 0, sh > 0, dw > 0, dh > 0 else { continue }
                func fill(middle: Bool, sourceLength: Int) -> SliceFill {
                    guard middle else { return .natural }
                    return mode == .tile && sourceLength > 1 ? .tile : .stretch
                }
                let horizontal = fill(middle: column == 1, sourceLength: sw)
                let vertical = fill(middle: row == 1, sourceLength: sh)
                var tileSize: Size?
                if horizontal == .tile || vertical == .tile {
                    tileSize = Size(width: horizontal == .tile ? Double(sw) / scale : dw,
                                    height: vertical == .tile ? Double(sh) / scale : dh)
                }
                result.append(Slice(name: names[row][column],
                                    source: PixelRect(x: xs[column], y: ys[row], width: sw, height: sh),
                                    destination: Rect(x: xd[column], y: yd[row], width: dw, height: dh),
                                    horizontal: horizontal, vertical: vertical, tileSize: tileSize, column: column, row: row))
            }
        }
        return result
    }
}
