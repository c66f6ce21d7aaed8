// UIKit's system colours — every colour UIColor offers as a class property on iOS — with their
// values in each appearance they distinguish: interface style, contrast (Increase Contrast) and
// level (elevated: sheets, popovers). docs/COLORS.md lists each value with its source.
//
// Version: iOS 15–18. Those releases share one palette (Apple's Human Interface Guidelines
// published it unchanged from iOS 15, when systemMint and systemCyan arrived, until its update of
// June 2025 for iOS 26, which changed most hues). The snapshots recorded before this table
// existed use these values, so a newer palette is a deliberate, one-place change here.
//
// Byte values: components given as bytes are UIKit's own (it defines these colours in 8-bit
// steps); alphas are UIKit's two-decimal fractions (0.29), and fractions become bytes by the one
// rule ivsim uses everywhere (docs/ASSETS.md), ⌊v × 255 + ½⌋ — computed here in integers from
// hundredths so that no floating-point rounding is involved.
//
// An appearance without a value of its own takes the one it refines (AppearanceValues): UIKit's
// standard colours have no elevated values, most element colours none for elevation, the fixed
// class colours none at all.

/// One of UIKit's system colours: UIColor's class property `name` and its values.
public struct SystemColor: Sendable {
    /// The documentation's groups, in its order.
    public enum Group: String, Sendable, CaseIterable {
        /// Adaptable standard colours: systemRed … systemBrown.
        case standard
        /// systemGray … systemGray6.
        case gray
        /// label … quaternaryLabel, placeholderText.
        case label
        /// systemFill … quaternarySystemFill.
        case fill
        /// systemBackground, secondary…, tertiary…
        case background
        /// systemGroupedBackground, secondary…, tertiary…
        case groupedBackground
        /// separator, opaqueSeparator.
        case separator
        /// link.
        case link
        /// lightText, darkText: the same in every appearance by design.
        case nonadaptable
        /// black, darkGray, … clear: UIColor's fixed colours since iOS 2.
        case fixed
        /// Deprecated names that still return a colour.
        case deprecated
    }

    /// UIColor's property name: "systemMint", "label", "cyan".
    public let name: String
    /// Where Apple's documentation lists it.
    public let group: Group
    /// Its value in each style, contrast and level.
    public let values: AppearanceValues

    init(
        _ name: String, _ group: Group, _ light: RGBA, _ dark: RGBA, highContrast: (RGBA, RGBA)? = nil,
        elevated: (RGBA, RGBA)? = nil, highContrastElevated: (RGBA, RGBA)? = nil
    ) {
        func pair(_ p: (RGBA, RGBA)?) -> AppearanceValues.Pair? {
            p.map { AppearanceValues.Pair(light: $0.0, dark: $0.1) }
        }
        self.name = name
        self.group = group
        values = AppearanceValues(
            base: .init(light: light, dark: dark), highContrast: pair(highContrast),
            elevated: pair(elevated), highContrastElevated: pair(highContrastElevated))
    }

    /// A colour the same in every appearance.
    init(_ name: String, _ group: Group, fixed value: RGBA) {
        self.init(name, group, value, value)
    }

