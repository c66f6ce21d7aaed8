import Foundation
import ImageViews
import PNGCodec
import Scenarios
import Snapshots

/// `check`, `record`, `render`, `layout`, `validate`, `schema`.
enum SnapshotCommands {
    /// Options shared by check and record.
    struct RunArguments {
        var scenarios = "Scenarios"
        var snapshots = "Snapshots"
        var artifacts = ".ivsim/failures"
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var junit: String?
        var reportJSON: String?
        var prune = false
        var strict = false
        var limits = ScenarioLimits.default
        var filters: [String] = []

        init(_ arguments: [String], allowPrune: Bool) throws {
            var iterator = arguments.makeIterator()
            func value(_ option: String) throws -> String {
                guard let v = iterator.next(), !v.hasPrefix("--") else { throw UsageError(message: "\(option) needs a value") }
                return v
            }
            while let argument = iterator.next() {
                switch argument {
                case "--scenarios": scenarios = try value(argument)
                case "--snapshots": snapshots = try value(argument)
                case "--artifacts": artifacts = try value(argument)
                case "--junit": junit = try value(argument)
                case "--report-json": reportJSON = try value(argument)
                case "--jobs", "-j":
                    let text = try value(argument)
                    guard let n = Int(text), (1...1024).contains(n) else {
                        throw UsageError(message: "--jobs needs a whole number from 1 to 1024, found '\(text)'")
                    }
                    jobs = n
                case "--prune" where allowPrune: prune = true
                case "--strict": strict = true
                case "--limit": try LimitOption.apply(try value(argument), to: &limits)
                default:
                    if argument.hasPrefix("-") {
                        let known = ["--scenarios", "--snapshots", "--artifacts", "--jobs", "--junit", "--report-json", "--strict", "--limit"]
                            + (allowPrune ? ["--prune"] : [])
                        throw UsageError(message: "unknown option \(argument)" + Suggestions.didYouMean(argument, among: known))
                    }
                    filters.append(argument)
                }
            }
        }

