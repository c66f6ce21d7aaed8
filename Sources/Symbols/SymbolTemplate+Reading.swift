import Raster
import Syntax
import Vector

// Reading a template (docs/SYMBOLS.md §Templates): the `Guides` group's baselines, caplines and
// margins, and the `Symbols` group's variants `<Weight>-<S|M|L>`, each a group of paths. Every
// template version the SF Symbols app and Xcode write is read alike (1.0 to 7.0): guides may be
// lines or paths, groups placed by matrix() or translate(), layer classes annotated in a style
// sheet or inline. What is outside those two groups (notes, previews) is not read.

extension SymbolTemplate {
    /// A template file is at most this large (the largest real one seen is 0.6 MB; docs/LIMITS.md).
    public static let maxBytes = 8 << 20
    /// Path elements (moves, lines, curves, closes) in all of a template's variants together.
    public static let maxElements = 400_000
    /// Coordinates beyond this (template units; the canvas is 3300 × 2200) are refused.
    public static let maxCoordinate = 100_000.0
    /// The smallest cap height (Baseline-S − Capline-S) a template may have, in template units.
    public static let minCapHeight = 1.0
    /// Bytes of path data the variants may parse, uses counted each time (4 × the largest file).
    public static let maxParsedBytes = 4 * maxBytes

    /// Reads a template; `name` is what messages call it.
    public static func read(_ bytes: [UInt8], name: String) throws(SymbolError) -> SymbolTemplate {
        guard bytes.count <= maxBytes else {
            throw SymbolError(
                "symbol \"\(name)\": the template is \(bytes.count) bytes, more than the \(maxBytes) a template may have "
                    + "(docs/LIMITS.md)")
        }
        let root: XMLElement
        do throws(XMLError) {
            root = try XMLDocument.parse(bytes)
        } catch {
            throw SymbolError("symbol \"\(name)\" is not a readable SVG template: \(error)")
        }
        guard root.name == "svg" else {
            throw SymbolError(
                "symbol \"\(name)\" is not an SVG template: its root element is <\(ErrorText.capped(root.name))>")
        }
        var reader = TemplateReader(name: name)
        try reader.collect(root, transform: .identity)
        return try reader.template()
    }
}

/// One walk over the document, collecting guides, layer styles and variant groups.
private struct TemplateReader {
    let name: String
    /// Guide positions by id: y of baselines and caplines, x of margins (absolute template units).
    var guides: [String: Double] = [:]
    /// Classes whose style sheet rule sets `-sfsymbols-clear-behind: true`.
    var clearingClasses: Set<String> = []
    /// The declarations of each `multicolor-N:<colour>` class's rules (white space removed; rules
    /// for one class joined in order, so a later declaration wins).
    var multicolorRules: [String: String] = [:]
    /// Each multicolor class's paint, read from its rules once.
    var multicolorPaints: [String: SymbolLayerPaint] = [:]
    /// Variant groups found, by slot: the group element and its transform.
    var groups: [(weight: SymbolWeight, scale: SymbolScale, element: XMLElement, transform: AffineTransform)] = []
    var elementCount = 0
    /// Elements with an id, for `<use>` (Sketch re-saves place glyphs as uses of paths in `defs`).
    var definitions: [String: XMLElement] = [:]
    var visits = 0
    var parsedBytes = 0
    /// Lines the variants' curves flatten to, counted as they are read.
    var lines = 0

    init(name: String) {
        self.name = name
    }

    func error(_ text: String) -> SymbolError {
        SymbolError(ErrorText.capped("symbol \"\(name)\": \(text)"))
    }

    /// Walks the document: style sheets anywhere, guides under `Guides`, variants under `Symbols`.
    mutating func collect(
        _ element: XMLElement, transform: AffineTransform, inGuides: Bool = false, inSymbols: Bool = false
    )
        throws(SymbolError)
    {
        let here = try transform.prepending(ownTransform(element))
        let id = element["id"] ?? ""
        if !id.isEmpty, definitions[id] == nil { definitions[id] = element }
        if element.name == "style" { readStyleSheet(element.text) }
        if inGuides, !id.isEmpty { try readGuide(element, id: id, transform: here) }
        if inSymbols, element.name == "g", let (weight, scale) = Self.variant(id) {
            if groups.contains(where: { $0.weight == weight && $0.scale == scale }) {
                throw error("two groups are called \"\(id)\"; a template has one group per weight and scale")
            }
            groups.append((weight, scale, element, here))
            registerIDs(inside: element)
            return
        }
        for child in element.children {
            try collect(
                child, transform: here, inGuides: inGuides || id == "Guides", inSymbols: inSymbols || id == "Symbols")
        }
    }

