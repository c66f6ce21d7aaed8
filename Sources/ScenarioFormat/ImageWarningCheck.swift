import ImageViews
import Syntax

/// The image warnings of every variant (docs/LAYOUT.md §Image warnings), found when a scenario
/// loads (from the variant's scene, VariantChecks): each laid-out image view's warnings that the
/// view does not acknowledge become scenario warnings at the view, with the variants they occur
/// in (errors with --strict). The layout report lists every warning, acknowledged or not.
enum ImageWarningCheck {
    /// Notes one variant's image warnings that their views do not acknowledge.
    static func inspect(
        _ layout: LayoutResult, file: String, variant: String, views: ViewNodes, into findings: inout VariantFindings
    ) {
        for (index, view) in layout.views.enumerated() {
            guard let warnings = view.imageView?.warnings, !warnings.isEmpty, let entry = views[layoutIndex: index]
            else { continue }
            for warning in warnings where !entry.acknowledged.contains(warning.kind) {
                let message =
                    warning.message + "; if it is meant, add \"\(warning.kind)\" to the view's \"acknowledgedWarnings\""
                findings.note(
                    ScenarioDiagnostic(
                        file: file, location: entry.node.location, path: entry.node.path,
                        message: message, severity: .warning, kind: warning.kind), variant)
            }
        }
    }
}
