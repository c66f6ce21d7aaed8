import Foundation
import Testing
import TestSupport
@testable import ScenarioFormat

/// Nuke's rounded-corner and circle processors, redone as drawings and measured against the
/// images Core Graphics made (Tests/UIKitReferences/nuke, MIT licence): a 200 × 150 JPEG clipped
/// to `CGPath(roundedRect:cornerWidth:cornerHeight:)` of radius 12 pixels, or cropped to its
/// centre square and clipped to a circle, then optionally the same path stroked 4 pixels wide in
/// red. No resampling: the clip's coverage, the stroke and the decoder are what is measured.
///
/// Core Graphics' rounded rectangle here is the continuous corner UIBezierPath draws
/// (docs/RENDERING.md §11.3): against it the worst alpha is 8 of 255; against quarter circles
/// (a `roundedRect` with `corners`) it was 42, 0.13 % of pixels off by more than 16, all in the
/// first row and column, where the curve meets the edge 1.33 radii from the corner.
@Suite struct NukeReferenceTests {
    static let folder = Fixture.uikitReferences("nuke")

    static func compare(side: (Double, Double), radius: Double, border: Bool, drawnAt x: Double, reference: String)
        throws -> UIKitReferenceTests.Difference
    {
        let shape = "{ \"roundedRect\": [0, 0, \(side.0), \(side.1)], \"cornerRadius\": \(radius) }"
        // Nuke strokes a CGPath through the CGContext: the context's flatness, 0.25.
        let stroked =
            "{ \"roundedRect\": [0, 0, \(side.0), \(side.1)], \"cornerRadius\": \(radius), \"flatness\": 0.25 }"
        let stroke = border ? ", { \"stroke\": \(stroked), \"color\": \"#FF0000\", \"lineWidth\": 4 }" : ""
        return try UIKitReferenceTests.compare(
            "tiny", size: side,
            operations: """
                { "clip": \(shape) }, { "draw": "src", "in": [\(x), 0, 200, 150] }\(stroke)
                """, reference: reference, folder: folder, file: "fixture-tiny.jpeg", scale: 1)
    }

    @Test(arguments: [false, true]) func roundedCorners(border: Bool) throws {
        let difference = try Self.compare(
            side: (200, 150), radius: 12, border: border, drawnAt: 0,
            reference: border ? "s-rounded-corners-border.png" : "s-rounded-corners.png")
        // Clip and stroke flattened as the context's own paths: 8 and 12 off with Wang's 1/64 pixel.
        #expect(
            difference.alphaWorst <= 2 && difference.alphaOver16 == 0 && difference.alphaMean < 0.005, "\(difference)")
        #expect(difference.colourWorst <= (border ? 9 : 3), "\(difference)")
    }

    @Test(arguments: [false, true]) func circles(border: Bool) throws {
        let difference = try Self.compare(
            side: (150, 150), radius: 75, border: border, drawnAt: -25,
            reference: border ? "s-circle-border.png" : "s-circle.png")
        // 5 and 9 off with Wang's 1/64 pixel.
        #expect(
            difference.alphaWorst <= 3 && difference.alphaOver16 == 0 && difference.alphaMean < 0.03, "\(difference)")
        #expect(difference.colourWorst <= (border ? 26 : 3), "\(difference)")
    }
}
