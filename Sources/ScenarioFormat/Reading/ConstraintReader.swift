import ImageViews
import Syntax

/// Reads the `constraints` lists of views (equations and Visual Format Language strings, see
/// ConstraintParser) into LayoutConstraints that name views by index path; also the document's
/// `metrics` and the per-axis priorities of views.
struct ConstraintReader {
    /// The largest multiplier's magnitude.
    static let maxMultiplier = 1000.0

    let d: Diagnostics
    let ids: ViewIDs
    /// The layout guides views add, by name.
    var guides: [String: GuideID] = [:]
    let metrics: [String: Double]

    /// The constraints in file order, each with the location of the string it came from.
    func read(_ lists: [(holder: [Int], node: JSONNode)]) -> [(constraint: LayoutConstraint, location: SourceLocation)]
    {
        var result: [(LayoutConstraint, SourceLocation)] = []
        for (holder, listNode) in lists {
            guard
                let items = Read.array(
                    listNode, d, what: "the constraints (strings such as \"hero.leading == superview.leading + 20\")",
                    allowEmpty: true)
            else { continue }
            for item in items {
                guard let text = Read.string(item, d, what: "a constraint (a string such as \"hero.width == 44\")")
                else { continue }
                switch ConstraintParser.parse(text, metrics: metrics) {
                case let .failure(problem):
                    report(item, text: text, offset: problem.offset, problem.message)
                case let .success(parsed):
                    for constraint in parsed {
                        guard result.count < d.limits.constraints else {
                            d.error(
                                item,
                                "this constraint takes the scenario past the \(d.limits.constraints) constraints it may have "
                                    + "(Visual Format lines count each constraint they make): split the scenario"
                                    + ScenarioLimits.raise("constraints"))
                            return result
                        }
                        if let resolved = resolve(constraint, holder: holder, item, text: text) {
                            result.append((resolved, item.location))
                        }
                    }
                }
            }
        }
        return result
    }

