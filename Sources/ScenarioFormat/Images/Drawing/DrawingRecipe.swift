import ImageViews
import Raster
import Syntax

// A `draw` image source (docs/SCENARIOS.md §Drawn images): UIGraphicsImageRenderer with a size or
// bounds, a scale and opacity, and operations applied in order, each UIKit's (docs/DRAWING.md).

/// A shape an operation fills, strokes or clips to, in the renderer's points.
struct DrawShape {
    var path: ShapePath
    var rule: FillRule
}

/// How an operation composites (UIKit's draw(in:blendMode:alpha:) and fill(with:alpha:)).
struct Compositing {
    var blendMode: BlendMode = .normal
    /// 0…255 (the alpha argument, rounded to 8 bits).
    var alpha: UInt8 = 255
}

/// What a fill or stroke paints with: a colour, or UIColor(patternImage:) of an image of the
/// scenario (docs/DRAWING.md §Pattern colours).
enum DrawPaint {
    case color(RGBA)
    case pattern(String)
}

/// One drawing operation.
enum DrawOperation {
    case fill(DrawShape, DrawPaint, Compositing)
    case stroke(DrawShape, StrokeStyle, DrawPaint, Compositing)
    /// UIImage.drawAsPattern(in:): the rectangle filled with the image as a pattern.
    case drawAsPattern(name: String, rect: (Double, Double, Double, Double))
    /// An image of the scenario, by name, at its size from a point or into a rectangle.
    case image(name: String, placement: ImagePlacementSpec, cgImage: Bool, Compositing)
    /// UIGraphicsImageRendererContext.currentImage drawn with draw(at:) or draw(in:): what the
    /// operations before it drew, as an image at the renderer's scale.
    case currentImage(placement: ImagePlacementSpec, Compositing)
    case clip(DrawShape)
    /// CGContext.clip(to:mask:): an image of the scenario, grey without alpha, as the clip's alpha
    /// in a rectangle.
    case clipToMask(name: String, rect: (Double, Double, Double, Double))
    case gradient(Gradient, Compositing)
    case save
    case restore
    case transform(AffineTransform)
    /// CGContext.interpolationQuality: how later image draws sample (graphics state).
    case interpolation(ImageSampling)
    /// CGContext.setShouldAntialias: whether later shapes are antialiased (graphics state).
    case antialias(Bool)
    /// CGContext.setShadow(offset:blur:color:) in points (nil: setShadow with a nil colour, off).
    case shadow((offset: (x: Double, y: Double), blur: Double, color: RGBA)?)
    /// CGContext.beginTransparencyLayer, with the alpha and blend mode it composites with.
    case beginLayer(Compositing)
    case endLayer
}

enum ImagePlacementSpec {
    case at(Double, Double)
    case rect(Double, Double, Double, Double)
}

struct DrawingRecipe {
    /// The renderer's bounds in points (`size` gives an origin of 0, 0).
    var bounds: (x: Double, y: Double, width: Double, height: Double)
    /// nil: the screen's (one rendering per display scale, as image variants).
    var scale: Double?
    var opaque: Bool
    var operations: [DrawOperation]
    /// Each operation's node, for errors found while drawing.
    var operationNodes: [JSONNode] = []

    /// The images the operations draw, in order.
    var imageNames: [String] {
        operations.compactMap {
            switch $0 {
            case let .image(name, _, _, _), let .clipToMask(name, _), let .drawAsPattern(name, _),
                let .fill(_, .pattern(name), _), let .stroke(_, _, .pattern(name), _):
                name
            default: nil
            }
        }
    }

