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
    var solver = ConstraintSystem.newSolver()

    static func newSolver() -> Solver {
        var solver = Solver()
        solver.maxTerms = AutoLayout.maxSolverTerms
        return solver
    }
    /// Per node: its unknowns, when it takes part.
    var boxes: [Box?]
    var entries: [Entry] = []
    /// Solved values per node (alignment rect, canvas coordinates).
    var solved: [Rect?]

    /// Per view node: its safe area insets and layout margins, the constants of its margins and
    /// safe area guides.
    let geometry: GuideGeometry

    init(tree: LayoutTree, constraints: [LayoutConstraint], geometry: GuideGeometry = GuideGeometry()) {
        self.tree = tree
        self.constraints = constraints
        self.geometry = geometry
        boxes = Array(repeating: nil, count: tree.nodes.count)
        solved = Array(repeating: nil, count: tree.nodes.count)
        var takesPart = tree.nodes.map { $0.positioning == .constraints }
        for constraint in constraints {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
                if let node = tree.node(at: anchor.itemPath) { takesPart[node] = true }
            }
        }
        // A margins or safe area guide is tied to its owner's frame.
        for node in tree.nodes where node.guide?.isInsetGuide == true { takesPart[node.parent] = true }
        for (node, part) in takesPart.enumerated() where part {
            boxes[node] = Box(tree.nodes[node].name)
        }
    }

    /// Adds every constraint, solves, evaluates each constraint and finds the ambiguous views.
    ///
    /// The implicit non-negative sizes go to the solver only when they can matter (docs/LAYOUT.md
    /// §Auto Layout, "System"): when the optimum found without them has a negative frame size, or
    /// a size that another optimum changes. Otherwise every size is the same non-negative value in
    /// every optimum, so the optimal set with them is the same set, and adding them would change
    /// no value and no ambiguity — only cost (the 1000-view chain: 21 ms → 38 ms, in memory the
    /// allocator gives back and faults in again). They are listed and evaluated either way.
    mutating func solve(checkAmbiguity: Bool) -> AutoLayoutReport {
        var report = AutoLayoutReport(constraints: [], ambiguities: [], failure: nil)
        var pending = frameEntries() + guideEntries() + contentSizeEntries()
        for constraint in constraints {
            guard let entry = entry(for: constraint) else { continue }
            pending.append(entry)
        }
        // The solver's order: required equalities that fix one unknown (`v.width == 44`), then
        // constraints among sizes only (`a.width == b.width`, aspect ratios), then the rest, each
        // group in file order. An unknown fixed or related early is never a parametric symbol that
        // later rows hold; fixed after a chain of positions had used it, it was substituted into
        // every later link's row (2,000 views whose widths came after their links: 17 s, cubic).
        // Whether required constraints conflict does not depend on the order, so only a conflict
        // is redone in file order, from an empty solver: the constraint refused and its conflicts
        // are those of file order (docs/LAYOUT.md §Auto Layout, "Order").
        let sizeUnknowns = Set(
            boxes.compactMap { $0 }.flatMap { [ObjectIdentifier($0.width), ObjectIdentifier($0.height)] })
        let group = pending.map { entry -> Int in
            if Self.fixesOneUnknown(entry.constraint) { return 0 }
            return entry.constraint.expression.terms.allSatisfy { sizeUnknowns.contains(ObjectIdentifier($0.variable)) }
                ? 1 : 2
        }
        var order = (0...2).flatMap { g in pending.indices.filter { group[$0] == g } }
        var conflict = false
        for index in order {
            do {
                try solver.addConstraint(pending[index].constraint)
            } catch {
                if case .tooLarge = error {  // not a conflict: file order would grow as large
                    entries = pending
                    report.failure = failure(error, adding: pending[index])
                    report.constraints = entries.map { layout($0, satisfied: nil) }
                    return report
                }
                conflict = true
                break
            }
        }
        if conflict {
            solver = Self.newSolver()
            order = Array(pending.indices)
            for (index, entry) in pending.enumerated() {
                do {
                    try solver.addConstraint(entry.constraint)
                } catch {
                    entries = Array(pending[...index])
                    report.failure = failure(error, adding: entry)
                    report.constraints = entries.map { layout($0, satisfied: nil) }
                    return report
                }
            }
        }
        entries = pending
        let sizes = nonNegativeSizeEntries()
        entries += sizes
        readSolution()
        if checkAmbiguity { report.ambiguities = ambiguities() }
        let sizesMatter =
            sizes.contains { violation(of: $0.constraint) > 0 }
            || report.ambiguities.contains { $0.unknowns.contains("width") || $0.unknowns.contains("height") }
        if sizesMatter {
            // Solved again with the sizes right after the constraints that fix one unknown: added
            // last, each `width >= 0` was substituted into every row that held the width — after
            // a Visual Format line of N flush views without sizes, every later edge's row (cubic:
            // 61 s for two lines of 2,400 views). Added early, the widths are basic from the start
            // and the rows hold the sizes' slacks instead (0.7 s). They are never required, so
            // they cannot make a conflict.
            solver = Self.newSolver()
            do throws(CassowaryError) {
                for index in order where group[index] == 0 { try solver.addConstraint(pending[index].constraint) }
                for entry in sizes { try solver.addConstraint(entry.constraint) }
                for index in order where group[index] != 0 { try solver.addConstraint(pending[index].constraint) }
            } catch {
                // Only the term bound can fail here (the same constraints held without the sizes,
                // which are never required).
                report.failure = entries.last.map { failure(error, adding: $0) }
                report.constraints = entries.map { layout($0, satisfied: nil) }
                return report
            }
            readSolution()
            if checkAmbiguity { report.ambiguities = ambiguities() }
        }
        report.constraints = entries.map { layout($0, satisfied: violation(of: $0.constraint)) }
        return report
    }

    /// Whether `constraint` is a required equality in one unknown (`unknown == constant`).
    static func fixesOneUnknown(_ constraint: Constraint) -> Bool {
        guard constraint.strength.isRequired, constraint.relation == .equal,
            let first = constraint.expression.terms.first
        else { return false }
        return constraint.expression.terms.allSatisfy { $0.variable === first.variable }
    }

    /// Reads every view's solved alignment rect.
    private mutating func readSolution() {
        solver.updateVariables()
        for (node, box) in boxes.enumerated() {
            guard let box else { continue }
            solved[node] = Rect(
                x: solver.value(of: box.x), y: solver.value(of: box.y),
                width: solver.value(of: box.width), height: solver.value(of: box.height))
        }
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
                ("height", Expression(box.height) == Expression(constant: f.height - i.top - i.bottom))
            ]
            let values = [f.minX, f.minY, f.width, f.height]
            for ((part, constraint), value) in zip(parts, values) {
                result.append(
                    Entry(
                        constraint: constraint, kind: .autoresizingMask,
                        label: "\(n.name).frame.\(part) == \(labelNumber(value))", source: n.treePath,
                        priority: LayoutPriority.required))
            }
        }
        return result
    }

    /// A scenario constraint for the solver, measured in its container's bounds (ConstraintSystem+Space):
    /// `s·first R m·s·second + (1 − m)·K + constant`, mirrored (s = −1) when it names leading or
    /// trailing and the container lays out right to left.
    private func entry(for constraint: LayoutConstraint) -> Entry? {
        guard let first = tree.node(at: constraint.first.itemPath), let firstBox = boxes[first],
            let container = tree.node(at: Self.container(of: constraint))
        else { return nil }
        let directional = constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true
        let mirrored = directional && tree.nodes[container].direction == .rightToLeft
        let lhs = Self.expression(
            firstBox, constraint.first.attribute, mirrored: mirrored, baseline: tree.nodes[first].baseline)
        var rhs = Expression(constant: constraint.constant)
        if let second = constraint.second {
            guard let node = tree.node(at: second.itemPath), let box = boxes[node] else { return nil }
            let m = constraint.multiplier
            rhs =
                m * Self.expression(box, second.attribute, mirrored: mirrored, baseline: tree.nodes[node].baseline)
                + constraint.constant
            if m != 1 && !second.attribute.isDimension {
                rhs = rhs + (1 - m) * reference(container, second.attribute.axis, mirrored: mirrored)
            }
        }
        let relation: Relation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        let solverConstraint = Constraint(
            lhs - rhs, relation, strength: Strength(priority: LayoutPriority.level(constraint.priority)),
            label: constraint.label)
        return Entry(
            constraint: solverConstraint, kind: constraint.kind, label: constraint.label, source: constraint.source,
            priority: constraint.priority)
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
                result.append(
                    Entry(
                        constraint: Constraint(
                            Expression(variable) - size, .lessThanOrEqual,
                            strength: Strength(priority: LayoutPriority.level(n.hugging[axis]))),
                        kind: .contentHugging, label: "\(n.name).\(dimension) <= \(text) (intrinsic)",
                        source: n.treePath, priority: n.hugging[axis]))
                result.append(
                    Entry(
                        constraint: Constraint(
                            Expression(variable) - size, .greaterThanOrEqual,
                            strength: Strength(priority: LayoutPriority.level(n.compression[axis]))),
                        kind: .compressionResistance, label: "\(n.name).\(dimension) >= \(text) (intrinsic)",
                        source: n.treePath, priority: n.compression[axis]))
            }
        }
        return result
    }

    /// `frame width >= 0` and `frame height >= 0` of each constraint-positioned view, above every
    /// optional priority: optional constraints never make a size negative, required ones can.
    private func nonNegativeSizeEntries() -> [Entry] {
        var result: [Entry] = []
        let strength = Strength(priority: LayoutPriority.nonNegativeSize)
        for (node, box) in boxes.enumerated() {
            let n = tree.nodes[node]
            guard let box, n.positioning == .constraints, n.guide == nil else { continue }
            let sizes = [
                ("width", box.width + (n.insets.left + n.insets.right)),
                ("height", box.height + (n.insets.top + n.insets.bottom))
            ]
            for (dimension, size) in sizes {
                result.append(
                    Entry(
                        constraint: Constraint(size, .greaterThanOrEqual, strength: strength), kind: .nonNegativeSize,
                        label: "\(n.name).frame.\(dimension) >= 0 (implicit)", source: n.treePath,
                        priority: LayoutPriority.nonNegativeSize))
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
        return ConstraintLayout(
            kind: entry.kind, label: entry.label, source: entry.source, priority: entry.priority,
            isSatisfied: violation != nil && rounded == 0, violation: rounded)
    }

    /// The failure for a solver error raised while adding `entry`.
    private func failure(_ error: CassowaryError, adding entry: Entry) -> AutoLayoutFailure {
        let failing = layout(entry, satisfied: nil)
        if case let .tooLarge(_, terms) = error {
            return AutoLayoutFailure(constraint: failing, conflicts: [], reason: nil, termsWhenGivenUp: terms)
        }
        guard case let .unsatisfiableConstraint(_, conflicts) = error else {
            return AutoLayoutFailure(constraint: failing, conflicts: [], reason: error.description)
        }
        let named = conflicts.compactMap { conflict in
            entries.first { $0.constraint === conflict }.map { layout($0, satisfied: nil) }
        }
        return AutoLayoutFailure(constraint: failing, conflicts: named, reason: nil)
    }
}
