import Raster

// Runs content streams (ISO 32000-1 §8–11) and compiles what they draw into PDFOperations, with
// the graphics state tracked here: paths built in user space and painted (f F f* S s B B* b b* n)
// then clipped (W W*), colours in their colour spaces, ExtGState parameters, shading patterns, sh,
// images, form XObjects (as transparency groups when they have one and need it) and soft masks.
// Text showing, inline images, tiling patterns and operators outside the standard are refused
// naming the operator; marked content, text state and rendering intents change nothing drawn.

struct PDFInterpreter {
    let file: PDFFile
    var state = PDFGraphicsState()
    private var stack: [PDFGraphicsState] = []
    private var path = ShapePath()
    private var current: Point2?
    private var start: Point2?
    private var pendingClip: FillRule?
    /// Operations compiled so far in the whole page (forms drawn many times count each time).
    private var work = 0
    private var forms: [Int] = []
    /// The text matrix and text line matrix (§9.4.2), between BT and ET.
    var textMatrix = AffineTransform.identity
    var lineMatrix = AffineTransform.identity
    /// Fonts read, by object number.
    var fonts: [Int: PDFFont] = [:]
    private var decodedImages: [Int: PDFRasterImage.Pixels] = [:]
    private var images: [String: SourceImage] = [:]
    private var shadings: [Int: PDFShading] = [:]

    static let maxOperations = 1_000_000
    static let maxFormDepth = 12
    static let maxOperands = 1024
    static let colorOperators: Set<String> = ["CS", "cs", "SC", "SCN", "sc", "scn", "G", "g", "RG", "rg", "K", "k"]
    /// q may nest this deep (each saved state may hold a clip of the canvas's size when drawn).
    static let maxSaved = PDFRenderer.maxSaved

    let optionalContent: PDFOptionalContent
    /// Marked-content sequences open (BMC, BDC), each true when it hides what it holds, and how
    /// many hide; `markBase` is where the current stream's own sequences start (an EMC never
    /// closes one its parent opened).
    private var marked: [Bool] = []
    private var hiding = 0
    private var markBase = 0
    /// Whether an open sequence hides content: painting, shading, images and forms draw nothing.
    var hidden: Bool { hiding > 0 }
    /// Saves (q, and each form's or glyph's own) open in the streams around the current one.
    private var outerSaves = 0
    /// Optional-content visibility, by object number.
    private var visibility: [Int: Bool] = [:]

    init(file: PDFFile, optionalContent: PDFOptionalContent = PDFOptionalContent()) {
        self.file = file
        self.optionalContent = optionalContent
    }

