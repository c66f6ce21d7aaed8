import Cassowary

// Auto Layout over a view tree (docs/LAYOUT.md §Auto Layout). One solver per layout:
//   1. every view in pre-order becomes a node (its frame, alignment rect insets, intrinsic size,
//      priorities and effective layout direction, all for the trait collection laid out);
//   2. views positioned by constraints, and views any constraint names, get four variables: the
//      x, y, width and height of their alignment rect in canvas coordinates;
//   3. constraints are added in a fixed order — the frames of frame-positioned views that take
//      part (required), content hugging and compression resistance of constraint-positioned
//      views with an intrinsic size, then the scenario's constraints (a width's preferences are
//      in the solver before the chains that use the width: measured on a chain of 1000 views,
//      21 ms against 4.3 s the other way round), each measured in its container's bounds
//      (ConstraintSystem+Space); the implicit non-negative sizes follow only when the optimum
//      without them has a negative or undetermined size (ConstraintSystem.solve);
//   4. frames are the solved alignment rects outset by the insets, taken relative to the
//      superview's final frame, with each edge rounded to the device-pixel grid;
//   5. the unknowns of constraint-positioned views that some optimal solution moves are reported
//      as ambiguous (Solver.undetermined).

/// Solves a view tree's constraints.
public enum AutoLayout {
    /// The most terms (tableau cells) one layout's solver may hold: 10,000,000, about 450 MB with
    /// their index. A determined chain of 2,500 optional links (10,000 constraints) holds about 6
    /// million; two flush Visual Format lines of 5,000 views without sizes hold every earlier width
    /// in every edge's row (13.7 s and 3.2 GB before this bound) and are refused (docs/LIMITS.md).
    public static let maxSolverTerms = 10_000_000

    /// The most times one layout is solved while the margins and safe areas its constraints use
    /// keep moving with the frames (docs/LAYOUT.md §Safe area, "Passes").
    public static let maxPasses = 8

    /// Whether anything in the tree is laid out by constraints.
    public static func isUsed(by root: View, constraints: [LayoutConstraint]) -> Bool {
        !constraints.isEmpty || root.containsConstraintPositionedView
    }

    /// Solves `constraints` for the tree under `root` (whose frame is the canvas, whose safe area
    /// is inset by `safeAreaInsets`) in `traits` and sets the frames of the views positioned by
    /// constraints; nil when nothing uses constraints.
    ///
    /// The margins and safe area guides are tied to their views by the views' effective margins
    /// and safe area insets, which depend on where the views end up: like UIKit, which lays out
    /// again when a view's safe area or margins change, the system is solved again with the
    /// values the last pass's frames give until they stop changing (at most `maxPasses` times).
    public static func layout(
        _ root: inout View, constraints: [LayoutConstraint], traits: Traits,
        safeAreaInsets: EdgeInsets = .zero, checkAmbiguity: Bool = true
    ) -> AutoLayoutReport? {
        guard isUsed(by: root, constraints: constraints) else { return nil }
        // A stack view's constraints come before the scenario's, as UIKit adds them when views are
        // arranged (docs/LAYOUT.md §Stack views).
        let constraints = StackConstraints.make(for: root, traits: traits) + constraints
        let tree = LayoutTree(root: root, traits: traits, constraints: constraints)
        let owners = tree.insetGuideOwners
        let unsolved = root
        var geometry = GuideGeometry(root: root, canvasSafeArea: safeAreaInsets, traits: traits)
        var pass = 1
        while true {
            var system = ConstraintSystem(tree: tree, constraints: constraints, geometry: geometry)
            var report = system.solve(checkAmbiguity: checkAmbiguity)
            report.passes = pass
            guard report.failure == nil else { return report }
            root = unsolved
            let origins = system.applyFrames(to: &root, scale: Double(traits.displayScale))
            report.layoutGuides = system.addedGuideFrames(origins: origins, scale: Double(traits.displayScale))
            guard !owners.isEmpty else { return report }
            let next = GuideGeometry(root: root, canvasSafeArea: safeAreaInsets, traits: traits)
            if owners.allSatisfy({
                next.safeAreaInsets[$0] == geometry.safeAreaInsets[$0]
                    && next.layoutMargins[$0] == geometry.layoutMargins[$0]
            }) {
                return report
            }
            guard pass < maxPasses else {
                report.failure = AutoLayoutFailure(
                    constraint: ConstraintLayout(
                        kind: .layoutGuide, label: "", source: "", priority: LayoutPriority.required,
                        isSatisfied: false, violation: 0),
                    conflicts: [],
                    reason: "the margins and safe areas the constraints use do not settle: after \(maxPasses) layout "
                        + "passes they still move the views they belong to (positions and the safe areas or margins they are tied to "
                        + "depend on each other)")
                return report
            }
            geometry = next
            pass += 1
        }
    }

    /// An engine value in points rounded to the device-pixel grid: first to 1/1024 pixel (the
    /// solver's floating-point residue goes), then half up to a whole pixel.
    public static func pixelRounded(_ value: Double, scale: Double) -> Double {
        let pixels = (value * scale * 1024).rounded() / 1024
        return (pixels + 0.5).rounded(.down) / scale
    }
}

