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
        "normal": .normal, "multiply": .multiply, "screen": .screen, "overlay": .overlay, "darken": .darken, "lighten": .lighten,
        "color-dodge": .colorDodge, "color-burn": .colorBurn, "hard-light": .hardLight, "soft-light": .softLight,
        "difference": .difference, "exclusion": .exclusion, "hue": .hue, "saturation": .saturation, "color": .color,
        "luminosity": .luminosity, "plus-lighter": .plusLighter, "plus-darker": .plusDarker,
    ]

    /// The properties read, inherited ones first.
    static let inherited = ["fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
                            "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "color", "visibility"]
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
    /// `style` (later wins), in document order.
    static func declarations(of element: XMLElement, matched: [(String, String)] = []) throws(SVGError) -> [(String, String)] {
        var result: [(String, String)] = []
        for (name, value) in element.attributes where inherited.contains(name) || own.contains(name) || refused.contains(name) {
            result.append((name, value))
        }
        for (name, value) in matched where inherited.contains(name) || own.contains(name) || refused.contains(name) {
            result.append((name, value))
        }
        for (name, value) in parse(element["style"] ?? "") where inherited.contains(name) || own.contains(name) || refused.contains(name) {
            result.append((name, value))
        }
        for (name, value) in result where refused.contains(name) && !["none", "normal"].contains(value.trimmingSpaces) {
            throw SVGError(element: element, message: "\"\(name)\" is not drawn (filters, masks, clipping paths and blend modes "
                           + "are outside ivsim's SVG subset): flatten the effect in the export")
        }
        return result
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
    /// such files.)
    mutating func apply(_ declarations: [(String, String)], of element: XMLElement) throws(SVGError) {
        for declaration in declarations {
            do throws(SVGError) {
                try apply(declaration, of: element)
            } catch {
                continue
            }
        }
    }

    private mutating func apply(_ declaration: (String, String), of element: XMLElement) throws(SVGError) {
        do {
            let (name, raw) = declaration
            let value = raw.trimmingSpaces
            if value == "inherit" { return }  // the inherited value is already in place
            func bad(_ expected: String) -> SVGError {
                SVGError(element: element, message: "\(name)=\"\(raw)\": expected \(expected)")
            }
            func opacityValue() throws(SVGError) -> Double {
                guard let v = SVGValues.numberOrPercentage(value) else { throw bad("a number from 0 to 1") }
                return min(1, max(0, v))
            }
            switch name {
            case "fill": fill = try Self.paint(value, name: name, element: element)
            case "stroke": stroke = try Self.paint(value, name: name, element: element)
            case "fill-opacity": fillOpacity = try opacityValue()
            case "stroke-opacity": strokeOpacity = try opacityValue()
            case "opacity": opacity = try opacityValue()
            case "fill-rule":
                guard value == "nonzero" || value == "evenodd" else { throw bad("nonzero or evenodd") }
                fillRule = value == "evenodd" ? .evenOdd : .nonZero
            case "stroke-width":
                guard let w = SVGValues.length(value), w >= 0 else { throw bad("a length of 0 or more, in px") }
                strokeWidth = w
            case "stroke-linecap":
                guard let cap = LineCap(rawValue: value) else { throw bad("butt, round or square") }
                lineCap = cap
            case "stroke-linejoin":
                guard let join = LineJoin(rawValue: value) else { throw bad("miter, round or bevel") }
                lineJoin = join
            case "stroke-miterlimit":
                guard let m = SVGValues.number(value), m >= 1 else { throw bad("a number of 1 or more") }
                miterLimit = m
            case "stroke-dasharray":
                if value == "none" {
                    dashes = []
                } else {
                    guard let list = SVGValues.numbers(value.replacingPx), list.allSatisfy({ $0 >= 0 }), list.count <= 64 else {
                        throw bad("none, or at most 64 lengths of 0 or more")
                    }
                    // All zero: a solid line (SVG 1.1 §11.4).
                    dashes = list.contains { $0 > 0 } ? list : []
                }
            case "stroke-dashoffset":
                guard let o = SVGValues.length(value) else { throw bad("a length in px") }
                dashOffset = o
            case "color":
                guard let c = SVGColor.parse(value) else { throw bad("a colour") }
                color = c
            case "visibility":
                guard ["visible", "hidden", "collapse"].contains(value) else { throw bad("visible, hidden or collapse") }
                visible = value == "visible"
            case "mix-blend-mode":
                guard let mode = Self.blendModes[value] else { throw bad("a blend mode (normal, multiply, screen, overlay, …)") }
                blendMode = mode
            case "clip-path", "mask":
                var id: String?
                if value != "none" {
                    guard value.hasPrefix("url(#"), let close = value.firstIndex(of: ")") else { throw bad("none or url(#id)") }
                    id = value[value.index(value.startIndex, offsetBy: 5)..<close].trimmingCharacters(in: " \"'")
                }
                if name == "mask" { mask = id } else { clipPath = id }
            case "display":
                displayed = value != "none"
            default:
                break
            }
        }
    }

    static func paint(_ value: String, name: String, element: XMLElement) throws(SVGError) -> SVGPaint {
        if value == "none" { return .none }
        if value == "currentColor" { return .currentColor }
        if value.hasPrefix("url(") {
            guard let close = value.firstIndex(of: ")") else {
                throw SVGError(element: element, message: "\(name)=\"\(value)\": a url( without \")\"")
            }
            var id = value[value.index(value.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: " \"'")
            guard id.hasPrefix("#") else {
                throw SVGError(element: element, message: "\(name)=\"\(value)\": only references inside the document (url(#id)) are read")
            }
            id.removeFirst()
            let rest = value[value.index(after: close)...].trimmingCharacters(in: " \t\n\r")
            if rest.isEmpty { return .reference(id, fallback: .nothingGiven) }
            if rest == "none" { return .reference(id, fallback: .none) }
            guard let c = SVGColor.parse(rest) else { throw SVGError(element: element, message: "\(name)=\"\(value)\": the fallback is not a colour") }
            return .reference(id, fallback: .color(r: c.r, g: c.g, b: c.b, a: c.a))
        }
        guard let c = SVGColor.parse(value) else {
            throw SVGError(element: element, message: "\(name)=\"\(value)\": expected none, currentColor, a colour (#rrggbb, rgb(…), a CSS name) or url(#id)")
        }
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
