import Foundation
import Symbols
import Syntax

// A `.symbolset` (docs/SYMBOLS.md §Finding a symbol): its Contents.json names one SVG template for the
// universal idiom, and may set `symbol-rendering-intent`. Entries for a language direction, a
// locale or an appearance are refused with a message: ivsim reads one template per set.

/// What a symbol set's Contents.json says.
package struct SymbolSetContents {
    /// The template file, inside the set's folder; nil for an empty set (every entry an empty
    /// slot, as a new symbol set in Xcode is: UIImage(named:) returns nil for it, as for an empty
    /// image set).
    package var template: URL?
    /// Its path from the catalog's folder on, for reports ("Media.xcassets/gear.symbolset/gear.svg").
    package var source: String
    /// Its path for messages.
    package var display: String
    /// `properties.symbol-rendering-intent` ("template", "original", "multicolor", …), if given.
    package var renderingIntent: String?
}

package enum SymbolSetReader {
    /// The rendering intents Xcode writes (the Symbol Image Set's "Render As" menu).
    package static let renderingIntents = ["template", "original", "multicolor", "hierarchical", "monochrome"]

    /// Reads the set's Contents.json; nil when it has errors (in `d`).
    package static func read(_ set: CatalogIndex.Set, cache: AssetCache, _ d: Diagnostics) -> SymbolSetContents? {
        let file = Diagnostics(file: set.display + "/Contents.json")
        defer { d.append(file.list) }
        guard
            let object = CatalogJSON.read(
                contentsOf: set.url, allowed: CatalogKeys.symbolSet,
                missing: "missing file: a symbol set names its template in a Contents.json", cache: cache, file)
        else { return nil }
        var intent: String?
        if let node = object["properties"],
            let properties = ObjectReader(
                node, allowed: CatalogKeys.symbolSetProperties, what: "the symbol set's properties", file),
            let intentNode = properties["symbol-rendering-intent"]
        {
            guard let value = Read.name(intentNode, file, among: renderingIntents, what: "symbol rendering intent")
            else {
                return nil
            }
            intent = value
        }
        guard
            let symbolsNode = object.required(
                "symbols", file, hint: " (the template: [{\"filename\": …, \"idiom\": \"universal\"}])"),
            let items = Read.array(symbolsNode, file, what: "the symbol set's templates")
        else { return nil }
        var chosen: (name: String, node: JSONNode)?
        for item in items {
            guard let entry = ObjectReader(item, allowed: CatalogKeys.symbolEntry, what: "a symbol entry", file) else {
                return nil
            }
            for key in ["language-direction", "locale", "appearances"] {
                if let node = entry[key] {
                    file.error(
                        node,
                        "\"\(key)\" on a symbol entry is not read: ivsim reads one universal template per symbol set "
                            + "(docs/SYMBOLS.md §Finding a symbol)")
                    return nil
                }
            }
            if let idiom = entry["idiom"], Read.name(idiom, file, among: CatalogKeys.idioms, what: "idiom") == nil {
                return nil
            }
            guard let filenameNode = entry["filename"] else { continue }  // an empty slot
            guard let filename = Read.string(filenameNode, file, what: "a file name") else { return nil }
            guard chosen == nil else {
                file.error(item, "a second template (\"\(filename)\"): ivsim reads one template per symbol set")
                return nil
            }
            chosen = (filename, filenameNode)
        }
        guard let chosen else {
            return SymbolSetContents(template: nil, source: "", display: set.display, renderingIntent: intent)
        }
        guard !chosen.name.contains("/"), chosen.name != "..", chosen.name != "." else {
            file.error(
                chosen.node, "\"\(chosen.name)\": a template is a file in the set's own folder, named without a path")
            return nil
        }
        guard cache.contains(chosen.name, in: set.url) else {
            file.error(
                chosen.node,
                "\"\(chosen.name)\" is not in \(set.display)"
                    + Suggestions.didYouMean(
                        chosen.name, among: (cache.listing(set.url) ?? []).filter { $0 != "Contents.json" }))
            return nil
        }
        return SymbolSetContents(
            template: set.url.appendingPathComponent(chosen.name), source: set.path + "/" + chosen.name,
            display: set.display + "/" + chosen.name, renderingIntent: intent)
    }
}
