// Executes a display list into a premultiplied RGBA8 bitmap (docs/RENDERING.md).
//
// State: a stack of layers (the canvas, then one per open group) and a stack of clip rectangles
// (24.8, intersected as they are pushed). Every draw is clipped geometrically — the visible part of
// a shape is its rectangle intersected with the clip — so coverage at every edge is the exact area
// of the pixel inside both.

import Dispatch

/// Renders display lists.
///
/// The canvas is rendered in horizontal bands of about 256 KiB of pixels: every command of the
/// list is executed for one band (the clip starts as the band) before the next band starts, so the
/// canvas rows, the group layers (one band tall) and the samples being written stay in the
/// core's cache instead of streaming the whole canvas through memory once per command. Every
/// pixel's value depends only on the commands that cover it, so the bands change no result (a
/// test renders with bands of 1 to 23 rows and compares). Measured on the corpus `check`
/// (138 variants, one thread): 128–136 ms → 102–110 ms; on two threads the speed-up went from
/// 1.5–1.7× (memory-bound: two threads streaming whole canvases) to 1.9×. 64 KiB bands cost the
/// per-band set-up of every draw 181 times on a 1170 × 2532 canvas and were slower than none.
/// Because bands are independent, `render` may also share them among threads (a check of one
/// scenario renders its canvas on every core): the test renders on 1 to 3 threads too.
public enum Renderer {
    /// Rows per band for a canvas `width` pixels wide.
    static func bandRows(width: Int) -> Int { max(8, (1 << 16) / max(width, 1)) }

    /// Renders `list` onto a `width` × `height` canvas filled with `background`, its bands shared
    /// among `threads` threads (band i to thread i mod threads): bands are independent, so the
    /// pixels are the same for any number.
    public static func render(
        _ list: DisplayList, width: Int, height: Int,
        background: PremultipliedColor = .clear, bandRows: Int? = nil, threads: Int = 1
    ) -> Bitmap {
        let count = width * height
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                renderBands(
                    list, canvas: base, width: width, height: height, rows: bandRows ?? Renderer.bandRows(width: width),
                    background: background.packed, threads: threads)
            }
            initialized = count
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Draws `list` over the existing pixels of `bitmap`.
    public static func draw(_ list: DisplayList, onto bitmap: inout Bitmap, bandRows: Int? = nil) {
        let (width, height) = (bitmap.width, bitmap.height)
        bitmap.pixels.withUnsafeMutableBufferPointer { canvas in
            guard let base = canvas.baseAddress else { return }
            renderBands(
                list, canvas: base, width: width, height: height, rows: bandRows ?? Renderer.bandRows(width: width),
                background: nil)
        }
    }

    private static func renderBands(
        _ list: DisplayList, canvas: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
        rows: Int, background: UInt32?, threads: Int = 1
    ) {
        guard width > 0 && height > 0 else { return }
        let shapes = PreparedShapes(list, width: width, height: height)
        let bands = (height + rows - 1) / rows
        let workers = min(max(threads, 1), bands)
        guard workers > 1 else {
            return renderBands(
                list, shapes, canvas: canvas, width: width, height: height, rows: rows, background: background,
                bands: stride(from: 0, to: bands, by: 1))
        }
        // The canvas rows of a band are written by the one thread that renders it.
        nonisolated(unsafe) let target = canvas
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            renderBands(
                list, shapes, canvas: target, width: width, height: height, rows: rows, background: background,
                bands: stride(from: worker, to: bands, by: workers))
        }
    }

    /// Renders the bands `bands` (band i covers rows i × rows ..< (i + 1) × rows), with layer buffers
    /// of their own.
    private static func renderBands(
        _ list: DisplayList, _ shapes: PreparedShapes, canvas: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
        rows: Int, background: UInt32?, bands: StrideTo<Int>
    ) {
        let pool = LayerPool(capacity: width * rows)
        defer { pool.deallocate() }
        for band in bands {
            let y0 = band * rows, y1 = min(height, y0 + rows)
            if let background {
                (canvas + y0 * width).initialize(repeating: background, count: (y1 - y0) * width)
            }
            var state = RenderState(canvas: canvas, width: width, height: height, band: y0..<y1, pool: pool)
            for (index, command) in list.commands.enumerated() {
                state.execute(command, index: index, images: list.images, shapes: shapes)
            }
            state.finish()
        }
    }
}

/// Band-sized buffers for group layers, one per nesting depth, reused from band to band. A buffer
/// is all zero (transparent) whenever no group uses it: it is zeroed when made, and a group
/// zeroes what it drew when it ends. So a group costs the pixels it draws, not the band: 100,000
/// groups of one pixel each no longer clear 100,000 band buffers per band.
final class LayerPool {
    let capacity: Int
    private var buffers: [UnsafeMutablePointer<UInt32>] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    func buffer(depth: Int) -> UnsafeMutablePointer<UInt32> {
        while buffers.count <= depth {
            let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
            buffer.initialize(repeating: 0, count: capacity)
            buffers.append(buffer)
        }
        return buffers[depth]
    }

    func deallocate() {
        for buffer in buffers { buffer.deallocate() }
    }
}

