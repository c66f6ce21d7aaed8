import Foundation
import PNGCodec
import Raster
import Testing
import TestSupport

@testable import ScenarioFormat

/// UIBezierPath's flatness and Core Graphics' own (docs/RENDERING.md §10.1), against the images
/// UIKit drew of one path both ways (Tests/UIKitReferences/swift-snapshot-testing, MIT): a `draw`
/// image filling the heart with the default flatness (UIBezierPath.fill()) and with 0.25 (what a
/// CGContext fill of the same path shows), at 1x.
@Suite struct FlatnessReferenceTests {
    static let folder = Fixture.uikitReferences()
        .appendingPathComponent("swift-snapshot-testing")

    /// The heart of the README in SVG path data: the outline, then CGPath's ellipse in (60, 60, 30, 30).
    static let heart: String = {
        let k = ShapePath.quarterCircleHandle * 15, c = 75.0, r = 15.0
        let ellipse =
            "M \(c + r) \(c) C \(c + r) \(c + k) \(c + k) \(c + r) \(c) \(c + r) C \(c - k) \(c + r) \(c - r) \(c + k) \(c - r) \(c) "
            + "C \(c - r) \(c - k) \(c - k) \(c - r) \(c) \(c - r) C \(c + k) \(c - r) \(c + r) \(c - k) \(c + r) \(c) Z"
        return "M 0 0 L 0 60 Q 3.75 86.25 30 90 Q 56.25 86.25 60 60 C 75 60 90 45 90 30 C 90 15 75 0 60 0 L 0 0 Z "
            + ellipse
    }()

    /// The worst and mean difference of coverage (alpha) between the heart filled with `flatness`
    /// and the reference image.
    static func difference(flatness: String, reference: String) throws -> (worst: Int, mean: Double) {
        let text = """
            { "canvas": { "size": [10, 10] },
              "images": { "heart": { "draw": { "size": [90, 90], "scale": 1, "operations": [
                { "fill": { "path": "\(heart)"\(flatness) }, "color": "#000000" } ] } } },
              "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "f.json", name: "f")
        let made = scenario.images[0].pixels.bitmap
        let expected = try PNGDecoder().decode(Array(Data(contentsOf: folder.appendingPathComponent(reference))))
        #expect(made.width == expected.width && made.height == expected.height)
        var worst = 0, total = 0
        for y in 0..<made.height {
            for x in 0..<made.width {
                let d = abs(Int(made[x, y].a) - Int(expected.pixels[(y * expected.width + x) * 4 + 3]))
                worst = max(worst, d)
                total += d
            }
        }
        return (worst, Double(total) / Double(made.width * made.height))
    }

    @Test func uiBezierPathFillShowsItsFlatness() throws {
        let (worst, mean) = try Self.difference(flatness: "", reference: "testUIBezierPath.iOS.png")
        // Before the halvings (Wang's 1/64 pixel): worst 39, mean 0.39.
        #expect(worst <= 1 && mean < 0.03, "worst \(worst), mean \(mean)")
    }

    @Test func coreGraphicsFillIsFlatness025() throws {
        let (worst, mean) = try Self.difference(flatness: ", \"flatness\": 0.25", reference: "testCGPath.iOS.png")
        // Wang's 1/64 pixel: worst 8, mean 0.083.
        #expect(worst <= 1 && mean < 0.03, "worst \(worst), mean \(mean)")
        // And the two flatnesses are told apart: the default is far from Core Graphics' fill.
        let (apart, _) = try Self.difference(flatness: "", reference: "testCGPath.iOS.png")
        #expect(apart > 30)
    }
}
