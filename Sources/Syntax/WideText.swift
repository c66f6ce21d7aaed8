/// Whether a file that should be UTF-8 text (an SVG, a JSON file) is UTF-16 or UTF-32 instead,
/// told apart as RFC 4627 §3 does: a byte order mark, or the pattern of zero bytes the first two
/// ASCII characters make in each encoding (`00 xx 00 xx` UTF-16BE, `xx 00 xx 00` UTF-16LE,
/// `00 00 00 xx` UTF-32BE, `xx 00 00 00` UTF-32LE). Zero bytes in another pattern (a NUL before
/// text, binary data) are not text in these encodings either. A UTF-8 byte order mark before
/// them is looked past.
public enum WideText {
    /// The encoding's name, or nil when the bytes do not start as UTF-16 or UTF-32 text.
    public static func encoding(of bytes: [UInt8]) -> String? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if body.starts(with: [0, 0, 0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE, 0, 0]) { return "UTF-32" }
        if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        guard body.count >= 4 else { return nil }
        let zero = body.prefix(4).map { $0 == 0 }
        switch (zero[0], zero[1], zero[2], zero[3]) {
        case (true, true, true, false), (false, true, true, true): return "UTF-32"
        case (true, false, true, false), (false, true, false, true): return "UTF-16"
        default: return nil
        }
    }

    /// The first bytes of a file as hexadecimal pairs ("FF FE 3C 00"), for a message.
    public static func firstBytes(_ bytes: [UInt8], count: Int = 4) -> String {
        bytes.prefix(count).map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
