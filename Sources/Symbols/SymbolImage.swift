import Raster

// A symbol made at a configuration, and how large it is at a display scale (docs/SYMBOLS.md
// §Size): as wide as its margins, as tall as its ink plus an eighth of the cap height above and
// below, each edge on the display's pixel grid; its alignment rectangle spans the font's ascender
// and descender; its baseline is the glyph's.

/// The system font's vertical metrics, in units of its em (2,048): what a symbol's size and
/// alignment rectangle follow (docs/SYMBOLS.md §Size).
public enum SymbolFontMetrics {
    public static let unitsPerEm = 2048.0
    public static let capHeight = 1443.0
    public static let ascender = 1950.0
    public static let descender = 494.0
}

/// A symbol's size and placement at one display scale; pixel values are whole device pixels
/// relative to the baseline (y down).
public struct SymbolMetrics: Equatable, Sendable {
    public var displayScale: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The image's top edge, in pixels from the baseline (negative: above it).
    public var top: Int
    /// The image's bottom edge, in pixels from the baseline (negative: above it).
    public var bottom: Int { top + pixelHeight }
    /// The font's ascender line and descender line, in pixels from the baseline.
    public var ascender: Int
    public var descender: Int

    /// `size` in points.
    public var width: Double { Double(pixelWidth) / Double(displayScale) }
    public var height: Double { Double(pixelHeight) / Double(displayScale) }
    /// UIImage.baselineOffsetFromBottom: the baseline's height above the image's bottom edge
    /// (negative when the image ends above the baseline).
    public var baselineOffsetFromBottom: Double { Double(bottom) / Double(displayScale) }
    /// UIImage.alignmentRectInsets (top, left, bottom, right): the alignment rectangle runs from
    /// the ascender to the descender across the image's width.
    public var alignmentRectInsets: (top: Double, left: Double, bottom: Double, right: Double) {
        let k = Double(displayScale)
        return (Double(ascender - top) / k, 0, Double(bottom - descender) / k, 0)
    }
}

/// A symbol glyph at a point size: template units become points at pointSize × 1443/2048 points
/// per cap height.
public struct SymbolImage: Sendable {
    public let name: String
    public let glyph: SymbolGlyph
    public let pointSize: Double
    /// Points per template unit.
    public let unit: Double
    /// The glyph's ink (template units), measured once.
    let ink: SymbolBounds.Box

    /// Makes the glyph of `template` for `configuration` at the content size category `size`;
    /// refused when the image would pass `maxSide` pixels a side at `maxDisplayScale`.
    public init(
        _ template: SymbolTemplate, configuration: SymbolConfiguration, size: DynamicTypeSize = .large
    ) throws(SymbolError) {
        let (pointSize, weight, scale) = configuration.resolved(at: size)
        name = template.name
        glyph = try template.glyph(weight, scale)
        self.pointSize = pointSize
        unit = pointSize * SymbolFontMetrics.capHeight / SymbolFontMetrics.unitsPerEm / template.capHeight
        let lines = glyph.paths.reduce(0) { $0 + $1.outline.lineCount(tolerance: SymbolBounds.tolerance) }
        guard lines <= Self.maxLines else {
            throw SymbolError(
                "symbol \"\(name)\" flattens to \(lines) lines, more than the \(Self.maxLines) a glyph may have (docs/LIMITS.md)"
            )
        }
        ink = SymbolBounds.ink(glyph.paths)
        // Every extent in pixels at the largest display scale, in Doubles before any is made an Int.
        let k = Double(Self.maxDisplayScale),
            capPoints = pointSize * SymbolFontMetrics.capHeight / SymbolFontMetrics.unitsPerEm
        let width = (glyph.advance ?? ink.maxX) * unit * k
        let height = (ink.maxY - ink.minY) * unit * k + capPoints / 4 * k + 4  // rounding adds at most 3
        let reach = max(abs(ink.minY), abs(ink.maxY)) * unit * k
        guard width.isFinite, height.isFinite, width <= Double(Self.maxSide), height <= Double(Self.maxSide),
            reach <= Double(Self.maxSide)
        else {
            throw SymbolError(
                "symbol \"\(name)\" at \(pointSize) points would be more than \(Self.maxSide) pixels a side at "
                    + "\(Self.maxDisplayScale)x (docs/LIMITS.md): use a smaller point size")
        }
    }

    /// Lines a glyph's curves may become when its ink is measured.
    public static let maxLines = 4_000_000
    /// The largest side of a symbol image, in pixels at `maxDisplayScale` (a 1,000-point symbol of
    /// Apple's proportions is about 3,500).
    public static let maxSide = 16_384
    /// The largest display scale a symbol is made for (1x, 2x and 3x).
    public static let maxDisplayScale = 3

    static func round(_ value: Double) -> Int { Int(value.rounded(.toNearestOrAwayFromZero)) }

    /// The image's size and placement at `displayScale` (1 to `maxDisplayScale`) pixels per point.
    public func metrics(displayScale: Int) -> SymbolMetrics {
        let displayScale = min(max(displayScale, 1), Self.maxDisplayScale)
        let k = Double(displayScale)
        let capPoints = pointSize * SymbolFontMetrics.capHeight / SymbolFontMetrics.unitsPerEm
        let pad = Self.round(capPoints / 8 * k)
        let advance = (glyph.advance ?? ink.maxX) * unit
        let top = Int((ink.minY * unit * k).rounded(.down)) - pad
        let bottom = Int((ink.maxY * unit * k).rounded(.up)) + pad
        return SymbolMetrics(
            displayScale: displayScale,
            pixelWidth: max(1, Self.round(advance * k)),
            pixelHeight: max(1, bottom - top),
            top: top,
            ascender: -Self.round(pointSize * SymbolFontMetrics.ascender / SymbolFontMetrics.unitsPerEm * k),
            descender: Self.round(pointSize * SymbolFontMetrics.descender / SymbolFontMetrics.unitsPerEm * k))
    }

