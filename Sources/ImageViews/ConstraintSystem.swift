import Cassowary

/// One layout's solver, its variables and the constraints it holds, in the order added.
struct ConstraintSystem {
    /// A view's unknowns: its alignment rect in canvas coordinates.
    struct Box {
        let x, y, width, height: Variable

        init(_ name: String) {
            x = Variable("\(name).x")
            y = Variable("\(name).y")
            width = Variable("\(name).width")
            height = Variable("\(name).height")
        }

        var all: [(name: String, variable: Variable)] { [("x", x), ("y", y), ("width", width), ("height", height)] }
    }

    /// A constraint given to the solver and how the report names it.
    struct Entry {
        let constraint: Constraint
        let kind: ConstraintKind
        let label: String
        let source: String
        let priority: Double
    }

    let tree: LayoutTree
    let constraints: [LayoutConstraint]
    var solver = Solver()
    /// Per node: its unknowns, when it takes part.
    var boxes: [Box?]
    var entries: [Entry] = []
    /// Solved values per node (alignment rect, canvas coordinates).
    var solved: [Rect?]

    init(tree: LayoutTree, constraints: [LayoutConstraint]) {
        self.tree = tree
        self.constraints = constraints
        boxes = Array(repeating: nil, count: tree.nodes.count)
        solved = Array(repeating: nil, count: tree.nodes.count)
        var takesPart = tree.nodes.map { $0.positioning == .constraints }
        for constraint in constraints {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
                if let node = tree.node(at: anchor.view) { takesPart[node] = true }
            }
        }
        for (node, part) in takesPart.enumerated() where part {
            boxes[node] = Box(tree.nodes[node].name)
        }
    }

    /// Adds every constraint, solves, evaluates each constraint and finds the ambiguous views.
    mutating func solve(checkAmbiguity: Bool) -> AutoLayoutReport {
        var report = AutoLayoutReport(constraints: [], ambiguities: [], failure: nil)
        var pending = frameEntries() + contentSizeEntries()
        for constraint in constraints {
            guard let entry = entry(for: constraint) else { continue }
            pending.append(entry)
        }
        for entry in pending {
            entries.append(entry)
            do {
                try solver.addConstraint(entry.constraint)
            } catch {
                report.failure = failure(error, adding: entry)
                report.constraints = entries.map { layout($0, satisfied: nil) }
                return report
            }
        }
        solver.updateVariables()
        for (node, box) in boxes.enumerated() {
            guard let box else { continue }
            solved[node] = Rect(x: solver.value(of: box.x), y: solver.value(of: box.y),
                                width: solver.value(of: box.width), height: solver.value(of: box.height))
        }
        report.constraints = entries.map { layout($0, satisfied: violation(of: $0.constraint)) }
        if checkAmbiguity { report.ambiguities = ambiguities() }
        return report
    }

    // MARK: Constraints

    /// The frames of frame-positioned views that take part, as required constraints (the
    /// autoresizing-mask constraints UIKit makes when translatesAutoresizingMaskIntoConstraints).
    private func frameEntries() -> [Entry] {
        var result: [Entry] = []
        for (node, box) in boxes.enumerated() {
            guard let box, tree.nodes[node].positioning == .frame else { continue }
            let n = tree.nodes[node], f = n.frame, i = n.insets
            let origin = n.parent < 0 ? (x: Expression(), y: Expression()) : frameOrigin(of: n.parent)
            let parts: [(String, Constraint)] = [
                ("minX", Expression(box.x) == origin.x + (f.minX + i.left)),
                ("minY", Expression(box.y) == origin.y + (f.minY + i.top)),
                ("width", Expression(box.width) == Expression(constant: f.width - i.left - i.right)),
                ("height", Expression(box.height) == Expression(constant: f.height - i.top - i.bottom)),
            ]
            let values = [f.minX, f.minY, f.width, f.height]
            for ((part, constraint), value) in zip(parts, values) {
                result.append(Entry(constraint: constraint, kind: .autoresizingMask,
                                    label: "\(n.name).frame.\(part) == \(labelNumber(value))", source: n.treePath,
                                    priority: LayoutPriority.required))
            }
        }
        return result
    }

    /// The canvas position of a view's frame origin: from its unknowns when it takes part, else
    /// its superview's origin plus its frame's (the root's is zero).
    private func frameOrigin(of node: Int) -> (x: Expression, y: Expression) {
        let n = tree.nodes[node]
        if let box = boxes[node] {
            return (Expression(box.x) - n.insets.left, Expression(box.y) - n.insets.top)
        }
        if n.parent < 0 { return (Expression(), Expression()) }
        let parent = frameOrigin(of: n.parent)
        return (parent.x + n.frame.minX, parent.y + n.frame.minY)
    }

    /// A scenario constraint for the solver. Under right-to-left (the direction of the view that
    /// lays its views out, `owner(of:)`), a constraint with leading or trailing is solved in
    /// mirrored x: leading is −right, trailing −left and centerX −centerX, so constants and
    /// inequalities point towards the trailing side.
    private func entry(for constraint: LayoutConstraint) -> Entry? {
        guard let first = tree.node(at: constraint.first.view), let firstBox = boxes[first],
              let owner = tree.node(at: Self.owner(of: constraint)) else { return nil }
        let directional = constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true
        let mirrored = directional && tree.nodes[owner].direction == .rightToLeft
        let lhs = Self.expression(firstBox, constraint.first.attribute, mirrored: mirrored)
        var rhs = Expression(constant: constraint.constant)
        if let second = constraint.second {
            guard let node = tree.node(at: second.view), let box = boxes[node] else { return nil }
            rhs = constraint.multiplier * Self.expression(box, second.attribute, mirrored: mirrored) + constraint.constant
        }
        let relation: Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let solverConstraint = Constraint(lhs - rhs, relation, strength: Strength(priority: constraint.priority),
                                          label: constraint.label)
        return Entry(constraint: solverConstraint, kind: .constraint, label: constraint.label, source: constraint.source,
                     priority: constraint.priority)
    }

    /// The view whose layout direction decides leading and trailing: the nearest common ancestor
    /// of the constraint's views — the ancestor itself when one view contains the other (it lays
    /// out its content), the superview of a view constrained alone or to itself.
    static func owner(of constraint: LayoutConstraint) -> [Int] {
        let first = constraint.first.view
        guard let second = constraint.second?.view, second != first else { return first.isEmpty ? [] : Array(first.dropLast()) }
        return Array(zip(first, second).prefix { $0.0 == $0.1 }.map(\.0))
    }

    /// An attribute of a view's alignment rect in canvas coordinates (negated x when mirrored).
    static func expression(_ box: Box, _ attribute: LayoutAttribute, mirrored: Bool) -> Expression {
        switch attribute {
        case .left: Expression(box.x)
        case .right: box.x + box.width
        case .top: Expression(box.y)
        case .bottom: box.y + box.height
        case .width: Expression(box.width)
        case .height: Expression(box.height)
        case .centerX: mirrored ? -(box.x + 0.5 * box.width) : box.x + 0.5 * box.width
        case .centerY: box.y + 0.5 * box.height
        case .leading: mirrored ? -(box.x + box.width) : Expression(box.x)
        case .trailing: mirrored ? -Expression(box.x) : box.x + box.width
        }
    }

    /// Content hugging (size ≤ intrinsic) and compression resistance (size ≥ intrinsic) of each
    /// constraint-positioned view with an intrinsic size, per axis.
    private func contentSizeEntries() -> [Entry] {
        var result: [Entry] = []
        for (node, box) in boxes.enumerated() {
            let n = tree.nodes[node]
            guard let box, n.positioning == .constraints else { continue }
            for axis in LayoutAxis.allCases {
                let size = axis == .horizontal ? n.intrinsicSize.width : n.intrinsicSize.height
                guard size >= 0 else { continue }
                let variable = axis == .horizontal ? box.width : box.height
                let dimension = axis == .horizontal ? "width" : "height"
                let text = labelNumber(size)
                result.append(Entry(constraint: Constraint(Expression(variable) - size, .lessThanOrEqual,
                                                           strength: Strength(priority: n.hugging[axis])),
                                    kind: .contentHugging, label: "\(n.name).\(dimension) <= \(text) (intrinsic)",
                                    source: n.treePath, priority: n.hugging[axis]))
                result.append(Entry(constraint: Constraint(Expression(variable) - size, .greaterThanOrEqual,
                                                           strength: Strength(priority: n.compression[axis])),
                                    kind: .compressionResistance, label: "\(n.name).\(dimension) >= \(text) (intrinsic)",
                                    source: n.treePath, priority: n.compression[axis]))
            }
        }
        return result
    }

    // MARK: Outcome

    /// How far the solution misses `constraint` (0 when it holds).
    private func violation(of constraint: Constraint) -> Double {
        var value = constraint.expression.constant
        for term in constraint.expression.terms { value += term.coefficient * solver.value(of: term.variable) }
        switch constraint.relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(0, value)
        case .greaterThanOrEqual: return max(0, -value)
        }
    }

    private func layout(_ entry: Entry, satisfied violation: Double?) -> ConstraintLayout {
        let rounded = ((violation ?? 0) * 1e6).rounded() / 1e6
        return ConstraintLayout(kind: entry.kind, label: entry.label, source: entry.source, priority: entry.priority,
                                isSatisfied: violation != nil && rounded == 0, violation: rounded)
    }

    /// The failure for a solver error raised while adding `entry`.
    private func failure(_ error: CassowaryError, adding entry: Entry) -> AutoLayoutFailure {
        let failing = layout(entry, satisfied: nil)
        guard case let .unsatisfiableConstraint(_, conflicts) = error else {
            return AutoLayoutFailure(constraint: failing, conflicts: [], reason: error.description)
        }
        let named = conflicts.compactMap { conflict in entries.first { $0.constraint === conflict }.map { layout($0, satisfied: nil) } }
        return AutoLayoutFailure(constraint: failing, conflicts: named, reason: nil)
    }
}
