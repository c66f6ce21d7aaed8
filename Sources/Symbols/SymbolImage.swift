import Raster

// A symbol made at a configuration, and how large it is at a display scale (docs/SYMBOLS.md
// §Size): as wide as its margins, as tall as its ink plus an eighth of the cap height above and
// below, each edge on the display's pixel grid; its alignment rectangle spans the font's ascender
// and descender; its baseline is the glyph's.

/// The system font's vertical metrics, in units of its em (2,048): what a symbol's size and
/// alignment rectangle follow (docs/SYMBOLS.md §Font metrics).
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

    /// Makes the glyph of `template` for `configuration`.
    public init(_ template: SymbolTemplate, configuration: SymbolConfiguration) throws(SymbolError) {
        let (pointSize, weight, scale) = configuration.resolved
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
    }

    /// Lines a glyph's curves may become when its ink is measured.
    public static let maxLines = 4_000_000

    static func round(_ value: Double) -> Int { Int(value.rounded(.toNearestOrAwayFromZero)) }

    /// The image's size and placement at `displayScale` pixels per point.
    public func metrics(displayScale: Int) -> SymbolMetrics {
        let k = Double(displayScale)
        let ink = SymbolBounds.ink(glyph.paths)
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

    /// The glyph at `displayScale`, on the image of `metrics(displayScale:)`, in black (or the
    /// palette's colours), and the drawing's work.
    public func render(displayScale: Int, coloring: SymbolColoring = .monochrome, limits: DrawingLimits)
        throws(DrawingFailure) -> (bitmap: Bitmap, work: Int)
    {
        let m = metrics(displayScale: displayScale)
        return try render(
            pixelWidth: m.pixelWidth, pixelHeight: m.pixelHeight, metrics: m, coloring: coloring, limits: limits)
    }

    /// Fills the glyph into the rectangle (x, y, width, height) of `context`'s user space, which
    /// stands for the image of `metrics`, in `color` (premultiplied; hierarchical levels scale its
    /// opacity; a palette gives its own colours): UIImage.draw(in:) of a symbol, as vectors.
    public func draw(
        into context: inout DrawingContext, x: Double, y: Double, width: Double, height: Double,
        metrics m: SymbolMetrics, coloring: SymbolColoring = .monochrome, color: PremultipliedColor
    ) throws(DrawingFailure) {
        let k = Double(m.displayScale)
        let sx = width / Double(m.pixelWidth), sy = height / Double(m.pixelHeight)
        // Template units → pixels of the image at its own size → the rectangle.
        let transform = AffineTransform(
            a: unit * k * sx, b: 0, c: 0, d: unit * k * sy, tx: x, ty: y - Double(m.top) * sy)
        try context.save()
        defer { context.restore() }
        context.concatenate(transform)
        try fillGlyph(into: &context, coloring: coloring, color: color)
    }

    /// Fills the glyph's paths in order in the context's current user space (template units).
    private func fillGlyph(into context: inout DrawingContext, coloring: SymbolColoring, color: PremultipliedColor)
        throws(DrawingFailure)
    {
        // Without levels in the template, hierarchical rendering is monochrome and a palette gives
        // every path its first colour (every path is primary).
        let layered = coloring.isLayered && hasHierarchy
        let coloring = coloring == .hierarchical && !layered ? .monochrome : coloring
        let present = presentLevels
        let blendMode = context.state.blendMode
        defer { context.state.blendMode = blendMode }
        for path in glyph.paths {
            if layered ? path.clearsBehindHierarchically : path.clearsBehind {
                context.state.blendMode = .destinationOut
                try context.fill(path.outline, rule: path.rule, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
                context.state.blendMode = blendMode
            } else {
                try context.fill(
                    path.outline, rule: path.rule, color: coloring.color(path.level, base: color, present: present))
            }
        }
    }

    /// The image of `metrics` stretched to `pixelWidth` × `pixelHeight` (an image view drawing the
    /// symbol afresh at the size it shows it).
    public func render(
        pixelWidth: Int, pixelHeight: Int, metrics m: SymbolMetrics, coloring: SymbolColoring = .monochrome,
        limits: DrawingLimits
    ) throws(DrawingFailure) -> (bitmap: Bitmap, work: Int) {
        let k = Double(m.displayScale)
        let sx = Double(pixelWidth) / Double(m.pixelWidth), sy = Double(pixelHeight) / Double(m.pixelHeight)
        // Template units → device pixels of the image at its own size → the destination size.
        let transform = AffineTransform(
            a: unit * k * sx, b: 0, c: 0, d: unit * k * sy, tx: 0, ty: -Double(m.top) * sy)
        var context = try DrawingContext(
            width: pixelWidth, height: pixelHeight, opaque: false, transform: transform, limits: limits)
        try fillGlyph(into: &context, coloring: coloring, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        return (context.bitmap, context.work)
    }
}
