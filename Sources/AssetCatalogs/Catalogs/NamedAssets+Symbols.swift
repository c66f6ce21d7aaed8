import Foundation
import Symbols
import Syntax

// Symbol lookups (docs/SYMBOLS.md §Finding a symbol): UIImage(systemName:) in the folders of
// exported templates a scenario declares (`symbolRoots`), then in its catalogs' symbol sets;
// UIImage(named:) in the catalogs' symbol sets when no image set has the name.

/// A symbol's template, where it was found and the rendering its set asks for.
package struct FoundSymbol {
    package var template: SymbolTemplate
    package var source: String
    package var renderingIntent: String?
}

extension NamedAssets {
    /// What looking a symbol up gave.
    package enum SymbolLookup {
        case found(FoundSymbol)
        case notFound
        /// Found but unusable (reported).
        case failed
    }

    /// Whether a catalog has an image set called `name` (UIImage(named:) finds it before a symbol set).
    package func hasImageSet(named name: String) -> Bool {
        catalogs.contains { !$0.index.sets(named: name, kind: .imageSet).isEmpty }
    }

    /// Whether UIImage(named:) would find an image called `name` — an image set of a catalog or
    /// files of the bundle — without reading it or reporting anything.
    package func hasImage(named name: String) -> Bool {
        if hasImageSet(named: name) { return true }
        guard let bundle else { return false }
        let folder = bundle.url.appendingPathComponent(DisplayPath.folder(of: name))
        guard area.contains(folder), case .found = BundleLookup.files(named: name, in: bundle.url, cache: cache) else {
            return false
        }
        return true
    }

    /// The symbol set called `name` in the first catalog that has one.
    package func symbolSet(named name: String, node: JSONNode) -> SymbolLookup {
        for (folder, index) in catalogs {
            guard let set = firstSet(named: name, kind: .symbolSet, in: index, folder: folder, node: node) else {
                continue
            }
            guard let contents = SymbolSetReader.read(set, cache: cache, d) else {
                d.error(
                    node,
                    "symbol set \"\(name)\" in \(folder.path) cannot be used (see the errors in \(set.display)/Contents.json)"
                )
                return .failed
            }
            guard let templateURL = contents.template else {
                d.error(
                    node,
                    "symbol set \"\(name)\" in \(folder.path) is empty (no entry names a template file): UIImage(named:) "
                        + "returns nil for it; give it an SVG template {\"filename\": \"name.svg\", \"idiom\": \"universal\"}"
                )
                return .failed
            }
            return template(
                templateURL, shownAs: contents.display, source: contents.source, name: name,
                intent: contents.renderingIntent, node: node)
        }
        return .notFound
    }

    /// UIImage(systemName:): `<root>/<name>.svg` in the first symbol root that has it, else the
    /// catalogs' symbol set of that name; a name found nowhere is reported with how to export it.
    package func systemSymbol(named name: String, node: JSONNode) -> SymbolLookup {
        for root in symbolRoots {
            let file = name + ".svg"
            guard !name.contains("/"), cache.contains(file, in: root.url) else { continue }
            return template(
                root.url.appendingPathComponent(file), shownAs: root.display + "/" + file,
                source: root.path + "/" + file,
                name: name, intent: nil, node: node)
        }
        switch symbolSet(named: name, node: node) {
        case .notFound: break
        case let result: return result
        }
        let known =
            symbolRoots.flatMap { root in
                (cache.listing(root.url) ?? []).filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
            } + catalogs.flatMap { $0.index.names(of: .symbolSet) }
        let places = symbolRoots.map(\.path) + catalogs.map(\.folder.path)
        if symbolStandIns {
            d.warning(
                node, kind: AssetWarnings.symbolStandIn,
                "no symbol named \"\(name)\"" + (places.isEmpty ? "" : " in " + places.joined(separator: " or "))
                    + ": drawn as ivsim's stand-in (a crossed square) because \"symbolStandIns\" is on; export its "
                    + "template from the SF Symbols app into a folder of \"symbolRoots\" (docs/SYMBOLS.md §Finding a symbol)"
            )
            return .found(
                FoundSymbol(template: .standIn(for: name), source: "stand-in for \(name)", renderingIntent: nil))
        }
        d.error(
            node,
            "no symbol named \"\(name)\""
                + (places.isEmpty
                    ? " (the scenario declares no \"symbolRoots\" and no \"assetCatalogs\")"
                    : " in " + places.joined(separator: " or "))
                + Suggestions.didYouMean(name, among: known)
                + ": Apple's symbols cannot ship with ivsim — export the symbol's template from the SF Symbols app "
                + "(File › Export Symbol…, as \(name).svg) into a folder listed in \"symbolRoots\" "
                + "(docs/SYMBOLS.md §Finding a symbol)")
        return .failed
    }

    private func template(
        _ url: URL, shownAs path: String, source: String, name: String, intent: String?, node: JSONNode
    ) -> SymbolLookup {
        // A template is held like a vector document: charged to the scenario's image bytes once.
        if let budget, !budget.admitDocument(url, at: node) { return .failed }
        switch cache.symbolTemplate(url, area: area, shownAs: path) {
        case var .success(template):
            template.name = name  // the run's cache may have read it for another name
            return .found(FoundSymbol(template: template, source: source, renderingIntent: intent))
        case let .failure(failure):
            d.error(node, failure.message)
            return .failed
        }
    }
}
