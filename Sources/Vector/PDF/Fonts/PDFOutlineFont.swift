import Raster

// A PDF font whose glyphs ivsim draws from the embedded program's outlines (ISO 32000-1 §9.6–9.7;
// docs/PDF.md §Text): the program (TrueType or CFF), how the codes of a string find glyphs and
// widths, and the glyph space. Simple fonts take one byte a code and widths from /FirstChar and
// /Widths; composite (Type 0) fonts with the Identity-H CMap take two bytes a code, the code being
// the CID, and widths from the CIDFont's /W and /DW.

struct PDFOutlineFont {
    enum Program {
        case trueType(TrueTypeFont)
        case cff(CFFFont)

        func outlineAndWork(_ glyph: Int) throws(PDFError) -> (path: ShapePath, work: Int) {
            switch self {
            case let .trueType(font): try font.outlineAndWork(glyph)
            case let .cff(font): try font.outlineAndWork(glyph)
            }
        }

        /// What reading the program cost (TrueType: table directory entries, glyph locations and
        /// cmap subtables; CFF: `CFFFont.readWork`).
        var readWork: Int {
            switch self {
            case let .trueType(font): font.readWork
            case let .cff(font): font.readWork
            }
        }

        /// Glyph space to text space: 1/unitsPerEm for TrueType, the FontMatrix of the glyph's
        /// Font DICT for CFF.
        func glyphMatrix(_ glyph: Int) -> AffineTransform {
            switch self {
            case let .trueType(font):
                let em = 1 / Double(font.unitsPerEm)
                return .scale(em, em)
            case let .cff(font): return font.glyphMatrix(glyph)
            }
        }
    }

    enum Codes {
        /// One byte a code: the glyph of each of the 256 codes, looked up when the font was read.
        case simple([Int])
        /// Two bytes a code, each code its CID (Identity-H), found in the program by the CIDFont's
        /// /CIDToGIDMap (a table; nil: the CID is the glyph) or, in a CID-keyed CFF, its charset.
        case identity(cidToGlyph: [UInt16]?)
    }

    let program: Program
    let codes: Codes
    /// Simple fonts: /Widths from /FirstChar, in thousandths of text space; /MissingWidth else.
    var firstChar = 0
    var widths: [Double] = []
    var missingWidth = 0.0
    /// Composite fonts: the width of each CID given by /W, /DW for the others.
    var cidWidths: [Int: Double] = [:]
    /// The font's object number, when it has one: glyph outlines are kept by it (PDFInterpreter).
    var number: Int?

    var bytesPerCode: Int {
        if case .simple = codes { return 1 }
        return 2
    }

    /// The codes of a string, in order (a last odd byte of a two-byte font is not a code).
    func codes(of bytes: [UInt8]) -> [Int] {
        guard bytesPerCode == 2 else { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
    }

    /// The glyph of `code` (0, .notdef, when the font has none for it).
    func glyph(_ code: Int) -> Int {
        switch codes {
        case let .simple(table): return (0..<256).contains(code) ? table[code] : 0
        case let .identity(map?): return code < map.count ? Int(map[code]) : 0
        case .identity(nil):
            if case let .cff(font) = program { return font.glyph(cid: code) ?? 0 }
            return code
        }
    }

    /// The width of `code` in thousandths of text space.
    func width(_ code: Int) -> Double {
        if case .identity = codes { return cidWidths[code] ?? missingWidth }
        let i = code - firstChar
        return i >= 0 && i < widths.count ? widths[i] : missingWidth
    }

    /// Whether word spacing (Tw) applies to `code`: the single-byte code 32 only (§9.3.3).
    func isWordSpace(_ code: Int) -> Bool { bytesPerCode == 1 && code == 32 }
}

extension PDFOutlineFont {
    /// A simple font with a CFF program (/Type1 with /FontFile3): a code's glyph is found by name
    /// (§9.6.6.2) — the name /Differences gives it, else the base encoding's (/BaseEncoding, or
    /// /Encoding as a name: StandardEncoding, MacRomanEncoding or WinAnsiEncoding); without either,
    /// the program's own encoding gives the glyph directly. A name the program lacks is .notdef.
    static func simpleCFF(
        _ program: CFFFont, base: String?, differences: [Int: String], firstChar: Int, widths: [Double],
        missingWidth: Double, number: Int?
    ) -> PDFOutlineFont {
        let table: [String]? =
            switch base {
            case "StandardEncoding": GlyphNameTables.standardEncoding
            case "MacRomanEncoding": GlyphNameTables.macRomanEncoding
            case "WinAnsiEncoding": GlyphNameTables.winAnsiEncoding
            default: nil
            }
        let glyphs = (0..<256).map { code in
            if let name = differences[code] { return program.glyph(named: name) ?? 0 }
            guard let table else { return program.builtInEncoding[code] }
            return table[code].isEmpty ? 0 : program.glyph(named: table[code]) ?? 0
        }
        return PDFOutlineFont(
            program: .cff(program), codes: .simple(glyphs), firstChar: firstChar, widths: widths,
            missingWidth: missingWidth, number: number)
    }

    /// A simple TrueType font (its codes looked up as PDFTrueTypeFont says).
    init(_ font: PDFTrueTypeFont) {
        self.init(
            program: .trueType(font.program), codes: .simple((0..<256).map(font.glyph)), firstChar: font.firstChar,
            widths: font.widths, missingWidth: font.missingWidth, number: font.number)
    }
}
