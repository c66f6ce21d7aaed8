import Foundation
import Testing
import TestSupport
@testable import ScenarioFormat

/// Images drawn smaller by other libraries' UIKit code, redone as scenarios and measured against
/// what UIKit drew (docs/RENDERING.md §11.8.1, docs/UIKIT-REFERENCES.md): Kingfisher's
/// `ResizingImageProcessor` of two JPEGs and a PNG with transparency into 120 × 120 pixels
/// (Tests/UIKitReferences/kingfisher, MIT) and Texture's `ASImageNode` drawing a PNG with
/// transparency into 200 × 200 pixels (Tests/UIKitReferences/texture, Apache-2.0). The opaque
/// photos are halved before the filter; the images with transparency are filtered directly.
@Suite struct ShrinkReferenceTests {
    static let references = Fixture.uikitReferences()

    /// `file` of `folder` drawn with `draw(in:)` into the whole of a `size` × `size` image at 1x,
    /// against `reference`: the mean difference per premultiplied channel and the share of pixels
    /// off by more than 16.
    static func measure(_ folder: String, _ file: String, size: Int, reference: String, clip: String? = nil) throws
        -> (Double, Double)
    {
        let clipping = clip.map { "{ \"clip\": \($0) }, " } ?? ""
        let text = """
            { "canvas": { "size": [10, 10] },
              "images": { "src": { "file": "\(file)" },
                          "made": { "draw": { "size": [\(size), \(size)], "scale": 1,
                                              "operations": [\(clipping){ "draw": "src", "in": [0, 0, \(size), \(size)] }] } } },
              "root": { "subviews": [] } }
            """
        let directory = references.appendingPathComponent(folder)
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: directory, displayName: "s.json", name: "s")
        return try UIKitShrinkTests.difference(
            scenario.images[1].pixels.bitmap, directory.appendingPathComponent(reference))
    }

    /// (folder, file, size, reference, the largest mean and share of pixels off by more than 16):
    /// what rendering rules 12 measure, with a little room (docs/UIKIT-REFERENCES.md). Rules 7 to
    /// 11 halved the two PNGs too: a mean of 2.17 (8.4 % off) and 2.56 (5.3 %).
    @Test(arguments: [
        ("kingfisher", "kingfisher.jpg", 120, "kingfisher-resize-120.png", 1.4, 0.02),
        ("kingfisher", "onevcat.jpg", 120, "onevcat-resize-120.png", 0.6, 0.001),
        ("kingfisher", "unicorn.png", 120, "unicorn-resize-120.png", 0.15, 0.002),
        ("texture", "logo-square.png", 200, "render-logo-square@2x.png", 0.1, 0.001)
    ])
    func drawnSmallerAsUIKit(_ reference: (String, String, Int, String, Double, Double)) throws {
        let (folder, file, size, png, mad, off) = reference
        let (measuredMAD, measuredOff) = try Self.measure(folder, file, size: size, reference: png)
        #expect(measuredMAD <= mad && measuredOff <= off, "\(file): MAD \(measuredMAD), off by > 16: \(measuredOff)")
    }

    /// Kingfisher's `RoundCornerImageProcessor(cornerRadius: 60, targetSize: 100 × 100)`: a clip
    /// to `UIBezierPath(roundedRect:byRoundingCorners: .allCorners, cornerRadii: 60 × 60)` of
    /// 100 × 100 points at 1x (a circle: the radius is held to half the side), then each image
    /// drawn into it, 2.5 to 13 times smaller: a mean of 1.00, 0.35 and 0.08 (0.9 %, 0 and 0.02 %
    /// of pixels off by more than 16).
    @Test(arguments: [("kingfisher.jpg", 1.1, 0.01), ("onevcat.jpg", 0.4, 0.001), ("unicorn.png", 0.1, 0.001)])
    func clippedToACircleAndDrawnSmaller(_ reference: (String, Double, Double)) throws {
        let (file, mad, off) = reference
        let name = file.split(separator: ".")[0]
        let circle = """
            { "roundedRect": [0, 0, 100, 100], "cornerRadius": 60,
              "corners": ["topLeft", "topRight", "bottomLeft", "bottomRight"] }
            """
        let (measuredMAD, measuredOff) = try Self.measure(
            "kingfisher", file, size: 100, reference: "\(name)-round-corner-60-resize-100.png", clip: circle)
        #expect(measuredMAD <= mad && measuredOff <= off, "\(file): MAD \(measuredMAD), off by > 16: \(measuredOff)")
    }
}
