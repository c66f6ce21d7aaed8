import Foundation
import IVSimKit
import Syntax

/// `ivsim assets CATALOG [--traits key=value,…]`: lists a catalog's sets, their variants and what
/// each trait combination resolves to.
enum AssetCommands {
    static let usage = """
        usage: ivsim assets CATALOG... [--traits KEY=VALUE,...]
          list an .xcassets folder's image and colour sets, their variants, the entries never picked and why, and
          the file or colour each combination of the traits a set depends on resolves to

        options:
          --traits KEY=VALUE,...   fix traits (e.g. displayScale=3,userInterfaceStyle=dark; repeatable)
        exit codes: 0 the catalog is valid, 2 errors in it (printed as file: error: message).
        """

    static func run(_ rest: [String]) throws -> Int32 {
        let arguments = try Arguments(rest, command: "assets", valueOptions: ["--traits"], flagOptions: [])
        if arguments.wantsHelp { return CommandLineTool.help(usage) }
        let catalogs = arguments.positional
        var fixed: [(key: String, value: String)] = []
        for list in arguments.all("--traits") { fixed += try traits(list) }
        guard !catalogs.isEmpty else {
            throw UsageError(
                message: "assets needs a catalog folder, e.g. ivsim assets Scenarios/asset-catalogs/Media.xcassets")
        }
        var status = ExitCode.success
        let cache = AssetCache()
        for (i, path) in catalogs.enumerated() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                path.hasSuffix(".xcassets") || path.hasSuffix(".xcassets/")
            else {
                throw UsageError(message: "\(path) is not an asset catalog (a folder whose name ends in .xcassets)")
            }
            let display = path.hasSuffix("/") ? String(path.dropLast()) : path
            let (text, diagnostics) = CatalogListing.describe(
                catalogAt: URL(fileURLWithPath: display), display: display,
                fixed: fixed, cache: cache)
            print((i > 0 ? "\n" : "") + text, terminator: "")
            for diagnostic in diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            if diagnostics.contains(where: { $0.severity == .error }) { status = ExitCode.badInput }
        }
        return status
    }

    /// "displayScale=3,userInterfaceStyle=dark" → pairs, each checked against the scenario format's values.
    static func traits(_ list: String) throws -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        for item in list.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let keys = ScenarioTraits.keys
            guard parts.count == 2, let values = ScenarioTraits.values(of: parts[0]) else {
                let key = parts.first ?? ""
                throw UsageError(
                    message: "unknown trait \"\(key)\"" + Suggestions.didYouMean(key, among: keys)
                        + " (traits: \(keys.joined(separator: ", ")))")
            }
            guard values.contains(parts[1]) else {
                throw UsageError(
                    message: "unknown \(parts[0]) \"\(parts[1])\"" + Suggestions.didYouMean(parts[1], among: values)
                        + " (values: \(values.joined(separator: ", ")))")
            }
            result.append((parts[0], parts[1]))
        }
        return result
    }
}
