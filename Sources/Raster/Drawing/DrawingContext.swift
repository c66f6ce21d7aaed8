// A Core Graphics bitmap context in miniature (docs/RENDERING.md §11–12): the drawing an app does
// inside UIGraphicsImageRenderer. State is the CTM, the clip (an 8-bit coverage mask), the global
// alpha and the blend mode, saved and restored as a stack. Every operation is a shape's coverage
// (a path filled by §10's rasterizer; an image's or a gradient's area) times the clip, painted
// with a colour, a gradient or an image, and composited by the blend mode:
//
//   s = paint × alpha (scaleLanes), cov = round(shape × clip / 255)
//   modes where a transparent source keeps the destination:  d' = B(s × cov, d)
//   clear, copy, sourceIn, sourceOut, destinationIn, destinationAtop: d' = d + round((B(s, d) − d) × cov / 255)
//     per channel (bounded drawing: outside the shape nothing changes)
//
// An opaque context (no alpha channel) starts black and keeps every pixel's alpha at 255.

/// What a drawing operation refuses.
public enum DrawingFailure: Error, Equatable, Sendable {
    /// A path or stroke would be more lines, or more rasterizer work, than the limits allow.
    case tooComplex(String)
}

/// Bounds on one operation's work (docs/LIMITS.md).
public struct DrawingLimits: Sendable {
    public var lines: Int
    public var work: Int

    public init(lines: Int, work: Int) {
        self.lines = lines
        self.work = work
    }
}

/// What a fill or stroke paints with.
public enum Paint: Sendable {
    case color(PremultipliedColor)
    /// A gradient whose geometry is in its own space; the transform maps that space to the
    /// current user space (an SVG gradient's units and gradientTransform).
    case gradient(Gradient, AffineTransform)
}

/// How an image's samples are taken between their centres.
public enum ImageSampling: Sendable {
    /// Bilinear interpolation of the four nearest samples (Core Graphics' default quality).
    case bilinear
    /// The nearest sample, no interpolation (a PDF image without /Interpolate true).
    case nearest
}

/// How an image is placed by `draw(_:in:)`.
public enum ImagePlacement: Sendable {
    /// UIImage.draw(in:): the image's top row at the rectangle's top.
    case upright
    /// CGContext.draw(_:in:) in a UIKit context: the image's top row at the rectangle's bottom
    /// (Core Graphics' y-up image space meets UIKit's flipped CTM).
    case flipped
}

public struct DrawingContext {
    public struct State {
        public var transform: AffineTransform
        /// The clip as a coverage mask over the context (nil: no clip); kept or put back as a
        /// whole (an SVG element's clip path ends with the element).
        public var clip: [UInt8]?
        public var alpha: UInt8 = 255
        public var blendMode: BlendMode = .normal
    }

    public private(set) var bitmap: Bitmap
    public let isOpaque: Bool
    public var state: State
    private var saved: [State] = []
    /// Open transparency layers: the bitmap below, the state at the beginning, how many states
    /// were saved then.
    private var layers: [(Bitmap, State, Int)] = []
    public let limits: DrawingLimits

    /// A `width` × `height` pixel context whose CTM starts as `transform` (user space to pixels).
    public init(width: Int, height: Int, opaque: Bool, transform: AffineTransform, limits: DrawingLimits) {
        bitmap = Bitmap(width: width, height: height, pixels: [UInt32](repeating: opaque ? 0xFF00_0000 : 0, count: width * height))
        isOpaque = opaque
        state = State(transform: transform)
        self.limits = limits
    }

    /// Graphics states saved at once (each may hold a clip mask of the context's size).
    public static let maxSaved = 32

    /// Saves the state; more than `maxSaved` at once are refused.
    public mutating func save() throws(DrawingFailure) {
        guard saved.count < Self.maxSaved else { throw .tooComplex("more than \(Self.maxSaved) graphics states saved at once") }
        saved.append(state)
    }

    /// Transparency layers open at once (each holds a bitmap of the context's size).
    public static let maxLayers = 8

    /// CGContext.beginTransparencyLayer: later drawing goes to a transparent layer of the
    /// context's size; the graphics state is unchanged but for the alpha (255) and the blend mode
    /// (normal), whose values here composite the layer when it ends (Apple's documentation of
    /// beginTransparencyLayer(auxiliaryInfo:)). More than `maxLayers` open at once are refused.
    public mutating func beginTransparencyLayer() throws(DrawingFailure) {
        guard layers.count < Self.maxLayers else {
            throw .tooComplex("more than \(Self.maxLayers) transparency layers open at once")
        }
        layers.append((bitmap, state, saved.count))
        bitmap = Bitmap(width: bitmap.width, height: bitmap.height)
        state.alpha = 255
        state.blendMode = .normal
    }

