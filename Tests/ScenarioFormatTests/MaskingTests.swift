import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat

/// `masking` images (docs/SCENARIOS.md §Masked images): CGImage.masking(_:) with an image and with
/// an image mask, and copy(maskingColorComponents:), each pixel computed again here in Doubles.
@Suite struct MaskingTests {
    static func load(_ images: String) throws -> Result<Scenario, SymbolScenarioTests.Errors> {
        try SymbolScenarioTests.load(
            """
            { "canvas": { "size": [10, 10] }, "images": { \(images) },
              "root": { "subviews": [ { "type": "imageView", "frame": [0, 0, 4, 4], "image": "m" } ] } }
            """, files: [])
    }

    static func image(_ images: String) throws -> Image {
        let scenario = try load(images).get()
        return try #require(scenario.images.first { $0.name == "m" })
    }

    @Test func anImageMaskMultipliesByItsGreyAndAnImageMaskByItsInverse() throws {
        // A solid orange image and a ramp of greys 0, 51, 102, 153, 204, 255 (same size: no scaling).
        let images = """
            "o": { "generate": { "solid": { "size": [6, 1], "color": "#CC6633" } }, "scale": 1 },
            "g": { "draw": { "size": [6, 1], "scale": 1, "opaque": true, "operations": [
              { "fill": { "rect": [0, 0, 1, 1] }, "color": "#000000" }, { "fill": { "rect": [1, 0, 1, 1] }, "color": "#333333" },
              { "fill": { "rect": [2, 0, 1, 1] }, "color": "#666666" }, { "fill": { "rect": [3, 0, 1, 1] }, "color": "#999999" },
              { "fill": { "rect": [4, 0, 1, 1] }, "color": "#CCCCCC" }, { "fill": { "rect": [5, 0, 1, 1] }, "color": "#FFFFFF" } ] } }
            """
        let greys: [Double] = [0, 51, 102, 153, 204, 255]
        for inverse in [false, true] {
            let m = try Self.image(
                images + ", \"m\": { \"masking\": { \"image\": \"o\", \"\(inverse ? "imageMask" : "mask")\": \"g\" } }")
            #expect(m.scale == 1 && m.pixels.width == 6 && m.pixels.height == 1)
            for (x, grey) in greys.enumerated() {
                let s = inverse ? 255 - grey : grey
                let p = m.pixels.bitmap[x, 0]
                func expected(_ c: Double) -> UInt8 { UInt8((c * s / 255).rounded()) }
                #expect(
                    [p.r, p.g, p.b, p.a] == [expected(0xCC), expected(0x66), expected(0x33), expected(255)], "x \(x)")
            }
        }
    }

    @Test func aMaskOfAnotherSizeIsScaledToFit() throws {
        // One grey pixel scaled to any size keeps its value everywhere.
        let m = try Self.image(
            """
            "o": { "generate": { "solid": { "size": [5, 3], "color": "#FFFFFF" } }, "scale": 1 },
            "g": { "generate": { "solid": { "size": [1, 1], "color": "#808080" } }, "scale": 1 },
            "m": { "masking": { "image": "o", "mask": "g" } }
            """)
        #expect(m.pixels.bitmap.pixels.allSatisfy { $0 == 0x8080_8080 })
    }

    @Test func colourRangesKeyOutThePixelsInsideAllThree() throws {
        let m = try Self.image(
            """
            "o": { "draw": { "size": [4, 1], "scale": 1, "opaque": true, "operations": [
              { "fill": { "rect": [0, 0, 1, 1] }, "color": "#00FF00" }, { "fill": { "rect": [1, 0, 1, 1] }, "color": "#10C810" },
              { "fill": { "rect": [2, 0, 1, 1] }, "color": "#29FF00" }, { "fill": { "rect": [3, 0, 1, 1] }, "color": "#00C700" } ] } },
            "m": { "masking": { "image": "o", "colorComponents": [0, 40, 200, 255, 0, 40] } }
            """)
        // Inside: 00FF00 and 10C810 (the bounds included); outside: red 41 > 40, green 199 < 200.
        #expect(m.pixels.bitmap.pixels.map { $0 >> 24 } == [0, 0, 255, 255])
        #expect(m.pixels.bitmap.pixels[0] == 0)
    }

    @Test func eachMistakeIsNamed() throws {
        func errors(_ images: String) throws -> [String] {
            switch try Self.load(images) {
            case .success: return []
            case let .failure(errors): return errors.lines
            }
        }
        let base = "\"o\": { \"generate\": { \"solid\": { \"size\": [2, 2], \"color\": \"#CC6633\" } } }, "
        let colour = try errors(
            base + "\"m\": { \"masking\": { \"image\": \"o\", \"mask\": \"o\" } }")
        #expect(
            colour.first?.contains("masking(_:) with an image takes a greyscale image without alpha") == true,
            "\(colour)")
        let translucent = try errors(
            "\"o\": { \"generate\": { \"solid\": { \"size\": [2, 2], \"color\": \"#CC663380\" } } }, "
                + "\"m\": { \"masking\": { \"image\": \"o\", \"colorComponents\": [0, 1, 0, 1, 0, 1] } }")
        #expect(
            translucent.first?.contains("copy(maskingColorComponents:) takes an image without an alpha channel") == true
        )
        // Every pixel opaque, but a default renderer's image has an alpha channel: refused as well.
        let drawn = try errors(
            "\"o\": { \"draw\": { \"size\": [2, 2], \"scale\": 1, \"operations\": [ { \"fill\": { \"rect\": [0, 0, 2, 2] }, "
                + "\"color\": \"#CC6633\" } ] } }, "
                + "\"m\": { \"masking\": { \"image\": \"o\", \"colorComponents\": [0, 1, 0, 1, 0, 1] } }")
        #expect(drawn.first?.contains("this one has one") == true, "\(drawn)")
        let none = try errors(base + "\"m\": { \"masking\": { \"image\": \"o\" } }")
        #expect(none.first?.contains("a masking needs one of \"mask\"") == true)
        let two = try errors(
            base + "\"m\": { \"masking\": { \"image\": \"o\", \"mask\": \"o\", \"imageMask\": \"o\" } }")
        #expect(two.first?.contains("not \"mask\" and \"imageMask\"") == true)
        let range = try errors(
            base + "\"m\": { \"masking\": { \"image\": \"o\", \"colorComponents\": [0, 1, 0, 1, 0] } }")
        #expect(range.count == 1)
        let missing = try errors(base + "\"m\": { \"masking\": { \"image\": \"o\", \"mask\": \"nothing\" } }")
        #expect(missing.first?.contains("nothing") == true)
        let animated = try errors(
            base + "\"a\": { \"animated\": { \"frames\": [\"o\", \"o\"], \"duration\": 1 } }, "
                + "\"m\": { \"masking\": { \"image\": \"a\", \"colorComponents\": [0, 1, 0, 1, 0, 1] } }")
        #expect(animated.first?.contains("an animated image has no CGImage") == true)
    }
}
