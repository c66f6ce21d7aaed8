import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat

/// Shadows in drawings (docs/RENDERING.md §11.12.1): the shadow's place, colour and blur computed
/// again here, the graphics state's rules, and the transparency layer's single shadow.
@Suite struct ShadowTests {
    static func drawing(_ operations: String, size: (Int, Int) = (20, 16), scale: Int = 1) throws -> Bitmap {
        let scenario = try DrawSourceTests.load(
            "\"d\": { \"draw\": { \"size\": [\(size.0), \(size.1)], \"scale\": \(scale), \"operations\": [\(operations)] } }"
        )
        return try #require(scenario.images.first { $0.name == "d" }).pixels.bitmap
    }

    static let red: UInt32 = 0xFF00_00FF

    @Test func anUnblurredShadowIsTheShapeMovedInItsColourUnderneath() throws {
        // A 4 × 3 red rectangle at (2, 2) and its shadow moved (3, 2) in the default colour, at 2x.
        let image = try Self.drawing(
            "{ \"setShadow\": { \"offset\": [1.5, 1] } }, { \"fill\": { \"rect\": [1, 1, 2, 1.5] }, \"color\": \"#FF0000\" }",
            scale: 2)
        let shadow = PremultipliedColor(straightR: 0, g: 0, b: 0, a: 85).packed  // a third of full alpha
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inShape = (2..<6).contains(x) && (2..<5).contains(y)
                let inShadow = (5..<9).contains(x) && (4..<7).contains(y)
                let expected: UInt32 = inShape ? Self.red : inShadow ? shadow : 0
                #expect(image.pixels[y * image.width + x] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func theBlurIsThreeBoxBlursOfTheSVGSizeForHalfTheBlur() throws {
        // blur 4 at 1x: σ = 2, d = ⌊2 × 3√(2π)/4 + ½⌋ = 4. A 1 × 1 opaque black dot far from the
        // edges; its shadow, undisturbed by the dot (moved 8 right), is the dot's alpha blurred.
        let image = try Self.drawing(
            "{ \"setShadow\": { \"offset\": [8, 0], \"blur\": 4, \"color\": \"#000000\" } }, "
                + "{ \"fill\": { \"rect\": [5, 8, 1, 1] }, \"color\": \"#00FF00\" }", size: (24, 16))
        #expect(FilterImage.boxSize(2) == 4)
        // The same blur done here: per axis, boxes reaching (2, 1), (1, 2), (2, 2), each a rounded mean.
        func blur(_ line: [Int]) -> [Int] {
            var values = line
            for (left, right) in [(2, 1), (1, 2), (2, 2)] {
                let size = left + right + 1
                values = values.indices.map { i in
                    let sum = (i - left...i + right).reduce(0) { $0 + (values.indices.contains($1) ? values[$1] : 0) }
                    return (sum + size / 2) / size
                }
            }
            return values
        }
        var alpha = [[Int]](repeating: [Int](repeating: 0, count: 24), count: 16)
        alpha[8][13] = 255
        alpha = alpha.map(blur)
        for x in 0..<24 {
            let column = blur((0..<16).map { alpha[$0][x] })
            for y in 0..<16 { alpha[y][x] = column[y] }
        }
        for y in 0..<16 {
            for x in 9..<24 {
                #expect(Int(image.pixels[y * 24 + x] >> 24) == alpha[y][x], "(\(x), \(y))")
            }
        }
    }

    @Test func theShadowIsGraphicsStateAndNullTurnsItOff() throws {
        let shadowed = "{ \"fill\": { \"rect\": [2, 2, 3, 3] }, \"color\": \"#FF0000\" }"
        let plain = try Self.drawing(shadowed)
        let restored = try Self.drawing(
            "\"save\", { \"setShadow\": { \"offset\": [4, 4] } }, \"restore\", " + shadowed)
        let off = try Self.drawing("{ \"setShadow\": { \"offset\": [4, 4] } }, { \"setShadow\": null }, " + shadowed)
        let on = try Self.drawing("{ \"setShadow\": { \"offset\": [4, 4] } }, " + shadowed)
        #expect(restored.pixels == plain.pixels && off.pixels == plain.pixels)
        #expect(on.pixels != plain.pixels)
        // The CTM does not move the shadow: a translated shape's shadow keeps its offset.
        let moved = try Self.drawing(
            "{ \"setShadow\": { \"offset\": [4, 4] } }, { \"scale\": [2, 2] }, { \"fill\": { \"rect\": [1, 1, 1.5, 1.5] }, \"color\": \"#FF0000\" }"
        )
        #expect(moved.pixels == on.pixels)
    }

    @Test func aTransparencyLayerCastsOneShadowForEverythingInIt() throws {
        // Two squares, the second overlapping the first's lower right; the second's shadow falls on
        // the first when each casts its own, and not when the layer casts one for both.
        let squares =
            "{ \"fill\": { \"rect\": [2, 2, 6, 6] }, \"color\": \"#FF0000\" }, { \"fill\": { \"rect\": [0, 6, 4, 4] }, \"color\": \"#0000FF\" }"
        let each = try Self.drawing("{ \"setShadow\": { \"offset\": [3, -3] } }, " + squares)
        let layer = try Self.drawing(
            "{ \"setShadow\": { \"offset\": [3, -3] } }, { \"beginTransparencyLayer\": {} }, " + squares
                + ", \"endTransparencyLayer\"")
        // Pixel (4, 4) is in the red square and in the blue square's shadow ((3..<7, 3..<7)).
        #expect(layer.pixels[4 * 20 + 4] == Self.red)
        #expect(each.pixels[4 * 20 + 4] != Self.red)
    }
}
