import Foundation
import Scenarios

/// Exit codes of the tool.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let badInput: Int32 = 2
}

/// A usage or input error, printed as `ivsim: error: <message>` with exit code 2.
struct UsageError: Error {
    let message: String
}

/// Dispatches the subcommands.
enum CommandLineTool {
    static let usage = """
    usage: ivsim <command> [options]

    commands:
      check  [--scenarios DIR] [--snapshots DIR] [--artifacts DIR] [--jobs N] [--junit FILE] [--report-json FILE]
             [--strict] [FILTER...]
                               compare every scenario with its baseline (never writes baselines)
      record [same options] [--prune]
                               write the baselines whose pixels or numbers changed
      render SCENARIO... -o DIR [--strict]
                               write PNG and layout JSON of every variant, no comparison
      layout SCENARIO [--variant NAME] [--strict]
                               print the layout report (points and display list) as JSON
      validate PATH... [--strict]
                               check scenario files (or folders of them); errors and warnings
      schema                   print the JSON Schema of the scenario format
      assets CATALOG... [--traits KEY=VALUE,...]
                               list an .xcassets folder's image and colour sets, their variants
                               and the file or colour each trait combination resolves to
      png inspect FILE         header, chunks and problems of a PNG file
      png convert IN OUT       decode IN and write OUT as .png (re-encoded) or .rgba (raw RGBA8)

    --strict: warnings (Auto Layout, image, duplicate names; docs/SCENARIOS.md §Warnings) are errors.
    --limit NAME=N (check, record, render, layout, validate; repeatable): raise a limit of docs/LIMITS.md
             (file-bytes, views, constraints, variants, image-bytes).
    exit codes: 0 success, 1 mismatch or missing baseline, 2 bad input or usage.
    defaults: --scenarios Scenarios --snapshots Snapshots --artifacts .ivsim/failures --jobs <cores>
    """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let command = arguments.first else {
                throw UsageError(message: "no command given\n\n" + usage)
            }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "check", "record":
                return try SnapshotCommands.run(command, rest)
            case "render":
                return try SnapshotCommands.render(rest)
            case "layout":
                return try SnapshotCommands.layout(rest)
            case "validate":
                return try SnapshotCommands.validate(rest)
            case "schema":
                guard rest.isEmpty else { throw UsageError(message: "schema takes no arguments") }
                print(ScenarioSchema.document().text(), terminator: "")
                return ExitCode.success
            case "png":
                return try PNGCommands.run(rest)
            case "assets":
                return try AssetCommands.run(rest)
            case "help", "-h", "--help":
                print(usage)
                return ExitCode.success
            default:
                throw UsageError(message: "unknown command '\(command)'"
                                 + suggestion(command, among: ["check", "record", "render", "layout", "validate", "schema", "png", "help"])
                                 + "\n\n" + usage)
            }
        } catch let error as UsageError {
            printError("ivsim: error: \(error.message)")
            return ExitCode.badInput
        } catch {
            printError("ivsim: error: \(error)")
            return ExitCode.badInput
        }
    }

    /// " (did you mean "x"?)" for the closest of `candidates`, if any is close.
    static func suggestion(_ word: String, among candidates: [String]) -> String {
        Suggestions.didYouMean(word, among: candidates)
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
