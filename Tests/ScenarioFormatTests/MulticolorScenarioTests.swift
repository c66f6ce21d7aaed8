import Foundation
import ImageViews
import Raster
import Testing

@testable import ScenarioFormat

/// Multicolor symbols in image views (docs/SYMBOLS.md §Rendering modes), on the corpus scenario
/// symbols/multicolor: which colour the tint layers take in each view, drawn in the symbol's own
/// colours rather than as a mask, charged to the variant's redraw allowance and refused by it.
@Suite struct MulticolorScenarioTests {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios/symbols/multicolor.json").standardizedFileURL

    static func scenario() throws -> Scenario {
        try ScenarioLoader.load(url, displayName: "multicolor.json", name: "symbols/multicolor")
    }

    @Test func tintLayersTakeTheTintAViewDrawsATemplateWith() throws {
        let scenario = try Self.scenario()
        let variant = try #require(scenario.variants().first { $0.name == "scale3-dark" })
        let scene = scenario.scene(for: variant)
        func view(_ id: String) throws -> ImageViewLayout {
            try #require(scene.layout.views.first { $0.id == id }?.imageView)
        }
        // The view's tint in dark mode, the dimmed orange, the image's own tint colour over the view's.
        let expected: [(String, String?, Bool)] = [
            ("mono", "#0A84FFFF", true), ("multi", "#0A84FFFF", false), ("orange", "#FF9F0AFF", false),
            ("dimmed", "#A8A8A8FF", false), ("pink", "#FF2D55FF", false), ("intent", "#0A84FFFF", false),
            ("original", nil, false), ("fit", "#BF5AF2FF", false)
        ]
        for (id, tint, template) in expected {
            let layout = try view(id)
            #expect(layout.drawTint?.description == tint, "\(id)")
            #expect(layout.drawnAsTemplate == template, "\(id)")
        }
        #expect(try view("multi").image?.symbol?.multicolor == true)
        #expect(try view("mono").image?.symbol?.multicolor == false)
        // The multicolor views draw images in their own colours, without a mask.
        let unmasked = scene.displayList.commands.filter {
            if case let .drawImage(draw) = $0 { draw.tint == nil } else { false }
        }
        #expect(unmasked.count == 8)  // six multicolor views, the alwaysOriginal one and the drawing
        #expect(scene.redraws.pixels > 0 && scene.redraws.refusal == nil)
        // Dark mode's system green, not the template's macOS preview (#28CD41).
        let green = PremultipliedColor(r: 0x30, g: 0xD1, b: 0x58, a: 255)
        let shown = scene.displayList.images.filter { image in
            (0..<image.height).contains { y in (0..<image.width).contains { x in image.bitmap[x, y] == green } }
        }
        #expect(shown.count >= 5)
    }

    @Test func theAllowanceBoundsTheTintsDrawn() throws {
        let scenario = try Self.scenario()
        let variant = try #require(scenario.variants().first)
        let scene = scenario.scene(for: variant, redraws: RedrawAllowance(work: DrawingLimits.defaultWork, pixels: 100))
        let refusal = try #require(scene.redraws.refusal)
        #expect(refusal.multicolor && !refusal.work && refusal.image == "multi")
        // The view refused is drawn as a monochrome template instead.
        #expect(scene.layout.views.first { $0.id == "multi" }?.imageView?.drawnAsTemplate == true)
    }
}
