import Raster

// Text (ISO 32000-1 §9): the text state and matrices are kept, and text is drawn when its font is
// a Type 3 font, whose glyphs are content streams (§9.6.5): each glyph's procedure runs with the
// glyph space mapped to user space by FontMatrix × [Tfs·Th 0 0 Tfs 0 Trise] × Tm, and the text
// matrix then advances by ((w0 · FontMatrix.a) · Tfs + Tc + Tw for byte 32) · Th, w0 from
// /Widths; a TJ number n moves it by −n/1000 · Tfs · Th. Glyph procedures paint with the graphics
// state as it is (d0 and d1 are read as nothing to draw). In a simple TrueType font with its
// program embedded (Fonts/), each glyph's outline is filled, stroked or both by the rendering
// mode, in glyph space of 1/unitsPerEm text space units, and the text matrix advances by w0/1000.
// Text in any other font is refused ("outline the text in the export"), except with rendering
// mode 3 (invisible), which draws nothing in any font; modes 4–7 (text added to the clip) are
// refused.

struct PDFTextState {
    var charSpacing = 0.0
    var wordSpacing = 0.0
    var horizontalScale = 1.0
    var leading = 0.0
    var font: String?
    var size = 0.0
    var renderMode = 0
    var rise = 0.0
}

/// A font resource: a Type 3 font's glyph procedures and metrics, or another kind (not drawn).
enum PDFFont {
    struct Type3 {
        var procedures: [String: PDFObject]
        /// Glyph names by byte code (from /Encoding /Differences).
        var names: [Int: String]
        var firstChar: Int
        var widths: [Double]
        var matrix: AffineTransform
        var resources: [String: PDFObject]?
    }

    case type3(Type3)
    case trueType(PDFTrueTypeFont)
    case other(String)
}

extension PDFInterpreter {
    mutating func text(
        _ op: String, _ operands: [PDFObject], resources: [String: PDFObject]?, into out: inout [PDFOperation]
    ) throws(PDFError) {
        func numbers(_ count: Int) throws(PDFError) -> [Double] { try Self.numbers(operands, count) }
        switch op {
        case "BT", "ET":
            textMatrix = .identity
            lineMatrix = .identity
        case "Tc": state.text.charSpacing = try numbers(1)[0]
        case "Tw": state.text.wordSpacing = try numbers(1)[0]
        case "Tz": state.text.horizontalScale = try numbers(1)[0] / 100
        case "TL": state.text.leading = try numbers(1)[0]
        case "Ts": state.text.rise = try numbers(1)[0]
        case "Tr": state.text.renderMode = min(max(PDFObject.int(try numbers(1)[0]) ?? 7, 0), 7)
        case "Tf":
            guard operands.count >= 2, let name = operands[operands.count - 2].name, let size = operands.last?.number,
                size.isFinite
            else {
                throw PDFError("expects a font name and a size")
            }
            state.text.font = name
            state.text.size = size
        case "Td", "TD":
            let v = try numbers(2)
            if op == "TD" { state.text.leading = -v[1] }
            moveLine(v[0], v[1])
        case "Tm":
            let v = try numbers(6)
            lineMatrix = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            textMatrix = lineMatrix
        case "T*":
            moveLine(0, -state.text.leading)
        case "Tj":
            guard case let .string(bytes)? = operands.last else { throw PDFError("expects a string") }
            try show([.string(bytes)], resources: resources, into: &out)
        case "TJ":
            guard let items = operands.last?.array else { throw PDFError("expects an array of strings and numbers") }
            try show(items, resources: resources, into: &out)
        case "'":
            guard case let .string(bytes)? = operands.last else { throw PDFError("expects a string") }
            moveLine(0, -state.text.leading)
            try show([.string(bytes)], resources: resources, into: &out)
        default:  // "
            guard operands.count >= 3, let aw = operands[operands.count - 3].number,
                let ac = operands[operands.count - 2].number, aw.isFinite, ac.isFinite,
                case let .string(bytes)? = operands.last
            else {
                throw PDFError("expects word spacing, character spacing and a string")
            }
            state.text.wordSpacing = aw
            state.text.charSpacing = ac
            moveLine(0, -state.text.leading)
            try show([.string(bytes)], resources: resources, into: &out)
        }
    }