    /// CGContext.endTransparencyLayer: the layer is composited, as one image covering the whole
    /// context, with the alpha and blend mode of its beginning, through the current clip; then
    /// those two are in force again (nothing happens when no layer began).
    public mutating func endTransparencyLayer() {
        guard let (below, begun, depth) = layers.popLast() else { return }
        let layer = bitmap
        bitmap = below
        saved.removeSubrange(min(depth, saved.count)...)  // saves inside the layer end with it
        state.alpha = begun.alpha
        state.blendMode = begun.blendMode
        let region = Region(x: 0, y: 0, width: bitmap.width, height: bitmap.height, alpha: nil)
        let pixels = layer.pixels, width = layer.width
        paint(region) { x, y in pixels[y * width + x] }
    }

    /// Ends the open transparency layer without compositing it, and returns its pixels (what an
    /// SVG mask draws; nothing when no layer began).
    public mutating func takeTransparencyLayer() -> Bitmap? {
        guard let (below, begun, depth) = layers.popLast() else { return nil }
        let layer = bitmap
        bitmap = below
        saved.removeSubrange(min(depth, saved.count)...)
        state.alpha = begun.alpha
        state.blendMode = begun.blendMode
        return layer
    }

    /// Intersects the clip with a coverage mask of the context's size (one byte a pixel).
    public mutating func clip(toMask mask: [UInt8]) {
        guard mask.count == bitmap.width * bitmap.height else { return }
        guard let old = state.clip else {
            state.clip = mask
            return
        }
        state.clip = zip(old, mask).map { mulDiv255($0, $1) }
    }

    /// Ends every open transparency layer (a drawing that forgets to end one still shows it).
    public mutating func endAllTransparencyLayers() {
        while !layers.isEmpty { endTransparencyLayer() }
    }

    /// Restores the last saved state (nothing when none is saved, as CG ignores an unbalanced restore).
    public mutating func restore() {
        if let last = saved.popLast() { state = last }
    }

    /// CGContext.concatenate: `transform` applies first, then the current CTM.
    public mutating func concatenate(_ transform: AffineTransform) {
        state.transform = state.transform.prepending(transform)
    }

    /// Fills `path` (user space) with a colour.
    public mutating func fill(_ path: ShapePath, rule: FillRule, color: PremultipliedColor) throws(DrawingFailure) {
        try fill(path, rule: rule, paint: .color(color))
    }

    /// Fills `path` (user space) with a paint.
    public mutating func fill(_ path: ShapePath, rule: FillRule, paint fill: Paint) throws(DrawingFailure) {
        let region = try coverage(path.devicePath(state.transform), rule: rule)
        paint(region, fill)
    }

    /// Strokes `path` with a colour.
    public mutating func stroke(_ path: ShapePath, style: StrokeStyle, color: PremultipliedColor) throws(DrawingFailure) {
        try stroke(path, style: style, paint: .color(color))
    }

    /// Strokes `path` with a paint.
    public mutating func stroke(_ path: ShapePath, style: StrokeStyle, paint fill: Paint) throws(DrawingFailure) {
        let tolerance = 1.0 / 64 / max(state.transform.stretchBound, 1e-9)
        var style = style
        if style.width == 0 {
            // Core Graphics' hairline: the thinnest line the device shows, one pixel: 1/√|det| in
            // user space (exact for a uniform scale).
            let determinant = abs(state.transform.determinant)
            guard determinant > 0 else { return }
            style.width = 1 / determinant.squareRoot()
        }
        guard path.lineCount(tolerance: tolerance) <= limits.lines,
              let polygons = Stroker.outline(path, style: style, tolerance: tolerance, maxPoints: limits.lines) else {
            throw .tooComplex("the stroke outlines to more than \(limits.lines) lines")
        }
        var outline = ShapePath()
        for polygon in polygons {
            outline.elements.append(.move(polygon[0]))
            for p in polygon.dropFirst() { outline.elements.append(.line(p)) }
            outline.elements.append(.close)
        }
        let region = try coverage(outline.devicePath(state.transform), rule: .nonZero)
        paint(region, fill)
    }

    /// Paints a region with a colour or a gradient.
    mutating func paint(_ region: Region, _ fill: Paint) {
        switch fill {
        case let .color(color):
            paint(region) { _, _ in color.packed }
        case let .gradient(gradient, toUser):
            guard let toGradient = state.transform.prepending(toUser).inverted else { return }
            let shader = GradientShader(gradient, toUser: toGradient).tabulated(for: region.width * region.height)
            paint(region) { px, py in shader.shade(px, py) }
        }
    }