        func options() throws -> SnapshotOptions {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scenarios, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(message: "scenarios folder '\(scenarios)' not found (run in the repository root, or pass --scenarios DIR)")
            }
            // Output folders that are files would swallow every write: refused before the run.
            for (flag, folder) in [("--artifacts", artifacts), ("--snapshots", snapshots)] {
                if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                    throw UsageError(message: "\(flag) '\(folder)' is a file, not a folder: give a folder (it is created if missing)")
                }
            }
            return SnapshotOptions(scenariosFolder: URL(fileURLWithPath: scenarios), scenariosDisplay: scenarios,
                                   snapshotsFolder: URL(fileURLWithPath: snapshots), artifactsFolder: URL(fileURLWithPath: artifacts),
                                   filters: filters, jobs: jobs, prune: prune, strict: strict, limits: limits)
        }
    }

    static func run(_ command: String, _ arguments: [String]) throws -> Int32 {
        let parsed = try RunArguments(arguments, allowPrune: command == "record")
        let options = try parsed.options()
        let report = command == "check" ? SnapshotRunner.check(options) : SnapshotRunner.record(options)
        for diagnostic in report.diagnostics + report.warnings { printError(diagnostic.description) }
        if report.variants.isEmpty && report.diagnostics.isEmpty {
            printError("ivsim: error: no scenarios found in '\(parsed.scenarios)'" + (parsed.filters.isEmpty ? "" : " matching \(parsed.filters.joined(separator: ", "))"))
            return ExitCode.badInput
        }
        for line in report.lines { print(line) }
        do {
            if let path = parsed.junit { try FileOutput.writeAtomically(report.junitXML, to: URL(fileURLWithPath: path)) }
            if let path = parsed.reportJSON { try FileOutput.writeAtomically(report.json, to: URL(fileURLWithPath: path)) }
        } catch {
            throw UsageError(message: error.description)
        }
        return report.exitCode
    }

    /// The snapshot name of a scenario file: its path under the scenarios folder without ".json"
    /// when it lies inside that folder (as `check` names it), else its base name.
    static func scenarioName(_ url: URL, scenariosFolder: String = "Scenarios") -> String {
        let folder = URL(fileURLWithPath: scenariosFolder).standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        if path.hasPrefix(folder) {
            return String(path.dropFirst(folder.count).dropLast(url.pathExtension.isEmpty ? 0 : url.pathExtension.count + 1))
        }
        return url.deletingPathExtension().lastPathComponent
    }

    /// Loads scenario files named on the command line (a folder means every scenario in it).
    /// Warnings are printed; with `strict` they are errors.
    static func loadScenarios(_ paths: [String], strict: Bool, limits: ScenarioLimits) -> (scenarios: [Scenario], errors: [ScenarioDiagnostic]) {
        var scenarios: [Scenario] = []
        var errors: [ScenarioDiagnostic] = []
        let assets = AssetCache()
        for path in paths {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let entries: [ScenarioCatalog.Entry]
            if exists && isDirectory.boolValue {
                entries = ScenarioCatalog.entries(in: URL(fileURLWithPath: path), displayFolder: path).map { entry in
                    var named = entry
                    named.name = scenarioName(entry.url)
                    return named
                }
            } else {
                let url = URL(fileURLWithPath: path)
                entries = [ScenarioCatalog.Entry(url: url, name: scenarioName(url), displayName: path)]
            }
            for entry in entries {
                do {
                    let scenario = try ScenarioLoader.load(entry.url, displayName: entry.displayName, name: entry.name, assets: assets,
                                                           strict: strict, limits: limits)
                    for warning in scenario.warnings { printError(warning.description) }
                    scenarios.append(scenario)
                } catch {
                    errors += error.diagnostics
                }
            }
        }
        return (scenarios, errors)
    }

    static func validate(_ arguments: [String]) throws -> Int32 {
        var paths: [String] = []
        var strict = false
        var limits = ScenarioLimits.default
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--strict" {
                strict = true
            } else if argument == "--limit" {
                try LimitOption.apply(iterator.next(), to: &limits)
            } else {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError(message: "usage: ivsim validate PATH... (scenario files or folders)") }
        let (scenarios, errors) = loadScenarios(paths, strict: strict, limits: limits)
        for error in errors { printError(error.description) }
        let files = Set(errors.map(\.file)).count
        print("\(scenarios.count) valid, \(files) invalid (\(errors.count) error\(errors.count == 1 ? "" : "s"))")
        return errors.isEmpty ? ExitCode.success : ExitCode.badInput
    }

    static func render(_ arguments: [String]) throws -> Int32 {
        var paths: [String] = []
        var output: String?
        var strict = false
        var limits = ScenarioLimits.default
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--strict" {
                strict = true
            } else if argument == "--limit" {
                try LimitOption.apply(iterator.next(), to: &limits)
            } else if argument == "-o" || argument == "--output" {
                guard let value = iterator.next() else { throw UsageError(message: "-o needs a folder") }
                output = value
            } else {
                paths.append(argument)
            }
        }
        guard let output, !paths.isEmpty else { throw UsageError(message: "usage: ivsim render SCENARIO... -o DIR") }
        let (scenarios, errors) = loadScenarios(paths, strict: strict, limits: limits)
        for error in errors { printError(error.description) }
        if !errors.isEmpty { return ExitCode.badInput }
        for scenario in scenarios {
            let folder = URL(fileURLWithPath: output).appendingPathComponent(scenarios.count > 1 ? scenario.name : "")
            for (png, layout, variant) in SnapshotRendering.files(for: scenario) {
                do {
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

    static func layout(_ arguments: [String]) throws -> Int32 {
        var paths: [String] = []
        var variantName: String?
        var strict = false
        var limits = ScenarioLimits.default
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--strict" {
                strict = true
            } else if argument == "--limit" {
                try LimitOption.apply(iterator.next(), to: &limits)
            } else if argument == "--variant" {
                guard let value = iterator.next() else { throw UsageError(message: "--variant needs a name") }
                variantName = value
            } else {
                paths.append(argument)
            }
        }
        guard paths.count == 1 else { throw UsageError(message: "usage: ivsim layout SCENARIO [--variant NAME]") }
        let (scenarios, errors) = loadScenarios(paths, strict: strict, limits: limits)
        for error in errors { printError(error.description) }
        guard let scenario = scenarios.first, errors.isEmpty else { return ExitCode.badInput }
        let names = scenario.variants().map(\.name)
        if let variantName, !names.contains(variantName) {
            throw UsageError(message: "no variant '\(variantName)' in \(paths[0])" + Suggestions.didYouMean(variantName, among: names)
                             + " (variants: \(names.joined(separator: ", ")))")
        }
        // One report is printed as it is; several as one object, written as each is made.
        let reports = SnapshotRendering.layouts(for: scenario, only: variantName)
        if variantName != nil || names.count == 1 {
            for (_, report) in reports { print(report.text(), terminator: "") }
            return ExitCode.success
        }
        var first = true
        for (name, report) in reports {
            print(first ? "{" : ",")
            first = false
            print(JSONOutput.memberText(name, report), terminator: "")
        }
        print("\n}")
        return ExitCode.success
    }
}
