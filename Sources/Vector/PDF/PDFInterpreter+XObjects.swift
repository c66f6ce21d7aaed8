import Raster

// XObjects (ISO 32000-1 §8.8): images (and inline ones) made once per object, forms run inside
// save and restore (as transparency groups when they need to be), and the nesting of streams
// run inside others (forms, glyphs, soft-mask groups).

extension PDFInterpreter {
    mutating func xObject(_ name: String, resources: [String: PDFObject]?, into out: inout [PDFOperation])
        throws(PDFError)
    {
        guard let group = try file.value(resources, "XObject")?.dictionary, let raw = group[name] else {
            throw PDFError("the XObject /\(name) is not in the resources")
        }
        let number = raw.referenceNumber
        guard case let .stream(stream) = try file.resolve(raw) else {
            throw PDFError("the XObject /\(name) is not a stream")
        }
        if let group = stream.dictionary["OC"], try !visible(group) { return }
        switch try file.value(stream.dictionary, "Subtype")?.name {
        case "Image":
            try drawImage(stream, number: number, resources: resources, into: &out)
        case "Form":
            let isGroup =
                try file.value(try file.value(stream.dictionary, "Group")?.dictionary, "S")?.name == "Transparency"
            out += try formOperations(stream, number: number, asGroup: isGroup, inherited: resources)
        case "PS":
            break  // PostScript XObjects are for printing only (§8.8.2)
        case let other:
            throw PDFError("the XObject /\(name) has the subtype \(other ?? "(none)"), expected Image or Form")
        }
    }

    /// Draws an image (an XObject, or an inline image with its keys spelt out) over the unit square.
    mutating func drawImage(
        _ stream: PDFStream, number: Int?, resources: [String: PDFObject]?,
        into out: inout [PDFOperation]
    ) throws(PDFError) {
        let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
        let sampling: ImageSampling =
            try file.value(stream.dictionary, "Interpolate") == .bool(true) ? .filtered : .nearest
        out.append(.image(try image(stream, number: number, resources: resources), sampling, how))
    }

    /// An image XObject as the renderer samples it, made once per object (and per fill colour for
    /// a stencil mask); each image made is charged to the file's budget of decoded bytes.
    mutating func image(_ stream: PDFStream, number: Int?, resources: [String: PDFObject]?) throws(PDFError)
        -> SourceImage
    {
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
        var opaque = false
        switch pixels {
        case let .rgba(w, h, bytes, hasAlpha):
            made = { Bitmap(width: w, height: h, straightRGBA: bytes) }
            opaque = !hasAlpha
        case let .stencil(w, h, coverage):
            guard case let .color(color)? = state.paint(state.fill, space: state.fillSpace) else {
                throw PDFError("an image mask painted with a pattern is not read")
            }
            key = key.map { "\($0)#\(color.r),\(color.g),\(color.b)" }
            made = {
                Bitmap(
                    width: w, height: h,
                    pixels: coverage.map { c in
                        c == 0 ? 0 : PremultipliedColor(straightR: color.r, g: color.g, b: color.b, a: c).packed
                    })
            }
        }
        if let key, let hit = images[key] { return hit }
        let bitmap = try made()
        // A sampled image holds its pixels twice (packed and spread to 16-bit lanes): 12 bytes each.
        guard file.budget >= bitmap.width * bitmap.height * 12 else { throw PDFFilters.tooLarge(file.budget) }
        file.budget -= bitmap.width * bitmap.height * 12
        let image = SourceImage(bitmap, opaque: opaque)
        if let key { images[key] = image }
        return image
    }

    /// A form XObject's operations: within q … Q, its /Matrix concatenated and its /BBox clipped
    /// (a form without /Resources uses those of the stream that draws it, as PDF 1.1 allowed);
    /// as a transparency group it runs with alpha 1, Normal blending and no soft mask inside, and
    /// those of the moment composite it (§11.6.6).
    mutating func formOperations(
        _ form: PDFStream, number: Int?, asGroup: Bool,
        inherited: [String: PDFObject]?
    ) throws(PDFError) -> [PDFOperation] {
        let d = form.dictionary
        var matrix = AffineTransform.identity
        if let m = try file.numbers(d["Matrix"]), m.count == 6 {
            matrix = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        var clip: ShapePath?
        if let b = try file.numbers(d["BBox"]), b.count == 4 {
            clip = ShapePath.rectangle(
                x: min(b[0], b[2]), y: min(b[1], b[3]), width: abs(b[2] - b[0]), height: abs(b[3] - b[1]))
        }
        let grouped = asGroup && (state.fillAlpha < 1 || state.blendMode != .normal || state.softMasked)
        let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
        let body = try nested(
            form, number: number, place: "form", resources: try file.value(d, "Resources")?.dictionary ?? inherited,
            transform: matrix, clip: clip, freshCompositing: grouped)
        guard grouped else { return [.save] + body + [.restore] }
        let isolated = try file.value(try file.value(d, "Group")?.dictionary, "I") == .bool(true)
        return [.save, .group(body, how, nonIsolated: !isolated && PDFOperation.blend(body)), .restore]
    }

    /// A stream run inside the current one (a form, a glyph): with the graphics state as it is but
    /// for `transform` concatenated (and, with `freshCompositing`, alpha 1 and Normal blending), a
    /// path and q stack of its own, and `clip`; what it changes ends with it. Streams may nest
    /// `maxFormDepth` deep and may not draw themselves.
    mutating func nested(
        _ stream: PDFStream, number: Int?, place: String, resources: [String: PDFObject]?,
        transform: AffineTransform, clip: ShapePath?, freshCompositing: Bool
    ) throws(PDFError) -> [PDFOperation] {
        guard forms.count < Self.maxFormDepth else {
            throw PDFError(
                "forms, glyphs and soft-mask groups nested more than \(Self.maxFormDepth) deep (docs/LIMITS.md): flatten them in the export"
            )
        }
        if let number {
            guard !forms.contains(number) else { throw PDFError("\(place) \(number) draws itself") }
        }
        forms.append(number ?? -1)
        defer { forms.removeLast() }
        let content = try file.decode(stream).bytes
        let saved = state, savedPath = (path, current, start, pendingClip), savedStack = stack
        let savedMarks = (marked, hiding, markBase), savedOuter = outerSaves
        // A text object around the stream (a glyph procedure's, or a form shown inside BT … ET)
        // keeps its matrices and its clipping glyphs: the stream's own text objects are its own,
        // and a clip they leave without ET ends with the stream.
        let savedText = (textMatrix, lineMatrix, textClip)
        defer {
            state = saved
            stack = savedStack
            (marked, hiding, markBase) = savedMarks
            outerSaves = savedOuter
            (path, current, start, pendingClip) = savedPath
            (textMatrix, lineMatrix, textClip) = savedText
        }
        textClip = nil
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
