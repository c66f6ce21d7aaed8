// A multicolor layer as a template annotates it (docs/SYMBOLS.md §Rendering modes): the class
// `multicolor-N:<colour>` names the layer and its colour, and the style sheet's rule for that
// class gives the colour the SF Symbols app showed (`{fill:#FF3B30;opacity:1.0}`). Which colour a
// name stands for on a device (a system colour per appearance, the view's tint) is decided by
// the caller; this module keeps the names and the rule's values.

/// The colour a template gives a multicolor layer.
public struct SymbolLayerPaint: Equatable, Sendable {
    /// The layer's class ("multicolor-1:systemRedColor"): paths with the same class are one layer.
    public var layer: String
    /// The colour's name after the colon ("systemRedColor", "tintColor", "white", "labelColor").
    public var colorName: String
    /// The rule's `fill:#RRGGBB` (or #RGB), if it gives one.
    public var fill: (r: UInt8, g: UInt8, b: UInt8)?
    /// The rule's `opacity`, 0 to 1 (1 when it gives none).
    public var opacity: Double

    public init(layer: String, colorName: String, fill: (r: UInt8, g: UInt8, b: UInt8)? = nil, opacity: Double = 1) {
        self.layer = layer
        self.colorName = colorName
        self.fill = fill
        self.opacity = opacity
    }

    /// The layer takes the tint colour (the view's, or the image's own), not a colour of its own.
    public var isTint: Bool { colorName == "tintColor" }

    public static func == (a: SymbolLayerPaint, b: SymbolLayerPaint) -> Bool {
        a.layer == b.layer && a.colorName == b.colorName && a.fill?.r == b.fill?.r && a.fill?.g == b.fill?.g
            && a.fill?.b == b.fill?.b && a.opacity == b.opacity
    }

    /// The paint of the class `layer` ("multicolor-1:systemRedColor") under the style-sheet rule
    /// `rule` (its declarations, white space removed; "" when the sheet has none).
    static func reading(layer: String, rule: String) -> SymbolLayerPaint {
        let name = layer.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        var paint = SymbolLayerPaint(layer: layer, colorName: name)
        for declaration in rule.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "fill": paint.fill = hexColor(parts[1])
            case "opacity":
                if let value = Double(parts[1]), value.isFinite { paint.opacity = min(max(value, 0), 1) }
            default: break
            }
        }
        return paint
    }

    /// `#RRGGBB` or `#RGB`; nil for anything else (a named CSS colour, `none`).
    static func hexColor(_ text: Substring) -> (r: UInt8, g: UInt8, b: UInt8)? {
        guard text.first == "#" else { return nil }
        let digits = text.dropFirst().compactMap { $0.hexDigitValue }
        guard digits.count == text.count - 1 else { return nil }
        switch digits.count {
        case 6:
            return (
                UInt8(digits[0] * 16 + digits[1]), UInt8(digits[2] * 16 + digits[3]), UInt8(digits[4] * 16 + digits[5])
            )
        case 3: return (UInt8(digits[0] * 17), UInt8(digits[1] * 17), UInt8(digits[2] * 17))
        default: return nil
        }
    }
}
