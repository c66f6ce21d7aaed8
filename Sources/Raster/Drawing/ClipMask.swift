// A drawing context's clip (docs/RENDERING.md §11): a coverage mask over a box of the canvas,
// zero everywhere outside the box. Keeping only the box makes a clip cost the area it covers, not
// the canvas: a page with 340 small clips no longer touches 340 canvases of pixels, and drawing
// under a clip visits only the pixels inside its box. Every pixel's coverage is what a mask of the
// canvas's size would hold, so no result changes.

/// A coverage mask over `box` (row-major over the box, one byte a pixel); 0 outside it. An empty
/// box clips everything out.
public struct ClipMask: Equatable, Sendable {
    public let box: PixelRect
    public let alpha: [UInt8]

    public init(box: PixelRect, alpha: [UInt8]) {
        precondition(
            box.isEmpty ? alpha.isEmpty : alpha.count == box.width * box.height,
            "a clip mask holds one byte per pixel of its box")
        self.box = box.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : box
        self.alpha = alpha
    }

    /// A mask of the whole canvas (`width` × `height`, row-major), kept over the box of its
    /// non-zero values.
    public init(canvas mask: [UInt8], width: Int, height: Int) {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = y * width
            var first = -1, last = -1
            for x in 0..<width where mask[row + x] != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            x0 = min(x0, first); x1 = max(x1, last + 1)
            y0 = min(y0, y); y1 = y + 1
        }
        guard x0 < x1, y0 < y1 else {
            self.init(box: PixelRect(x: 0, y: 0, width: 0, height: 0), alpha: [])
            return
        }
        let box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        var alpha = [UInt8](repeating: 0, count: box.width * box.height)
        for row in 0..<box.height {
            let from = (y0 + row) * width + x0
            for column in 0..<box.width { alpha[row * box.width + column] = mask[from + column] }
        }
        self.init(box: box, alpha: alpha)
    }

    /// The coverage at canvas pixel (x, y), inside the box.
    @inline(__always)
    func value(_ x: Int, _ y: Int) -> UInt8 { alpha[(y - box.y) * box.width + x - box.x] }

    /// The mask times `other` (each pixel's product /255, rounded), over the boxes' intersection.
    func intersected(with other: ClipMask) -> ClipMask {
        let box = box.intersection(other.box)
        guard !box.isEmpty else { return ClipMask(box: box, alpha: []) }
        var alpha = [UInt8](repeating: 0, count: box.width * box.height)
        for row in 0..<box.height {
            let y = box.y + row
            for column in 0..<box.width {
                let x = box.x + column
                alpha[row * box.width + column] = mulDiv255(value(x, y), other.value(x, y))
            }
        }
        return ClipMask(box: box, alpha: alpha)
    }
}

extension PixelRect {
    /// The pixels both rectangles hold (empty when none).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return x1 > x0 && y1 > y0
            ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// width × height (0 when empty).
    public var area: Int { isEmpty ? 0 : width * height }
}
