// What a file's first bytes say it is, for the formats ivsim does not decode (or does, under
// another extension or in another place): the note errors add after "not a usable PNG" or "not a JPEG file", and
// `ivsim convert` after "not a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file", so that a
// HEIC file is called one.

public enum FileFormatNote {
    /// " (it is a … file: …)", or "" when the bytes say nothing ivsim knows.
    public static func note(_ bytes: [UInt8]) -> String {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let t = Array(text.utf8)
            return bytes.count >= offset + t.count && Array(bytes[offset..<(offset + t.count)]) == t
        }
        if starts("ftypheic", at: 4) || starts("ftypheix", at: 4) || starts("ftypmif1", at: 4)
            || starts("ftyphevc", at: 4)
        {
            return " (it is a HEIC file, which ivsim does not decode: export it as PNG or JPEG)"
        }
        if starts("%PDF") { return " (it is a PDF file: give it the extension .pdf to draw it)" }
        if starts("<?xml") || starts("<svg") {
            return " (it looks like an SVG file: give it the extension .svg to draw it)"
        }
        if starts("GIF8") { return " (it is a GIF file)" }
        if starts("BM") { return " (it is a BMP file)" }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return " (it is a TIFF file)" }
        if bytes.starts(with: [0xFF, 0xD8]) { return " (it is a JPEG file)" }
        if starts("RIFF") && starts("WEBP", at: 8) { return " (it is a WebP file)" }
        return ""
    }
}