    /// The operations of `content` with `resources`; `patternBase` maps the space the resources'
    /// patterns are defined in (the page's or the form's) to the page's.
    mutating func run(_ content: [UInt8], resources: [String: PDFObject]?, patternBase: AffineTransform) throws(PDFError) -> [PDFOperation] {
        var out: [PDFOperation] = []
        var parser = PDFParser(content)
        var operands: [PDFObject] = []
        let depth = stack.count
        var compatibility = 0
        while true {
            parser.lexer.skipWhite()
            let at = parser.lexer.position
            guard let token = try parser.lexer.next() else { break }
            guard case let .keyword(op) = token, !["true", "false", "null"].contains(op) else {
                operands.append(try parser.object(from: token, at: at, depth: 0))
                guard operands.count <= Self.maxOperands else { throw .at(at, "more than \(Self.maxOperands) operands in a row") }
                continue
            }
            try countWork()
            do throws(PDFError) {
                if op == "BI" {
                    let stream = try PDFInlineImage.read(&parser)
                    if !hidden { try drawImage(stream, number: nil, resources: resources, into: &out) }
                } else {
                    try execute(op, operands, resources: resources, patternBase: patternBase, compatibility: &compatibility, into: &out)
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

    /// Counts one operator (or glyph shown) against the page's limit.
    mutating func countWork() throws(PDFError) {
        work += 1
        guard work <= Self.maxOperations else {
            throw PDFError("the page runs more than \(Self.maxOperations) operators and glyphs (docs/LIMITS.md)")
        }
    }

    private mutating func execute(_ op: String, _ operands: [PDFObject], resources: [String: PDFObject]?, patternBase: AffineTransform,
                                  compatibility: inout Int, into out: inout [PDFOperation]) throws(PDFError) {
        func numbers(_ count: Int) throws(PDFError) -> [Double] {
            guard operands.count >= count else { throw PDFError("expects \(count) numbers, has \(operands.count) operands") }
            var values: [Double] = []
            for operand in operands.suffix(count) {
                guard let v = operand.number, v.isFinite else { throw PDFError("expects numbers, has \(operand.kind)") }
                values.append(v)
            }
            return values
        }
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
            let v = try numbers(2)
            path.elements.append(.move(point(v, 0)))
            current = point(v, 0)
            start = current
        case "l":
            let v = try numbers(2)
            segment(.line(point(v, 0)), to: point(v, 0))
        case "c":
            let v = try numbers(6)
            segment(.cubic(point(v, 0), point(v, 2), point(v, 4)), to: point(v, 4))
        case "v":
            let v = try numbers(4)
            segment(.cubic(current ?? point(v, 0), point(v, 0), point(v, 2)), to: point(v, 2))
        case "y":
            let v = try numbers(4)
            segment(.cubic(point(v, 0), point(v, 2), point(v, 2)), to: point(v, 2))
        case "h":
            guard current != nil else { return }
            path.elements.append(.close)
            current = start
        case "re":
            let v = try numbers(4)
            path.elements += ShapePath.rectangle(x: v[0], y: v[1], width: v[2], height: v[3]).elements
            current = point(v, 0)
            start = current
        // Painting.
        case "S": paint(fill: nil, stroke: true, into: &out)
        case "s": close(); paint(fill: nil, stroke: true, into: &out)
        case "f", "F": paint(fill: .nonZero, stroke: false, into: &out)
        case "f*": paint(fill: .evenOdd, stroke: false, into: &out)
        case "B": paint(fill: .nonZero, stroke: true, into: &out)
        case "B*": paint(fill: .evenOdd, stroke: true, into: &out)
        case "b": close(); paint(fill: .nonZero, stroke: true, into: &out)
        case "b*": close(); paint(fill: .evenOdd, stroke: true, into: &out)
        case "n": paint(fill: nil, stroke: false, into: &out)
        case "W": pendingClip = .nonZero
        case "W*": pendingClip = .evenOdd
        // Colour.
        case "CS", "cs":
            let space = try colorSpace(.name(try name()), resources: resources)
            if op == "CS" { state.strokeSpace = space; state.stroke = .components(space.initial) } else { state.fillSpace = space; state.fill = .components(space.initial) }
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
            if op == "G" { state.strokeSpace = .gray; state.stroke = .components(v) } else { state.fillSpace = .gray; state.fill = .components(v) }
        case "RG", "rg":
            let v = try numbers(3)
            if op == "RG" { state.strokeSpace = .rgb; state.stroke = .components(v) } else { state.fillSpace = .rgb; state.fill = .components(v) }
        case "K", "k":
            throw PDFError("CMYK colours are not read (export in RGB)")
        // Shadings, images and forms.
        case "sh" where hidden, "Do" where hidden: break
        case "sh":
            let shading = try shading(try name(), resources: resources)
            let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
            if let box = shading.box {
                out += [.save, .clip(ShapePath.rectangle(x: box.0, y: box.1, width: box.2, height: box.3), .nonZero),
                        .shade(shading.gradient, how), .restore]
            } else {
                out.append(.shade(shading.gradient, how))
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
            guard marked.count < 256 else { throw PDFError("marked content nested more than 256 deep") }
            var hides = false
            if op == "BDC", operands.count >= 2, operands[operands.count - 2].name == "OC" {
                var membership = operands[operands.count - 1]
                if let name = membership.name { membership = try file.value(resources, "Properties")?.dictionary?[name] ?? .null }
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
    private mutating func visible(_ object: PDFObject) throws(PDFError) -> Bool {
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
    private mutating func paint(fill: FillRule?, stroke: Bool, into out: inout [PDFOperation]) {
        defer {
            path = ShapePath()
            current = nil
            start = nil
            pendingClip = nil
        }
        if !path.elements.isEmpty, !hidden {
            let fillPaint = fill == nil ? nil : state.paint(state.fill, space: state.fillSpace)
            let strokePaint = stroke ? state.paint(state.stroke, space: state.strokeSpace) : nil
            switch (fill, fillPaint, strokePaint) {
            case let (rule?, fillPaint?, strokePaint?):
                out.append(.fillAndStroke(path, rule, fillPaint, state.style, strokePaint, fillAlpha: state.fillAlpha,
                                          PDFCompositing(alpha: state.strokeAlpha, blendMode: state.blendMode)))
            case let (rule?, fillPaint?, nil):
                out.append(.fill(path, rule, fillPaint, PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)))
            case let (_, nil, strokePaint?):
                out.append(.stroke(path, state.style, strokePaint, PDFCompositing(alpha: state.strokeAlpha, blendMode: state.blendMode)))
            default: break
            }
        }
        if let rule = pendingClip { out.append(.clip(path, rule)) }
    }

    private mutating func setDash(_ array: [PDFObject], _ phase: Double) throws(PDFError) {
        var dashes: [Double] = []
        for item in array {
            guard let v = try file.resolve(item).number, v.isFinite, v >= 0 else { throw PDFError("a dash array holds a value that is not a number of at least 0") }
            dashes.append(v)
        }
        guard dashes.count <= 64 else { throw PDFError("a dash array of more than 64 lengths") }
        guard dashes.reduce(0, +).isFinite else { throw PDFError("a dash array whose lengths add up to more than a number holds") }
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

    // MARK: Resources

    func resource(_ category: String, _ name: String, in resources: [String: PDFObject]?) throws(PDFError) -> PDFObject? {
        guard let group = try file.value(resources, category)?.dictionary else { return nil }
        return try file.value(group, name)
    }

    private func colorSpace(_ object: PDFObject, resources: [String: PDFObject]?) throws(PDFError) -> PDFColorSpace {
        try PDFColorSpace.read(object, file: file) { (name: String) throws(PDFError) -> PDFObject? in
            try resource("ColorSpace", name, in: resources)
        }
    }

    private mutating func graphicsState(_ name: String, resources: [String: PDFObject]?, patternBase: AffineTransform,
                                        into out: inout [PDFOperation]) throws(PDFError) {
        guard let d = try resource("ExtGState", name, in: resources)?.dictionary else {
            throw PDFError("the graphics state /\(name) is not in the resources")
        }
        func number(_ key: String) throws(PDFError) -> Double? {
            guard let v = try file.value(d, key) else { return nil }
            guard let n = v.number, n.isFinite else { throw PDFError("/\(key) is \(v.kind), expected a number") }
            return n
        }
        if let v = try number("LW") { state.style.width = max(0, v) }
        if let v = try number("LC") { state.style.cap = try Self.cap(PDFObject.int(v) ?? -1) }
        if let v = try number("LJ") { state.style.join = try Self.join(PDFObject.int(v) ?? -1) }
        if let v = try number("ML") { state.style.miterLimit = max(1, v) }
        if let dash = try file.value(d, "D")?.array, dash.count == 2, let array = try file.resolve(dash[0]).array,
           let phase = try file.resolve(dash[1]).number {
            try setDash(array, phase)
        }
        if let v = try number("CA") { state.strokeAlpha = min(max(v, 0), 1) }
        if let v = try number("ca") { state.fillAlpha = min(max(v, 0), 1) }
        if let bm = try file.value(d, "BM") {
            let names = bm.array.map { $0.compactMap(\.name) } ?? [bm.name].compactMap { $0 }
            // The first mode this reader knows (§11.6.3: readers use the first they recognise).
            guard let mode = names.lazy.compactMap(PDFGraphicsState.blendMode).first else {
                throw PDFError("the blend mode \(names.first.map { "/" + $0 } ?? "") is not a PDF blend mode")
            }
            state.blendMode = mode
        }
        if let mask = try file.value(d, "SMask") {
            if mask.name == "None" {
                out.append(.softMask(nil))
                state.softMasked = false
            } else {
                out.append(.softMask(try softMask(mask)))
                state.softMasked = true
            }
        }
        if case .bool(true)? = try file.value(d, "AIS") {
            throw PDFError("/AIS true (alpha as shape) is not read")
        }
    }

    private mutating func softMask(_ object: PDFObject) throws(PDFError) -> PDFSoftMask {
        guard let d = object.dictionary, let type = try file.value(d, "S")?.name, type == "Luminosity" || type == "Alpha" else {
            throw PDFError("a soft mask must be a dictionary with /S /Luminosity or /Alpha")
        }
        guard let group = try file.value(d, "G"), case let .stream(form) = group else { throw PDFError("a soft mask has no group /G") }
        if let tr = try file.value(d, "TR"), tr.name != "Identity" { throw PDFError("a soft mask's transfer function /TR is not read") }
        var backdrop: (UInt8, UInt8, UInt8) = (0, 0, 0)
        if let bc = try file.value(d, "BC")?.array {
            let values = bc.compactMap(\.number)
            let space = values.count == 1 ? PDFColorSpace.gray : .rgb
            backdrop = space.rgb(values)
        }
        // The mask's group runs with a fresh graphics state but for the CTM (§11.6.5.2).
        let saved = state, savedStack = stack, savedOuter = outerSaves
        state = PDFGraphicsState()
        state.ctm = saved.ctm
        outerSaves = 0  // the mask is drawn by a renderer of its own
        forms.append(-1)  // the mask's group counts as a level of nesting
        defer { forms.removeLast() }
        stack = []
        defer {
            state = saved
            stack = savedStack
            outerSaves = savedOuter
        }
        let operations = try formOperations(form, number: groupNumber(group: d["G"]), asGroup: false, inherited: nil)
        return PDFSoftMask(operations: operations, luminosity: type == "Luminosity", backdrop: backdrop)
    }

    private func groupNumber(group: PDFObject?) -> Int? {
        if case let .reference(n, _)? = group { n } else { nil }
    }

    private mutating func shading(_ name: String, resources: [String: PDFObject]?) throws(PDFError) -> PDFShading {
        guard let raw = try file.value(resources, "Shading")?.dictionary?[name] else { throw PDFError("the shading /\(name) is not in the resources") }
        return try shading(raw, resources: resources)
    }

    /// A shading, read once per object.
    private mutating func shading(_ raw: PDFObject, resources: [String: PDFObject]?) throws(PDFError) -> PDFShading {
        let number: Int? = if case let .reference(n, _) = raw { n } else { nil }
        if let number, let hit = shadings[number] { return hit }
        let shading = try PDFShading.read(raw, file: file) { (o: PDFObject) throws(PDFError) -> PDFColorSpace in
            try colorSpace(o, resources: resources)
        }
        if let number { shadings[number] = shading }
        return shading
    }

    private mutating func pattern(_ name: String, resources: [String: PDFObject]?, patternBase: AffineTransform) throws(PDFError) -> PDFColor {
        guard let d = try resource("Pattern", name, in: resources)?.dictionary else { throw PDFError("the pattern /\(name) is not in the resources") }
        guard try file.value(d, "PatternType")?.integer == 2 else {
            throw PDFError("tiling patterns (PatternType 1) are not read (ivsim reads shading patterns)")
        }
        guard let shadingObject = d["Shading"] else { throw PDFError("a shading pattern has no /Shading") }
        let shading = try shading(shadingObject, resources: resources)
        var matrix = AffineTransform.identity
        if let m = try file.numbers(d["Matrix"]), m.count == 6 {
            matrix = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        return .shading(shading.gradient, patternBase.prepending(matrix))
    }

    // MARK: XObjects

    private mutating func xObject(_ name: String, resources: [String: PDFObject]?, into out: inout [PDFOperation]) throws(PDFError) {
        guard let group = try file.value(resources, "XObject")?.dictionary, let raw = group[name] else {
            throw PDFError("the XObject /\(name) is not in the resources")
        }
        let number: Int? = if case let .reference(n, _) = raw { n } else { nil }
        guard case let .stream(stream) = try file.resolve(raw) else { throw PDFError("the XObject /\(name) is not a stream") }
        if let group = stream.dictionary["OC"], try !visible(group) { return }
        switch try file.value(stream.dictionary, "Subtype")?.name {
        case "Image":
            try drawImage(stream, number: number, resources: resources, into: &out)
        case "Form":
            let isGroup = try file.value(try file.value(stream.dictionary, "Group")?.dictionary, "S")?.name == "Transparency"
            out += try formOperations(stream, number: number, asGroup: isGroup, inherited: resources)
        case "PS":
            break  // PostScript XObjects are for printing only (§8.8.2)
        case let other:
            throw PDFError("the XObject /\(name) has the subtype \(other ?? "(none)"), expected Image or Form")
        }
    }

    /// Draws an image (an XObject, or an inline image with its keys spelt out) over the unit square.
    private mutating func drawImage(_ stream: PDFStream, number: Int?, resources: [String: PDFObject]?,
                                    into out: inout [PDFOperation]) throws(PDFError) {
        let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
        let sampling: ImageSampling = try file.value(stream.dictionary, "Interpolate") == .bool(true) ? .bilinear : .nearest
        out.append(.image(try image(stream, number: number, resources: resources), sampling, how))
    }

    /// An image XObject as the renderer samples it, made once per object (and per fill colour for
    /// a stencil mask); each image made is charged to the file's budget of decoded bytes.
    private mutating func image(_ stream: PDFStream, number: Int?, resources: [String: PDFObject]?) throws(PDFError) -> SourceImage {
        let pixels: PDFRasterImage.Pixels
        if let number, let hit = decodedImages[number] {
            pixels = hit
        } else {
            pixels = try PDFRasterImage.read(stream, file: file) { (o: PDFObject) throws(PDFError) -> PDFColorSpace in
                try colorSpace(o, resources: resources)
            }
            if let number { decodedImages[number] = pixels }
        }
        var key = number.map(String.init)
        let made: () throws(PDFError) -> Bitmap
        switch pixels {
        case let .rgba(w, h, bytes):
            made = { Bitmap(width: w, height: h, straightRGBA: bytes) }
        case let .stencil(w, h, coverage):
            guard case let .color(color)? = state.paint(state.fill, space: state.fillSpace) else {
                throw PDFError("an image mask painted with a pattern is not read")
            }
            key = key.map { "\($0)#\(color.r),\(color.g),\(color.b)" }
            made = {
                Bitmap(width: w, height: h, pixels: coverage.map { c in
                    c == 0 ? 0 : PremultipliedColor(straightR: color.r, g: color.g, b: color.b, a: c).packed
                })
            }
        }
        if let key, let hit = images[key] { return hit }
        let bitmap = try made()
        // A sampled image holds its pixels twice (packed and spread to 16-bit lanes): 12 bytes each.
        guard file.budget >= bitmap.width * bitmap.height * 12 else { throw PDFFilters.tooLarge(file.budget) }
        file.budget -= bitmap.width * bitmap.height * 12
        let image = SourceImage(bitmap)
        if let key { images[key] = image }
        return image
    }

    /// A form XObject's operations: within q … Q, its /Matrix concatenated and its /BBox clipped
    /// (a form without /Resources uses those of the stream that draws it, as PDF 1.1 allowed);
    /// as a transparency group it runs with alpha 1, Normal blending and no soft mask inside, and
    /// those of the moment composite it (§11.6.6).
    private mutating func formOperations(_ form: PDFStream, number: Int?, asGroup: Bool,
                                         inherited: [String: PDFObject]?) throws(PDFError) -> [PDFOperation] {
        let d = form.dictionary
        var matrix = AffineTransform.identity
        if let m = try file.numbers(d["Matrix"]), m.count == 6 {
            matrix = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        var clip: ShapePath?
        if let b = try file.numbers(d["BBox"]), b.count == 4 {
            clip = ShapePath.rectangle(x: min(b[0], b[2]), y: min(b[1], b[3]), width: abs(b[2] - b[0]), height: abs(b[3] - b[1]))
        }
        let grouped = asGroup && (state.fillAlpha < 1 || state.blendMode != .normal || state.softMasked)
        let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
        let body = try nested(form, number: number, place: "form", resources: try file.value(d, "Resources")?.dictionary ?? inherited,
                              transform: matrix, clip: clip, freshCompositing: grouped)
        guard grouped else { return [.save] + body + [.restore] }
        return [.save, .group(body, how), .restore]
    }

    /// A stream run inside the current one (a form, a glyph): with the graphics state as it is but
    /// for `transform` concatenated (and, with `freshCompositing`, alpha 1 and Normal blending), a
    /// path and q stack of its own, and `clip`; what it changes ends with it. Streams may nest
    /// `maxFormDepth` deep and may not draw themselves.
    mutating func nested(_ stream: PDFStream, number: Int?, place: String, resources: [String: PDFObject]?,
                         transform: AffineTransform, clip: ShapePath?, freshCompositing: Bool) throws(PDFError) -> [PDFOperation] {
        guard forms.count < Self.maxFormDepth else { throw PDFError("forms and glyphs nested more than \(Self.maxFormDepth) deep") }
        if let number {
            guard !forms.contains(number) else { throw PDFError("\(place) \(number) draws itself") }
        }
        forms.append(number ?? -1)
        defer { forms.removeLast() }
        let content = try file.decode(stream).bytes
        let saved = state, savedPath = (path, current, start, pendingClip), savedStack = stack
        let savedMarks = (marked, hiding, markBase), savedOuter = outerSaves
        defer {
            state = saved
            stack = savedStack
            (marked, hiding, markBase) = savedMarks
            outerSaves = savedOuter
            (path, current, start, pendingClip) = savedPath
        }
        markBase = marked.count
        outerSaves += savedStack.count + 1  // the stream's own save
        guard outerSaves < Self.maxSaved else {
            throw PDFError("more than \(Self.maxSaved) graphics states saved at once (q, and forms' own)")
        }
        path = ShapePath()
        current = nil
        start = nil
        pendingClip = nil
        stack = []
        state.ctm = state.ctm.prepending(transform)
        if freshCompositing {
            state.fillAlpha = 1
            state.strokeAlpha = 1
            state.blendMode = .normal
        }
        var body: [PDFOperation] = [.transform(transform)]
        if let clip { body.append(.clip(clip, .nonZero)) }
        do throws(PDFError) {
            body += try run(content, resources: resources, patternBase: state.ctm)
        } catch {
            throw error.inside(number.map { "\(place) \($0)" } ?? "a \(place)")
        }
        return body
    }
}
