import Syntax
/// Why an SVG file is not drawn: the element (with its line and column when known) and what.
public struct SVGError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(line: Int? = nil, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = ErrorText.capped(ErrorText.printable(message))
    }

    /// An error about `element`, placed by its offset once the document's bytes are known.
    init(element: XMLElement, message: String) {
        self.init(message: "<\(element.name)>: " + message)
        offset = element.offset
    }

    /// The element's byte offset, until `located(in:)` turns it into a line and column.
    var offset: Int?

    func located(in bytes: [UInt8]) -> SVGError {
        guard let offset, line == nil else { return self }
        var line = 1, column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        var located = self
        located.line = line
        located.column = column
        return located
    }

    public var description: String { (line.map { "line \($0), column \(column ?? 0): " } ?? "") + message }
}
