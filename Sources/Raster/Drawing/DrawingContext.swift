// A Core Graphics bitmap context in miniature (docs/RENDERING.md §11–12): the drawing an app does
// inside UIGraphicsImageRenderer. State is the CTM, the clip (a coverage mask over a box,
// `ClipMask`), the global alpha and the blend mode, saved and restored as a stack. Every operation
// is a shape's coverage (a path filled by §10's rasterizer; an image's or a gradient's area) times
// the clip, painted with a colour, a gradient or an image, and composited by the blend mode:
//
//   s = paint × alpha (scaleLanes), cov = round(shape × clip / 255)
//   modes where a transparent source keeps the destination:  d' = B(s × cov, d)
//   clear, copy, sourceIn, sourceOut, destinationIn, destinationAtop: d' = d + round((B(s, d) − d) × cov / 255)
//     per channel (bounded drawing: outside the shape nothing changes)
//
// An opaque context (no alpha channel) starts black and keeps every pixel's alpha at 255.
// Every operation is charged its work before it is done (DrawingWork.swift, docs/LIMITS.md).

/// What a drawing refuses.
public enum DrawingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// One operation would pass a limit of its own (lines, rasterizer steps, saved states, layers).
    case tooComplex(String)
    /// The canvas would have more pixels, or a longer side, than the limits allow.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The drawing's operations would take more work than `DrawingLimits.work`.
    case tooMuchWork(limit: Int)

    public var description: String {
        switch self {
        case let .tooComplex(what): what
        case let .tooManyPixels(width, height, limit):
            "the drawing is \(width) × \(height) pixels, more than the \(limit) pixels (and \(DrawingContext.maxSide) a side) one drawing may have"
        case let .tooMuchWork(limit):
            "the drawing takes more than the \(limit) units of work left to it (about a nanosecond each; the limit "
                + "\"drawing-work\", which a scenario's drawings share: docs/LIMITS.md §Drawing work)"
        }
    }
}

/// Bounds on a drawing (docs/LIMITS.md).
public struct DrawingLimits: Sendable, Equatable {
    /// Lines one operation may flatten to: a fill's or clip's path, a stroke's path, its dash
    /// pieces, the points of its outline.
    public var lines: Int
    /// Rasterizer steps one operation may take (CoverageRasterizer.work).
    public var steps: Int
    /// Pixels of the canvas (and so of each layer and mask the drawing makes).
    public var pixels: Int
    /// Work units the whole drawing may take (DrawingCost).
    public var work: Int

    public init(lines: Int, steps: Int, pixels: Int, work: Int) {
        self.lines = lines
        self.steps = steps
        self.pixels = pixels
        self.work = work
    }

    /// The default work budget of one drawing (`ivsim convert`'s): 4 × 10^9 units, a few seconds
    /// of drawing. The heaviest real file measured (docs/LIMITS.md §Drawing work) takes 1.1 × 10^9
    /// at 3x.
    public static let defaultWork = 4_000_000_000

    /// A drawing of a scenario's (docs/LIMITS.md): 1,000,000 lines and 50,000,000 rasterizer steps
    /// an operation, 2^26 pixels, `defaultWork`.
    public static let `default` = DrawingLimits(lines: 1_000_000, steps: 50_000_000, pixels: 1 << 26, work: defaultWork)
}

/// What a fill or stroke paints with.
public enum Paint: Sendable {
    case color(PremultipliedColor)
    /// A gradient whose geometry is in its own space; the transform maps that space to the
    /// current user space (an SVG gradient's units and gradientTransform).
    case gradient(Gradient, AffineTransform)
    /// Gouraud-shaded triangles in their own space, the transform mapping it to the current user
    /// space (a PDF mesh shading, §11.9.1).
    case mesh(TriangleMesh, AffineTransform)
    /// A tile of device pixels repeated across the device (UIColor(patternImage:); §11.9.2).
    case pattern(TiledPattern)
}

