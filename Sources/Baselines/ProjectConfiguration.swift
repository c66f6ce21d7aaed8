import AssetCatalogs
import Foundation
import ScenarioFormat
import Syntax

/// A project's `ivsim.json`: where its scenarios and baselines live and which folders outside the
/// scenarios' own folders they may read (docs/CLI.md §Project configuration).
///
/// ```json
/// { "scenarios": "UITests/Scenarios", "snapshots": "UITests/Snapshots",
///   "artifacts": ".ivsim/failures", "assetRoots": ["App/Assets.xcassets"] }
/// ```
///
/// Every key is optional; paths are relative to the file's folder. Command-line options win over
/// the file.
public struct ProjectConfiguration: Sendable, Equatable {
    /// The file name looked for in the folder ivsim runs in.
    public static let fileName = "ivsim.json"
    static let keys = ["$schema", "scenarios", "snapshots", "artifacts", "assetRoots", "symbolRoots"]
    /// The most asset roots (each path a scenario reads is checked against every root).
    static let maxAssetRoots = 100

    /// The defaults of a project without a file, and of IVSimKit's runs and assertions: the one
    /// place they are written.
    public static let defaultScenarios = "Scenarios"
    /// The baselines' folder, `Snapshots` as snapshot-testing tools name it (key `snapshots`).
    public static let defaultBaselines = "Snapshots"
    public static let defaultArtifacts = ".ivsim/failures"

    /// The default baselines folder: `Snapshots` beside `item` (the scenarios folder, a test file,
    /// the folder of a scenario file).
    public static func defaultBaselines(beside item: URL) -> URL {
        item.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(defaultBaselines)
    }

