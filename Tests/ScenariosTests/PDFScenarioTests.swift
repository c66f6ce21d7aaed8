import Foundation
import ImageViews
import Raster
import Testing
@testable import Scenarios
import Vector

/// PDF in scenarios (docs/PDF.md), with the corpus files of Scenarios/formats/pdf-images.json:
/// single-scale image-set entries, and preserved vectors drawn afresh at the size a view shows
/// them (files drawn per display scale are SVGScenarioTests' first test, for both formats).
@Suite struct PDFScenarioTests {
    @Test func aSingleScaleEntryIsDrawnAtEachScale() throws {
        let scenario = try SVGScenarioTests.load("\"g\": { \"named\": \"Glyph\" }")
        for scale in [1, 2, 3] {
            let image = scenario.images[0].resolved(for: SVGScenarioTests.traits(scale))
            #expect(image.source?.contains("glyph.pdf (drawn at \(scale)x)") == true && image.pixels.width == 30 * scale)
        }
    }

    @Test func aPreservedVectorIsDrawnAtTheSizeItIsShown() throws {
        let scenario = try SVGScenarioTests.load("\"g\": { \"named\": \"Glyph\" }, \"sharp\": { \"named\": \"GlyphSharp\" }", subviews: """
            { "id": "g", "type": "imageView", "image": "g", "frame": [0, 0, 90, 90] },
            { "id": "s", "type": "imageView", "image": "sharp", "frame": [100, 0, 90, 90] }
            """)
        var traits = scenario.traits
        traits.displayScale = 2
        let variant = Variant(name: "t", traits: traits, state: nil, canvasSize: scenario.canvasSize, safeAreaInsets: .zero)
        let list = scenario.scene(for: variant).displayList
        let draws = list.commands.compactMap { command -> ImageDraw? in if case let .drawImage(d) = command { d } else { nil } }
        #expect(draws.count == 2)
        #expect(list.images[draws[0].image].width == 60 && list.images[draws[1].image].width == 180)
        // The preserved one is the document drawn at that size: the same pixels as at scale 6.
        let url = SVGScenarioTests.folder.appendingPathComponent("Icons.xcassets/GlyphSharp.imageset/glyph.pdf")
        let direct = try PDFImage(Array(try Data(contentsOf: url))).render(scale: 6, limits: DrawingLimits(lines: 1_000_000, work: 50_000_000))
        #expect(list.images[draws[1].image].bitmap == direct)
    }
}
