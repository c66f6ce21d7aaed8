import Raster

// How a symbol's layers are coloured (docs/SYMBOLS.md §Rendering modes): monochrome (one colour),
// hierarchical (one colour at each level's opacity), palette (a colour per level) or multicolor
// (the template's own colour per layer, the tint for tint layers and paths without a layer).

public enum SymbolColoring: Equatable, Sendable {
    case monochrome
    /// UIImage.SymbolConfiguration(hierarchicalColor:): the colour at 1, 1/2 and 1/4 opacity.
    case hierarchical
    /// UIImage.SymbolConfiguration(paletteColors:): premultiplied colours for the levels.
    case palette([PremultipliedColor])
    /// UIImage.SymbolConfiguration.preferringMulticolor(): each multicolor layer's colour at full
    /// opacity, by the layer's class ("multicolor-1:systemRedColor"); layers not listed (the tint
    /// layers) and paths without a layer take the tint.
    case multicolor([String: PremultipliedColor])

    /// Whether the paths of a template with hierarchical levels are told apart by them (hierarchical
    /// or palette), so that their levels and their own erasing layers apply.
    var isLayered: Bool {
        switch self {
        case .hierarchical, .palette: true
        case .monochrome, .multicolor: false
        }
    }

    /// The colour of `path` given `base` (the tint) and the levels the glyph has.
    func color(of path: SymbolPath, base: PremultipliedColor, present: [SymbolHierarchyLevel]) -> PremultipliedColor {
        if case let .multicolor(colors) = self {
            guard let paint = path.multicolor else { return base }
            let color = colors[paint.layer] ?? base
            return paint.opacity >= 1 ? color : color.scaled(by: UInt8((paint.opacity * 255).rounded()))
        }
        let level = path.level ?? .primary
        switch self {
        case .multicolor: return base
        case .monochrome: return base
        case .hierarchical:
            return base.scaled(by: SymbolImage.alpha(level))
        case let .palette(colors):
            guard !colors.isEmpty else { return base }
            return colors[Self.paletteIndex(level, present: present, count: colors.count)]
        }
    }

    /// Which palette colour a level takes: with three colours or more, the level's own (primary
    /// the first, secondary the second, tertiary the third: "specifying three colors ignores the
    /// second color and applies the third color to the tertiary layer" of a symbol with only
    /// primary and tertiary); with fewer, the levels the symbol has take them in order ("two
    /// colors applies the second color to the tertiary layer"), the last colour for the rest.
    static func paletteIndex(_ level: SymbolHierarchyLevel, present: [SymbolHierarchyLevel], count: Int) -> Int {
        let own = SymbolHierarchyLevel.allCases.firstIndex(of: level) ?? 0
        if count >= 3 { return min(own, count - 1) }
        let rank = present.firstIndex(of: level) ?? own
        return min(rank, count - 1)
    }
}

extension PremultipliedColor {
    /// Every component × `alpha`/255, rounded half up: the colour at that opacity.
    func scaled(by alpha: UInt8) -> PremultipliedColor {
        func scaled(_ v: UInt8) -> UInt8 { UInt8((Int(v) * Int(alpha) + 127) / 255) }
        return PremultipliedColor(r: scaled(r), g: scaled(g), b: scaled(b), a: scaled(a))
    }
}
