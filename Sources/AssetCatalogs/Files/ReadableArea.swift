import Foundation
import Syntax
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real paths of paths that may not exist yet.
public enum RealPath {
    /// The real path of `url` (every symbolic link resolved) even when its last components do not
    /// exist: the deepest existing ancestor is resolved (realpath(3)) and the rest appended.
    /// (Foundation's resolvingSymlinksInPath leaves a path alone when its end does not exist, so a
    /// link higher up went unseen: a missing file through a link out of the folder passed the
    /// inside check, and its "did you mean" listed the folder the link leads to.)
    public static func of(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while existing.path != "/" && !FileManager.default.fileExists(atPath: existing.path) {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        guard let resolved = realpath(existing.path, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        var path = String(cString: resolved)
        for component in rest { path += (path.hasSuffix("/") ? "" : "/") + component }
        return path
    }

    /// Whether `url`'s real path is `folder`'s or inside it.
    public static func isInside(_ url: URL, _ folder: URL) -> Bool {
        let base = of(folder), path = of(url)
        return path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }
}

/// A folder outside the scenarios' own folders that scenarios may read images and catalogs from:
/// an entry of `assetRoots` in a project's ivsim.json (docs/CLI.md §Project configuration).
public struct AssetRoot: Sendable, Equatable {
    /// The folder.
    public var url: URL
    /// How the configuration file wrote it, for messages.
    public var written: String
    /// A folder of exported symbol templates (`symbolRoots` of ivsim.json): every scenario's
    /// `systemName` looks in it after the scenario's own symbol roots (docs/SYMBOLS.md).
    public var holdsSymbols: Bool

    public init(url: URL, written: String, holdsSymbols: Bool = false) {
        self.url = url
        self.written = written
        self.holdsSymbols = holdsSymbols
    }
}

/// Where one scenario may read files: its own folder tree and the project's asset roots.
/// Paths are relative to the scenario's folder; absolute paths, and paths or symbolic links
/// that lead anywhere else, are refused with the configuration key that would allow them.
package struct ReadableArea: Sendable {
    /// The scenario's folder.
    package let folder: URL
    package let roots: [AssetRoot]
    /// The real paths of the folder and the roots, each ending in "/", found once.
    private let realBases: [String]

    package init(folder: URL, roots: [AssetRoot] = []) {
        self.folder = folder
        self.roots = roots
        realBases = ([folder] + roots.map(\.url)).map { url in
            let path = RealPath.of(url)
            return path.hasSuffix("/") ? path : path + "/"
        }
    }

    /// Whether `url`, with symbolic links followed, is inside the scenario's folder or a root.
    package func contains(_ url: URL) -> Bool {
        let path = RealPath.of(url) + "/"
        return realBases.contains { path.hasPrefix($0) }
    }

    /// `relativePath` resolved against the scenario's folder, refused when it leaves the area.
    package func resolve(_ relativePath: String, what: String = "image files") throws(AssetFile.Failure) -> URL {
        if relativePath.isEmpty { throw .message("empty file path") }
        if relativePath.hasPrefix("/") || relativePath.hasPrefix("~") {
            throw .message(
                "\"\(relativePath)\" is an absolute path: \(what) must be given relative to the scenario's folder")
        }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        // Appended, not resolved "relative to" the base: a base without a trailing slash would lose its last component.
        let url = URL(fileURLWithPath: RealPath.of(base.appendingPathComponent(relativePath)))
        guard contains(url) else { throw outside(relativePath, base: base) }
        return url
    }

    /// The refusal of a path that leaves the area, naming the key that would allow it.
    package func outside(_ path: String, base: URL? = nil, links: Bool = false) -> AssetFile.Failure {
        let shown = (base ?? folder.standardizedFileURL).lastPathComponent
        let roots = self.roots.isEmpty ? "" : " and the asset roots (\(Listing.names(self.roots.map(\.written))))"
        return .message(
            "\"\(path)\" \(links ? "links" : "is") outside the scenario's folder (\(shown)/)\(roots): keep assets next to "
                + "the scenario, or add the folder that holds it to \"assetRoots\" in the project's ivsim.json")
    }
}
