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
