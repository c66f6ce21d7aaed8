// Inline images (ISO 32000-1 §8.9.7): BI, key–value pairs with the abbreviations of Table 93
// (W, H, BPC, CS, IM, D, DP, F, I) spelt out, ID, one white-space byte, the data, EI. Without a
// filter the data is exactly ⌈W × components × BPC / 8⌉ × H bytes (components: 1 for gray,
// indexed and masks, 3 for RGB; a named colour space counts as its resource, so the data then
// ends at the first "EI" between white space, as with filters).

enum PDFInlineImage {
    static let keys = [
        "W": "Width", "H": "Height", "BPC": "BitsPerComponent", "CS": "ColorSpace", "IM": "ImageMask",
        "D": "Decode", "DP": "DecodeParms", "F": "Filter", "I": "Interpolate", "L": "Length"
    ]

    /// Reads from after "BI" to after "EI"; the stream's dictionary has the full key names.
    static func read(_ parser: inout PDFParser) throws(PDFError) -> PDFStream {
        var dictionary: [String: PDFObject] = [:]
        let start = parser.lexer.position
        while true {
            let at = parser.lexer.position
            guard let token = try parser.lexer.next() else { throw .at(start, "an inline image has no ID") }
            if token == .keyword("ID") { break }
            guard case let .name(key) = token else { throw .at(at, "an inline image's key must be a name") }
            let valueAt = parser.lexer.position
            guard let valueToken = try parser.lexer.next() else { throw .at(start, "an inline image has no ID") }
            dictionary[keys[key] ?? key] = try parser.object(from: valueToken, at: valueAt, depth: 0)
            guard dictionary.count <= 64 else { throw .at(at, "an inline image has more than 64 keys") }
        }
        let bytes = parser.lexer.bytes, end = parser.lexer.end
        let dataStart = min(parser.lexer.position + 1, end)  // one white-space byte after ID
        var dataEnd: Int?
        if dictionary["Filter"] == nil, let length = exactLength(dictionary), length <= end - dataStart {
            dataEnd = dataStart + length
        } else {
            // The first "EI" with white space (or the end) on both sides.
            var i = dataStart
            while i + 1 < end {
                if bytes[i] == UInt8(ascii: "E"), bytes[i + 1] == UInt8(ascii: "I"), i > dataStart,
                    PDFLexer.isWhite(bytes[i - 1]),
                    i + 2 == end || PDFLexer.isWhite(bytes[i + 2]) || PDFLexer.isDelimiter(bytes[i + 2])
                {
                    dataEnd = i - 1
                    break
                }
                i += 1
            }
        }
        guard let dataEnd else { throw .at(start, "an inline image's data is not followed by EI") }
        parser.lexer.position = dataEnd
        guard case .keyword("EI")? = try parser.lexer.next() else {
            throw .at(dataEnd, "an inline image's data is not followed by EI")
        }
        // Not a place in the file (the content may itself be decoded): never cached by offset.
        return PDFStream(dictionary: dictionary, data: bytes[dataStart..<dataEnd], offset: -1)
    }

    static func exactLength(_ d: [String: PDFObject]) -> Int? {
        guard let w = d["Width"]?.integer, let h = d["Height"]?.integer, w > 0, h > 0, w <= PDFImage.maxImageSide,
            h <= PDFImage.maxImageSide
        else {
            return nil
        }
        let mask = d["ImageMask"] == .bool(true)
        let bits = mask ? 1 : d["BitsPerComponent"]?.integer ?? 8
        let components: Int
        switch d["ColorSpace"] {
        case _ where mask: components = 1
        case .name("G")?, .name("DeviceGray")?: components = 1
        case .name("RGB")?, .name("DeviceRGB")?: components = 3
        case let .array(items)? where items.first == .name("I") || items.first == .name("Indexed"): components = 1
        default: return nil
        }
        guard [1, 2, 4, 8, 16].contains(bits) else { return nil }
        return (w * components * bits + 7) / 8 * h
    }
}
