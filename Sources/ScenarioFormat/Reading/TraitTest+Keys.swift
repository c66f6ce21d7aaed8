import AssetCatalogs
import ImageViews
import Syntax

// Trait values as a scenario names them (TraitDimension: the variant matrix's keys and values),
// set on the trait tests of dynamic provider colours, on image assets' registrations and on the
// traits an image is fixed to.

extension TraitTest {
    /// Reads an object of trait names (the variant matrix's) and one value each; nil if invalid
    /// (reported).
    static func read(_ node: JSONNode, what: String, _ d: Diagnostics) -> TraitTest? {
        guard let object = ObjectReader(node, allowed: TraitDimension.keys, what: what, d) else { return nil }
        var test = TraitTest()
        for dimension in TraitDimension.all {
            guard let valueNode = object[dimension.key] else { continue }
            guard let value = dimension.read(valueNode, d) else { return nil }
            test.set(dimension.key, value)
        }
        return test
    }

    /// Sets the trait `key` (a TraitDimension key) to `value`, as the scenario writes it.
    mutating func set(_ key: String, _ value: String) {
        switch key {
        case "displayScale": displayScale = Int(value)
        case "userInterfaceStyle": userInterfaceStyle = UserInterfaceStyle(rawValue: value)
        case "layoutDirection": layoutDirection = LayoutDirection(rawValue: value)
        case "userInterfaceIdiom": userInterfaceIdiom = UserInterfaceIdiom(rawValue: value)
        case "horizontalSizeClass": horizontalSizeClass = UserInterfaceSizeClass(rawValue: value)
        case "verticalSizeClass": verticalSizeClass = UserInterfaceSizeClass(rawValue: value)
        case "accessibilityContrast": accessibilityContrast = AccessibilityContrast(rawValue: value)
        case "userInterfaceLevel": userInterfaceLevel = UserInterfaceLevel(rawValue: value)
        default: preferredContentSizeCategory = ContentSizeCategory(rawValue: value)
        }
    }
}

extension AssetConditions {
    /// The conditions `test` names (an asset has no level or content size condition), at `scale` unless it names one.
    init(_ test: TraitTest, scale: Int) {
        self.init(
            idiom: test.userInterfaceIdiom, userInterfaceStyle: test.userInterfaceStyle,
            accessibilityContrast: test.accessibilityContrast, horizontalSizeClass: test.horizontalSizeClass,
            verticalSizeClass: test.verticalSizeClass, layoutDirection: test.layoutDirection,
            scale: test.displayScale ?? scale)
    }
}
