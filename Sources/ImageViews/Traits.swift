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

    public init(
        displayScale: Int = 2, userInterfaceStyle: UserInterfaceStyle = .light,
        layoutDirection: LayoutDirection = .leftToRight, userInterfaceIdiom: UserInterfaceIdiom = .phone,
        horizontalSizeClass: UserInterfaceSizeClass = .compact, verticalSizeClass: UserInterfaceSizeClass = .regular,
        accessibilityContrast: AccessibilityContrast = .normal, userInterfaceLevel: UserInterfaceLevel = .base
    ) {
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
        self.userInterfaceIdiom = userInterfaceIdiom
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.accessibilityContrast = accessibilityContrast
        self.userInterfaceLevel = userInterfaceLevel
    }
}
