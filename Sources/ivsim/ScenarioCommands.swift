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
    static func forEachScenario(
        _ entries: [ScenarioCatalog.Entry], arguments: Arguments, project: Project,
        _ body: (Scenario) throws -> Void
    ) throws -> (errors: [ScenarioDiagnostic], invalid: Int) {
        let load = try Loader(arguments, project: project)
        var invalid = 0
        for entry in entries {
            guard let scenario = load(entry) else {
                invalid += 1
                continue
            }
            try body(scenario)
        }
        return (load.errors, invalid)
    }

    /// Loads scenario files with a run's options, one AssetCache for the run, and collects the
    /// errors of those that do not load.
    final class Loader {
        let options: LoadOptions
        let limits: ScenarioLimits
        let assets = AssetCache()
        private(set) var errors: [ScenarioDiagnostic] = []

        init(_ arguments: Arguments, project: Project) throws {
            options = try LoadOptions(arguments, project: project)
            limits = try options.scenarioLimits()
        }

        /// The scenario, its warnings printed unless `printingWarnings` is false; nil when it has
        /// errors (kept in `errors`).
        func callAsFunction(_ entry: ScenarioCatalog.Entry, printingWarnings: Bool = true) -> Scenario? {
            do {
                let scenario = try ScenarioLoader.load(
                    entry.url, displayName: entry.displayName, name: entry.name, assets: assets,
                    strict: options.strict, limits: limits, assetRoots: options.roots)
                if printingWarnings { for warning in scenario.warnings { printError(warning.description) } }
                return scenario
            } catch {
                errors += error.diagnostics
                return nil
            }
        }
    }

    /// The bytes of output `render` and `layout` keep between their passes: CheckedOutputs'
    /// figure, or (for the tests of the other path) IVSIM_KEPT_OUTPUT_BYTES.
    static let keptOutputBytes =
        ProcessInfo.processInfo.environment["IVSIM_KEPT_OUTPUT_BYTES"].flatMap { Int($0) } ?? CheckedOutputs.keptBytes

    /// Loads every entry and makes its output with `make` within the bytes it may keep (nil:
    /// more); when all loaded, hands the outputs kept to `emit` and the others to `stream`, in
    /// order, and returns the errors otherwise (nothing emitted). A file is loaded once unless its
    /// output did not fit and it is not the last (CheckedOutputs); one scenario is held at a time.
    static func checkThenEmit<Output>(
        _ entries: [ScenarioCatalog.Entry], arguments: Arguments, project: Project,
        check: (Scenario) throws -> Void = { _ in },
        make: (Scenario, _ allowed: Int) throws -> (output: Output, bytes: Int)?,
        emit: (Output) throws -> Void, stream: (Scenario) throws -> Void
    ) throws -> [ScenarioDiagnostic] {
        let load = try Loader(arguments, project: project)
        _ = try CheckedOutputs.run(
            count: entries.count, keptBytes: keptOutputBytes,
            load: { entry, again in
                guard let scenario = load(entries[entry], printingWarnings: !again) else { return nil }
                try check(scenario)  // the command's own checks, each file's before anything is written
                return scenario
            }, make: make, emit: emit, stream: stream)
        return load.errors
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
        typealias File = (png: [UInt8], layout: String, variant: String)
        func write(_ file: File, of scenario: String) throws {
            let folder = URL(fileURLWithPath: output).appendingPathComponent(entries.count > 1 ? scenario : "")
            do throws(FileOutput.Failure) {
                try FileOutput.writeAtomically(file.png, to: folder.appendingPathComponent(file.variant + ".png"))
                try FileOutput.writeAtomically(
                    file.layout, to: folder.appendingPathComponent(file.variant + ".layout.json"))
            } catch {
                throw UsageError(message: error.description)
            }
            print(folder.appendingPathComponent(file.variant).path + ".{png,layout.json}")
        }
        let errors = try checkThenEmit(
            entries, arguments: arguments, project: project,
            make: { scenario, allowed in
                var files: [File] = []
                var bytes = 0
                for file in VariantRendering.files(for: scenario) {
                    bytes += file.png.count + file.layout.utf8.count
                    guard bytes <= allowed else { return nil }
                    files.append(file)
                }
                return ((scenario.name, files), bytes)
            },
            emit: { (made: (name: String, files: [File])) in for file in made.files { try write(file, of: made.name) }
            },
            stream: { scenario in
                for file in VariantRendering.files(for: scenario) { try write(file, of: scenario.name) }
            })
        for error in errors { printError(error.description) }
        guard errors.isEmpty else { return ExitCode.badInput }
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
        let nested =
            entries.count > 1
            || arguments.positional.contains { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        // A scenario's text as printed, handed to `out` piece by piece as its reports are made
        // (false from `out` stops it): one report alone, or {"variant": report, …}, after its
        // name when the output is nested.
        func pieces(_ scenario: Scenario, _ out: (String) -> Bool) -> Bool {
            if nested && !out(JSONOutput.string(scenario.name).text().trimmingCharacters(in: .newlines) + ": ") {
                return false
            }
            let count = scenario.variants().count
            let reports = VariantRendering.layouts(for: scenario, only: variantName)
            if !nested && (variantName != nil || count == 1) {
                for (_, report) in reports where !out(report.text()) { return false }
                return true
            }
            for (index, (name, report)) in reports.enumerated()
            where !out((index == 0 ? "{" : ",") + "\n" + JSONOutput.memberText(name, report)) {
                return false
            }
            return out("\n}" + (!nested && variantName == nil && count > 1 ? "\n" : ""))
        }
        // Nested output: the scenarios in braces, separated by commas.
        var emitted = 0
        func framed(_ body: () throws -> Void) rethrows {
            if nested && emitted == 0 { print("{") }
            try body()
            emitted += 1
            if nested { print(emitted < entries.count ? "," : "") }
        }
        // First every file is checked (nothing is printed for a run with errors), then the
        // reports are printed: one scenario in memory at a time, each loaded once (CheckedOutputs).
        let errors = try checkThenEmit(
            entries, arguments: arguments, project: project,
            check: { scenario in
                let names = scenario.variants().map(\.name)
                if let variantName, !names.contains(variantName) {
                    throw UsageError(
                        message: "no variant '\(variantName)' in \(scenario.file)"
                            + Suggestions.didYouMean(variantName, among: names)
                            + " (variants: \(Listing.names(names)))")
                }
            },
            make: { scenario, allowed in
                var text = ""
                guard
                    pieces(
                        scenario,
                        { piece in
                            text += piece
                            return text.utf8.count <= allowed
                        })
                else { return nil }
                return (text, text.utf8.count)
            },
            emit: { text in framed { print(text, terminator: "") } },
            stream: { scenario in
                framed {
                    _ = pieces(scenario) { piece in
                        print(piece, terminator: "")
                        return true
                    }
                }
            })
        for error in errors { printError(error.description) }
        guard errors.isEmpty else { return ExitCode.badInput }
        if nested { print("}") }
        return ExitCode.success
    }
}
