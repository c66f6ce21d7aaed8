import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// The `draw` image source (docs/DRAWING.md): UIGraphicsImageRenderer's size, bounds, scale and
/// opacity, operations in order, and refusals that name the key and suggest the fix.
@Suite struct DrawSourceTests {
    static func load(_ images: String, root: String = "{ \"subviews\": [] }", extra: String = "") throws(ScenarioErrors)
        -> Scenario
    {
        let text = """
            { "canvas": { "size": [40, 40] },\(extra)
              "images": { "grid": { "generate": { "indexGrid": { "size": [4, 2] } }, "scale": 2 }, \(images) },
              "root": \(root) }
            """
        return try ScenarioLoader.parse(
            Array(text.utf8), folder: FileManager.default.temporaryDirectory, displayName: "d.json", name: "d")
    }

    static func traits(_ scale: Int) -> Traits {
        var traits = Traits()
        traits.displayScale = scale
        return traits
    }

    static func refusal(
        _ images: String, _ message: String, path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try load(images)
            Issue.record("loaded: \(images)", sourceLocation: sourceLocation)
        } catch {
            #expect(
                error.diagnostics.contains { $0.message.contains(message) && $0.path.hasSuffix(path) },
                "\(error.diagnostics)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func withoutAScaleThereIsOneImagePerDisplayScale() throws {
        let scenario = try Self.load("\"d\": { \"draw\": { \"size\": [10, 5.5], \"operations\": [] } }")
        for scale in [1, 2, 3] {
            let image = scenario.images[1].resolved(for: Self.traits(scale))
            // ⌈points × scale⌉ pixels, the scale the screen's.
            #expect(image.pixels.width == 10 * scale && image.pixels.height == Int((5.5 * Double(scale)).rounded(.up)))
            #expect(image.scale == Double(scale))
        }
        let fixed = try Self.load("\"d\": { \"draw\": { \"size\": [10, 5], \"scale\": 1.5, \"operations\": [] } }")
            .images[1]
        #expect(fixed.variants.isEmpty && fixed.scale == 1.5 && fixed.pixels.width == 15 && fixed.pixels.height == 8)
    }

