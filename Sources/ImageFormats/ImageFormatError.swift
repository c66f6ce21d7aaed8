// One error type for every reader in this module: the format, where in the file (a byte offset,
// or a field's name), and what was wrong, with the kind a caller may act on (a truncated file, a
// file over the limits, a feature ivsim does not read, damaged data).

/// Why a GIF, BMP, ICO, CUR, TIFF, WebP or Photoshop file could not be decoded.
public struct ImageFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Equatable, Sendable {
        /// The file ends before data it declares.
        case truncated
        /// The image is larger than the decoder's limits.
        case exceedsLimits
        /// Valid in the format, but not read by ivsim (the message says what).
        case unsupported
        /// The file contradicts its format.
        case corrupt
    }

    /// The format's name as messages give it ("GIF", "BMP", "ICO", "CUR", "TIFF", "WebP", "PSD").
    public var format: String
    public var kind: Kind
    /// The byte offset the problem was found at, when there is one.
    public var offset: Int?
    public var message: String

    public init(_ format: String, _ kind: Kind, at offset: Int? = nil, _ message: String) {
        self.format = format
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    public var description: String { offset == nil ? "\(format): \(message)" : "\(format) \(located)" }

    /// The message after the offset, without the format's name: "offset 6: the file ends …".
    public var located: String { (offset.map { "offset \($0): " } ?? "") + message }
}
