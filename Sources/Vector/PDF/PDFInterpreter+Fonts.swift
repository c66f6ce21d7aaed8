import Raster

// Font resources (ISO 32000-1 §9.6–9.9; docs/PDF.md §Text), read once per font object:
// - Type 3 fonts (glyph procedures);
// - simple TrueType fonts with /FontFile2;
// - simple Type 1 fonts whose program is CFF (/FontFile3 of subtype /Type1C, or /OpenType with a
//   'CFF ' table), a code's glyph found by name (PDFOutlineFont.simpleCFF);
// - composite (Type 0) fonts with the Identity-H CMap and one CIDFont: CIDFontType2 (TrueType,
//   /FontFile2 or an /OpenType /FontFile3, through /CIDToGIDMap) or CIDFontType0 (CFF,
//   /FontFile3 of subtype /CIDFontType0C or /OpenType, through the charset when CID-keyed).
// Any other font is kept as a description, refused when text is shown in it.

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
            if let embedded = try trueTypeFont(d, name: name, number: number) {
                font = .outline(PDFOutlineFont(embedded))
            }
        case "Type1", "MMType1":
            if let program = try cffProgram(descriptor) {
                font = .outline(try simpleCFF(d, program, descriptor: descriptor, name: name, number: number))
            } else if try file.value(descriptor, "FontFile") != nil {
                font = .other("a Type 1 font program (/FontFile\(baseFont.map { " of /\($0)" } ?? ""))")
            }
        case "Type0": font = try compositeFont(d, name: name, number: number).map(PDFFont.outline) ?? font
        default: break
        }
        // Reading a program made a table entry per glyph (locations, or names and CIDs): charged to
        // the page, so that many fonts sharing one large program cannot read it for minutes.
        if case let .outline(outline) = font { try countWork(outline.program.glyphCount) }
        if let number { fonts[number] = font }
        return font
    }

    /// How a font ivsim cannot draw is named in the refusal.
    private static func unembedded(_ subtype: String, _ baseFont: String?) -> String {
        "a \(subtype) font\(baseFont.map { " (/\($0))" } ?? "") whose program is not embedded"
    }

    private func type3Font(_ d: [String: PDFObject], name: String) throws(PDFError) -> PDFFont.Type3 {
        let m = try file.numbers(d["FontMatrix"]) ?? [0.001, 0, 0, 0.001, 0, 0]
        guard m.count == 6 else { throw PDFError("the font /\(name) has a /FontMatrix of \(m.count) numbers") }
        return PDFFont.Type3(
            procedures: try file.value(d, "CharProcs")?.dictionary ?? [:], names: try differences(d),
            firstChar: min(max(try file.value(d, "FirstChar")?.integer ?? 0, 0), 255),
            widths: try file.numbers(d["Widths"]) ?? [],
            matrix: AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]),
            resources: try file.value(d, "Resources")?.dictionary)
    }

    /// The glyph names an /Encoding dictionary's /Differences gives codes 0…255.
    private func differences(_ d: [String: PDFObject]) throws(PDFError) -> [Int: String] {
        var names: [Int: String] = [:]
        guard let list = try file.value(try file.value(d, "Encoding")?.dictionary, "Differences")?.array else {
            return names
        }
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

    /// A simple TrueType font with its program embedded (/FontFile2), or nil when it has none
    /// (refused when text is shown in it, as any font ivsim cannot draw).
    private mutating func trueTypeFont(_ d: [String: PDFObject], name: String, number: Int?) throws(PDFError)
        -> PDFTrueTypeFont?
    {
        let descriptor = try file.value(d, "FontDescriptor")?.dictionary
        guard let fileObject = descriptor?["FontFile2"], case let .stream(stream) = try file.resolve(fileObject) else {
            return nil
        }
        let program = try TrueTypeFont(try file.decode(stream).bytes)
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

    /// The descriptor's /FontFile3 program: CFF as it is (/Type1C, /CIDFontType0C) or the 'CFF '
    /// table of an OpenType font (/OpenType); nil when the descriptor has no /FontFile3.
    private func cffProgram(_ descriptor: [String: PDFObject]?) throws(PDFError) -> CFFFont? {
        guard let object = descriptor?["FontFile3"] else { return nil }
        guard case let .stream(stream) = try file.resolve(object) else {
            throw PDFError("a font's /FontFile3 is not a stream")
        }
        let kind = try file.value(stream.dictionary, "Subtype")?.name ?? "none"
        let bytes = try file.decode(stream).bytes
        switch kind {
        case "Type1C", "CIDFontType0C": return try CFFFont(bytes)
        case "OpenType":
            guard let table = OpenTypeTables.table("CFF ", in: bytes) else {
                throw PDFError(
                    "an embedded OpenType font without a 'CFF ' table is not read here (its outlines are TrueType: "
                        + "embed it as /FontFile2)")
            }
            return try CFFFont(Array(bytes[table]))
        default: throw PDFError("a font program of subtype /\(kind) (/FontFile3) is not read")
        }
    }

    private func simpleCFF(
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
    private func compositeFont(_ d: [String: PDFObject], name: String, number: Int?) throws(PDFError)
        -> PDFOutlineFont?
    {
        let cmap = try file.value(d, "Encoding")
        guard case .name("Identity-H")? = cmap else {
            let named = cmap?.name.map { "the CMap /\($0)" } ?? "an embedded CMap"
            throw PDFError(
                "the composite font /\(name) uses \(named) (ivsim reads Identity-H): outline the text in the export")
        }
        guard let first = try file.value(d, "DescendantFonts")?.array?.first,
            let cid = try file.resolve(first).dictionary
        else {
            throw PDFError("the composite font /\(name) has no /DescendantFonts")
        }
        let widths = try cidWidths(try file.value(cid, "W")?.array ?? [], name: name)
        let descriptor = try file.value(cid, "FontDescriptor")?.dictionary
        let program: PDFOutlineFont.Program
        var cidToGlyph: [UInt16]?
        switch try file.value(cid, "Subtype")?.name {
        case "CIDFontType2"?:
            if let object = descriptor?["FontFile2"], case let .stream(stream) = try file.resolve(object) {
                program = .trueType(try TrueTypeFont(try file.decode(stream).bytes))
            } else {
                return nil
            }
            switch try file.value(cid, "CIDToGIDMap") {
            case nil, .name("Identity")?: break
            case let .stream(stream)?:
                let bytes = try file.decode(stream).bytes
                cidToGlyph = stride(from: 0, to: min(bytes.count, 2 * 65_536) - 1, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
            default:
                throw PDFError("the composite font /\(name) has a /CIDToGIDMap that is neither /Identity nor a stream")
            }
        case "CIDFontType0"?:
            guard let cff = try cffProgram(descriptor) else { return nil }
            program = .cff(cff)
        case let other:
            throw PDFError(
                "the composite font /\(name) has a CIDFont of subtype /\(other ?? "none"), which is not read")
        }
        return PDFOutlineFont(
            program: program, codes: .identity(cidToGlyph: cidToGlyph),
            missingWidth: try file.value(cid, "DW")?.number ?? 1000,
            cidWidths: widths, number: number)
    }

    /// A CIDFont's /W (§9.7.4.3): `c [w1 w2 …]` gives CIDs c, c+1, … their widths, `c1 c2 w` gives
    /// CIDs c1 through c2 one width.
    private func cidWidths(_ list: [PDFObject], name: String) throws(PDFError) -> [Int: Double] {
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
        return widths
    }
}

/// The table directory of an OpenType or TrueType font file (the OpenType specification's "Table
/// directory", https://learn.microsoft.com/typography/opentype/spec/otff).
enum OpenTypeTables {
    /// The bytes of table `tag`, or nil when the font has none (or the directory is damaged).
    static func table(_ tag: String, in data: [UInt8]) -> Range<Int>? {
        guard data.count >= 12 else { return nil }
        let count = TrueTypeFont.u16(data, 4)
        for i in 0..<count {
            let r = 12 + i * 16
            guard r + 16 <= data.count else { return nil }
            let offset = TrueTypeFont.u32(data, r + 8), length = TrueTypeFont.u32(data, r + 12)
            if String(decoding: data[r..<r + 4], as: UTF8.self) == tag, offset <= data.count,
                length <= data.count - offset
            {
                return offset..<offset + length
            }
        }
        return nil
    }
}
