import Raster

// Runs content streams (ISO 32000-1 §8–11) and compiles what they draw into PDFOperations, with
// the graphics state tracked here: paths built in user space and painted (f F f* S s B B* b b* n)
// then clipped (W W*), colours, sh, marked content and optional content, and the operators'
// dispatch. Resources (colour spaces, ExtGState, soft masks, shadings, patterns) are in
// PDFInterpreter+Resources.swift, images and forms in PDFInterpreter+XObjects.swift, text in
// PDFText.swift. Tiling patterns and operators outside the standard are refused naming the
// operator (docs/PDF.md §What is drawn).

struct PDFInterpreter {
    let file: PDFFile
    var state = PDFGraphicsState()
    var stack: [PDFGraphicsState] = []
    var path = ShapePath()
    var current: Point2?
    var start: Point2?
    var pendingClip: FillRule?
    /// Operations compiled so far in the whole page (forms drawn many times count each time).
    var work = 0
    var forms: [Int] = []
    /// The text matrix and text line matrix (§9.4.2), between BT and ET.
    var textMatrix = AffineTransform.identity
    var lineMatrix = AffineTransform.identity
    /// The outlines of glyphs shown in a clipping rendering mode (4–7) in this text object.
    var textClip: ShapePath?
    /// Fonts read, by object number.
    var fonts: [Int: PDFFont] = [:]
    /// Embedded font programs read, by their stream's object number (fonts may share one).
    var fontPrograms: [Int: PDFOutlineFont.Program] = [:]
    /// Glyph outlines read so far, by font object number << 16 | glyph, and their elements.
    var glyphOutlines: [Int: ShapePath] = [:]
    var keptGlyphElements = 0
    static let maxKeptGlyphElements = 2_000_000
    var decodedImages: [Int: PDFRasterImage.Pixels] = [:]
    var images: [String: SourceImage] = [:]
    var shadings: [Int: PDFShading] = [:]

    static let maxOperations = 1_000_000
    /// The bytes of content the page's streams may lex, and the operands they may read, each
    /// form's, glyph's and pattern's at each use (a form of 200,000,000 spaces drawn 300 times
    /// took 34 s, one of 20,000,000 numbers drawn 20 times 45 s: attack round 17).
    static let maxContentBytes = 1 << 30
    static let maxPageOperands = 16_000_000
    static let maxFormDepth = 12
    static let maxOperands = 1024
    static let colorOperators: Set<String> = ["CS", "cs", "SC", "SCN", "sc", "scn", "G", "g", "RG", "rg", "K", "k"]
    /// q may nest this deep (each saved state may hold a clip of the canvas's size when drawn).
    static let maxSaved = PDFRenderer.maxSaved

    let optionalContent: PDFOptionalContent
    /// Marked-content sequences open (BMC, BDC), each true when it hides what it holds, and how
    /// many hide; `markBase` is where the current stream's own sequences start (an EMC never
    /// closes one its parent opened).
    var marked: [Bool] = []
    var hiding = 0
    var markBase = 0
    /// Whether an open sequence hides content: painting, shading, images and forms draw nothing.
    var hidden: Bool { hiding > 0 }
    /// Saves (q, and each form's or glyph's own) open in the streams around the current one.
    var outerSaves = 0
    /// Content bytes lexed and operands read so far on the page.
    var contentBytes = 0, pageOperands = 0
    /// Optional-content visibility, by object number.
    var visibility: [Int: Bool] = [:]

    /// What the page's content streams may still make: every stream parsed (a form's, a glyph's,
    /// a pattern's at each use) draws from one budget.
    let contentElements: PDFElementBudget

    init(
        file: PDFFile, optionalContent: PDFOptionalContent = PDFOptionalContent(),
        contentUnits: Int = PDFElementBudget.maxPerFile
    ) {
        self.file = file
        self.optionalContent = optionalContent
        contentElements = PDFElementBudget(contentUnits, for: "the page's content streams")
    }

