import AssetCatalogs
import ImageViews
import Raster
import Symbols
import Syntax

// Symbol images (docs/SYMBOLS.md): a template found by `systemName` or `named`, made at a
// configuration into one image per display scale, each as large as the symbol's metrics say at
// that scale, drawn as a template and drawn afresh (sharp) at any other size a view shows it.

/// How a symbol image was made: enough to make it again at another configuration
/// (`symbolConfiguration` on an image derived `from` it).
struct SymbolRecipe {
    var found: FoundSymbol
    var symbolName: String
    var configuration: SymbolConfiguration
    /// The colour configuration, if any.
    var colors: SymbolColors?

    /// This recipe with `change` applied as `applying(_:)` applies a configuration (a colour
    /// configuration replaces the one before it).
    func applying(_ change: SymbolSettings) -> SymbolRecipe {
        var recipe = self
        recipe.configuration = configuration.applying(change.configuration)
        if let colors = change.colors { recipe.colors = colors }
        return recipe
    }
}

/// A colour configuration (docs/SYMBOLS.md §Rendering modes).
enum SymbolColors {
    /// `UIImage.SymbolConfiguration(hierarchicalColor:)`: the layers in this colour at their levels'
    /// opacities.
    case hierarchical(Color)
    /// `UIImage.SymbolConfiguration(paletteColors:)`: a colour per layer level.
    case palette([Color])
}

/// A `symbolConfiguration` object: the configuration, and the colour configuration ivsim keeps
/// beside it (the Symbols module knows no colours).
struct SymbolSettings {
    var configuration = SymbolConfiguration()
    var colors: SymbolColors?
}

extension ImageReader {
    /// The keys of a symbol configuration.
    static let symbolConfigurationKeys = [
        "pointSize", "textStyle", "weight", "scale", "hierarchicalColor", "paletteColors"
    ]

    /// Reads `{"pointSize": 24, "weight": "bold", "scale": "large"}` or `{"textStyle": "title1"}`,
    /// and a colour configuration: `"hierarchicalColor"` or `"paletteColors"`.
    func symbolConfiguration(_ node: JSONNode) -> SymbolSettings? {
        guard let object = ObjectReader(node, allowed: Self.symbolConfigurationKeys, what: "a symbol configuration", d)
        else {
            return nil
        }
        var settings = SymbolSettings()
        if object.has("hierarchicalColor"), let palette = object["paletteColors"] {
            d.error(palette, "a symbol configuration takes \"hierarchicalColor\" or \"paletteColors\", not both")
            return nil
        }
        if let n = object["hierarchicalColor"] {
            guard let color = colors.read(n) else { return nil }
            settings.colors = .hierarchical(color)
        }
        if let n = object["paletteColors"] {
            guard let items = Read.array(n, d, what: "palette colours") else { return nil }
            guard items.count <= 3 else {
                d.error(
                    n,
                    "\(items.count) palette colours: a symbol has at most three layer levels (primary, secondary, tertiary)"
                )
                return nil
            }
            var palette: [Color] = []
            for item in items {
                guard let color = colors.read(item) else { return nil }
                palette.append(color)
            }
            settings.colors = .palette(palette)
        }
        var configuration = SymbolConfiguration()
        if object.has("pointSize"), let textStyle = object["textStyle"] {
            d.error(
                textStyle,
                "a symbol configuration takes \"pointSize\" or \"textStyle\", not both (the last applied decides the size)"
            )
            return nil
        }
        if let n = object["pointSize"] {
            guard let value = Read.number(n, d, in: SymbolConfiguration.pointSizes, what: "a point size") else {
                return nil
            }
            configuration.pointSize = value
        }
        if let n = object["textStyle"] {
            guard
                let value: SymbolTextStyle = Read.value(
                    n, d, among: SymbolTextStyle.allCases.map(\.rawValue), what: "text style")
            else { return nil }
            configuration.textStyle = value
        }
        if let n = object["weight"] {
            guard
                let value: SymbolWeight = Read.value(
                    n, d, among: SymbolWeight.allCases.map(\.rawValue), what: "symbol weight")
            else { return nil }
            configuration.weight = value
        }
        if let n = object["scale"] {
            guard
                let value = Read.name(
                    n, d, among: ["small", "medium", "large", "default", "unspecified"], what: "symbol scale")
            else { return nil }
            // default and unspecified resolve to medium (docs/SYMBOLS.md §Configuration).
            configuration.scale = SymbolScale(rawValue: value)
        }
        settings.configuration = configuration
        return settings
    }

