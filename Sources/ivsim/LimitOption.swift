import IVSimKit
import Syntax

/// `--limit NAME=N`: raises (or lowers) one of the limits of docs/LIMITS.md for this run.
enum LimitOption {
    static func apply(_ text: String?, to limits: inout [String: Int]) throws {
        let names = ScenarioLimits.names.map(\.name)
        guard let text, let equals = text.firstIndex(of: "=") else {
            throw UsageError(message: "--limit needs NAME=N, one of: \(names.joined(separator: ", ")) (docs/LIMITS.md)")
        }
        let name = String(text[..<equals]), number = text[text.index(after: equals)...]
        guard let limit = ScenarioLimits.named(name) else {
            throw UsageError(message: "--limit: unknown limit '\(name)'" + ScenarioLimits.knownNames(after: name))
        }
        guard let value = Int(number.replacingOccurrences(of: "_", with: "")), value >= 1 else {
            throw UsageError(
                message: "--limit \(name) needs a whole number from 1 to \(Int.max) (\(limit.what)), found '\(number)'")
        }
        limits[limit.name] = value
    }
}

extension LoadOptions {
    /// The options of `--strict` and `--limit NAME=N`, and the project's asset roots.
    init(_ arguments: Arguments, project: Project) throws {
        var limits: [String: Int] = [:]
        for text in arguments.all("--limit") { try LimitOption.apply(text, to: &limits) }
        self.init(strict: arguments.has("--strict"), limits: limits)
        configuredRoots = project.assetRoots
    }
}
