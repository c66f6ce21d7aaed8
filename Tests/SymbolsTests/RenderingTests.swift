import Raster
import TestSupport
import Testing

@testable import Symbols

/// Drawing a symbol: black where the glyph paints, and nothing where a clear-behind layer cuts
/// what was drawn before it (the badge's dot sits in a gap cut out of its tile).
struct RenderingTests {
    @Test func aClearBehindLayerCutsAGap() throws {
        let template = try SymbolTemplate.read(Fixture().data("templates/ivsim.badge.svg"), name: "ivsim.badge")
        let glyph = try #require(template.variant(.regular, .small))
        #expect(glyph.paths.map(\.clearsBehind) == [false, true, false])
        let image = try SymbolImage(
            template, configuration: SymbolConfiguration(pointSize: 40, weight: .regular, scale: .small))
        let (bitmap, _) = try image.render(displayScale: 2, limits: .default)
        let m = image.metrics(displayScale: 2)
        // Glyph units → pixels of the image: x · unit · 2, y · unit · 2 − top.
        func alpha(_ x: Double, _ y: Double) -> UInt8 {
            let px = Int(x * image.unit * 2), py = Int(y * image.unit * 2) - m.top
            return bitmap[px, py].a
        }
        // Regular: t = 8, the tile from (5, −35.23 − 34) with side 68; knock-out radius 9 + 8/3 + 5 + 2,
        // dot radius 9 + 8/3, both centred on the tile's top right corner.
        let corner = (x: 5.0 + 68, y: -70.459 / 2 - 34)
        #expect(alpha(corner.x, corner.y) == 255)  // the dot
        #expect(alpha(corner.x - 16, corner.y + 3) == 0)  // the gap, inside the tile
        #expect(alpha(20, -20) == 255)  // the tile
    }
}

extension RenderingTests {
    /// Hierarchical rendering: each layer at its level's opacity (the ring is secondary, 128 of
    /// 255; the plus primary, 255); a template without levels draws as monochrome.
    @Test func hierarchicalLayersAtTheirOpacities() throws {
        let template = try SymbolTemplate.read(Fixture().data("templates/ivsim.ring.plus.svg"), name: "ring")
        let image = try SymbolImage(
            template, configuration: SymbolConfiguration(pointSize: 40, weight: .bold, scale: .small))
        #expect(image.hasHierarchy)
        let m = image.metrics(displayScale: 2)
        let (layered, _) = try image.render(displayScale: 2, coloring: .hierarchical, limits: .default)
        let (plain, _) = try image.render(displayScale: 2, limits: .default)
        // Bold at Small: the masters' thickness t = 8 + 0.5 (17 − 8) = 12.5, the ring's outer radius
        // 36 + t/2 around (4 + 36 + t/2, −35.23); the plus's centre is the ring's.
        let t = 12.5, r = 36 + t / 2, cx = 4 + r, cy = -70.459 / 2
        func pixel(_ bitmap: Bitmap, _ x: Double, _ y: Double) -> UInt8 {
            bitmap[Int(x * image.unit * 2), Int(y * image.unit * 2) - m.top].a
        }
        #expect(pixel(layered, cx, cy) == 255)  // the plus, primary
        #expect(pixel(layered, cx - r + t / 2, cy) == 128)  // the ring, secondary
        #expect(pixel(plain, cx - r + t / 2, cy) == 255)
        let badge = try SymbolImage(
            SymbolTemplate.read(Fixture().data("templates/ivsim.badge.svg"), name: "badge"),
            configuration: SymbolConfiguration(pointSize: 40))
        #expect(!badge.hasHierarchy)
        #expect(
            try badge.render(displayScale: 2, coloring: .hierarchical, limits: .default).bitmap
                == badge.render(displayScale: 2, limits: .default).bitmap)
    }
}

extension RenderingTests {
    /// draw(in:) as vectors: the glyph filled into a rectangle of a context equals the image drawn
    /// afresh at that rectangle's pixel size (two paths to the same fills), and a colour fills it.
    @Test func drawingIntoAContextIsTheRedrawAtThatSize() throws {
        let template = try SymbolTemplate.read(Fixture().data("templates/ivsim.ring.plus.svg"), name: "ring")
        let image = try SymbolImage(template, configuration: SymbolConfiguration(pointSize: 17, weight: .medium))
        let m = image.metrics(displayScale: 3)
        let (w, h) = (m.pixelWidth * 5, m.pixelHeight * 5)
        let redrawn = try image.render(
            pixelWidth: w, pixelHeight: h, metrics: m, coloring: .hierarchical, limits: .default)
        var context = try DrawingContext(width: w, height: h, opaque: false, transform: .identity, limits: .default)
        try image.draw(
            into: &context, x: 0, y: 0, width: Double(w), height: Double(h), metrics: m, coloring: .hierarchical,
            color: PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        #expect(context.bitmap == redrawn.bitmap)
        var red = try DrawingContext(width: w, height: h, opaque: false, transform: .identity, limits: .default)
        try image.draw(
            into: &red, x: 0, y: 0, width: Double(w), height: Double(h), metrics: m,
            color: PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        let painted = zip(red.bitmap.pixels, redrawn.bitmap.pixels).filter { $0.1 >> 24 == 255 }
        #expect(!painted.isEmpty && painted.allSatisfy { $0.0 == 0xFF00_00FF })
    }
}

extension RenderingTests {
    /// Palette colours by level, as Apple's documentation of init(paletteColors:) states for a
    /// symbol with only primary and tertiary layers: two colours give the tertiary the second,
    /// three ignore the second.
    @Test func paletteColoursByLevel() {
        let pt: [SymbolHierarchyLevel] = [.primary, .tertiary], all = SymbolHierarchyLevel.allCases
        #expect(SymbolColoring.paletteIndex(.tertiary, present: pt, count: 2) == 1)
        #expect(SymbolColoring.paletteIndex(.tertiary, present: pt, count: 3) == 2)
        #expect(SymbolColoring.paletteIndex(.primary, present: pt, count: 3) == 0)
        #expect(SymbolColoring.paletteIndex(.secondary, present: all, count: 2) == 1)
        #expect(SymbolColoring.paletteIndex(.tertiary, present: all, count: 2) == 1)  // the last colour for the rest
        #expect(SymbolColoring.paletteIndex(.tertiary, present: all, count: 1) == 0)
    }

    /// A palette draws each level in its colour, whatever the base colour.
    @Test func paletteRendering() throws {
        let template = try SymbolTemplate.read(Fixture().data("templates/ivsim.ring.plus.svg"), name: "ring")
        let image = try SymbolImage(
            template, configuration: SymbolConfiguration(pointSize: 40, weight: .bold, scale: .small))
        let m = image.metrics(displayScale: 2)
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255), blue = PremultipliedColor(r: 0, g: 0, b: 255, a: 255)
        let (bitmap, _) = try image.render(displayScale: 2, coloring: .palette([red, blue]), limits: .default)
        let t = 12.5, r = 36 + t / 2, cx = 4 + r, cy = -70.459 / 2
        func pixel(_ x: Double, _ y: Double) -> PremultipliedColor {
            bitmap[Int(x * image.unit * 2), Int(y * image.unit * 2) - m.top]
        }
        #expect(pixel(cx, cy) == red)  // the plus, primary: the first colour
        #expect(pixel(cx - r + t / 2, cy) == blue)  // the ring, secondary: the second
    }
}
