import Raster

// How a symbol's layers are coloured (docs/SYMBOLS.md §Rendering modes): monochrome (one colour),
// hierarchical (one colour at each level's opacity) or palette (a colour per level).

public enum SymbolColoring: Equatable, Sendable {
    case monochrome
    /// UIImage.SymbolConfiguration(hierarchicalColor:): the colour at 1, 1/2 and 1/4 opacity.
    case hierarchical
    /// UIImage.SymbolConfiguration(paletteColors:): premultiplied colours for the levels.
    case palette([PremultipliedColor])

    /// Whether layers are told apart (hierarchical or palette), so that their levels and their
    /// own erasing layers apply.
    var isLayered: Bool { self != .monochrome }

    /// The colour of a path at `level` (nil: primary) given `base` (the tint, for monochrome and
    /// hierarchical) and the levels the glyph has.
    func color(_ level: SymbolHierarchyLevel?, base: PremultipliedColor, present: [SymbolHierarchyLevel])
        -> PremultipliedColor
    {
        let level = level ?? .primary
        switch self {
        case .monochrome: return base
        case .hierarchical:
            let alpha = Int(SymbolImage.alpha(level))
            func scaled(_ v: UInt8) -> UInt8 { UInt8((Int(v) * alpha + 127) / 255) }
            return PremultipliedColor(r: scaled(base.r), g: scaled(base.g), b: scaled(base.b), a: scaled(base.a))
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
