import Foundation
import ImageViews
import Syntax

// A `.colorset` read into the variants of a named colour (docs/ASSETS.md §Colour sets): each
// entry with a "color" is a variant for the traits of its slots (entries without one are empty
// slots); a colour is components in a colour space, converted to 8-bit sRGB, or a reference to a
// system colour ("systemBlueColor"), which then follows the system colour's own values in every
// style, contrast and level (SystemColors.swift; AppKit-only names are errors saying so).
//
// Components are strings in one of Xcode's three input methods, or plain numbers:
//   "0.871" (has a point: 0…1, extended spaces beyond) · "222" (0…255) · "0xDE" (hex, 0…255)
//   0.871 (a JSON number: 0…1, as in Apple's reference)
// Each becomes a fraction v; the 8-bit value is ⌊clamp(v', 0, 1) × 255 + ½⌋ of the value v' in
// sRGB after the colour space conversion (ColorSpaces.swift), in binary64.

package enum ColorSetReader {
    package static func read(_ set: CatalogIndex.Set, cache: AssetCache) -> CatalogSetResult<Color> {
        .reading(
            set, allowed: CatalogKeys.colorSet,
            missing: "missing file: a colour set lists its colours in a Contents.json",
            cache: cache
        ) { object, d, result in
            read(set, object, into: &result, d)
        }
    }

    private static func read(
        _ set: CatalogIndex.Set, _ object: ObjectReader, into result: inout CatalogSetResult<Color>, _ d: Diagnostics
    ) {
        if let node = object["properties"] {
            _ = ObjectReader(node, allowed: CatalogKeys.colorSetProperties, what: "the colour set's properties", d)
        }
        guard let colorsNode = object.required("colors", d, hint: " (the list of colour variants)"),
            let items = Read.array(colorsNode, d, what: "the colours", allowEmpty: true)
        else { return }
        var variants: [AssetVariant<Color>] = []
        for (index, item) in items.enumerated() {
            guard let entry = ObjectReader(item, allowed: CatalogKeys.colorEntry, what: "a colour entry", d) else {
                continue
            }
            guard let colorNode = entry["color"] else { continue }  // an empty slot
            guard let slots = CatalogSlots(entry, d), let color = readColor(colorNode, d) else { continue }
            if slots.direction != nil, let node = entry["language-direction"] {
                d.error(node, "colours have no language direction")
                continue
            }
            let source = set.path + " colors[\(index)]"
            if let reason = slots.unusable {
                result.skipped.append((source, reason))
                continue
            }
            variants.append(AssetVariant(conditions: slots.conditions, value: color, source: source))
        }
        guard d.isEmpty else { return }
        if variants.isEmpty && !result.skipped.isEmpty {
            d.error(colorsNode, "no entry of the colour set can be shown: \(result.skippedList)")
            return
        }
        result.variants = variants  // empty when every entry is an empty slot: normal, an error where used
    }

    /// A "color" object: components in a colour space, or a system colour reference.
    package static func readColor(_ node: JSONNode, _ d: Diagnostics) -> Color? {
        guard let object = ObjectReader(node, allowed: CatalogKeys.color, what: "a colour", d) else { return nil }
        if let referenceNode = object["reference"] {
            if let extra = object["components"] ?? object["color-space"] {
                d.error(extra, "a colour is either a system colour \"reference\" or \"components\", not both")
                return nil
            }
            if let platform = object["platform"], Read.string(platform, d, what: "a platform name") == nil {
                return nil
            }
            guard
                let reference = Read.string(referenceNode, d, what: "a system colour name such as \"systemBlueColor\"")
            else { return nil }
            if let color = SystemColorNames.color(reference, .catalogReference) { return color }
            if let problem = SystemColorNames.problem(reference, .catalogReference) {
                d.error(referenceNode, "system colour " + problem)
                return nil
            }
            d.error(
                referenceNode,
                "unknown system colour \"\(reference)\"" + SystemColorNames.suggestion(reference, .catalogReference))
            return nil
        }
        var space = CatalogColorSpace.srgb
        if let n = object["color-space"] {
            guard let value = Read.name(n, d, among: CatalogColorSpace.allCases.map(\.rawValue), what: "colour space")
            else { return nil }
            space = CatalogColorSpace(rawValue: value) ?? .srgb
        }
        guard let componentsNode = object.required("components", d, hint: " (red, green, blue and alpha)") else {
            return nil
        }
        let keys = space.isGray ? CatalogKeys.grayComponents : CatalogKeys.rgbComponents
        guard let components = ObjectReader(componentsNode, allowed: keys, what: "\(space.rawValue) components", d)
        else { return nil }
        var values: [Double] = []
        for key in keys {
            guard let n = components.required(key, d) else { return nil }
            guard let v = component(n, d, extended: space != .srgb && key != "alpha") else { return nil }
            values.append(v)
        }
        let alpha = min(max(values.removeLast(), 0), 1)
        let rgb = space.toSRGB(values)
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255 + 0.5).rounded(.down)) }
        return Color(RGBA(r: byte(rgb[0]), g: byte(rgb[1]), b: byte(rgb[2]), a: byte(alpha)))
    }

    /// One component as a fraction: "0.871", "222", "0xDE" or a number.
    package static func component(_ node: JSONNode, _ d: Diagnostics, extended: Bool) -> Double? {
        let range: ClosedRange<Double> = extended ? -16...16 : 0...1
        switch node.value {
        case let .number(v):
            guard range.contains(v) else {
                d.error(
                    node,
                    "\(JSONOutput.format(v)) is out of range: expected a component from \(JSONOutput.format(range.lowerBound)) to \(JSONOutput.format(range.upperBound))"
                )
                return nil
            }
            return v
        case let .string(text):
            let hint = "expected \"0.871\" (0 to 1), \"222\" (0 to 255) or \"0xDE\" (hex, 00 to FF)"
            if text.hasPrefix("0x") || text.hasPrefix("0X") {
                guard text.count == 4, let v = UInt8(text.dropFirst(2), radix: 16) else {
                    d.error(node, "invalid hex component \"\(text)\": \(hint)")
                    return nil
                }
                return Double(v) / 255
            }
            if text.contains(".") {
                guard let v = Double(text), v.isFinite, range.contains(v) else {
                    d.error(
                        node,
                        "invalid component \"\(text)\": \(hint)"
                            + (extended ? " (extended spaces allow -16 to 16)" : ""))
                    return nil
                }
                return v
            }
            guard text.allSatisfy(\.isASCII), let v = Int(text), (0...255).contains(v) else {
                d.error(node, "invalid component \"\(text)\": \(hint)")
                return nil
            }
            return Double(v) / 255
        default:
            d.error(
                node,
                "expected a colour component (a string such as \"0.871\", \"222\" or \"0xDE\"), found \(node.value.kindDescription)"
            )
            return nil
        }
    }
}
