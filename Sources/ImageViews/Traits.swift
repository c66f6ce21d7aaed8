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

/// The trait environment a scenario is laid out and drawn in (UITraitCollection).
public struct Traits: Equatable, Hashable, Sendable {
    /// Device pixels per point: 1, 2 or 3.
    public var displayScale: Int
    public var userInterfaceStyle: UserInterfaceStyle
    public var layoutDirection: LayoutDirection

    public init(displayScale: Int = 2, userInterfaceStyle: UserInterfaceStyle = .light,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
    }
}
