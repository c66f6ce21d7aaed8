import AssetCatalogs
import Foundation
import ImageViews
import Syntax

// `ivsim assets`: what a catalog holds and why each variant is picked. For each image set and
// colour set: its variants with their traits, the entries never picked and why, and the variant
// every relevant trait combination resolves to. The combinations vary only the traits some
// variant of the set depends on (plus the display scale for images), so a set without dark
// variants lists no dark rows; `traits` fixes any of them.

/// A readable listing of an asset catalog.
public enum CatalogListing {
    /// The listing of the catalog at `url` (shown as `display`), and every problem found in it.
    /// `fixed` maps trait keys (as in scenario files) to the one value to list.
    public static func describe(
        catalogAt url: URL, display: String, fixed: [(key: String, value: String)] = [],
        cache: AssetCache = AssetCache()
    ) -> (text: String, diagnostics: [ScenarioDiagnostic]) {
        let area = ReadableArea(folder: url.deletingLastPathComponent())
        let index = CatalogIndex(url: url, display: display, area: area, cache: cache)
        var diagnostics = index.diagnostics
        // Sets of one kind that share a name: a scenario warns and uses the first (NamedAssets), so
        // the listing says so and lists the others as never used.
        var shadowed: [String: String] = [:]
        for sets in index.ambiguities {
            let message = CatalogIndex.sharedName(sets, in: display)
            diagnostics.append(
                ScenarioDiagnostic(
                    file: display, location: nil, path: "", message: message, severity: .warning,
                    kind: AssetWarnings.duplicateName))
            for set in sets.dropFirst() { shadowed[set.display] = sets[0].path }
        }
        let imageSets = index.sets.filter { $0.kind == .imageSet }
        let colorSets = index.sets.filter { $0.kind == .colorSet }
        let symbolSets = index.sets.filter { $0.kind == .symbolSet }
        var out =
            "\(display): \(imageSets.count) image set\(imageSets.count == 1 ? "" : "s"), \(colorSets.count) colour set\(colorSets.count == 1 ? "" : "s")"
            + (symbolSets.isEmpty ? "" : ", \(symbolSets.count) symbol set\(symbolSets.count == 1 ? "" : "s")")
        out +=
            index.skipped.isEmpty
            ? "\n"
            : ", \(index.skipped.count) other (not read by UIImage(named:) or UIColor(named:)): "
                + index.skipped.map { ($0.display as NSString).lastPathComponent }.joined(separator: ", ") + "\n"
        for set in index.sets {
            out += "\n"
            if let used = shadowed[set.display] {
                out +=
                    "\(set.kind.noun) \"\(set.name)\" (\(set.path))\n"
                    + "  never used: \(used) has the same name and comes first by path (see the warning)\n"
                continue
            }
            switch set.kind {
            case .imageSet:
                // PNG headers only: nothing is decoded
                let result = ImageSetReader.entries(set, area: area, cache: cache)
                diagnostics += result.diagnostics
                for warning in result.warnings {
                    diagnostics.append(
                        ScenarioDiagnostic(
                            file: set.display + "/Contents.json", location: nil, path: "", message: warning.message,
                            severity: .warning, kind: warning.kind))
                }
                out += describe(
                    set, result, noun: "image set", fixed: fixed, images: true,
                    header: { "  rendering: \($0[0].value.renderingMode.rawValue)\n" },
                    line: { pad(file($0.source, set)) + $0.conditions.summary + details($0.value) })
            case .symbolSet:
                out += SymbolListing.describe(set, area: area, cache: cache, diagnostics: &diagnostics)
            case .colorSet:
                let result = ColorSetReader.read(set, cache: cache)
                diagnostics += result.diagnostics
                out += describe(
                    set, result, noun: "colour set", fixed: fixed, images: false, header: { _ in "" },
                    line: { pad(file($0.source, set)) + pad($0.conditions.summary) + color($0.value, fixed: fixed) })
            }
        }
        return (out, diagnostics)
    }

    /// One set: its name and path, its variants (`header` above them, `line` for each), the
    /// entries never picked and what each trait combination resolves to.
    private static func describe<Value>(
        _ set: CatalogIndex.Set, _ result: CatalogSetResult<Value>, noun: String,
        fixed: [(key: String, value: String)], images: Bool,
        header: ([AssetVariant<Value>]) -> String, line: (AssetVariant<Value>) -> String
    ) -> String {
        var out = "\(noun) \"\(set.name)\" (\(set.path))\n"
        guard let variants = result.variants else { return out + "  unusable: see the errors\n" }
        guard !variants.isEmpty else {
            return out
                + "  empty: every entry is an empty slot (as Xcode's templates leave them); \(images ? "UIImage" : "UIColor")(named:) "
                + "returns nil for it, and a scenario that uses it is refused\n"
        }
        out += header(variants) + "  variants:\n"
        for variant in variants { out += "    " + line(variant) + "\n" }
        out += skipped(result.skipped, set)
        return out + resolution(variants, fixed: fixed, images: images) { file($0.source, set) }
    }

    private static func file(_ source: String, _ set: CatalogIndex.Set) -> String {
        source.hasPrefix(set.path + "/")
            ? String(source.dropFirst(set.path.count + 1))
            : source.hasPrefix(set.path + " ") ? String(source.dropFirst(set.path.count + 1)) : source
    }