    /// The operations of `content` with `resources`; `patternBase` maps the space the resources'
    /// patterns are defined in (the page's or the form's) to the page's.
    mutating func run(_ content: [UInt8], resources: [String: PDFObject]?, patternBase: AffineTransform)
        throws(PDFError) -> [PDFOperation]
    {
        contentBytes += content.count
        guard contentBytes <= Self.maxContentBytes else {
            throw PDFError(
                "the page's content streams are more than \(Self.maxContentBytes) bytes in all, each form's, glyph's "
                    + "and pattern's counted at each use (docs/LIMITS.md)")
        }
        var out: [PDFOperation] = []
        var parser = PDFParser(content, fileElements: contentElements)
        var operands: [PDFObject] = []
        let depth = stack.count
        var compatibility = 0
        while true {
            parser.lexer.skipWhite()
            let at = parser.lexer.position
            let next: PDFToken?
            do throws(PDFError) {
                next = try parser.lexer.next()
            } catch {
                throw error.inside("a content stream")
            }
            guard let token = next else { break }
            // "nan" and "-nan", as some exporters print a coordinate that is not a number: an operand
            // whose path segment is left out (docs/PDF.md §Paths), an error anywhere else.
            let notANumber: Bool
            if case let .keyword(word) = token, Self.notANumber.contains(word) {
                notANumber = true
            } else {
                notANumber = false
            }
            guard case let .keyword(op) = token, !["true", "false", "null"].contains(op), !notANumber else {
                operands.append(notANumber ? .real(.nan) : try parser.object(from: token, at: at, depth: 0))
                guard operands.count <= Self.maxOperands else {
                    throw .at(at, "more than \(Self.maxOperands) operands in a row (docs/LIMITS.md)")
                }
                pageOperands += 1
                guard pageOperands <= Self.maxPageOperands else {
                    throw .at(
                        at,
                        "the page's content streams have more than \(Self.maxPageOperands) operands in all, each "
                            + "form's, glyph's and pattern's counted at each use (docs/LIMITS.md)")
                }
                continue
            }
            try countWork()
            do throws(PDFError) {
                if op == "BI" {
                    let stream = try PDFInlineImage.read(&parser)
                    if !hidden { try drawImage(stream, number: nil, resources: resources, into: &out) }
                } else {
                    try execute(
                        op, operands, resources: resources, patternBase: patternBase, compatibility: &compatibility,
                        into: &out)
                }
            } catch {
                throw error.inside("the \"\(op)\" operator at byte \(at) of a content stream")
            }
            operands.removeAll(keepingCapacity: true)
        }
        // Unbalanced q: what was saved ends with the stream.
        while stack.count > depth {
            state = stack.removeLast()
            out.append(.restore)
        }
        return out
    }

    /// The words read as an operand that is not a number.
    static let notANumber: Set<String> = ["nan", "-nan", "+nan", "NaN", "-NaN"]

    /// An operator's last `count` operands, each a finite number.
    static func numbers(_ operands: [PDFObject], _ count: Int) throws(PDFError) -> [Double] {
        guard let values = try pathNumbers(operands, count) else {
            throw PDFError("expects numbers, has \"nan\" (a value that is not a number)")
        }
        return values
    }

    /// A path operator's last `count` operands: numbers, or nil when one is "nan" (the segment is
    /// left out, as PDFium draws nothing of it).
    static func pathNumbers(_ operands: [PDFObject], _ count: Int) throws(PDFError) -> [Double]? {
        guard operands.count >= count else {
            throw PDFError("expects \(count) numbers, has \(operands.count) operands")
        }
        var values: [Double] = []
        var finite = true
        for operand in operands.suffix(count) {
            guard let v = operand.number else { throw PDFError("expects numbers, has \(operand.kind)") }
            finite = finite && v.isFinite
            values.append(v)
        }
        return finite ? values : nil
    }

