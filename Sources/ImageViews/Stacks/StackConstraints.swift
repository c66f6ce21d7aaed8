// The constraints a UIStackView makes for its arranged subviews, with UIKit's identifiers and
// priorities (docs/LAYOUT.md §Stack views; the evidence for each is in docs/evidence/UISTACKVIEW.md).
// For a horizontal stack S with arranged views a0…an and C = S (or S's margins guide when
// isLayoutMarginsRelativeArrangement):
//   along the axis   UISV-canvas-connection  a0.leading == C.leading, C.trailing == an.trailing
//                    UISV-spacing            a(i+1).leading == a(i).trailing + spacing  (>= for equalSpacing, equalCentering)
//                    UISV-hiding             hidden.width == 0 @999
//                    UISV-fill-equally       v.width == first visible's width
//                    UISV-fill-proportionally v.width == m·S.width @999, 998, …
//                    UISV-distributing-edge  gap guides between neighbours (edges, or centres for equalCentering),
//                                            UISV-fill-equally among the gaps (@149 for equalCentering)
//   across the axis  UISV-canvas-connection, UISV-alignment, and for every alignment but fill a
//                    spanner with UISV-spanning-boundary (@999.5 on the aligned edge),
//                    UISV-spanning-fit @51 and UISV-ambiguity-suppression @25 (UISV-canvas-fit @49
//                    for the baseline alignments).
// A vertical stack swaps the roles: top, bottom, height and centerY along the axis; leading,
// trailing, width and centerX across it.

enum StackConstraints {
    /// The priority of `UISV-hiding`: below required (UIKit stopped reporting conflicts with it in
    /// iOS 11; the exact value is not published, docs/LAYOUT.md §Stack views).
    static let hidingPriority = 999.0
    static let spanningBoundaryPriority = 999.5
    static let spanningFitPriority = 51.0
    static let canvasFitPriority = 49.0
    static let ambiguitySuppressionPriority = 25.0
    static let equalCenteringPriority = 149.0

    /// The constraints of every stack view in the tree under `root`, stacks in pre-order.
    static func make(for root: View, traits: Traits) -> [LayoutConstraint] {
        var result: [LayoutConstraint] = []
        visit(root, path: [], treePath: "root", traits: traits, into: &result)
        return result
    }

    private static func visit(
        _ view: View, path: [Int], treePath: String, traits: Traits, into result: inout [LayoutConstraint]
    ) {
        if let stack = view.stack, !view.subviews.isEmpty {
            var builder = Builder(
                stack: stack, path: path, name: view.id ?? treePath, source: treePath, traits: view.traits(in: traits))
            builder.arrange(view.subviews, treePath: treePath)
            result += builder.constraints
        }
        for (index, subview) in view.subviews.enumerated() {
            visit(
                subview, path: path + [index], treePath: "\(treePath).subviews[\(index)]", traits: traits, into: &result
            )
        }
    }

    /// One item of a stack's constraints: an arranged view, the stack, its margins guide, spanner or a gap.
    private struct Item {
        let path: [Int]
        let guide: LayoutGuideReference?
        let name: String

        func anchor(_ attribute: LayoutAttribute) -> LayoutAnchor {
            LayoutAnchor(view: path, guide: guide, attribute: attribute)
        }
    }

    private struct Builder {
        let stack: StackSettings
        let path: [Int]
        let name: String
        let source: String
        let traits: Traits
        var constraints: [LayoutConstraint] = []

        // Attributes along and across the axis.
        var lead: LayoutAttribute { stack.axis == .horizontal ? .leading : .top }
        var trail: LayoutAttribute { stack.axis == .horizontal ? .trailing : .bottom }
        var size: LayoutAttribute { stack.axis == .horizontal ? .width : .height }
        var center: LayoutAttribute { stack.axis == .horizontal ? .centerX : .centerY }
        var start: LayoutAttribute { stack.axis == .horizontal ? .top : .leading }
        var end: LayoutAttribute { stack.axis == .horizontal ? .bottom : .trailing }
        var crossSize: LayoutAttribute { stack.axis == .horizontal ? .height : .width }
        var crossCenter: LayoutAttribute { stack.axis == .horizontal ? .centerY : .centerX }

