import Foundation
import ImageViews
import Raster
import Syntax

// The `named` lookups of one scenario: images as UIImage(named:) finds them — each asset catalog
// in the order the scenario lists them, then the bundle's folders — and colours as
// UIColor(named:) finds them in the catalogs. Every named image or colour keeps all its variants
// and is checked to have one for every trait combination the scenario's variants use, so that a
// variant can never resolve to nothing (docs/ASSETS.md).

/// The bundle and catalogs a scenario names, and the lookups in them.
package final class NamedAssets {
    /// A folder the scenario names, with its path as written (relative to the scenario).
    package struct Folder {
        package var url: URL
        package var path: String
        /// The path for messages (relative to where ivsim runs, like the scenario's).
        package var display: String
    }

    package let bundle: Folder?
    package let catalogs: [(folder: Folder, index: CatalogIndex)]
    /// Folders of symbol templates exported from the SF Symbols app (`symbolRoots`), searched by
    /// UIImage(systemName:) before the catalogs.
    package let symbolRoots: [Folder]
    /// `symbolStandIns`: a system symbol found nowhere is drawn as ivsim's stand-in, with a warning.
    package let symbolStandIns: Bool
    /// Where the scenario may read (its folder and the project's asset roots).
    package let area: ReadableArea
    /// The scenario's image budget: files are admitted by their headers before they are decoded
    /// (set by the scenario's ImageReader; nil for catalog listings, which decode nothing).
    package var budget: PixelBudget? {
        didSet { for other in bundles { other.assets.budget = budget } }
    }
    /// The scenario's other bundles (`bundles`: an app's frameworks), by name in the order written:
    /// UIImage(named:in:compatibleWith:) and UIColor(named:in:compatibleWith:) look in one of them
    /// only, its catalogs, then its folder.
    package private(set) var bundles: [(name: String, assets: NamedAssets)] = []
    /// This scenario's decoded files and image sets, so that a file is one image in it whatever
    /// the run's cache keeps (the budget counts each image once).
    private var decodedHere: [String: ImageFile] = [:]
    private var setsHere: [String: CatalogSetResult<Image>] = [:]
    package let cache: AssetCache
    /// Every trait collection a view of the scenario can have (variants × both directions).
    package let traitCombinations: [Traits]
    package let d: Diagnostics
    /// Whether a bundle or catalog the scenario names could not be used (already reported): a
    /// name that is then not found is not reported again.
    package let isIncomplete: Bool

    package init(
        bundle: Folder?, catalogs: [Folder], symbolRoots: [Folder] = [], symbolStandIns: Bool = false,
        isIncomplete: Bool = false, area: ReadableArea, cache: AssetCache, traitCombinations: [Traits], d: Diagnostics
    ) {
        self.bundle = bundle
        self.symbolRoots = symbolRoots
        self.symbolStandIns = symbolStandIns
        self.isIncomplete = isIncomplete
        self.area = area
        self.cache = cache
        self.traitCombinations = traitCombinations
        self.d = d
        self.catalogs = catalogs.map { folder in
            let index = cache.catalog(folder.url) {
                CatalogIndex(url: folder.url, display: folder.display, area: area, cache: cache)
            }
            d.append(index.diagnostics)
            return (folder, index)
        }
    }

    package var isEmpty: Bool { bundle == nil && catalogs.isEmpty }

    /// The lookups of the bundle `name` (`"bundle": name` on a named image or colour), or nil with
    /// an error at `node` naming the bundles there are.
    package func inBundle(_ name: String, node: JSONNode) -> NamedAssets? {
        if let found = bundles.first(where: { $0.name == name }) { return found.assets }
        let names = bundles.map(\.name)
        d.error(
            node,
            names.isEmpty
                ? "bundle \"\(name)\" is not declared: the scenario's \"bundles\" names the bundles besides the main one"
                : "unknown bundle \"\(name)\"" + Suggestions.didYouMean(name, among: names)
                    + " (the scenario's \"bundles\": \(names.map { "\"\($0)\"" }.joined(separator: ", ")))")
        return nil
    }

    /// The image called `name`, with its variants; errors are reported at `node`.
    package func image(named name: String, node: JSONNode) -> Image? {
        guard !isEmpty || isIncomplete else {
            d.error(
                node,
                "\"named\" looks images up in a \"bundle\" folder or \"assetCatalogs\": the scenario gives neither")
            return nil
        }
        switch catalogVariants(
            named: name, kind: .imageSet, node: node,
            read: { set in
                // The set's files by their headers first (its vector files by their size, before they
                // are read): a set past the budget is not decoded.
                if let budget {
                    let described = ImageSetReader.entries(set, area: area, cache: cache) {
                        budget.admitDocument($0, at: node)
                    }
                    if described.refused { return CatalogSetResult<Image>(variants: nil, refused: true) }
                    if let entries = described.variants,
                        !budget.admit(
                            entries.map {
                                (
                                    $0.value.url.standardizedFileURL.resolvingSymlinksInPath().path, $0.value.fileWidth,
                                    $0.value.fileHeight
                                )
                            },
                            at: node)
                    {
                        return CatalogSetResult<Image>(variants: nil, refused: true)
                    }
                }
                if let read = setsHere[set.url.path] { return read }
                let read = cache.imageSet(set.url) {
                    ImageSetReader.read(
                        set, area: area, cache: cache,
                        drawing: { budget?.drawingLimits(spent: $0) ?? d.limits.drawing },
                        fullWork: d.limits.drawingWork, decode: decode)
                }
                if read.drawingRefused { budget?.drawingRefused = true }
                if read.workSpent { budget?.drawingSpent = true }
                setsHere[set.url.path] = read
                return read
            })
        {
        case let .found(variants, what): return image(from: variants, name: name, node: node, what: what)
        case .failed: return nil
        case .notFound: break
        }
        if let bundle {
            // A name with folders in it reads that folder's listing: it must be inside too.
            let folder = bundle.url.appendingPathComponent(DisplayPath.folder(of: name))
            guard area.contains(folder) else {
                d.error(node, area.outside(bundle.path + "/" + name, links: true).message)
                return nil
            }
            switch BundleLookup.files(named: name, in: bundle.url, cache: cache) {
            case let .invalid(message):
                d.error(node, message)
                return nil
            case let .found(files):
                return image(
                    files: files, shownIn: bundle.path + "/", name: name, node: node,
                    what: "\"\(name)\" in \(bundle.path)")
            case let .missing(available):
                reportMissing(name, node: node, bundleNames: available)
                return nil
            }
        }
        reportMissing(name, node: node, bundleNames: [])
        return nil
    }

    /// UIImage(contentsOfFile:) of `path` (relative to the scenario's folder; already checked to
    /// stay inside the readable area): the file and its siblings that differ only by scale and device
    /// modifiers (`pic.png`, `pic@2x.png`, `pic~ipad.png`, …; BundleLookup), as variants — on a 2x
    /// screen the @2x file (docs/ASSETS.md §Image files). Siblings are looked up beside the path
    /// as written (a symbolic link's own folder and name, not its target's). The file itself must
    /// exist, and it stands in on any device: the idiom its name gives only ranks it.
    package func imageFile(_ path: String, name: String, node: JSONNode) -> Image? {
        let url = area.folder.standardizedFileURL.appendingPathComponent(path).standardizedFileURL
        let folder = url.deletingLastPathComponent(), file = url.lastPathComponent
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            d.error(node, "\"\(path)\" is a folder, not an image file")
            return nil
        }
        guard cache.contains(file, in: folder) else {
            d.error(node, AssetFile.notFound(url, shownAs: path).message)
            return nil
        }
        // Files in the scenario's folder tree are shown by their path in it, others (asset roots) as written.
        let base = area.folder.standardizedFileURL.path
        let written = DisplayPath.folder(of: path)
        let relative =
            folder.path.hasPrefix(base + "/")
            ? String(folder.path.dropFirst(base.count + 1)) + "/"
            : folder.path == base ? "" : written.isEmpty ? "" : written + "/"
        switch BundleLookup.files(named: file, in: folder, cache: cache) {
        case var .found(files):
            for index in files.indices where files[index].path == file { files[index].conditions.idiom = nil }
            return image(files: files, shownIn: relative, name: name, node: node, what: "\"\(path)\"")
        case let .invalid(message):
            d.error(node, message)
        case .missing:
            d.error(node, AssetFile.notFound(url, shownAs: path).message)
        }
        return nil
    }

    /// The file decoded: this scenario's copy, else the run's, else decoded now.
    package func decode(_ url: URL, _ shownAs: String, _ displayP3: Bool) -> Result<ImageFile, AssetFile.Failure> {
        let key = url.path + (displayP3 ? "#display-p3" : "")
        if let image = decodedHere[key] {
            guard area.contains(url) else { return .failure(area.outside(shownAs, links: true)) }
            return .success(image)
        }
        let result = cache.decoded(url, area: area, shownAs: shownAs, displayP3: displayP3)
        if case let .success(image) = result { decodedHere[key] = image }
        return result
    }

    /// An image whose variants are `files` (shown as `prefix` + their paths).
    private func image(files: [BundleLookup.File], shownIn prefix: String, name: String, node: JSONNode, what: String)
        -> Image?
    {
        // Admitted by their headers before any is decoded (a file whose header cannot be read is
        // reported by its decoding below).
        if let budget {
            let headers = files.compactMap { file -> (String, Int, Int)? in
                guard case let .success(header) = cache.header(file.url, area: area, shownAs: prefix + file.path) else {
                    return nil
                }
                return (file.url.standardizedFileURL.resolvingSymlinksInPath().path, header.width, header.height)
            }
            guard budget.admit(headers, at: node) else { return nil }
        }
        var variants: [AssetVariant<Image>] = []
        for file in files {
            let source = prefix + file.path
            switch decode(file.url, source, false) {
            case let .success(decoded):
                if let warning = decoded.profileWarning(shownAs: source) {
                    d.warning(node, kind: AssetWarnings.colorProfile, warning)
                }
                let image = Image(
                    name: name, pixels: decoded.pixels, scale: Double(file.conditions.scale ?? 1),
                    orientation: decoded.orientation)
                variants.append(
                    AssetVariant(conditions: file.conditions, value: image.withSource(source), source: source))
            case let .failure(failure):
                d.error(node, failure.message)
                return nil
            }
        }
        return image(from: variants, name: name, node: node, what: what)
    }

    /// The colour called `name` in the catalogs, with its variants; errors are reported at `node`.
    package func color(named name: String, node: JSONNode) -> Color? {
        switch catalogVariants(
            named: name, kind: .colorSet, node: node,
            read: { set in
                cache.colorSet(set.url) { ColorSetReader.read(set, cache: cache) }
            })
        {
        case let .found(variants, what):
            guard checkCoverage(variants, node: node, what: what) else { return nil }
            var color = variants[0].value
            color.variants = variants
            return color
        case .failed: return nil
        case .notFound: break
        }
        if isIncomplete { return nil }
        let names = catalogs.flatMap { $0.index.names(of: .colorSet) }
        var message =
            "no colour set named \"\(name)\" in "
            + (catalogs.isEmpty
                ? "the scenario (it gives no \"assetCatalogs\")"
                : catalogs.map(\.folder.path).joined(separator: ", "))
        if Color.system(name) != nil {
            message += " (\"\(name)\" is a system colour: write it as a string, \"\(name)\")"
        } else {
            message += Suggestions.didYouMean(name, among: names)
        }
        d.error(node, message)
        return nil
    }

    /// What the catalogs hold for a name.
    private enum CatalogOutcome<Value: Sendable> {
        /// The set's variants, and how messages name the set.
        case found([AssetVariant<Value>], what: String)
        /// No catalog has a set of that kind and name.
        case notFound
        /// The set is ambiguous or has errors (reported).
        case failed
    }

    /// The first set of `kind` called `name` in one catalog, or nil; when sets of the catalog share
    /// the name, the `duplicateName` warning at `node` (docs/ASSETS.md §Lookup order).
    func firstSet(
        named name: String, kind: CatalogIndex.Kind, in index: CatalogIndex, folder: Folder, node: JSONNode
    ) -> CatalogIndex.Set? {
        let sets = index.sets(named: name, kind: kind)
        if sets.count > 1 {
            d.warning(node, kind: AssetWarnings.duplicateName, CatalogIndex.sharedName(sets, in: folder.path))
        }
        return sets.first
    }

    /// The variants of the set of `kind` called `name` in the first catalog that has one, read by
    /// `read` (through the run's cache); its problems are reported, and one line at `node`.
    private func catalogVariants<Value>(
        named name: String, kind: CatalogIndex.Kind, node: JSONNode,
        read: (CatalogIndex.Set) -> CatalogSetResult<Value>
    ) -> CatalogOutcome<Value> {
        let noun = kind.noun
        for (folder, index) in catalogs {
            guard let set = firstSet(named: name, kind: kind, in: index, folder: folder, node: node) else { continue }
            let result = read(set)
            d.append(result.diagnostics)
            for warning in result.warnings { d.warning(node, kind: warning.kind, warning.message) }
            let what = "\(noun) \"\(name)\" in \(folder.path)"
            let others = catalogs.filter {
                $0.folder.path != folder.path && !$0.index.sets(named: name, kind: kind).isEmpty
            }
            if !others.isEmpty {
                d.warning(
                    node, kind: AssetWarnings.duplicateName,
                    "\(noun) \"\(name)\" is also in \(others.map(\.folder.path).joined(separator: ", ")): ivsim uses the one in "
                        + "\(folder.path), the first of \"assetCatalogs\"; Apple's catalog format makes one name in two catalogs of a target "
                        + "an error, and which set an app would get is undefined — rename one")
            }
            guard let variants = result.variants else {
                if !result.refused {
                    d.error(node, "\(what) cannot be used (see the errors in \(set.display)/Contents.json)")
                }
                return .failed
            }
            guard !variants.isEmpty else {
                d.error(
                    node,
                    "\(what) is empty: every entry of \(set.display)/Contents.json is an empty slot (as Xcode's "
                        + "templates leave them), so \(kind == .imageSet ? "UIImage" : "UIColor")(named:) returns nil; "
                        + "give it \(kind == .imageSet ? "an image" : "a colour")")
                return .failed
            }
            return .found(variants, what: what)
        }
        return .notFound
    }

    /// The image for the scenario's own traits, carrying every variant.
    private func image(from variants: [AssetVariant<Image>], name: String, node: JSONNode, what: String) -> Image? {
        guard checkCoverage(variants, node: node, what: what), let first = traitCombinations.first,
            let index = variants.bestMatch(for: first)
        else { return nil }
        var image = variants[index].value
        image.variants = variants
        return image
    }

    /// Reports the first trait combination no variant serves (UIKit would return nil there).
    private func checkCoverage<Value>(_ variants: [AssetVariant<Value>], node: JSONNode, what: String) -> Bool {
        for traits in traitCombinations where variants.bestMatch(for: traits) == nil {
            let listed = variants.map(\.conditions.summary)
            d.error(
                node,
                "\(what) has no variant for \(Self.describe(traits)) (its variants: \(listed.joined(separator: "; "))); add one, or leave that trait out of the scenario's variants"
            )
            return false
        }
        return true
    }

    private func reportMissing(_ name: String, node: JSONNode, bundleNames: [String]) {
        if isIncomplete { return }
        let catalogNames = catalogs.flatMap { $0.index.names(of: .imageSet) }
        var places = catalogs.map(\.folder.path)
        if let bundle { places.append(bundle.path) }
        var message = "no image named \"\(name)\" in " + places.joined(separator: " or ")
        let stem = (name as NSString).deletingPathExtension
        if stem != name, catalogNames.contains(stem) {
            message += " (catalog images are named without an extension: \"\(stem)\")"
        } else {
            message += Suggestions.didYouMean(name, among: catalogNames + bundleNames)
        }
        d.error(node, message)
    }

    /// Traits in the words of the scenario format ("phone 3x dark rightToLeft compact-width").
    package static func describe(_ t: Traits) -> String {
        "\(t.userInterfaceIdiom.rawValue) \(t.displayScale)x \(t.userInterfaceStyle.rawValue) \(t.layoutDirection.rawValue) "
            + "\(t.horizontalSizeClass.rawValue)-width \(t.verticalSizeClass.rawValue)-height"
            + (t.accessibilityContrast == .high ? " high-contrast" : "")
            + (t.userInterfaceLevel == .elevated ? " elevated" : "")
    }
}

