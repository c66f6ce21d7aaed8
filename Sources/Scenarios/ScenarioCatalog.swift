import Foundation

/// Finds scenario files: every `*.json` under a folder except `*.schema.json` and the
/// Contents.json files inside asset catalogs (`*.xcassets` folders are not entered), in path order.
public enum ScenarioCatalog {
    /// A scenario file and its name (path under the folder, without ".json").
    public struct Entry: Sendable, Equatable {
        public var url: URL
        public var name: String
        /// How to show the file in messages (`<folder>/<name>.json`).
        public var displayName: String

        public init(url: URL, name: String, displayName: String) {
            self.url = url
            self.name = name
            self.displayName = displayName
        }
    }

    /// The scenarios under `folder` whose names contain one of `filters` (all when empty).
    public static func entries(in folder: URL, displayFolder: String, filters: [String] = []) -> [Entry] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        let base = folder.standardizedFileURL.path
        var entries: [Entry] = []
        for case let url as URL in enumerator {
            if url.pathExtension == "xcassets" {
                enumerator.skipDescendants()
                continue
            }
            let path = url.standardizedFileURL.path
            guard path.hasSuffix(".json"), !path.hasSuffix(".schema.json"), path.hasPrefix(base + "/") else { continue }
            let relative = String(path.dropFirst(base.count + 1))
            let name = String(relative.dropLast(".json".count))
            if !filters.isEmpty && !filters.contains(where: { name.contains($0) }) { continue }
            let shown = displayFolder.isEmpty ? relative : (displayFolder.hasSuffix("/") ? displayFolder : displayFolder + "/") + relative
            entries.append(Entry(url: url, name: name, displayName: shown))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
