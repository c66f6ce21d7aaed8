import Raster

// Draws compiled SVG content on a drawing context (docs/SVG.md §Drawing): per element the style
// computed over the inherited one, its transform concatenated, group opacity as a transparency
// layer, fill then stroke.

struct SVGRenderer {
    let definitions: SVGDefinitions
    let gradients: [String: SVGGradient]
    let viewportSize: (Double, Double)

    init(definitions: SVGDefinitions, gradients: [String: SVGGradient], viewportSize: (Double, Double)) {
        self.definitions = definitions
        self.gradients = gradients
        self.viewportSize = viewportSize
    }

    mutating func draw(_ nodes: [SVGNode], style inherited: SVGStyle, in context: inout DrawingContext)
        throws(DrawingFailure)
    {
        for node in nodes {
            var style = inherited.inheritedByChild
            try context.charge(DrawingCost.node + DrawingCost.declaration * node.declarationCount)
            switch node {
            case let .group(transform, declarations, children), let .use(transform, declarations, children):
                style.apply(declarations.list)
                guard style.displayed else { continue }
                let outer = context.state.transform  // SVG changes only the transform: no state stack needed
                context.concatenate(transform)
                try layer(opacity: style.opacity, blendMode: style.blendMode, in: &context) {
                    (c) throws(DrawingFailure) in
                    try draw(children, style: style, in: &c)
                }
                context.state.transform = outer
            case let .clipped(transform, clip, content):
                // The state is saved, so that the clip outside is one the drawing's memory counts.
                try context.save()
                context.concatenate(transform)
                var paths = clip.paths
                if clip.boundingBoxUnits, case let .shape(_, _, path) = content {
                    let box = try Self.chargedBounds(path, &context)
                    guard box.width > 0, box.height > 0 else {
                        context.restore()  // an empty box clips everything out
                        continue
                    }
                    let toBox = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y)
                    paths = paths.map { ($0.0.applying(toBox), $0.1) }
                }
                try context.clip(toUnionOf: paths)
                try draw([content], style: inherited, in: &context)
                context.restore()
            case let .masked(transform, mask, content):
                try context.save()
                context.concatenate(transform)
                // The mask's content in a layer, clipped to its region; its luminance then clips.
                var region = mask.region
                if mask.boundingBoxUnits {
                    if case let .shape(_, _, path) = content.withoutTransform.0 {
                        let box = try Self.chargedBounds(path, &context)
                        region = [
                            box.x + region[0] * box.width, box.y + region[1] * box.height, region[2] * box.width,
                            region[3] * box.height
                        ]
                    } else {
                        region = []  // a group's box is not computed: its region is taken as unbounded
                    }
                }
                try maskAndDraw(mask, region, content, inherited, &context)
                context.restore()
            case let .filtered(transform, filter, content):
                let outer = context.state.transform
                context.concatenate(transform)
                try filterAndDraw(filter, content, inherited, &context)
                context.state.transform = outer
            case let .shape(transform, declarations, path):
                style.apply(declarations.list)
                let hasFill = style.fill != .none, hasStroke = style.stroke != .none && style.strokeWidth > 0
                // A shape that paints nothing is not looked at (`use` copies of a long path with
                // fill="none" spent seconds counting lines for nothing).
                guard style.displayed, style.visible, hasFill || hasStroke, !path.elements.isEmpty else { continue }
                // Its elements are charged before their lines are counted, and the lines are
                // bounded before the box is flattened (the fill and stroke check again).
                try context.charge(path.elements.count * DrawingCost.pathElement)
                let lines = path.lineCount(tolerance: 1.0 / 64)
                guard lines <= SVGRenderer.maxShapeLines else {
                    throw .tooComplex(
                        "a shape flattens to more than \(SVGRenderer.maxShapeLines) lines: use fewer or flatter curves")
                }
                let outer = context.state.transform
                context.concatenate(transform)
                // The box only for a gradient in bounding-box units (flattening every shape costs).
                let needsBox = [style.fill, style.stroke].contains { if case .reference = $0 { true } else { false } }
                if needsBox { try context.charge(lines * DrawingCost.line) }
                let box = needsBox ? Self.bounds(path) : (x: 0, y: 0, width: 0, height: 0)
                // Opacity over both a fill and a stroke is a group's; over one of them, its paint's.
                let grouped = (style.opacity < 1 && hasFill && hasStroke) || style.blendMode != .normal
                let folded = grouped ? 1 : style.opacity
                try layer(opacity: grouped ? style.opacity : 1, blendMode: style.blendMode, in: &context) {
                    (c) throws(DrawingFailure) in
                    if hasFill,
                        let paint = paint(style.fill, opacity: style.fillOpacity * folded, style: style, box: box)
                    {
                        try c.fill(path, rule: style.fillRule, paint: paint)
                    }
                    if hasStroke,
                        let paint = paint(style.stroke, opacity: style.strokeOpacity * folded, style: style, box: box)
                    {
                        try c.stroke(
                            path,
                            style: StrokeStyle(
                                width: style.strokeWidth, cap: style.lineCap, join: style.lineJoin,
                                miterLimit: style.miterLimit, dashes: style.dashes, dashPhase: style.dashOffset),
                            paint: paint)
                    }
                }
                context.state.transform = outer
            }
        }
    }

    /// Lines one shape may flatten to (at 1/64 user unit, for its bounding box).
    static let maxShapeLines = 1_000_000

    /// Draws the mask's content in a layer (clipped to `region` when given), makes its luminance
    /// the clip, and draws the element under it.
    mutating func maskAndDraw(
        _ mask: SVGMask, _ region: [Double], _ content: SVGNode, _ inherited: SVGStyle,
        _ context: inout DrawingContext
    ) throws(DrawingFailure) {
        let clip = context.state.clip
        try context.beginTransparencyLayer()
        if region.count == 4 {
            try context.clip(
                to: .rectangle(x: region[0], y: region[1], width: region[2], height: region[3]), rule: .nonZero)
        }
        try draw(mask.content, style: mask.style, in: &context)
        context.state.clip = clip
        guard let (layer, painted) = context.takeTransparencyLayer() else { return }
        try context.charge(painted.area * DrawingCost.maskPixel)
        try context.clip(toMask: SVGMask.luminance(layer, over: painted))
        try draw([content], style: inherited, in: &context)
    }

    /// Draws the element into a layer of its own, clipped to the filter region only, runs the
    /// filter over the region's pixels and paints the result through the clip with the element's
    /// opacity and blend mode, which apply after the filter (Filter Effects §4; docs/SVG.md
    /// §Filters). An element not displayed draws nothing. The work and the memory of the
    /// filter's images are bounded before any is made.
    mutating func filterAndDraw(
        _ filter: SVGFilter, _ content: SVGNode, _ inherited: SVGStyle, _ context: inout DrawingContext
    ) throws(DrawingFailure) {
        // The element's own display, opacity and blend mode (a group, use or shape: the filter is
        // the innermost of an element's filter, mask and clip).
        var own = inherited.inheritedByChild
        var inner = content
        switch content {
        case let .group(t, d, children), let .use(t, d, children):
            own.apply(d.list)
            inner =
                Self.isUse(content)
                ? .use(transform: t, declarations: Self.unblended(d), target: children)
                : .group(transform: t, declarations: Self.unblended(d), children: children)
        case let .shape(t, d, path):
            own.apply(d.list)
            inner = .shape(transform: t, declarations: Self.unblended(d), path: path)
        default: break
        }
        guard own.displayed else { return }
        var region = filter.region
        if filter.boundingBoxUnits, case let .shape(_, _, path) = content {
            let box = try Self.chargedBounds(path, &context)
            guard box.width > 0, box.height > 0 else { return }
            region = [
                box.x + region[0] * box.width, box.y + region[1] * box.height, region[2] * box.width,
                region[3] * box.height
            ]
        }
        let t = context.state.transform
        guard let box = context.filterBox(x: region[0], y: region[1], width: region[2], height: region[3]) else {
            throw .tooComplex("a filter under a rotation or skew is not drawn: ivsim filters axis-aligned drawings")
        }
        guard !box.isEmpty else { return }
        // Held at once at most: the element's layer (the canvas's size), the source, its alpha, a
        // blur's two buffers, and an image a step (each primitive and merge input).
        let canvas = context.bitmap.width * context.bitmap.height
        let (images, imagesOverflow) = (filter.steps + 4).multipliedReportingOverflow(by: box.area)
        let (held, heldOverflow) = (images + canvas).multipliedReportingOverflow(by: 4)
        guard !imagesOverflow, !heldOverflow, held <= DrawingContext.maxHeld else {
            throw .tooComplex(
                "a filter over \(box.width) × \(box.height) pixels would hold more than \(DrawingContext.maxHeld >> 20) "
                    + "MiB of images: use a smaller filter region or fewer primitives")
        }
        let blurs = filter.primitives.filter { if case .blur = $0.operation { true } else { false } }.count
        let (units, unitsOverflow) = box.area.multipliedReportingOverflow(
            by: DrawingCost.imagePixel * (filter.steps + 2) + 200 * blurs + filter.extraUnitsPerPixel)
        try context.charge(unitsOverflow ? Int.max : units)
        // Counted with the drawing's layers and masks while the element and its filter are made
        // (a filter inside a filter holds its images as well).
        context.heldOutside += held
        defer { context.heldOutside -= held }
        try context.checkHeld()
        let clip = context.state.clip
        try context.beginTransparencyLayer()
        context.state.clip = nil
        try context.clip(
            to: .rectangle(x: region[0], y: region[1], width: region[2], height: region[3]), rule: .nonZero)
        try draw([inner], style: inherited, in: &context)
        context.state.clip = clip
        guard let (layer, _) = context.takeTransparencyLayer() else { return }
        let result = filter.apply(FilterImage(layer, box: box), scaleX: t.a, scaleY: t.d)
        let (alpha, mode) = (context.state.alpha, context.state.blendMode)
        context.state.alpha = UInt8((Double(alpha) * min(max(own.opacity, 0), 1)).rounded(.toNearestOrEven))
        context.state.blendMode = own.blendMode
        defer { (context.state.alpha, context.state.blendMode) = (alpha, mode) }
        try context.composite(result)
    }

    static func isUse(_ node: SVGNode) -> Bool { if case .use = node { true } else { false } }

    /// The declarations with full opacity and normal blending last (the filter applies them).
    static func unblended(_ d: SVGDeclarations) -> SVGDeclarations {
        var d = d
        d.list += [.opacity(1), .blendMode(.normal)]
        return d
    }

    /// Runs `body` in a transparency layer composited at `opacity`, or directly at 1.
    func layer(
        opacity: Double, blendMode: BlendMode = .normal, in context: inout DrawingContext,
        _ body: (inout DrawingContext) throws(DrawingFailure) -> Void
    ) throws(DrawingFailure) {
        guard opacity < 1 || blendMode != .normal else { return try body(&context) }
        let alpha = context.state.alpha
        context.state.alpha = UInt8((opacity * 255).rounded())
        context.state.blendMode = blendMode
        try context.beginTransparencyLayer()
        try body(&context)
        try context.endTransparencyLayer()
        context.state.alpha = alpha
        context.state.blendMode = .normal
    }

    func paint(
        _ paint: SVGPaint, opacity: Double, style: SVGStyle, box: (x: Double, y: Double, width: Double, height: Double)
    ) -> Paint? {
        func color(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> Paint {
            .color(PremultipliedColor(straightR: r, g: g, b: b, a: UInt8((Double(a) * opacity).rounded())))
        }
        switch paint {
        case .none: return nil
        case let .color(r, g, b, a): return color(r, g, b, a)
        case .currentColor: return color(style.color.r, style.color.g, style.color.b, style.color.a)
        case let .reference(id, fallback):
            if let gradient = gradients[id] {
                return gradient.paint(box: box, viewport: viewportSize, opacity: opacity)
            }
            switch fallback {
            case let .color(r, g, b, a): return color(r, g, b, a)
            case .none, .nothingGiven: return nil
            }
        }
    }

    /// A shape's box for a clip, mask or filter in its bounding-box units, which is needed whether
    /// or not the shape paints: its elements charged, its lines counted and bounded, then charged,
    /// before it is flattened (as a painted shape's are).
    static func chargedBounds(_ path: ShapePath, _ context: inout DrawingContext) throws(DrawingFailure) -> (
        x: Double, y: Double, width: Double, height: Double
    ) {
        try context.charge(path.elements.count * DrawingCost.pathElement)
        let lines = path.lineCount(tolerance: 1.0 / 64)
        guard lines <= maxShapeLines else {
            throw .tooComplex("a shape flattens to more than \(maxShapeLines) lines: use fewer or flatter curves")
        }
        try context.charge(lines * DrawingCost.line)
        return bounds(path)
    }

    /// The bounding box of a path's flattened outline (curves within 1/64 user unit), for gradients
    /// in bounding-box units.
    static func bounds(_ path: ShapePath) -> (x: Double, y: Double, width: Double, height: Double) {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for line in path.polylines(tolerance: 1.0 / 64) {
            for p in line.points {
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
        }
        return x0 <= x1 ? (x0, y0, x1 - x0, y1 - y0) : (0, 0, 0, 0)
    }
}
