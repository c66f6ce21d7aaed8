import AssetCatalogs
import ImageViews
import Syntax

/// Colours: "#RRGGBB", "#RRGGBBAA", a UIKit system colour name, {"light": …, "dark": …},
/// {"named": "Brand"} from the scenario's asset catalogs, or {"provider": [cases…]}.
struct ColorReader {
    /// The scenario's catalogs, for named colours.
    let assets: NamedAssets
    let d: Diagnostics

    /// The colour `node` gives. Without `allowDynamic` (generated images, whose pixels are fixed,
    /// and the sides of a light/dark pair) light/dark pairs and named colours that differ between
    /// trait collections are refused; a system colour is accepted (a generated image takes its
    /// value in the default traits, a pair resolves it in the variant's contrast and level).
    func read(_ node: JSONNode, allowDynamic: Bool = true) -> Color? {
        switch node.value {
        case let .string(text):
            if text.hasPrefix("#") {
                guard let rgba = Self.hex(text) else {
                    d.error(node, "invalid colour \"\(text)\": expected #RRGGBB or #RRGGBBAA with hex digits")
                    return nil
                }
                return Color(rgba)
            }
            if let color = SystemColorNames.color(text, .scenario) { return color }
            if let problem = SystemColorNames.problem(text, .scenario) {
                d.error(node, problem)
                return nil
            }
            let suggestion = SystemColorNames.suggestion(text, .scenario)
            d.error(
                node,
                "unknown colour \"\(text)\": expected #RRGGBB, #RRGGBBAA or a system colour name"
                    + (suggestion.isEmpty ? " such as systemBlue" : suggestion))
            return nil
        case let .object(members) where members.contains(where: { $0.key == "named" }):
            guard let object = ObjectReader(node, allowed: ScenarioKeys.namedColor, what: "a named colour", d),
                let nameNode = object["named"], let name = Read.string(nameNode, d, what: "a colour set name")
            else { return nil }
            // UIColor(named:in:compatibleWith:) with "bundle": that bundle's catalogs only.
            var lookups = assets
            if let bundleNode = object["bundle"] {
                guard
                    let bundle = Read.string(
                        bundleNode, d, what: "a bundle's name (one of the scenario's \"bundles\")"),
                    let other = assets.inBundle(bundle, node: bundleNode)
                else { return nil }
                lookups = other
            }
            guard let color = lookups.color(named: name, node: nameNode) else { return nil }
            guard allowDynamic || color.isFixed else {
                d.error(
                    nameNode,
                    "colour set \"\(name)\" differs between trait collections, but a generated image has fixed pixels: use a colour without variants"
                )
                return nil
            }
            return color
        case let .object(members) where members.contains(where: { $0.key == "provider" }):
            guard allowDynamic else {
                d.error(
                    node, "expected a fixed colour here (#RRGGBB, #RRGGBBAA or a system colour name), found a provider")
                return nil
            }
            return provider(node)
        case .object:
            guard allowDynamic else {
                d.error(
                    node,
                    "expected a fixed colour here (#RRGGBB, #RRGGBBAA or a system colour name), found a light/dark pair"
                )
                return nil
            }
            guard let object = ObjectReader(node, allowed: ScenarioKeys.dynamicColor, what: "a light/dark colour", d)
            else { return nil }
            let light = object.required("light", d).flatMap { read($0, allowDynamic: false) }
            let dark = object.required("dark", d).flatMap { read($0, allowDynamic: false) }
            guard let light, let dark else { return nil }
            return Color(AppearanceValues(light: light.values, dark: dark.values))
        default:
            d.error(
                node,
                "expected a colour (\"#RRGGBB\", \"#RRGGBBAA\", a system colour name, {\"light\": …, \"dark\": …}, {\"named\": …} or {\"provider\": …}), found \(node.value.kindDescription)"
            )
            return nil
        }
    }

    /// UIColor(dynamicProvider:) as cases (docs/COLORS.md §Dynamic providers):
    /// `{"provider": [{"when": {"horizontalSizeClass": "regular"}, "color": …}, …, {"color": …}]}`:
    /// the first case whose `when` the traits pass; the last case has no `when` (the provider's
    /// final `return`). At most 64 cases; their colours may be dynamic themselves.
    func provider(_ node: JSONNode) -> Color? {
        guard let object = ObjectReader(node, allowed: ["provider"], what: "a dynamic provider colour", d),
            let listNode = object["provider"], let items = Read.array(listNode, d, what: "provider cases")
        else { return nil }
        guard (1...64).contains(items.count) else {
            d.error(listNode, "a provider has 1 to 64 cases (the last without \"when\"), found \(items.count)")
            return nil
        }
        var cases: [TraitCase] = []
        for (index, item) in items.enumerated() {
            guard let entry = ObjectReader(item, allowed: ["when", "color"], what: "a provider case", d),
                let colorNode = entry.required("color", d), let color = read(colorNode)
            else { return nil }
            var test = TraitTest()
            if let whenNode = entry["when"] {
                guard index < items.count - 1 else {
                    d.error(whenNode, "the last case is the provider's default: leave out its \"when\"")
                    return nil
                }
                guard let when = traitTest(whenNode) else { return nil }
                test = when
            } else if index < items.count - 1 {
                d.error(
                    item, "only the last case may leave out \"when\" (it is the default; cases after it never apply)")
                return nil
            }
            cases.append(TraitCase(test: test, color: color))
        }
        var color = Color(cases[cases.count - 1].color.values)
        color.cases = cases
        return color
    }

    /// A case's `when`: trait names of the variant matrix (docs/SCENARIOS.md §Variants) and one
    /// value each.
    private func traitTest(_ node: JSONNode) -> TraitTest? {
        TraitTest.read(node, what: "a provider case's traits", d)
    }

    static func hex(_ text: String) -> RGBA? {
        let utf8 = Array(text.utf8.dropFirst())
        guard utf8.count == 6 || utf8.count == 8 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return RGBA(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    }
}
