import Foundation
import Raster
import Testing
import TestSupport
@testable import ImageViews

/// Auto Layout against an independent model of UIKit's rules:
/// Tools/fixtures/generate_uikit_model_fixtures.py states docs/LAYOUT.md §Auto Layout in Python,
/// solves each view tree level by level with SciPy's HiGHS and finds ambiguity by minimising and
/// maximising every unknown over the optimal set (format and seeds: Fixtures/README.md). Every
/// system is laid out here through the same code as a scenario (LayoutTree, ConstraintSystem,
/// applyFrames) and compared: the conflict (which constraint), the unrounded alignment rects
/// (within 1e-6), the ambiguous unknowns (exactly) and the pixel-rounded frames (exactly, except
/// edges the model marks as rounding ties).
@Suite struct UIKitModelTests {
    struct Outcome {
        var compared = 0
        var problems: [String] = []
    }

    /// The committed fixture, or the file named by IVSIM_UIKIT_MODEL_FIXTURES (systems generated
    /// with other seeds:
    /// `Tools/fixtures/generate_uikit_model_fixtures.py --seeds 451-1650 --out FILE`).
    static func loadSystems() -> [[String: Any]] {
        ModelSystems.load("uikit_model_systems.json", override: "IVSIM_UIKIT_MODEL_FIXTURES")
    }

