// Executes a display list into a premultiplied RGBA8 bitmap (docs/RENDERING.md).
//
// State: a stack of layers (the canvas, then one per open group) and a stack of clip rectangles
// (24.8, intersected as they are pushed). Every draw is clipped geometrically — the visible part of
// a shape is its rectangle intersected with the clip — so coverage at every edge is the exact area
// of the pixel inside both.

/// Renders display lists.
public enum Renderer {
    /// Renders `list` onto a `width` × `height` canvas filled with `background`.
    public static func render(_ list: DisplayList, width: Int, height: Int,
                              background: PremultipliedColor = .clear) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height,
                            pixels: [UInt32](repeating: background.packed, count: width * height))
        draw(list, onto: &bitmap)
        return bitmap
    }

    /// Draws `list` over the existing pixels of `bitmap`.
    public static func draw(_ list: DisplayList, onto bitmap: inout Bitmap) {
        let (width, height) = (bitmap.width, bitmap.height)
        guard width > 0 && height > 0 else { return }
        bitmap.pixels.withUnsafeMutableBufferPointer { canvas in
            var state = RenderState(canvas: canvas.baseAddress!, width: width, height: height)
            for command in list.commands {
                state.execute(command, images: list.images)
            }
            state.finish()
        }
    }
}

/// A drawing surface: the canvas or a group's layer.
struct Layer {
    let pixels: UnsafeMutablePointer<UInt32>
    let owned: Bool
    let opacity: UInt8
    /// Pixel bounds drawn into so far (x0, y0, x1, y1; empty when x1 ≤ x0).
    var dirty = (0, 0, 0, 0)

    mutating func touch(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        if dirty.2 <= dirty.0 {
            dirty = (x0, y0, x1, y1)
        } else {
            dirty = (min(dirty.0, x0), min(dirty.1, y0), max(dirty.2, x1), max(dirty.3, y1))
        }
    }
}

struct RenderState {
    let width: Int
    let height: Int
    var layers: [Layer]
    var clips: [DeviceRect]

    init(canvas: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.width = width
        self.height = height
        layers = [Layer(pixels: canvas, owned: false, opacity: 255)]
        clips = [DeviceRect.canvas(width: width, height: height)]
    }

    var clip: DeviceRect { clips[clips.count - 1] }

    mutating func execute(_ command: DisplayCommand, images: [SourceImage]) {
        switch command {
        case let .fill(rect, color):
            fill(rect.intersection(clip), color)
        case let .drawImage(draw):
            guard draw.image >= 0 && draw.image < images.count else { return }
            drawImage(draw, images[draw.image])
        case let .pushClip(rect):
            clips.append(clip.intersection(rect))
        case .popClip:
            if clips.count > 1 { clips.removeLast() }
        case let .beginGroup(opacity):
            let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            pixels.initialize(repeating: 0, count: width * height)
            layers.append(Layer(pixels: pixels, owned: true, opacity: opacity))
        case .endGroup:
            if layers.count > 1 { endGroup() }
        }
    }

    /// Closes groups left open.
    mutating func finish() {
        while layers.count > 1 { endGroup() }
    }

    /// Composites the top layer onto the one below with its opacity.
    mutating func endGroup() {
        let layer = layers.removeLast()
        defer { layer.pixels.deallocate() }
        let (x0, y0, x1, y1) = layer.dirty
        guard x1 > x0 && y1 > y0 && layer.opacity > 0 else { return }
        let below = layers[layers.count - 1].pixels
        let opacity = UInt32(layer.opacity)
        for y in y0..<y1 {
            let source = layer.pixels + y * width
            let target = below + y * width
            for x in x0..<x1 {
                var p = source[x]
                if p == 0 { continue }
                if opacity != 255 { p = scaleLanes(p, by: opacity) }
                target[x] = sourceOver(p, target[x])
            }
        }
        layers[layers.count - 1].touch(x0, y0, x1, y1)
    }
}

/// The pixels a 24.8 span touches: [floor(a), ceil(b)).
@inline(__always)
func pixelSpan(_ a: Int, _ b: Int) -> (Int, Int) {
    (a >> 8, (b + 255) >> 8)
}

/// Length in 1/256 pixel of the part of pixel `p` inside [a, b).
@inline(__always)
func coverage(_ p: Int, _ a: Int, _ b: Int) -> Int {
    min(b, (p + 1) << 8) - max(a, p << 8)
}