extension View {
    /// Whether this view or a descendant is positioned by constraints or adds a layout guide
    /// (which only constraints place).
    var containsConstraintPositionedView: Bool {
        positioning == .constraints || !guides.layoutGuides.isEmpty
            || subviews.contains { $0.containsConstraintPositionedView }
    }
}

/// A view tree flattened in pre-order, with what layout needs of each view.
struct LayoutTree {
    struct Node {
        let path: [Int]
        /// The superview's node, or −1 for the root.
        let parent: Int
        /// The id, else the tree path ("root.subviews[1]"): how labels name the view.
        let name: String
        let id: String?
        let treePath: String
        let positioning: Positioning
        let frame: Rect
        let insets: EdgeInsets
        let direction: LayoutDirection
        /// The image view's intrinsic content size, (−1, −1) for none.
        let intrinsicSize: Size
        let hugging: AxisPriorities
        let compression: AxisPriorities
        /// An image view's baseline: its distance above the bottom of the alignment rect (the
        /// image's baselineOffsetFromBottom less the bottom inset); nil without one.
        var baseline: Double? = nil
        /// For a layout guide's node: which guide of its parent (the owner) it is; nil for a view.
        var guide: LayoutGuideReference? = nil
    }

    private(set) var nodes: [Node] = []
    /// The views' nodes come first, in pre-order (0..<viewCount); the guides' follow.
    private(set) var viewCount = 0
    /// Item path → node (lookup only): a view's indices, or its owner's and a guide marker.
    private var index: [[Int]: Int] = [:]

    /// The views of the tree under `root`, then the guides that take part: every guide a view
    /// adds, and the margins and safe area guides that `constraints` name.
    init(root: View, traits: Traits, constraints: [LayoutConstraint] = []) {
        add(root, path: [], treePath: "root", parent: -1, traits: traits)
        viewCount = nodes.count
        var named: [(owner: [Int], guide: LayoutGuideReference)] = []
        for constraint in constraints {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
                if let guide = anchor.guide, index[anchor.itemPath] == nil,
                    !named.contains(where: { $0.owner == anchor.view && $0.guide == guide })
                {
                    named.append((anchor.view, guide))
                }
            }
        }
        for view in 0..<viewCount {
            let owner = nodes[view]
            let systemGuides = named.filter { $0.owner == owner.path && !$0.guide.isAdded }.map(\.guide)
                .sorted { $0.pathMarker > $1.pathMarker }
            let added = guideNames[view].indices.map { LayoutGuideReference.added($0) }
            for guide in systemGuides + added {
                let name =
                    switch guide {
                    case .layoutMargins: "\(owner.name).margins"
                    case .safeArea: "\(owner.name).safeArea"
                    case let .added(i): guideNames[view][i]
                    case .stackSpanner: "\(owner.name).spanner"
                    case let .stackGap(i): "\(owner.name).gap[\(i)]"
                    }
                let path = owner.path + [guide.pathMarker]
                index[path] = nodes.count
                nodes.append(
                    Node(
                        path: path, parent: view, name: name, id: guide.isAdded ? name : nil,
                        treePath: "\(owner.treePath).\(guide.pathComponent)", positioning: .constraints,
                        frame: .zero, insets: .zero, direction: owner.direction, intrinsicSize: .noIntrinsicMetric,
                        hugging: .defaultHugging, compression: .defaultCompressionResistance, guide: guide))
            }
        }
    }

    /// The view nodes whose margins or safe area guide takes part, in order.
    var insetGuideOwners: [Int] {
        var owners: [Int] = []
        for node in nodes[viewCount...] where node.guide?.isInsetGuide == true && owners.last != node.parent {
            owners.append(node.parent)
        }
        return owners
    }

    /// Per view node: the names of the guides it adds.
    private var guideNames: [[String]] = []

    private mutating func add(_ view: View, path: [Int], treePath: String, parent: Int, traits: Traits) {
        let viewTraits = view.traits(in: traits)
        let imageView = view.imageView?.resolved(for: viewTraits)
        index[path] = nodes.count
        guideNames.append(view.guides.layoutGuides)
        nodes.append(
            Node(
                path: path, parent: parent, name: view.id ?? treePath, id: view.id, treePath: treePath,
                positioning: parent < 0 ? .frame : view.positioning, frame: view.frame,
                insets: imageView?.alignmentRectInsets(direction: viewTraits.layoutDirection) ?? .zero,
                direction: viewTraits.layoutDirection,
                intrinsicSize: imageView?.intrinsicContentSize ?? .noIntrinsicMetric,
                hugging: view.contentHuggingPriority, compression: view.contentCompressionResistancePriority,
                baseline: imageView?.baselineAboveAlignmentBottom(direction: viewTraits.layoutDirection)))
        let me = nodes.count - 1
        for (offset, subview) in view.subviews.enumerated() {
            add(subview, path: path + [offset], treePath: "\(treePath).subviews[\(offset)]", parent: me, traits: traits)
        }
    }

    /// The node of the view at `path`, if there is one.
    func node(at path: [Int]) -> Int? { index[path] }
}

/// Numbers in labels and messages: integers without a fraction, others in Swift's shortest
/// round-trip form.
public func labelNumber(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
}
