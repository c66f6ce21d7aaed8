import Raster

// Colours: straight 8-bit sRGB with alpha, optionally dynamic (UIKit's dynamic colours). A system
// colour has a value per interface style, contrast and level (SystemColors.swift: iOS 15–18
// values, docs/COLORS.md gives each one's source); a light/dark pair a value per style; a named
// colour from an asset catalog picks one of its variants by any trait they name.

/// A straight (not premultiplied) sRGB colour, 8 bits per channel.
public struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public var premultiplied: PremultipliedColor { PremultipliedColor(straightR: r, g: g, b: b, a: a) }

    /// "#RRGGBBAA".
    public var description: String {
        "#"
            + [r, g, b, a].map { v in
                let s = String(v, radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }.joined()
    }
}

/// A colour's values in the appearances UIKit's dynamic system colours distinguish: light or dark
/// style × normal or high contrast (Increase Contrast) × base or elevated level.
public struct AppearanceValues: Equatable, Hashable, Sendable {
    /// A light and a dark value.
    public struct Pair: Equatable, Hashable, Sendable {
        public var light: RGBA
        public var dark: RGBA

        /// A pair from its two values.
        public init(light: RGBA, dark: RGBA) {
            self.light = light
            self.dark = dark
        }

        /// The value for `style`.
        public func resolved(_ style: UserInterfaceStyle) -> RGBA { style == .dark ? dark : light }
    }

    /// Normal contrast, base level.
    public var base: Pair
    /// High contrast, base level.
    public var highContrast: Pair
    /// Normal contrast, elevated level.
    public var elevated: Pair
    /// High contrast, elevated level.
    public var highContrastElevated: Pair

    /// Values that depend on the style only.
    public init(light: RGBA, dark: RGBA) {
        self.init(base: Pair(light: light, dark: dark))
    }

    /// A pair per contrast and level. One left out is the same as the one it refines, as UIKit
    /// returns when a colour has no distinct value there: high contrast and elevated the base
    /// pair; high contrast elevated the elevated pair if there is one, else the high-contrast one.
    public init(base: Pair, highContrast: Pair? = nil, elevated: Pair? = nil, highContrastElevated: Pair? = nil) {
        self.base = base
        self.highContrast = highContrast ?? base
        self.elevated = elevated ?? base
        self.highContrastElevated = highContrastElevated ?? elevated ?? highContrast ?? base
    }

    /// UIKit's dynamic provider that picks by style: `light`'s values in light appearance,
    /// `dark`'s in dark, each in the same contrast and level.
    public init(light: AppearanceValues, dark: AppearanceValues) {
        func pick(_ side: KeyPath<AppearanceValues, Pair>) -> Pair {
            Pair(light: light[keyPath: side].light, dark: dark[keyPath: side].dark)
        }
        base = pick(\.base)
        highContrast = pick(\.highContrast)
        elevated = pick(\.elevated)
        highContrastElevated = pick(\.highContrastElevated)
    }

    /// The value in `traits`.
    public func resolved(_ traits: Traits) -> RGBA {
        let pair =
            switch (traits.accessibilityContrast, traits.userInterfaceLevel) {
            case (.normal, .base): base
            case (.high, .base): highContrast
            case (.normal, .elevated): elevated
            case (.high, .elevated): highContrastElevated
            }
        return pair.resolved(traits.userInterfaceStyle)
    }

    /// Every value, in the order light before dark, base before high contrast, base before elevated.
    public var all: [RGBA] {
        [base, highContrast, elevated, highContrastElevated].flatMap { [$0.light, $0.dark] }
    }

    /// Whether every appearance has the same value.
    public var isFixed: Bool { all.allSatisfy { $0 == base.light } }
}

/// A colour that may depend on the traits: a system colour on the interface style, the contrast
/// and the level; a light/dark pair on the style; a named colour from an asset catalog on any
/// trait its variants name.
public struct Color: Equatable, Hashable, Sendable {
    /// The value in each appearance (all equal for a fixed colour).
    public var values: AppearanceValues
    /// The system colour this is, if any (for reports).
    public var systemName: String?
    /// A named colour's variants (UIColor(named:)): the traits pick one (docs/ASSETS.md
    /// §Matching); `values` are then unused. Empty for other colours.
    public var variants: [AssetVariant<Color>] = []
    /// UIColor(dynamicProvider:) written as cases: the first whose test the traits pass gives the
    /// colour (the last case tests nothing); `values` are then unused. Empty for other colours.
    public var cases: [TraitCase] = []

    /// A fixed colour.
    public init(_ rgba: RGBA) {
        values = AppearanceValues(light: rgba, dark: rgba)
    }

    /// A colour that depends on the style only.
    public init(light: RGBA, dark: RGBA, systemName: String? = nil) {
        self.init(AppearanceValues(light: light, dark: dark), systemName: systemName)
    }