extension Image {
    /// The image with `source` set (the file it was read from, for reports).
    package func withSource(_ source: String) -> Image {
        var image = self
        image.source = source
        return image
    }
}

extension NamedAssets {
    /// The scenario's "bundle", "assetCatalogs" and "symbolRoots" (folders inside the scenario's
    /// folder tree or the project's asset roots).
    package convenience init(
        _ document: ObjectReader, area: ReadableArea, displayName: String, cache: AssetCache,
        traitCombinations: [Traits], _ d: Diagnostics
    ) {
        let displayFolder = DisplayPath.folder(of: displayName)
        func read(_ node: JSONNode, what: String, catalog: Bool) -> Folder? {
            guard let path = Read.string(node, d, what: what) else { return nil }
            let url: URL
            do {
                url = try area.resolve(path, what: "folders")
            } catch {
                d.error(node, error.message)
                return nil
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                let parent = url.deletingLastPathComponent()
                let names = (cache.listing(parent) ?? []).filter { !catalog || $0.hasSuffix(".xcassets") }
                d.error(
                    node, "folder \"\(path)\" not found" + Suggestions.didYouMean(url.lastPathComponent, among: names))
                return nil
            }
            if catalog && url.pathExtension != "xcassets" {
                d.error(node, "\"\(path)\" is not an asset catalog: expected a folder whose name ends in .xcassets")
                return nil
            }
            return Folder(url: url, path: path, display: DisplayPath.join(displayFolder, path))
        }
        var bundle: Folder?
        var isIncomplete = false
        if let node = document["bundle"] {
            bundle = read(node, what: "the bundle's folder", catalog: false)
            isIncomplete = bundle == nil
        }
        // A list of folders, each once; one that cannot be used makes the lookups incomplete.
        func folders(
            _ document: ObjectReader, _ key: String, what: String, each: String, catalog: Bool
        ) -> [Folder] {
            var list: [Folder] = []
            var seen: Set<String> = []
            guard let node = document[key], let items = Read.array(node, d, what: what) else { return list }
            for item in items {
                guard let folder = read(item, what: each, catalog: catalog) else {
                    isIncomplete = true
                    continue
                }
                guard seen.insert(folder.url.standardizedFileURL.path).inserted else {
                    d.error(item, "\"\(folder.path)\" is listed twice")
                    continue
                }
                list.append(folder)
            }
            return list
        }
        let catalogs = folders(
            document, "assetCatalogs", what: "asset catalog folders", each: "an .xcassets folder", catalog: true)
        // The scenario's own symbol roots, then the project's (ivsim.json's `symbolRoots`).
        var symbolRoots = folders(
            document, "symbolRoots", what: "folders of symbol templates", each: "a folder of symbol templates",
            catalog: false)
        var searched = Set(symbolRoots.map(\.url.standardizedFileURL.path))
        for root in area.roots where root.holdsSymbols && searched.insert(root.url.standardizedFileURL.path).inserted {
            symbolRoots.append(Folder(url: root.url, path: root.written, display: root.written))
        }
        let standIns = document["symbolStandIns"].flatMap { Read.bool($0, d) } ?? false
        // `assetCatalogs` that is not a list (reported) makes the lookups incomplete.
        func catalogsUnreadable(_ object: ObjectReader) -> Bool {
            guard let node = object["assetCatalogs"] else { return false }
            if case .array = node.value { return false }
            return true
        }
        if catalogsUnreadable(document) { isIncomplete = true }
        self.init(
            bundle: bundle, catalogs: catalogs, symbolRoots: symbolRoots, symbolStandIns: standIns,
            isIncomplete: isIncomplete, area: area, cache: cache, traitCombinations: traitCombinations, d: d)
        // The other bundles: each its folder of loose files and its catalogs, as the main one.
        guard let node = document["bundles"] else { return }
        guard case let .object(members) = node.value else {
            d.error(
                node,
                "expected the bundles by name (an object, such as {\"Kit\": {\"folder\": \"Kit\"}}), found \(node.value.kindDescription)"
            )
            return
        }
        for member in members {
            let (name, entry) = (member.key, member.value)
            guard !name.isEmpty else {
                d.error(entry, "a bundle needs a name (the key), such as \"Kit\" for Kit.framework")
                continue
            }
            // A bundle declared but unusable (reported here) is kept, empty and incomplete, so that
            // its lookups are not reported again as an unknown bundle or a name not found.
            let unusable = NamedAssets(
                bundle: nil, catalogs: [], isIncomplete: true, area: area, cache: cache,
                traitCombinations: traitCombinations, d: d)
            guard let object = ObjectReader(entry, allowed: ["folder", "assetCatalogs"], what: "a bundle", d) else {
                bundles.append((name, unusable))
                continue
            }
            guard object.has("folder") || object.has("assetCatalogs") else {
                d.error(
                    entry, "bundle \"\(name)\" needs \"folder\" (its loose files) or \"assetCatalogs\" (its catalogs)")
                bundles.append((name, unusable))
                continue
            }
            isIncomplete = false
            let folder = object["folder"].flatMap { read($0, what: "the bundle's folder", catalog: false) }
            if object.has("folder") && folder == nil { isIncomplete = true }
            let catalogs = folders(
                object, "assetCatalogs", what: "asset catalog folders", each: "an .xcassets folder", catalog: true)
            if catalogsUnreadable(object) { isIncomplete = true }
            bundles.append(
                (
                    name,
                    NamedAssets(
                        bundle: folder, catalogs: catalogs, isIncomplete: isIncomplete, area: area, cache: cache,
                        traitCombinations: traitCombinations, d: d)
                ))
        }
    }
}

/// Paths for messages: joined and with "." and ".." removed by their names alone (no file
/// system), so that every scenario of a run names a file the same way.
public enum DisplayPath {
    /// The folder part of a path as written: everything before the last "/" ("/" for a file at the
    /// root, "" for a bare name). Foundation's `NSString.deletingLastPathComponent` traps on a
    /// one-character name without a slash (swift-corelibs-foundation in Swift 6.3), and a
    /// scenario file may well be called "x": never use it on a path from outside.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `relative` appended to `folder`, with "." and ".." folded.
    package static func join(_ folder: String, _ relative: String) -> String {
        var parts: [Substring] = []
        let absolute = folder.hasPrefix("/")
        for part in (folder.isEmpty ? relative : folder + "/" + relative).split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }
}
