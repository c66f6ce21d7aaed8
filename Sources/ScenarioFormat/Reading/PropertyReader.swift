import ImageViews
import Raster
import Syntax

/// Reads the value of a settable view property (`PropertyValue.names`) by the same rules whether
/// a view gives it or a variant state sets it.
struct PropertyReader {
    let images: ImageReader
    let colors: ColorReader
    let d: Diagnostics

    /// The value `node` gives `property`. With `nullClears` (states), `null` clears an image or
    /// a colour; in a view, an absent key is how to say "none". A symbol image shown by an image
    /// view with a `preferred` symbol configuration is made at it (docs/SYMBOLS.md §Configuration).
    func value(of property: String, _ node: JSONNode, nullClears: Bool, preferred: SymbolSettings? = nil)
        -> PropertyValue?
    {
        switch property {
        case "isHighlighted": return Read.bool(node, d).map(PropertyValue.isHighlighted)
        case "isHidden": return Read.bool(node, d).map(PropertyValue.isHidden)
        case "clipsToBounds": return Read.bool(node, d).map(PropertyValue.clipsToBounds)
        case "alpha": return Read.number(node, d, in: 0...1, what: "an alpha").map(PropertyValue.alpha)
        case "contentMode": return Self.contentMode(node, d).map(PropertyValue.contentMode)
        case "image", "highlightedImage":
            let image: Image?? =
                nullClears && node.value == .null
                ? .some(nil)
                : images.reference(node).flatMap { image in
                    guard let preferred else { return .some(image) }
                    return images.preferring(preferred, image, node: node).map { .some($0) }
                }
            return image.map { property == "image" ? .image($0) : .highlightedImage($0) }
        case "cornerRadius":
            return Read.number(node, d, in: 0...100_000, what: "a corner radius in points").map(
                PropertyValue.cornerRadius)
        case "borderWidth":
            return Read.number(node, d, in: 0...100_000, what: "a border width in points").map(
                PropertyValue.borderWidth)
        case "maskedCorners": return Self.corners(node, d).map(PropertyValue.maskedCorners)
        case "cornerCurve":
            return Read.name(node, d, among: CornerCurve.allCases.map(\.rawValue), what: "corner curve")
                .flatMap(CornerCurve.init(rawValue:)).map(PropertyValue.cornerCurve)
        case "borderColor":
            let color: Color?? = nullClears && node.value == .null ? .some(nil) : colors.read(node).map { .some($0) }
            return color.map(PropertyValue.borderColor)
        case "backgroundColor" where Self.isPattern(node):
            // UIColor(patternImage:): {"pattern": name}.
            guard let object = ObjectReader(node, allowed: ["pattern"], what: "a pattern colour", d),
                let image = images.reference(object.at("pattern"))
            else { return nil }
            if images.isSnapshot(image.name) {
                d.error(
                    object.at("pattern"),
                    ImageReader.snapshotRefusal(
                        image.name,
                        "a view's pattern background is made before layout; draw the snapshotted view's content as "
                            + "its own image instead"))
                return nil
            }
            if let problem = ImageReader.patternProblem(image) {
                d.error(object.at("pattern"), problem)
                return nil
            }
            return .backgroundPattern(image)
        case "backgroundColor", "tintColor":
            let color: Color?? = nullClears && node.value == .null ? .some(nil) : colors.read(node).map { .some($0) }
            return color.map { property == "tintColor" ? .tintColor($0) : .backgroundColor($0) }
        case "frame": return Self.frame(node, d).map(PropertyValue.frame)
        case "tintAdjustmentMode":
            return Read.name(node, d, among: TintAdjustmentMode.allCases.map(\.rawValue), what: "tint adjustment mode")
                .flatMap(TintAdjustmentMode.init(rawValue:)).map(PropertyValue.tintAdjustmentMode)
        case "semanticContentAttribute":
            return Read.name(
                node, d, among: SemanticContentAttribute.allCases.map(\.rawValue), what: "semantic content attribute"
            )
            .flatMap(SemanticContentAttribute.init(rawValue:)).map(PropertyValue.semanticContentAttribute)
        case "isAnimating": return Read.bool(node, d).map(PropertyValue.isAnimating)
        case "adjustsImageSizeForAccessibilityContentSizeCategory":
            return Read.bool(node, d).map(PropertyValue.adjustsImageSize)
        case "animationTime":
            return Read.number(node, d, in: ScenarioLimits.seconds, what: "a time in seconds").map(
                PropertyValue.animationTime)
        case "animationDuration":
            return Read.number(node, d, in: ScenarioLimits.seconds, what: "a duration in seconds").map(
                PropertyValue.animationDuration)
        case "animationRepeatCount":
            return Read.number(node, d, in: ScenarioLimits.repeatCount, integer: true, what: "a repeat count")
                .map { .animationRepeatCount(Int($0)) }
        default:
            return Read.name(node, d, among: ScenarioKeys.samplings, what: "sampling").map {
                .sampling($0 == "nearest" ? .nearest : .bilinear)
            }
        }
    }

    /// Whether `node` is a pattern colour, `{"pattern": name}`.
    static func isPattern(_ node: JSONNode) -> Bool {
        if case let .object(members) = node.value { return members.contains { $0.key == "pattern" } }
        return false
    }

    /// CACornerMask as a list of corner names (UIKit's y-down layer: layerMinXMinYCorner is the
    /// top left); CA's own names are accepted too.
    static func corners(_ node: JSONNode, _ d: Diagnostics) -> RectCorners? {
        guard let items = Read.array(node, d, what: "corners", allowEmpty: true) else { return nil }
        let names = ScenarioKeys.cornerNames + ScenarioKeys.cornerMaskNames
        var corners: RectCorners = []
        for item in items {
            guard let name = Read.name(item, d, among: names, what: "corner"), let index = names.firstIndex(of: name)
            else { return nil }
            corners.insert([RectCorners.topLeft, .topRight, .bottomLeft, .bottomRight][index % 4])
        }
        return corners
    }

    /// A content mode by UIKit name or raw value 0…12.
    static func contentMode(_ node: JSONNode, _ d: Diagnostics) -> ContentMode? {
        if case let .number(n) = node.value {
            if n == n.rounded(), let mode = ContentMode(rawValue: Int(exactly: n) ?? -1) { return mode }
            d.error(node, "content mode raw value \(JSONOutput.format(n)) is out of range: expected 0 to 12")
            return nil
        }
        guard let name = Read.name(node, d, among: ContentMode.allCases.map(\.name), what: "content mode") else {
            return nil
        }
        return ContentMode(name: name)
    }

    /// A frame [x, y, width, height] in points, its size not negative.
    static func frame(_ node: JSONNode, _ d: Diagnostics) -> Rect? {
        guard
            let v = Read.numbers(
                node, d, count: 4, in: ScenarioLimits.coordinate, what: "a frame [x, y, width, height]")
        else { return nil }
        guard v[2] >= 0, v[3] >= 0 else {
            d.error(node, "frame width and height must not be negative")
            return nil
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
