import ImageViews
import Syntax

/// Reads a view's layout margin settings (docs/SCENARIOS.md §Layout margins): `layoutMargins`
/// ([top, left, bottom, right] or an object) or `directionalLayoutMargins` ({top, leading,
/// bottom, trailing} or [top, leading, bottom, trailing]), `preservesSuperviewLayoutMargins`,
/// `insetsLayoutMarginsFromSafeArea`.
struct MarginReader {
    let d: Diagnostics

    func read(_ object: ObjectReader, into guides: inout ViewGuides) {
        if let node = object["layoutMargins"] {
            if let other = object["directionalLayoutMargins"] {
                d.error(
                    other,
                    "\"directionalLayoutMargins\" conflicts with \"layoutMargins\": give one of them (directional "
                        + "margins swap leading and trailing under right-to-left, the others stay left and right)")
            } else if let insets = ImageReader.insets(node, d) {
                guides.layoutMargins = LayoutMarginsSetting(insets: insets, isDirectional: false)
            }
        } else if let node = object["directionalLayoutMargins"],
            let insets = ImageReader.insets(node, d, keys: ScenarioKeys.directionalInsets)
        {
            guides.layoutMargins = LayoutMarginsSetting(insets: insets, isDirectional: true)
        }
        if let node = object["preservesSuperviewLayoutMargins"], let value = Read.bool(node, d) {
            guides.preservesSuperviewLayoutMargins = value
        }
        if let node = object["insetsLayoutMarginsFromSafeArea"], let value = Read.bool(node, d) {
            guides.insetsLayoutMarginsFromSafeArea = value
        }
    }
}