    @Test func aFillInPointsLandsInPixelsAndBoundsShiftTheOrigin() throws {
        let scenario = try Self.load(
            """
            "plain": { "draw": { "size": [4, 4], "scale": 2, "operations": [{ "fill": { "rect": [1, 1, 1, 1] }, "color": "#FF0000" }] } },
            "shifted": { "draw": { "bounds": [1, 1, 4, 4], "scale": 2, "operations": [{ "fill": { "rect": [1, 1, 1, 1] }, "color": "#FF0000" }] } }
            """)
        let plain = scenario.images[1].pixels.bitmap, shifted = scenario.images[2].pixels.bitmap
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)
        // [1, 1, 1, 1] points at 2x: pixels 2…3; with bounds at (1, 1), pixels 0…1.
        #expect(plain[2, 2] == red && plain[3, 3] == red && plain[1, 1] == .clear && plain[4, 4] == .clear)
        #expect(shifted[0, 0] == red && shifted[1, 1] == red && shifted[2, 2] == .clear)
    }

    @Test func anOpaqueRendererStartsBlackAndStaysOpaque() throws {
        let scenario = try Self.load(
            """
            "d": { "draw": { "size": [2, 1], "scale": 1, "opaque": true,
                             "operations": [{ "fill": { "rect": [0, 0, 1, 1] }, "color": "#FF000080" }] } }
            """)
        let bitmap = scenario.images[1].pixels.bitmap
        #expect(bitmap[1, 0] == PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        // Half-transparent red over black: (128, 0, 0), opaque.
        #expect(bitmap[0, 0] == PremultipliedColor(r: 128, g: 0, b: 0, a: 255))
    }

    @Test func drawingAnImageAndItsCGImageFlips() throws {
        // "grid" is 4 × 2 pixels at scale 2 (2 × 1 points): its top row red 0 and 85…, green 0; bottom row green 255.
        let scenario = try Self.load(
            """
            "up": { "draw": { "size": [2, 1], "scale": 2, "operations": [{ "draw": "grid", "at": [0, 0] }] } },
            "cg": { "draw": { "size": [2, 1], "scale": 2, "operations": [{ "drawCGImage": "grid", "in": [0, 0, 2, 1] }] } }
            """)
        let grid = scenario.images[0].pixels.bitmap
        let up = scenario.images[1].pixels.bitmap, cg = scenario.images[2].pixels.bitmap
        #expect(up.pixels == grid.pixels)
        #expect(
            Array(cg.pixels[0..<4]) == Array(grid.pixels[4..<8]) && Array(cg.pixels[4..<8]) == Array(grid.pixels[0..<4])
        )
    }

    @Test func saveRestoreAndClipAndTransforms() throws {
        let scenario = try Self.load(
            """
            "d": { "draw": { "size": [4, 4], "scale": 1, "operations": [
              "save", { "clip": { "rect": [0, 0, 2, 4] } }, { "fill": { "rect": [0, 0, 4, 1] }, "color": "#FF0000" }, "restore",
              { "fill": { "rect": [0, 1, 4, 1] }, "color": "#00FF00" },
              { "translate": [4, 2] }, { "rotate": 90 }, { "fill": { "rect": [0, 0, 2, 1] }, "color": "#0000FF" } ] } }
            """)
        let b = scenario.images[1].pixels.bitmap
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255), green = PremultipliedColor(r: 0, g: 255, b: 0, a: 255)
        let blue = PremultipliedColor(r: 0, g: 0, b: 255, a: 255)
        #expect(b[0, 0] == red && b[1, 0] == red && b[2, 0] == .clear)  // clipped to the left half
        #expect(b[3, 1] == green)  // the clip ended with restore
        // Rotated a quarter turn clockwise about (4, 2): x along +y, y along −x: pixels x 3, y 2…3.
        #expect(b[3, 2] == blue && b[3, 3] == blue && b[2, 2] == .clear)
    }

    /// currentImage mid-drawing: what was drawn before, drawn again (here halved into the right
    /// half); refused inside a transparency layer, and `false` is a mistake.
    @Test func theCurrentImageIsWhatWasDrawnSoFar() throws {
        let scenario = try Self.load(
            """
            "d": { "draw": { "size": [8, 4], "scale": 1, "operations": [
              { "fill": { "rect": [0, 0, 4, 4] }, "color": "#FF0000" },
              { "drawCurrentImage": true, "in": [4, 0, 4, 2] },
              { "fill": { "rect": [0, 0, 1, 1] }, "color": "#0000FF" } ] } }
            """)
        let bitmap = scenario.images[1].pixels.bitmap
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)
        #expect(bitmap[0, 0] == PremultipliedColor(r: 0, g: 0, b: 255, a: 255))  // drawn after: not in the copy
        #expect(bitmap[4, 0] == red)  // the red square, halved: x 4…6, y 0…2
        #expect(bitmap[7, 0].a == 0 && bitmap[4, 3].a == 0)  // the copy's empty half, and below it
        Self.refusal(
            """
            "d": { "draw": { "size": [4, 4], "operations": [ { "beginTransparencyLayer": {} },
              { "drawCurrentImage": true, "at": [0, 0] }, "endTransparencyLayer" ] } }
            """, "inside a transparency layer is not read", path: "operations[1]")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [ { \"drawCurrentImage\": false, \"at\": [0, 0] } ] } }",
            "\"drawCurrentImage\": false does nothing", path: "drawCurrentImage")
    }

    /// CGContext.clip(to:mask:): the grey samples are the clip's alpha in the rectangle, mapped as
    /// drawCGImage maps an image (upside down in UIKit's context), nothing outside it; a mask with
    /// colour or transparency is refused.
    @Test func aGreyImageMaskIsTheClipsAlpha() throws {
        let scenario = try Self.load(
            """
            "mask": { "draw": { "size": [2, 2], "scale": 1, "opaque": true, "operations": [
              { "fill": { "rect": [0, 0, 2, 1] }, "color": "#FFFFFF" }, { "fill": { "rect": [0, 1, 2, 1] }, "color": "#808080" } ] } },
            "d": { "draw": { "size": [4, 4], "scale": 1, "operations": [
              { "clipToMask": "mask", "in": [0, 0, 2, 2] }, { "interpolationQuality": "none" },
              { "fill": { "rect": [0, 0, 4, 4] }, "color": "#FF0000" } ] } }
            """)
        let bitmap = try #require(scenario.images.first { $0.name == "d" }).pixels.bitmap
        // The mask's white top row lands at the bottom of the rectangle, its grey row at the top.
        #expect(bitmap[0, 1] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap[0, 0].a == 128 && bitmap[1, 0].a == 128)
        #expect(bitmap[3, 3].a == 0 && bitmap[2, 0].a == 0)  // outside the rectangle
        do {
            _ = try Self.load(
                """
                "mask": { "generate": { "solid": { "size": [2, 2], "color": "#FF000080" } } },
                "d": { "draw": { "size": [4, 4], "scale": 1, "operations": [ { "clipToMask": "mask", "in": [0, 0, 2, 2] } ] } }
                """)
            Issue.record("a coloured mask was accepted")
        } catch {
            #expect(error.diagnostics.contains { $0.message.contains("takes a greyscale image without alpha") })
        }
    }

    @Test func interpolationQualityIsGraphicsState() throws {
        // "grid" (4 × 2 pixels) drawn into 2 × 1 pixels: halved along both axes. Default filters
        // (RENDERING.md §11.8.1); after "low" one bilinear sample a pixel; after "none" the
        // nearest pixel; "restore" brings back the quality saved.
        func drawn(_ operations: String) throws -> [UInt32] {
            try Self.load(
                """
                "d": { "draw": { "size": [2, 1], "scale": 1, "operations": [\(operations)] } }
                """
            ).images[1].pixels.bitmap.pixels
        }
        let draw = "{ \"draw\": \"grid\", \"in\": [0, 0, 2, 1] }"
        let grid = SourceImage(
            try Self.load("\"e\": { \"generate\": { \"solid\": { \"size\": [1, 1], \"color\": \"#000000\" } } }")
                .images[0].pixels.bitmap, opaque: false)
        func context(_ sampling: ImageSampling) throws -> [UInt32] {
            var c = try DrawingContext(width: 2, height: 1, opaque: false, transform: .identity, limits: .default)
            try c.draw(grid, x: 0, y: 0, width: 2, height: 1, placement: .upright, sampling: sampling)
            return c.bitmap.pixels
        }
        let (filtered, bilinear, nearest) = (try context(.filtered), try context(.bilinear), try context(.nearest))
        #expect(filtered != bilinear && bilinear != nearest)
        #expect(try drawn(draw) == filtered)
        #expect(try drawn("{ \"interpolationQuality\": \"high\" }, \(draw)") == filtered)
        #expect(try drawn("{ \"interpolationQuality\": \"low\" }, \(draw)") == bilinear)
        #expect(try drawn("{ \"interpolationQuality\": \"none\" }, \(draw)") == nearest)
        #expect(try drawn("\"save\", { \"interpolationQuality\": \"none\" }, \"restore\", \(draw)") == filtered)
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"interpolationQuality\": \"hi\" }] } }",
            "interpolation quality", path: ".operations[0].interpolationQuality")
    }

    @Test func refusalsNameTheKeyAndTheFix() {
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"fil\": { \"rect\": [0, 0, 1, 1] } }] } }",
            "an operation needs one of", path: ".operations[0]")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"fill\": { \"rect\": [0, 0, 1, 1] }, \"color\": \"red\", \"colour\": 1 }] } }",
            "did you mean \"color\"", path: ".operations[0].colour")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"fill\": { \"rect\": [0, 0, 1, 1] }, \"stroke\": { \"rect\": [0, 0, 1, 1] }, \"color\": \"red\" }] } }",
            "split it into 2 operations", path: ".operations[0]")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [\"restore\"] } }", "without a \"save\"",
            path: ".operations[0]")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"draw\": \"gird\", \"at\": [0, 0] }] } }",
            "did you mean \"grid\"", path: ".operations[0].draw")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"stroke\": { \"rect\": [0, 0, 1, 1] }, \"color\": \"red\", \"dash\": [0, 0] }] } }",
            "every dash length is 0", path: ".operations[0].dash")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"preferredRange\": \"extended\", \"operations\": [] } }",
            "use \"standard\"", path: ".preferredRange")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"bounds\": [0, 0, 4, 4], \"operations\": [] } }",
            "not both", path: ".bounds")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"fill\": { \"path\": \"M 0 0 L 1 x\" }, \"color\": \"red\" }] } }",
            "at character", path: ".operations[0].fill.path")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"fill\": { \"rect\": [0, 0, 1, 1], \"cornerRadius\": 2 }, \"color\": \"red\" }] } }",
            "belongs to a \"roundedRect\"", path: ".operations[0].fill.cornerRadius")
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [2000, 4], \"operations\": [] } }", "more than 4096 a side", path: ".size")
        Self.refusal(
            "\"a\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"draw\": \"b\", \"at\": [0, 0] }] } }, "
                + "\"b\": { \"draw\": { \"size\": [4, 4], \"operations\": [{ \"draw\": \"a\", \"at\": [0, 0] }] } }",
            "cycle", path: "images.a")
    }

    @Test func tooComplexADrawingIsRefusedWhenItIsMade() {
        // 10^6 dashes of 0.0001 points along a 100-point line: more pieces than a stroke may have.
        Self.refusal(
            "\"d\": { \"draw\": { \"size\": [100, 4], \"scale\": 1, \"operations\": [{ \"stroke\": { \"path\": \"M 0 2 L 100 2 L 0 2 L 100 2 L 0 2 L 100 2 L 0 2 L 100 2 L 0 2 L 100 2 L 0 2 L 100 2\" }, \"color\": \"red\", \"dash\": [0.0001, 0.0001] }] } }",
            "too complex", path: "images.d.draw.operations[0]")  // the operation that failed
    }
}