    /// Intersects the clip with the union of `paths` (each filled by its rule; where they overlap
    /// in a pixel, the larger coverage): an SVG clipPath's children.
    public mutating func clip(toUnionOf paths: [(ShapePath, FillRule)]) throws(DrawingFailure) {
        var union = [UInt8](repeating: 0, count: bitmap.width * bitmap.height)
        for (path, rule) in paths {
            let region = try coverage(path.devicePath(state.transform), rule: rule)
            for row in 0..<region.height {
                for column in 0..<region.width {
                    let i = (region.y + row) * bitmap.width + region.x + column
                    union[i] = max(union[i], region.alpha?[row * region.width + column] ?? 255)
                }
            }
        }
        clip(toMask: union)
    }

    /// Intersects the clip with `path`.
    public mutating func clip(to path: ShapePath, rule: FillRule) throws(DrawingFailure) {
        try clip(toUnionOf: [(path, rule)])
    }

    /// Draws `image` into the user-space rectangle, bilinearly sampled (or, with `.nearest`, each
    /// pixel centre takes the sample whose cell holds it).
    public mutating func draw(_ image: SourceImage, x: Double, y: Double, width: Double, height: Double,
                              placement: ImagePlacement, tint: PremultipliedColor? = nil, sampling: ImageSampling = .bilinear) throws(DrawingFailure) {
        guard image.width > 0, image.height > 0, width != 0, height != 0 else { return }
        let sx = width / Double(image.width), sy = height / Double(image.height)
        let toUser = placement == .upright
            ? AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: x, ty: y)
            : AffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: x, ty: y + height)
        guard let toImage = state.transform.prepending(toUser).inverted else { return }
        let region = try coverage(ShapePath.rectangle(x: x, y: y, width: width, height: height).devicePath(state.transform), rule: .nonZero)
        let shader = ImageShader(image: image, mapping: PixelMapping(toImage), tint: tint?.packed, sampling: sampling)
        paint(region) { px, py in shader.sample(px, py) }
    }

    /// Fills the clip with a gradient.
    public mutating func draw(_ gradient: Gradient) {
        guard let toUser = state.transform.inverted else { return }
        let shader = GradientShader(gradient, toUser: toUser).tabulated(for: bitmap.width * bitmap.height)
        let region = Region(x: 0, y: 0, width: bitmap.width, height: bitmap.height, alpha: nil)
        paint(region) { px, py in shader.shade(px, py) }
    }

    /// The coverage of a device path over the canvas, within the box of its points.
    func coverage(_ path: Path, rule: FillRule) throws(DrawingFailure) -> Region {
        guard path.lineCount <= limits.lines else { throw .tooComplex("the path flattens to \(path.lineCount) lines, more than \(limits.lines)") }
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for element in path.elements {
            let points: [FixedPoint] = switch element {
            case let .move(p), let .line(p): [p]
            case let .quad(c, p): [c, p]
            case let .cubic(c1, c2, p): [c1, c2, p]
            case .close: []
            }
            for p in points {
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
        }
        guard x0 <= x1 else { return Region(x: 0, y: 0, width: 0, height: 0, alpha: []) }
        let left = max(0, x0 >> 8), top = max(0, y0 >> 8)
        let right = min(bitmap.width, (x1 + 255) >> 8), bottom = min(bitmap.height, (y1 + 255) >> 8)
        guard right > left, bottom > top else { return Region(x: 0, y: 0, width: 0, height: 0, alpha: []) }
        // The path moved by whole pixels so the box starts at (0, 0) (exact in 24.8); what lies
        // left of the box still counts (the rasterizer's accumulation from the left).
        let shift = FixedPoint(x: -left * fixedOne, y: -top * fixedOne)
        let moved = path.moved(by: shift)
        guard CoverageRasterizer.work(moved, width: right - left, height: bottom - top) <= limits.work else {
            throw .tooComplex("the path crosses more pixels than \(limits.work) steps of rasterizer work allow")
        }
        let mask = CoverageRasterizer.mask(moved, rule: rule, width: right - left, height: bottom - top)
        return Region(x: left, y: top, width: right - left, height: bottom - top, alpha: mask.alpha)
    }

    /// Pixels a shape covers: a box and its coverage (nil: all 255).
    struct Region {
        let x: Int, y: Int, width: Int, height: Int
        let alpha: [UInt8]?
    }

    /// Composites `shade` (premultiplied, nil: nothing) over the region by the state's rules.
    mutating func paint(_ region: Region, _ shade: (Int, Int) -> UInt32?) {
        let mode = state.blendMode, alpha = UInt32(state.alpha), clip = state.clip
        let width = bitmap.width
        let keepsDestination = mode.transparentSourceKeepsDestination
        let opaque = isOpaque
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<region.height {
                let y = region.y + row
                for column in 0..<region.width {
                    let x = region.x + column
                    let i = y * width + x
                    var cov = UInt8(255)
                    if let a = region.alpha { cov = a[row * region.width + column] }
                    if let clip { cov = mulDiv255(cov, clip[i]) }
                    if cov == 0 { continue }
                    guard var s = shade(x, y) else { continue }
                    if alpha != 255 { s = scaleLanes(s, by: alpha) }
                    let d = pixels[i]
                    var result: UInt32
                    if keepsDestination {
                        result = mode.apply(cov == 255 ? s : scaleLanes(s, by: UInt32(cov)), d)
                    } else {
                        result = DrawingContext.mix(d, mode.apply(s, d), cov)
                    }
                    if opaque { result |= 0xFF00_0000 }
                    pixels[i] = result
                }
            }
        }
    }

    /// d + round((r − d) × cov / 255) per channel.
    static func mix(_ d: UInt32, _ r: UInt32, _ cov: UInt8) -> UInt32 {
        if cov == 255 { return r }
        let dc = Channels(d), rc = Channels(r), c = Int64(cov)
        func channel(_ a: Int, _ b: Int) -> Int { a + Int(roundedDivideSigned(Int64(b - a) * c, 255)) }
        return Channels(r: channel(dc.r, rc.r), g: channel(dc.g, rc.g), b: channel(dc.b, rc.b), a: channel(dc.a, rc.a)).packed
    }
}

