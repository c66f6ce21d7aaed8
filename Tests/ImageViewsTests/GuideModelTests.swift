import Foundation
import Testing
import TestSupport
@testable import ImageViews

/// Safe area, layout margins and layout guides against an independent model:
/// Tools/fixtures/generate_guide_fixtures.py states docs/LAYOUT.md §Auto Layout and §Safe area,
/// layout margins and layout guides in Python (written from the documentation, not from the Swift
/// code), solves each pass level by level with SciPy's HiGHS and repeats the passes as the document
/// says (format and seeds: Fixtures/README.md, "Guide-model fixtures"). Every system is laid out
/// here through `Scene`, as a scenario is, and compared: the outcome (settled, a conflict and which
/// constraint, or margins and safe areas that do not settle), the pass count, every view's frame,
/// safe area insets and effective layout margins, the added guides' layout frames and the ambiguous
/// unknowns.
@Suite struct GuideModelTests {
    /// The committed fixture, or the file named by IVSIM_GUIDE_FIXTURES (systems generated with
    /// other seeds: `Tools/fixtures/generate_guide_fixtures.py --seeds 301-1300 --out FILE`).
    static func loadSystems() -> [[String: Any]] {
        ModelSystems.load("uikit_model_guides.json", override: "IVSIM_GUIDE_FIXTURES")
    }