    private mutating func moveLine(_ tx: Double, _ ty: Double) {
        lineMatrix = lineMatrix.prepending(.translation(tx, ty))
        textMatrix = lineMatrix
    }

    private mutating func show(_ items: [PDFObject], resources: [String: PDFObject]?, into out: inout [PDFOperation])
        throws(PDFError)
    {
        let t = state.text
        guard let fontName = t.font else { throw PDFError("text is shown before a font is set (Tf)") }
        let font = try self.font(fontName, resources: resources)
        let mode = t.renderMode
        if case let .trueType(trueType) = font {
            guard mode < 4 else {
                throw PDFError("text rendering mode \(mode) (text as a clip) is not read")
            }
            try showTrueType(items, trueType, mode: mode, into: &out)
            return
        }
        guard case let .type3(type3) = font else {
            guard mode == 3 else {
                guard case let .other(kind) = font else { return }
                throw PDFError(
                    "text in a \(kind) font is not drawn (ivsim draws embedded TrueType and Type 3 fonts): outline the text "
                        + "in the export")
            }
            // Invisible text draws nothing in any font. Its glyph widths are unknown, so the
            // text matrix stays; text after it is placed again by Td, TD, Tm or T* in practice.
            return
        }
        guard mode < 4 else { throw PDFError("text rendering mode \(mode) (text as a clip) is not read") }
        for item in items {
            switch item {
            case let .string(bytes):
                for code in bytes.map(Int.init) {
                    try countWork()
                    let scaled = AffineTransform(
                        a: t.size * t.horizontalScale, b: 0, c: 0, d: t.size, tx: 0, ty: t.rise)
                    let glyphToUser = textMatrix.prepending(scaled.prepending(type3.matrix))
                    if mode != 3, !hidden, let name = type3.names[code], let procedure = type3.procedures[name] {
                        let number = procedure.referenceNumber
                        if case let .stream(stream) = try file.resolve(procedure) {
                            let body = try nested(
                                stream, number: number, place: "glyph", resources: type3.resources ?? resources,
                                transform: glyphToUser, clip: nil, freshCompositing: false)
                            out += [.save] + body + [.restore]
                        }
                    }
                    let index = code - type3.firstChar
                    let w0 = index >= 0 && index < type3.widths.count ? type3.widths[index] : 0
                    advance(w0 * type3.matrix.a, code: code)
                }
            default:
                if let n = item.number, n.isFinite {
                    textMatrix = textMatrix.prepending(.translation(-n / 1000 * t.size * t.horizontalScale, 0))
                }
            }
        }
    }

    /// Shows `items` in an embedded TrueType font: each glyph's outline, mapped from font units to
    /// user space by (1/unitsPerEm) × [Tfs·Th 0 0 Tfs 0 Trise] × Tm, painted as the rendering mode
    /// says (0 fill, 1 stroke, 2 both, 3 nothing), then the advance.
    private mutating func showTrueType(
        _ items: [PDFObject], _ font: PDFTrueTypeFont, mode: Int, into out: inout [PDFOperation]
    ) throws(PDFError) {
        let t = state.text
        let em = 1 / Double(font.program.unitsPerEm)
        for item in items {
            switch item {
            case let .string(bytes):
                for code in bytes.map(Int.init) {
                    try countWork()
                    if mode != 3, !hidden {
                        let scaled = AffineTransform(
                            a: t.size * t.horizontalScale, b: 0, c: 0, d: t.size, tx: 0, ty: t.rise)
                        let glyphToUser = textMatrix.prepending(scaled.prepending(.scale(em, em)))
                        let outline = try glyphOutline(font, font.glyph(code))
                        if !outline.elements.isEmpty {
                            try countWork(outline.elements.count)
                            path = outline.applying(glyphToUser)
                            try paint(fill: mode == 1 ? nil : .nonZero, stroke: mode != 0, into: &out)
                        }
                    }
                    advance(font.width(code) / 1000, code: code)
                }
            default:
                if let n = item.number, n.isFinite {
                    textMatrix = textMatrix.prepending(.translation(-n / 1000 * t.size * t.horizontalScale, 0))
                }
            }
        }
    }

