import AssetCatalogs
import ImageViews
import Raster
import Symbols
import Syntax

// Symbol images (docs/SYMBOLS.md): a template found by `systemName` or `named`, made at a
// configuration into one image per display scale, each as large as the symbol's metrics say at
// that scale, drawn as a template and drawn afresh (sharp) at any other size a view shows it.

extension ImageReader {
    /// The symbol `recipe` describes, as an image called `name` with a variant per display scale;
    /// a symbol whose size a text style gives has them at each content size category the scenario
    /// shows (its traits, variants and images fixed to traits), the view's category picking one.
    func symbolImage(_ recipe: SymbolRecipe, name: String, node: JSONNode) -> Image? {
        let categories = contentSizeCategories
        guard recipe.configuration.followsDynamicType, categories != [.large] else {
            return symbolImage(recipe, name: name, node: node, category: .large)
        }
        var made: [Image] = []
        for category in categories {
            guard var image = symbolImage(recipe, name: name, node: node, category: category) else { return nil }
            var variants =
                image.variants.isEmpty
                ? [AssetVariant(conditions: AssetConditions(), value: image, source: image.source ?? name)]
                : image.variants
            for index in variants.indices {
                variants[index].conditions.contentSizeCategory = category
                variants[index].source += " (content size \(category.abbreviation))"
            }
            image.variants = variants
            made.append(image)
        }
        guard
            var image = made.first(where: { $0.variants.first?.conditions.contentSizeCategory == .large }) ?? made.first
        else { return nil }
        image.variants = made.flatMap(\.variants)
        return image
    }

    /// The content size categories the scenario shows, smallest first: those of its trait
    /// combinations and those images are fixed to.
    var contentSizeCategories: [ContentSizeCategory] {
        let shown = Set(assets.traitCombinations.map(\.preferredContentSizeCategory)).union(fixedContentSizeCategories)
        return ContentSizeCategory.allCases.filter(shown.contains)
    }

