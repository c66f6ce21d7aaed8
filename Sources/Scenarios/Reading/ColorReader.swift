import ImageViews

/// Colours: "#RRGGBB", "#RRGGBBAA", a UIKit system colour name, or {"light": …, "dark": …}.
enum ColorReader {
    static func read(_ node: JSONNode, _ d: Diagnostics, allowDynamic: Bool = true) -> Color? {
        switch node.value {
        case let .string(text):
            if text.hasPrefix("#") {
                guard let rgba = hex(text) else {
                    d.error(node, "invalid colour \"\(text)\": expected #RRGGBB or #RRGGBBAA with hex digits")
                    return nil
                }
                return Color(rgba)
            }
            if let color = Color.system(text) { return color }
            let suggestion = Suggestions.didYouMean(text, among: Color.systemColorNames)
            d.error(node, "unknown colour \"\(text)\": expected #RRGGBB, #RRGGBBAA or a system colour name"
                    + (suggestion.isEmpty ? " such as systemBlue" : suggestion))
            return nil
        case .object:
            guard allowDynamic else {
                d.error(node, "expected a fixed colour here (#RRGGBB, #RRGGBBAA or a system colour name), found a light/dark pair")
                return nil
            }
            guard let object = ObjectReader(node, allowed: ScenarioKeys.dynamicColor, what: "a light/dark colour", d) else { return nil }
            let light = object.required("light", d).flatMap { read($0, d, allowDynamic: false) }
            let dark = object.required("dark", d).flatMap { read($0, d, allowDynamic: false) }
            guard let light, let dark else { return nil }
            return Color(light: light.light, dark: dark.light)
        default:
            d.error(node, "expected a colour (\"#RRGGBB\", \"#RRGGBBAA\", a system colour name or {\"light\": …, \"dark\": …}), found \(node.value.kindDescription)")
            return nil
        }
    }

    static func hex(_ text: String) -> RGBA? {
        let digits = Array(text.dropFirst())
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let value = UInt8(String(digits[i..<(i + 2)]), radix: 16) else { return nil }
            bytes.append(value)
            i += 2
        }
        return RGBA(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    }
}
