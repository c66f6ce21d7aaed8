import Syntax

/// Why a PDF file is not drawn: where (a byte offset, or an object) and what.
///
/// The places a failure was found in are kept apart from what failed: forms drawn inside forms
/// make a chain of them ("the "Do" operator at byte 20 of a content stream: form 15: …"), and
/// a long chain keeps its two outermost and two innermost places around a count of those left
/// out (fewer when the line would be too long), so that the reason, which names the limit that
/// was reached, is always said in full (shortening the whole line cut it out).
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

    /// The whole message: the places (a long chain shortened) and the reason. The reason comes
    /// first: when the places would take the message past a line's length (`ErrorText.maxLine`),
    /// fewer are kept at each end, down to none ("…(N places)…").
    public var message: String {
        for kept in [Self.placesKept, 1, 0] {
            let text = (Self.shown(places, keeping: kept) + [reason]).joined(separator: ": ")
            if text.count <= ErrorText.maxLine || kept == 0 { return text }
        }
        return reason
    }

    /// `places` whole when they are few, else `kept` at each end around a count of the others.
    private static func shown(_ places: [String], keeping kept: Int) -> [String] {
        guard places.count > 2 * kept + 1 else { return places }
        let left = places.count - 2 * kept
        return places.prefix(kept) + ["…(\(left) \(kept == 0 ? "" : "more ")places)…"] + places.suffix(kept)
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
