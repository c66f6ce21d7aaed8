import IVSimKit
import Syntax

/// The arguments of one command: options it knows (with or without a value) and the rest as
/// positional arguments. `--help` and `-h` anywhere ask for the command's usage. An unknown
/// option is a usage error naming the command's options, with a suggestion.
struct Arguments {
    /// Options that take a value, as given (repeatable ones keep every value in order).
    private(set) var values: [(option: String, value: String)] = []
    /// Options without a value that were given.
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []
    private(set) var wantsHelp = false

    /// `valueOptions` and `flagOptions` list the long names (and aliases such as `-j`, `-o`).
    init(_ arguments: [String], command: String, valueOptions: [String], flagOptions: [String]) throws {
        var iterator = arguments.makeIterator()
        var onlyPositional = false
        while let argument = iterator.next() {
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
            } else if argument == "--" {
                onlyPositional = true
            } else if argument == "--help" || argument == "-h" {
                wantsHelp = true
            } else if let equals = argument.firstIndex(of: "="), valueOptions.contains(String(argument[..<equals])) {
                values.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
            } else if valueOptions.contains(argument) {
                // A value may start with "-" only when it is "-" (stdout) or a number.
                guard let value = iterator.next(), value == "-" || !value.hasPrefix("-") || Double(value) != nil else {
                    throw UsageError(message: "\(argument) needs a value (ivsim \(command) --help)")
                }
                values.append((argument, value))
            } else if flagOptions.contains(argument) {
                flags.insert(argument)
            } else {
                let known = (valueOptions + flagOptions).filter { $0.hasPrefix("--") }.sorted()
                throw UsageError(
                    message: "unknown option \(argument) for \(command)"
                        + Suggestions.didYouMean(argument, among: known)
                        + " (options: \(known.joined(separator: ", ")); ivsim \(command) --help)")
            }
        }
    }

    /// The last value given for any of `names`.
    func value(_ names: String...) -> String? {
        values.last { names.contains($0.option) }?.value
    }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] {
        values.filter { $0.option == name }.map(\.value)
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}
