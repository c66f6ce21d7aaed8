import Foundation
import Testing
import TestSupport
@testable import ImageViews

/// Stack views against an independent model: Tools/fixtures/generate_stack_fixtures.py states
/// docs/LAYOUT.md §Stack views (with §Auto Layout and §Safe area, layout margins and layout guides)
/// in Python, written from the documentation and not from the Swift code: it makes each stack's
/// constraints itself from the document's tables, adds them before the scenario's, solves level by
/// level with SciPy's HiGHS and finds ambiguity by minimising and maximising every unknown (format
/// and seeds: Fixtures/README.md, "Stack-model fixtures"). Every system is built here as a View
/// tree with `StackSettings` and laid out through `Scene`, which generates the stack constraints
/// itself, and compared: the outcome (settled or a conflict, and which constraint), every view's
/// pixel-rounded frame, the ambiguous unknowns of the views (not of the spanner or the gap guides),
/// and the multiset of generated stack constraints (identifier, equality or inequality, priority).
@Suite struct StackModelTests {
    /// The committed fixture, or the file named by IVSIM_STACK_FIXTURES (systems generated with
    /// other seeds: `Tools/fixtures/generate_stack_fixtures.py --seeds 301-1300 --out FILE`).
    static func loadSystems() -> [[String: Any]] {
        ModelSystems.load("uikit_model_stacks.json", override: "IVSIM_STACK_FIXTURES")
    }

