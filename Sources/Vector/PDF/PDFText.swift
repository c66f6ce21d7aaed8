import Raster

// Text (ISO 32000-1 §9): the text state and matrices are kept, and text is drawn when its font is
// a Type 3 font, whose glyphs are content streams (§9.6.5): each glyph's procedure runs with the
// glyph space mapped to user space by FontMatrix × [Tfs·Th 0 0 Tfs 0 Trise] × Tm, and the text
// matrix then advances by ((w0 · FontMatrix.a) · Tfs + Tc + Tw for byte 32) · Th, w0 from
// /Widths; a TJ number n moves it by −n/1000 · Tfs · Th. Glyph procedures paint with the graphics
// state as it is (d0 and d1 are read as nothing to draw). In a font with an embedded TrueType or
// CFF program (Fonts/, PDFInterpreter+Fonts.swift: simple fonts and Identity-H composite fonts),
// each glyph's outline is filled, stroked or both by the rendering mode, in the program's glyph
// space (1/unitsPerEm, or the CFF FontMatrix), and the text matrix advances by w0/1000; modes 4–7
// also collect the outlines, which become the clip at ET. Text in any other font is refused
// ("outline the text in the export"), except with rendering mode 3 (invisible), which draws
// nothing in any font; Type 3 fonts in modes 4–7 are refused.

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
    /// An embedded TrueType or CFF program (Fonts/PDFOutlineFont.swift).
    case outline(PDFOutlineFont)
    /// A font ivsim does not draw, described for the refusal.
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
            // §9.3.6: the outlines of glyphs shown in modes 4–7 become one nonzero path at ET,
            // and the clip is its intersection with the clip before.
            if op == "ET", let clip = textClip { out.append(.clip(clip, .nonZero)) }
            textClip = nil
        case "Tc": state.text.charSpacing = try numbers(1)[0]
        case "Tw": state.text.wordSpacing = try numbers(1)[0]
        case "Tz": state.text.horizontalScale = try numbers(1)[0] / 100
        case "TL": state.text.leading = try numbers(1)[0]
        case "Ts": state.text.rise = try numbers(1)[0]
        case "Tr":
            // A fractional mode is truncated (4.5 is mode 4, as PDFium takes it).
            state.text.renderMode = min(max(PDFObject.int(try numbers(1)[0]) ?? 7, 0), 7)
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
        if case let .outline(outline) = font {
            try showOutlines(items, outline, mode: mode, into: &out)
            return
        }
        guard case let .type3(type3) = font else {
            guard mode == 3 else {
                guard case let .other(kind) = font else { return }
                throw PDFError(
                    "text in \(kind) is not drawn (ivsim draws embedded TrueType, CFF and OpenType programs and Type 3 "
                        + "fonts): outline the text in the export")
            }
            // Invisible text draws nothing in any font. Its glyph widths are unknown, so the
            // text matrix stays; text after it is placed again by Td, TD, Tm or T* in practice.
            return
        }
        guard mode < 4 else {
            throw PDFError("text rendering mode \(mode) (text as a clip) is not read in a Type 3 font")
        }
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
                    advance(w0 * type3.matrix.a, wordSpace: code == 32)
                }
            default:
                if let n = item.number, n.isFinite {
                    textMatrix = textMatrix.prepending(.translation(-n / 1000 * t.size * t.horizontalScale, 0))
                }
            }
        }
    }

    /// Shows `items` in a font of outlines: each glyph's outline, mapped from glyph space to user
    /// space by the glyph matrix (1/unitsPerEm, or a CFF FontMatrix) × [Tfs·Th 0 0 Tfs 0 Trise] × Tm,
    /// painted as the rendering mode says (0 and 4 fill, 1 and 5 stroke, 2 and 6 both, 3 and 7
    /// nothing; 4–7 also add it to the text object's clip, applied at ET), then the advance.
    private mutating func showOutlines(
        _ items: [PDFObject], _ font: PDFOutlineFont, mode: Int, into out: inout [PDFOperation]
    ) throws(PDFError) {
        let t = state.text
        let paints = mode % 4
        for item in items {
            switch item {
            case let .string(bytes):
                for code in font.codes(of: bytes) {
                    try countWork()
                    if paints != 3 && !hidden || mode >= 4 {
                        let scaled = AffineTransform(
                            a: t.size * t.horizontalScale, b: 0, c: 0, d: t.size, tx: 0, ty: t.rise)
                        let glyph = font.glyph(code)
                        let glyphToUser = textMatrix.prepending(scaled.prepending(font.program.glyphMatrix(glyph)))
                        let outline = try glyphOutline(font, glyph)
                        if !outline.elements.isEmpty {
                            try countWork(outline.elements.count)
                            let placed = outline.applying(glyphToUser)
                            if mode >= 4 {
                                if textClip == nil { textClip = ShapePath() }
                                textClip?.elements += placed.elements
                            }
                            if paints != 3, !hidden {
                                path = placed
                                try paint(fill: paints == 1 ? nil : .nonZero, stroke: paints != 0, into: &out)
                            }
                        }
                    }
                    advance(font.width(code) / 1000, wordSpace: font.isWordSpace(code))
                }
            default:
                if let n = item.number, n.isFinite {
                    textMatrix = textMatrix.prepending(.translation(-n / 1000 * t.size * t.horizontalScale, 0))
                }
            }
        }
    }

    /// A glyph's outline in glyph space, read once per font and glyph (kept by the font's object
    /// number, up to `maxKeptGlyphElements` elements for the page): reading it is charged to the
    /// page's work once, its elements each time it is shown (by the caller).
    private mutating func glyphOutline(_ font: PDFOutlineFont, _ glyph: Int) throws(PDFError) -> ShapePath {
        let key = font.number.map { $0 << 16 | glyph }
        if let key, let kept = glyphOutlines[key] { return kept }
        let (outline, work): (ShapePath, Int)
        do throws(PDFError) {
            (outline, work) = try font.program.outlineAndWork(glyph)
        } catch {
            throw error.inside("the font /\(state.text.font ?? "")")
        }
        try countWork(work)
        if let key, keptGlyphElements + outline.elements.count <= Self.maxKeptGlyphElements {
            keptGlyphElements += outline.elements.count
            glyphOutlines[key] = outline
        }
        return outline
    }

    /// Moves the text matrix past a glyph `width` (text space units per unit of font size) wide.
    private mutating func advance(_ width: Double, wordSpace: Bool) {
        let t = state.text
        let tx = (width * t.size + t.charSpacing + (wordSpace ? t.wordSpacing : 0)) * t.horizontalScale
        textMatrix = textMatrix.prepending(.translation(tx, 0))
    }
}
