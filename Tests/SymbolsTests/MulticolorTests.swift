import Raster
import TestSupport
import Testing

@testable import Symbols

/// Multicolor rendering (docs/SYMBOLS.md §Rendering modes): the `multicolor-N:<colour>` classes and
/// their style-sheet rules read as each layer's paint; each layer filled in its own colour and the
/// tint layers in the tint, in the template's order. Checked against a second computation: each
/// layer drawn alone as a coverage mask, composited here with source-over.
struct MulticolorTests {
    static let name = "ivsim.plus.disk"

    @Test func theClassesAndTheirRulesGiveEachLayersPaint() throws {
        let template = try SymbolTemplate.read(Fixture().data("templates/\(Self.name).svg"), name: Self.name)
        let glyph = try #require(template.variant(.regular, .small))
        #expect(
            glyph.paths.map(\.multicolor) == [
                SymbolLayerPaint(
                    layer: "multicolor-0:systemGreenColor", colorName: "systemGreenColor", fill: (40, 205, 65)),
                SymbolLayerPaint(layer: "multicolor-1:white", colorName: "white", fill: (255, 255, 255)),
                SymbolLayerPaint(layer: "multicolor-2:tintColor", colorName: "tintColor", fill: (0, 122, 255))
            ])
        // The plus is a knock-out in monochrome only.
        #expect(glyph.paths.map(\.clearsBehind) == [false, true, false])
        #expect(glyph.paths.map(\.clearsBehindInMulticolor) == [false, false, false])
        #expect(glyph.paths[2].multicolor?.isTint == true)

        let rule = SymbolLayerPaint.reading(layer: "multicolor-3:custom", rule: ";fill:#0F8;opacity:0.5;fill:none")
        #expect(rule.colorName == "custom" && rule.fill == nil && rule.opacity == 0.5)  // a later fill wins
        #expect(SymbolLayerPaint.reading(layer: "multicolor-0:x", rule: "fill:#0F8").fill! == (0, 255, 136))
        #expect(SymbolLayerPaint.reading(layer: "multicolor-0:x", rule: "opacity:7;fill:#12345G").opacity == 1)
        #expect(SymbolLayerPaint.reading(layer: "multicolor-0:x", rule: "opacity:nan").opacity == 1)
    }

    @Test func eachLayerInItsColourAndTheTintLayersInTheTint() throws {
        let text = String(decoding: try Fixture().data("templates/\(Self.name).svg"), as: UTF8.self)
        let configuration = SymbolConfiguration(pointSize: 30, weight: .semibold, scale: .large)
        let image = try SymbolImage(
            SymbolTemplate.read(Array(text.utf8), name: Self.name), configuration: configuration)
        let layers = image.multicolorLayers.map(\.layer)
        #expect(layers == ["multicolor-0:systemGreenColor", "multicolor-1:white", "multicolor-2:tintColor"])
        let green = PremultipliedColor(r: 52, g: 199, b: 89, a: 255)
        let white = PremultipliedColor(r: 255, g: 255, b: 255, a: 255)
        let tint = PremultipliedColor(r: 128, g: 20, b: 60, a: 200)  // translucent, premultiplied
        let coloring = SymbolColoring.multicolor([layers[0]: green, layers[1]: white])
        let (drawn, _) = try image.render(displayScale: 2, coloring: coloring, color: tint, limits: .default)

        // Each layer alone (the other paths taken out of the file), in black at full opacity: a
        // palette of three blacks fills every level without any knock-out.
        let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        let masks = try (0..<3).map { layer in
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.contains("<path ") || $0.contains("class=\"monochrome-\(layer) ")
            }
            let alone = try SymbolImage(
                SymbolTemplate.read(Array(kept.joined(separator: "\n").utf8), name: "layer \(layer)"),
                configuration: configuration)
            return try alone.render(
                pixelWidth: drawn.width, pixelHeight: drawn.height, metrics: image.metrics(displayScale: 2),
                coloring: .palette([black, black, black]), limits: .default
            ).bitmap
        }
        var worst = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                var out = (0, 0, 0, 0)
                for (mask, color) in zip(masks, [green, white, tint]) {
                    let c = Int(mask[x, y].a)
                    let s = [color.r, color.g, color.b, color.a].map { (Int($0) * c + 127) / 255 }
                    out = (
                        s[0] + (out.0 * (255 - s[3]) + 127) / 255, s[1] + (out.1 * (255 - s[3]) + 127) / 255,
                        s[2] + (out.2 * (255 - s[3]) + 127) / 255, s[3] + (out.3 * (255 - s[3]) + 127) / 255
                    )
                }
                let p = drawn[x, y]
                worst = max(
                    worst, abs(Int(p.r) - out.0), abs(Int(p.g) - out.1), abs(Int(p.b) - out.2), abs(Int(p.a) - out.3))
            }
        }
        #expect(worst <= 2, "multicolor drawing vs layers composited here: worst \(worst)/255")
        // Inside each layer, away from edges, exactly its colour.
        let m = image.metrics(displayScale: 2)
        // Semibold at Large: the masters' thickness mixed by (0.122634428, 0.291416928).
        let t: Double = 8 + 0.122634428 * -6 + 0.291416928 * 9
        let r = 36 + t / 2, cx = 4 + r, cy = -70.459 / 2
        func pixel(_ x: Double, _ y: Double) -> PremultipliedColor {
            // Large scale: the Small glyph enlarged ×1.647 about (0, −cap/2).
            let s = 1.647
            return drawn[Int(x * s * image.unit * 2), Int((s * y + (s - 1) * 70.459 / 2) * image.unit * 2) - m.top]
        }
        #expect(pixel(cx - 0.6 * r, cy + 0.5 * r) == green)
        #expect(pixel(cx, cy) == white)
        #expect(pixel(cx + 0.72 * r, cy - 0.72 * r) == tint)
    }

    @Test func withoutMulticolorLayersItIsMonochrome() throws {
        let image = try SymbolImage(
            SymbolTemplate.read(Fixture().data("templates/ivsim.badge.svg"), name: "badge"),
            configuration: SymbolConfiguration(pointSize: 20))
        #expect(image.multicolorLayers.isEmpty)
        #expect(
            try image.render(displayScale: 2, coloring: .multicolor([:]), limits: .default).bitmap
                == image.render(displayScale: 2, limits: .default).bitmap)
    }
}
