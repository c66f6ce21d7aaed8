import ScenarioFormat
import Syntax

/// `--limit NAME=N`: raises (or lowers) one of the limits of docs/LIMITS.md for this run.
enum LimitOption {
    static func apply(_ text: String?, to limits: inout ScenarioLimits) throws {
        let names = ScenarioLimits.names.map(\.name)
        guard let text, let equals = text.firstIndex(of: "=") else {
            throw UsageError(message: "--limit needs NAME=N, one of: \(names.joined(separator: ", ")) (docs/LIMITS.md)")
        }
        let name = String(text[..<equals]), number = text[text.index(after: equals)...]
        guard let limit = ScenarioLimits.names.first(where: { $0.name == name }) else {
            throw UsageError(message: "--limit: unknown limit '\(name)'" + Suggestions.didYouMean(name, among: names)
                             + " (limits: \(names.joined(separator: ", ")))")
        }
        guard let value = Int(number.replacingOccurrences(of: "_", with: "")), value >= 1 else {
            throw UsageError(message: "--limit \(name) needs a whole number from 1 to \(Int.max) (\(limit.what)), found '\(number)'")
        }
        limits[keyPath: limit.keyPath] = value
    }
}