    /// Counts one operator (or glyph shown) against the page's limit.
    mutating func countWork(_ units: Int = 1) throws(PDFError) {
        work += units
        guard work <= Self.maxOperations else {
            throw PDFError(
                "the page runs more than \(Self.maxOperations) operators, glyphs and glyph outline elements (docs/LIMITS.md)"
            )
        }
    }

    private mutating func execute(
        _ op: String, _ operands: [PDFObject], resources: [String: PDFObject]?, patternBase: AffineTransform,
        compatibility: inout Int, into out: inout [PDFOperation]
    ) throws(PDFError) {
        func numbers(_ count: Int) throws(PDFError) -> [Double] { try Self.numbers(operands, count) }
        /// A path segment's numbers; nil (the segment left out) when one is "nan".
        func segmentNumbers(_ count: Int) throws(PDFError) -> [Double]? { try Self.pathNumbers(operands, count) }
        func point(_ v: [Double], _ i: Int) -> Point2 { Point2(v[i], v[i + 1]) }
        func name() throws(PDFError) -> String {
            guard let n = operands.last?.name else { throw PDFError("expects a name") }
            return n
        }
        if state.colorLocked, Self.colorOperators.contains(op) { return }
        switch op {
        // Graphics state.
        case "q":
            guard stack.count + outerSaves < Self.maxSaved else {
                throw PDFError("more than \(Self.maxSaved) graphics states saved at once (q, and forms' own)")
            }
            stack.append(state)
            out.append(.save)
        case "Q":
            guard let saved = stack.popLast() else { return }  // an unmatched Q is ignored, as readers do
            state = saved
            out.append(.restore)
        case "cm":
            let v = try numbers(6)
            let t = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            state.ctm = state.ctm.prepending(t)
            out.append(.transform(t))
        case "w": state.style.width = max(0, try numbers(1)[0])
        case "J": state.style.cap = try Self.cap(PDFObject.int(try numbers(1)[0]) ?? -1)
        case "j": state.style.join = try Self.join(PDFObject.int(try numbers(1)[0]) ?? -1)
        case "M": state.style.miterLimit = max(1, try numbers(1)[0])
        case "d":
            guard operands.count == 2, let array = operands[0].array, let phase = operands[1].number else {
                throw PDFError("expects a dash array and a phase")
            }
            try setDash(array, phase)
        case "ri", "i": break
        case "gs":
            try graphicsState(try name(), resources: resources, patternBase: patternBase, into: &out)
        // Path construction.
        case "m":
            guard let v = try segmentNumbers(2) else { return }
            path.elements.append(.move(point(v, 0)))
            current = point(v, 0)
            start = current
        case "l":
            guard let v = try segmentNumbers(2) else { return }
            segment(.line(point(v, 0)), to: point(v, 0))
        case "c":
            guard let v = try segmentNumbers(6) else { return }
            segment(.cubic(point(v, 0), point(v, 2), point(v, 4)), to: point(v, 4))
        case "v":
            guard let v = try segmentNumbers(4) else { return }
            segment(.cubic(current ?? point(v, 0), point(v, 0), point(v, 2)), to: point(v, 2))
        case "y":
            guard let v = try segmentNumbers(4) else { return }
            segment(.cubic(point(v, 0), point(v, 2), point(v, 2)), to: point(v, 2))
        case "h":
            guard current != nil else { return }
            path.elements.append(.close)
            current = start
        case "re":
            guard let v = try segmentNumbers(4) else { return }
            path.elements += ShapePath.rectangle(x: v[0], y: v[1], width: v[2], height: v[3]).elements
            current = point(v, 0)
            start = current
        // Painting.
        case "S": try paint(fill: nil, stroke: true, into: &out)
        case "s": close(); try paint(fill: nil, stroke: true, into: &out)
        case "f", "F": try paint(fill: .nonZero, stroke: false, into: &out)
        case "f*": try paint(fill: .evenOdd, stroke: false, into: &out)
        case "B": try paint(fill: .nonZero, stroke: true, into: &out)
        case "B*": try paint(fill: .evenOdd, stroke: true, into: &out)
        case "b": close(); try paint(fill: .nonZero, stroke: true, into: &out)
        case "b*": close(); try paint(fill: .evenOdd, stroke: true, into: &out)
        case "n": try paint(fill: nil, stroke: false, into: &out)
        case "W": pendingClip = .nonZero
        case "W*": pendingClip = .evenOdd
        // Colour.
        case "CS", "cs":
            let space = try colorSpace(.name(try name()), resources: resources)
            if op == "CS" {
                state.strokeSpace = space; state.stroke = .components(space.initial)
            } else {
                state.fillSpace = space; state.fill = .components(space.initial)
            }
        case "SC", "SCN", "sc", "scn":
            let stroking = op.first == "S"
            let space = stroking ? state.strokeSpace : state.fillSpace
            let color: PDFColor
            if space == .pattern {
                color = try pattern(try name(), resources: resources, patternBase: patternBase)
            } else {
                color = .components(try numbers(min(space.components, operands.count)))
            }
            if stroking { state.stroke = color } else { state.fill = color }
        case "G", "g":
            let v = try numbers(1)
            if op == "G" {
                state.strokeSpace = .gray; state.stroke = .components(v)
            } else {
                state.fillSpace = .gray; state.fill = .components(v)
            }
        case "RG", "rg":
            let v = try numbers(3)
            if op == "RG" {
                state.strokeSpace = .rgb; state.stroke = .components(v)
            } else {
                state.fillSpace = .rgb; state.fill = .components(v)
            }
        case "K", "k":
            let v = try numbers(4)
            if op == "K" {
                state.strokeSpace = .cmyk; state.stroke = .components(v)
            } else {
                state.fillSpace = .cmyk; state.fill = .components(v)
            }
        // Shadings, images and forms.
        case "sh" where hidden, "Do" where hidden: break
        case "sh":
            let shading = try shading(try name(), resources: resources)
            let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
            if let box = shading.box {
                out += [
                    .save, .clip(ShapePath.rectangle(x: box.0, y: box.1, width: box.2, height: box.3), .nonZero),
                    .shade(shading.kind, how), .restore
                ]
            } else {
                out.append(.shade(shading.kind, how))
            }
        case "Do":
            try xObject(try name(), resources: resources, into: &out)
        // Text (PDFText.swift).
        case "BT", "ET", "Tc", "Tw", "Tz", "TL", "Tf", "Tr", "Ts", "Td", "TD", "Tm", "T*", "Tj", "TJ", "'", "\"":
            try text(op, operands, resources: resources, into: &out)
        case "d0": break  // a glyph's width: nothing to draw
        case "d1": state.colorLocked = true  // a glyph that is a shape: painted with the colour it is shown in (§9.6.5)
        // Marked content and compatibility sections.
        case "MP", "DP": break
        case "BMC", "BDC":
            guard marked.count < 256 else {
                throw PDFError("marked content nested more than 256 deep (docs/LIMITS.md)")
            }
            var hides = false
            if op == "BDC", operands.count >= 2, operands[operands.count - 2].name == "OC" {
                var membership = operands[operands.count - 1]
                if let name = membership.name {
                    membership = try file.value(resources, "Properties")?.dictionary?[name] ?? .null
                }
                hides = try !visible(membership)
            }
            marked.append(hides)
            if hides { hiding += 1 }
        case "EMC":
            guard marked.count > markBase, let hid = marked.popLast() else { return }
            if hid { hiding -= 1 }
        case "BX": compatibility += 1
        case "EX": compatibility = max(0, compatibility - 1)
        default:
            guard compatibility > 0 else {
                throw PDFError("\"\(op.prefix(40))\" is not an operator ivsim reads")
            }
        }
    }

