import Foundation
import IVSimKit
import Syntax

/// Errors found in input files (a configuration, scenarios): printed as they are, exit code 2.
struct InputErrors: Error {
    let diagnostics: [ScenarioDiagnostic]
}

/// The project a command runs in: `--config FILE`, else `ivsim.json` in the current folder when
/// there is one, else the defaults (docs/CLI.md §Project configuration).
struct Project {
    let configuration: ProjectConfiguration
    /// The configuration file as shown in messages, when there is one.
    let file: String?
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    init(_ arguments: Arguments) throws {
        let given = arguments.value("--config")
        let path = given ?? ProjectConfiguration.fileName
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw UsageError(message: "--config '\(path)' is a folder: give the ivsim.json file")
            }
            do {
                configuration = try ProjectConfiguration.load(URL(fileURLWithPath: path), displayName: path)
            } catch {
                throw InputErrors(diagnostics: error.diagnostics)
            }
            file = path
        } else if let given {
            throw UsageError(message: "--config '\(given)' not found")
        } else {
            configuration = ProjectConfiguration(folder: current)
            file = nil
        }
    }

    /// A folder from an option, else from the configuration: its URL and how to show it.
    func folder(_ option: String?, _ configured: String) -> (url: URL, display: String) {
        if let option { return (URL(fileURLWithPath: option), option) }
        return (configuration.url(configured), configuration.display(configured, relativeTo: current))
    }

    var assetRoots: [AssetRoot] { configuration.roots }

    /// The scenarios folder (`--scenarios`, else the configuration's).
    func scenarios(_ arguments: Arguments) -> (url: URL, display: String) {
        folder(arguments.value("--scenarios"), configuration.scenarios)
    }
}