    @Test func everySystemAgreesWithTheModel() {
        let systems = Self.loadSystems()
        #expect(systems.count >= 300)
        var lines: [String] = []
        var orderNotes: [String] = []
        var compared = 0
        for system in systems {
            let name = system["name"] as? String ?? "?"
            let result = Self.compare(system, compared: &compared)
            if !result.problems.isEmpty { lines.append("\(name): \(result.problems.joined(separator: "; "))") }
            if let note = result.orderNote { orderNotes.append("\(name): \(note)") }
        }
        for line in lines { print("StackModelTests disagreement: \(line)") }
        // The order of a stack's constraints is part of the report a porting team compares with
        // UIKit's log (LAYOUT.md lists them in table order), so another order fails too.
        for note in orderNotes { print("StackModelTests order: \(note)") }
        print(
            "StackModelTests: \(systems.count) systems, \(compared) values compared, \(lines.count) disagree, "
                + "\(orderNotes.count) list the stack constraints in another order than the model")
        #expect(
            lines.isEmpty,
            "\(lines.count) of \(systems.count) systems disagree with the model:\n\(lines.prefix(40).joined(separator: "\n"))"
        )
        #expect(
            orderNotes.isEmpty,
            "\(orderNotes.count) systems list the stack constraints in another order:\n\(orderNotes.prefix(20).joined(separator: "\n"))"
        )
        #expect(compared > 5000)
    }

    @Test func theSystemsCoverWhatTheyClaim() {
        let systems = Self.loadSystems()
        func views(_ system: [String: Any]) -> [[String: Any]] { system["views"] as? [[String: Any]] ?? [] }
        func stacks(_ system: [String: Any]) -> [[String: Any]] {
            views(system).compactMap { $0["stack"] as? [String: Any] }
        }
        func count(_ predicate: ([String: Any]) -> Bool) -> Int { systems.filter(predicate).count }
        func countStacks(_ key: String, _ value: String) -> Int {
            count { stacks($0).contains { $0[key] as? String == value } }
        }
        func expected(_ system: [String: Any]) -> [String: Any] { system["expected"] as? [String: Any] ?? [:] }

        let distributions = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]
        let alignments = ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"]
        let perDistribution = distributions.map { ($0, countStacks("distribution", $0)) }
        let perAlignment = alignments.map { ($0, countStacks("alignment", $0)) }
        let horizontal = countStacks("axis", "horizontal"), vertical = countStacks("axis", "vertical")
        let hidden = count { views($0).contains { $0["hidden"] as? Bool == true } }
        let custom = count { stacks($0).contains { ($0["customSpacing"] as? [Any] ?? []).contains { $0 is NSNumber } } }
        let marginsRelative = count {
            stacks($0).contains { $0["isLayoutMarginsRelativeArrangement"] as? Bool == true }
        }
        let baselineRelative = count { stacks($0).contains { $0["isBaselineRelativeArrangement"] as? Bool == true } }
        let nested = count { system in
            let vs = views(system)
            return vs.contains { view in
                guard view["stack"] is [String: Any], let parent = view["parent"] as? Int, parent < vs.count else {
                    return false
                }
                return vs[parent]["stack"] is [String: Any]
            }
        }
        let rtl = count { views($0).contains { $0["direction"] as? String == "rightToLeft" } }
        let negative = count { stacks($0).contains { (($0["spacing"] as? NSNumber)?.doubleValue ?? 0) < 0 } }
        let conflicts = count { expected($0)["outcome"] as? String == "conflict" }
        let ambiguous = count { (expected($0)["ambiguous"] as? [Any])?.isEmpty == false }
        let summary =
            "distributions \(perDistribution.map { "\($0.0) \($0.1)" }.joined(separator: ", ")); "
            + "alignments \(perAlignment.map { "\($0.0) \($0.1)" }.joined(separator: ", ")); "
            + "horizontal \(horizontal), vertical \(vertical), hidden \(hidden), customSpacing \(custom), "
            + "margins-relative \(marginsRelative), baseline-relative \(baselineRelative), nested \(nested), rtl \(rtl), "
            + "negative spacing \(negative), conflicts \(conflicts), ambiguous \(ambiguous)"
        print("StackModelTests coverage of \(systems.count) systems: \(summary)")
        #expect(perDistribution.allSatisfy { $0.1 >= 30 }, "\(summary)")
        #expect(perAlignment.allSatisfy { $0.1 >= ($0.0.hasSuffix("Baseline") ? 8 : 30) }, "\(summary)")
        #expect(
            horizontal >= 100 && vertical >= 100 && hidden >= 50 && custom >= 50 && marginsRelative >= 40, "\(summary)")
        #expect(nested >= 40 && rtl >= 60 && negative >= 40 && baselineRelative >= 10, "\(summary)")
        #expect(conflicts >= 10 && ambiguous >= 10, "\(summary)")
    }

    // MARK: Replaying a system

    struct Result {
        var problems: [String] = []
        var orderNote: String?
    }

    /// What differs between ivsim and the model for one system (no problems: they agree).
    static func compare(_ system: [String: Any], compared: inout Int) -> Result {
        var result = Result()
        guard let views = system["views"] as? [[String: Any]],
            let constraints = system["constraints"] as? [[String: Any]],
            let expected = system["expected"] as? [String: Any], let scale = (system["scale"] as? NSNumber)?.intValue,
            let rootFrame = ModelSystems.numbers(views.first?["frame"]), rootFrame.count == 4,
            let built = build(views, constraints)
        else {
            result.problems = ["malformed"]
            return result
        }
        let scene = Scene(
            root: built.root, canvasSize: Size(width: rootFrame[2], height: rootFrame[3]),
            traits: Traits(displayScale: scale), constraints: built.constraints)
        let layout = scene.layout
        let report = layout.autoLayout
        let failure = report?.failure
        let outcome = expected["outcome"] as? String ?? "?"

        if outcome == "conflict" {
            compared += 1
            guard let failure else {
                result.problems = ["expected a conflict, got none"]
                return result
            }
            if let index = expected["conflict"] as? Int {
                if failure.constraint.source != "#\(index)" {
                    result.problems.append(
                        "expected the conflict at constraint #\(index), got \(failure.constraint.kind.rawValue) "
                            + "\"\(failure.constraint.label)\" (\(failure.constraint.source))")
                }
            } else if let stackRule = expected["conflict"] as? [String: Any],
                let identifier = stackRule["identifier"] as? String
            {
                if failure.constraint.kind != .stackView || !failure.constraint.label.contains(identifier) {
                    result.problems.append(
                        "expected the conflict at the stack's \(stackRule["label"] as? String ?? identifier), got "
                            + "\(failure.constraint.kind.rawValue) \"\(failure.constraint.label)\"")
                }
            } else {
                result.problems.append("expected conflict \(String(describing: expected["conflict"])) (unreadable)")
            }
            return result
        }
        if let failure {
            result.problems = [
                "unexpected failure at \(failure.constraint.kind.rawValue) \"\(failure.constraint.label)\" "
                    + "(\(failure.constraint.source); \(failure.reason ?? "a conflict"))"
            ]
            return result
        }
        guard layout.views.count == views.count else {
            result.problems = ["\(layout.views.count) views laid out, \(views.count) in the system"]
            return result
        }

        // Frames (superview coordinates, pixel-rounded), exactly.
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        let frames = expected["frames"] as? [Any] ?? []
        let xywh = ["x", "y", "width", "height"]
        for (index, view) in layout.views.enumerated() where index < frames.count {
            guard let model = ModelSystems.numbers(frames[index]), model.count == 4 else { continue }
            let f = view.frame
            let ours = [f.minX, f.minY, f.width, f.height]
            compared += 4
            let wrong = zip(ours, model).enumerated().filter { !close($0.element.0, $0.element.1) }
            if !wrong.isEmpty {
                result.problems.append(
                    "v\(index) frame \(ours.map(GuideModelTests.text)) vs model \(model.map(GuideModelTests.text)) "
                        + "(\(wrong.map { xywh[$0.offset] }.joined(separator: ",")))")
            }
        }
        // Passes: no safe area, so the margins never move.
        compared += 1
        if let passes = expected["passes"] as? Int, report?.passes != passes {
            result.problems.append("passes \(report?.passes ?? 0) vs model \(passes)")
        }
        // Ambiguity of the views (anything else ivsim reports is listed by its path).
        var modelAmbiguity = Set<String>()
        for entry in expected["ambiguous"] as? [[Any]] ?? [] where entry.count == 2 {
            modelAmbiguity.insert("v\(entry[0]).\(entry[1])")
        }
        var ourAmbiguity = Set<String>()
        for ambiguity in report?.ambiguities ?? [] {
            let key = built.paths.firstIndex(of: ambiguity.path).map { "v\($0)" } ?? ambiguity.path
            for unknown in ambiguity.unknowns { ourAmbiguity.insert("\(key).\(unknown)") }
        }
        compared += 1
        if ourAmbiguity != modelAmbiguity {
            result.problems.append("ambiguous \(ourAmbiguity.sorted()) vs model \(modelAmbiguity.sorted())")
        }
        // The generated stack constraints: the same multiset of (identifier, equality, priority).
        let modelRules: [Rule] = (expected["stackConstraints"] as? [[Any]] ?? []).compactMap { entry in
            guard entry.count >= 4, let identifier = entry[1] as? String, let relation = entry[2] as? String,
                let priority = (entry[3] as? NSNumber)?.doubleValue
            else { return nil }
            return Rule(identifier: identifier, isEquality: relation == "==", priority: priority)
        }
        let ourRules: [Rule] = (report?.constraints ?? []).filter { $0.kind == .stackView }.map { constraint in
            Rule(
                identifier: identifier(constraint.label),
                isEquality: constraint.label.contains(" == "), priority: constraint.priority)
        }
        compared += 1
        let modelCounts = Dictionary(modelRules.map { ($0, 1) }, uniquingKeysWith: +)
        let ourCounts = Dictionary(ourRules.map { ($0, 1) }, uniquingKeysWith: +)
        if modelCounts != ourCounts {
            let keys = Set(modelCounts.keys).union(ourCounts.keys).sorted { "\($0)" < "\($1)" }
            let diff = keys.filter { modelCounts[$0] != ourCounts[$0] }
                .map { "\($0.description) ivsim \(ourCounts[$0] ?? 0) model \(modelCounts[$0] ?? 0)" }
            result.problems.append("stack constraints differ: \(diff.joined(separator: ", "))")
        } else if modelRules.map(\.identifier) != ourRules.map(\.identifier) {
            let ours = ourRules.map(\.identifier), model = modelRules.map(\.identifier)
            let at =
                zip(ours, model).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(ours.count, model.count)
            result.orderNote =
                "stack constraint \(at): ivsim \(at < ours.count ? ours[at] : "-"), model \(at < model.count ? model[at] : "-")"
        }
        return result
    }

    struct Rule: Hashable, CustomStringConvertible {
        var identifier: String
        var isEquality: Bool
        var priority: Double
        var description: String { "\(identifier) \(isEquality ? "==" : "<=/>=") @\(GuideModelTests.text(priority))" }
    }

    /// UIKit's identifier at the end of a generated constraint's label, `… (UISV-spacing)`.
    static func identifier(_ label: String) -> String {
        guard let open = label.range(of: "(UISV-", options: .backwards),
            let close = label[open.upperBound...].firstIndex(of: ")")
        else {
            return label
        }
        return String(label[label.index(after: open.lowerBound)..<close])
    }

    /// The view tree (pre-order, parents first; stack views with their settings, arranged subviews
    /// positioned by constraints at the zero frame), the tree paths ("root", "root.subviews[0]", …)
    /// and the scenario's constraints (source "#index").
    static func build(_ views: [[String: Any]], _ constraints: [[String: Any]])
        -> (root: View, paths: [String], constraints: [LayoutConstraint])?
    {
        guard
            let tree = ModelSystems.tree(
                views,
                make: { item in
                    guard var view = ModelSystems.view(item) else { return nil }
                    if let margins = ModelSystems.margins(item) {
                        var guides = ViewGuides.default
                        guides.layoutMargins = margins
                        view.guides = guides
                    }
                    if let stack = item["stack"] as? [String: Any] {
                        guard let axis = LayoutAxis(rawValue: stack["axis"] as? String ?? ""),
                            let distribution = StackDistribution(rawValue: stack["distribution"] as? String ?? ""),
                            let alignment = StackAlignment(rawValue: stack["alignment"] as? String ?? ""),
                            let spacing = (stack["spacing"] as? NSNumber)?.doubleValue
                        else { return nil }
                        let custom = (stack["customSpacing"] as? [Any] ?? []).map { ($0 as? NSNumber)?.doubleValue }
                        view.stack = StackSettings(
                            axis: axis, distribution: distribution, alignment: alignment, spacing: spacing,
                            customSpacing: custom,
                            isLayoutMarginsRelativeArrangement: stack["isLayoutMarginsRelativeArrangement"] as? Bool
                                == true,
                            isBaselineRelativeArrangement: stack["isBaselineRelativeArrangement"] as? Bool == true)
                    }
                    return view
                }),
            let result = ModelSystems.constraints(constraints, indexPaths: tree.indexPaths)
        else { return nil }
        return (tree.root, tree.paths, result)
    }
}