    /// Pixel size at `scale`: each side ⌈points × scale⌉ (at least 1).
    func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((bounds.width * scale).rounded(.up))), max(1, Int((bounds.height * scale).rounded(.up))))
    }

    /// A drawing that failed, and the operation that failed (nil: the canvas itself).
    struct Failure: Error {
        var failure: DrawingFailure
        var operation: Int?
    }

    /// Runs the operations at `scale` within `limits`; `image` gives each named image for this
    /// display scale. Returns the pixels and the work they took.
    func render(scale: Double, limits: DrawingLimits, image: (String) -> Image?) throws(Failure) -> (Bitmap, Int) {
        let (w, h) = pixelSize(scale: scale)
        let base = AffineTransform.scale(scale, scale).prepending(.translation(-bounds.x, -bounds.y))
        var context: DrawingContext
        do throws(DrawingFailure) {
            context = try DrawingContext(width: w, height: h, opaque: opaque, transform: base, limits: limits)
        } catch { throw Failure(failure: error, operation: nil) }
        var openLayers = 0
        for (index, operation) in operations.enumerated() {
            do throws(DrawingFailure) {
                try run(operation, scale: scale, openLayers: &openLayers, image: image, context: &context)
            } catch { throw Failure(failure: error, operation: index) }
        }
        return (context.bitmap, context.work)
    }

    /// Runs one operation.
    private func run(
        _ operation: DrawOperation, scale: Double, openLayers: inout Int, image: (String) -> Image?,
        context: inout DrawingContext
    ) throws(DrawingFailure) {
        switch operation {
        case let .fill(shape, drawPaint, compositing):
            guard let fill = try paint(drawPaint, scale: scale, image: image, context: &context) else { return }
            try with(compositing, &context) { (c) throws(DrawingFailure) in
                try c.fill(shape.path, rule: shape.rule, paint: fill)
            }
        case let .stroke(shape, style, drawPaint, compositing):
            guard let fill = try paint(drawPaint, scale: scale, image: image, context: &context) else { return }
            try with(compositing, &context) { (c) throws(DrawingFailure) in
                try c.stroke(shape.path, style: style, paint: fill)
            }
        case let .drawAsPattern(name, rect):
            guard let fill = try paint(.pattern(name), scale: scale, image: image, context: &context) else {
                return
            }
            try with(Compositing(), &context) { (c) throws(DrawingFailure) in
                try c.fill(
                    ShapePath.rectangle(x: rect.0, y: rect.1, width: rect.2, height: rect.3), rule: .nonZero,
                    paint: fill)
            }
        case let .image(name, placement, cgImage, compositing):
            guard let drawn = image(name) else { return }
            try with(compositing, &context) { (c) throws(DrawingFailure) in
                try Self.draw(drawn, placement, cgImage: cgImage, in: &c)
            }
        case let .currentImage(placement, compositing):
            // The reader refuses it inside a layer, where the bitmap would be the layer's.
            guard openLayers == 0 else { return }
            // The copy of the canvas is charged before it is made, a mask pixel each.
            try context.charge(context.bitmap.width * context.bitmap.height * DrawingCost.maskPixel)
            var current = Image(
                name: "currentImage", pixels: SourceImage(context.bitmap, opaque: context.isOpaque), scale: scale)
            current.renderingMode = .alwaysOriginal
            try with(compositing, &context) { (c) throws(DrawingFailure) in
                try Self.draw(current, placement, cgImage: false, in: &c)
            }
        case let .clipToMask(name, rect):
            guard let mask = image(name) else { return }
            try Self.clip(toMask: mask, name: name, in: rect, context: &context)
        case let .clip(shape):
            var path = shape.path  // addClip(): the context's flatness, not the path's
            path.flattening = .flatness(CurveFlattening.contextDefault)
            try context.clip(to: path, rule: shape.rule)
        case let .gradient(gradient, compositing):
            // A gradient's shape is the clip: its shadow is the clip's.
            try with(compositing, keepingClip: true, &context) { (c) throws(DrawingFailure) in try c.draw(gradient)
            }
        case .save:
            try context.save()
        case .restore:
            context.restore()
        case let .transform(t):
            context.concatenate(t)
        case let .interpolation(sampling):
            context.state.interpolation = sampling
        case let .antialias(on):
            context.state.antialias = on
        case let .shadow(spec):
            // Base space: points times the renderer's scale, y down (iOS 3.2 and later), the
            // CTM not applied; σ = blur / 2 (docs/RENDERING.md §11.12.1).
            context.state.shadow = spec.map { spec in
                Shadow(
                    dx: Int((spec.offset.x * scale + 0.5).rounded(.down)),
                    dy: Int((spec.offset.y * scale + 0.5).rounded(.down)),
                    boxSize: FilterImage.boxSize(spec.blur * scale / 2), color: premultiplied(spec.color))
            }
        case let .beginLayer(compositing):
            openLayers += 1
            context.state.blendMode = compositing.blendMode
            context.state.alpha = compositing.alpha
            try context.beginTransparencyLayer()
        case .endLayer:
            openLayers = max(0, openLayers - 1)
            try context.endTransparencyLayer()
            context.state.alpha = 255  // the layer's own compositing was an argument, not state
            context.state.blendMode = .normal
        }
    }

    /// Runs `body` (one painting operation) with the operation's blend mode and alpha, then puts
    /// the context's back (they are arguments of the UIKit call, not state it leaves behind); with
    /// the state's shadow, if any (DrawingContext.withShadow; `keepingClip` for a gradient).
    private func with(
        _ compositing: Compositing, keepingClip: Bool = false, _ context: inout DrawingContext,
        _ body: (inout DrawingContext) throws(DrawingFailure) -> Void
    ) throws(DrawingFailure) {
        let (mode, alpha) = (context.state.blendMode, context.state.alpha)
        context.state.blendMode = compositing.blendMode
        context.state.alpha = compositing.alpha
        defer {
            context.state.blendMode = mode
            context.state.alpha = alpha
        }
        try context.withShadow(keepingClip: keepingClip, body)
    }

    private func premultiplied(_ c: RGBA) -> PremultipliedColor {
        PremultipliedColor(straightR: c.r, g: c.g, b: c.b, a: c.a)
    }

    /// The Raster paint of `paint` at `scale`; nil when its image is missing (reported by the reader).
    private func paint(
        _ paint: DrawPaint, scale: Double, image: (String) -> Image?, context: inout DrawingContext
    ) throws(DrawingFailure) -> Paint? {
        switch paint {
        case let .color(color): return .color(premultiplied(color))
        case let .pattern(name):
            guard let tiled = image(name) else { return nil }
            // The pattern's origin: user space (0, 0) of the renderer's own CTM, not the current
            // one (Quartz maps pattern space to the context's default space).
            let origin = AffineTransform.scale(scale, scale).prepending(.translation(-bounds.x, -bounds.y)).apply(0, 0)
            return .pattern(try Self.pattern(tiled, scale: scale, origin: origin, context: &context))
        }
    }

    /// UIImage.draw(at:) / draw(in:): the displayed (oriented) pixels, upright, the image's size in
    /// points at a point; with a tint colour (withTintColor) as a mask filled with it. A symbol is
    /// drawn as its outlines, in its tint colour or black (docs/SYMBOLS.md §Drawing symbols).
    /// CGContext.draw(cgImage, in:): the stored pixels, flipped.
    static func draw(_ image: Image, _ placement: ImagePlacementSpec, cgImage: Bool, in context: inout DrawingContext)
        throws(DrawingFailure)
    {
        let pixels = cgImage ? image.pixels : image.displayPixels(mirrored: false)
        let tint = cgImage ? nil : image.tintColor?.resolved(Traits()).premultiplied
        let rect: (Double, Double, Double, Double) =
            switch placement {
            case let .at(x, y): (x, y, image.size.width, image.size.height)
            case let .rect(x, y, w, h): (x, y, w, h)
            }
        if !cgImage, image.orientation == .up, let vector = image.vectorDrawing {
            try vector.draw(
                &context, rect.0, rect.1, rect.2, rect.3, tint ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 255),
                image.renderingMode != .alwaysOriginal)
            return
        }
        try context.draw(
            pixels, x: rect.0, y: rect.1, width: rect.2, height: rect.3, placement: cgImage ? .flipped : .upright,
            tint: tint,
            sampling: context.state.interpolation)
    }
}