    /// Records the ids of a variant group's descendants (a `<use>` elsewhere may name them).
    mutating func registerIDs(inside element: XMLElement) {
        for child in element.children {
            if let id = child["id"], !id.isEmpty, definitions[id] == nil { definitions[id] = child }
            registerIDs(inside: child)
        }
    }

    func ownTransform(_ element: XMLElement) throws(SymbolError) -> AffineTransform {
        guard let text = element["transform"] else { return .identity }
        guard let t = SVGValues.transform(text) else {
            throw error(
                "transform=\"\(ErrorText.capped(text))\" is not a transform list (matrix, translate, scale, rotate, skew)"
            )
        }
        return t
    }

    /// "Regular-M" → (.regular, .medium).
    static func variant(_ id: String) -> (SymbolWeight, SymbolScale)? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let weight = SymbolWeight.allCases.first(where: { $0.templateName == parts[0] }),
            let scale = SymbolScale.allCases.first(where: { $0.templateLetter == parts[1] })
        else { return nil }
        return (weight, scale)
    }

    /// A guide's position: a line's (or a path's first point's) y for baselines and caplines, x for
    /// margins.
    mutating func readGuide(_ element: XMLElement, id: String, transform: AffineTransform) throws(SymbolError) {
        let isLine = id.hasPrefix("Baseline-") || id.hasPrefix("Capline-")
        guard isLine || id.hasPrefix("left-margin") || id.hasPrefix("right-margin") else { return }
        var point: (x: Double, y: Double)?
        func number(_ attribute: String) -> Double { SVGValues.number(element[attribute] ?? "0") ?? .nan }
        if element.name == "line" {
            point = (number("x1"), number("y1"))
        } else if element.name == "rect" {
            // Sketch re-saves draw guides as thin rectangles: the guide is the rectangle's middle.
            point = (number("x") + number("width") / 2, number("y") + number("height") / 2)
        } else if element.name == "path", let d = element["d"], let data = try? PathData(d),
            case let .move(x, y)? = data.segments.first
        {
            point = (x, y)
        }
        guard let point, point.x.isFinite, point.y.isFinite else {
            throw error("the guide \"\(id)\" has no readable position (a <line> with x1 and y1, a <rect>, or a <path>)")
        }
        let p = transform.apply(point.x, point.y)
        guard abs(p.x) <= SymbolTemplate.maxCoordinate, abs(p.y) <= SymbolTemplate.maxCoordinate else {
            throw error("the guide \"\(id)\" is placed beyond \(Int(SymbolTemplate.maxCoordinate)) template units")
        }
        guides[id] = isLine ? p.y : p.x
    }

    /// Class rules of a style sheet: those that set `-sfsymbols-clear-behind:true` (a knock-out
    /// layer), and those of multicolor classes (their colours).
    mutating func readStyleSheet(_ text: String) {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let body = rest[rest.index(after: open)..<close].filter { !$0.isWhitespace }
            for selector in rest[..<open].split(whereSeparator: { $0 == "," || $0.isWhitespace })
            where selector.hasPrefix(".") {
                let name = String(selector.dropFirst())
                if body.contains("-sfsymbols-clear-behind:true") { clearingClasses.insert(name) }
                if name.hasPrefix("multicolor-") { multicolorRules[name, default: ""] += ";" + body }
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The paint of the multicolor class `layer`, read from its rules the first time it is asked for.
    mutating func paint(ofLayer layer: String) -> SymbolLayerPaint {
        if let known = multicolorPaints[layer] { return known }
        let paint = SymbolLayerPaint.reading(layer: layer, rule: multicolorRules[layer] ?? "")
        multicolorPaints[layer] = paint
        return paint
    }

    /// The template: each variant's paths relative to its left margin and baseline.
    mutating func template() throws(SymbolError) -> SymbolTemplate {
        var capHeight = 0.0
        for letter in ["S", "M", "L"] {
            if let base = guides["Baseline-" + letter], let cap = guides["Capline-" + letter], base > cap {
                capHeight = base - cap
                break
            }
        }
        guard capHeight > 0 else {
            throw error(
                "the template has no Baseline-S and Capline-S guides (a baseline below its capline) in its Guides group; "
                    + "export the template again from the SF Symbols app")
        }
        // Apple's templates have 70.459; a cap height of a unit or less would make a template unit
        // hundreds of points (docs/LIMITS.md).
        guard capHeight >= SymbolTemplate.minCapHeight else {
            throw error(
                "the cap height (Baseline-S − Capline-S) is \(capHeight) template units, less than the "
                    + "\(Int(SymbolTemplate.minCapHeight)) a template may have (Apple's templates: 70.459)")
        }
        guard !groups.isEmpty else {
            throw error(
                "the template has no variants: its Symbols group needs groups such as \"Regular-S\" or "
                    + "\"Ultralight-S\", \"Regular-S\" and \"Black-S\"")
        }
        var variants = [SymbolGlyph?](repeating: nil, count: 27)
        for group in groups {
            let key = SymbolTemplate.variantName(group.weight, group.scale)
            let letter = group.scale.templateLetter
            let originX = guides["left-margin-" + key] ?? group.transform.tx
            let originY = guides["Baseline-" + letter] ?? group.transform.ty
            guard abs(originX) <= SymbolTemplate.maxCoordinate, abs(originY) <= SymbolTemplate.maxCoordinate else {
                throw error("\(key) is placed beyond \(Int(SymbolTemplate.maxCoordinate)) template units")
            }
            let local = AffineTransform.translation(-originX, -originY).prepending(group.transform)
            var paths: [SymbolPath] = []
            for child in group.element.children {
                try readPaths(child, transform: local, variant: key, into: &paths)
            }
            let advance = guides["right-margin-" + key].map { $0 - originX }
            variants[SymbolTemplate.slot(group.weight, group.scale)] = SymbolGlyph(paths: paths, advance: advance)
        }
        var template = SymbolTemplate(name: name, capHeight: capHeight, variants: variants, sharedRightBearing: nil)
        // Templates 1.0 and 2.0 draw one pair of margins, `left-margin` and `right-margin`, around
        // Regular-M; static exports of later versions draw Regular-M's own (and perhaps the
        // masters'). Regular-M's right bearing serves the variants without margins of their own.
        let pair =
            guides["left-margin"].flatMap { left in guides["right-margin"].map { (left, $0) } }
            ?? guides["left-margin-Regular-M"].flatMap { left in guides["right-margin-Regular-M"].map { (left, $0) } }
        if let (left, right) = pair, let glyph = template.variant(.regular, .medium),
            let regularM = groups.first(where: { $0.weight == .regular && $0.scale == .medium })
        {
            // Regular-M's glyph is relative to the origin it was read with (its margin, else its translation).
            let originX = guides["left-margin-Regular-M"] ?? regularM.transform.tx
            template.sharedRightBearing = (right - originX) - SymbolBounds.ink(glyph.paths).maxX
            template.variants[SymbolTemplate.slot(.regular, .medium)]?.advance = right - left
        }
        return template
    }

    /// How many `<use>` may lead through one another to a path.
    static let maxUseDepth = 4
    /// Elements visited while reading the variants, uses counted each time they are followed (a
    /// group that uses itself many times would otherwise multiply at every level).
    static let maxVisits = 1_000_000

    /// The paths of a variant group (nested groups' transforms applied, `<use>` of a path or group
    /// followed; masks and other definitions are not drawn).
    mutating func readPaths(
        _ element: XMLElement, transform: AffineTransform, variant: String, into paths: inout [SymbolPath],
        uses: Int = 0
    )
        throws(SymbolError)
    {
        visits += 1
        guard visits <= Self.maxVisits else {
            throw error(
                "reading the variants visits more than \(Self.maxVisits) elements (uses of uses; docs/LIMITS.md)")
        }
        let here = try transform.prepending(ownTransform(element))
        switch element.name {
        case "g", "a", "switch", "svg":
            // Groups, and the elements that group like them.
            for child in element.children {
                try readPaths(child, transform: here, variant: variant, into: &paths, uses: uses)
            }
        case "use":
            let reference = element["href"] ?? element["xlink:href"] ?? ""
            guard reference.hasPrefix("#"), var target = definitions[String(reference.dropFirst())] else {
                throw error(
                    "a <use> in \(variant) refers to \"\(ErrorText.capped(reference))\", which is not in the template")
            }
            guard uses < Self.maxUseDepth, ["path", "g", "symbol"].contains(target.name) else {
                throw error(
                    "a <use> in \(variant) leads to a <\(target.name)>\(uses < Self.maxUseDepth ? "" : " through too many uses"); "
                        + "a glyph's uses must lead to paths")
            }
            let x = SVGValues.number(element["x"] ?? "0") ?? 0, y = SVGValues.number(element["y"] ?? "0") ?? 0
            if target.name == "symbol" { target.name = "g" }  // a used <symbol> draws as a group
            try readPaths(
                target, transform: here.prepending(.translation(x, y)), variant: variant, into: &paths, uses: uses + 1)
        case "mask", "clipPath", "defs", "title", "desc", "symbol", "style":
            return
        case "path":
            guard let d = element["d"] else { return }
            // Every reading of path data counts, uses of one path each time (a path used through
            // uses of uses would otherwise be parsed without end).
            parsedBytes += d.utf8.count
            guard parsedBytes <= SymbolTemplate.maxParsedBytes else {
                throw self.error(
                    "reading the variants parses more than \(SymbolTemplate.maxParsedBytes) bytes of path data (uses of uses; "
                        + "docs/LIMITS.md)")
            }
            let data: PathData
            do throws(PathData.Failure) {
                data = try PathData(d)
            } catch {
                throw self.error(
                    "a path of \(variant) has unreadable path data at character \(error.offset): \(error.message)")
            }
            elementCount += data.segments.count
            guard elementCount <= SymbolTemplate.maxElements else {
                throw self.error(
                    "the template has more than \(SymbolTemplate.maxElements) path elements (docs/LIMITS.md)")
            }
            var outline: [ShapePath.Element] = []
            outline.reserveCapacity(data.segments.count)
            func point(_ x: Double, _ y: Double) throws(SymbolError) -> Point2 {
                let p = here.apply(x, y)
                guard p.x.isFinite, p.y.isFinite, abs(p.x) <= SymbolTemplate.maxCoordinate,
                    abs(p.y) <= SymbolTemplate.maxCoordinate
                else {
                    throw self.error(
                        "a path of \(variant) has a point beyond \(Int(SymbolTemplate.maxCoordinate)) template units")
                }
                return Point2(p.x, p.y)
            }
            for segment in data.segments {
                switch segment {
                case let .move(x, y): outline.append(.move(try point(x, y)))
                case let .line(x, y): outline.append(.line(try point(x, y)))
                case let .quad(x1, y1, x, y): outline.append(.quad(try point(x1, y1), try point(x, y)))
                case let .cubic(x1, y1, x2, y2, x, y):
                    outline.append(.cubic(try point(x1, y1), try point(x2, y2), try point(x, y)))
                case .close: outline.append(.close)
                }
            }
            let classes = (element["class"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            let style = (element["style"] ?? "").filter { !$0.isWhitespace }
            let monochrome = classes.filter { $0.hasPrefix("monochrome-") }
            let hierarchical = classes.filter { $0.hasPrefix("hierarchical-") }
            let multicolor = classes.filter { $0.hasPrefix("multicolor-") }
            let inlineClear = style.contains("-sfsymbols-clear-behind:true")
            let clears = inlineClear || monochrome.contains(where: clearingClasses.contains)
            // "hierarchical-2:secondary": the level after the colon.
            let level = hierarchical.lazy.compactMap { name in
                name.split(separator: ":").last.flatMap { SymbolHierarchyLevel(rawValue: String($0)) }
            }.first
            let evenOdd = element["fill-rule"] == "evenodd" || style.contains("fill-rule:evenodd")
            let shape = ShapePath(outline)
            // Bounded before any curve is flattened (to measure the ink, or to draw).
            lines += shape.lineCount(tolerance: SymbolBounds.tolerance)
            guard lines <= SymbolImage.maxLines else {
                throw self.error(
                    "the template's curves flatten to more than \(SymbolImage.maxLines) lines (docs/LIMITS.md)")
            }
            paths.append(
                SymbolPath(
                    outline: shape, rule: evenOdd ? .evenOdd : .nonZero, clearsBehind: clears,
                    level: level,
                    clearsBehindHierarchically: inlineClear || hierarchical.contains(where: clearingClasses.contains),
                    multicolor: multicolor.first.map { paint(ofLayer: $0) },
                    clearsBehindInMulticolor: inlineClear || multicolor.contains(where: clearingClasses.contains)))
        case "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "image":
            throw error(
                "\(variant) has a <\(element.name)>; a template's glyphs are paths (convert shapes to outlines in the "
                    + "SF Symbols app or your editor)")
        default:
            return
        }
    }
}
