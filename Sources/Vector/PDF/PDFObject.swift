// PDF objects (ISO 32000-1 §7.3): what the file's syntax is made of. Dictionaries are looked up by
// key only; nothing iterates them, so their order never reaches a result.

indirect enum PDFObject: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary([String: PDFObject])
    case stream(PDFStream)
    case reference(Int, Int)

    var number: Double? {
        switch self {
        case let .integer(v): Double(v)
        case let .real(v): v
        default: nil
        }
    }

    /// A number as an Int (toward zero), if it is finite and within ±2^53.
    static func int(_ v: Double) -> Int? {
        v.isFinite && abs(v) < 9_007_199_254_740_992 ? Int(v.rounded(.towardZero)) : nil
    }

    var integer: Int? {
        switch self {
        case let .integer(v): v
        case let .real(v) where v == v.rounded() && abs(v) < 1e15: Int(v)
        default: nil
        }
    }

    /// The object number of a reference (how objects read once are cached).
    var referenceNumber: Int? {
        if case let .reference(n, _) = self { n } else { nil }
    }

    var name: String? {
        if case let .name(v) = self { v } else { nil }
    }

    var array: [PDFObject]? {
        if case let .array(v) = self { v } else { nil }
    }

    /// A dictionary's entries, or a stream's dictionary.
    var dictionary: [String: PDFObject]? {
        switch self {
        case let .dictionary(v): v
        case let .stream(s): s.dictionary
        default: nil
        }
    }

    var stream: PDFStream? {
        if case let .stream(v) = self { v } else { nil }
    }

    /// How the object is named in messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .real: "a number"
        case .string: "a string"
        case .name: "a name"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .stream: "a stream"
        case .reference: "a reference"
        }
    }
}

/// A stream: its dictionary and its bytes as stored (still encoded by its filters), a slice of the
/// file's bytes (no copy).
struct PDFStream: Equatable, Sendable {
    var dictionary: [String: PDFObject]
    var data: ArraySlice<UInt8>
    /// Where the data starts in the file (what decoded data is cached by); −1 for an inline image.
    var offset: Int
}
