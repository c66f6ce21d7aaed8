import Foundation
import IVSimKit

/// `ivsim init`: a project's ivsim.json, an example scenario and the scenario schema for editors.
/// Never overwrites a file.
enum InitCommand {
    static let usage = """
        usage: ivsim init [options]
          write ivsim.json, <scenarios>/example.json and <scenarios>/scenario.schema.json in the current folder
          (existing files are left alone and named); then `ivsim record` records the example's baselines

        options:
          --scenarios DIR      where scenarios live (default: Scenarios)
          --snapshots DIR      where baselines live (default: Snapshots)
          --asset-root DIR     a folder scenarios may read images and catalogs from besides their own, such as
                               App/Assets.xcassets (repeatable; must exist)
        """

    /// The example scenario: a wide checkerboard aspect-fitted into a tall image view, at three
    /// display scales, with a state that fills instead.
    static let example = """
        {
          "$schema": "scenario.schema.json",
          "description": "An example: a wide checkerboard aspect-fitted into a tall image view; the fill state aspect-fills it.",
          "acknowledgedWarnings": ["resampled"],
          "canvas": { "size": [140, 180], "background": "#FFFFFF" },
          "images": {
            "wide": { "generate": { "checkerboard": { "size": [60, 20], "cell": 5, "colors": ["#E53935", "#FFFFFF"] } } }
          },
          "root": {
            "subviews": [
              { "id": "hero", "type": "imageView", "frame": [10, 10, 120, 160], "backgroundColor": "#CFD8DC",
                "image": "wide", "contentMode": "scaleAspectFit", "clipsToBounds": true }
            ]
          },
          "variants": {
            "matrix": { "displayScale": [1, 2, 3] },
            "states": [ { "name": "fill", "set": { "hero.contentMode": "scaleAspectFill" } } ]
          }
        }

        """

    static func run(_ rest: [String]) throws -> Int32 {
        let arguments = try Arguments(
            rest, command: "init", valueOptions: ["--scenarios", "--snapshots", "--asset-root"], flagOptions: [])
        if arguments.wantsHelp { return CommandLineTool.help(usage) }
        guard arguments.positional.isEmpty else {
            throw UsageError(message: "init takes no arguments, only options (ivsim init --help)")
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var configuration = ProjectConfiguration(folder: here)
        if let folder = arguments.value("--scenarios") { configuration.scenarios = folder }
        if let folder = arguments.value("--snapshots") { configuration.baselines = folder }
        for root in arguments.all("--asset-root") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: configuration.url(root).path, isDirectory: &isFolder),
                isFolder.boolValue
            else {
                throw UsageError(message: "--asset-root '\(root)' is not a folder")
            }
            configuration.assetRoots.append(root)
        }
        // The configuration must be one ivsim reads back, and every file must be makeable, before
        // anything is written (no half-made project).
        do {
            _ = try ProjectConfiguration.parse(
                Array(configuration.text.utf8), folder: here, displayName: ProjectConfiguration.fileName)
        } catch {
            throw UsageError(
                message: "these options make a configuration ivsim would refuse: "
                    + error.diagnostics.map(\.message).joined(separator: "; "))
        }
        let files: [(path: String, text: String)] = [
            (ProjectConfiguration.fileName, configuration.text),
            ((configuration.scenarios as NSString).appendingPathComponent("example.json"), example),
            (
                (configuration.scenarios as NSString).appendingPathComponent("scenario.schema.json"),
                ScenarioSchema.document().text()
            )
        ]
        var kept: Set<String> = []
        for file in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) {
                if isFolder.boolValue {
                    throw UsageError(message: "'\(file.path)' is a folder: init writes a file there; move the folder")
                }
                kept.insert(file.path)
            }
            var parent = configuration.url(file.path).deletingLastPathComponent()
            while parent.path != here.path && parent.path.count > here.path.count {
                if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), !isFolder.boolValue {
                    throw UsageError(message: "'\(parent.path)' is a file: init makes a folder there; move the file")
                }
                parent = parent.deletingLastPathComponent()
            }
        }
        var wrote: [String] = []
        for file in files {
            if kept.contains(file.path) {
                print("kept \(file.path) (it exists)")
                continue
            }
            do {
                try FileOutput.writeAtomically(file.text, to: configuration.url(file.path))
            } catch {
                throw UsageError(message: error.description)
            }
            wrote.append(file.path)
            print("wrote \(file.path)")
        }
        if !wrote.isEmpty {
            print(
                "next: `ivsim record` writes the example's baselines into \(configuration.baselines)/; look at them, commit them, "
                    + "and `ivsim check` compares against them")
        }
        return ExitCode.success
    }
}
