// The table directory of an OpenType or TrueType font file (the OpenType specification's "Table
// directory", https://learn.microsoft.com/typography/opentype/spec/otff): read by TrueTypeFont
// for its tables and by the PDF reader to find an OpenType program's outlines.

enum OpenTypeTables {
    enum Lookup: Equatable {
        case found(Range<Int>)
        /// The directory names the table, at bytes outside the file.
        case outside
        /// The directory is shorter than its count says (or the file than a directory).
        case damaged
        case missing
    }

    /// The directory's entries in order (tag, offset, length, unchecked against the file), or nil
    /// when the file is shorter than the directory.
    static func entries(in data: [UInt8]) -> [(tag: String, offset: Int, length: Int)]? {
        guard data.count >= 12 else { return nil }
        let count = TrueTypeFont.u16(data, 4)
        guard 12 + 16 * count <= data.count else { return nil }
        return (0..<count).map { i in
            let r = 12 + i * 16
            return (
                String(decoding: data[r..<r + 4], as: UTF8.self), TrueTypeFont.u32(data, r + 8),
                TrueTypeFont.u32(data, r + 12)
            )
        }
    }

    /// Where table `tag` is (its first entry).
    static func table(_ tag: String, in data: [UInt8]) -> Lookup {
        guard let entries = entries(in: data) else { return .damaged }
        guard let entry = entries.first(where: { $0.tag == tag }) else { return .missing }
        guard entry.offset <= data.count, entry.length <= data.count - entry.offset else { return .outside }
        return .found(entry.offset..<entry.offset + entry.length)
    }
}
