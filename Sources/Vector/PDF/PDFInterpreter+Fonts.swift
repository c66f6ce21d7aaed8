import Raster

// Font resources (ISO 32000-1 §9.6–9.9; docs/PDF.md §Text), read once per font object:
// - Type 3 fonts (glyph procedures);
// - simple TrueType fonts with an embedded TrueType program;
// - simple Type 1 fonts whose program is CFF (/FontFile3 of subtype /Type1C, or /OpenType with a
//   'CFF ' table), a code's glyph found by name (PDFOutlineFont.simpleCFF);
// - composite (Type 0) fonts with the Identity-H CMap and one CIDFont (CIDFontType0 or
//   CIDFontType2) whose program is embedded: TrueType (/FontFile2, or an /OpenType /FontFile3 with
//   TrueType outlines) through /CIDToGIDMap, or CFF (/FontFile3 /CIDFontType0C, or /OpenType with a
//   'CFF ' table) through the charset when CID-keyed.
// Any other font is kept as a description, refused when text is shown in it.
//
// What reading costs is charged to the page's operations: each font program once per page (kept
// by its stream's object number, however many fonts share it) its `readWork`; each font object
// read its code table (256), its /Differences elements, its /W widths and its /CIDToGIDMap entries.

extension PDFInterpreter {
    /// At most this many widths a /W array may give (the CID range is 0…65535; a CID given
    /// twice counts twice).
    static let maxCIDWidths = 65_536

    mutating func font(_ name: String, resources: [String: PDFObject]?) throws(PDFError) -> PDFFont {
        let raw = try file.value(resources, "Font")?.dictionary?[name]
        let number = raw?.referenceNumber
        if let number, let hit = fonts[number] { return hit }
        guard let raw, let d = try file.resolve(raw).dictionary else {
            throw PDFError("the font /\(name) is not in the resources")
        }
        let subtype = try file.value(d, "Subtype")?.name ?? "unnamed"
        let baseFont = try file.value(d, "BaseFont")?.name
        let descriptor = try file.value(d, "FontDescriptor")?.dictionary
        var font = PDFFont.other(Self.unembedded(subtype, baseFont))
        switch subtype {
        case "Type3": font = .type3(try type3Font(d, name: name))
        case "TrueType":
            if case let .trueType(program)? = try embeddedProgram(descriptor, name: name) {
                font = .outline(PDFOutlineFont(try trueTypeFont(d, program, descriptor: descriptor, number: number)))
            }
        case "Type1", "MMType1":
            switch try embeddedProgram(descriptor, name: name) {
            case let .cff(program)?:
                font = .outline(try simpleCFF(d, program, descriptor: descriptor, name: name, number: number))
            case .trueType?:
                throw PDFError("the Type 1 font /\(name) embeds a TrueType program (declare it /TrueType)")
            case nil:
                if try file.value(descriptor, "FontFile") != nil {
                    font = .other("a Type 1 font program (/FontFile\(baseFont.map { " of /\($0)" } ?? ""))")
                }
            }
        case "Type0": font = try compositeFont(d, name: name, number: number).map(PDFFont.outline) ?? font
        default: break
        }
        if case .outline = font { try countWork(256) }  // the code table made for this font object
        if let number { fonts[number] = font }
        return font
    }

    /// How a font ivsim cannot draw is named in the refusal.
    private static func unembedded(_ subtype: String, _ baseFont: String?) -> String {
        "a \(subtype) font\(baseFont.map { " (/\($0))" } ?? "") whose program is not embedded"
    }