        init(stack: StackSettings, path: [Int], name: String, source: String, traits: Traits) {
            self.stack = stack
            self.path = path
            self.name = name
            self.source = source
            self.traits = traits
        }

        mutating func add(
            _ identifier: String, _ a: Item, _ aa: LayoutAttribute, _ relation: LayoutRelation, _ b: Item?,
            _ ba: LayoutAttribute? = nil, multiplier: Double = 1, constant: Double = 0,
            priority: Double = LayoutPriority.required
        ) {
            var label = "\(a.name).\(aa.rawValue) \(relation.rawValue) "
            if let b, let ba {
                if multiplier != 1 { label += labelNumber(multiplier) + " * " }
                label += "\(b.name).\(ba.rawValue)"
                if constant > 0 { label += " + " + labelNumber(constant) }
                if constant < 0 { label += " - " + labelNumber(-constant) }
            } else {
                label += labelNumber(constant)
            }
            if priority != LayoutPriority.required { label += " @ " + labelNumber(priority) }
            var constraint = LayoutConstraint(
                first: a.anchor(aa), relation: relation, second: b.flatMap { b in ba.map { b.anchor($0) } },
                multiplier: multiplier, constant: constant, priority: priority,
                label: label + " (\(identifier))", source: source)
            constraint.kind = .stackView
            constraints.append(constraint)
        }

