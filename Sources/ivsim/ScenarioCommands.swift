import Foundation
import IVSimKit
import Syntax

/// `render`, `layout` and `validate`: scenario files or folders named on the command line.
enum ScenarioCommands {
    static let valueOptions = ["--config", "--limit", "--scenarios"]
    static let commonHelp = """
          --strict             warnings are errors
          --limit NAME=N       raise a limit of docs/LIMITS.md for this run (repeatable)
          --config FILE        the project configuration (default: ./ivsim.json when there is one): its asset roots
        """

    static let validateUsage = """
        usage: ivsim validate [PATH...] [options]
          check scenario files, or every scenario in folders (default: the scenarios folder); errors and warnings

        options:
        \(commonHelp)
        exit codes: 0 every file valid, 2 an error (or no scenario found).
        """

    static let renderUsage = """
        usage: ivsim render SCENARIO... -o DIR [options]
          write the PNG and layout report of every variant, no comparison (several scenarios go to DIR/<name>/)

        options:
          -o DIR, --output DIR the folder to write to (created if missing)
        \(commonHelp)
        """

    static let layoutUsage = """
        usage: ivsim layout SCENARIO... [--variant NAME] [options]
          print layout reports as JSON: one scenario with one variant (or --variant) as the report itself, one
          scenario's variants as {"variant": report}, several scenarios (or a folder) as {"scenario": {"variant": report}}

        options:
          --variant NAME       only this variant
        \(commonHelp)
        """

    /// The snapshot name of a scenario file: its path under the scenarios folder without ".json"
    /// when it lies inside that folder (as `check` names it), else its base name.
    static func scenarioName(_ url: URL, scenariosFolder: URL) -> String {
        let folder = scenariosFolder.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        if path.hasPrefix(folder) {
            return String(
                path.dropFirst(folder.count).dropLast(url.pathExtension.isEmpty ? 0 : url.pathExtension.count + 1))
        }
        return url.deletingPathExtension().lastPathComponent
    }

