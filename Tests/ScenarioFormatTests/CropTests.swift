import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// `crop`: CGImage.cropping(to:) wrapped in UIImage(cgImage:) (docs/SCENARIOS.md §Images):
/// Quartz's integral rectangle cut to the image, the initialiser's defaults, every variant cropped.
@Suite struct CropTests {
    static func load(_ images: String, extra: String = "") throws(ScenarioErrors) -> Scenario {
        let text = """
            { "canvas": { "size": [10, 10] }, "traits": { "displayScale": 2 },\(extra)
              "images": { "grid": { "generate": { "indexGrid": { "size": [20, 12] } }, "scale": 2, "renderingMode": "alwaysTemplate",
                                    "alignmentRectInsets": [1, 1, 1, 1] }, \(images) },
              "root": { "subviews": [] } }
            """
        return try ScenarioLoader.parse(
            Array(text.utf8), folder: FileManager.default.temporaryDirectory, displayName: "c.json", name: "c")
    }

    static func image(_ scenario: Scenario, _ index: Int) -> Image { scenario.images[index].resolved(for: Traits()) }

    /// The source's pixels in the given ranges, read one by one: the crop's expected pixels.
    static func expected(_ source: Bitmap, x: Range<Int>, y: Range<Int>) -> [UInt32] {
        y.flatMap { row in x.map { source.pixels[row * source.width + $0] } }
    }

    @Test func theRectangleIsMadeIntegralAndCutToTheImage() throws {
        let cases: [(String, Range<Int>, Range<Int>)] = [
            ("[2, 3, 5, 4]", 2..<7, 3..<7),
            ("[0.5, 0.5, 10, 10]", 0..<11, 0..<11),  // floor the origin, ceil the far edges
            ("[10, 10, -5, -4]", 5..<10, 6..<10),  // a negative size is standardised
            ("[-10, -10, 25, 15]", 0..<15, 0..<5),  // cut to the image
            ("[15, 8, 100, 100]", 15..<20, 8..<12)
        ]
        for (rect, x, y) in cases {
            let scenario = try Self.load("\"c\": { \"from\": \"grid\", \"crop\": \(rect) }")
            let source = Self.image(scenario, 0).pixels.bitmap
            let cropped = Self.image(scenario, 1)
            #expect(cropped.pixels.width == x.count && cropped.pixels.height == y.count, "\(rect)")
            #expect(cropped.pixels.bitmap.pixels == Self.expected(source, x: x, y: y), "\(rect)")
        }
    }

    @Test func theNewImageHasTheInitialisersDefaults() throws {
        let scenario = try Self.load(
            """
            "plain": { "from": "grid", "crop": [0, 0, 10, 6] },
            "scaled": { "from": "grid", "crop": [0, 0, 10, 6], "scale": 2, "orientation": "right" }
            """)
        let plain = Self.image(scenario, 1)
        #expect(plain.scale == 1 && plain.orientation == .up && plain.renderingMode == .automatic)
        #expect(plain.alignmentRectInsets == .zero && plain.size == Size(width: 10, height: 6))
        let scaled = Self.image(scenario, 2)
        #expect(scaled.scale == 2 && scaled.orientation == .right && scaled.size == Size(width: 3, height: 5))
    }

    @Test func aRectangleOutsideTheImageOrAnAnimatedImageIsAnError() {
        for (image, message) in [
            (
                "\"c\": { \"from\": \"grid\", \"crop\": [20, 0, 5, 5] }",
                "does not overlap the 20 × 12 stored pixels of the image"
            ),
            ("\"c\": { \"from\": \"grid\", \"crop\": [2, 2, 0, 5] }", "has no area"),
            (
                "\"a\": { \"animated\": { \"frames\": [\"grid\", \"grid\"], \"duration\": 1 } }, \"c\": { \"from\": \"a\", \"crop\": [0, 0, 5, 5] }",
                "an animated image has no CGImage to crop"
            )
        ] {
            do {
                _ = try Self.load(image)
                Issue.record("\(image) loaded")
            } catch {
                #expect(
                    error.diagnostics.contains { $0.message.contains(message) && $0.path.hasSuffix(".crop") },
                    "\(error.diagnostics)")
            }
        }
    }

    @Test func everyVariantIsCroppedInItsOwnPixels() throws {
        let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("../../Scenarios/image-files").standardizedFileURL
        let text = """
            { "canvas": { "size": [10, 10] }, "images": { "icon": { "file": "assets/icon.png" },
              "c": { "from": "icon", "crop": [0, 0, 30, 30] } }, "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "c.json", name: "c")
        for scale in [1, 2, 3] {
            var traits = Traits()
            traits.displayScale = scale
            let source = scenario.images[0].resolved(for: traits).pixels.bitmap
            let cropped = scenario.images[1].resolved(for: traits)
            // The 60-point icon is 60, 120 or 180 pixels: the same 30-pixel square of each, at scale 1.
            #expect(cropped.pixels.width == 30 && cropped.scale == 1)
            #expect(cropped.pixels.bitmap.pixels == Self.expected(source, x: 0..<30, y: 0..<30), "scale \(scale)")
            #expect(source.width == 60 * scale)
        }
    }
}