    /// The colours by name.
    public static let named: [String: SystemColor] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// 0xRRGGBB with an alpha in hundredths (60 = 0.60 → byte 153).
    static func rgb(_ v: UInt32, _ alphaPercent: Int = 100) -> RGBA {
        RGBA(
            r: UInt8(v >> 16), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF), a: UInt8((alphaPercent * 255 + 50) / 100))
    }

    /// A grey of `numerator / denominator` (UIColor(white:alpha:)), ⌊v × 255 + ½⌋ in integers.
    static func white(_ numerator: Int, _ denominator: Int, alphaPercent: Int = 100) -> RGBA {
        let v = UInt8((numerator * 255 * 2 + denominator) / (2 * denominator))
        return RGBA(r: v, g: v, b: v, a: UInt8((alphaPercent * 255 + 50) / 100))
    }

    /// Every colour, in the order of docs/COLORS.md.
    public static let all: [SystemColor] = standard + grays + elements + classColors

    // Standard colours: light, dark, and high contrast light/dark [Apple HIG, iOS 15–18 table].
    // No elevated values.
    private static let standard: [SystemColor] = [
        SystemColor("systemRed", .standard, rgb(0xFF3B30), rgb(0xFF453A), highContrast: (rgb(0xD70015), rgb(0xFF6961))),
        SystemColor(
            "systemOrange", .standard, rgb(0xFF9500), rgb(0xFF9F0A), highContrast: (rgb(0xC93400), rgb(0xFFB340))),
        SystemColor(
            "systemYellow", .standard, rgb(0xFFCC00), rgb(0xFFD60A), highContrast: (rgb(0xB25000), rgb(0xFFD426))),
        SystemColor(
            "systemGreen", .standard, rgb(0x34C759), rgb(0x30D158), highContrast: (rgb(0x248A3D), rgb(0x30DB5B))),
        SystemColor(
            "systemMint", .standard, rgb(0x00C7BE), rgb(0x63E6E2), highContrast: (rgb(0x0C817B), rgb(0x66D4CF))),
        SystemColor(
            "systemTeal", .standard, rgb(0x30B0C7), rgb(0x40C8E0), highContrast: (rgb(0x008299), rgb(0x5DE6FF))),
        SystemColor(
            "systemCyan", .standard, rgb(0x32ADE6), rgb(0x64D2FF), highContrast: (rgb(0x0071A4), rgb(0x70D7FF))),
        SystemColor(
            "systemBlue", .standard, rgb(0x007AFF), rgb(0x0A84FF), highContrast: (rgb(0x0040DD), rgb(0x409CFF))),
        SystemColor(
            "systemIndigo", .standard, rgb(0x5856D6), rgb(0x5E5CE6), highContrast: (rgb(0x3634A3), rgb(0x7D7AFF))),
        SystemColor(
            "systemPurple", .standard, rgb(0xAF52DE), rgb(0xBF5AF2), highContrast: (rgb(0x8944AB), rgb(0xDA8FFF))),
        SystemColor(
            "systemPink", .standard, rgb(0xFF2D55), rgb(0xFF375F), highContrast: (rgb(0xD30F45), rgb(0xFF6482))),
        SystemColor(
            "systemBrown", .standard, rgb(0xA2845E), rgb(0xAC8E68), highContrast: (rgb(0x7F6545), rgb(0xB59469)))
    ]

    private static let grays: [SystemColor] = [
        SystemColor("systemGray", .gray, rgb(0x8E8E93), rgb(0x8E8E93), highContrast: (rgb(0x6C6C70), rgb(0xAEAEB2))),
        SystemColor("systemGray2", .gray, rgb(0xAEAEB2), rgb(0x636366), highContrast: (rgb(0x8E8E93), rgb(0x7C7C80))),
        SystemColor("systemGray3", .gray, rgb(0xC7C7CC), rgb(0x48484A), highContrast: (rgb(0xAEAEB2), rgb(0x545456))),
        SystemColor("systemGray4", .gray, rgb(0xD1D1D6), rgb(0x3A3A3C), highContrast: (rgb(0xBCBCC0), rgb(0x444446))),
        SystemColor("systemGray5", .gray, rgb(0xE5E5EA), rgb(0x2C2C2E), highContrast: (rgb(0xD8D8DC), rgb(0x363638))),
        SystemColor("systemGray6", .gray, rgb(0xF2F2F7), rgb(0x1C1C1E), highContrast: (rgb(0xEBEBF0), rgb(0x242426)))
    ]

    // UI element colours: light and dark as UIKit returns them (public dumps of resolvedColor);
    // high contrast and elevated from the one public dump of all eight appearances (Flutter's
    // iOS 13 extraction, whose alpha bytes are truncated: the alpha is the two-decimal fraction
    // the truncation came from). Each value and source: docs/COLORS.md.
    private static let elements: [SystemColor] = [
        SystemColor("label", .label, rgb(0x000000), rgb(0xFFFFFF)),
        SystemColor(
            "secondaryLabel", .label, rgb(0x3C3C43, 60), rgb(0xEBEBF5, 60),
            highContrast: (rgb(0x3C3C43, 68), rgb(0xEBEBF5, 68))),
        SystemColor(
            "tertiaryLabel", .label, rgb(0x3C3C43, 30), rgb(0xEBEBF5, 30),
            highContrast: (rgb(0x3C3C43, 38), rgb(0xEBEBF5, 38))),
        SystemColor(
            "quaternaryLabel", .label, rgb(0x3C3C43, 18), rgb(0xEBEBF5, 16),
            highContrast: (rgb(0x3C3C43, 26), rgb(0xEBEBF5, 24))),
        SystemColor(
            "placeholderText", .label, rgb(0x3C3C43, 30), rgb(0xEBEBF5, 30),
            highContrast: (rgb(0x3C3C43, 38), rgb(0xEBEBF5, 38))),

        SystemColor(
            "systemFill", .fill, rgb(0x787880, 20), rgb(0x787880, 36),
            highContrast: (rgb(0x787880, 28), rgb(0x787880, 44))),
        SystemColor(
            "secondarySystemFill", .fill, rgb(0x787880, 16), rgb(0x787880, 32),
            highContrast: (rgb(0x787880, 24), rgb(0x787880, 40))),
        SystemColor(
            "tertiarySystemFill", .fill, rgb(0x767680, 12), rgb(0x767680, 24),
            highContrast: (rgb(0x767680, 20), rgb(0x767680, 32))),
        SystemColor(
            "quaternarySystemFill", .fill, rgb(0x747480, 8), rgb(0x767680, 18),
            highContrast: (rgb(0x747480, 16), rgb(0x767680, 26))),

        SystemColor(
            "systemBackground", .background, rgb(0xFFFFFF), rgb(0x000000),
            highContrast: (rgb(0xFFFFFF), rgb(0x000000)), elevated: (rgb(0xFFFFFF), rgb(0x1C1C1E)),
            highContrastElevated: (rgb(0xFFFFFF), rgb(0x242426))),
        SystemColor(
            "secondarySystemBackground", .background, rgb(0xF2F2F7), rgb(0x1C1C1E),
            highContrast: (rgb(0xEBEBF0), rgb(0x242426)), elevated: (rgb(0xF2F2F7), rgb(0x2C2C2E)),
            highContrastElevated: (rgb(0xEBEBF0), rgb(0x363638))),
        SystemColor(
            "tertiarySystemBackground", .background, rgb(0xFFFFFF), rgb(0x2C2C2E),
            highContrast: (rgb(0xFFFFFF), rgb(0x363638)), elevated: (rgb(0xFFFFFF), rgb(0x3A3A3C)),
            highContrastElevated: (rgb(0xFFFFFF), rgb(0x444446))),

        SystemColor(
            "systemGroupedBackground", .groupedBackground, rgb(0xF2F2F7), rgb(0x000000),
            highContrast: (rgb(0xEBEBF0), rgb(0x000000)), elevated: (rgb(0xF2F2F7), rgb(0x1C1C1E)),
            highContrastElevated: (rgb(0xEBEBF0), rgb(0x242426))),
        SystemColor(
            "secondarySystemGroupedBackground", .groupedBackground, rgb(0xFFFFFF), rgb(0x1C1C1E),
            highContrast: (rgb(0xFFFFFF), rgb(0x242426)), elevated: (rgb(0xFFFFFF), rgb(0x2C2C2E)),
            highContrastElevated: (rgb(0xFFFFFF), rgb(0x363638))),
        SystemColor(
            "tertiarySystemGroupedBackground", .groupedBackground, rgb(0xF2F2F7), rgb(0x2C2C2E),
            highContrast: (rgb(0xEBEBF0), rgb(0x363638)), elevated: (rgb(0xF2F2F7), rgb(0x3A3A3C)),
            highContrastElevated: (rgb(0xEBEBF0), rgb(0x444446))),

        SystemColor(
            "separator", .separator, rgb(0x3C3C43, 29), rgb(0x545458, 60),
            highContrast: (rgb(0x3C3C43, 37), rgb(0x545458, 68))),
        SystemColor("opaqueSeparator", .separator, rgb(0xC6C6C8), rgb(0x38383A)),

        SystemColor("link", .link, rgb(0x007AFF), rgb(0x0984FF)),

        SystemColor("lightText", .nonadaptable, fixed: white(1, 1, alphaPercent: 60)),
        SystemColor("darkText", .nonadaptable, fixed: white(0, 1))
    ]

    // UIColor's fixed colours [Apple: UIColor documentation and UIColor.h]: greys by their white
    // fraction, the rest by RGB fractions.
    private static let classColors: [SystemColor] = [
        SystemColor("black", .fixed, fixed: white(0, 1)),
        SystemColor("darkGray", .fixed, fixed: white(1, 3)),
        SystemColor("lightGray", .fixed, fixed: white(2, 3)),
        SystemColor("white", .fixed, fixed: white(1, 1)),
        SystemColor("gray", .fixed, fixed: white(1, 2)),
        SystemColor("red", .fixed, fixed: rgb(0xFF0000)),
        SystemColor("green", .fixed, fixed: rgb(0x00FF00)),
        SystemColor("blue", .fixed, fixed: rgb(0x0000FF)),
        SystemColor("cyan", .fixed, fixed: rgb(0x00FFFF)),
        SystemColor("yellow", .fixed, fixed: rgb(0xFFFF00)),
        SystemColor("magenta", .fixed, fixed: rgb(0xFF00FF)),
        SystemColor("orange", .fixed, fixed: rgb(0xFF8000)),  // 1.0, 0.5, 0.0: 0.5 → 128
        SystemColor("purple", .fixed, fixed: rgb(0x800080)),  // 0.5, 0.0, 0.5
        SystemColor("brown", .fixed, fixed: rgb(0x996633)),  // 0.6, 0.4, 0.2 → 153, 102, 51
        SystemColor("clear", .fixed, fixed: white(0, 1, alphaPercent: 0)),
        // Deprecated in iOS 13 with systemGroupedBackground as its replacement (Decision: its values).
        SystemColor(
            "groupTableViewBackground", .deprecated, rgb(0xF2F2F7), rgb(0x000000),
            highContrast: (rgb(0xEBEBF0), rgb(0x000000)), elevated: (rgb(0xF2F2F7), rgb(0x1C1C1E)),
            highContrastElevated: (rgb(0xEBEBF0), rgb(0x242426)))
    ]
}