    /// Whether the template annotates hierarchical layers (else hierarchical and palette rendering
    /// draw it as monochrome).
    public var hasHierarchy: Bool { glyph.paths.contains { $0.level != nil } }

    /// The template's multicolor layers with their paints, in the order their first paths are
    /// drawn; empty when the template has no multicolor annotations (then multicolor rendering is
    /// monochrome).
    public var multicolorLayers: [SymbolLayerPaint] {
        var layers: [SymbolLayerPaint] = []
        var seen: Set<String> = []
        for path in glyph.paths {
            if let paint = path.multicolor, seen.insert(paint.layer).inserted { layers.append(paint) }
        }
        return layers
    }

    /// The levels the glyph's paths have, in order primary, secondary, tertiary.
    var presentLevels: [SymbolHierarchyLevel] {
        SymbolHierarchyLevel.allCases.filter { level in glyph.paths.contains { ($0.level ?? .primary) == level } }
    }

    /// The opacity of each hierarchical level, out of 255: 1, 1/2 and 1/4, rounded (docs/SYMBOLS.md
    /// §Rendering modes).
    public static func alpha(_ level: SymbolHierarchyLevel) -> UInt8 {
        switch level {
        case .primary: 255
        case .secondary: 128
        case .tertiary: 64
        }
    }

    /// The glyph at `displayScale`, on the image of `metrics(displayScale:)`, in `color` (black
    /// unless given: the tint of a multicolor rendering's tint layers) or the palette's or the
    /// multicolor layers' colours, and the drawing's work.
    public func render(
        displayScale: Int, coloring: SymbolColoring = .monochrome,
        color: PremultipliedColor = PremultipliedColor(r: 0, g: 0, b: 0, a: 255),
        limits: DrawingLimits
    ) throws(DrawingFailure) -> (bitmap: Bitmap, work: Int) {
        let m = metrics(displayScale: displayScale)
        return try render(
            pixelWidth: m.pixelWidth, pixelHeight: m.pixelHeight, metrics: m, coloring: coloring, color: color,
            limits: limits)
    }

    /// Fills the glyph into the rectangle (x, y, width, height) of `context`'s user space, which
    /// stands for the image of `metrics`, in `color` (premultiplied; hierarchical levels scale its
    /// opacity; a palette gives its own colours): UIImage.draw(in:) of a symbol, as vectors.
    public func draw(
        into context: inout DrawingContext, x: Double, y: Double, width: Double, height: Double,
        metrics m: SymbolMetrics, coloring: SymbolColoring = .monochrome, color: PremultipliedColor
    ) throws(DrawingFailure) {
        let transform = placement(m, x: x, y: y, width: width, height: height)
        try context.save()
        defer { context.restore() }
        context.concatenate(transform)
        try fillGlyph(into: &context, coloring: coloring, color: color)
    }

    /// Template units → pixels of the image of `m` at its own size → the rectangle (x, y, width,
    /// height) that stands for it.
    private func placement(_ m: SymbolMetrics, x: Double, y: Double, width: Double, height: Double) -> AffineTransform {
        let k = Double(m.displayScale)
        let sx = width / Double(m.pixelWidth), sy = height / Double(m.pixelHeight)
        return AffineTransform(a: unit * k * sx, b: 0, c: 0, d: unit * k * sy, tx: x, ty: y - Double(m.top) * sy)
    }

    /// Fills the glyph's paths in order in the context's current user space (template units).
    private func fillGlyph(into context: inout DrawingContext, coloring: SymbolColoring, color: PremultipliedColor)
        throws(DrawingFailure)
    {
        // Without levels in the template, hierarchical rendering is monochrome and a palette gives
        // every path its first colour (every path is primary).
        // Without multicolor layers, multicolor rendering is monochrome too.
        let layered = coloring.isLayered && hasHierarchy
        let multicolor = if case .multicolor = coloring { glyph.paths.contains { $0.multicolor != nil } } else { false }
        let coloring =
            (coloring == .hierarchical && !layered) || (!multicolor && !coloring.isLayered) ? .monochrome : coloring
        let present = presentLevels
        let blendMode = context.state.blendMode
        defer { context.state.blendMode = blendMode }
        for path in glyph.paths {
            let erases =
                multicolor
                ? path.clearsBehindInMulticolor : layered ? path.clearsBehindHierarchically : path.clearsBehind
            if erases {
                context.state.blendMode = .destinationOut
                try context.fill(path.outline, rule: path.rule, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
                context.state.blendMode = blendMode
            } else {
                try context.fill(
                    path.outline, rule: path.rule, color: coloring.color(of: path, base: color, present: present))
            }
        }
    }

    /// The image of `metrics` stretched to `pixelWidth` × `pixelHeight` (an image view drawing the
    /// symbol afresh at the size it shows it).
    public func render(
        pixelWidth: Int, pixelHeight: Int, metrics m: SymbolMetrics, coloring: SymbolColoring = .monochrome,
        color: PremultipliedColor = PremultipliedColor(r: 0, g: 0, b: 0, a: 255), limits: DrawingLimits
    ) throws(DrawingFailure) -> (bitmap: Bitmap, work: Int) {
        let transform = placement(m, x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        var context = try DrawingContext(
            width: pixelWidth, height: pixelHeight, opaque: false, transform: transform, limits: limits)
        try fillGlyph(into: &context, coloring: coloring, color: color)
        return (context.bitmap, context.work)
    }
}
