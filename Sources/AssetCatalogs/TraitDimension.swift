import ImageViews
import Syntax

/// A trait a scenario's "traits" may set and its variant matrix may vary: the key, the values as
/// written, how a value sets the traits and how it names a variant. The order of `all` is the
/// order variant names are built in
/// (`scale2-dark-rtl-pad-regularWidth-highContrast-elevatedLevel-contentSizeAX1`).
package struct TraitDimension: Sendable {
    package let key: String
    package let what: String
    /// Values as the scenario writes them (display scales as numbers, the rest as names).
    package let values: [String]
    package let apply: @Sendable (inout Traits, String) -> Void
    package let variantName: @Sendable (String) -> String

    package var isNumeric: Bool { key == "displayScale" }

    package static let all: [TraitDimension] = [
        TraitDimension(
            key: "displayScale", what: "display scale", values: ["1", "2", "3"],
            apply: { $0.displayScale = Int($1) ?? 2 }, variantName: { "scale" + $0 }),
        TraitDimension(
            key: "userInterfaceStyle", what: "interface style", values: UserInterfaceStyle.allCases.map(\.rawValue),
            apply: { $0.userInterfaceStyle = UserInterfaceStyle(rawValue: $1) ?? .light }, variantName: { $0 }),
        TraitDimension(
            key: "layoutDirection", what: "layout direction", values: LayoutDirection.allCases.map(\.rawValue),
            apply: { $0.layoutDirection = LayoutDirection(rawValue: $1) ?? .leftToRight },
            variantName: { $0 == LayoutDirection.leftToRight.rawValue ? "ltr" : "rtl" }),
        TraitDimension(
            key: "userInterfaceIdiom", what: "idiom", values: UserInterfaceIdiom.allCases.map(\.rawValue),
            apply: { $0.userInterfaceIdiom = UserInterfaceIdiom(rawValue: $1) ?? .phone }, variantName: { $0 }),
        TraitDimension(
            key: "horizontalSizeClass", what: "size class", values: UserInterfaceSizeClass.allCases.map(\.rawValue),
            apply: { $0.horizontalSizeClass = UserInterfaceSizeClass(rawValue: $1) ?? .compact },
            variantName: { $0 + "Width" }),
        TraitDimension(
            key: "verticalSizeClass", what: "size class", values: UserInterfaceSizeClass.allCases.map(\.rawValue),
            apply: { $0.verticalSizeClass = UserInterfaceSizeClass(rawValue: $1) ?? .regular },
            variantName: { $0 + "Height" }),
        TraitDimension(
            key: "accessibilityContrast", what: "contrast", values: AccessibilityContrast.allCases.map(\.rawValue),
            apply: { $0.accessibilityContrast = AccessibilityContrast(rawValue: $1) ?? .normal },
            variantName: { $0 + "Contrast" }),
        TraitDimension(
            key: "userInterfaceLevel", what: "interface level", values: UserInterfaceLevel.allCases.map(\.rawValue),
            apply: { $0.userInterfaceLevel = UserInterfaceLevel(rawValue: $1) ?? .base }, variantName: { $0 + "Level" }),
        TraitDimension(
            key: "preferredContentSizeCategory", what: "content size category",
            values: ContentSizeCategory.allCases.map(\.rawValue),
            apply: { $0.preferredContentSizeCategory = ContentSizeCategory(rawValue: $1) ?? .large },
            variantName: { "contentSize" + (ContentSizeCategory(rawValue: $0) ?? .large).abbreviation })
    ]

    package static var keys: [String] { all.map(\.key) }

    /// Every name a trait value gives a variant (state names must differ from them).
    package static var variantNames: [String] { all.flatMap { d in d.values.map(d.variantName) } }

    /// Reads one value of this trait; nil if invalid (reported).
    package func read(_ node: JSONNode, _ d: Diagnostics) -> String? {
        if isNumeric {
            return Read.number(node, d, in: 1...3, integer: true, what: "a display scale").map { String(Int($0)) }
        }
        return Read.name(node, d, among: values, what: what)
    }
}

/// The traits a scenario (or `ivsim assets --traits`) may set, by key, for the command line.
public enum ScenarioTraits {
    /// The trait keys in the order variant names use.
    public static var keys: [String] { TraitDimension.keys }

    /// The values of `key` as written ("2", "dark", "pad"), or nil for an unknown key.
    public static func values(of key: String) -> [String]? {
        TraitDimension.all.first { $0.key == key }?.values
    }
}
