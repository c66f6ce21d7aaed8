import Foundation
import PNGCodec
import Testing
import TestSupport
@testable import ScenarioFormat

/// Kingfisher's drawing processors, redone as drawings and measured against what UIKit drew on
/// iOS 10 (Tests/UIKitReferences/kingfisher, MIT licence; README there has each call).
@Suite struct KingfisherDrawingTests {
    static let folder = Fixture.uikitReferences("kingfisher")

    /// `RoundCornerImageProcessor(cornerRadius: 40)`: the 250 × 250 4:2:2 JPEG drawn at its size
    /// into a clip to `UIBezierPath(roundedRect:byRoundingCorners: .allCorners, cornerRadii: 40 ×
    /// 40)`. With all four corners that call draws the continuous corner (docs/DRAWING.md):
    /// quarter circles were 147 off in alpha, 228 pixels by more than 16.
    @Test func allFourCornersAreContinuous() throws {
        let clip = """
            { "roundedRect": [0, 0, 250, 250], "cornerRadius": 40,
              "corners": ["topLeft", "topRight", "bottomLeft", "bottomRight"] }
            """
        let difference = try UIKitReferenceTests.compare(
            "kingfisher", size: (250, 250),
            operations: """
                { "clip": \(clip) }, { "draw": "src", "in": [0, 0, 250, 250] }
                """, reference: "kingfisher-round-corner-40.png", folder: Self.folder, file: "kingfisher.jpg", scale: 1)
        #expect(
            difference.alphaWorst <= 16 && difference.alphaOver16 == 0 && difference.alphaMean < 0.02, "\(difference)")
        #expect(difference.colourWorst <= 4, "\(difference)")
    }

    /// `OverlayImageProcessor(overlay: .red, fraction:)` of the PNG with transparency: `UIRectFill`
    /// in red, the image drawn with `.destinationIn`, then again with `.sourceAtop` at alpha
    /// `fraction` (Porter–Duff on premultiplied values, docs/RENDERING.md): every premultiplied
    /// channel within 2 levels of UIKit's.
    @Test(arguments: [(0.5, "unicorn-overlay-red.png"), (0.7, "unicorn-overlay-red-07.png")])
    func overlayBlendsAsUIKit(_ fraction: Double, _ reference: String) throws {
        let text = """
            { "canvas": { "size": [10, 10] },
              "images": { "src": { "file": "unicorn.png" },
                          "made": { "draw": { "size": [1308, 947], "scale": 1, "operations": [
                              { "fill": { "rect": [0, 0, 1308, 947] }, "color": "#FF0000", "blendMode": "copy" },
                              { "draw": "src", "in": [0, 0, 1308, 947], "blendMode": "destinationIn" },
                              { "draw": "src", "in": [0, 0, 1308, 947], "blendMode": "sourceAtop", "alpha": \(fraction) }
                          ] } } },
              "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: Self.folder, displayName: "o.json", name: "o")
        let made = scenario.images[1].pixels.bitmap
        let expected = try PNGDecoder().decode(
            Array(try Data(contentsOf: Self.folder.appendingPathComponent(reference))))
        try #require(made.width == expected.width && made.height == expected.height)
        var worst = 0.0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let ours = made[x, y], i = (y * expected.width + x) * 4
                let a = Double(expected.pixels[i + 3])
                let theirs = (0..<3).map { (Double(expected.pixels[i + $0]) * a / 255).rounded() } + [a]
                for (o, t) in zip([ours.r, ours.g, ours.b, ours.a].map(Double.init), theirs) {
                    worst = max(worst, abs(o - t))
                }
            }
        }
        #expect(worst <= 2, "fraction \(fraction): worst \(worst)")
    }
}