    /// Whether content of an optional content group or membership dictionary is drawn (each object
    /// evaluated once).
    mutating func visible(_ object: PDFObject) throws(PDFError) -> Bool {
        guard case let .reference(number, _) = object else { return true }
        if let hit = visibility[number] { return hit }
        let shown = try optionalContent.visible(object, file: file)
        visibility[number] = shown
        return shown
    }

    // MARK: Paths

    /// Appends a segment ending at `end`; with no current point it only moves there (a malformed
    /// path read leniently, as PDF readers do).
    private mutating func segment(_ element: ShapePath.Element, to end: Point2) {
        if current == nil {
            path.elements.append(.move(end))
            start = end
        } else {
            path.elements.append(element)
        }
        current = end
    }

    private mutating func close() {
        guard current != nil else { return }
        path.elements.append(.close)
        current = start
    }

    /// Paints the current path (fill by `fill`'s rule, then stroke), applies a pending clip, and
    /// ends the path.
    mutating func paint(fill: FillRule?, stroke: Bool, into out: inout [PDFOperation]) throws(PDFError) {
        defer {
            path = ShapePath()
            current = nil
            start = nil
            pendingClip = nil
        }
        if stroke, !path.elements.isEmpty, !hidden, case .tiling = state.stroke {
            throw PDFError("a stroke painted with a tiling pattern is not read (ivsim fills with them)")
        }
        var fill = fill
        if let rule = fill, !path.elements.isEmpty, !hidden, case let .tiling(tiling, toPage) = state.fill {
            out += try tiledFill(path, rule, tiling, toPage: toPage)
            fill = nil  // the stroke, if any, follows on its own
        }
        if !path.elements.isEmpty, !hidden {
            let fillPaint = fill == nil ? nil : state.paint(state.fill, space: state.fillSpace)
            let strokePaint = stroke ? state.paint(state.stroke, space: state.strokeSpace) : nil
            switch (fill, fillPaint, strokePaint) {
            case let (rule?, fillPaint?, strokePaint?):
                out.append(
                    .fillAndStroke(
                        path, rule, fillPaint, state.style, strokePaint, fillAlpha: state.fillAlpha,
                        PDFCompositing(alpha: state.strokeAlpha, blendMode: state.blendMode)))
            case let (rule?, fillPaint?, nil):
                out.append(
                    .fill(path, rule, fillPaint, PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)))
            case let (_, nil, strokePaint?):
                out.append(
                    .stroke(
                        path, state.style, strokePaint,
                        PDFCompositing(alpha: state.strokeAlpha, blendMode: state.blendMode)))
            default: break
            }
        }
        if let rule = pendingClip { out.append(.clip(path, rule)) }
    }

    mutating func setDash(_ array: [PDFObject], _ phase: Double) throws(PDFError) {
        var dashes: [Double] = []
        for item in array {
            guard let v = try file.resolve(item).number, v.isFinite, v >= 0 else {
                throw PDFError("a dash array holds a value that is not a number of at least 0")
            }
            dashes.append(v)
        }
        guard dashes.count <= 64 else { throw PDFError("a dash array of more than 64 lengths (docs/LIMITS.md)") }
        guard dashes.reduce(0, +).isFinite else {
            throw PDFError("a dash array whose lengths add up to more than a number holds")
        }
        state.style.dashes = dashes.allSatisfy { $0 == 0 } ? [] : dashes
        state.style.dashPhase = phase.isFinite ? phase : 0
    }

    static func cap(_ v: Int) throws(PDFError) -> LineCap {
        switch v {
        case 0: .butt
        case 1: .round
        case 2: .square
        default: throw PDFError("line cap \(v): expected 0 (butt), 1 (round) or 2 (square)")
        }
    }

    static func join(_ v: Int) throws(PDFError) -> LineJoin {
        switch v {
        case 0: .miter
        case 1: .round
        case 2: .bevel
        default: throw PDFError("line join \(v): expected 0 (miter), 1 (round) or 2 (bevel)")
        }
    }
}
