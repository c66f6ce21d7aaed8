import Raster

// Presentation attributes and `style` declarations (SVG 1.1 §6.4, §6.6): each element's own
// values, from its attributes and then its `style` (which wins), over the inherited ones. Only
// the properties below are read; `filter`, `mask`, `clip-path` and `mix-blend-mode` change what
// is drawn and are refused; other properties are ignored.

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
    static let own = ["opacity", "display", "clip-path", "mix-blend-mode", "mask"]
    static let refused = ["filter"]

    /// The style of a child: inherited properties carried, the others reset.
    var inheritedByChild: SVGStyle {
        var child = self
        child.opacity = 1
        child.displayed = true
        child.clipPath = nil
        child.mask = nil
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
        for (name, value) in parse(element["style"] ?? "")
        where inherited.contains(name) || own.contains(name) || refused.contains(name) {
            result.append((name, value))
        }
        return result
    }

    /// Refuses a declaration of a property outside ivsim's subset (a filter), unless it says none.
    static func refuseUnread(_ declarations: [(String, String)], of element: XMLElement) throws(SVGError) {
        for (name, value) in declarations
        where refused.contains(name) && !["none", "normal"].contains(value.trimmingSpaces) {
            throw SVGError(
                element: element,
                message: "\"\(name)\" is not drawn (filters, masks, clipping paths and blend modes "
                    + "are outside ivsim's SVG subset): flatten the effect in the export")
        }
    }

    /// CSS declarations "name: value; …" (a `style` attribute, a style sheet rule's body): names
    /// lower-cased, values trimmed and without a trailing `!important`, in order.
    static func parse(_ text: some StringProtocol) -> [(String, String)] {
        Substring(text).split(separator: ";").compactMap { declaration -> (String, String)? in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            let name = declaration[..<colon].trimmingCharacters(in: " \t\n\r").lowercased()
            var value = declaration[declaration.index(after: colon)...].trimmingCharacters(in: " \t\n\r")
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmingSpaces }
            return (name, value)
        }
    }

    /// Applies declarations to this (inherited) style. A value that is not valid for its property
    /// is ignored, as CSS ignores an invalid declaration and SVG 2 an invalid presentation
    /// attribute (https://www.w3.org/TR/SVG2/styling.html#PresentationAttributes): the property
    /// keeps its inherited or initial value. (Exporters write `stroke="null"` and browsers draw
    /// such files.) Nothing is made for an ignored value: a document may hold millions.
    mutating func apply(_ declarations: [(String, String)]) {
        for declaration in declarations { apply(declaration) }
    }

    private mutating func apply(_ declaration: (String, String)) {
        let (name, raw) = declaration
        let value = raw.trimmingSpaces
        if value == "inherit" { return }  // the inherited value is already in place
        func opacityValue() -> Double? { SVGValues.numberOrPercentage(value).map { min(1, max(0, $0)) } }
        switch name {
        case "fill": if let paint = Self.paint(value) { fill = paint }
        case "stroke": if let paint = Self.paint(value) { stroke = paint }
        case "fill-opacity": if let v = opacityValue() { fillOpacity = v }
        case "stroke-opacity": if let v = opacityValue() { strokeOpacity = v }
        case "opacity": if let v = opacityValue() { opacity = v }
        case "fill-rule":
            if value == "nonzero" || value == "evenodd" { fillRule = value == "evenodd" ? .evenOdd : .nonZero }
        case "stroke-width":
            if let w = SVGValues.length(value), w >= 0 { strokeWidth = w }
        case "stroke-linecap":
            if let cap = LineCap(rawValue: value) { lineCap = cap }
        case "stroke-linejoin":
            if let join = LineJoin(rawValue: value) { lineJoin = join }
        case "stroke-miterlimit":
            if let m = SVGValues.number(value), m >= 1 { miterLimit = m }
        case "stroke-dasharray":
            if value == "none" {
                dashes = []
            } else if let list = SVGValues.numbers(value.replacingPx), list.allSatisfy({ $0 >= 0 }), list.count <= 64 {
                // All zero: a solid line (SVG 1.1 §11.4).
                dashes = list.contains { $0 > 0 } ? list : []
            }
        case "stroke-dashoffset":
            if let o = SVGValues.length(value) { dashOffset = o }
        case "color":
            if let c = SVGColor.parse(value) { color = c }
        case "visibility":
            if ["visible", "hidden", "collapse"].contains(value) { visible = value == "visible" }
        case "mix-blend-mode":
            if let mode = Self.blendModes[value] { blendMode = mode }
        case "clip-path", "mask":
            var id: String?
            if value != "none" {
                guard value.hasPrefix("url(#"), let close = value.firstIndex(of: ")") else { return }
                id = value[value.index(value.startIndex, offsetBy: 5)..<close].trimmingCharacters(in: " \"'")
            }
            if name == "mask" { mask = id } else { clipPath = id }
        case "display":
            displayed = value != "none"
        default:
            break
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
