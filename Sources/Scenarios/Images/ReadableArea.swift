import Foundation

/// A folder outside the scenarios' own folders that scenarios may read images and catalogs from:
/// an entry of `assetRoots` in a project's ivsim.json (docs/CLI.md §Project configuration).
public struct AssetRoot: Sendable, Equatable {
    /// The folder.
    public var url: URL
    /// How the configuration file wrote it, for messages.
    public var written: String

    public init(url: URL, written: String) {
        self.url = url
        self.written = written
    }
}

/// Where one scenario may read files: its own folder tree and the project's asset roots.
/// Paths are relative to the scenario's folder; absolute paths, and paths or symbolic links
/// that lead anywhere else, are refused with the configuration key that would allow them.
struct ReadableArea: Sendable {
    /// The scenario's folder.
    let folder: URL
    let roots: [AssetRoot]

    init(folder: URL, roots: [AssetRoot] = []) {
        self.folder = folder
        self.roots = roots
    }

    /// Whether `url`, with symbolic links followed, is inside the scenario's folder or a root.
    func contains(_ url: URL) -> Bool {
        AssetFile.isInside(url, folder) || roots.contains { AssetFile.isInside(url, $0.url) }
    }

    /// `relativePath` resolved against the scenario's folder, refused when it leaves the area.
    func resolve(_ relativePath: String, what: String = "image files") throws(AssetFile.Failure) -> URL {
        if relativePath.isEmpty { throw .message("empty file path") }
        if relativePath.hasPrefix("/") || relativePath.hasPrefix("~") {
            throw .message("\"\(relativePath)\" is an absolute path: \(what) must be given relative to the scenario's folder")
        }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        // Appended, not resolved "relative to" the base: a base without a trailing slash would lose its last component.
        let url = base.appendingPathComponent(relativePath).standardizedFileURL.resolvingSymlinksInPath()
        guard contains(url) else { throw outside(relativePath, base: base) }
        return url
    }

    /// The refusal of a path that leaves the area, naming the key that would allow it.
    func outside(_ path: String, base: URL? = nil, links: Bool = false) -> AssetFile.Failure {
        let shown = (base ?? folder.standardizedFileURL).lastPathComponent
        let roots = self.roots.isEmpty ? "" : " and the asset roots (\(self.roots.map(\.written).joined(separator: ", ")))"
        return .message("\"\(path)\" \(links ? "links" : "is") outside the scenario's folder (\(shown)/)\(roots): keep assets next to "
                        + "the scenario, or add the folder that holds it to \"assetRoots\" in the project's ivsim.json")
    }
}
