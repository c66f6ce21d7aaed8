/// Light or dark appearance (UIUserInterfaceStyle).
public enum UserInterfaceStyle: String, Sendable, CaseIterable {
    case light
    case dark
}

/// Reading direction (UIUserInterfaceLayoutDirection).
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// The kind of device (UIUserInterfaceIdiom).
public enum UserInterfaceIdiom: String, Sendable, CaseIterable {
    case phone
    case pad
    case tv
    case carPlay
    case mac
    case vision
}

/// A size class (UIUserInterfaceSizeClass) of one axis.
public enum UserInterfaceSizeClass: String, Sendable, CaseIterable {
    case compact
    case regular
}

/// Whether Increase Contrast is on (UIAccessibilityContrast).
public enum AccessibilityContrast: String, Sendable, CaseIterable {
    case normal
    case high
}

/// Whether content sits at the base level of the window or above it (UIUserInterfaceLevel): the
/// system raises alerts, popovers and presented sheets to elevated, where the background colours
/// are lighter in dark mode (docs/COLORS.md). Nothing else depends on it.
public enum UserInterfaceLevel: String, Sendable, CaseIterable {
    case base
    case elevated
}

/// The reader's preferred text size (UIContentSizeCategory): seven standard sizes and, with
/// Larger Accessibility Sizes on, five accessibility sizes. Large is the system's default.
public enum ContentSizeCategory: String, Sendable, CaseIterable {
    case extraSmall
    case small
    case medium
    case large
    case extraLarge
    case extraExtraLarge
    case extraExtraExtraLarge
    case accessibilityMedium
    case accessibilityLarge
    case accessibilityExtraLarge
    case accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// UIContentSizeCategory.isAccessibilityCategory: the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The body text style's point size at this category (Apple's Dynamic Type sizes table, the
    /// same row as SymbolTextStyle.body's): 14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53.
    public var bodyPointSize: Double {
        let sizes = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        return Double(sizes[Self.allCases.firstIndex(of: self) ?? 3])
    }

    /// What UIFontMetrics.default (the body style's metrics) scales a value by at this category:
    /// the body size over its size at Large, 17 points.
    public var bodyScale: Double { bodyPointSize / 17 }

    /// The short name Apple's tables use: XS, S, M, L, XL, XXL, XXXL, AX1 … AX5.
    public var abbreviation: String {
        let names = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"]
        return names[Self.allCases.firstIndex(of: self) ?? 3]
    }
}

extension ContentSizeCategory: Comparable {
    /// Smaller text first (UIContentSizeCategory's `<`).
    public static func < (a: Self, b: Self) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// The trait environment a scenario is laid out and drawn in (UITraitCollection). The defaults
/// are an iPhone in portrait: phone idiom, compact width, regular height, at the base level.
public struct Traits: Equatable, Hashable, Sendable {
    /// Device pixels per point: 1, 2 or 3.
    public var displayScale: Int
    public var userInterfaceStyle: UserInterfaceStyle
    public var layoutDirection: LayoutDirection
    public var userInterfaceIdiom: UserInterfaceIdiom
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    public var accessibilityContrast: AccessibilityContrast
    public var userInterfaceLevel: UserInterfaceLevel
    /// The preferred text size: symbol images configured with a text style follow it, and image
    /// views that adjust their image for accessibility grow at the accessibility sizes.
    public var preferredContentSizeCategory: ContentSizeCategory

    public init(
        displayScale: Int = 2, userInterfaceStyle: UserInterfaceStyle = .light,
        layoutDirection: LayoutDirection = .leftToRight, userInterfaceIdiom: UserInterfaceIdiom = .phone,
        horizontalSizeClass: UserInterfaceSizeClass = .compact, verticalSizeClass: UserInterfaceSizeClass = .regular,
        accessibilityContrast: AccessibilityContrast = .normal, userInterfaceLevel: UserInterfaceLevel = .base,
        preferredContentSizeCategory: ContentSizeCategory = .large
    ) {
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
        self.userInterfaceIdiom = userInterfaceIdiom
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.accessibilityContrast = accessibilityContrast
        self.userInterfaceLevel = userInterfaceLevel
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }
}
