/// What went wrong in loading a scenario or running a check: the diagnostics, each naming the
/// file (or the scenario built in Swift), the JSON path, what was expected and the nearest valid
/// value, as the command line prints them.
public struct IVSimError: Error, Sendable, CustomStringConvertible, Equatable {
    /// One line per problem: `file:line:column: error: $.path: message`.
    public var messages: [String]

    /// Makes an error of these lines.
    public init(messages: [String]) {
        self.messages = messages
    }

    /// The messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}