/// A drawing surface: the canvas or a group's layer. `pixels` addresses pixel (0, 0), so that
/// pixel (x, y) is at `pixels + y × width + x` for every layer; a group layer holds only the rows
/// of the band being rendered.
struct Layer {
    let pixels: UnsafeMutablePointer<UInt32>
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
    let band: Range<Int>
    let pool: LayerPool
    var layers: [Layer]
    var clips: [DeviceRect]
    /// The corner masks of the rounded clips in `clips`, outermost first, and per entry of
    /// `clips` how many of them it added (none for a rectangle): kept as one list so that a draw
    /// under many nested clips does not gather them again (95 nested clips over 40,000 views took
    /// 88 s when each draw in each band flattened a list per clip, attack round 19).
    var corners: [CornerMask] = []
    var cornerCounts: [Int] = [0]

    init(canvas: UnsafeMutablePointer<UInt32>, width: Int, height: Int, band: Range<Int>, pool: LayerPool) {
        self.width = width
        self.height = height
        self.band = band
        self.pool = pool
        layers = [Layer(pixels: canvas, opacity: 255)]
        clips = [
            DeviceRect(x0: 0, y0: band.lowerBound * fixedOne, x1: width * fixedOne, y1: band.upperBound * fixedOne)
        ]
    }

    var clip: DeviceRect { clips[clips.count - 1] }

    mutating func execute(_ command: DisplayCommand, index: Int, images: [SourceImage], shapes: PreparedShapes) {
        switch command {
        case .fill, .drawImage, .tileImage, .border:
            let masks = corners.isEmpty ? [] : corners(touchedBy: command)
            if masks.isEmpty {
                draw(command, index: index, images: images, shapes: shapes)
            } else {
                let saved = saveCorners(masks)
                draw(command, index: index, images: images, shapes: shapes)
                mixCorners(masks, saved)
            }
        case let .pushClip(rect):
            clips.append(clip.intersection(rect))
            cornerCounts.append(0)
        case let .pushRoundedClip(shape):
            clips.append(clip.intersection(shape.rect))
            let masks = shapes.corners[index] ?? []
            corners += masks
            cornerCounts.append(masks.count)
        case .popClip:
            if clips.count > 1 {
                clips.removeLast()
                corners.removeLast(cornerCounts.removeLast())
            }
        case let .beginGroup(opacity):
            let buffer = pool.buffer(depth: layers.count - 1)  // all zero (LayerPool)
            layers.append(Layer(pixels: buffer - band.lowerBound * width, opacity: opacity))
        case .endGroup:
            if layers.count > 1 { endGroup() }
        }
    }

    /// The active corner masks, in order, whose boxes (in this band) meet the pixels `command` can
    /// change: its rectangle's pixels within the clip's. A draw changes no pixel outside them, so
    /// saving and mixing any other mask would leave every pixel as it is (the same bytes).
    func corners(touchedBy command: DisplayCommand) -> [CornerMask] {
        let rect: DeviceRect
        switch command {
        case let .fill(r, _): rect = r
        case let .drawImage(draw): rect = draw.destination
        case let .tileImage(tile): rect = tile.region
        case let .border(shape, _, _): rect = shape.rect
        default: return corners
        }
        let (rx0, rx1) = pixelSpan(rect.x0, rect.x1), (ry0, ry1) = pixelSpan(rect.y0, rect.y1)
        let (cx0, cx1) = pixelSpan(clip.x0, clip.x1), (cy0, cy1) = pixelSpan(clip.y0, clip.y1)
        let x0 = max(rx0, cx0), x1 = min(rx1, cx1), y0 = max(ry0, cy0), y1 = min(ry1, cy1)
        guard x1 > x0, y1 > y0 else { return [] }
        return corners.filter { m in
            let (rows, columns) = span(of: m)
            return rows.lowerBound < y1 && y0 < rows.upperBound && columns.lowerBound < x1 && x0 < columns.upperBound
        }
    }

    /// Runs a drawing command.
    mutating func draw(_ command: DisplayCommand, index: Int, images: [SourceImage], shapes: PreparedShapes) {
        switch command {
        case let .fill(rect, color):
            fill(rect.intersection(clip), color)
        case let .drawImage(draw):
            guard draw.image >= 0 && draw.image < images.count else { return }
            drawImage(draw, images[draw.image])
        case let .tileImage(tile):
            guard tile.image >= 0 && tile.image < images.count else { return }
            drawTiles(tile, images[tile.image])
        case let .border(_, _, color):
            if let mask = shapes.borders[index] { fill(mask, color) }
        default:
            break
        }
    }

    /// Closes groups left open.
    mutating func finish() {
        while layers.count > 1 { endGroup() }
    }

    /// Composites the top layer onto the one below with its opacity, and zeroes what it drew so
    /// that its buffer is clear for the next group.
    mutating func endGroup() {
        let layer = layers.removeLast()
        let (x0, y0, x1, y1) = layer.dirty
        guard x1 > x0 && y1 > y0 else { return }
        let below = layers[layers.count - 1].pixels
        let opacity = UInt32(layer.opacity)
        for y in y0..<y1 {
            let source = layer.pixels + y * width
            if opacity > 0 {
                let target = below + y * width
                for x in x0..<x1 {
                    var p = source[x]
                    if p == 0 { continue }
                    if opacity != 255 { p = scaleLanes(p, by: opacity) }
                    target[x] = sourceOver(p, target[x])
                }
            }
            (source + x0).update(repeating: 0, count: x1 - x0)
        }
        if opacity > 0 { layers[layers.count - 1].touch(x0, y0, x1, y1) }
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