    /// A TrueType glyph's outline in font units, read once per font and glyph (kept by the font's
    /// object number, up to `maxKeptGlyphElements` elements for the page): reading it is charged
    /// to the page's work once, its elements each time it is shown (by the caller).
    private mutating func glyphOutline(_ font: PDFTrueTypeFont, _ glyph: Int) throws(PDFError) -> ShapePath {
        let key = font.number.map { $0 << 16 | glyph }
        if let key, let kept = glyphOutlines[key] { return kept }
        let (outline, work) = try font.program.outlineAndWork(glyph)
        try countWork(work)
        if let key, keptGlyphElements + outline.elements.count <= Self.maxKeptGlyphElements {
            keptGlyphElements += outline.elements.count
            glyphOutlines[key] = outline
        }
        return outline
    }

    /// Moves the text matrix past a glyph `width` (text space units per unit of font size) wide.
    private mutating func advance(_ width: Double, code: Int) {
        let t = state.text
        let tx = (width * t.size + t.charSpacing + (code == 32 ? t.wordSpacing : 0)) * t.horizontalScale
        textMatrix = textMatrix.prepending(.translation(tx, 0))
    }

    private mutating func font(_ name: String, resources: [String: PDFObject]?) throws(PDFError) -> PDFFont {
        let raw = try file.value(resources, "Font")?.dictionary?[name]
        let number = raw?.referenceNumber
        if let number, let hit = fonts[number] { return hit }
        guard let raw, let d = try file.resolve(raw).dictionary else {
            throw PDFError("the font /\(name) is not in the resources")
        }
        let subtype = try file.value(d, "Subtype")?.name ?? "unnamed"
        var font = PDFFont.other(subtype)
        if subtype == "Type3" {
            var names: [Int: String] = [:]
            if let differences = try file.value(try file.value(d, "Encoding")?.dictionary, "Differences")?.array {
                var code = 0
                for item in differences {
                    switch try file.resolve(item) {
                    case let .integer(v): code = min(max(v, 0), 256)
                    case let .name(glyph):
                        if code < 256 { names[code] = glyph }
                        code = min(code + 1, 256)
                    default: break
                    }
                }
            }
            let m = try file.numbers(d["FontMatrix"]) ?? [0.001, 0, 0, 0.001, 0, 0]
            guard m.count == 6 else { throw PDFError("the font /\(name) has a /FontMatrix of \(m.count) numbers") }
            font = .type3(
                PDFFont.Type3(
                    procedures: try file.value(d, "CharProcs")?.dictionary ?? [:], names: names,
                    firstChar: min(max(try file.value(d, "FirstChar")?.integer ?? 0, 0), 255),
                    widths: try file.numbers(d["Widths"]) ?? [],
                    matrix: AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]),
                    resources: try file.value(d, "Resources")?.dictionary))
        }
        if subtype == "TrueType", let embedded = try trueTypeFont(d, name: name, number: number) {
            font = .trueType(embedded)
        }
        if let number { fonts[number] = font }
        return font
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
            guard try file.value(e, "Differences") == nil else {
                throw PDFError(
                    "the TrueType font /\(name) changes its encoding with /Differences (glyph names are not read): "
                        + "outline the text in the export")
            }
            let base = try file.value(e, "BaseEncoding")?.name
            encoding = base == "MacRomanEncoding" ? .macRoman : base == "WinAnsiEncoding" ? .winAnsi : .none
        default: break
        }
        return PDFTrueTypeFont(
            program: program, symbolic: flags & 4 != 0, encoding: encoding,
            firstChar: min(max(try file.value(d, "FirstChar")?.integer ?? 0, 0), 255),
            widths: try file.numbers(d["Widths"]) ?? [],
            missingWidth: try file.value(descriptor, "MissingWidth")?.number ?? 0, number: number)
    }
}
