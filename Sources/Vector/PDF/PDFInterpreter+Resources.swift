import Raster

// The resources a content stream names (ISO 32000-1 §7.8.3): colour spaces, ExtGState
// parameters and soft masks, shadings and shading patterns.

extension PDFInterpreter {
    func resource(_ category: String, _ name: String, in resources: [String: PDFObject]?) throws(PDFError) -> PDFObject?
    {
        guard let group = try file.value(resources, category)?.dictionary else { return nil }
        return try file.value(group, name)
    }

    func colorSpace(_ object: PDFObject, resources: [String: PDFObject]?) throws(PDFError) -> PDFColorSpace {
        try PDFColorSpace.read(object, file: file) { (name: String) throws(PDFError) -> PDFObject? in
            try resource("ColorSpace", name, in: resources)
        }
    }

    mutating func graphicsState(
        _ name: String, resources: [String: PDFObject]?, patternBase: AffineTransform,
        into out: inout [PDFOperation]
    ) throws(PDFError) {
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
            let phase = try file.resolve(dash[1]).number
        {
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

    mutating func softMask(_ object: PDFObject) throws(PDFError) -> PDFSoftMask {
        guard let d = object.dictionary, let type = try file.value(d, "S")?.name,
            type == "Luminosity" || type == "Alpha"
        else {
            throw PDFError("a soft mask must be a dictionary with /S /Luminosity or /Alpha")
        }
        guard let group = try file.value(d, "G"), case let .stream(form) = group else {
            throw PDFError("a soft mask has no group /G")
        }
        // /TR (§11.6.5.2): a function of one input, the mask value 0…1, giving the value used,
        // forced into 0…1; tabulated once for the 256 8-bit values.
        var transfer: [UInt8]?
        if let tr = try file.value(d, "TR"), tr.name != "Identity" {
            let function = try PDFFunction.read(tr, file: file)
            transfer = (0...255).map { v in
                let value = function.evaluate(Double(v) / 255).first ?? 0
                return PDFColorSpace.byte(value.isNaN ? 0 : min(max(value, 0), 1))  // forced into 0…1, ±∞ included
            }
        }
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
        let operations = try formOperations(form, number: d["G"]?.referenceNumber, asGroup: false, inherited: nil)
        return PDFSoftMask(
            operations: operations, luminosity: type == "Luminosity", backdrop: backdrop, transfer: transfer)
    }

    mutating func shading(_ name: String, resources: [String: PDFObject]?) throws(PDFError) -> PDFShading {
        guard let raw = try file.value(resources, "Shading")?.dictionary?[name] else {
            throw PDFError("the shading /\(name) is not in the resources")
        }
        return try shading(raw, resources: resources)
    }

    /// A shading, read once per object.
    mutating func shading(_ raw: PDFObject, resources: [String: PDFObject]?) throws(PDFError) -> PDFShading {
        let number = raw.referenceNumber
        if let number, let hit = shadings[number] { return hit }
        let shading = try PDFShading.read(raw, file: file) { (o: PDFObject) throws(PDFError) -> PDFColorSpace in
            try colorSpace(o, resources: resources)
        }
        if let number { shadings[number] = shading }
        return shading
    }

    mutating func pattern(_ name: String, resources: [String: PDFObject]?, patternBase: AffineTransform)
        throws(PDFError) -> PDFColor
    {
        guard let raw = try resource("Pattern", name, in: resources), let d = try file.resolve(raw).dictionary else {
            throw PDFError("the pattern /\(name) is not in the resources")
        }
        var matrix = AffineTransform.identity
        if let m = try file.numbers(d["Matrix"]), m.count == 6 {
            matrix = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        switch try file.value(d, "PatternType")?.integer {
        case 1: return try tiling(raw, d, resources: resources, toPage: patternBase.prepending(matrix))
        case 2: break
        case let other:
            throw PDFError("a pattern's /PatternType is \(other.map(String.init) ?? "missing"), expected 1 or 2")
        }
        guard let shadingObject = d["Shading"] else { throw PDFError("a shading pattern has no /Shading") }
        let shading = try shading(shadingObject, resources: resources)
        return .shading(shading.kind, patternBase.prepending(matrix))
    }
}