    /// The symbol `recipe` describes, as an image called `name` with a variant per display scale.
    func symbolImage(_ recipe: SymbolRecipe, name: String, node: JSONNode) -> Image? {
        switch recipe.found.renderingIntent {
        case nil, "template", "monochrome": break
        case let intent?:
            d.error(
                node,
                "symbol \"\(recipe.symbolName)\" asks to be rendered as \"\(intent)\" (its set's symbol-rendering-intent); ivsim draws "
                    + "symbols as templates only so far (docs/SYMBOLS.md §Rendering modes): set the intent to \"template\""
            )
            return nil
        }
        let symbol: SymbolImage
        do throws(SymbolError) {
            symbol = try SymbolImage(recipe.found.template, configuration: recipe.configuration)
        } catch {
            d.error(node, "\"\(recipe.found.source)\": \(error.message)")
            return nil
        }
        let (pointSize, weight, scale) = recipe.configuration.resolved
        // Without hierarchical layers in the template, a hierarchical colour has no effect: the
        // symbol stays a monochrome template (docs/SYMBOLS.md §Rendering modes).
        var hierarchicalColor: Color?
        var palette: [Color]?
        switch recipe.colors {
        case let .hierarchical(color)? where symbol.hasHierarchy: hierarchicalColor = color
        case let .palette(colors)?: palette = colors
        default: break
        }
        let description = { (m: SymbolMetrics) in
            SymbolDescription(
                name: recipe.symbolName, pointSize: pointSize, weight: weight.rawValue, scale: scale.rawValue,
                baselineOffsetFromBottom: m.baselineOffsetFromBottom, ownColors: palette != nil,
                hierarchical: hierarchicalColor != nil)
        }
        // One rendering at `scale` with the colours of `traits`, charged nothing here (the caller
        // reserves its pixels).
        func variant(_ s: Double, traits: Traits, spent: Int) -> Image? {
            let m = symbol.metrics(displayScale: Int(s))
            let limits = budget.drawingLimits(spent: spent)
            let coloring: SymbolColoring =
                if let palette {
                    .palette(palette.map { $0.resolved(traits).premultiplied })
                } else if hierarchicalColor
                    != nil
                { .hierarchical } else { .monochrome }
            do throws(DrawingFailure) {
                let (bitmap, work) = try symbol.render(displayScale: m.displayScale, coloring: coloring, limits: limits)
                var image = Image(name: name, pixels: SourceImage(bitmap), scale: s).withSource(recipe.found.source)
                image.drawing = DrawingRecord(work: work)
                image.tintColor = hierarchicalColor
                let insets = m.alignmentRectInsets
                image.alignmentRectInsets = EdgeInsets(
                    top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
                image.symbol = description(m)
                image.vectorDrawing = VectorDrawing { context, x, y, width, height, color throws(DrawingFailure) in
                    try symbol.draw(
                        into: &context, x: x, y: y, width: width, height: height, metrics: m, coloring: coloring,
                        color: color)
                }
                let drawingLimits = d.limits.drawing
                image.vectorRedraw = VectorRedraw { width, height, work in
                    var redrawLimits = drawingLimits
                    redrawLimits.work = work
                    return Result { () throws(DrawingFailure) in
                        try symbol.render(
                            pixelWidth: width, pixelHeight: height, metrics: m, coloring: coloring, limits: redrawLimits
                        )
                    }
                    .map { ($0.bitmap, $0.work) }
                }
                return image
            } catch {
                drawingFailed(error, "symbol \"\(recipe.symbolName)\"", scale: s, limits: limits, node: node)
                return nil
            }
        }
        let pixelSize = { (s: Double) -> (width: Int, height: Int) in
            let m = symbol.metrics(displayScale: Int(s))
            return (m.pixelWidth, m.pixelHeight)
        }
        guard let palette, !palette.allSatisfy(\.isFixed) else {
            return rendered(at: nil, node: node, pixelSize: pixelSize) { s, spent in
                variant(s, traits: Traits(displayScale: Int(s)), spent: spent)
            }
        }
        // Palette colours that change with the appearance: a rendering per display scale, style
        // and contrast, as variants the view's traits pick.
        let keys = Self.drawingScales.flatMap { s in
            [UserInterfaceStyle.light, .dark].flatMap { style in
                [AccessibilityContrast.normal, .high].map { contrast in
                    (
                        scale: Double(s),
                        traits: Traits?.some(
                            Traits(displayScale: s, userInterfaceStyle: style, accessibilityContrast: contrast))
                    )
                }
            }
        }
        guard
            let made = renderings(
                keys, node: node, pixelSize: pixelSize,
                make: { s, traits, spent in variant(s, traits: traits ?? Traits(displayScale: Int(s)), spent: spent) })
        else { return nil }
        let variants = made.map { rendering in
            let t = rendering.traits ?? Traits()
            return AssetVariant(
                conditions: AssetConditions(
                    userInterfaceStyle: t.userInterfaceStyle, accessibilityContrast: t.accessibilityContrast,
                    scale: t.displayScale),
                value: rendering.image,
                source: recipe.found.source
                    + " (\(t.displayScale)x \(t.userInterfaceStyle.rawValue) \(t.accessibilityContrast.rawValue))")
        }
        guard let index = variants.bestMatch(for: Traits()) else { return nil }
        var image = variants[index].value
        image.variants = variants
        return image
    }

    /// `image` as an image view with `preferredSymbolConfiguration` shows it: a symbol image made
    /// again with the view's configuration under its own (the image's values win: its
    /// configuration is the more specific); any other image unchanged. Nil when the symbol cannot
    /// be made (reported at `node`).
    func preferring(_ preferred: SymbolSettings, _ image: Image, node: JSONNode) -> Image? {
        guard let recipe = symbolRecipe(named: image.name) else { return image }
        var effective = recipe
        effective.configuration = preferred.configuration.applying(recipe.configuration)
        effective.colors = recipe.colors ?? preferred.colors
        return symbolImage(effective, name: image.name, node: node).map {
            Self.replacingSymbolDrawing(of: image, with: $0)
        }
    }

    /// `base` with its drawing (pixels, variants, size, alignment insets, baseline) replaced by
    /// `made`'s, its other properties (rendering mode, tint unless the new configuration gives a
    /// hierarchical colour, orientation, flipping) kept:
    /// UIImage.withConfiguration(_:). Insets a scenario gave the base are the base's: the new
    /// configuration's metrics replace them (give them again on the derived image).
    static func replacingSymbolDrawing(of base: Image, with made: Image) -> Image {
        var image = made
        image.rename(base.name)
        image.modify {
            $0.renderingMode = base.renderingMode
            $0.tintColor = made.tintColor ?? base.tintColor  // a new hierarchical colour, else the base's
            $0.orientation = base.orientation
            $0.flipsForRightToLeftLayoutDirection = base.flipsForRightToLeftLayoutDirection
        }
        return image
    }
}