/// An image sampled bilinearly at mapped pixel centres (§11): with (u, v) the centre in 16.16
/// image pixels, t = u − 2^15, taps ⌊t / 2^16⌋ and the next one clamped to the image, weight
/// (t / 2^8) mod 256 for the second; the value per premultiplied channel is
/// (Σ p·wx·wy + 2^15) >> 16, computed as §4's kernel does (vertical then horizontal in 16-bit
/// lanes); a tint then masks its colour with the sampled alpha, as §4 orders it.
struct ImageShader {
    let image: SourceImage
    let mapping: PixelMapping
    /// A template draw's colour: the sampled alpha masks it (§4's tint, after sampling).
    var tint: UInt32?
    var sampling = ImageSampling.bilinear

    func sample(_ x: Int, _ y: Int) -> UInt32 {
        let p = sampling == .bilinear ? bilinear(x, y) : nearest(x, y)
        guard let tint else { return p }
        return scaleLanes(tint, by: p >> 24)
    }

    func bilinear(_ x: Int, _ y: Int) -> UInt32 {
        let (u, v) = mapping.map(x, y)
        let (x0, x1, fx) = taps(u >> 16, image.width)
        let (y0, y1, fy) = taps(v >> 16, image.height)
        let w = image.width
        let spread = image.spread
        func blend(_ a: UInt64, _ b: UInt64, _ f: UInt64) -> UInt64 { a &* (256 &- f) &+ b &* f }
        let left = blend(spread[y0 * w + x0], spread[y1 * w + x0], fy)
        let right = blend(spread[y0 * w + x1], spread[y1 * w + x1], fy)
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        let h = ((left >> 8) & mask) &* (256 &- fx) &+ ((right >> 8) & mask) &* fx
        let l = (left & mask) &* (256 &- fx) &+ (right & mask) &* fx
        return packLanes(((h &+ ((l >> 8) & mask) &+ 0x0080_0080_0080_0080) >> 8) & mask)
    }

    /// The sample whose cell holds the pixel centre: ⌊u⌋, ⌊v⌋ clamped to the image.
    func nearest(_ x: Int, _ y: Int) -> UInt32 {
        let (u, v) = mapping.map(x, y)
        let column = min(max(Int((u >> 16) >> 16), 0), image.width - 1), row = min(max(Int((v >> 16) >> 16), 0), image.height - 1)
        return image.bitmap.pixels[row * image.width + column]
    }

    /// The two taps and the second's weight for a 16.16 coordinate.
    func taps(_ u: Int64, _ count: Int) -> (Int, Int, UInt64) {
        let t = u - 32768
        let tap = Int(t >> 16)
        return (min(max(tap, 0), count - 1), min(max(tap + 1, 0), count - 1), UInt64((t >> 8) & 0xFF))
    }
}
