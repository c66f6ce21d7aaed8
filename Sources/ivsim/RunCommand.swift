import Foundation
import IVSimKit

/// `check` and `record`.
enum RunCommand {
    static let selectionHelp = """
        FILTER: SCENARIO or SCENARIO:VARIANT. A scenario part with *, ** or ? (or [...]) is a glob over the
                scenario's name (its path under the scenarios folder without .json; * stays inside a folder,
                ** crosses folders), otherwise a part of the name; a variant part is a glob or an exact
                name. Several filters add up; none takes everything.
        """

    static func usage(_ command: String) -> String {
        """
        usage: ivsim \(command) [FILTER...] [options]
          \(command == "check" ? "compare every selected scenario with its baseline; never writes baselines"
                                : "write the baselines whose pixels or numbers changed (atomically)")

        \(selectionHelp)

        options:
          --scenarios DIR      scenario files (default: Scenarios, or "scenarios" of ivsim.json)
          --snapshots DIR      baselines (default: Snapshots, or "snapshots" of ivsim.json)
          --artifacts DIR      failure artifacts (default: .ivsim/failures, or "artifacts" of ivsim.json)
          --config FILE        the project configuration (default: ./ivsim.json when there is one)
          --shard I/N          only the I-th of N parts of the scenarios (1-based, a stable split by name)
          --jobs N, -j N       worker threads (default: the number of cores)
          --junit FILE         JUnit XML report (- for standard output)
          --report-json FILE   JSON report (- for standard output)
          --report-html FILE   a single-file HTML report of the failures (- for standard output)
          --strict             warnings are errors
          --limit NAME=N       raise a limit of docs/LIMITS.md for this run (repeatable)
          --quiet, -q          print only failures and errors\(command == "record" ? """

          --prune              delete the baselines of the selected scenarios that no variant produces,
                               and the folders that leaves empty
        """ : "")

        exit codes: 0 \(command == "check" ? "all passed" : "recorded"), 1 \(command == "check" ? "a mismatch or a missing baseline" : "a write failed"), 2 bad input or usage.
        """
    }

    static func run(_ command: String, _ rest: [String]) throws -> Int32 {
        let valueOptions = [
            "--scenarios", "--snapshots", "--artifacts", "--config", "--shard", "--jobs", "-j", "--junit",
            "--report-json",
            "--report-html", "--limit"
        ]
        let flagOptions = ["--strict", "--quiet", "-q"] + (command == "record" ? ["--prune"] : [])
        let arguments = try Arguments(rest, command: command, valueOptions: valueOptions, flagOptions: flagOptions)
        if arguments.wantsHelp { return CommandLineTool.help(usage(command)) }
        let project = try Project(arguments)
        let options = try makeOptions(arguments, project: project, prune: arguments.has("--prune"))
        let quiet = arguments.has("--quiet") || arguments.has("-q")
        let reports = [
            ("--junit", arguments.value("--junit")), ("--report-json", arguments.value("--report-json")),
            ("--report-html", arguments.value("--report-html"))
        ]
        if reports.filter({ $0.1 == "-" }).count > 1 {
            throw UsageError(message: "only one report can go to standard output (-)")
        }
        // A report on standard output keeps it for itself: the run's lines go to standard error.
        let linesToStandardError = reports.contains { $0.1 == "-" }
        let terminal = Terminal(linesToStandardError: linesToStandardError)
        var runOptions = options.run
        let progress = terminal.progress && !quiet ? ProgressLine(label: command) : nil
        if let progress { runOptions.progress = { done, total in progress.update(done: done, total: total) } }

        let summary = command == "check" ? IVSim.check(runOptions) : IVSim.record(runOptions)
        progress?.finish()
        for error in summary.errors { printError(error) }
        if !quiet { for warning in summary.warnings { printError(warning) } }
        if summary.results.isEmpty && summary.errors.isEmpty {
            let what = arguments.positional.isEmpty ? "" : " matching \(arguments.positional.joined(separator: " "))"
            let shard = runOptions.shard.map { " in shard \($0.index)/\($0.count)" } ?? ""
            printError("ivsim: error: no scenarios found in '\(options.scenariosDisplay)'\(what)\(shard)")
            return ExitCode.badInput
        }
        for line in summary.lines {
            if quiet && !line.hasPrefix("FAIL ") && !line.hasPrefix("MISSING ") { continue }
            if linesToStandardError { printError(terminal.paintLine(line)) } else { print(terminal.paintLine(line)) }
        }
        do {
            for (option, path) in reports {
                guard let path else { continue }
                let text: String
                switch option {
                case "--junit": text = summary.junitXML
                case "--report-json": text = summary.jsonReport
                default: text = summary.htmlReport
                }
                if path == "-" {
                    FileHandle.standardOutput.write(Data(text.utf8))
                } else {
                    try FileOutput.writeAtomically(text, to: URL(fileURLWithPath: path))
                }
            }
        } catch {
            throw UsageError(message: error.description)
        }
        return summary.exitCode
    }

