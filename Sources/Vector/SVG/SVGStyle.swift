import Raster

// Presentation attributes and `style` declarations (SVG 1.1 §6.4, §6.6): each element's own
// values, from its attributes and then its `style` (which wins), over the inherited ones. Only
// the properties below are read (`filter`, `mask`, `clip-path` and `mix-blend-mode` among them,
// which change how the element is composited); other properties are ignored.

/// A fill or stroke paint.
enum SVGPaint: Equatable {
    case none
    case color(r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    case currentColor
    /// A gradient by id, and the paint to use when it is missing.
    case reference(String, fallback: Fallback)

    enum Fallback: Equatable {
        case none
        case color(r: UInt8, g: UInt8, b: UInt8, a: UInt8)
        case nothingGiven
    }
}

/// The computed style of an element.
struct SVGStyle {
    var fill = SVGPaint.color(r: 0, g: 0, b: 0, a: 255)
    var fillOpacity = 1.0
    var fillRule = FillRule.nonZero
    var stroke = SVGPaint.none
    var strokeWidth = 1.0
    var strokeOpacity = 1.0
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit = 4.0
    var dashes: [Double] = []
    var dashOffset = 0.0
    var color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 255)
    var visible = true
    // Not inherited:
    var opacity = 1.0
    var displayed = true
    /// The id of a clipPath (clip-path="url(#id)").
    var clipPath: String?
    /// The id of a mask (mask="url(#id)").
    var mask: String?
    /// The id of a filter (filter="url(#id)").
    var filter: String?
    /// `mix-blend-mode` (Compositing Level 1 §3.2): the element composited as a group with it.
    var blendMode = BlendMode.normal

    /// CSS blend mode names and CGBlendMode's.
    static let blendModes: [String: BlendMode] = [
        "normal": .normal, "multiply": .multiply, "screen": .screen, "overlay": .overlay, "darken": .darken,
        "lighten": .lighten,
        "color-dodge": .colorDodge, "color-burn": .colorBurn, "hard-light": .hardLight, "soft-light": .softLight,
        "difference": .difference, "exclusion": .exclusion, "hue": .hue, "saturation": .saturation, "color": .color,
        "luminosity": .luminosity, "plus-lighter": .plusLighter, "plus-darker": .plusDarker
    ]

    /// The properties read, inherited ones first.
    static let inherited = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility"
    ]
    static let own = ["opacity", "display", "clip-path", "mix-blend-mode", "mask", "filter"]
    /// Properties refused when not none (none now: `filter` is read since 2026-11-29).
    static let refused: [String] = []

    /// The style of a child: inherited properties carried, the others reset.
    var inheritedByChild: SVGStyle {
        var child = self
        child.opacity = 1
        child.displayed = true
        child.clipPath = nil
        child.mask = nil
        child.filter = nil
        child.blendMode = .normal
        return child
    }

    /// The element's declarations: attributes, then the style sheet's matching rules, then
    /// `style` (later wins), in document order; a property outside the subset is refused.
    static func declarations(of element: XMLElement, matched: [(String, String)] = []) throws(SVGError) -> [(
        String, String
    )] {
        let result = collect(of: element, matched: matched)
        try refuseUnread(result, of: element)
        return result
    }

    /// The element's declarations of the properties read (attributes, matched rules, `style`).
    static func collect(of element: XMLElement, matched: [(String, String)] = []) -> [(String, String)] {
        var result: [(String, String)] = []
        for (name, value) in element.attributes
        where inherited.contains(name) || own.contains(name) || refused.contains(name) {
            result.append((name, value))
        }
        for (name, value) in matched where inherited.contains(name) || own.contains(name) || refused.contains(name) {
            result.append((name, value))
        }
        result += parse(element["style"] ?? "") { inherited.contains($0) || own.contains($0) || refused.contains($0) }
        return result
    }

    /// Refuses a declaration of a property outside ivsim's subset (a filter), unless it says none.
    static func refuseUnread(_ declarations: [(String, String)], of element: XMLElement) throws(SVGError) {
        for (name, value) in declarations
        where refused.contains(name) && !["none", "normal"].contains(value.trimmingSpaces) {
            throw SVGError(
                element: element,
                message: "\"\(name)\" is not drawn (outside ivsim's SVG subset): flatten the effect in the export")
        }
    }

    /// CSS declarations "name: value; …" (a `style` attribute, a style sheet rule's body): names
    /// lower-cased, values trimmed and without a trailing `!important`, in order; only those
    /// whose name `keeping` accepts are made (read one at a time, so the others cost no memory).
    static func parse(_ text: some StringProtocol, keeping: (String) -> Bool = { _ in true }) -> [(String, String)] {
        var found: [(String, String)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: ";") ?? rest.endIndex
            let declaration = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCharacters(in: " \t\n\r").lowercased()
            guard keeping(name) else { continue }
            var value = declaration[declaration.index(after: colon)...].trimmingCharacters(in: " \t\n\r")
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmingSpaces }
            found.append((name, value))
        }
        return found
    }

    /// Applies declarations, read when the document was compiled (SVGDeclaration), to this
    /// (inherited) style, in order.
    mutating func apply(_ declarations: [SVGDeclaration]) {
        for declaration in declarations {
            switch declaration {
            case let .fill(paint): fill = paint
            case let .stroke(paint): stroke = paint
            case let .fillOpacity(v): fillOpacity = v
            case let .strokeOpacity(v): strokeOpacity = v
            case let .opacity(v): opacity = v
            case let .fillRule(rule): fillRule = rule
            case let .strokeWidth(w): strokeWidth = w
            case let .lineCap(cap): lineCap = cap
            case let .lineJoin(join): lineJoin = join
            case let .miterLimit(m): miterLimit = m
            case let .dashes(list): dashes = list
            case let .dashOffset(o): dashOffset = o
            case let .color(r, g, b, a): color = (r, g, b, a)
            case let .visible(v): visible = v
            case let .blendMode(mode): blendMode = mode
            case let .clipPath(id): clipPath = id
            case let .mask(id): mask = id
            case let .filter(id): filter = id
            case let .displayed(d): displayed = d
            }
        }
    }

    /// A fill or stroke value: none, currentColor, a colour, or url(#id) with an optional fallback
    /// (none or a colour); nil when it is none of these.
    static func paint(_ value: String) -> SVGPaint? {
        if value == "none" { return SVGPaint.none }
        if value == "currentColor" { return .currentColor }
        if value.hasPrefix("url(") {
            guard let close = value.firstIndex(of: ")") else { return nil }
            var id = value[value.index(value.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: " \"'")
            guard id.hasPrefix("#") else { return nil }
            id.removeFirst()
            let rest = value[value.index(after: close)...].trimmingCharacters(in: " \t\n\r")
            if rest.isEmpty { return .reference(id, fallback: .nothingGiven) }
            if rest == "none" { return .reference(id, fallback: .none) }
            guard let c = SVGColor.parse(rest) else { return nil }
            return .reference(id, fallback: .color(r: c.r, g: c.g, b: c.b, a: c.a))
        }
        guard let c = SVGColor.parse(value) else { return nil }
        return .color(r: c.r, g: c.g, b: c.b, a: c.a)
    }
}

extension String {
    /// The text with every "px" removed (dash lists may give units).
    var replacingPx: String {
        var out = ""
        var chars = Array(self)
        var i = 0
        while i < chars.count {
            if i + 1 < chars.count && chars[i] == "p" && chars[i + 1] == "x" { i += 2; continue }
            out.append(chars[i])
            i += 1
        }
        chars = []
        return out
    }
}
