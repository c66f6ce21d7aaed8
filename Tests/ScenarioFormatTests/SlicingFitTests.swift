import AssetCatalogs
import Foundation
import ImageViews
import PNGCodec
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// Slicing wider or taller than its file (Chatto's demo app, issue 27): the set is shown with a
/// `slicingTooLarge` warning, the centre keeps its pixels and the caps share the rest in
/// proportion, each rounded down (docs/ASSETS.md §Image sets). The expected cuts are worked out
/// by hand below, not by the reader's formula.
@Suite struct SlicingFitTests {
    static let info = "\"info\" : { \"author\" : \"xcode\", \"version\" : 1 }"

    /// A scenario folder with one image set `Icon` of `files` (name → bytes) described by `contents`.
    static func load(contents: String, files: [(String, [UInt8])], strict: Bool = false) throws -> Scenario {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-slicing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let set = root.appendingPathComponent("Cat.xcassets/Icon.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        for (name, bytes) in files { try Data(bytes).write(to: set.appendingPathComponent(name)) }
        let scenario = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Cat.xcassets"], "images": { "icon": { "named": "Icon" } }, "root": { "subviews": [] } }
            """
        return try ScenarioLoader.parse(
            Array(scenario.utf8), folder: root, displayName: "case.json", name: "case", strict: strict)
    }

    /// A PNG `width` pixels wide whose column x has grey level 10 · x, so a cut shows in the pixels.
    static func columns(_ width: Int, height: Int = 2) -> [UInt8] {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels += [UInt8(10 * x), UInt8(10 * x), UInt8(10 * x), 255] }
        }
        return PNGEncoder().encode(RGBAImage(width: width, height: height, pixels: pixels))
    }

    @Test func capsWiderThanABitmapAreScaledDown() throws {
        // 2 + 1 + 2 = 5 pixels on a 4-pixel file: the centre keeps 1, the caps share 3 —
        // ⌊2 · 3 / 4⌋ = 1 each — so columns 0…1 and 3 are kept.
        let contents = """
            { "images" : [ { "filename" : "icon@2x.png", "idiom" : "universal", "scale" : "2x", "resizing" : { "mode" : "3-part-horizontal",
              "center" : { "mode" : "tile", "width" : 1 }, "cap-insets" : { "left" : 2, "right" : 2 } } } ], \(Self.info) }
            """
        let scenario = try Self.load(contents: contents, files: [("icon@2x.png", Self.columns(4))])
        let expected =
            "left cap 2 + centre width 1 + right cap 2 pixels exceed the width of \"icon@2x.png\" (4 pixels): ivsim "
            + "scales the caps down to 1 and 1 pixels (Xcode's slicing editor keeps slices inside the image; how actool "
            + "compiles slicing that does not fit is not documented)"
        #expect(scenario.warnings.map(\.message) == [expected])
        #expect(scenario.warnings.map(\.kind) == [AssetWarnings.slicingTooLarge])
        let image = scenario.images[0].resolved(for: AssetLookupTests.traits(scale: 2))
        #expect((image.pixels.width, image.pixels.height) == (3, 2))
        #expect(image.capInsets == EdgeInsets(top: 0, left: 0.5, bottom: 0, right: 0.5))
        let greys = (0..<3).map { image.pixels.bitmap.pixels[$0] & 0xFF }
        #expect(greys == [0, 10, 30], "\(greys)")
        #expect(throws: ScenarioErrors.self) {
            try Self.load(contents: contents, files: [("icon@2x.png", Self.columns(4))], strict: true)
        }
    }

    @Test func aCentreWiderThanTheFileWithoutCapsKeepsTheFile() throws {
        // No caps and a 30-pixel centre on a 4-pixel file: nothing to share (the caps' sum is 0),
        // the centre is the whole file.
        let contents = """
            { "images" : [ { "filename" : "icon@2x.png", "idiom" : "universal", "scale" : "2x", "resizing" : { "mode" : "3-part-horizontal",
              "center" : { "mode" : "stretch", "width" : 30 }, "cap-insets" : { "left" : 0, "right" : 0 } } } ], \(Self.info) }
            """
        let scenario = try Self.load(contents: contents, files: [("icon@2x.png", Self.columns(4))])
        #expect(scenario.warnings.map(\.kind) == [AssetWarnings.slicingTooLarge])
        let image = scenario.images[0].resolved(for: AssetLookupTests.traits(scale: 2))
        #expect((image.pixels.width, image.pixels.height) == (4, 2))
        #expect(image.capInsets == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    }

    @Test func aSingleScaleVectorIsFittedAtEachScaleAndWarnedAboutOnce() throws {
        // A 4 × 4-point SVG, caps 3 + 2 + 3 both ways. At 1x: room 4 − 2 = 2, ⌊3 · 2 / 6⌋ = 1 a
        // cap, so nothing is cut (1 + 2 + 1); at 2x the caps are 6 + 4 + 6 on 8 pixels: room 4,
        // 2 a cap (2 + 4 + 2); at 3x 9 + 6 + 9 on 12: room 6, 3 a cap.
        let contents = """
            { "images" : [ { "filename" : "icon.svg", "idiom" : "universal", "resizing" : { "mode" : "9-part",
              "center" : { "mode" : "stretch", "width" : 2, "height" : 2 }, "cap-insets" : { "left" : 3, "right" : 3, "top" : 3, "bottom" : 3 } } } ], \(Self.info) }
            """
        let svg = Array(
            "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='4' height='4'/></svg>".utf8)
        let scenario = try Self.load(contents: contents, files: [("icon.svg", svg)])
        #expect(scenario.warnings.count == 1, "\(scenario.warnings)")
        #expect(
            scenario.warnings.first?.message.hasPrefix(
                "left cap 3 + centre width 2 + right cap 3 pixels exceed the width of \"icon.svg\" drawn at 1x (4 pixels): ivsim scales the caps down to 1 and 1 pixels; top cap 3"
            ) == true)
        for (scale, cap) in [(1, 1.0), (2, 1.0), (3, 1.0)] {
            let image = scenario.images[0].resolved(for: AssetLookupTests.traits(scale: scale))
            #expect((image.pixels.width, image.pixels.height) == (4 * scale, 4 * scale))
            #expect(image.capInsets == EdgeInsets(top: cap, left: cap, bottom: cap, right: cap))
            #expect(image.resizingMode == .stretch)
        }
    }
}
