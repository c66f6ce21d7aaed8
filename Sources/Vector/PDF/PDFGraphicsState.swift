import Raster

// The graphics state a content stream changes (ISO 32000-1 §8.4), as far as drawing needs it.

struct PDFGraphicsState {
    /// User space to the page's default space: what a pattern's matrix is relative to.
    var ctm = AffineTransform.identity
    var fillSpace = PDFColorSpace.gray
    var strokeSpace = PDFColorSpace.gray
    var fill = PDFColor.components([0])
    var stroke = PDFColor.components([0])
    var style = StrokeStyle(width: 1, cap: .butt, join: .miter, miterLimit: 10)
    var fillAlpha = 1.0
    var strokeAlpha = 1.0
    var blendMode = BlendMode.normal
    /// Text state (§9.3): Tc, Tw, Tz (as a fraction), TL, Tf, Tr, Ts.
    var text = PDFTextState()
    /// Whether an ExtGState soft mask is in force (a transparency group is then composited as one).
    var softMasked = false
    /// Inside a d1 glyph: colour operators are ignored (§9.6.5).
    var colorLocked = false

    /// The paint for `color` in the current user space (nil when the CTM cannot be inverted).
    func paint(_ color: PDFColor, space: PDFColorSpace) -> Paint? {
        switch color {
        case let .components(c):
            // A pattern space's initial colour (no pattern named yet) paints nothing (§8.6.6.1).
            guard space != .pattern else { return nil }
            let (r, g, b) = space.rgb(c)
            return .color(PremultipliedColor(r: r, g: g, b: b, a: 255))
        case .tiling:
            return nil  // painted as copies of its cell (PDFInterpreter+Tiling.swift)
        case let .shading(kind, toPage):
            guard let toUser = ctm.inverted else { return nil }
            switch kind {
            case let .gradient(gradient): return .gradient(gradient, toUser.prepending(toPage))
            case let .mesh(mesh): return .mesh(mesh, toUser.prepending(toPage))
            }
        }
    }

    /// PDF's blend mode names (§11.3.5) to CGBlendMode's; Compatible is Normal.
    static func blendMode(_ name: String) -> BlendMode? {
        switch name {
        case "Normal", "Compatible": .normal
        case "Multiply": .multiply
        case "Screen": .screen
        case "Overlay": .overlay
        case "Darken": .darken
        case "Lighten": .lighten
        case "ColorDodge": .colorDodge
        case "ColorBurn": .colorBurn
        case "HardLight": .hardLight
        case "SoftLight": .softLight
        case "Difference": .difference
        case "Exclusion": .exclusion
        case "Hue": .hue
        case "Saturation": .saturation
        case "Color": .color
        case "Luminosity": .luminosity
        default: nil
        }
    }
}

/// A fill or stroke colour: components in the colour space, or a shading pattern's gradient with
/// the transform from its space to the page's default space.
enum PDFColor {
    case components([Double])
    case shading(PDFShading.Kind, AffineTransform)
    /// A coloured tiling pattern, with the transform from its space to the page's default space.
    case tiling(PDFTiling, AffineTransform)
}

/// A coloured tiling pattern (PatternType 1, PaintType 1; ISO 32000-1 §8.7.3.3): its cell's
/// operations in pattern space (clipped to /BBox), the cell's box and the steps between copies.
struct PDFTiling: Sendable {
    var cell: [PDFOperation]
    var box: (x: Double, y: Double, width: Double, height: Double)
    var xStep: Double, yStep: Double
}