    private mutating func type3Font(_ d: [String: PDFObject], name: String) throws(PDFError) -> PDFFont.Type3 {
        let m = try file.numbers(d["FontMatrix"]) ?? [0.001, 0, 0, 0.001, 0, 0]
        guard m.count == 6 else { throw PDFError("the font /\(name) has a /FontMatrix of \(m.count) numbers") }
        return PDFFont.Type3(
            procedures: try file.value(d, "CharProcs")?.dictionary ?? [:], names: try differences(d),
            firstChar: min(max(try file.value(d, "FirstChar")?.integer ?? 0, 0), 255),
            widths: try file.numbers(d["Widths"]) ?? [],
            matrix: AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]),
            resources: try file.value(d, "Resources")?.dictionary)
    }

    /// The glyph names an /Encoding dictionary's /Differences gives codes 0…255, each element
    /// charged to the page.
    private mutating func differences(_ d: [String: PDFObject]) throws(PDFError) -> [Int: String] {
        var names: [Int: String] = [:]
        guard let list = try file.value(try file.value(d, "Encoding")?.dictionary, "Differences")?.array else {
            return names
        }
        try countWork(list.count)
        var code = 0
        for item in list {
            switch try file.resolve(item) {
            case let .integer(v): code = min(max(v, 0), 256)
            case let .name(glyph):
                if code < 256 { names[code] = glyph }
                code = min(code + 1, 256)
            default: break
            }
        }
        return names
    }

    /// The font program a descriptor embeds — /FontFile2 (TrueType) or /FontFile3 (/Type1C and
    /// /CIDFontType0C: CFF; /OpenType: its 'CFF ' table, else its TrueType outlines) — or nil when
    /// it embeds none. Read once per stream: kept by the stream's object number, its reading charged
    /// to the page the first time.
    private mutating func embeddedProgram(_ descriptor: [String: PDFObject]?, name: String) throws(PDFError)
        -> PDFOutlineFont.Program?
    {
        let key = descriptor?["FontFile2"] != nil ? "FontFile2" : "FontFile3"
        guard let object = descriptor?[key] else { return nil }
        let number = object.referenceNumber
        if let number, let kept = fontPrograms[number] { return kept }
        guard case let .stream(stream) = try file.resolve(object) else {
            throw PDFError("the font /\(name)'s /\(key) is not a stream")
        }
        let bytes = try file.decode(stream).bytes
        let program: PDFOutlineFont.Program
        if key == "FontFile2" {
            program = .trueType(try TrueTypeFont(bytes))
        } else {
            switch try file.value(stream.dictionary, "Subtype")?.name ?? "none" {
            case "Type1C", "CIDFontType0C": program = .cff(try CFFFont(bytes))
            case "OpenType": program = try Self.openType(bytes)
            case let kind:
                throw PDFError("the font /\(name) has a program of subtype /\(kind) (/FontFile3), which is not read")
            }
        }
        try countWork(program.readWork)
        if let number { fontPrograms[number] = program }
        return program
    }

    /// An OpenType font file's outlines: its 'CFF ' table, else (a 'glyf' table) the font as TrueType.
    private static func openType(_ bytes: [UInt8]) throws(PDFError) -> PDFOutlineFont.Program {
        switch OpenTypeTables.table("CFF ", in: bytes) {
        case let .found(range): return .cff(try CFFFont(Array(bytes[range])))
        case .outside:
            throw PDFError("an embedded OpenType font: its 'CFF ' table lies outside the font program")
        case .damaged: throw PDFError("an embedded OpenType font: its table directory is cut short")
        case .missing:
            if case .found = OpenTypeTables.table("glyf", in: bytes) { return .trueType(try TrueTypeFont(bytes)) }
            if case .found = OpenTypeTables.table("CFF2", in: bytes) {
                throw PDFError("an embedded OpenType font: CFF2 (a variable font's outlines) is not read")
            }
            throw PDFError("an embedded OpenType font has neither a 'CFF ' nor a 'glyf' table")
        }
    }

    /// A simple TrueType font over its embedded program.
    private mutating func trueTypeFont(
        _ d: [String: PDFObject], _ program: TrueTypeFont, descriptor: [String: PDFObject]?, number: Int?
    ) throws(PDFError) -> PDFTrueTypeFont {
        let flags = try file.value(descriptor, "Flags")?.integer ?? 0
        var encoding = PDFTrueTypeFont.Encoding.none
        switch try file.value(d, "Encoding") {
        case nil: break
        case let .name(value)?:
            encoding = value == "MacRomanEncoding" ? .macRoman : value == "WinAnsiEncoding" ? .winAnsi : .none
        case let .dictionary(e)?:
            let base = try file.value(e, "BaseEncoding")?.name
            encoding = base == "MacRomanEncoding" ? .macRoman : base == "WinAnsiEncoding" ? .winAnsi : .none
        default: break
        }
        return PDFTrueTypeFont(
            program: program, symbolic: flags & 4 != 0, encoding: encoding,
            firstChar: min(max(try file.value(d, "FirstChar")?.integer ?? 0, 0), 255),
            widths: try file.numbers(d["Widths"]) ?? [],
            missingWidth: try file.value(descriptor, "MissingWidth")?.number ?? 0, number: number,
            differences: try differences(d))
    }

    private mutating func simpleCFF(
        _ d: [String: PDFObject], _ program: CFFFont, descriptor: [String: PDFObject]?, name: String, number: Int?
    ) throws(PDFError) -> PDFOutlineFont {
        var base: String?
        switch try file.value(d, "Encoding") {
        case let .name(value)?: base = value
        case let .dictionary(e)?: base = try file.value(e, "BaseEncoding")?.name
        default: break
        }
        if let base, !["StandardEncoding", "MacRomanEncoding", "WinAnsiEncoding"].contains(base) {
            throw PDFError("the font /\(name) has the encoding /\(base), which is not read")
        }
        return PDFOutlineFont.simpleCFF(
            program, base: base, differences: try differences(d),
            firstChar: min(max(try file.value(d, "FirstChar")?.integer ?? 0, 0), 255),
            widths: try file.numbers(d["Widths"]) ?? [],
            missingWidth: try file.value(descriptor, "MissingWidth")?.number ?? 0, number: number)
    }

    /// A Type 0 font: Identity-H and its CIDFont, or nil when the CIDFont's program is not embedded.
    private mutating func compositeFont(_ d: [String: PDFObject], name: String, number: Int?) throws(PDFError)
        -> PDFOutlineFont?
    {
        let cmap = try file.value(d, "Encoding")
        guard case .name("Identity-H")? = cmap else {
            let named = cmap?.name.map { "the CMap /\($0)" } ?? "an embedded CMap"
            throw PDFError(
                "the composite font /\(name) uses \(named) (ivsim reads Identity-H): outline the text in the export")
        }
        guard let descendants = try file.value(d, "DescendantFonts")?.array, let first = descendants.first else {
            throw PDFError("the composite font /\(name) has no /DescendantFonts")
        }
        guard let cid = try file.resolve(first).dictionary else {
            throw PDFError("the composite font /\(name)'s /DescendantFonts does not hold a CIDFont dictionary")
        }
        switch try file.value(cid, "Subtype")?.name {
        case "CIDFontType0"?, "CIDFontType2"?: break
        case let other:
            throw PDFError(
                "the composite font /\(name) has a CIDFont of subtype /\(other ?? "none"), which is not read")
        }
        let widths = try cidWidths(try file.value(cid, "W")?.array ?? [], name: name)
        guard let program = try embeddedProgram(try file.value(cid, "FontDescriptor")?.dictionary, name: name) else {
            return nil
        }
        var cidToGlyph: [UInt16]?
        if case .trueType = program {
            switch try file.value(cid, "CIDToGIDMap") {
            case nil, .name("Identity")?: break
            case let .stream(stream)?:
                let bytes = try file.decode(stream).bytes
                try countWork(min(bytes.count, 2 * 65_536) / 2)
                cidToGlyph = stride(from: 0, to: min(bytes.count, 2 * 65_536) - 1, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
            default:
                throw PDFError("the composite font /\(name) has a /CIDToGIDMap that is neither /Identity nor a stream")
            }
        }
        return PDFOutlineFont(
            program: program, codes: .identity(cidToGlyph: cidToGlyph),
            missingWidth: try file.value(cid, "DW")?.number ?? 1000, cidWidths: widths, number: number)
    }

    /// A CIDFont's /W (§9.7.4.3): `c [w1 w2 …]` gives CIDs c, c+1, … their widths, `c1 c2 w` gives
    /// CIDs c1 through c2 one width; each width given charged to the page.
    private mutating func cidWidths(_ list: [PDFObject], name: String) throws(PDFError) -> [Int: Double] {
        var widths: [Int: Double] = [:]
        var i = 0
        var given = 0  // widths given, a CID given twice counted twice
        func tooMany() -> PDFError {
            PDFError("the composite font /\(name) gives more than \(Self.maxCIDWidths) widths (/W)")
        }
        while i < list.count {
            guard let c = try file.resolve(list[i]).integer, (0...0xFFFF).contains(c), i + 1 < list.count else {
                throw PDFError("the composite font /\(name) has a malformed /W")
            }
            if let each = try file.resolve(list[i + 1]).array {
                given += each.count
                guard given <= Self.maxCIDWidths else { throw tooMany() }
                for (k, w) in each.enumerated() where c + k <= 0xFFFF {
                    if let v = try file.resolve(w).number, v.isFinite { widths[c + k] = v }
                }
                i += 2
            } else {
                guard i + 2 < list.count, let last = try file.resolve(list[i + 1]).integer,
                    let w = try file.resolve(list[i + 2]).number, w.isFinite, last >= c
                else {
                    throw PDFError("the composite font /\(name) has a malformed /W")
                }
                given += min(last, 0xFFFF) - c + 1
                guard given <= Self.maxCIDWidths else { throw tooMany() }
                for cid in c...min(last, 0xFFFF) { widths[cid] = w }
                i += 3
            }
        }
        try countWork(given)
        return widths
    }
}