    /// Errors for views without a frame that no constraint names (not reported while some
    /// constraint could not be read: it may be the one that names them).
    func checkPositioned(_ views: [(treePath: [Int], node: JSONNode)], by constraints: [LayoutConstraint]) {
        guard d.isEmpty else { return }
        var named = Set<[Int]>()  // membership only
        for constraint in constraints {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? [])
            where anchor.guide?.isAddedGuide != true {
                named.insert(anchor.view)
            }
        }
        for (treePath, node) in views where !named.contains(treePath) {
            d.error(
                node,
                "this view has no frame and no constraint names it: give it a \"frame\" (or a \"center\" or \"origin\" "
                    + "with a \"size\"), or an id and constraints that position it")
        }
    }

    /// `parsed` with its view names replaced by index paths ("superview" is the view that holds
    /// the list); nil (reported) when a name is unknown.
    private func resolve(_ parsed: ParsedConstraint, holder: [Int], _ node: JSONNode, text: String) -> LayoutConstraint?
    {
        func anchor(_ anchor: ParsedAnchor) -> LayoutAnchor? {
            let guide: LayoutGuideReference? =
                switch anchor.guide {
                case "margins": .layoutMargins
                case "safeArea": .safeArea
                default: nil
                }
            // UILayoutGuide has no baseline anchors.
            let baseline = anchor.attribute == .firstBaseline || anchor.attribute == .lastBaseline
            if baseline, anchor.guide != nil || guides[anchor.item] != nil {
                report(
                    node, text: text, offset: anchor.offset,
                    "a layout guide has no \(anchor.attribute.rawValue) (UILayoutGuide has no baseline anchors): use "
                        + "top or bottom")
                return nil
            }
            if anchor.item == "superview" {
                return LayoutAnchor(view: holder, guide: guide, attribute: anchor.attribute)
            }
            if let view = ids[anchor.item] {
                return LayoutAnchor(view: view.treePath, guide: guide, attribute: anchor.attribute)
            }
            if let added = guides[anchor.item] {
                guard anchor.guide == nil else {
                    report(
                        node, text: text, offset: anchor.offset,
                        "\"\(anchor.item)\" is a layout guide, which has no \(anchor.guide!) of its "
                            + "own: write \"\(anchor.item).\(anchor.attribute.rawValue)\"")
                    return nil
                }
                return LayoutAnchor(view: added.owner, guide: .added(added.index), attribute: anchor.attribute)
            }
            let names = ["superview"] + ids.names + guides.keys.sorted()
            let what = guides.isEmpty ? "no view has the id" : "no view or layout guide has the name"
            report(
                node, text: text, offset: anchor.offset,
                "\(what) \"\(anchor.item)\""
                    + Suggestions.didYouMean(anchor.item, among: names))
            return nil
        }
        // The numbers a frame may hold: constants as coordinates (docs/LIMITS.md), multipliers
        // within ±1000 (a chain of them can still overflow: the solved frames are checked too).
        guard ScenarioLimits.coordinate.contains(parsed.constant) else {
            report(
                node, text: text, offset: 0,
                "the constant \(JSONOutput.format(parsed.constant)) is out of range: constants (summed) must be "
                    + "from -100000 to 100000 points, as coordinates are (docs/LIMITS.md)")
            return nil
        }
        guard abs(parsed.multiplier) <= Self.maxMultiplier else {
            report(
                node, text: text, offset: 0,
                "the multiplier \(JSONOutput.format(parsed.multiplier)) is out of range: multipliers must be "
                    + "from -\(JSONOutput.format(Self.maxMultiplier)) to \(JSONOutput.format(Self.maxMultiplier)) (docs/LIMITS.md)"
            )
            return nil
        }
        guard let first = anchor(parsed.first) else { return nil }
        var second: LayoutAnchor?
        if let parsedSecond = parsed.second {
            guard let resolved = anchor(parsedSecond) else { return nil }
            second = resolved
        }
        return LayoutConstraint(
            first: first, relation: parsed.relation, second: second, multiplier: parsed.multiplier,
            constant: parsed.constant, priority: parsed.priority, label: parsed.text, source: node.path)
    }

    /// An error at character `offset` of the string in `node`, showing the string with a caret.
    private func report(_ node: JSONNode, text: String, offset: Int, _ message: String) {
        let location = SourceLocation(line: node.location.line, column: node.location.column + 1 + offset)
        let caret = String(repeating: " ", count: offset) + "^"
        d.error(at: location, path: node.path, message + "\n    \(text)\n    \(caret)")
    }

    // MARK: Values

    /// `metrics`: names for numbers in Visual Format Language strings.
    static func metrics(_ node: JSONNode, _ d: Diagnostics) -> [String: Double] {
        guard case let .object(members) = node.value else {
            d.error(
                node,
                "expected the metrics (an object of names and numbers, such as {\"margin\": 20}), found \(node.value.kindDescription)"
            )
            return [:]
        }
        var result: [String: Double] = [:]
        for member in members {
            let name = member.key
            let valid =
                name.first.map { $0.isLetter || $0 == "_" } == true
                && name.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
            guard valid else {
                d.error(
                    at: member.keyLocation, path: member.value.path,
                    "invalid metric name \"\(name)\": use letters, digits and \"_\", starting with a letter")
                continue
            }
            if let value = Read.number(member.value, d, in: ScenarioLimits.coordinate) { result[name] = value }
        }
        return result
    }

    /// A priority: 1…1000 or a name (required, defaultHigh, defaultLow, fittingSizeLevel).
    static func priority(_ node: JSONNode, _ d: Diagnostics) -> Double? {
        if case .string = node.value {
            let names = LayoutPriority.names.map(\.name)
            guard let name = Read.name(node, d, among: names, what: "priority") else { return nil }
            return LayoutPriority.names.first { $0.name == name }?.value
        }
        return Read.number(node, d, in: 1...1000)
    }

    /// Content hugging or compression resistance: one priority for both axes, or
    /// {"horizontal": …, "vertical": …} (an axis left out keeps the default).
    static func axisPriorities(_ node: JSONNode, _ d: Diagnostics, defaults: AxisPriorities) -> AxisPriorities? {
        if case .object = node.value {
            guard let object = ObjectReader(node, allowed: ScenarioKeys.axisPriorities, what: "per-axis priorities", d)
            else { return nil }
            var result = defaults
            if let n = object["horizontal"] { guard let v = priority(n, d) else { return nil }; result.horizontal = v }
            if let n = object["vertical"] { guard let v = priority(n, d) else { return nil }; result.vertical = v }
            return result
        }
        return priority(node, d).map { AxisPriorities(horizontal: $0, vertical: $0) }
    }
}