/// A pattern in device pixels: `tile` repeated every tile.width × tile.height pixels, one copy's
/// top-left pixel at (originX, originY) (docs/RENDERING.md §11.9.2).
public struct TiledPattern: Sendable {
    public let tile: Bitmap
    public let originX: Int
    public let originY: Int

    public init(tile: Bitmap, originX: Int, originY: Int) {
        self.tile = tile
        self.originX = originX
        self.originY = originY
    }

    /// The pattern's pixel at device pixel (x, y).
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        let (w, h) = (tile.width, tile.height)
        var u = (x - originX) % w, v = (y - originY) % h
        if u < 0 { u += w }
        if v < 0 { v += h }
        return tile.pixels[v * w + u]
    }
}

/// How an image's samples are taken between their centres (docs/RENDERING.md §11.8), after
/// CGInterpolationQuality.
public enum ImageSampling: String, CaseIterable, Sendable {
    /// Core Graphics' default quality (and medium and high): bilinear along an axis the image is
    /// drawn at its size or larger, the shrinking filter (§11.8.1) along an axis it is drawn
    /// smaller, when it is drawn upright, mirrored or a quarter turn round.
    case filtered = "default"
    /// One bilinear sample at each pixel centre, whatever the size (low quality).
    case bilinear = "low"
    /// The nearest sample, no interpolation (`.none`; a PDF image without /Interpolate true).
    case nearest = "none"
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
        /// The clip (nil: none); kept or put back as a whole (an SVG element's clip path ends
        /// with the element).
        public var clip: ClipMask?
        public var alpha: UInt8 = 255
        public var blendMode: BlendMode = .normal
        /// How `draw` samples images unless told otherwise (CGContext.interpolationQuality).
        public var interpolation = ImageSampling.filtered
        /// CGContext.setShouldAntialias: false paints each pixel whose centre a shape covers, whole
        /// (AliasedRasterizer), for fills, strokes, clips and the edges of drawn images.
        public var antialias = true
        /// CGContext.setShadow(offset:blur:color:), in device pixels (nil: no shadow; §11.12.1).
        public var shadow: Shadow?
    }

    /// An open transparency layer: the bitmap below and what of it was painted, the state at the
    /// beginning, how many states were saved then.
    private struct Layer {
        var below: Bitmap
        var belowPainted: PixelRect
        var begun: State
        var depth: Int
        /// A non-isolated layer (a PDF group without /I true): it starts as the backdrop, `below`.
        var nonIsolated = false
        /// The group alpha of the layer below, when that one is non-isolated.
        var belowGroupAlpha: [UInt8]? = nil
    }

    public internal(set) var bitmap: Bitmap
    public let isOpaque: Bool
    public var state: State
    private var saved: [State] = []
    private var layers: [Layer] = []

    /// Transparency layers open now.
    public var openLayers: Int { layers.count }
    /// The box of the pixels of `bitmap` painted so far (what a layer's end composites).
    var painted = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// In a non-isolated layer, the alpha of what the group itself has painted (the union of the
    /// painted sources' alphas, without the backdrop); nil elsewhere.
    var groupAlpha: [UInt8]?
    public let limits: DrawingLimits
    /// Work units charged so far.
    public internal(set) var work = 0

    /// The longest side a drawing may have (PixelMapping's sums are exact up to 2^16 pixels).
    public static let maxSide = 1 << 16

    /// A `width` × `height` pixel context whose CTM starts as `transform` (user space to pixels);
    /// refused, before its pixels are allocated, beyond `limits.pixels` or `maxSide`.
    public init(width: Int, height: Int, opaque: Bool, transform: AffineTransform, limits: DrawingLimits)
        throws(DrawingFailure)
    {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard width >= 0, height >= 0, width <= Self.maxSide, height <= Self.maxSide, !overflow, area <= limits.pixels
        else {
            throw .tooManyPixels(width: width, height: height, limit: limits.pixels)
        }
        self.limits = limits
        bitmap = Bitmap(
            width: width, height: height, pixels: [UInt32](repeating: opaque ? 0xFF00_0000 : 0, count: area))
        isOpaque = opaque
        state = State(transform: transform)
        try charge(Self.cost(area, DrawingCost.layerPixel))
    }

    /// The whole canvas.
    var canvas: PixelRect { PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height) }

    /// Graphics states saved at once (each may hold a clip mask of the context's size).
    public static let maxSaved = 32

    /// Saves the state; more than `maxSaved` at once are refused.
    public mutating func save() throws(DrawingFailure) {
        guard saved.count < Self.maxSaved else {
            throw .tooComplex(
                "more than \(Self.maxSaved) graphics states saved at once: nest fewer saves, clip paths and masks")
        }
        saved.append(state)
    }

    /// Bytes the drawing's open transparency layers and clip masks may hold at once: 256 MiB
    /// (three layers of the largest drawing, 4096 × 4096). Eight layers of it and forty nested
    /// clips held 1.3 GB.
    public static let maxHeld = 256 << 20

    /// Bytes held outside this context while it draws: a PDF soft mask's group is drawn on a
    /// context of its own while the page's layers and masks stay held.
    public var heldOutside = 0

    /// The bytes this drawing's layers (each holds the bitmap below it) and distinct clip masks
    /// hold (the current one, the saved ones and those a layer will put back, each allocation
    /// once, with `extra` held by the caller, such as PDF soft masks), its canvas and
    /// `heldOutside` included.
    public func heldBytes(extra: [ClipMask?] = []) -> Int {
        var seen: Set<UInt> = []
        var bytes = heldOutside + (layers.count + 1) * canvas.area * 4
        bytes += layers.reduce(0) { $0 + ($1.nonIsolated ? canvas.area : 0) }  // their group alphas
        for mask in [state.clip] + saved.map(\.clip) + layers.map(\.begun.clip) + extra {
            guard let mask, !mask.alpha.isEmpty else { continue }
            let address = mask.alpha.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            if seen.insert(address).inserted { bytes += mask.alpha.count }
        }
        return bytes
    }

    /// Refuses a drawing whose `heldBytes` pass `maxHeld` (the canvas is within the pixel limit).
    public func checkHeld(extra: [ClipMask?] = []) throws(DrawingFailure) {
        guard heldBytes(extra: extra) - canvas.area * 4 <= Self.maxHeld else {
            throw .tooComplex(
                "the drawing holds more than \(Self.maxHeld >> 20) MiB of transparency layers and clip masks at once: "
                    + "nest fewer groups, masks and clips")
        }
    }

    /// Restores the last saved state (nothing when none is saved, as CG ignores an unbalanced restore).
    public mutating func restore() {
        if let last = saved.popLast() { state = last }
    }

    /// CGContext.concatenate: `transform` applies first, then the current CTM.
    public mutating func concatenate(_ transform: AffineTransform) {
        state.transform = state.transform.prepending(transform)
    }

    /// Transparency layers open at once (each holds a bitmap of the context's size).
    public static let maxLayers = 8

    /// CGContext.beginTransparencyLayer: later drawing goes to a transparent layer of the
    /// context's size; the graphics state is unchanged but for the alpha (255) and the blend mode
    /// (normal), whose values here composite the layer when it ends (Apple's documentation of
    /// beginTransparencyLayer(auxiliaryInfo:)). More than `maxLayers` open at once are refused.
    ///
    /// With `nonIsolated` (a PDF transparency group without `/I true`, ISO 32000-1 §11.4.5) the
    /// layer starts as a copy of what lies beneath, so that blend modes inside see the backdrop,
    /// and its end removes the backdrop again (§11.4.8, `groupResult`).
    public mutating func beginTransparencyLayer() throws(DrawingFailure) {
        try beginTransparencyLayer(nonIsolated: false)
    }

    /// `beginTransparencyLayer()`, or a non-isolated layer (above).
    public mutating func beginTransparencyLayer(nonIsolated: Bool) throws(DrawingFailure) {
        guard layers.count < Self.maxLayers else {
            throw .tooComplex(
                "more than \(Self.maxLayers) transparency layers (group opacity, blend modes, masks) open at once: flatten the nested ones"
            )
        }
        try charge(Self.cost(canvas.area, DrawingCost.layerPixel * (nonIsolated ? 2 : 1)))
        layers.append(
            Layer(
                below: bitmap, belowPainted: painted, begun: state, depth: saved.count, nonIsolated: nonIsolated,
                belowGroupAlpha: groupAlpha))
        do throws(DrawingFailure) { try checkHeld() } catch {
            layers.removeLast()
            throw error
        }
        if nonIsolated {
            groupAlpha = [UInt8](repeating: 0, count: canvas.area)  // the layer keeps `bitmap`: the backdrop
        } else {
            bitmap = Bitmap(width: bitmap.width, height: bitmap.height)
            groupAlpha = nil
        }
        painted = PixelRect(x: 0, y: 0, width: 0, height: 0)
        state.alpha = 255
        state.blendMode = .normal
        state.shadow = nil  // the layer casts the shadow as a whole when it ends
    }

    /// CGContext.endTransparencyLayer: the layer is composited, as one image covering the whole
    /// context, with the alpha and blend mode of its beginning, through the current clip; then
    /// those two are in force again (nothing happens when no layer began). Where nothing was
    /// painted the layer is transparent, which changes nothing under the modes that keep the
    /// destination for a transparent source: for those only the painted box is composited.
    public mutating func endTransparencyLayer() throws(DrawingFailure) {
        guard let (layer, layerPainted) = popLayer() else { return }
        try composite(layer, painted: layerPainted)
    }

    /// Composites `layer` (the context's size) over the context with the state's alpha and blend
    /// mode through the clip, its shadow first when the state has one (§11.12.1). Where nothing
    /// was painted the layer is transparent, which changes nothing under the modes that keep the
    /// destination for a transparent source: for those only `painted` is composited.
    mutating func composite(_ layer: Bitmap, painted layerPainted: PixelRect) throws(DrawingFailure) {
        if let shadow = state.shadow { try cast(shadow, of: layer, painted: layerPainted) }
        let region = state.blendMode.transparentSourceKeepsDestination ? layerPainted : canvas
        let pixels = layer.pixels, width = layer.width
        try paint(Region(box: region, alpha: nil), cost: DrawingCost.imagePixel) { x, y in pixels[y * width + x] }
    }

    /// Ends the open transparency layer without compositing it, and returns its pixels and the
    /// box of those painted (what an SVG mask draws; nothing when no layer began).
    public mutating func takeTransparencyLayer() -> (bitmap: Bitmap, painted: PixelRect)? {
        popLayer()
    }

    private mutating func popLayer() -> (Bitmap, PixelRect)? {
        guard let layer = layers.popLast() else { return nil }
        var top = (bitmap, painted)
        if layer.nonIsolated, let alpha = groupAlpha {
            top.0 = Self.groupResult(composite: bitmap, backdrop: layer.below, groupAlpha: alpha)
        }
        groupAlpha = layer.belowGroupAlpha
        bitmap = layer.below
        painted = layer.belowPainted
        saved.removeSubrange(min(layer.depth, saved.count)...)  // saves inside the layer end with it
        state.alpha = layer.begun.alpha
        state.blendMode = layer.begun.blendMode
        state.shadow = layer.begun.shadow
        return top
    }

    /// Intersects the clip with a mask.
    public mutating func clip(toMask mask: ClipMask) throws(DrawingFailure) {
        guard let old = state.clip else {
            state.clip = mask
            try checkHeld()
            return
        }
        try charge(Self.cost(old.box.intersection(mask.box).area, DrawingCost.maskPixel))
        state.clip = old.intersected(with: mask)
        try checkHeld()
    }

    /// Fills `path` (user space) with a colour.
    public mutating func fill(_ path: ShapePath, rule: FillRule, color: PremultipliedColor) throws(DrawingFailure) {
        try fill(path, rule: rule, paint: .color(color))
    }

    /// Fills `path` (user space) with a paint.
    public mutating func fill(_ path: ShapePath, rule: FillRule, paint fill: Paint) throws(DrawingFailure) {
        let region = try coverage(path.devicePath(state.transform), rule: rule)
        try paint(region, fill)
    }

    /// Strokes `path` with a colour.
    public mutating func stroke(_ path: ShapePath, style: StrokeStyle, color: PremultipliedColor) throws(DrawingFailure)
    {
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
        let lines = path.lineCount(tolerance: tolerance)
        guard lines <= limits.lines else {
            throw .tooComplex("the stroke outlines to more than \(limits.lines) lines: simplify the path")
        }
        try charge(Self.cost(lines, DrawingCost.line))
        let polylines = path.polylines(tolerance: tolerance)
        if !style.dashes.isEmpty {
            // Counted before any is made: a dash of 0.001 along a long path would be millions.
            guard
                let pieces = Dasher.count(
                    polylines, pattern: style.dashes, phase: style.dashPhase, maxPieces: limits.lines)
            else {
                throw .tooComplex("the stroke's dashes make more than \(limits.lines) pieces: use longer dashes")
            }
            try charge(Self.cost(pieces, DrawingCost.dashPiece))
        }
        guard let polygons = Stroker.outline(polylines, style: style, tolerance: tolerance, maxPoints: limits.lines)
        else {
            throw .tooComplex(
                "the stroke outlines to more than \(limits.lines) lines: simplify the path, or use a thinner stroke")
        }
        var outline = ShapePath()
        for polygon in polygons {
            outline.elements.append(.move(polygon[0]))
            for p in polygon.dropFirst() { outline.elements.append(.line(p)) }
            outline.elements.append(.close)
        }
        let region = try coverage(outline.devicePath(state.transform), rule: .nonZero)
        try paint(region, fill)
    }

    /// Intersects the clip with the union of `paths` (each filled by its rule; where they overlap
    /// in a pixel, the larger coverage): an SVG clipPath's children.
    /// Each path's coverage is merged as soon as it is made, into a union whose box is known from
    /// the paths' points first: holding every child's mask until the end took 57 masks of a
    /// 4096² canvas, 1 GB, for one clipPath (attack round 16).
    public mutating func clip(toUnionOf paths: [(ShapePath, FillRule)]) throws(DrawingFailure) {
        let devicePaths = paths.map { ($0.0.devicePath(state.transform), $0.1) }
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (path, _) in devicePaths {
            if let pathBox = coverageBox(path) { box = box.union(pathBox) }
        }
        var union = [UInt8](repeating: 0, count: box.area)
        for (path, rule) in devicePaths {
            let region = try coverage(path, rule: rule)
            assert(region.box.isEmpty || region.box == coverageBox(path), "a region outside the union's box")
            for row in 0..<region.box.height {
                for column in 0..<region.box.width {
                    let i = (region.box.y + row - box.y) * box.width + region.box.x + column - box.x
                    union[i] = max(union[i], region.alpha?[row * region.box.width + column] ?? 255)
                }
            }
        }
        try charge(Self.cost(box.area, DrawingCost.maskPixel))
        try clip(toMask: ClipMask(box: box, alpha: union))
    }

    /// Intersects the clip with `path`.
    public mutating func clip(to path: ShapePath, rule: FillRule) throws(DrawingFailure) {
        try clip(toUnionOf: [(path, rule)])
    }

    /// Draws `image` into the user-space rectangle, sampled as `sampling` says (§11.8).
    public mutating func draw(
        _ image: SourceImage, x: Double, y: Double, width: Double, height: Double,
        placement: ImagePlacement, tint: PremultipliedColor? = nil, sampling: ImageSampling = .filtered
    ) throws(DrawingFailure) {
        try draw(
            image, x: x, y: y, width: width, height: height, placement: placement, tint: tint, sampling: sampling,
            mayHalve: true)
    }

    /// The draw, halving the image first when it may (the halved image is drawn without asking
    /// again: the halvings are fixed by the first mapping, §11.8.1).
    private mutating func draw(
        _ image: SourceImage, x: Double, y: Double, width: Double, height: Double,
        placement: ImagePlacement, tint: PremultipliedColor?, sampling: ImageSampling, mayHalve: Bool
    ) throws(DrawingFailure) {
        guard image.width > 0, image.height > 0, width != 0, height != 0 else { return }
        let sx = width / Double(image.width), sy = height / Double(image.height)
        let toUser =
            placement == .upright
            ? AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: x, ty: y)
            : AffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: x, ty: y + height)
        guard let toImage = state.transform.prepending(toUser).inverted else { return }
        let region = try coverage(
            ShapePath.rectangle(x: x, y: y, width: width, height: height).devicePath(state.transform), rule: .nonZero)
        let mapping = PixelMapping(toImage)
        if mayHalve, sampling == .filtered, let levels = Self.halvings(image, mapping), levels > 0 {
            // Drawn more than twice smaller: the image halved first (§11.8.1), then drawn the same.
            try charge(Self.cost(image.width * image.height, DrawingCost.maskPixel))
            try draw(
                image.halved(levels), x: x, y: y, width: width, height: height, placement: placement, tint: tint,
                sampling: sampling, mayHalve: false)
            return
        }
        // A template draw's colour masked by the filtered alpha (§4's tint, after sampling).
        let colour = tint?.packed
        func tinted(_ p: UInt32) -> UInt32 { colour.map { scaleLanes($0, by: p >> 24) } ?? p }
        if sampling == .filtered, var filtered = try filtered(image, mapping: mapping, region: region) {
            if colour == nil, try paintSourceOver(filtered, region) { return }
            let box = filtered.box
            if let pixels = filtered.whole() {
                try paint(region, cost: DrawingCost.imagePixel) { px, py in
                    tinted(pixels[(py - box.y) * box.width + px - box.x])
                }
            } else {
                try paint(region, cost: DrawingCost.imagePixel) { px, py in tinted(filtered.pixel(px, py)) }
            }
            return
        }
        if sampling == .filtered, var turned = try turnedFiltered(image, mapping: mapping, region: region) {
            try paint(region, cost: DrawingCost.imagePixel) { px, py in tinted(turned.pixel(px, py)) }
            return
        }
        let shader = ImageShader(
            image: image, mapping: mapping, tint: colour, sampling: sampling == .nearest ? .nearest : .bilinear)
        try paint(region, cost: DrawingCost.imagePixel) { px, py in shader.sample(px, py) }
    }

    /// The halvings before the shrinking filter (ShrinkPyramid) for a draw whose device → image
    /// mapping keeps the axes apart or exchanges them; nil for any other mapping (sampled once).
    static func halvings(_ image: SourceImage, _ mapping: PixelMapping) -> Int? {
        let reduction: UInt64
        if mapping.uy == 0, mapping.vx == 0 {
            reduction = min(mapping.ux.magnitude, mapping.vy.magnitude)
        } else if mapping.ux == 0, mapping.vy == 0 {
            reduction = min(mapping.uy.magnitude, mapping.vx.magnitude)
        } else {
            return nil
        }
        return ShrinkPyramid.levels(reduction: reduction, of: image)
    }

    /// Fills the clip with a triangle mesh whose space is the current user space (where its
    /// triangles are; PDF's `sh` of a mesh shading).
    public mutating func draw(_ mesh: TriangleMesh) throws(DrawingFailure) {
        try paint(Region(box: state.clip?.box.intersection(canvas) ?? canvas, alpha: nil), .mesh(mesh, .identity))
    }

    /// Fills the clip with a gradient.
    public mutating func draw(_ gradient: Gradient) throws(DrawingFailure) {
        guard let toUser = state.transform.inverted else { return }
        let region = Region(box: state.clip?.box.intersection(canvas) ?? canvas, alpha: nil)
        let shader = try tabulated(GradientShader(gradient, toUser: toUser), for: canvas.area)
        let search = shader.table == nil ? DrawingCost.gradientSearch(gradient.stops.count) : 0
        try paint(region, cost: DrawingCost.perPixel(.gradient(gradient, .identity)) + search) { px, py in
            shader.shade(px, py)
        }
    }
}
