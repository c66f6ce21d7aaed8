// A view's layout margins and layout guides as a scenario sets them (docs/LAYOUT.md §Layout
// margins, §Layout guides): UIView.layoutMargins or directionalLayoutMargins,
// preservesSuperviewLayoutMargins, insetsLayoutMarginsFromSafeArea and the UILayoutGuides added
// to the view (addLayoutGuide).

/// The margins as set: absolute (left and right) or directional (leading and trailing).
public struct LayoutMarginsSetting: Sendable, Equatable {
    /// For directional margins, `left` holds leading and `right` trailing.
    public var insets: EdgeInsets
    /// Whether the margins were set as directionalLayoutMargins: leading and trailing swap
    /// sides under right-to-left.
    public var isDirectional: Bool

    public init(insets: EdgeInsets, isDirectional: Bool) {
        self.insets = insets
        self.isDirectional = isDirectional
    }

    /// UIView's default: 8 points on every side.
    public static let `default` = LayoutMarginsSetting(
        insets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8), isDirectional: true)

    /// The margins as left and right for a view laid out in `direction`.
    public func absolute(in direction: LayoutDirection) -> EdgeInsets {
        isDirectional && direction == .rightToLeft ? insets.mirrored : insets
    }
}

/// Margin and guide settings of one view (UIView's defaults unless a scenario sets them).
public struct ViewGuides: Sendable, Equatable {
    public var layoutMargins: LayoutMarginsSetting
    /// The superview's margins also keep this view's content in (UIView.preservesSuperviewLayoutMargins).
    public var preservesSuperviewLayoutMargins: Bool
    /// The margins are measured from the safe area (UIView.insetsLayoutMarginsFromSafeArea).
    public var insetsLayoutMarginsFromSafeArea: Bool
    /// Names of the layout guides added to the view, in order.
    public var layoutGuides: [String]

    public init(
        layoutMargins: LayoutMarginsSetting = .default, preservesSuperviewLayoutMargins: Bool = false,
        insetsLayoutMarginsFromSafeArea: Bool = true, layoutGuides: [String] = []
    ) {
        self.layoutMargins = layoutMargins
        self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
        self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
        self.layoutGuides = layoutGuides
    }

    public static let `default` = ViewGuides()
}
