import Syntax
/// Why a PDF file is not drawn: where (a byte offset, or an object) and what.
public struct PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = ErrorText.capped(ErrorText.printable(message))
    }

    /// An error found at byte `offset` of the file.
    static func at(_ offset: Int, _ message: String) -> PDFError {
        PDFError("byte \(offset): \(message)")
    }

    /// The same error, said to be inside `place` (an object, a page, a content stream).
    func inside(_ place: String) -> PDFError {
        PDFError("\(place): \(message)")
    }

    public var description: String { message }
}
