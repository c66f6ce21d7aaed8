// UIStackView's properties (docs/LAYOUT.md §Stack views). A stack view is a view whose subviews
// are its arranged subviews, in order; it places them with constraints it generates
// (StackConstraints), so they are positioned by constraints.

/// UIStackView.Distribution.
public enum StackDistribution: String, Sendable, CaseIterable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// UIStackView.Alignment. UIKit's `top` is `leading` and its `bottom` is `trailing` (the same raw
/// values): the names a scenario writes are kept for reports, the meaning is the edge.
public enum StackAlignment: String, Sendable, CaseIterable {
    case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline

    /// The edge the views line up on across the axis: the leading (top) edge, the trailing
    /// (bottom) one, their centres, or both edges (fill).
    enum Edge { case fill, leading, center, trailing, firstBaseline, lastBaseline }

    var edge: Edge {
        switch self {
        case .fill: .fill
        case .leading, .top: .leading
        case .center: .center
        case .trailing, .bottom: .trailing
        case .firstBaseline: .firstBaseline
        case .lastBaseline: .lastBaseline
        }
    }
}

/// A UIStackView's settings.
public struct StackSettings: Sendable, Equatable {
    public var axis: LayoutAxis
    public var distribution: StackDistribution
    public var alignment: StackAlignment
    /// Points between neighbours (a minimum for equalSpacing and equalCentering); may be negative.
    public var spacing: Double
    /// setCustomSpacing(_:after:): per arranged subview, by index, the spacing after it (nil: `spacing`).
    public var customSpacing: [Double?]
    /// The arranged subviews are laid out within the layout margins (the margins guide), not the bounds.
    public var isLayoutMarginsRelativeArrangement: Bool
    /// Vertical spacing measured between baselines; for views without text (image views) a
    /// view's first baseline is its top and its last baseline its bottom, so it changes nothing.
    public var isBaselineRelativeArrangement: Bool

    public init(
        axis: LayoutAxis = .horizontal, distribution: StackDistribution = .fill, alignment: StackAlignment = .fill,
        spacing: Double = 0, customSpacing: [Double?] = [], isLayoutMarginsRelativeArrangement: Bool = false,
        isBaselineRelativeArrangement: Bool = false
    ) {
        self.axis = axis
        self.distribution = distribution
        self.alignment = alignment
        self.spacing = spacing
        self.customSpacing = customSpacing
        self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
        self.isBaselineRelativeArrangement = isBaselineRelativeArrangement
    }

    /// The spacing after the arranged subview at `index`.
    func spacing(after index: Int) -> Double {
        customSpacing.indices.contains(index) ? customSpacing[index] ?? spacing : spacing
    }
}
