import Foundation
import PNGCodec
import Testing
import TestSupport
@testable import ScenarioFormat

/// Texture's precomposited corner rounding (Tests/UIKitReferences/texture, Apache-2.0; recorded
/// 2020): a blue 100 × 100-point node at 2x whose corners Texture rounds by filling green, in copy
/// mode, the even-odd difference of its bounds and `UIBezierPath(roundedRect:byRoundingCorners:
/// cornerRadii:)` of radius 30 pixels — one image with the top-left corner alone, one with all
/// four. UIKit's top-left corner is the same in both, pixel for pixel: a subset of corners is
/// drawn with the same (continuous) curve as all four (docs/DRAWING.md §Shapes).
@Suite struct TextureCornerTests {
    static let folder = Fixture.uikitReferences("texture")

    /// Green, then the blue rounded rectangle of `corners` (the even-odd hole's complement), 200 × 200 at 1x.
    static func drawn(_ corners: [String]) throws -> [UInt32] {
        let list = corners.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = """
            { "canvas": { "size": [10, 10] },
              "images": { "made": { "draw": { "size": [200, 200], "scale": 1, "operations": [
                  { "fill": { "rect": [0, 0, 200, 200] }, "color": "#00FF00" },
                  { "fill": { "roundedRect": [0, 0, 200, 200], "cornerRadius": 30, "corners": [\(list)] }, "color": "#0000FF" }
              ] } } },
              "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "t.json", name: "t")
        return scenario.images[0].pixels.bitmap.pixels
    }

    static func reference(_ mask: Int) throws -> [UInt8] {
        try PNGDecoder().decode(
            Array(try Data(contentsOf: folder.appendingPathComponent("precomposited-corner-rounding-\(mask)@2x.png")))
        ).pixels
    }

    @Test func aCornerAloneIsTheCornerOfAllFour() throws {
        let alone = try Self.reference(1), all = try Self.reference(15)
        let ours = try Self.drawn(["topLeft"])
        var unlike = 0, worst = 0, total = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let i = y * 200 + x
                if alone[i * 4 + 1] != all[i * 4 + 1] { unlike += 1 }
                // The green channel: UIKit's corner against ivsim's continuous corner.
                let d = abs(Int(alone[i * 4 + 1]) - Int((ours[i] >> 8) & 0xFF))
                worst = max(worst, d)
                total += d
            }
        }
        #expect(unlike == 0, "UIKit's lone corner differs from its corner of four in \(unlike) pixels")
        // Quarter circles of radius 30: worst 163, mean 1.68 over the same 60 × 60 pixels.
        let mean = Double(total) / 3600
        #expect(worst <= 96 && mean < 1.05, "worst \(worst), mean \(mean)")
        // The square corners are exact.
        for (x, y) in [(199, 0), (0, 199), (199, 199)] {
            #expect(alone[(y * 200 + x) * 4 + 1] == UInt8((ours[y * 200 + x] >> 8) & 0xFF))
        }
    }

    /// In ivsim, each corner drawn alone is, pixel for pixel, that corner of all four.
    @Test(arguments: [("topLeft", 0, 0), ("topRight", 140, 0), ("bottomLeft", 0, 140), ("bottomRight", 140, 140)])
    func eachCornerAloneIsItsCornerOfAllFour(_ corner: (String, Int, Int)) throws {
        let (name, x0, y0) = corner
        let alone = try Self.drawn([name]), all = try Self.drawn(["topLeft", "topRight", "bottomLeft", "bottomRight"])
        var unlike = 0
        for y in y0..<(y0 + 60) {
            for x in x0..<(x0 + 60) where alone[y * 200 + x] != all[y * 200 + x] { unlike += 1 }
        }
        #expect(unlike == 0, "\(name): \(unlike) pixels differ")
    }
}