    @Test func everySystemAgreesWithTheModel() {
        let systems = Self.loadSystems()
        #expect(systems.count >= 400)
        var outcome = Outcome()
        for system in systems { Self.compare(system, into: &outcome) }
        #expect(
            outcome.problems.isEmpty,
            "\(outcome.problems.count) disagreements:\n\(outcome.problems.prefix(20).joined(separator: "\n"))")
        #expect(outcome.compared > 5000)
    }

    @Test func theSystemsCoverWhatTheIssueAsksFor() {
        // The fixtures must exercise the rules, not only agree: conflicts, ambiguity, negative
        // frames, right-to-left multipliers, and systems where weights would have answered otherwise.
        let systems = Self.loadSystems()
        let expected = systems.compactMap { $0["expected"] as? [String: Any] }
        let conflicts = expected.filter { !($0["conflict"] is NSNull) && $0["conflict"] != nil }.count
        let ambiguous = expected.filter { ($0["ambiguous"] as? [Any])?.isEmpty == false }.count
        let negative = expected.filter { frames in
            (frames["frames"] as? [Any])?.contains {
                (($0 as? [NSNumber])?.dropFirst(2).contains { $0.doubleValue < 0 }) == true
            } == true
        }.count
        let weighted = systems.filter { $0["weightsDiffer"] as? Bool == true }.count
        #expect(
            conflicts >= 20 && ambiguous >= 20 && negative >= 5 && weighted >= 50,
            "conflicts \(conflicts), ambiguous \(ambiguous), negative frames \(negative), weights differ \(weighted)")
    }

    // MARK: Replaying a system

    static func compare(_ system: [String: Any], into outcome: inout Outcome) {
        let name = system["name"] as? String ?? "?"
        guard let views = system["views"] as? [[String: Any]],
            let constraints = system["constraints"] as? [[String: Any]],
            let expected = system["expected"] as? [String: Any], let scale = (system["scale"] as? NSNumber)?.intValue,
            let built = build(views, constraints)
        else {
            outcome.problems.append("\(name): malformed")
            return
        }
        let traits = Traits(displayScale: scale)
        var root = built.root
        let tree = LayoutTree(root: root, traits: traits)
        var layout = ConstraintSystem(tree: tree, constraints: built.constraints)
        let report = layout.solve(checkAmbiguity: true)
        func problem(_ text: String) { outcome.problems.append("\(name): \(text)") }

        if let conflict = expected["conflict"], !(conflict is NSNull) {
            let failing = report.failure?.constraint
            if let index = conflict as? Int {
                if failing?.source != "#\(index)" {
                    problem("expected a conflict at constraint \(index), got \(failing?.source ?? "none")")
                }
            } else if let tag = conflict as? String {
                // content:<view>:<width|height>:<hugging|compression>
                let parts = tag.split(separator: ":").map(String.init)
                let kind: ConstraintKind = parts.last == "hugging" ? .contentHugging : .compressionResistance
                if parts.count != 4 || failing?.kind != kind
                    || failing?.source != tree.nodes[Int(parts[1]) ?? 0].treePath
                    || failing?.label.contains(".\(parts[2]) ") != true
                {
                    problem("expected a conflict at \(tag), got \(failing.map { "\($0.kind) \($0.label)" } ?? "none")")
                }
            }
            outcome.compared += 1
            return
        }
        if let failure = report.failure {
            problem("unexpected conflict at \(failure.constraint.label)")
            return
        }
        // Alignment rects before rounding.
        let rects = expected["alignmentRects"] as? [Any] ?? []
        for (node, item) in rects.enumerated() {
            guard let rect = item as? [Any] else { continue }
            guard node < layout.solved.count, let ours = layout.solved[node] else {
                problem("view \(node) has no unknowns")
                continue
            }
            for (component, (value, reference)) in zip([ours.minX, ours.minY, ours.width, ours.height], rect)
                .enumerated()
            {
                guard let reference = (reference as? NSNumber)?.doubleValue else { continue }
                outcome.compared += 1
                if abs(value - reference) > 1e-6 * max(1, abs(reference)) {
                    problem("view \(node) \(["x", "y", "width", "height"][component]) = \(value), model \(reference)")
                }
            }
        }
        // Ambiguity: the same unknowns, exactly.
        let expectedAmbiguity = Set((expected["ambiguous"] as? [[Any]] ?? []).map { "\($0[0]).\($0[1])" })
        var ourAmbiguity = Set<String>()
        for ambiguity in report.ambiguities {
            guard let node = tree.nodes.firstIndex(where: { $0.treePath == ambiguity.path }) else { continue }
            for unknown in ambiguity.unknowns { ourAmbiguity.insert("\(node).\(unknown)") }
        }
        outcome.compared += 1
        if ourAmbiguity != expectedAmbiguity {
            problem("ambiguous \(ourAmbiguity.sorted()), model \(expectedAmbiguity.sorted())")
        }
        // Frames after rounding, except components with an edge on a rounding tie.
        layout.applyFrames(to: &root, scale: Double(scale))
        let ties = Set((expected["tieEdges"] as? [[Any]] ?? []).map { "\($0[0]).\($0[1])" })
        let frames = expected["frames"] as? [Any] ?? []
        for (node, item) in frames.enumerated() {
            guard let frame = (item as? [NSNumber])?.map(\.doubleValue), frame.count == 4 else { continue }
            let ours = tree.nodes[node].path.reduce(root) { $0.subviews[$1] }.frame
            let skipped = [
                ties.contains("\(node).left"), ties.contains("\(node).top"),
                ties.contains("\(node).left") || ties.contains("\(node).right"),
                ties.contains("\(node).top") || ties.contains("\(node).bottom")
            ]
            for (component, (value, reference)) in zip([ours.minX, ours.minY, ours.width, ours.height], frame)
                .enumerated()
            where !skipped[component] {
                outcome.compared += 1
                if abs(value - reference) > 1e-6 * max(1, abs(reference)) {  // the model writes 8 decimals
                    problem(
                        "view \(node) frame \(["x", "y", "width", "height"][component]) = \(value), model \(reference)")
                }
            }
        }
    }

    /// An opaque image of `width` × `height` points: pixels ÷ scale at the first scale of 1, 2, 3
    /// that makes both whole (as every UIImage's size is), nil if none does.
    static func image(width: Double, height: Double, insets: EdgeInsets) -> Image? {
        for scale in 1...3 {
            let w = width * Double(scale), h = height * Double(scale)
            guard abs(w - w.rounded()) < 1e-9, abs(h - h.rounded()) < 1e-9, w >= 1, h >= 1 else { continue }
            let (pw, ph) = (Int(w.rounded()), Int(h.rounded()))
            return Image(
                name: "i\(pw)x\(ph)@\(scale)",
                pixels: SourceImage(
                    Bitmap(width: pw, height: ph, pixels: Array(repeating: 0xFF00_00FF, count: pw * ph)), opaque: false),
                scale: Double(scale), alignmentRectInsets: insets)
        }
        return nil
    }

    /// The view tree (pre-order, parents first) and constraints (source "#index") of a system.
    static func build(_ views: [[String: Any]], _ constraints: [[String: Any]]) -> (
        root: View, constraints: [LayoutConstraint]
    )? {
        guard let tree = ModelSystems.tree(views, make: { item in ModelSystems.view(item) }),
            let result = ModelSystems.constraints(constraints, indexPaths: tree.indexPaths)
        else { return nil }
        var root = tree.root
        root.frame =
            ModelSystems.numbers(views[0]["frame"]).map { Rect(x: 0, y: 0, width: $0[2], height: $0[3]) } ?? .zero
        return (root, result)
    }
}
