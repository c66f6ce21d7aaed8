// View properties inherited down the tree: tint adjustment and the semantic content attribute
// that decides the layout direction.

/// UIView.tintAdjustmentMode.
public enum TintAdjustmentMode: String, CaseIterable, Sendable {
    case automatic
    case normal
    case dimmed
}

/// UISemanticContentAttribute.
public enum SemanticContentAttribute: String, CaseIterable, Sendable {
    case unspecified
    case playback
    case spatial
    case forceLeftToRight
    case forceRightToLeft

    /// The effective layout direction for a view with this attribute in `traits`.
    public func layoutDirection(in direction: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: direction
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}