/// An AppKit colour name (NSColor) that UIKit lacks, and the iOS colour that plays its part, if any.
public struct MacOSColor: Sendable {
    /// NSColor's name, as Xcode writes it in a colour set's reference ("windowBackgroundColor").
    public let name: String
    /// The UIKit colour to use instead (a name of `SystemColor.all`), if one plays the same part.
    public let iOSEquivalent: String?

    /// NSColor's UI element colours that UIKit has no colour for [Apple: NSColor documentation,
    /// "UI element colors" and the deprecated ones]. Colours both have (labelColor, linkColor,
    /// separatorColor, placeholderTextColor, systemBlueColor, …) are not listed.
    public static let all: [MacOSColor] = [
        MacOSColor(name: "controlAccentColor", iOSEquivalent: "systemBlue"),
        MacOSColor(name: "windowBackgroundColor", iOSEquivalent: "systemBackground"),
        MacOSColor(name: "controlBackgroundColor", iOSEquivalent: "systemBackground"),
        MacOSColor(name: "textBackgroundColor", iOSEquivalent: "systemBackground"),
        MacOSColor(name: "underPageBackgroundColor", iOSEquivalent: nil),
        MacOSColor(name: "selectedContentBackgroundColor", iOSEquivalent: nil),
        MacOSColor(name: "unemphasizedSelectedContentBackgroundColor", iOSEquivalent: nil),
        MacOSColor(name: "alternatingContentBackgroundColors", iOSEquivalent: nil),
        MacOSColor(name: "textColor", iOSEquivalent: "label"),
        MacOSColor(name: "selectedTextColor", iOSEquivalent: nil),
        MacOSColor(name: "selectedTextBackgroundColor", iOSEquivalent: nil),
        MacOSColor(name: "unemphasizedSelectedTextColor", iOSEquivalent: nil),
        MacOSColor(name: "unemphasizedSelectedTextBackgroundColor", iOSEquivalent: nil),
        MacOSColor(name: "textInsertionPointColor", iOSEquivalent: nil),
        MacOSColor(name: "headerTextColor", iOSEquivalent: "label"),
        MacOSColor(name: "windowFrameTextColor", iOSEquivalent: "label"),
        MacOSColor(name: "controlColor", iOSEquivalent: nil),
        MacOSColor(name: "controlTextColor", iOSEquivalent: "label"),
        MacOSColor(name: "disabledControlTextColor", iOSEquivalent: "tertiaryLabel"),
        MacOSColor(name: "selectedControlColor", iOSEquivalent: nil),
        MacOSColor(name: "selectedControlTextColor", iOSEquivalent: nil),
        MacOSColor(name: "alternateSelectedControlTextColor", iOSEquivalent: nil),
        MacOSColor(name: "selectedMenuItemTextColor", iOSEquivalent: nil),
        MacOSColor(name: "keyboardFocusIndicatorColor", iOSEquivalent: nil),
        MacOSColor(name: "gridColor", iOSEquivalent: "separator"),
        MacOSColor(name: "findHighlightColor", iOSEquivalent: nil),
        MacOSColor(name: "highlightColor", iOSEquivalent: nil),
        MacOSColor(name: "shadowColor", iOSEquivalent: nil),
        MacOSColor(name: "scrubberTexturedBackground", iOSEquivalent: nil),
        // Deprecated in AppKit.
        MacOSColor(name: "controlHighlightColor", iOSEquivalent: nil),
        MacOSColor(name: "controlLightHighlightColor", iOSEquivalent: nil),
        MacOSColor(name: "controlShadowColor", iOSEquivalent: nil),
        MacOSColor(name: "controlDarkShadowColor", iOSEquivalent: nil),
        MacOSColor(name: "controlAlternatingRowBackgroundColors", iOSEquivalent: nil),
        MacOSColor(name: "alternateSelectedControlColor", iOSEquivalent: nil),
        MacOSColor(name: "secondarySelectedControlColor", iOSEquivalent: nil),
        MacOSColor(name: "selectedMenuItemColor", iOSEquivalent: nil),
        MacOSColor(name: "headerColor", iOSEquivalent: nil),
        MacOSColor(name: "windowFrameColor", iOSEquivalent: nil),
        MacOSColor(name: "scrollBarColor", iOSEquivalent: nil),
        MacOSColor(name: "knobColor", iOSEquivalent: nil),
        MacOSColor(name: "selectedKnobColor", iOSEquivalent: nil)
    ]

    /// The macOS colour `name` is, written as NSColor's name or without its "Color" suffix.
    public static func named(_ name: String) -> MacOSColor? {
        all.first { $0.name == name || $0.name == name + "Color" }
    }
}
