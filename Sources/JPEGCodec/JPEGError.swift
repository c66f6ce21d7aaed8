/// Why a JPEG file cannot be decoded: what kind of problem, where (a byte offset in the file) and
/// a sentence saying what was found and what was expected.
public struct JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The file ends before the image does.
        case truncated
        /// The bytes break a rule of the JPEG format (ITU-T T.81).
        case corrupt
        /// A valid JPEG feature this decoder does not decode (arithmetic coding, 12-bit, CMYK, …).
        case unsupported
        /// The image is larger than the decoder's limits allow.
        case limits
    }

    public let kind: Kind
    /// Byte offset in the file of the marker or data where the problem was found.
    public let offset: Int
    public let message: String

    public init(_ kind: Kind, at offset: Int, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    public var description: String { "offset \(offset): \(message)" }
}
