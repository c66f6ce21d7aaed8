import Foundation
import PNGCodec
import Raster
import ScenarioFormat
import Testing
import TestSupport

/// ComponentKit's image-component snapshots (iOS 12 at 2x, `layer.render(in:)`;
/// Tests/UIKitReferences/componentkit, BSD licence; docs/UIKIT-REFERENCES.md), as scenarios: a
/// 200 × 200-pixel checkerboard (made by `UIGraphicsBeginImageContext`, so scale 1) shown in a
/// 50 × 50-point image view — shrunk exactly twice, so the filter without halvings — and a
/// 180 × 180-point view with a dark grey background and a circular `layer.cornerRadius` of 50.
@Suite struct ComponentKitReferenceTests {
    static let folder = Fixture.uikitReferences("componentkit")

    /// The test's image: 10-pixel squares, `colour` where (x / 10 + y / 10) is even, white elsewhere.
    static func checkerboard(_ colour: String) -> String {
        var fills: [String] = []
        for i in stride(from: 0, to: 200, by: 10) {
            for j in stride(from: 0, to: 200, by: 10) {
                let c = (i / 10 + j / 10) % 2 == 0 ? colour : "#FFFFFF"
                fills.append("{ \"fill\": { \"rect\": [\(i), \(j), 10, 10] }, \"color\": \"\(c)\" }")
            }
        }
        return
            "{ \"draw\": { \"size\": [200, 200], \"scale\": 1, \"operations\": [\(fills.joined(separator: ", "))] } }"
    }

    /// The scenario's one variant against `reference`, per premultiplied channel (of 255): the
    /// worst, the mean, and the worst alpha.
    static func measure(_ text: String, _ reference: String, folder: URL = folder) throws -> (
        worst: Int, mean: Double, alpha: Int
    ) {
        let expected = try PNGDecoder().decode(Array(Data(contentsOf: folder.appendingPathComponent(reference))))
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "ck.json", name: "ck")
        let made = scenario.scene(for: try #require(scenario.variants().first)).render()
        try #require(made.width == expected.width && made.height == expected.height)
        var worst = 0, total = 0, alpha = 0
        for y in 0..<made.height {
            for x in 0..<made.width {
                let p = made[x, y], i = (y * made.width + x) * 4, a = Int(expected.pixels[i + 3])
                let theirs = (0..<3).map { (Int(expected.pixels[i + $0]) * a + 127) / 255 } + [a]
                for (o, t) in zip([p.r, p.g, p.b, p.a].map(Int.init), theirs) {
                    worst = max(worst, abs(o - t))
                    total += abs(o - t)
                }
                alpha = max(alpha, abs(Int(p.a) - a))
            }
        }
        return (worst, Double(total) / Double(made.width * made.height * 4), alpha)
    }

    /// `testImageComponentWithFixedSize`: UIColor.orange's board in 50 × 50 points: every channel
    /// within 2 (mean 0.11); the pixel-centre positions would leave a mean of 5.4.
    @Test func aBoardShrunkTwiceByAnImageView() throws {
        let text = """
            { "canvas": { "size": [50, 50] }, "traits": { "displayScale": 2 },
              "images": { "board": \(Self.checkerboard("#FF8000")) },
              "root": { "subviews": [ { "type": "imageView", "image": "board", "frame": [0, 0, 50, 50],
                "acknowledgedWarnings": ["resampled", "oversized"] } ] } }
            """
        let m = try Self.measure(text, "testImageComponentWithFixedSize@2x.png")
        #expect(m.worst <= 2 && m.mean < 0.15, "\(m)")
    }

    /// `testImageComponentWithNilImageAndCustomBackgroundColor`: UIColor.darkGray behind circular
    /// corners of 50 points (100 pixels), not clipping: every channel within 7, a mean of 0.009.
    @Test func circularLayerCorners() throws {
        let text = """
            { "canvas": { "size": [180, 180], "background": "#00000000" }, "traits": { "displayScale": 2 },
              "root": { "subviews": [ { "frame": [0, 0, 180, 180], "backgroundColor": "#555555", "cornerRadius": 50 } ] } }
            """
        let m = try Self.measure(text, "testImageComponentWithNilImageAndCustomBackgroundColor@2x.png")
        #expect(m.worst <= 7 && m.mean < 0.03, "\(m)")
    }
}