    /// A colour with a value per style, contrast and level.
    public init(_ values: AppearanceValues, systemName: String? = nil) {
        self.values = values
        self.systemName = systemName
    }

    /// The value in light appearance, normal contrast, base level.
    public var light: RGBA { values.base.light }
    /// The value in dark appearance, normal contrast, base level.
    public var dark: RGBA { values.base.dark }

    /// The colour in `traits`.
    public func resolved(_ traits: Traits) -> RGBA {
        if let first = cases.first(where: { $0.test.matches(traits) }) { return first.color.resolved(traits) }
        if let index = variants.bestMatch(for: traits) { return variants[index].value.resolved(traits) }
        return values.resolved(traits)
    }

    /// Whether the colour is the same in every trait collection.
    public var isFixed: Bool {
        if !cases.isEmpty {
            return cases.allSatisfy { $0.color.isFixed && $0.color.light == cases[0].color.light }
        }
        return variants.isEmpty
            ? values.isFixed : variants.allSatisfy { $0.value.isFixed && $0.value.light == variants[0].value.light }
    }

    /// Every value the colour can take, in some trait collection (with repeats).
    public var possibleValues: [RGBA] {
        if !cases.isEmpty { return cases.flatMap(\.color.possibleValues) }
        return variants.isEmpty ? values.all : variants.flatMap(\.value.possibleValues)
    }

    /// The default tint (UIColor.systemBlue).
    public static let systemBlue = system("systemBlue") ?? Color(RGBA(r: 0, g: 122, b: 255))

    /// A UIKit system colour by name (`systemBlue`, `label`, `white`, …): UIColor's class
    /// property of that name (SystemColors.swift).
    public static func system(_ name: String) -> Color? {
        SystemColor.named[name].map { Color($0.values, systemName: $0.name) }
    }

    /// Names of the system colours, in documentation order.
    public static var systemColorNames: [String] { SystemColor.all.map(\.name) }
}

/// One case of a colour made by UIColor(dynamicProvider:): the traits it tests and its colour.
public struct TraitCase: Equatable, Hashable, Sendable {
    public var test: TraitTest
    public var color: Color

    public init(test: TraitTest, color: Color) {
        self.test = test
        self.color = color
    }
}

/// Values some traits must have (nil: any), as a dynamic provider's `if` tests them.
public struct TraitTest: Equatable, Hashable, Sendable {
    public var displayScale: Int?
    public var userInterfaceStyle: UserInterfaceStyle?
    public var layoutDirection: LayoutDirection?
    public var userInterfaceIdiom: UserInterfaceIdiom?
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var verticalSizeClass: UserInterfaceSizeClass?
    public var accessibilityContrast: AccessibilityContrast?
    public var userInterfaceLevel: UserInterfaceLevel?
    public var preferredContentSizeCategory: ContentSizeCategory?

    public init() {}

    /// `traits` with the values this test names in their place (an image's fixed traits over the
    /// view's: docs/ASSETS.md §Images fixed to traits).
    public func applied(to traits: Traits) -> Traits {
        var t = traits
        t.displayScale = displayScale ?? t.displayScale
        t.userInterfaceStyle = userInterfaceStyle ?? t.userInterfaceStyle
        t.layoutDirection = layoutDirection ?? t.layoutDirection
        t.userInterfaceIdiom = userInterfaceIdiom ?? t.userInterfaceIdiom
        t.horizontalSizeClass = horizontalSizeClass ?? t.horizontalSizeClass
        t.verticalSizeClass = verticalSizeClass ?? t.verticalSizeClass
        t.accessibilityContrast = accessibilityContrast ?? t.accessibilityContrast
        t.userInterfaceLevel = userInterfaceLevel ?? t.userInterfaceLevel
        t.preferredContentSizeCategory = preferredContentSizeCategory ?? t.preferredContentSizeCategory
        return t
    }

    /// Whether every trait the test names has its value in `traits` (the view's, with its
    /// effective layout direction).
    public func matches(_ traits: Traits) -> Bool {
        (displayScale ?? traits.displayScale) == traits.displayScale
            && (userInterfaceStyle ?? traits.userInterfaceStyle) == traits.userInterfaceStyle
            && (layoutDirection ?? traits.layoutDirection) == traits.layoutDirection
            && (userInterfaceIdiom ?? traits.userInterfaceIdiom) == traits.userInterfaceIdiom
            && (horizontalSizeClass ?? traits.horizontalSizeClass) == traits.horizontalSizeClass
            && (verticalSizeClass ?? traits.verticalSizeClass) == traits.verticalSizeClass
            && (accessibilityContrast ?? traits.accessibilityContrast) == traits.accessibilityContrast
            && (userInterfaceLevel ?? traits.userInterfaceLevel) == traits.userInterfaceLevel
            && (preferredContentSizeCategory ?? traits.preferredContentSizeCategory)
                == traits.preferredContentSizeCategory
    }
}
