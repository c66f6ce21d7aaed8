import Foundation
import ImageViews
import PNGCodec
import Raster
import Testing
import TestSupport
@testable import ScenarioFormat

/// Scenarios that redo what AlamofireImage asked UIKit to draw, against the images UIKit drew
/// (Tests/UIKitReferences/alamofireimage, MIT licence): `imageRounded(withCornerRadius: 20,
/// divideRadiusByImageScale: true)` — a rounded-rectangle clip of radius 10 points at 2x and the
/// image drawn at its own size — and `imageRoundedIntoCircle()` — the image cropped to a square by
/// `imageAspectScaled(toFill:)` (a whole-pixel offset, no resampling) and clipped to a circle.
/// Both families are free of resampling, so they measure the clip's coverage and the JPEG decode
/// (docs/DRAWING.md §Shapes, docs/JPEG.md §Upsampling as UIKit shows it).
@Suite struct UIKitReferenceTests {
    static let references = Fixture.uikitReferences("alamofireimage")

    /// The originals' sizes in points at 2x.
    static let sizes = ["apple": (90.0, 130.0), "pirate": (175.0, 105.0), "rainbow": (122.0, 63.0)]

    struct Difference: CustomStringConvertible {
        var alphaMean = 0.0, alphaOver16 = 0.0, alphaWorst = 0, colourWorst = 0
        var description: String {
            "alpha mean \(alphaMean), alpha > 16: \(alphaOver16 * 100) %, worst alpha \(alphaWorst), worst colour \(colourWorst)"
        }
    }

    /// The drawing `operations` for `name` (the image `src`, `file` in `folder` at `scale`),
    /// drawn at `scale`, against the reference PNG: coverage (alpha) everywhere, colour where
    /// UIKit's pixel is opaque.
    static func compare(
        _ name: String, size: (Double, Double), operations: String, reference: String,
        folder: URL = references, file: String? = nil, scale: Int = 2
    ) throws -> Difference {
        let text = """
            { "canvas": { "size": [10, 10] },
              "images": { "src": { "file": "\(file ?? "\(name).jpg")", "scale": \(scale) },
                          "made": { "draw": { "size": [\(size.0), \(size.1)], "scale": \(scale), "operations": [\(operations)] } } },
              "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "u.json", name: "u")
        let made = scenario.images[1].pixels.bitmap
        let png = try Data(contentsOf: folder.appendingPathComponent(reference))
        let expected = try PNGDecoder().decode(Array(png))
        #expect(made.width == expected.width && made.height == expected.height)
        var difference = Difference()
        var alphaTotal = 0, over16 = 0
        for y in 0..<min(made.height, expected.height) {
            for x in 0..<min(made.width, expected.width) {
                let ours = made[x, y], i = (y * expected.width + x) * 4  // premultiplied: straight where opaque
                let alpha = abs(Int(ours.a) - Int(expected.pixels[i + 3]))
                alphaTotal += alpha
                if alpha > 16 { over16 += 1 }
                difference.alphaWorst = max(difference.alphaWorst, alpha)
                if expected.pixels[i + 3] == 255 && ours.a == 255 {
                    for (c, value) in [ours.r, ours.g, ours.b].enumerated() {
                        difference.colourWorst = max(
                            difference.colourWorst, abs(Int(value) - Int(expected.pixels[i + c])))
                    }
                }
            }
        }
        let count = Double(expected.width * expected.height)
        difference.alphaMean = Double(alphaTotal) / count
        difference.alphaOver16 = Double(over16) / count
        return difference
    }

    @Test(arguments: ["apple", "pirate", "rainbow"]) func roundedRectangleClips(_ name: String) throws {
        // Quarter circles were 73 levels off along the corners, 1.3 % of pixels by more than 16.
        let (w, h) = Self.sizes[name]!
        let difference = try Self.compare(
            name, size: (w, h),
            operations: """
                { "clip": { "roundedRect": [0, 0, \(w), \(h)], "cornerRadius": 10 } }, { "draw": "src", "in": [0, 0, \(w), \(h)] }
                """, reference: "\(name)-radius-20.png")
        // The clip flattened as the context's own paths (flatness 0.25): Wang's 1/64 pixel was 9 off.
        #expect(
            difference.alphaWorst <= 7 && difference.alphaOver16 == 0 && difference.alphaMean < 0.015,
            "\(name): \(difference)")
        #expect(difference.colourWorst <= 3, "\(name): \(difference)")
    }

    @Test(arguments: ["apple", "pirate", "rainbow"]) func circlesOfCroppedImages(_ name: String) throws {
        let (w, h) = Self.sizes[name]!
        let side = min(w, h)
        let difference = try Self.compare(
            name, size: (side, side),
            operations: """
                { "clip": { "roundedRect": [0, 0, \(side), \(side)], "cornerRadius": \(side / 2) } },
                { "draw": "src", "in": [\((side - w) / 2), \((side - h) / 2), \(w), \(h)] }
                """, reference: "\(name)-circle.png")
        // Within 1/255 at every pixel with the context's flatness; Wang's 1/64 pixel was 4 to 7 off.
        #expect(
            difference.alphaWorst <= 1 && difference.alphaOver16 == 0 && difference.alphaMean < 0.015,
            "\(name): \(difference)")
        #expect(difference.colourWorst <= 4, "\(name): \(difference)")
    }
}
