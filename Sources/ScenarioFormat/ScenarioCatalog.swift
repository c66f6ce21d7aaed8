import Foundation

/// Finds scenario files: every `*.json` under a folder, in path order, except what is not a
/// scenario — `*.schema.json`, layout reports (`*.layout.json`), the project configuration
/// (`ivsim.json`), the Contents.json files inside asset catalogs (`*.xcassets` folders are not
/// entered), hidden files and folders, and the folders given in `excluding` (the snapshots and
/// artifacts folders when they lie inside the scenarios folder, as with `--scenarios .`).
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

    /// Whether a file name can be a scenario's.
    public static func isScenarioFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasSuffix(".schema.json") && !name.hasSuffix(".layout.json")
            && name != "ivsim.json"
            && name != "Contents.json" && !name.hasPrefix(".")
    }

    /// The scenarios under `folder`, except those under the `excluding` folders.
    public static func entries(in folder: URL, displayFolder: String, excluding: [URL] = []) -> [Entry] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        let base = folder.standardizedFileURL.path
        let skipped = Set(excluding.map { $0.standardizedFileURL.path })
        var entries: [Entry] = []
        for case let url as URL in enumerator {
            let path = url.standardizedFileURL.path
            if url.pathExtension == "xcassets" || skipped.contains(path) {
                enumerator.skipDescendants()
                continue
            }
            guard isScenarioFileName(url.lastPathComponent), path.hasPrefix(base + "/") else { continue }
            let relative = String(path.dropFirst(base.count + 1))
            let name = String(relative.dropLast(".json".count))
            let shown =
                displayFolder.isEmpty
                ? relative : (displayFolder.hasSuffix("/") ? displayFolder : displayFolder + "/") + relative
            entries.append(Entry(url: url, name: name, displayName: shown))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
