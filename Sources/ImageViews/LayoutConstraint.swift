// NSLayoutConstraint in ivsim's model: `first relation multiplier × second + constant` at a
// priority, between anchors of views named by their index path from the root (docs/LAYOUT.md
// §Auto Layout). Constraints act on alignment rects, never on frames.

/// An edge, centre or dimension of a view's alignment rect (NSLayoutConstraint.Attribute).
public enum LayoutAttribute: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// The first and last baselines: an image view's image baseline (`baselineOffsetFromBottom`),
    /// else the top and the bottom of the alignment rect (UIView.forFirstBaselineLayout).
    case firstBaseline, lastBaseline

    /// The axis the attribute lies on.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: .vertical
        }
    }

    /// Width and height: sizes, not positions.
    public var isDimension: Bool { self == .width || self == .height }

    /// Leading and trailing: edges that swap sides under right-to-left.
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// Left and right: edges that never swap.
    public var isAbsoluteEdge: Bool { self == .left || self == .right }
}

/// Horizontal or vertical.
public enum LayoutAxis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

/// ==, <= or >= (NSLayoutConstraint.Relation).
public enum LayoutRelation: String, Sendable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// A layout guide of a view (UILayoutGuide): its layout margins, its safe area, or one the
/// scenario added (docs/LAYOUT.md §Layout guides).
public enum LayoutGuideReference: Sendable, Hashable {
    /// layoutMarginsGuide: the bounds inset by the effective layout margins.
    case layoutMargins
    /// safeAreaLayoutGuide: the bounds inset by the safe area insets.
    case safeArea
    /// A guide added with addLayoutGuide, by its index in the view's `layoutGuides`.
    case added(Int)
    /// A stack view's private spacer that spans its arranged views across the axis
    /// ('UISV-alignment-spanner').
    case stackSpanner
    /// A stack view's gap guide between two arranged views ('UISV-distributing'), by index.
    case stackGap(Int)

    /// Whether the scenario added the guide (not the margins or safe area guide).
    public var isAddedGuide: Bool { isAdded }

    var isAdded: Bool {
        if case .added = self { return true }
        return false
    }

    /// The margins and safe area guides: tied to their owner by its insets.
    var isInsetGuide: Bool { self == .layoutMargins || self == .safeArea }

    /// How a tree path names the guide after its owner's: "layoutMarginsGuide",
    /// "safeAreaLayoutGuide", "layoutGuides[0]".
    var pathComponent: String {
        switch self {
        case .layoutMargins: "layoutMarginsGuide"
        case .safeArea: "safeAreaLayoutGuide"
        case let .added(index): "layoutGuides[\(index)]"
        case .stackSpanner: "alignmentSpanner"
        case let .stackGap(index): "distributingGuides[\(index)]"
        }
    }

    /// The guide's place in a layout item path: a negative number after the owner's indices.
    var pathMarker: Int {
        switch self {
        case .layoutMargins: -1
        case .safeArea: -2
        case .stackSpanner: -3
        case let .stackGap(index): -1_000_000 - index
        case let .added(index): -2_000_000 - index
        }
    }
}

/// One attribute of one view, or of one of its layout guides.
public struct LayoutAnchor: Sendable, Equatable {
    /// The view (the guide's owner): indices of subviews from the root (empty for the root).
    public var view: [Int]
    /// The guide of `view` the attribute belongs to; nil for the view itself.
    public var guide: LayoutGuideReference?
    public var attribute: LayoutAttribute

    public init(view: [Int], guide: LayoutGuideReference? = nil, attribute: LayoutAttribute) {
        self.view = view
        self.guide = guide
        self.attribute = attribute
    }

    /// Where the item sits among views: the view's indices, then for a guide its marker, so a
    /// guide counts as a child of its owner when containers are found.
    var itemPath: [Int] { guide.map { view + [$0.pathMarker] } ?? view }
}

/// `first relation multiplier × second + constant`, or `first relation constant` without a second
/// anchor (dimensions only), held at `priority`.
public struct LayoutConstraint: Sendable {
    public var first: LayoutAnchor
    public var relation: LayoutRelation
    public var second: LayoutAnchor?
    public var multiplier: Double
    public var constant: Double
    /// 1…1000; 1000 is required.
    public var priority: Double
    /// The constraint as written, for example `hero.leading == superview.leading + 20`.
    public var label: String
    /// Where it was written, for example `$.root.constraints[0]` (reports and errors), or the
    /// tree path of the view that generated it.
    public var source: String
    /// The scenario's (`constraint`), or generated by a stack view (`stackView`).
    public var kind: ConstraintKind = .constraint

    public init(
        first: LayoutAnchor, relation: LayoutRelation, second: LayoutAnchor? = nil, multiplier: Double = 1,
        constant: Double = 0, priority: Double = LayoutPriority.required, label: String, source: String = ""
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.label = label
        self.source = source
    }
}

/// UILayoutPriority's named values, and how a priority becomes a solver level.
public enum LayoutPriority {
    public static let required = 1000.0
    public static let defaultHigh = 750.0
    public static let defaultLow = 250.0
    public static let fittingSizeLevel = 50.0
    /// The level of the implicit `frame width >= 0` and `frame height >= 0` of views positioned by
    /// constraints: above every optional priority, below required (docs/LAYOUT.md §Auto Layout,
    /// "Sizes"). UILayoutPriority is a Float, whose largest value below 1000 is 999.99994; this
    /// is the largest binary64 below 1000.
    public static let nonNegativeSize = required.nextDown

    /// The solver level of a priority: UILayoutPriority is a Float, so the priority rounded to
    /// the nearest Float (250.000000001 and 250 are one level); 1000 and above are required.
    static func level(_ priority: Double) -> Double {
        priority >= required ? required : Double(Float(priority))
    }
    /// The names a scenario may write for a priority, with their values.
    public static let names: [(name: String, value: Double)] = [
        ("required", required), ("defaultHigh", defaultHigh), ("defaultLow", defaultLow),
        ("fittingSizeLevel", fittingSizeLevel)
    ]
}

/// A priority per axis (content hugging or compression resistance).
public struct AxisPriorities: Sendable, Equatable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public subscript(axis: LayoutAxis) -> Double {
        axis == .horizontal ? horizontal : vertical
    }

    /// Image views created in code hug at 250 [community].
    public static let defaultHugging = AxisPriorities(horizontal: 250, vertical: 250)
    /// …and resist compression at 750.
    public static let defaultCompressionResistance = AxisPriorities(horizontal: 750, vertical: 750)
}

/// How a view gets its frame.
public enum Positioning: String, Sendable {
    /// Its frame as set (translatesAutoresizingMaskIntoConstraints = true): when constraints
    /// refer to it, the frame enters the solver as required constraints.
    case frame
    /// The solver's (translatesAutoresizingMaskIntoConstraints = false).
    case constraints
}
