import Raster
import Testing

@testable import Vector

/// The render tree's declarations (SVGDeclaration): each property's value is read once into a
/// value; an invalid value, `inherit` and a property ivsim does not draw make none, so that the
/// property keeps its inherited value, as CSS ignores an invalid declaration.
@Suite struct SVGDeclarationTests {
    /// The style `pairs` give over the initial one.
    static func style(_ pairs: [(String, String)]) -> SVGStyle {
        var style = SVGStyle()
        style.apply(SVGDeclaration.read(pairs))
        return style
    }

    @Test func validValuesBecomeValues() {
        let style = Self.style([
            ("fill", "#ff0000"), ("stroke", "url(#g) blue"), ("stroke-width", "2.5px"), ("fill-opacity", "50%"),
            ("fill-rule", "evenodd"), ("stroke-linecap", "round"), ("stroke-linejoin", "bevel"),
            ("stroke-miterlimit", "8"),
            ("stroke-dasharray", "4 2px"), ("stroke-dashoffset", "1"), ("color", "lime"), ("visibility", "hidden"),
            ("opacity", "2"), ("mix-blend-mode", "multiply"), ("clip-path", "url(#c)"), ("mask", "url(#m)"),
            ("display", "inline")
        ])
        #expect(style.fill == .color(r: 255, g: 0, b: 0, a: 255))
        #expect(style.stroke == .reference("g", fallback: .color(r: 0, g: 0, b: 255, a: 255)))
        #expect(style.strokeWidth == 2.5 && style.fillOpacity == 0.5 && style.opacity == 1)
        #expect(style.fillRule == .evenOdd && style.lineCap == .round && style.lineJoin == .bevel)
        #expect(style.miterLimit == 8 && style.dashes == [4, 2] && style.dashOffset == 1)
        #expect(style.color == (0, 255, 0, 255) && !style.visible && style.blendMode == .multiply)
        #expect(style.clipPath == "c" && style.mask == "m" && style.displayed)
    }

    @Test func invalidValuesInheritAndUndrawnPropertiesMakeNone() {
        let pairs = [
            ("fill", "null"), ("stroke", "url(g)"), ("stroke-width", "-1"), ("fill-opacity", "half"),
            ("fill-rule", "odd"), ("stroke-linecap", "pointy"), ("stroke-miterlimit", "0.5"),
            ("stroke-dasharray", "4 -2"), ("color", "inherit"), ("visibility", "gone"), ("mix-blend-mode", "blur"),
            ("clip-path", "#c"), ("filter", "url(f)"), ("font-size", "12")
        ]
        #expect(SVGDeclaration.read(pairs).isEmpty)
        #expect(SVGDeclaration.read([("stroke-dasharray", String(repeating: "1 ", count: 65))]).isEmpty)
    }

    @Test func laterDeclarationsWinAndNoneResets() {
        let style = Self.style([
            ("stroke-dasharray", "3 1"), ("stroke-dasharray", "0 0"), ("clip-path", "url(#c)"), ("clip-path", "none"),
            ("fill", "red"), ("fill", "bogus"), ("display", "none")
        ])
        #expect(style.dashes == [] && style.clipPath == nil && !style.displayed)
        #expect(style.fill == .color(r: 255, g: 0, b: 0, a: 255))
    }
}
