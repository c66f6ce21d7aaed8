/// What the constraint solver decided for a view tree (docs/LAYOUT.md §Auto Layout): every
/// constraint it held, whether each is satisfied, which frames are not fully determined, and
/// the required constraints that could not hold.
public struct AutoLayoutReport: Sendable {
    /// Every constraint of the layout, in the order it goes to the solver: the frames of
    /// frame-positioned views that constraints refer to, then the content-size constraints of
    /// constraint-positioned image views, then the scenario's constraints, then the implicit
    /// non-negative sizes of constraint-positioned views (given to the solver only when they can
    /// change the answer; evaluated on the solution either way).
    public var constraints: [ConstraintLayout]
    /// Constraint-positioned views whose frame the constraints leave undetermined, in tree order.
    public var ambiguities: [ViewAmbiguity]
    /// Set when a required constraint cannot hold; the views positioned by constraints then keep
    /// zero frames.
    public var failure: AutoLayoutFailure?
    /// The solved frames of the layout guides the scenario added, in tree order.
    public var layoutGuides: [LayoutGuideFrame] = []
    /// How many times the system was solved: more than once when the margins or safe area of a
    /// view positioned by constraints, which a constraint uses, moved with its frame.
    public var passes = 1
}

/// A layout guide the scenario added (UILayoutGuide) and its solved frame (layoutFrame).
public struct LayoutGuideFrame: Sendable, Equatable {
    /// The guide's name (unique among ids in a scenario).
    public var name: String
    /// The owning view's id, if it has one, and its tree path.
    public var ownerID: String?
    public var ownerPath: String
    /// The guide's tree path: "root.subviews[1].layoutGuides[0]".
    public var path: String
    /// In the owning view's coordinates.
    public var frame: Rect

    public init(name: String, ownerID: String?, ownerPath: String, path: String, frame: Rect) {
        self.name = name
        self.ownerID = ownerID
        self.ownerPath = ownerPath
        self.path = path
        self.frame = frame
    }
}

/// Where a constraint comes from.
public enum ConstraintKind: String, Sendable {
    /// Written in the scenario.
    case constraint
    /// A frame-positioned view's frame (NSAutoresizingMaskLayoutConstraint): x, y, width, height.
    case autoresizingMask
    /// width ≤ intrinsic width (height ≤ …) at the content hugging priority.
    case contentHugging
    /// width ≥ intrinsic width (height ≥ …) at the compression resistance priority.
    case compressionResistance
    /// frame width ≥ 0 (height ≥ 0) of a constraint-positioned view, just below required.
    case nonNegativeSize
    /// An edge of a view's layout margins or safe area guide tied to the view's frame.
    case layoutGuide
    /// Made by a stack view for its arranged subviews (UIKit's `UISV-…` constraints).
    case stackView
}

/// One constraint and how it came out.
public struct ConstraintLayout: Sendable, Equatable {
    public var kind: ConstraintKind
    /// The constraint as an equation, for example `hero.leading == superview.leading + 20`.
    public var label: String
    /// Where the scenario wrote it (`$.root.constraints[0]`), or the view's path for generated ones.
    public var source: String
    /// 1…1000 (1000 = required).
    public var priority: Double
    /// Whether the solution satisfies it (within 10⁻⁶ point).
    public var isSatisfied: Bool
    /// By how many points the solution misses it (0 when satisfied), to 10⁻⁶ point.
    public var violation: Double
}

/// A constraint-positioned view whose frame is not determined.
public struct ViewAmbiguity: Sendable, Equatable {
    /// The view's id, if it has one.
    public var id: String?
    /// Where the view sits in the tree: "root.subviews[1]".
    public var path: String
    /// The undetermined parts of its alignment rect, among "x", "y", "width", "height".
    public var unknowns: [String]
}

/// A required constraint that cannot hold together with others.
public struct AutoLayoutFailure: Error, Sendable, Equatable {
    /// The constraint that could not be added.
    public var constraint: ConstraintLayout
    /// The required constraints it conflicts with, in the order they were added (empty: it
    /// cannot hold on its own, or the solver failed for another reason given in `reason`).
    public var conflicts: [ConstraintLayout]
    /// The solver's explanation when it is not a plain conflict.
    public var reason: String?
    /// When the layout was given up because the solver grew past `ConstraintSystem.maxSolverTerms`:
    /// the terms it held.
    public var termsWhenGivenUp: Int?
}