    /// The default artifacts folder: `.ivsim/failures` in the current folder.
    public static var defaultArtifactsFolder: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(defaultArtifacts)
    }

    /// The folder the file is in (paths resolve against it).
    public var folder: URL
    public var scenarios: String = defaultScenarios
    /// The baselines' folder (the file's key `snapshots`).
    public var baselines: String = defaultBaselines
    public var artifacts: String = defaultArtifacts
    /// Folders (relative to `folder` as written) that scenarios may read besides their own.
    public var assetRoots: [String] = []
    /// Folders of symbol templates exported from the SF Symbols app that every scenario's
    /// `systemName` searches after its own `symbolRoots` (readable like asset roots).
    public var symbolRoots: [String] = []

    /// The defaults for a project rooted at `folder` (no file).
    public init(folder: URL) {
        self.folder = folder
    }

    /// `path` resolved against the configuration's folder (absolute paths stay as they are).
    public func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    }

    /// How to show `path` in messages: as written, prefixed by the configuration's folder when
    /// that is not the current one.
    public func display(_ path: String, relativeTo current: URL) -> String {
        if path.hasPrefix("/") || folder.standardizedFileURL.path == current.standardizedFileURL.path { return path }
        return (folder.path as NSString).appendingPathComponent(path)
    }

    /// The asset roots as the loader takes them.
    public var roots: [AssetRoot] {
        assetRoots.map { AssetRoot(url: url($0), written: $0) }
            + symbolRoots.map { AssetRoot(url: url($0), written: $0, holdsSymbols: true) }
    }

    /// Reads the file at `url`; errors name the file (as `displayName`), line and JSON path.
    public static func load(_ url: URL, displayName: String) throws(ScenarioErrors) -> ProjectConfiguration {
        switch BoundedFile.read(url, limit: 1 << 20) {
        case let .success(bytes):
            return try parse(bytes, folder: url.deletingLastPathComponent(), displayName: displayName)
        case let .failure(failure):
            throw ScenarioErrors([
                ScenarioDiagnostic(
                    file: displayName, location: nil, path: "",
                    message: failure.message(limit: 1 << 20, what: "a configuration"))
            ])
        }
    }

    /// Reads configuration text whose paths resolve against `folder`.
    public static func parse(_ bytes: [UInt8], folder: URL, displayName: String) throws(ScenarioErrors)
        -> ProjectConfiguration
    {
        let d = Diagnostics(file: displayName)
        let document = try JSONParser.document(bytes, file: displayName)
        var configuration = ProjectConfiguration(folder: folder)
        guard let object = ObjectReader(document, allowed: keys, what: "an ivsim configuration", d) else {
            throw ScenarioErrors(d.sorted)
        }
        if let node = object["$schema"] { _ = Read.string(node, d, what: "the schema's path or URL") }
        func folderPath(_ node: JSONNode, what: String, mustExist: Bool) -> String? {
            guard let path = Read.string(node, d, what: what) else { return nil }
            guard !path.isEmpty else {
                d.error(node, "\(what) is empty: give a folder relative to \(displayName)'s folder")
                return nil
            }
            // A configuration comes with the project, from whoever wrote it: its folders stay inside
            // the project (record --prune deletes baselines in "snapshots"; scenarios read "assetRoots").
            guard !path.hasPrefix("/") && !path.hasPrefix("~"), RealPath.isInside(configuration.url(path), folder)
            else {
                d.error(
                    node,
                    "\"\(path)\" leads outside the project (the folder of \(displayName)): the folders of a configuration stay "
                        + "inside it; a folder elsewhere can be given on the command line (--scenarios, --snapshots, --artifacts)"
                )
                return nil
            }
            var isFolder: ObjCBool = false
            let url = configuration.url(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    d.error(node, "\"\(path)\" is a file, not a folder")
                    return nil
                }
            } else if mustExist {
                let parent = url.deletingLastPathComponent()
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
                d.error(
                    node,
                    "folder \"\(path)\" not found (relative to \(displayName)'s folder)"
                        + Suggestions.didYouMean(url.lastPathComponent, among: names))
                return nil
            }
            return path
        }
        if let node = object["scenarios"], let path = folderPath(node, what: "the scenarios folder", mustExist: false) {
            configuration.scenarios = path
        }
        if let node = object["snapshots"], let path = folderPath(node, what: "the snapshots folder", mustExist: false) {
            configuration.baselines = path
        }
        if let node = object["artifacts"], let path = folderPath(node, what: "the artifacts folder", mustExist: false) {
            configuration.artifacts = path
        }
        for (key, what, each) in [
            ("assetRoots", "folders scenarios may read from", "an asset root"),
            ("symbolRoots", "folders of exported symbol templates", "a symbol root")
        ] {
            guard let node = object[key], let items = Read.array(node, d, what: what, allowEmpty: true) else {
                continue
            }
            guard configuration.assetRoots.count + items.count <= Self.maxAssetRoots else {
                d.error(
                    node,
                    "\(configuration.assetRoots.count + items.count) \(key == "assetRoots" ? "asset" : "asset and symbol") roots, "
                        + "more than the \(Self.maxAssetRoots) a project may have: name the folders that hold the assets (a root "
                        + "covers everything under it)")
                throw ScenarioErrors(d.sorted)
            }
            for item in items {
                guard let path = folderPath(item, what: each, mustExist: true) else { continue }
                if key == "assetRoots" {
                    configuration.assetRoots.append(path)
                } else {
                    configuration.symbolRoots.append(path)
                }
            }
        }
        if !d.isEmpty { throw ScenarioErrors(d.sorted) }
        return configuration
    }

    /// The file's text for `ivsim init`.
    public var text: String {
        JSONOutput.object(
            [
                ("scenarios", .string(scenarios)), ("snapshots", .string(baselines)), ("artifacts", .string(artifacts)),
                ("assetRoots", .array(assetRoots.map(JSONOutput.string)))
            ] + (symbolRoots.isEmpty ? [] : [("symbolRoots", .array(symbolRoots.map(JSONOutput.string)))])
        ).text()
    }
}
