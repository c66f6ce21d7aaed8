import ImageViews
import Syntax

/// Checks each variant's Auto Layout solution when the scenario is loaded (from the variant's
/// scene, VariantChecks), so that a required conflict is a scenario error (at the constraint
/// that cannot hold) and an ambiguous or negative frame a warning (at the view), never a
/// surprise at render time. A problem found in some variants only names them. A view that
/// acknowledges `ambiguous` or `negativeSize` (WarningKinds) is not warned about.
struct AutoLayoutCheck {
    let scenario: Scenario
    /// Per scenario constraint (same order): where its string is.
    let constraintLocations: [SourceLocation]
    let d: Diagnostics

    /// Notes the conflict, ambiguities and negative sizes of one variant's solution.
    func inspect(_ report: AutoLayoutReport, variant: String, views: ViewNodes, into findings: inout VariantFindings) {
        if let failure = report.failure {
            findings.note(conflict(failure), variant)
            return
        }
        for ambiguity in report.ambiguities {
            if let range = ambiguity.path.range(of: ".layoutGuides[") {
                // A guide the scenario added: warned at the owner's "layoutGuides" entry.
                let ownerPath = String(ambiguity.path[..<range.lowerBound])
                let owner = views[ownerPath]
                guard owner?.acknowledged.contains(WarningKinds.ambiguous) != true else { continue }
                let guide = String(ambiguity.path[range.lowerBound...])
                let path =
                    owner.map { $0.node.path + guide } ?? (ownerPath == "root" ? "$.root" + guide : ambiguity.path)
                findings.note(warning(ambiguity, at: owner?.node, path: path, what: "layout frame"), variant)
                continue
            }
            let view = views[ambiguity.path]
            guard view?.acknowledged.contains(WarningKinds.ambiguous) != true else { continue }
            findings.note(warning(ambiguity, at: view?.node), variant)
        }
        for size in report.constraints where size.kind == .nonNegativeSize && !size.isSatisfied {
            let view = views[size.source]
            guard view?.acknowledged.contains(WarningKinds.negativeSize) != true else { continue }
            findings.note(negativeSizeWarning(size, at: view?.node), variant)
        }
    }

    /// The error for a required constraint that cannot hold.
    private func conflict(_ failure: AutoLayoutFailure) -> ScenarioDiagnostic {
        let failing = failure.constraint
        if failing.kind == .layoutGuide && failing.label.isEmpty, let reason = failure.reason {
            // Not one constraint: the passes over margins and safe areas did not settle.
            let first = scenario.constraints.firstIndex {
                [$0.first, $0.second].contains { $0?.guide?.isAddedGuide == false }
            }
            return ScenarioDiagnostic(
                file: scenario.file, location: first.map { constraintLocations[$0] },
                path: first.map { scenario.constraints[$0].source } ?? "$.root",
                message: reason + "; tie the views to guides of views that do not move with them")
        }
        var message = "required constraint \"\(failing.label)\" cannot be satisfied"
        if let terms = failure.termsWhenGivenUp {
            let path = failing.kind == .constraint ? failing.source : "$." + failing.source
            return ScenarioDiagnostic(
                file: scenario.file, location: location(of: failing), path: path,
                message: "with \"\(failing.label)\" the layout's solver holds \(terms) terms, more than the "
                    + "\(AutoLayout.maxSolverTerms) one layout may (docs/LIMITS.md): long chains of views without "
                    + "sizes make every edge depend on every width before it; give the views sizes (or intrinsic "
                    + "sizes), or split the chain")
        }
        if !failure.conflicts.isEmpty {
            message += " together with " + Listing.names(failure.conflicts.map(describe))
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
        case .contentHugging, .compressionResistance, .nonNegativeSize, .layoutGuide, .stackView:
            "\"\(constraint.label)\" (\(constraint.kind.rawValue) of \(constraint.source))"
        }
    }

    /// Where a scenario constraint's string is (nil for generated constraints).
    private func location(of constraint: ConstraintLayout) -> SourceLocation? {
        guard constraint.kind == .constraint,
            let index = scenario.constraints.firstIndex(where: {
                $0.source == constraint.source && $0.label == constraint.label
            })
        else { return nil }
        return constraintLocations[index]
    }

    /// The warning for a view whose frame is not determined.
    private func warning(
        _ ambiguity: ViewAmbiguity, at node: JSONNode?, path: String? = nil,
        what: String = "alignment rect"
    ) -> ScenarioDiagnostic {
        let name = ambiguity.id.map { "\"\($0)\"" } ?? ambiguity.path
        let message =
            "ambiguous layout: the constraints do not determine the \(ambiguity.unknowns.joined(separator: ", ")) of "
            + "\(name)'s \(what); add constraints for \(ambiguity.unknowns.count == 1 ? "it" : "them")"
        return ScenarioDiagnostic(
            file: scenario.file, location: node?.location, path: path ?? node?.path ?? ambiguity.path, message: message,
            severity: .warning, kind: WarningKinds.ambiguous)
    }

    /// The warning for a frame that required constraints make negative.
    private func negativeSizeWarning(_ size: ConstraintLayout, at node: JSONNode?) -> ScenarioDiagnostic {
        let parts = size.label.components(separatedBy: ".frame.")  // "<id or path>.frame.width >= 0 (implicit)"
        let dimension = parts.last?.hasPrefix("width") == true ? "width" : "height"
        let view = parts[0] == size.source ? parts[0] : "\"\(parts[0])\""
        let message =
            "negative size: the required constraints make the frame \(dimension) of \(view) -\(labelNumber(size.violation)) pt; "
            + "UIKit keeps such a frame and draws nothing of the view; lower one of their priorities below 1000 or make room"
        return ScenarioDiagnostic(
            file: scenario.file, location: node?.location, path: node?.path ?? size.source, message: message,
            severity: .warning, kind: WarningKinds.negativeSize)
    }
}