    /// The run's folders, selection, jobs and limits from the options and the project, and how
    /// messages show the scenarios folder.
    static func makeOptions(_ arguments: Arguments, project: Project, prune: Bool) throws -> (
        run: RunOptions, scenariosDisplay: String
    ) {
        let scenarios = project.scenarios(arguments)
        let snapshots = project.folder(arguments.value("--snapshots"), project.configuration.baselines)
        let artifacts = project.folder(arguments.value("--artifacts"), project.configuration.artifacts)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenarios.url.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw UsageError(
                message:
                    "scenarios folder '\(scenarios.display)' not found (run in the project's root, pass --scenarios DIR, "
                    + "or set \"scenarios\" in ivsim.json; `ivsim init` writes one)")
        }
        // Output folders that are files would swallow every write: refused before the run.
        for (flag, folder) in [("--artifacts", artifacts), ("--snapshots", snapshots)] {
            if FileManager.default.fileExists(atPath: folder.url.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                throw UsageError(
                    message:
                        "\(flag) '\(folder.display)' is a file, not a folder: give a folder (it is created if missing)")
            }
        }
        // Folders not given on the command line (the defaults and ivsim.json's) stay inside the project,
        // real paths compared: a committed `Snapshots` that is a link elsewhere is not written through.
        let projectFolder = project.configuration.folder
        for (flag, folder) in [("--scenarios", scenarios), ("--snapshots", snapshots), ("--artifacts", artifacts)]
        where arguments.value(flag) == nil {
            guard RealPath.isInside(folder.url, projectFolder) else {
                throw UsageError(
                    message:
                        "'\(folder.display)' leads outside the project (to \(RealPath.of(folder.url))) through a symbolic "
                        + "link: ivsim reads and writes the project's own folders only; give \(flag) to use a folder elsewhere"
                )
            }
        }
        // check never writes into the baselines: artifacts may not go inside them (nor they inside
        // the artifacts, which a run clears).
        let snapshotsPath = FileOutput.realPath(snapshots.url) + "/"
        let artifactsPath = FileOutput.realPath(artifacts.url) + "/"
        if snapshotsPath.hasPrefix(artifactsPath) || artifactsPath.hasPrefix(snapshotsPath) {
            throw UsageError(
                message:
                    "--artifacts '\(artifacts.display)' and --snapshots '\(snapshots.display)' overlap: failure artifacts "
                    + "must not be written among the baselines; give them separate folders")
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = arguments.value("--jobs", "-j") {
            guard let n = Int(text), (1...1024).contains(n) else {
                throw UsageError(message: "--jobs needs a whole number from 1 to 1024, found '\(text)'")
            }
            jobs = n
        }
        var shard: RunOptions.Shard?
        if let text = arguments.value("--shard") {
            guard let parsed = RunOptions.Shard(text) else {
                throw UsageError(
                    message: "--shard needs I/N with 1 ≤ I ≤ N ≤ 10000 (e.g. --shard 2/4), found '\(text)'")
            }
            shard = parsed
        }
        var run = RunOptions(
            scenarios: scenarios.url, baselines: snapshots.url, artifacts: artifacts.url, filters: arguments.positional,
            load: try LoadOptions(arguments, project: project), jobs: jobs, prune: prune)
        run.shard = shard
        run.scenariosDisplay = scenarios.display
        return (run, scenarios.display)
    }
}
