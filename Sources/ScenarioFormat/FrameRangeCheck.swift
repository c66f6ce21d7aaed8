import ImageViews
import Syntax

/// Frames the constraints put out of reach (docs/LIMITS.md): a constraint's constant and
/// multiplier are bounded, but a chain of multiplied relations (`v2.width == 2 * v1.width`, …)
/// grows without bound, to infinity and NaN. Such a layout is an error at the view, with the
/// variants it happens in (the first such view in pre-order), before anything is rendered or
/// written: a report never holds a number JSON cannot.
enum FrameRangeCheck {
    /// Solved frames must lie within ±1,000,000 points (ten times the coordinate limit).
    static let bound = 1_000_000.0

    static func inspect(
        _ layout: LayoutResult, file: String, variant: String, views: ViewNodes, into findings: inout VariantFindings
    ) {
        for (index, view) in layout.views.enumerated() where view.positioning == .constraints {
            let frame = view.absoluteFrame
            let values = [frame.minX, frame.minY, frame.width, frame.height]
            guard values.contains(where: { !$0.isFinite || abs($0) > bound }), let entry = views[layoutIndex: index]
            else { continue }
            let shown = values.map {
                $0.isFinite ? JSONOutput.format($0) : ($0.isNaN ? "NaN" : $0 > 0 ? "infinity" : "-infinity")
            }
            findings.note(
                ScenarioDiagnostic(
                    file: file, location: entry.node.location, path: entry.node.path,
                    message: "the constraints put this view's frame at [\(shown.joined(separator: ", "))] points, "
                        + "beyond the ±1000000 a layout may reach (docs/LIMITS.md): look for multipliers that "
                        + "compound along a chain of constraints"), variant)
            return  // the first such view is enough to find the chain (the ones after it follow from it)
        }
    }
}