    @Test func everySystemAgreesWithTheModel() {
        let systems = Self.loadSystems()
        #expect(systems.count >= 300)
        var lines: [String] = []
        var compared = 0
        for system in systems {
            let differences = Self.compare(system, compared: &compared)
            if !differences.isEmpty {
                lines.append("\(system["name"] as? String ?? "?"): \(differences.joined(separator: "; "))")
            }
        }
        if !lines.isEmpty { print(lines.joined(separator: "\n")) }
        #expect(
            lines.isEmpty,
            "\(lines.count) of \(systems.count) systems disagree with the model:\n\(lines.joined(separator: "\n"))")
        print("GuideModelTests: \(systems.count) systems, \(compared) values compared, \(lines.count) disagree")
        #expect(compared > 10_000)
    }

    @Test func theSystemsCoverWhatTheyClaim() {
        let systems = Self.loadSystems()
        func count(_ predicate: ([String: Any]) -> Bool) -> Int { systems.filter(predicate).count }
        func anchors(_ system: [String: Any]) -> [[Any]] {
            (system["constraints"] as? [[String: Any]] ?? []).flatMap {
                [$0["first"], $0["second"]].compactMap { $0 as? [Any] }
            }
        }
        func views(_ system: [String: Any]) -> [[String: Any]] { system["views"] as? [[String: Any]] ?? [] }
        func expected(_ system: [String: Any]) -> [String: Any] { system["expected"] as? [String: Any] ?? [:] }
        func names(_ guide: @escaping (Any) -> Bool) -> ([String: Any]) -> Bool {
            { system in anchors(system).contains { $0.count == 3 && guide($0[2]) } }
        }
        let margins = count(names { $0 as? String == "margins" })
        let safeArea = count(names { $0 as? String == "safeArea" })
        let added = count(names { $0 is Int })
        // a margins or safe area guide of a view positioned by constraints
        let ofConstraintPositioned = count { system in
            let vs = views(system)
            return anchors(system).contains { anchor in
                guard anchor.count == 3, anchor[2] is String, let owner = anchor[0] as? Int, owner > 0, owner < vs.count
                else { return false }
                return vs[owner]["frame"] is NSNull
            }
        }
        let multiPass = count { (expected($0)["passes"] as? Int ?? 0) >= 2 }
        let threePasses = count { (expected($0)["passes"] as? Int ?? 0) >= 3 }
        let unsettled = count { expected($0)["outcome"] as? String == "unsettled" }
        let conflicts = count { expected($0)["outcome"] as? String == "conflict" }
        let ambiguous = count { (expected($0)["ambiguous"] as? [Any])?.isEmpty == false }
        let rtl = count { views($0).contains { $0["direction"] as? String == "rightToLeft" } }
        let preserves = count { views($0).contains { $0["preserves"] as? Bool == true } }
        let directional = count { views($0).contains { $0["directionalMargins"] as? Bool == true } }
        let notFromSafeArea = count { views($0).contains { $0["insetsFromSafeArea"] as? Bool == false } }
        let zeroSafeArea = count { (($0["safeArea"] as? [NSNumber]) ?? []).allSatisfy { $0.doubleValue == 0 } }
        let optional = count {
            ($0["constraints"] as? [[String: Any]] ?? []).contains { ($0["priority"] as? Double ?? 1000) < 1000 }
        }
        let inequality = count {
            ($0["constraints"] as? [[String: Any]] ?? []).contains { $0["relation"] as? String != "==" }
        }
        let summary =
            "margins \(margins), safeArea \(safeArea), added \(added), guides of constraint-positioned views "
            + "\(ofConstraintPositioned), multi-pass \(multiPass) (3+: \(threePasses)), unsettled \(unsettled), conflicts \(conflicts), "
            + "ambiguous \(ambiguous), rtl \(rtl), preserves \(preserves), directional \(directional), not from safe area "
            + "\(notFromSafeArea), zero safe area \(zeroSafeArea), optional \(optional), inequality \(inequality)"
        print("GuideModelTests coverage of \(systems.count) systems: \(summary)")
        #expect(margins >= 200 && safeArea >= 200 && added >= 120 && ofConstraintPositioned >= 130, "\(summary)")
        #expect(
            multiPass >= 100 && threePasses >= 4 && unsettled >= 2 && conflicts >= 10 && ambiguous >= 15, "\(summary)")
        #expect(
            rtl >= 180 && preserves >= 140 && directional >= 160 && notFromSafeArea >= 150 && zeroSafeArea >= 50,
            "\(summary)")
        #expect(optional >= 200 && inequality >= 150, "\(summary)")
    }

    // MARK: Replaying a system

    /// What differs between ivsim and the model for one system (empty: they agree).
    static func compare(_ system: [String: Any], compared: inout Int) -> [String] {
        guard let views = system["views"] as? [[String: Any]],
            let constraints = system["constraints"] as? [[String: Any]],
            let expected = system["expected"] as? [String: Any], let scale = (system["scale"] as? NSNumber)?.intValue,
            let safe = ModelSystems.numbers(system["safeArea"]), safe.count == 4,
            let rootFrame = ModelSystems.numbers(views.first?["frame"]), rootFrame.count == 4,
            let built = build(views, constraints)
        else {
            return ["malformed"]
        }
        let scene = Scene(
            root: built.root, canvasSize: Size(width: rootFrame[2], height: rootFrame[3]),
            traits: Traits(displayScale: scale), constraints: built.constraints,
            safeAreaInsets: EdgeInsets(top: safe[0], left: safe[1], bottom: safe[2], right: safe[3]))
        let layout = scene.layout
        let report = layout.autoLayout
        var problems: [String] = []
        let outcome = expected["outcome"] as? String ?? "?"
        let failure = report?.failure

        switch outcome {
        case "conflict":
            compared += 1
            guard let failure else { return ["expected a conflict, got none (passes \(report?.passes ?? 0))"] }
            if let index = expected["conflict"] as? Int, failure.constraint.source != "#\(index)" {
                problems.append(
                    "expected the conflict at constraint #\(index), got \(failure.constraint.kind.rawValue) "
                        + "\"\(failure.constraint.label)\" (\(failure.constraint.source))")
            }
            return problems
        case "unsettled":
            compared += 1
            guard let failure else {
                return [
                    "expected margins and safe areas that do not settle, got a layout in \(report?.passes ?? 0) passes"
                ]
            }
            if failure.constraint.kind != .layoutGuide || failure.reason == nil {
                problems.append(
                    "expected an unsettled layout, got \(failure.constraint.kind.rawValue) \"\(failure.constraint.label)\" "
                        + "(\(failure.reason ?? "no reason"))")
            }
            return problems
        default:
            break
        }
        if let failure {
            return [
                "unexpected failure at \(failure.constraint.kind.rawValue) \"\(failure.constraint.label)\" (\(failure.reason ?? ""))"
            ]
        }
        guard layout.views.count == views.count else {
            return ["\(layout.views.count) views laid out, \(views.count) in the system"]
        }

        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        func check(_ what: String, _ ours: [Double], _ model: Any?, _ names: [String]) {
            guard let model = ModelSystems.numbers(model), model.count == ours.count else { return }
            compared += model.count
            let wrong = zip(ours, model).enumerated().filter { !close($0.element.0, $0.element.1) }
            if !wrong.isEmpty {
                problems.append(
                    "\(what) \(ours.map(text)) vs model \(model.map(text)) (\(wrong.map { names[$0.offset] }.joined(separator: ",")))"
                )
            }
        }
        let xywh = ["x", "y", "width", "height"], tlbr = ["top", "left", "bottom", "right"]
        let frames = expected["frames"] as? [Any] ?? []
        let safeAreas = expected["safeAreaInsets"] as? [Any] ?? []
        let marginsList = expected["layoutMargins"] as? [Any] ?? []
        for (index, view) in layout.views.enumerated() {
            let f = view.frame, s = view.safeAreaInsets, m = view.layoutMargins
            if index < frames.count {
                check("v\(index) frame", [f.minX, f.minY, f.width, f.height], frames[index], xywh)
            }
            if index < safeAreas.count {
                check("v\(index) safeArea", [s.top, s.left, s.bottom, s.right], safeAreas[index], tlbr)
            }
            if index < marginsList.count {
                check("v\(index) margins", [m.top, m.left, m.bottom, m.right], marginsList[index], tlbr)
            }
        }
        // Added guides' layout frames, in their owners' coordinates.
        let guideFrames = Dictionary(
            (report?.layoutGuides ?? []).map { ($0.path, $0.frame) }, uniquingKeysWith: { a, _ in a })
        for entry in expected["guideFrames"] as? [[Any]] ?? [] {
            guard entry.count == 3, let owner = entry[0] as? Int, let k = entry[1] as? Int, owner < built.paths.count
            else { continue }
            let path = "\(built.paths[owner]).layoutGuides[\(k)]"
            guard !(entry[2] is NSNull) else { continue }
            guard let frame = guideFrames[path] else {
                problems.append("no layout frame for \(path)")
                continue
            }
            check("\(path)", [frame.minX, frame.minY, frame.width, frame.height], entry[2], xywh)
        }
        // Passes.
        compared += 1
        if let passes = expected["passes"] as? Int, report?.passes != passes {
            // Where other readings of docs/LAYOUT.md §Passes would count differently.
            var other = ""
            if let used = expected["passesIfOnlyUsedValuesCount"] as? Int {
                other += "; \(used) if only the constants used counted"
            }
            if let every = expected["passesIfEveryViewCounts"] as? Int {
                other += "; \(every) if every view's values counted"
            }
            problems.append("passes \(report?.passes ?? 0) vs model \(passes)\(other)")
        }
        // Ambiguity: views as "v<index>.<unknown>", added guides as "v<owner>.g<k>.<unknown>".
        var modelAmbiguity = Set<String>()
        for entry in expected["ambiguous"] as? [[Any]] ?? [] {
            if entry.count == 2 { modelAmbiguity.insert("v\(entry[0]).\(entry[1])") }
            if entry.count == 3 { modelAmbiguity.insert("v\(entry[0]).g\(entry[1]).\(entry[2])") }
        }
        var ourAmbiguity = Set<String>()
        for ambiguity in report?.ambiguities ?? [] {
            var key = ambiguity.path
            if let range = ambiguity.path.range(of: ".layoutGuides["),
                let owner = built.paths.firstIndex(of: String(ambiguity.path[..<range.lowerBound]))
            {
                key = "v\(owner).g\(ambiguity.path[range.upperBound...].dropLast())"
            } else if let index = built.paths.firstIndex(of: ambiguity.path) {
                key = "v\(index)"
            }
            for unknown in ambiguity.unknowns { ourAmbiguity.insert("\(key).\(unknown)") }
        }
        compared += 1
        if ourAmbiguity != modelAmbiguity {
            problems.append("ambiguous \(ourAmbiguity.sorted()) vs model \(modelAmbiguity.sorted())")
        }
        return problems
    }

    static func text(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }

    /// The view tree (pre-order, parents first, with guides and margins), the tree paths
    /// ("root", "root.subviews[0]", …) and the constraints (source "#index").
    static func build(_ views: [[String: Any]], _ constraints: [[String: Any]])
        -> (root: View, paths: [String], constraints: [LayoutConstraint])?
    {
        guard
            let tree = ModelSystems.tree(
                views,
                make: { item in
                    guard var view = ModelSystems.view(item) else { return nil }
                    var guides = ViewGuides.default
                    if let margins = ModelSystems.margins(item) { guides.layoutMargins = margins }
                    guides.preservesSuperviewLayoutMargins = item["preserves"] as? Bool == true
                    guides.insetsLayoutMarginsFromSafeArea = item["insetsFromSafeArea"] as? Bool ?? true
                    guides.layoutGuides = item["guides"] as? [String] ?? []
                    view.guides = guides
                    return view
                }),
            let result = ModelSystems.constraints(constraints, indexPaths: tree.indexPaths)
        else { return nil }
        return (tree.root, tree.paths, result)
    }
}