    private static func pad(_ text: String, to width: Int = 26) -> String {
        text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }

    private static func details(_ entry: ImageSetReader.ImageEntry) -> String {
        var parts = ["\(entry.pixelWidth)×\(entry.pixelHeight) px"]
        if entry.isDisplayP3 { parts.append("Display P3, converted to sRGB") }
        if let caps = entry.mirrored ? entry.capInsets?.mirrored : entry.capInsets {
            parts.append(
                "caps \(fmt(caps.top)) \(fmt(caps.left)) \(fmt(caps.bottom)) \(fmt(caps.right)) pt, \(entry.resizingMode.rawValue)"
            )
        }
        let a = entry.mirrored ? entry.alignmentInsets.mirrored : entry.alignmentInsets
        if a != .zero {
            parts.append("alignment insets \(fmt(a.top)) \(fmt(a.left)) \(fmt(a.bottom)) \(fmt(a.right)) pt")
        }
        return "  (" + parts.joined(separator: "; ") + ")"
    }

    private static func fmt(_ v: Double) -> String { JSONOutput.format(v) }

    /// A colour's values: light and dark, then those of the other contrasts and levels where they
    /// differ from all listed before (a system colour reference has up to four pairs), within the
    /// `fixed` traits.
    private static func color(_ c: Color, fixed: [(key: String, value: String)]) -> String {
        var traits = Traits()
        for dimension in TraitDimension.all {
            if let value = fixed.first(where: { $0.key == dimension.key })?.value { dimension.apply(&traits, value) }
        }
        let contrasts =
            fixed.contains { $0.key == "accessibilityContrast" }
            ? [traits.accessibilityContrast] : AccessibilityContrast.allCases
        let levels =
            fixed.contains { $0.key == "userInterfaceLevel" }
            ? [traits.userInterfaceLevel] : UserInterfaceLevel.allCases
        var pairs: [(label: String, light: RGBA, dark: RGBA)] = []
        for level in levels {
            for contrast in contrasts {
                var t = traits
                t.accessibilityContrast = contrast
                t.userInterfaceLevel = level
                t.userInterfaceStyle = .light
                let light = c.resolved(t)
                t.userInterfaceStyle = .dark
                let label = [contrast == .high ? "high-contrast" : nil, level == .elevated ? "elevated" : nil]
                    .compactMap { $0 }.joined(separator: " ")
                pairs.append((label, light, c.resolved(t)))
            }
        }
        func text(_ p: (label: String, light: RGBA, dark: RGBA)) -> String {
            p.light == p.dark ? p.light.description : "light \(p.light.description), dark \(p.dark.description)"
        }
        var values = text(pairs[0])
        for (i, p) in pairs.enumerated().dropFirst()
        where !pairs[..<i].contains(where: { $0.light == p.light && $0.dark == p.dark }) {
            values += "; \(p.label): " + text(p)
        }
        return c.systemName.map { "\($0) (\(values))" } ?? values
    }

    private static func skipped(_ entries: [(entry: String, reason: String)], _ set: CatalogIndex.Set) -> String {
        guard !entries.isEmpty else { return "" }
        return "  never picked:\n" + entries.map { "    " + pad(file($0.entry, set)) + $0.reason + "\n" }.joined()
    }

    /// The variant each combination of the relevant traits picks.
    private static func resolution<Value>(
        _ variants: [AssetVariant<Value>], fixed: [(key: String, value: String)], images: Bool,
        name: (AssetVariant<Value>) -> String
    ) -> String {
        let conditions = variants.map(\.conditions)
        var matrix = VariantMatrix()
        for dimension in TraitDimension.all {
            if let value = fixed.first(where: { $0.key == dimension.key })?.value {
                matrix.dimensions.append(.init(key: dimension.key, values: [value]))
                continue
            }
            let relevant: Bool =
                switch dimension.key {
                case "displayScale": images
                case "userInterfaceStyle": conditions.contains { $0.userInterfaceStyle != nil }
                case "layoutDirection": conditions.contains { $0.layoutDirection != nil }
                case "userInterfaceIdiom": conditions.contains { $0.idiom != nil }
                case "horizontalSizeClass": conditions.contains { $0.horizontalSizeClass != nil }
                case "verticalSizeClass": conditions.contains { $0.verticalSizeClass != nil }
                case "accessibilityContrast": conditions.contains { $0.accessibilityContrast != nil }
                default: false  // the level and the content size: no catalog slot names them (docs/ASSETS.md)
                }
            guard relevant else { continue }
            var values = dimension.values
            if dimension.key == "userInterfaceIdiom" {
                // The idioms the set names, and the phone (which takes the universal variants).
                values = values.filter { v in v == "phone" || conditions.contains { $0.idiom?.rawValue == v } }
            }
            matrix.dimensions.append(.init(key: dimension.key, values: values))
        }
        var out = "  resolves to:\n"
        for combination in matrix.combinations(from: Traits()) {
            let traits = combination.parts.isEmpty ? "any traits" : combination.parts.joined(separator: " ")
            if let index = variants.bestMatch(for: combination.traits) {
                out +=
                    "    " + pad(traits, to: 40) + "→ " + pad(name(variants[index])) + "("
                    + variants[index].conditions.summary + ")\n"
            } else {
                out += "    " + pad(traits, to: 40) + "→ nothing (UIKit returns nil)\n"
            }
        }
        return out
    }
}
