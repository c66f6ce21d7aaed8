import Syntax

/// Why a symbol template cannot be read or a glyph cannot be made from it. The message names
/// the template and, for an incompatible master, the variant, the path and the point.
public struct SymbolError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
