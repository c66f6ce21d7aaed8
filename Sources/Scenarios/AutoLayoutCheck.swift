import ImageViews

/// Solves a scenario's constraints for every variant when it is loaded, so that a required
/// conflict is a scenario error (at the constraint that cannot hold) and an ambiguous frame a
/// warning (at the view), never a surprise at render time. A problem found in some variants
/// only names them.
struct AutoLayoutCheck {
    let scenario: Scenario
    /// Per scenario constraint (same order): where its string is.
    let constraintLocations: [SourceLocation]
    /// Views positioned by constraints, with their JSON nodes.
    let viewNodes: [(treePath: [Int], node: JSONNode)]
    let d: Diagnostics

    /// Reports conflicts as errors and returns the ambiguity warnings (errors when `strict`).
    func run(strict: Bool) -> [ScenarioDiagnostic] {
        let variants = scenario.variants()
        // Each distinct problem once, with the variants it occurs in (first-seen order).
        var problems: [(diagnostic: ScenarioDiagnostic, variants: [String])] = []
        func note(_ diagnostic: ScenarioDiagnostic, _ variant: String) {
            if let index = problems.firstIndex(where: { $0.diagnostic == diagnostic }) {
                problems[index].variants.append(variant)
            } else {
                problems.append((diagnostic, [variant]))
            }
        }
        for variant in variants {
            var root = scenario.root(for: variant)
            root.frame = Rect(origin: .zero, size: scenario.canvasSize)
            guard let report = AutoLayout.layout(&root, constraints: scenario.constraints, traits: variant.traits) else { continue }
            if let failure = report.failure {
                note(conflict(failure), variant.name)
                continue
            }
            for ambiguity in report.ambiguities {
                note(warning(ambiguity, strict: strict), variant.name)
            }
            for size in report.constraints where size.kind == .nonNegativeSize && !size.isSatisfied {
                note(negativeSizeWarning(size, strict: strict), variant.name)
            }
        }
        var warnings: [ScenarioDiagnostic] = []
        for (diagnostic, names) in problems {
            var diagnostic = diagnostic
            if names.count < variants.count { diagnostic.message += " (in variant\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")))" }
            if diagnostic.severity == .warning { warnings.append(diagnostic) } else { d.append([diagnostic]) }
        }
        return warnings
    }

    /// The error for a required constraint that cannot hold.
    private func conflict(_ failure: AutoLayoutFailure) -> ScenarioDiagnostic {
        let failing = failure.constraint
        var message = "required constraint \"\(failing.label)\" cannot be satisfied"
        if !failure.conflicts.isEmpty {
            message += " together with " + failure.conflicts.map(describe).joined(separator: ", ")
        } else if let reason = failure.reason {
            message += ": \(reason)"
        }
        message += "; lower one of their priorities below 1000 or remove one"
        let path = failing.kind == .constraint ? failing.source : "$." + failing.source
        return ScenarioDiagnostic(file: scenario.file, location: location(of: failing), path: path, message: message)
    }

    /// A constraint named in a message: its equation and where it comes from.
    private func describe(_ constraint: ConstraintLayout) -> String {
        switch constraint.kind {
        case .constraint: "\"\(constraint.label)\" (\(constraint.source))"
        case .autoresizingMask: "\"\(constraint.label)\" (the frame of \(constraint.source))"
        case .contentHugging, .compressionResistance, .nonNegativeSize:
            "\"\(constraint.label)\" (\(constraint.kind.rawValue) of \(constraint.source))"
        }
    }

    /// Where a scenario constraint's string is (nil for generated constraints).
    private func location(of constraint: ConstraintLayout) -> SourceLocation? {
        guard constraint.kind == .constraint,
              let index = scenario.constraints.firstIndex(where: { $0.source == constraint.source && $0.label == constraint.label })
        else { return nil }
        return constraintLocations[index]
    }

    /// The warning (or, when strict, error) for a view whose frame is not determined.
    private func warning(_ ambiguity: ViewAmbiguity, strict: Bool) -> ScenarioDiagnostic {
        let node = viewNodes.first { treePathName($0.treePath) == ambiguity.path }?.node
        let name = ambiguity.id.map { "\"\($0)\"" } ?? ambiguity.path
        let message = "ambiguous layout: the constraints do not determine the \(ambiguity.unknowns.joined(separator: ", ")) of "
            + "\(name)'s alignment rect; add constraints for \(ambiguity.unknowns.count == 1 ? "it" : "them")"
            + (strict ? " (an error with --strict)" : "")
        return ScenarioDiagnostic(file: scenario.file, location: node?.location, path: node?.path ?? ambiguity.path, message: message,
                                  severity: strict ? .error : .warning)
    }

    /// The warning (or, when strict, error) for a frame that required constraints make negative.
    private func negativeSizeWarning(_ size: ConstraintLayout, strict: Bool) -> ScenarioDiagnostic {
        let node = viewNodes.first { treePathName($0.treePath) == size.source }?.node
        let parts = size.label.components(separatedBy: ".frame.")  // "<id or path>.frame.width >= 0 (implicit)"
        let dimension = parts.last?.hasPrefix("width") == true ? "width" : "height"
        let view = parts[0] == size.source ? parts[0] : "\"\(parts[0])\""
        let message = "negative size: the required constraints make the frame \(dimension) of \(view) -\(labelNumber(size.violation)) pt; "
            + "UIKit keeps such a frame and draws nothing of the view; lower one of their priorities below 1000 or make room"
            + (strict ? " (an error with --strict)" : "")
        return ScenarioDiagnostic(file: scenario.file, location: node?.location, path: node?.path ?? size.source, message: message,
                                  severity: strict ? .error : .warning)
    }

    private func treePathName(_ treePath: [Int]) -> String {
        "root" + treePath.map { ".subviews[\($0)]" }.joined()
    }
}
