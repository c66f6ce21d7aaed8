import Syntax

/// Why a PDF file is not drawn: where (a byte offset, or an object) and what.
///
/// The places a failure was found in are kept apart from what failed: forms drawn inside forms
/// make a chain of them ("the "Do" operator at byte 20 of a content stream: form 15: …"), and
/// a long chain keeps its two outermost and two innermost places around a count of those left
/// out, so that the reason, which names the limit that was reached, is always said in full
/// (shortening the whole line cut it out).
public struct PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where, outermost first.
    private var places: [String] = []
    /// What failed there.
    private var reason: String

    /// The places kept whole at each end of a chain.
    static let placesKept = 2

    public init(_ message: String) {
        reason = ErrorText.capped(ErrorText.printable(message))
    }

    /// The whole message: the places (a long chain shortened) and the reason.
    public var message: String {
        let shown: [String]
        if places.count > 2 * Self.placesKept + 1 {
            let left = places.count - 2 * Self.placesKept
            shown =
                places.prefix(Self.placesKept) + ["…(\(left) more places)…"] + places.suffix(Self.placesKept)
        } else {
            shown = places
        }
        return (shown + [reason]).joined(separator: ": ")
    }

    /// An error found at byte `offset` of the file.
    static func at(_ offset: Int, _ message: String) -> PDFError {
        PDFError("byte \(offset): \(message)")
    }

    /// The same error, said to be inside `place` (an object, a page, a content stream).
    func inside(_ place: String) -> PDFError {
        var error = self
        error.places.insert(ErrorText.capped(ErrorText.printable(place)), at: 0)
        return error
    }

    public var description: String { message }

    public static func == (a: PDFError, b: PDFError) -> Bool { a.message == b.message }
}
