import Foundation
import Syntax

/// Finds scenario files: every `*.json` under a folder, in path order, except what is not a
/// scenario — `*.schema.json`, layout reports (`*.layout.json`), the project configuration
/// (`ivsim.json`), the Contents.json files inside asset catalogs (`*.xcassets` folders are not
/// entered), hidden files and folders, and the folders given in `excluding` (the snapshots and
/// artifacts folders when they lie inside the scenarios folder, as with `--scenarios .`).
public enum ScenarioCatalog {
    /// A scenario file and its name (path under the folder, without ".json").
    public struct Entry: Sendable, Equatable {
        /// The file's path; its URL is made when asked for (a run of one scenario lists every file
        /// of the corpus, and making each one's URL was 4 % of such a check).
        public var path: String
        public var name: String
        /// How to show the file in messages (`<folder>/<name>.json`).
        public var displayName: String

        public var url: URL { URL(fileURLWithPath: path) }

        public init(url: URL, name: String, displayName: String) {
            self.init(path: url.path, name: name, displayName: displayName)
        }

        public init(path: String, name: String, displayName: String) {
            self.path = path
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

    /// The scenarios under `folder`, except those under the `excluding` folders: one readdir walk
    /// (DirectoryWalk) that enters neither hidden folders, nor asset catalogs, nor the excluded ones.
    public static func entries(in folder: URL, displayFolder: String, excluding: [URL] = []) -> [Entry] {
        let base = folder.standardizedFileURL.path
        let skipped = Set(excluding.map { $0.standardizedFileURL.path })
        func last(_ path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }
        let items = DirectoryWalk.items(under: base) { relative in
            let name = last(relative)
            return !name.hasPrefix(".") && !name.hasSuffix(".xcassets") && !skipped.contains(base + "/" + relative)
        }
        var entries: [Entry] = []
        for item in items where !item.isDirectory && isScenarioFileName(String(last(item.path))) {
            let name = String(item.path.dropLast(".json".count))
            let shown =
                displayFolder.isEmpty
                ? item.path : (displayFolder.hasSuffix("/") ? displayFolder : displayFolder + "/") + item.path
            entries.append(
                Entry(path: base + "/" + item.path, name: name, displayName: shown))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
