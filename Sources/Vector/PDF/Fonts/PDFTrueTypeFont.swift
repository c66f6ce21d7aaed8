// A simple TrueType font of a PDF (ISO 32000-1 §9.6.3, §9.6.6.4; docs/PDF.md §Text): its embedded
// program (/FontDescriptor /FontFile2), its widths, and how a byte code finds its glyph.
//
// §9.6.6.4, as ivsim reads it: a symbolic font (descriptor flag 3) or one without an /Encoding
// maps the code through the (3,0) subtable at 0xF000 + code (then 0xF100, 0xF200 and the code
// itself, as PDF readers try), else through (1,0) with the code as it is, else (3,1) with the
// code; a non-symbolic font with /MacRomanEncoding or /WinAnsiEncoding turns the code into a
// Unicode value by that encoding and maps it through (3,1), else turns it into a Mac OS Roman
// code and maps that through (1,0). A code that finds nothing draws glyph 0 (.notdef). A code
// that /Differences names finds its glyph by that name, as §9.6.6.4 says: the name's Unicode value
// (the Adobe Glyph List For New Fonts, or a `uniXXXX` or `uXXXX` name) through (3,1), else the
// Mac OS Roman code of that value through (1,0), else the font's `post` table's glyph of that name.

struct PDFTrueTypeFont {
    enum Encoding {
        case none, macRoman, winAnsi
    }

    var program: TrueTypeFont
    var symbolic: Bool
    var encoding: Encoding
    var firstChar: Int
    /// Glyph widths in thousandths of text space (/Widths).
    var widths: [Double]
    var missingWidth: Double
    /// The glyph of each byte code, looked up once when the font is read.
    private(set) var glyphs: [Int] = []
    /// The font's object number, when it has one: glyph outlines are kept by it (PDFInterpreter).
    var number: Int?

    init(
        program: TrueTypeFont, symbolic: Bool, encoding: Encoding, firstChar: Int, widths: [Double],
        missingWidth: Double, number: Int? = nil, differences: [Int: String] = [:]
    ) {
        self.program = program
        self.symbolic = symbolic
        self.encoding = encoding
        self.firstChar = firstChar
        self.widths = widths
        self.missingWidth = missingWidth
        self.number = number
        let postNames = differences.isEmpty ? [:] : program.glyphsByPostName()
        glyphs = (0..<256).map { code in
            differences[code].map { Self.glyph(named: $0, in: program, postNames: postNames) } ?? lookUp(code)
        }
    }

    /// The glyph named `name` (§9.6.6.4): its Unicode value through (3,1), else that value's Mac OS
    /// Roman code through (1,0), else the `post` table's glyph of that name; 0 when none.
    static func glyph(named name: String, in f: TrueTypeFont, postNames: [String: Int]) -> Int {
        if let unicode = unicode(of: name) {
            if let g = f.glyph(unicode, platform: 3, encoding: 1) { return g }
            if let mac = unicode < 128 ? unicode : macRomanCode[unicode], let g = f.glyph(mac, platform: 1, encoding: 0)
            {
                return g
            }
        }
        return postNames[name] ?? 0
    }

    /// A glyph name's Unicode value: AGLFN's, or the value a `uniXXXX` (four upper-case hex digits)
    /// or `uXXXX` to `uXXXXXX` name spells (the Adobe Glyph List Specification's forms).
    static func unicode(of name: String) -> Int? {
        if let value = aglfn[name] { return value }
        func hex(_ digits: Substring) -> Int? {
            guard digits.allSatisfy({ $0.isHexDigit && !$0.isLowercase }) else { return nil }
            return Int(digits, radix: 16)
        }
        if name.hasPrefix("uni"), name.count == 7 { return hex(name.dropFirst(3)) }
        if name.hasPrefix("u"), (5...7).contains(name.count), let v = hex(name.dropFirst()), v <= 0x10FFFF {
            return v
        }
        return nil
    }

    static let aglfn: [String: Int] = Dictionary(
        zip(GlyphNameTables.aglfnNames, GlyphNameTables.aglfnValues).map { ($0, $1) },
        uniquingKeysWith: { first, _ in first })

    /// The glyph of byte `code`, as looked up when the font was read.
    func glyph(_ code: Int) -> Int { (0..<256).contains(code) ? glyphs[code] : 0 }

    /// The glyph of byte `code` (§9.6.6.4), 0 when none.
    private func lookUp(_ code: Int) -> Int {
        let f = program
        if symbolic || encoding == .none {
            if f.hasSubtable(3, 0) {
                for base in [0xF000, 0xF100, 0xF200, 0] {
                    if let g = f.glyph(base + code, platform: 3, encoding: 0) { return g }
                }
            }
            return f.glyph(code, platform: 1, encoding: 0) ?? f.glyph(code, platform: 3, encoding: 1) ?? 0
        }
        let unicode = encoding == .macRoman ? Self.macRomanUnicode(code) : Self.winAnsiUnicode(code)
        if let g = f.glyph(unicode, platform: 3, encoding: 1) { return g }
        let mac = encoding == .macRoman ? code : Self.macRomanCode[unicode] ?? code
        return f.glyph(mac, platform: 1, encoding: 0) ?? 0
    }

    /// The width of `code` in thousandths of text space.
    func width(_ code: Int) -> Double {
        let i = code - firstChar
        return i >= 0 && i < widths.count ? widths[i] : missingWidth
    }

    /// Mac OS Roman's upper half (0x80–0xFF) in Unicode.
    static let macRomanUpper: [Int] = [
        196, 197, 199, 201, 209, 214, 220, 225, 224, 226, 228, 227, 229, 231, 233, 232, 234, 235, 237, 236, 238, 239,
        241, 243, 242, 244, 246, 245, 250, 249, 251, 252, 8224, 176, 162, 163, 167, 8226, 182, 223, 174, 169, 8482,
        180, 168, 8800, 198, 216, 8734, 177, 8804, 8805, 165, 181, 8706, 8721, 8719, 960, 8747, 170, 186, 937, 230,
        248, 191, 161, 172, 8730, 402, 8776, 8710, 171, 187, 8230, 160, 192, 195, 213, 338, 339, 8211, 8212, 8220, 8221,
        8216, 8217, 247, 9674, 255, 376, 8260, 164, 8249, 8250, 64257, 64258, 8225, 183, 8218, 8222, 8240, 194, 202,
        193, 203, 200, 205, 206, 207, 204, 211, 212, 63743, 210, 218, 219, 217, 305, 710, 732, 175, 728, 729, 730, 184,
        733, 731, 711
    ]

    /// Windows-1252's 0x80–0x9F in Unicode (0: undefined); the rest of the byte range is Latin-1.
    static let winAnsiControls: [Int] = [
        8364, 0, 8218, 402, 8222, 8230, 8224, 8225, 710, 8240, 352, 8249, 338, 0, 381, 0, 0, 8216, 8217, 8220, 8221,
        8226, 8211, 8212, 732, 8482, 353, 8250, 339, 0, 382, 376
    ]

    static func macRomanUnicode(_ code: Int) -> Int { code < 128 ? code : macRomanUpper[min(code, 255) - 128] }

    static func winAnsiUnicode(_ code: Int) -> Int { (128..<160).contains(code) ? winAnsiControls[code - 128] : code }

    /// Unicode values to Mac OS Roman codes (the upper half; below 128 the code is the value).
    static let macRomanCode: [Int: Int] = Dictionary(
        (0..<128).map { $0 }.map { ($0, $0) } + macRomanUpper.enumerated().map { ($1, $0 + 128) },
        uniquingKeysWith: { first, _ in first })
}
