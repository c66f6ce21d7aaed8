import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat

/// Pattern colours (docs/DRAWING.md §Pattern colours, docs/LAYOUT.md §Pattern backgrounds): every
/// pixel compared with the tile's pixel its position gives, computed again here.
@Suite struct PatternColorTests {
    /// The 4 × 2 index grid (scale 2: 2 × 1 points), each pixel a different colour.
    static func grid(_ scenario: Scenario) throws -> Bitmap {
        try #require(scenario.images.first { $0.name == "grid" }).pixels.bitmap
    }

    static func drawing(_ scenario: Scenario, _ name: String) throws -> Bitmap {
        try #require(scenario.images.first { $0.name == name }).pixels.bitmap
    }

    @Test func fillsRepeatTheTileFromTheRenderersOriginWhateverTheCTM() throws {
        let scenario = try DrawSourceTests.load(
            """
            "plain": { "draw": { "size": [10, 5], "scale": 2, "operations": [
              { "fill": { "rect": [0, 0, 10, 5] }, "color": { "pattern": "grid" } } ] } },
            "moved": { "draw": { "size": [10, 5], "scale": 2, "operations": [
              { "translate": [0.5, 0.25] }, { "rotate": 10 },
              { "fill": { "rect": [-5, -5, 20, 20] }, "color": { "pattern": "grid" } } ] } },
            "shifted": { "draw": { "bounds": [1, 0.5, 10, 5], "scale": 2, "operations": [
              { "fill": { "rect": [1, 0.5, 10, 5] }, "color": { "pattern": "grid" } } ] } },
            "asPattern": { "draw": { "size": [10, 5], "scale": 2, "operations": [
              { "drawAsPattern": "grid", "in": [1, 1, 3, 2] } ] } }
            """)
        let tile = try Self.grid(scenario)
        let plain = try Self.drawing(scenario, "plain"), moved = try Self.drawing(scenario, "moved")
        let shifted = try Self.drawing(scenario, "shifted"), asPattern = try Self.drawing(scenario, "asPattern")
        #expect(plain.width == 20 && plain.height == 10)
        for y in 0..<10 {
            for x in 0..<20 {
                let i = y * 20 + x
                #expect(plain.pixels[i] == tile.pixels[(y % 2) * 4 + x % 4], "(\(x), \(y))")
                #expect(moved.pixels[i] == plain.pixels[i], "a transformed fill moves no tile (\(x), \(y))")
                // bounds (1, 0.5) put user (0, 0) at device (−2, −1).
                #expect(shifted.pixels[i] == tile.pixels[((y + 1) % 2) * 4 + (x + 2) % 4], "(\(x), \(y))")
                let inside = (2..<8).contains(x) && (2..<6).contains(y)
                #expect(asPattern.pixels[i] == (inside ? plain.pixels[i] : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func aTileOfAnotherScaleIsDrawnIntoItsCellOnce() throws {
        // The grid at scale 2 in a 1x drawing: a 2 × 1 pixel cell, repeated exactly.
        let scenario = try DrawSourceTests.load(
            """
            "small": { "draw": { "size": [9, 4], "scale": 1, "operations": [
              { "fill": { "rect": [0, 0, 9, 4] }, "color": { "pattern": "grid" } } ] } }
            """)
        let small = try Self.drawing(scenario, "small")
        for y in 0..<4 {
            for x in 0..<7 {
                #expect(small.pixels[y * 9 + x] == small.pixels[x % 2])
            }
        }
    }

    @Test func aViewBackgroundTilesFromItsTopLeftCorner() throws {
        let scenario = try DrawSourceTests.load(
            "\"unused\": { \"generate\": { \"solid\": { \"size\": [1, 1], \"color\": \"#000000\" } } }",
            root: """
                { "subviews": [ { "id": "p", "frame": [3, 2, 9, 5], "backgroundColor": { "pattern": "grid" } } ] }
                """)
        let variant = scenario.variants()[0]
        let scene = scenario.scene(for: variant)
        #expect(scene.layout.views[1].backgroundPattern == "grid")
        #expect(scene.layout.views[1].backgroundColor == nil)
        let canvas = scene.render()
        let tile = try Self.grid(scenario)
        let scale = variant.traits.displayScale
        #expect(scale == 2)
        for y in 0..<(5 * scale) {
            for x in 0..<(9 * scale) {
                let pixel = canvas.pixels[(2 * scale + y) * canvas.width + 3 * scale + x]
                #expect(pixel == tile.pixels[(y % 2) * 4 + x % 4], "(\(x), \(y))")
            }
        }
    }

    @Test func animatedPatternsAreRefused() {
        do {
            _ = try DrawSourceTests.load(
                "\"a\": { \"animated\": { \"frames\": [\"grid\", \"grid\"], \"duration\": 1 } }",
                root: "{ \"subviews\": [ { \"frame\": [0, 0, 4, 4], \"backgroundColor\": { \"pattern\": \"a\" } } ] }")
            Issue.record("an animated pattern was accepted")
        } catch {
            #expect(error.diagnostics.first?.message.contains("UIColor(patternImage:) takes a still image") == true)
        }
    }
}
