import AssetCatalogs
import ImageViews
import Symbols
import Syntax

// What a symbol image is made from (docs/SYMBOLS.md §Configuration, §Rendering modes): the
// template found, the configuration and the colour configuration, and how a scenario's
// `symbolConfiguration` object is read into them.

/// How a symbol image was made: enough to make it again at another configuration
/// (`symbolConfiguration` on an image derived `from` it).
struct SymbolRecipe {
    var found: FoundSymbol
    var symbolName: String
    var configuration: SymbolConfiguration
    /// The colour configuration, if any.
    var colors: SymbolColors?

    /// This recipe with `change` applied as `applying(_:)` applies a configuration (a colour
    /// configuration replaces the one before it).
    func applying(_ change: SymbolSettings) -> SymbolRecipe {
        var recipe = self
        recipe.configuration = configuration.applying(change.configuration)
        if let colors = change.colors { recipe.colors = colors }
        return recipe
    }
}

/// A colour configuration (docs/SYMBOLS.md §Rendering modes).
enum SymbolColors {
    /// `UIImage.SymbolConfiguration(hierarchicalColor:)`: the layers in this colour at their levels'
    /// opacities.
    case hierarchical(Color)
    /// `UIImage.SymbolConfiguration(paletteColors:)`: a colour per layer level.
    case palette([Color])
    /// `UIImage.SymbolConfiguration.preferringMulticolor()`: the template's own colours, its tint
    /// layers in the tint.
    case multicolor
}

/// A `symbolConfiguration` object: the configuration, and the colour configuration ivsim keeps
/// beside it (the Symbols module knows no colours).
struct SymbolSettings {
    var configuration = SymbolConfiguration()
    var colors: SymbolColors?
}

extension ImageReader {
    /// The keys of a symbol configuration.
    static let symbolConfigurationKeys = [
        "pointSize", "textStyle", "weight", "scale", "hierarchicalColor", "paletteColors", "multicolor"
    ]

    /// Reads `{"pointSize": 24, "weight": "bold", "scale": "large"}` or `{"textStyle": "title1"}`,
    /// and a colour configuration: `"hierarchicalColor"`, `"paletteColors"` or `"multicolor": true`.
    func symbolConfiguration(_ node: JSONNode) -> SymbolSettings? {
        guard let object = ObjectReader(node, allowed: Self.symbolConfigurationKeys, what: "a symbol configuration", d)
        else {
            return nil
        }
        var settings = SymbolSettings()
        let colorKeys = ["hierarchicalColor", "paletteColors", "multicolor"].filter { object.has($0) }
        if colorKeys.count > 1, let second = object[colorKeys[1]] {
            d.error(
                second,
                "a symbol configuration takes one colour configuration (\"hierarchicalColor\", \"paletteColors\" or "
                    + "\"multicolor\"), not \"\(colorKeys[0])\" and \"\(colorKeys[1])\"")
            return nil
        }
        if let n = object["multicolor"] {
            guard let on = Read.bool(n, d) else { return nil }
            guard on else {
                d.error(
                    n,
                    "\"multicolor\" is true or left out (preferringMulticolor()); a symbol without a colour configuration "
                        + "is drawn as a monochrome template")
                return nil
            }
            settings.colors = .multicolor
        }
        if let n = object["hierarchicalColor"] {
            guard let color = colors.read(n) else { return nil }
            settings.colors = .hierarchical(color)
        }
        if let n = object["paletteColors"] {
            guard let items = Read.array(n, d, what: "palette colours") else { return nil }
            guard items.count <= 3 else {
                d.error(
                    n,
                    "\(items.count) palette colours: a symbol has at most three layer levels (primary, secondary, tertiary)"
                )
                return nil
            }
            var palette: [Color] = []
            for item in items {
                guard let color = colors.read(item) else { return nil }
                palette.append(color)
            }
            settings.colors = .palette(palette)
        }
        var configuration = SymbolConfiguration()
        if object.has("pointSize"), let textStyle = object["textStyle"] {
            d.error(
                textStyle,
                "a symbol configuration takes \"pointSize\" or \"textStyle\", not both (the last applied decides the size)"
            )
            return nil
        }
        if let n = object["pointSize"] {
            guard let value = Read.number(n, d, in: SymbolConfiguration.pointSizes, what: "a point size") else {
                return nil
            }
            configuration.pointSize = value
        }
        if let n = object["textStyle"] {
            guard
                let value: SymbolTextStyle = Read.value(
                    n, d, among: SymbolTextStyle.allCases.map(\.rawValue), what: "text style")
            else { return nil }
            configuration.textStyle = value
        }
        if let n = object["weight"] {
            guard
                let value: SymbolWeight = Read.value(
                    n, d, among: SymbolWeight.allCases.map(\.rawValue), what: "symbol weight")
            else { return nil }
            configuration.weight = value
        }
        if let n = object["scale"] {
            guard
                let value = Read.name(
                    n, d, among: ["small", "medium", "large", "default", "unspecified"], what: "symbol scale")
            else { return nil }
            // default and unspecified leave the scale unset (docs/SYMBOLS.md §Scenario keys).
            configuration.scale = SymbolScale(rawValue: value)
        }
        settings.configuration = configuration
        return settings
    }
}
