import Foundation
import Testing
@testable import ScenarioFormat

/// Kingfisher's `RoundCornerImageProcessor(cornerRadius: 40)`, redone as a drawing and measured
/// against what UIKit drew on iOS 10 (Tests/UIKitReferences/kingfisher, MIT licence): a 250 × 250
/// 4:2:2 JPEG drawn at its size into a clip to `UIBezierPath(roundedRect:byRoundingCorners:
/// .allCorners, cornerRadii: 40 × 40)`. With all four corners that call draws the continuous
/// corner (docs/DRAWING.md): quarter circles were 147 off in alpha, 228 pixels by more than 16.
@Suite struct KingfisherClipTests {
    @Test func allFourCornersAreContinuous() throws {
        let folder = UIKitReferenceTests.references.deletingLastPathComponent().appendingPathComponent("kingfisher")
        let clip = """
            { "roundedRect": [0, 0, 250, 250], "cornerRadius": 40,
              "corners": ["topLeft", "topRight", "bottomLeft", "bottomRight"] }
            """
        let difference = try UIKitReferenceTests.compare(
            "kingfisher", size: (250, 250),
            operations: """
                { "clip": \(clip) }, { "draw": "src", "in": [0, 0, 250, 250] }
                """, reference: "kingfisher-round-corner-40.png", folder: folder, file: "kingfisher.jpg", scale: 1)
        #expect(
            difference.alphaWorst <= 16 && difference.alphaOver16 == 0 && difference.alphaMean < 0.02, "\(difference)")
        #expect(difference.colourWorst <= 4, "\(difference)")
    }
}
