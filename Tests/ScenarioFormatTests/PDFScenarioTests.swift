import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Vector

/// PDF in scenarios (docs/PDF.md), with the corpus files of Scenarios/formats/pdf-images.json:
/// single-scale image-set entries (files drawn per display scale and preserved vectors are
/// SVGScenarioTests', for both formats).
@Suite struct PDFScenarioTests {
    @Test func aSingleScaleEntryIsDrawnAtEachScale() throws {
        let scenario = try SVGScenarioTests.load("\"g\": { \"named\": \"Glyph\" }")
        for scale in [1, 2, 3] {
            let image = scenario.images[0].resolved(for: SVGScenarioTests.traits(scale))
            #expect(
                image.source?.contains("glyph.pdf (drawn at \(scale)x)") == true && image.pixels.width == 30 * scale)
        }
    }
}
