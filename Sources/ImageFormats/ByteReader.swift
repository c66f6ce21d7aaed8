// Bounds-checked reads of little- and big-endian integers at absolute offsets: every reader in
// this module goes through it, so a field past the end of the file is a `truncated` error that
// names the field, never a trap.

/// The bytes of a file with checked integer reads.
struct ByteReader {
    let bytes: [UInt8]
    let format: String
    /// True for big-endian fields (TIFF "MM"); false for little-endian.
    var bigEndian = false

    init(_ bytes: [UInt8], format: String, bigEndian: Bool = false) {
        self.bytes = bytes
        self.format = format
        self.bigEndian = bigEndian
    }

    var count: Int { bytes.count }

    /// Throws unless `length` bytes from `offset` are in the file.
    func need(_ offset: Int, _ length: Int, _ what: String) throws(ImageFormatError) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw ImageFormatError(
                format, .truncated, at: max(0, min(offset, bytes.count)),
                "the file ends inside \(what) (\(length) bytes needed at offset \(offset), the file has \(bytes.count))"
            )
        }
    }

    func u8(_ offset: Int, _ what: String) throws(ImageFormatError) -> Int {
        try need(offset, 1, what)
        return Int(bytes[offset])
    }

    func u16(_ offset: Int, _ what: String) throws(ImageFormatError) -> Int {
        try need(offset, 2, what)
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ offset: Int, _ what: String) throws(ImageFormatError) -> Int {
        try need(offset, 4, what)
        let b0 = Int(bytes[offset]), b1 = Int(bytes[offset + 1]), b2 = Int(bytes[offset + 2])
        let b3 = Int(bytes[offset + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    /// A signed 32-bit field.
    func i32(_ offset: Int, _ what: String) throws(ImageFormatError) -> Int {
        Int(Int32(truncatingIfNeeded: try u32(offset, what)))
    }

    /// The bytes `offset..<offset + length`.
    func slice(_ offset: Int, _ length: Int, _ what: String) throws(ImageFormatError) -> ArraySlice<UInt8> {
        try need(offset, length, what)
        return bytes[offset..<(offset + length)]
    }
}