        mutating func arrange(_ subviews: [View], treePath: String) {
            let views = subviews.enumerated().map { index, view in
                Item(path: path + [index], guide: nil, name: view.id ?? "\(treePath).subviews[\(index)]")
            }
            let hidden = subviews.map(\.isHidden)
            let visible = views.indices.filter { !hidden[$0] }
            let stackItem = Item(path: path, guide: nil, name: name)
            let canvas =
                stack.isLayoutMarginsRelativeArrangement
                ? Item(path: path, guide: .layoutMargins, name: name + ".margins") : stackItem
            let first = views[0], last = views[views.count - 1]

            // Along the axis.
            add("UISV-canvas-connection", first, lead, .equal, canvas, lead)
            add("UISV-canvas-connection", canvas, trail, .equal, last, trail)
            let fills = [.fill, .fillEqually, .fillProportionally].contains(stack.distribution)
            // isBaselineRelativeArrangement (vertical stacks): from a view's last baseline to the
            // next one's first (K1's log); the canvas connections stay top and bottom (K1).
            let relative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
            let (spacingLead, spacingTrail) = relative ? (LayoutAttribute.firstBaseline, .lastBaseline) : (lead, trail)
            for i in views.indices.dropLast() {
                // A hidden view takes no spacing: the gap before it (or, before any visible view,
                // after it) is 0, so visible neighbours keep one spacing, the one after the earlier.
                let before = views[...i].indices.last { !hidden[$0] }
                let gap = hidden[i + 1] ? 0 : before.map { stack.spacing(after: $0) } ?? 0
                add(
                    "UISV-spacing", views[i + 1], spacingLead, fills ? .equal : .greaterThanOrEqual, views[i],
                    spacingTrail,
                    constant: gap)
            }
            for i in views.indices where hidden[i] {
                add("UISV-hiding", views[i], size, .equal, nil, constant: 0, priority: StackConstraints.hidingPriority)
            }
            switch stack.distribution {
            case .fill:
                break
            case .fillEqually:
                for i in visible.dropFirst() {
                    add("UISV-fill-equally", views[i], size, .equal, views[visible[0]], size)
                }
            case .fillProportionally:
                let sizes = visible.map { index -> Double in
                    let intrinsic =
                        subviews[index].imageView?.resolved(for: subviews[index].traits(in: traits))
                        .intrinsicContentSize ?? .noIntrinsicMetric
                    return max(0, stack.axis == .horizontal ? intrinsic.width : intrinsic.height)
                }
                let spacing = views.indices.dropLast().reduce(0.0) { total, i in
                    let before = views[...i].indices.last { !hidden[$0] }
                    return total + (hidden[i + 1] ? 0 : before.map { stack.spacing(after: $0) } ?? 0)
                }
                let total = sizes.reduce(0, +) + spacing
                if total > 0 {
                    for (k, index) in visible.enumerated() {
                        add(
                            "UISV-fill-proportionally", views[index], size, .equal, stackItem, size,
                            multiplier: sizes[k] / total,
                            priority: LayoutPriority.required - 1 - Double(k))
                    }
                }
            case .equalSpacing, .equalCentering:
                let centering = stack.distribution == .equalCentering
                let gaps = visible.indices.dropLast().map {
                    Item(path: path, guide: .stackGap($0), name: "\(name).gap[\($0)]")
                }
                // Every gap's two edges first, then the gaps' equal sizes: the order of the table in LAYOUT.md.
                for (k, gap) in gaps.enumerated() {
                    add("UISV-distributing-edge", gap, lead, .equal, views[visible[k]], centering ? center : trail)
                    add("UISV-distributing-edge", gap, trail, .equal, views[visible[k + 1]], centering ? center : lead)
                }
                for gap in gaps.dropFirst() {
                    add(
                        "UISV-fill-equally", gap, size, .equal, gaps[0], size,
                        priority: centering ? StackConstraints.equalCenteringPriority : LayoutPriority.required)
                }
            }

            // Across the axis.
            let spanner = Item(path: path, guide: .stackSpanner, name: "\(name).spanner")
            let edge = stack.alignment.edge
            switch edge {
            case .fill:
                add("UISV-canvas-connection", first, start, .equal, canvas, start)
                add("UISV-canvas-connection", canvas, end, .equal, first, end)
            case .leading:
                add("UISV-canvas-connection", first, start, .equal, canvas, start)
                add("UISV-canvas-connection", canvas, end, .equal, spanner, end)
            case .center:
                add("UISV-canvas-connection", canvas, start, .equal, spanner, start)
                add("UISV-canvas-connection", canvas, end, .equal, spanner, end)
                add("UISV-canvas-connection", canvas, crossCenter, .equal, first, crossCenter)
            case .trailing:
                add("UISV-canvas-connection", canvas, start, .equal, spanner, start)
                add("UISV-canvas-connection", first, end, .equal, canvas, end)
            case .firstBaseline:
                add("UISV-canvas-connection", canvas, start, .equal, spanner, start)
                add("UISV-canvas-connection", canvas, end, .equal, spanner, end)
            case .lastBaseline:
                add("UISV-canvas-connection", canvas, start, .equal, spanner, start)
                add("UISV-canvas-connection", canvas, end, .greaterThanOrEqual, first, end)
            }
            // Baselines: an image view's image baseline; a view without one has its first baseline
            // at its top and its last at its bottom.
            let aligned: [LayoutAttribute] =
                switch edge {
                case .fill: [start, end]
                case .leading: [start]
                case .firstBaseline: [.firstBaseline]
                case .center: [crossCenter]
                case .trailing: [end]
                case .lastBaseline: [.lastBaseline]
                }
            for view in views.dropFirst() {
                for attribute in aligned { add("UISV-alignment", view, attribute, .equal, first, attribute) }
            }
            guard edge != .fill else { return }
            for view in views {
                if edge == .leading {
                    add(
                        "UISV-spanning-boundary", spanner, start, .equal, view, start,
                        priority: StackConstraints.spanningBoundaryPriority)
                } else {
                    add("UISV-spanning-boundary", spanner, start, .lessThanOrEqual, view, start)
                }
                if edge == .trailing {
                    add(
                        "UISV-spanning-boundary", spanner, end, .equal, view, end,
                        priority: StackConstraints.spanningBoundaryPriority)
                } else {
                    add("UISV-spanning-boundary", spanner, end, .greaterThanOrEqual, view, end)
                }
            }
            add(
                "UISV-spanning-fit", spanner, crossSize, .equal, nil, constant: 0,
                priority: StackConstraints.spanningFitPriority)
            if edge == .firstBaseline || edge == .lastBaseline {
                add(
                    "UISV-canvas-fit", stackItem, crossSize, .equal, nil, constant: 0,
                    priority: StackConstraints.canvasFitPriority)
            }
            for view in views {
                add(
                    "UISV-ambiguity-suppression", view, crossSize, .equal, nil, constant: 0,
                    priority: StackConstraints.ambiguitySuppressionPriority)
            }
        }
    }
}