    /// The scenario files named (a folder means every scenario in it), in order. A path that is
    /// neither, or a folder without scenarios, is a usage error.
    static func entries(_ paths: [String], arguments: Arguments, project: Project) throws -> [ScenarioCatalog.Entry] {
        let scenariosFolder = project.scenarios(arguments).url
        var all: [ScenarioCatalog.Entry] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if exists && isDirectory.boolValue {
                let folder = URL(fileURLWithPath: path)
                let snapshots = project.folder(nil, project.configuration.baselines).url,
                    artifacts = project.folder(nil, project.configuration.artifacts).url
                let found = ScenarioCatalog.entries(in: folder, displayFolder: path, excluding: [snapshots, artifacts])
                    .map { entry in
                        var named = entry
                        named.name = scenarioName(entry.url, scenariosFolder: scenariosFolder)
                        return named
                    }
                if found.isEmpty {
                    throw UsageError(
                        message: "no scenario files in '\(path)' (scenarios are .json files; layout reports, schemas, "
                            + "Contents.json and ivsim.json are not)")
                }
                all += found
            } else if !exists {
                let parent = DisplayPath.folder(of: path)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []
                throw UsageError(
                    message: "'\(path)' not found"
                        + Suggestions.didYouMean((path as NSString).lastPathComponent, among: names.sorted()))
            } else {
                let url = URL(fileURLWithPath: path)
                all.append(
                    ScenarioCatalog.Entry(
                        url: url, name: scenarioName(url, scenariosFolder: scenariosFolder), displayName: path))
            }
        }
        return all
    }

    /// Refuses two files that would both be filed under one name (render's DIR/<name>/, layout's keys).
    static func requireDistinctNames(_ entries: [ScenarioCatalog.Entry]) throws {
        var seen: [String: String] = [:]
        for entry in entries {
            if let first = seen[entry.name] {
                throw UsageError(
                    message: "'\(first)' and '\(entry.displayName)' would both be named '\(entry.name)': render them "
                        + "separately, or rename one")
            }
            seen[entry.name] = entry.displayName
        }
    }

    /// Loads the entries one at a time and hands each valid scenario to `body`, which must not
    /// keep it: a run holds one scenario (and its images) at a time, however many files it is
    /// given (ten files at the image budget each needed 8 GB when all were kept). Warnings are
    /// printed; with `--strict` they are errors. Returns the errors of the files that did not load.
    /// Loads each scenario and hands it to `body`. `assets` is the run's cache: `render` and
    /// `layout` load every scenario twice (all checked first, then each written), and share one
    /// so that the second pass finds the first's decodes and drawings.
    static func forEachScenario(
        _ entries: [ScenarioCatalog.Entry], arguments: Arguments, project: Project, printingWarnings: Bool = true,
        assets: AssetCache = AssetCache(),
        _ body: (Scenario) throws -> Void
    ) throws -> (errors: [ScenarioDiagnostic], invalid: Int) {
        let load = try LoadOptions(arguments, project: project)
        let limits = try load.scenarioLimits()
        var errors: [ScenarioDiagnostic] = []
        var invalid = 0
        for entry in entries {
            let scenario: Scenario
            do {
                scenario = try ScenarioLoader.load(
                    entry.url, displayName: entry.displayName, name: entry.name, assets: assets,
                    strict: load.strict, limits: limits, assetRoots: load.roots)
            } catch {
                errors += error.diagnostics
                invalid += 1
                continue
            }
            if printingWarnings { for warning in scenario.warnings { printError(warning.description) } }
            try body(scenario)
        }
        return (errors, invalid)
    }

    static func validate(_ rest: [String]) throws -> Int32 {
        let arguments = try Arguments(rest, command: "validate", valueOptions: valueOptions, flagOptions: ["--strict"])
        if arguments.wantsHelp { return CommandLineTool.help(validateUsage) }
        let project = try Project(arguments)
        let paths = arguments.positional.isEmpty ? [project.scenarios(arguments).display] : arguments.positional
        var valid = 0
        let (errors, invalid) = try forEachScenario(
            try entries(paths, arguments: arguments, project: project), arguments: arguments,
            project: project
        ) { _ in valid += 1 }
        for error in errors { printError(error.description) }
        print("\(valid) valid, \(invalid) invalid (\(errors.count) error\(errors.count == 1 ? "" : "s"))")
        return errors.isEmpty ? ExitCode.success : ExitCode.badInput
    }

    static func render(_ rest: [String]) throws -> Int32 {
        let arguments = try Arguments(
            rest, command: "render", valueOptions: valueOptions + ["-o", "--output"], flagOptions: ["--strict"])
        if arguments.wantsHelp { return CommandLineTool.help(renderUsage) }
        guard let output = arguments.value("-o", "--output"), !output.isEmpty, !arguments.positional.isEmpty else {
            throw UsageError(
                message: "render needs scenarios and a folder: ivsim render SCENARIO... -o DIR (ivsim render --help)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError(message: "-o '\(output)' is a file, not a folder")
        }
        let project = try Project(arguments)
        let entries = try entries(arguments.positional, arguments: arguments, project: project)
        try requireDistinctNames(entries)
        // Every file is checked first: a run with an error writes nothing.
        let assets = AssetCache()
        let (errors, _) = try forEachScenario(entries, arguments: arguments, project: project, assets: assets) { _ in }
        for error in errors { printError(error.description) }
        guard errors.isEmpty else { return ExitCode.badInput }
        _ = try forEachScenario(
            entries, arguments: arguments, project: project, printingWarnings: false, assets: assets
        ) { scenario in
            let folder = URL(fileURLWithPath: output).appendingPathComponent(entries.count > 1 ? scenario.name : "")
            for (png, layout, variant) in VariantRendering.files(for: scenario) {
                do throws(FileOutput.Failure) {
                    try FileOutput.writeAtomically(png, to: folder.appendingPathComponent(variant + ".png"))
                    try FileOutput.writeAtomically(layout, to: folder.appendingPathComponent(variant + ".layout.json"))
                } catch {
                    throw UsageError(message: error.description)
                }
                print(folder.appendingPathComponent(variant).path + ".{png,layout.json}")
            }
        }
        return ExitCode.success
    }

    static func layout(_ rest: [String]) throws -> Int32 {
        let arguments = try Arguments(
            rest, command: "layout", valueOptions: valueOptions + ["--variant"], flagOptions: ["--strict"])
        if arguments.wantsHelp { return CommandLineTool.help(layoutUsage) }
        guard !arguments.positional.isEmpty else {
            throw UsageError(
                message: "layout needs a scenario: ivsim layout SCENARIO [--variant NAME] (ivsim layout --help)")
        }
        let project = try Project(arguments)
        let entries = try entries(arguments.positional, arguments: arguments, project: project)
        try requireDistinctNames(entries)
        let variantName = arguments.value("--variant")
        // First every file is checked (nothing is printed for a run with errors), then each is
        // loaded again and printed: one scenario in memory at a time either way.
        var variantCounts: [Int] = []
        let assets = AssetCache()
        let (errors, _) = try forEachScenario(entries, arguments: arguments, project: project, assets: assets) {
            scenario in
            let names = scenario.variants().map(\.name)
            if let variantName, !names.contains(variantName) {
                throw UsageError(
                    message: "no variant '\(variantName)' in \(scenario.file)"
                        + Suggestions.didYouMean(variantName, among: names)
                        + " (variants: \(Listing.names(names)))")
            }
            variantCounts.append(names.count)
        }
        for error in errors { printError(error.description) }
        guard errors.isEmpty else { return ExitCode.badInput }
        let nested =
            entries.count > 1
            || arguments.positional.contains { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        func printVariants(_ scenario: Scenario, indent: Bool) {
            let reports = VariantRendering.layouts(for: scenario, only: variantName)
            if !indent && (variantName != nil || scenario.variants().count == 1) {
                for (_, report) in reports { print(report.text(), terminator: "") }
                return
            }
            var first = true
            for (name, report) in reports {
                print(first ? "{" : ",")
                first = false
                print(JSONOutput.memberText(name, report), terminator: "")
            }
            print("\n}", terminator: "")
        }
        if !nested {
            _ = try forEachScenario(
                entries, arguments: arguments, project: project, printingWarnings: false, assets: assets
            ) {
                printVariants($0, indent: false)
            }
            if variantName == nil && variantCounts.first ?? 1 > 1 { print("") }
            return ExitCode.success
        }
        print("{")
        var index = 0
        _ = try forEachScenario(
            entries, arguments: arguments, project: project, printingWarnings: false, assets: assets
        ) { scenario in
            print(JSONOutput.string(scenario.name).text().trimmingCharacters(in: .newlines) + ": ", terminator: "")
            printVariants(scenario, indent: true)
            index += 1
            print(index < entries.count ? "," : "")
        }
        print("}")
        return ExitCode.success
    }
}
