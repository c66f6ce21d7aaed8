import Foundation
import IVSimKit
import Syntax

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

/// Dispatches the subcommands (docs/CLI.md).
enum CommandLineTool {
    static let commands: [(name: String, summary: String)] = [
        ("check", "compare every scenario with its baseline (never writes baselines)"),
        ("record", "write the baselines whose pixels or numbers changed"),
        ("render", "write PNG and layout JSON of every variant, no comparison"),
        ("layout", "print the layout report (points and display list) as JSON"),
        ("validate", "check scenario files (or folders of them): errors and warnings"),
        ("init", "write an ivsim.json and an example scenario"),
        ("schema", "print the JSON Schema of the scenario format"),
        ("assets", "list an .xcassets folder's sets, variants and what each trait combination resolves to"),
        (
            "convert",
            "decode a PNG, JPEG, GIF, BMP, ICO or TIFF file, or draw an SVG or PDF, and write it as PNG or raw RGBA"
        ),
        ("png", "the PNG codec on its own: inspect FILE, convert IN OUT")
    ]

    static var usage: String {
        """
        usage: ivsim <command> [arguments] [options]

        commands:
        \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        `ivsim <command> --help` shows a command's options; `ivsim --version` the version.
        exit codes: 0 success, 1 mismatch or missing baseline, 2 bad input or usage.
        Documentation: README.md and docs/CLI.md.
        """
    }

    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let command = arguments.first else {
                throw UsageError(message: "no command given\n\n" + usage)
            }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "check", "record":
                return try RunCommand.run(command, rest)
            case "render":
                return try ScenarioCommands.render(rest)
            case "layout":
                return try ScenarioCommands.layout(rest)
            case "validate":
                return try ScenarioCommands.validate(rest)
            case "init":
                return try InitCommand.run(rest)
            case "schema":
                let parsed = try Arguments(rest, command: "schema", valueOptions: [], flagOptions: [])
                if parsed.wantsHelp { return help(schemaUsage) }
                guard parsed.positional.isEmpty else { throw UsageError(message: "schema takes no arguments") }
                print(ScenarioSchema.document().text(), terminator: "")
                return ExitCode.success
            case "convert":
                return try ConvertCommand.run(rest)
            case "png":
                return try PNGCommands.run(rest)
            case "assets":
                return try AssetCommands.run(rest)
            case "help", "-h", "--help":
                if let topic = rest.first, commands.contains(where: { $0.name == topic }) {
                    return run([topic, "--help"])
                }
                print(usage)
                return ExitCode.success
            case "--version", "version":
                print(Provenance.versionLine)
                return ExitCode.success
            default:
                throw UsageError(
                    message: "unknown command '\(command)'"
                        + suggestion(command, among: commands.map(\.name) + ["help", "--version"]) + "\n\n" + usage)
            }
        } catch let error as UsageError {
            printError("ivsim: error: \(error.message)")
            return ExitCode.badInput
        } catch let error as InputErrors {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            return ExitCode.badInput
        } catch {
            printError("ivsim: error: \(error)")
            return ExitCode.badInput
        }
    }

    /// Prints a command's usage (asked for with --help): exit code 0.
    static func help(_ text: String) -> Int32 {
        print(text)
        return ExitCode.success
    }

    static let schemaUsage = """
        usage: ivsim schema
          print the JSON Schema of the scenario format (committed as Scenarios/scenario.schema.json)
        """

    /// " (did you mean "x"?)" for the closest of `candidates`, if any is close.
    static func suggestion(_ word: String, among candidates: [String]) -> String {
        Suggestions.didYouMean(word, among: candidates)
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
