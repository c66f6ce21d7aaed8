import Raster

// One style declaration of an SVG element with its value read, once, when the document is
// compiled (docs/SVG.md §Styles): the render tree holds these, never text, and drawing only
// assigns them. A value that is not valid for its property makes no declaration — CSS ignores an
// invalid declaration and SVG 2 an invalid presentation attribute
// (https://www.w3.org/TR/SVG2/styling.html#PresentationAttributes): the property keeps its
// inherited or initial value (exporters write `stroke="null"` and browsers draw such files) — and
// neither does `inherit`, whose value is in place already.

enum SVGDeclaration: Sendable {
    case fill(SVGPaint)
    case stroke(SVGPaint)
    case fillOpacity(Double)
    case strokeOpacity(Double)
    case opacity(Double)
    case fillRule(FillRule)
    case strokeWidth(Double)
    case lineCap(LineCap)
    case lineJoin(LineJoin)
    case miterLimit(Double)
    /// The dash lengths; empty: a solid line.
    case dashes([Double])
    case dashOffset(Double)
    case color(r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    case visible(Bool)
    case blendMode(BlendMode)
    /// The id of a clipPath; nil: none.
    case clipPath(String?)
    /// The id of a mask; nil: none.
    case mask(String?)
    /// The id of a filter; nil: none.
    case filter(String?)
    case displayed(Bool)

    /// The declarations `pairs` make, in order (a later one wins when they are applied).
    static func read(_ pairs: [(String, String)]) -> [SVGDeclaration] {
        pairs.compactMap { SVGDeclaration($0.0, $0.1) }
    }

    /// The declaration of property `name` with the text `raw`; nil for `inherit`, an invalid
    /// value, and a property ivsim does not draw.
    init?(_ name: String, _ raw: String) {
        let value = raw.trimmingSpaces
        if value == "inherit" { return nil }
        func opacityValue() -> Double? { SVGValues.numberOrPercentage(value).map { min(1, max(0, $0)) } }
        switch name {
        case "fill":
            guard let paint = SVGStyle.paint(value) else { return nil }
            self = .fill(paint)
        case "stroke":
            guard let paint = SVGStyle.paint(value) else { return nil }
            self = .stroke(paint)
        case "fill-opacity":
            guard let v = opacityValue() else { return nil }
            self = .fillOpacity(v)
        case "stroke-opacity":
            guard let v = opacityValue() else { return nil }
            self = .strokeOpacity(v)
        case "opacity":
            guard let v = opacityValue() else { return nil }
            self = .opacity(v)
        case "fill-rule":
            guard value == "nonzero" || value == "evenodd" else { return nil }
            self = .fillRule(value == "evenodd" ? .evenOdd : .nonZero)
        case "stroke-width":
            guard let w = SVGValues.length(value), w >= 0 else { return nil }
            self = .strokeWidth(w)
        case "stroke-linecap":
            guard let cap = LineCap(rawValue: value) else { return nil }
            self = .lineCap(cap)
        case "stroke-linejoin":
            guard let join = LineJoin(rawValue: value) else { return nil }
            self = .lineJoin(join)
        case "stroke-miterlimit":
            guard let m = SVGValues.number(value), m >= 1 else { return nil }
            self = .miterLimit(m)
        case "stroke-dasharray":
            if value == "none" {
                self = .dashes([])
            } else {
                guard let list = SVGValues.numbers(value.replacingPx), list.allSatisfy({ $0 >= 0 }), list.count <= 64
                else {
                    return nil
                }
                // All zero: a solid line (SVG 1.1 §11.4).
                self = .dashes(list.contains { $0 > 0 } ? list : [])
            }
        case "stroke-dashoffset":
            guard let o = SVGValues.length(value) else { return nil }
            self = .dashOffset(o)
        case "color":
            guard let c = SVGColor.parse(value) else { return nil }
            self = .color(r: c.r, g: c.g, b: c.b, a: c.a)
        case "visibility":
            guard ["visible", "hidden", "collapse"].contains(value) else { return nil }
            self = .visible(value == "visible")
        case "mix-blend-mode":
            guard let mode = SVGStyle.blendModes[value] else { return nil }
            self = .blendMode(mode)
        case "clip-path", "mask", "filter":
            var id: String?
            if value != "none" {
                guard value.hasPrefix("url(#"), let close = value.firstIndex(of: ")") else { return nil }
                id = value[value.index(value.startIndex, offsetBy: 5)..<close].trimmingCharacters(in: " \"'")
            }
            self = name == "mask" ? .mask(id) : name == "filter" ? .filter(id) : .clipPath(id)
        case "display":
            self = .displayed(value != "none")
        default:
            return nil
        }
    }
}

/// An element's declarations as the render tree holds them, and how many the cascade gave it
/// (invalid ones included): drawing charges each (DrawingCost.declaration), as reading did.
struct SVGDeclarations: Sendable {
    var list: [SVGDeclaration]
    var given: Int

    init(_ pairs: [(String, String)]) {
        list = SVGDeclaration.read(pairs)
        given = pairs.count
    }
}
