import Foundation
import Syntax

// One `.xcassets` folder, indexed by name: a walk of its folder tree that records every image
// set and colour set under the name UIImage(named:) and UIColor(named:) know it by. Folders
// without an extension are groups (a group whose Contents.json sets `provides-namespace`
// prefixes the names inside it: `mammals/Llama`); folders with an extension are sets of that
// kind. Sets are parsed only when a scenario uses them (ImageSetReader, ColorSetReader).

/// The sets of one asset catalog, by name.
package struct CatalogIndex {
    package enum Kind: String {
        case imageSet = "imageset"
        case colorSet = "colorset"
        case symbolSet = "symbolset"

        /// What messages and listings call a set of this kind.
        package var noun: String {
            switch self {
            case .imageSet: "image set"
            case .colorSet: "colour set"
            case .symbolSet: "symbol set"
            }
        }
    }

    /// One image set or colour set.
    package struct Set {
        /// The name it is looked up by, with namespace prefixes.
        package var name: String
        package var kind: Kind
        package var url: URL
        /// Its path for messages ("Scenarios/x/Media.xcassets/Icons/Play.imageset").
        package var display: String
        /// Its path from the catalog's folder on, for reports and listings
        /// ("Media.xcassets/Icons/Play.imageset"): the same for every scenario that uses it.
        package var path: String

        /// Its kind and name, what lookup tells sets apart by.
        package var key: String { CatalogIndex.key(kind, name) }
    }

    /// The key of the sets of `kind` called `name`.
    static func key(_ kind: Kind, _ name: String) -> String { kind.rawValue + ":" + name }

    /// The catalog's path for messages.
    package var display: String
    /// Every image and colour set, in walk order (folders sorted by name).
    package var sets: [Set] = []
    /// Sets of kinds UIImage(named:) does not read (app icons, data sets, …), with their kind.
    package var skipped: [(display: String, kind: String)] = []
    /// Problems with the catalog's folders and group files.
    package var diagnostics: [ScenarioDiagnostic] = []
    private var byName: [String: [Int]] = [:]

    /// Folder kinds an Xcode catalog may hold that image and colour lookup skip.
    package static let otherKinds = [
        "appiconset", "icon", "iconset", "dataset", "imagestack", "imagestacklayer", "brandassets",
        "launchimage", "sticker", "stickerpack", "stickersequence", "complicationset",
        "cubetextureset", "mipmapset", "textureset", "arresourcegroup", "arreferenceimage", "arreferenceobject",
        "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "gcachievement", "solidimagestack",
        "solidimagestacklayer"
    ]

    /// The sets of `kind` called `name`, in walk order (more than one: the caller warns, `sharedName`).
    package func sets(named name: String, kind: Kind) -> [Set] {
        (byName[Self.key(kind, name)] ?? []).map { sets[$0] }
    }

    /// The warning for `sets` (more than one, of one kind and name, in walk order): UIImage(named:)
    /// and UIColor(named:) cannot tell them apart, Xcode builds the catalog with a warning, and
    /// ivsim uses the first by path (§Lookup order). Scenarios and the listing say it alike.
    package static func sharedName(_ sets: [Set], in folder: String) -> String {
        guard let first = sets.first else { return "" }
        return
            "\(sets.count) \(first.kind.noun)s are named \"\(first.name)\" in \(folder): \(Listing.names(sets.map(\.path))); "
            + "ivsim uses the first by path, as Xcode builds such a catalog with a warning and which one an app gets is "
            + "not documented: rename one"
            + (first.kind != .colorSet ? ", or put it in a group that provides a namespace" : "")
    }

    /// The names two or more sets of one kind share, each with its sets, in walk order.
    package var ambiguities: [[Set]] {
        var seen = Swift.Set<String>()
        var result: [[Set]] = []
        for set in sets where !seen.contains(set.key) {
            seen.insert(set.key)
            let named = self.sets(named: set.name, kind: set.kind)
            if named.count > 1 { result.append(named) }
        }
        return result
    }

    /// Every set name of `kind`, in walk order (for suggestions).
    package func names(of kind: Kind) -> [String] {
        sets.filter { $0.kind == kind }.map(\.name)
    }

    /// Indexes the catalog at `url` (already known to be inside `root`, the scenario's folder).
    package init(url: URL, display: String, area: ReadableArea, cache: AssetCache) {
        self.display = display
        var visited: Swift.Set<String> = [url.resolvingSymlinksInPath().path]
        walk(
            url, display: display, path: url.lastPathComponent, prefix: "", area: area, cache: cache, visited: &visited)
        for (index, set) in sets.enumerated() {
            byName[set.key, default: []].append(index)
        }
    }

    /// `visited`: the real paths of the groups walked so far, so that a symbolic link back into
    /// the catalog (a loop) is reported instead of walked for ever.
    private mutating func walk(
        _ folder: URL, display: String, path: String, prefix: String, area: ReadableArea, cache: AssetCache,
        visited: inout Swift.Set<String>
    ) {
        guard let entries = cache.listing(folder) else {
            diagnostics.append(
                ScenarioDiagnostic(file: display, location: nil, path: "", message: "cannot read the folder"))
            return
        }
        for entry in entries where !entry.hasPrefix(".") {
            let url = folder.appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            let entryDisplay = display + "/" + entry
            guard area.contains(url) else {
                diagnostics.append(
                    ScenarioDiagnostic(
                        file: entryDisplay, location: nil, path: "",
                        message: "links outside the scenario's folder"
                            + (area.roots.isEmpty ? "" : " and the asset roots")
                            + "; keep catalogs inside it, or add the folder it links to to \"assetRoots\" in ivsim.json"
                    ))
                continue
            }
            let ext = (entry as NSString).pathExtension
            let stem = (entry as NSString).deletingPathExtension
            if ext.isEmpty || ext == "spriteatlas" {
                // A group, or a sprite atlas (a group of image sets for SpriteKit that UIImage(named:) also reads).
                guard visited.insert(url.resolvingSymlinksInPath().path).inserted else {
                    diagnostics.append(
                        ScenarioDiagnostic(
                            file: entryDisplay, location: nil, path: "",
                            message: "is a symbolic link to a folder of the catalog already read (a loop): remove it"))
                    continue
                }
                let namespace = Self.providesNamespace(url, display: entryDisplay, cache: cache, into: &diagnostics)
                walk(
                    url, display: entryDisplay, path: path + "/" + entry,
                    prefix: namespace ? prefix + stem + "/" : prefix,
                    area: area, cache: cache, visited: &visited)
            } else if let kind = Kind(rawValue: ext) {
                sets.append(
                    Set(name: prefix + stem, kind: kind, url: url, display: entryDisplay, path: path + "/" + entry))
            } else if Self.otherKinds.contains(ext) {
                skipped.append((entryDisplay, ext))
            } else {
                let known = [Kind.imageSet.rawValue, Kind.colorSet.rawValue, Kind.symbolSet.rawValue] + Self.otherKinds
                let suggestion = Suggestions.didYouMean(ext, among: known)
                diagnostics.append(
                    ScenarioDiagnostic(
                        file: entryDisplay, location: nil, path: "",
                        message: "unknown kind of catalog folder \".\(ext)\""
                            + (suggestion.isEmpty
                                ? " (lookup reads .imageset, .colorset and .symbolset folders; groups have no extension)"
                                : suggestion)))
            }
        }
    }

    /// Whether a group's Contents.json sets `properties.provides-namespace` (absent file: no).
    private static func providesNamespace(
        _ group: URL, display: String, cache: AssetCache,
        into diagnostics: inout [ScenarioDiagnostic]
    ) -> Bool {
        let d = Diagnostics(file: display + "/Contents.json")
        defer { diagnostics += d.list }
        guard
            let object = CatalogJSON.read(contentsOf: group, allowed: CatalogKeys.group, missing: nil, cache: cache, d)
        else { return false }
        guard let properties = object["properties"],
            let p = ObjectReader(properties, allowed: CatalogKeys.groupProperties, what: "the group's properties", d),
            let flag = p["provides-namespace"]
        else { return false }
        return Read.bool(flag, d) ?? false
    }
}
