import Raster

// A symbol template as the SF Symbols app and Xcode write it (docs/SYMBOLS.md §Templates): its
// guides (baselines, caplines and margins) and its weight/scale variants, each a glyph whose
// coordinates are template units from the variant's left margin and baseline, y down.

/// A layer's place in a hierarchical symbol (`hierarchical-N:primary|secondary|tertiary`).
public enum SymbolHierarchyLevel: String, CaseIterable, Sendable {
    case primary, secondary, tertiary
}

/// One path of a glyph: its outline, its fill rule, whether it erases what is drawn before it
/// (an `-sfsymbols-clear-behind` layer) in monochrome, hierarchical and multicolor rendering, and
/// its hierarchical level and multicolor layer, if the template annotates them.
public struct SymbolPath: Equatable, Sendable {
    public var outline: ShapePath
    public var rule: FillRule
    public var clearsBehind: Bool
    public var level: SymbolHierarchyLevel?
    public var clearsBehindHierarchically: Bool
    /// The `multicolor-N:<colour>` layer and its colour, if annotated.
    public var multicolor: SymbolLayerPaint?
    public var clearsBehindInMulticolor: Bool

    public init(
        outline: ShapePath, rule: FillRule, clearsBehind: Bool, level: SymbolHierarchyLevel? = nil,
        clearsBehindHierarchically: Bool = false, multicolor: SymbolLayerPaint? = nil,
        clearsBehindInMulticolor: Bool = false
    ) {
        self.outline = outline
        self.rule = rule
        self.clearsBehind = clearsBehind
        self.level = level
        self.clearsBehindHierarchically = clearsBehindHierarchically
        self.multicolor = multicolor
        self.clearsBehindInMulticolor = clearsBehindInMulticolor
    }

    /// The same layers with another outline.
    func with(_ outline: ShapePath) -> SymbolPath {
        var path = self
        path.outline = outline
        return path
    }
}

/// A glyph in template units: its paths, relative to its left margin (x = 0) and baseline (y = 0,
/// y down), and its right margin (the advance), if the template gives one.
public struct SymbolGlyph: Equatable, Sendable {
    public var paths: [SymbolPath]
    public var advance: Double?

    public init(paths: [SymbolPath], advance: Double?) {
        self.paths = paths
        self.advance = advance
    }
}

/// A template's glyphs and guides.
public struct SymbolTemplate: Sendable {
    /// The name messages call it by (the symbol set's name).
    public var name: String
    /// Baseline-S minus Capline-S in template units (70.459 in every template Apple's tools write):
    /// the cap height of the font size the template is drawn at.
    public var capHeight: Double
    /// The variants the file has, by `slot(weight, scale)`.
    var variants: [SymbolGlyph?]
    /// The distance from Regular-M's ink to its right margin, when the template draws Regular-M's
    /// margins (templates 1.0 and 2.0: `left-margin` and `right-margin`): variants without margins
    /// of their own keep it.
    var sharedRightBearing: Double?

    static func slot(_ weight: SymbolWeight, _ scale: SymbolScale) -> Int {
        weight.index * 3 + (SymbolScale.allCases.firstIndex(of: scale) ?? 0)
    }

    /// The variant the file holds for `weight` at `scale`, if any.
    public func variant(_ weight: SymbolWeight, _ scale: SymbolScale) -> SymbolGlyph? {
        variants[Self.slot(weight, scale)]
    }

    /// The names of the variants the file holds ("Regular-S, Black-S"), in weight then scale order.
    public var variantNames: [String] {
        SymbolWeight.allCases.flatMap { weight in
            SymbolScale.allCases.compactMap { scale in
                variant(weight, scale) == nil ? nil : Self.variantName(weight, scale)
            }
        }
    }

    static func variantName(_ weight: SymbolWeight, _ scale: SymbolScale) -> String {
        weight.templateName + "-" + scale.templateLetter
    }
}