    /// The symbol `recipe` describes at the content size category `category`.
    private func symbolImage(
        _ recipe: SymbolRecipe, name: String, node: JSONNode, category: ContentSizeCategory
    ) -> Image? {
        let size = DynamicTypeSize(rawValue: ContentSizeCategory.allCases.firstIndex(of: category) ?? 3) ?? .large
        var recipe = recipe
        switch recipe.found.renderingIntent {
        case nil, "template", "monochrome": break
        case "multicolor": recipe.colors = recipe.colors ?? .multicolor  // the set's default colouring
        case let intent?:
            d.error(
                node,
                "symbol \"\(recipe.symbolName)\" asks to be rendered as \"\(intent)\" (its set's symbol-rendering-intent); ivsim "
                    + "reads \"template\", \"monochrome\" and \"multicolor\" (docs/SYMBOLS.md §Rendering modes): give the "
                    + "colours by a symbol configuration instead")
            return nil
        }
        let symbol: SymbolImage
        do throws(SymbolError) {
            symbol = try SymbolImage(recipe.found.template, configuration: recipe.configuration, size: size)
        } catch {
            d.error(node, "\"\(recipe.found.source)\": \(error.message)")
            return nil
        }
        let (pointSize, weight, scale) = recipe.configuration.resolved(at: size)
        // Without hierarchical layers in the template, a hierarchical colour has no effect: the
        // symbol stays a monochrome template (docs/SYMBOLS.md §Rendering modes).
        var hierarchicalColor: Color?
        var palette: [Color]?
        // Each multicolor layer's colour (nil: the tint), when the template has multicolor layers.
        var multicolor: [(layer: String, color: Color?)]?
        switch recipe.colors {
        case let .hierarchical(color)? where symbol.hasHierarchy: hierarchicalColor = color
        case let .palette(colors)?: palette = colors
        case .multicolor?:
            let layers = symbol.multicolorLayers  // none: the symbol stays a monochrome template
            if !layers.isEmpty { multicolor = layers.map { ($0.layer, Self.multicolorColor($0)) } }
        default: break
        }
        let (symbolName, source, tintColor) = (recipe.symbolName, recipe.found.source, hierarchicalColor)
        let isMulticolor = multicolor != nil
        let description = { @Sendable (m: SymbolMetrics, ownColors: Bool) in
            SymbolDescription(
                name: symbolName, pointSize: pointSize, weight: weight.rawValue, scale: scale.rawValue,
                baselineOffsetFromBottom: m.baselineOffsetFromBottom, ownColors: ownColors,
                hierarchical: tintColor != nil, multicolor: isMulticolor)
        }
        let drawingLimits = d.limits.drawing
        // The image of one rendering: its pixels, and its outlines for drawings and redraws at
        // other sizes in the same colours (`base` for the tint layers of a multicolor rendering).
        @Sendable func made(
            _ bitmap: Bitmap, work: Int, scale s: Double, metrics m: SymbolMetrics, coloring: SymbolColoring,
            base: PremultipliedColor, ownColors: Bool, multicolorColoring: SymbolColoring?
        ) -> Image {
            var image = Image(name: name, pixels: SourceImage(bitmap, opaque: false), scale: s).withSource(source)
            image.drawing = DrawingRecord(work: work)
            image.tintColor = tintColor
            let insets = m.alignmentRectInsets
            image.alignmentRectInsets = EdgeInsets(
                top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
            image.symbol = description(m, ownColors)
            image.baselineOffsetFromBottom = m.baselineOffsetFromBottom
            image.vectorDrawing = VectorDrawing {
                context, x, y, width, height, color, inOwnColors throws(DrawingFailure) in
                try symbol.draw(
                    into: &context, x: x, y: y, width: width, height: height, metrics: m,
                    coloring: inOwnColors ? multicolorColoring ?? coloring : coloring, color: color)
            }
            image.vectorRedraw = VectorRedraw { width, height, work in
                var redrawLimits = drawingLimits
                redrawLimits.work = work
                return Result { () throws(DrawingFailure) in
                    try symbol.render(
                        pixelWidth: width, pixelHeight: height, metrics: m, coloring: coloring, color: base,
                        limits: redrawLimits)
                }
                .map { ($0.bitmap, $0.work) }
            }
            return image
        }
        // One rendering at `scale` with the colours of `traits`, charged nothing here (the caller
        // reserves its pixels). A multicolor symbol's pixels are its monochrome drawing (shown when
        // it is drawn as original); views draw it again in their tint (TintedRendering).
        func variant(_ s: Double, traits: Traits, spent: Int) -> Image? {
            let m = symbol.metrics(displayScale: Int(s))
            let limits = budget.drawingLimits(spent: spent)
            let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
            let coloring: SymbolColoring =
                if let palette {
                    .palette(palette.map { $0.resolved(traits).premultiplied })
                } else if hierarchicalColor
                    != nil
                { .hierarchical } else { .monochrome }
            let multicolorColoring = multicolor.map { layers in
                SymbolColoring.multicolor(
                    Dictionary(
                        layers.compactMap { layer in
                            layer.color.map { (layer.layer, $0.resolved(traits).premultiplied) }
                        },
                        uniquingKeysWith: { first, _ in first }))
            }
            do throws(DrawingFailure) {
                let (bitmap, work) = try symbol.render(displayScale: m.displayScale, coloring: coloring, limits: limits)
                var image = made(
                    bitmap, work: work, scale: s, metrics: m, coloring: coloring, base: black,
                    ownColors: palette != nil, multicolorColoring: multicolorColoring)
                if let multicolorColoring {
                    image.tintedRendering = TintedRendering { tint in
                        let base = tint.premultiplied
                        guard
                            let (bitmap, work) = try? symbol.render(
                                displayScale: m.displayScale, coloring: multicolorColoring, color: base,
                                limits: drawingLimits)
                        else { return nil }
                        return made(
                            bitmap, work: work, scale: s, metrics: m, coloring: multicolorColoring, base: base,
                            ownColors: true, multicolorColoring: multicolorColoring)
                    }
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
        let ownColors = palette ?? multicolor?.compactMap(\.color) ?? []
        guard !ownColors.allSatisfy(\.isFixed) else {
            return rendered(at: nil, node: node, pixelSize: pixelSize) { s, spent in
                variant(s, traits: Traits(displayScale: Int(s)), spent: spent)
            }
        }
        // Palette or multicolor colours that change with the appearance: a rendering per display
        // scale, style and contrast, as variants the view's traits pick.
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

    /// The colour a multicolor layer's name stands for on a device (docs/SYMBOLS.md §Rendering
    /// modes): nil for `tintColor` (the tint); UIKit's system colour of that name, with or without
    /// the "Color" the SF Symbols app appends ("systemRedColor", "labelColor", "white"), in every
    /// appearance; else the colour the template's rule gives (a custom colour); else nil.
    static func multicolorColor(_ paint: SymbolLayerPaint) -> Color? {
        if paint.isTint { return nil }
        let name = paint.colorName
        if let system = Color.system(name) ?? (name.hasSuffix("Color") ? Color.system(String(name.dropLast(5))) : nil) {
            return system
        }
        return paint.fill.map { Color(RGBA(r: $0.r, g: $0.g, b: $0.b)) }
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
