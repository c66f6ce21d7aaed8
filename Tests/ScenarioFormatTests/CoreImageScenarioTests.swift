import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// The `coreImage` image source (docs/SCENARIOS.md §Core Image, docs/COREIMAGE.md): how its
/// output becomes a UIImage, per display scale when it reads images, and refusals that name the
/// filter, the key and the fix.
@Suite struct CoreImageScenarioTests {
    static func load(_ images: String) throws(ScenarioErrors) -> Scenario {
        let text = """
            { "canvas": { "size": [40, 40] },
              "images": { "grid": { "generate": { "indexGrid": { "size": [4, 2] } }, "scale": 2 },
                          "red": { "generate": { "solid": { "size": [3, 2], "color": "#FF0000" } } }, \(images) },
              "root": { "subviews": [] } }
            """
        return try ScenarioLoader.parse(
            Array(text.utf8), folder: FileManager.default.temporaryDirectory, displayName: "c.json", name: "c")
    }

    static func refusal(_ images: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        do {
            _ = try load(images)
            Issue.record("loaded: \(images)", sourceLocation: sourceLocation)
        } catch {
            #expect(
                error.diagnostics.contains { $0.message.contains(message) }, "\(error.diagnostics)",
                sourceLocation: sourceLocation)
        }
    }

    static func image(_ scenario: Scenario, _ name: String) throws -> Image {
        try #require(scenario.images.first { $0.name == name })
    }

    /// createCGImage of a generator over a rectangle: a scale-1 UIImage of the rectangle's pixels,
    /// the same on every screen (no variants: it reads no image).
    @Test func aCroppedGeneratorIsOneImageOfTheRectangle() throws {
        let scenario = try Self.load(
            """
            "c": { "coreImage": { "filters": [{ "filter": "CIConstantColorGenerator", "inputColor": [0, 0, 1] }], "rect": [-2, 5, 6, 3] } }
            """)
        let image = try Self.image(scenario, "c")
        #expect(image.variants.isEmpty && image.scale == 1 && image.pixels.width == 6 && image.pixels.height == 3)
        #expect(image.pixels.bitmap.pixels.allSatisfy { $0 == 0xFFFF_0000 })
    }

    /// CIImage(image:) reads the CGImage of the variant each screen shows, so a chain over a named
    /// image with variants is made per display scale; its UIImage keeps scale 1 unless told.
    @Test func aChainOverAnImageTakesItsPixelsAsStored() throws {
        let scenario = try Self.load(
            """
            "c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIColorInvert" }] } },
            "s": { "coreImage": { "input": "grid", "filters": [], "render": "ciImage", "scale": 2 } }
            """)
        let inverted = try Self.image(scenario, "c"), same = try Self.image(scenario, "s")
        let grid = try Self.image(scenario, "grid")
        #expect(inverted.scale == 1 && inverted.pixels.width == 4 && inverted.pixels.height == 2)
        #expect(same.scale == 2 && same.pixels.bitmap == grid.pixels.bitmap)  // the round trip is exact
        // CIColorInvert works in linear light: 1 − the linear value, encoded again.
        for (a, b) in zip(inverted.pixels.bitmap.pixels, grid.pixels.bitmap.pixels) {
            let expected = Transfer.encode(1 - Transfer.decode(Double(b & 0xFF) / 255)) * 255
            #expect(abs(Double(a & 0xFF) - expected) <= 0.5 + 1e-9 && a >> 24 == 255)
        }
    }

    @Test func refusalsNameTheFilterTheKeyAndTheFix() {
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIColorInverse" }] } }"#,
            "unknown Core Image filter \"CIColorInverse\" (did you mean \"CIColorInvert\"?)")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIPhotoEffectNoir" }] } }"#,
            "CIPhotoEffectNoir is not rendered: Core Image draws the photo effects through colour-cube tables")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIColorControls", "inputSaturaton": 2 }] } }"#,
            "CIColorControls has no key \"inputSaturaton\" (did you mean \"inputSaturation\"?)")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIRadialGradient" }] } }"#,
            "CIRadialGradient is a generator")
        Self.refusal(
            #""c": { "coreImage": { "filters": [{ "filter": "CIColorInvert" }] } }"#,
            "CIColorInvert needs an inputImage")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIBlendWithMask" }] } }"#,
            "CIBlendWithMask needs inputMaskImage")
        Self.refusal(
            #""c": { "coreImage": { "filters": [{ "filter": "CIConstantColorGenerator" }], "rect": [0, 0, 2, 2] } }"#,
            "Apple documents no default for it")
        Self.refusal(
            #""c": { "coreImage": { "filters": [{ "filter": "CICheckerboardGenerator" }] } }"#,
            "the chain's output has an infinite extent")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [{ "filter": "CIExposureAdjust", "inputEV": "1" }] } }"#,
            "expected a number for inputEV of CIExposureAdjust")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [], "render": "ciImage", "rect": [0, 0, 1, 1] } }"#,
            "crop it with a last filter")
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [], "render": "ciImage" }, "crop": [0, 0, 1, 1] }"#,
            "UIImage(ciImage:) has no CGImage to crop")
        // Derived without a new CGImage: the refusal names the image whose chain to render.
        Self.refusal(
            #""c": { "coreImage": { "input": "grid", "filters": [], "render": "ciImage" } }, "t": { "from": "c", "renderingMode": "alwaysTemplate" }, "d": { "from": "t", "crop": [0, 0, 1, 1] }"#,
            #""d" is derived from "c", a UIImage(ciImage:) whose cgImage is nil: it has no CGImage to crop"#)
        Self.refusal(
            #""c": { "coreImage": { "input": "nothing", "filters": [] } }"#, "nothing")
    }

    /// A crop outside the input leaves nothing: createCGImage returns nil.
    @Test func anEmptyOutputIsRefused() {
        Self.refusal(
            #""c": { "coreImage": { "input": "red", "filters": [{ "filter": "CICrop", "inputRectangle": [10, 10, 2, 2] }] } }"#,
            "the chain's output is empty")
    }
}
