import Foundation
import ImageViews
import Testing
@testable import Scenarios

/// `file` images as UIImage(contentsOfFile:) reads them (docs/ASSETS.md §Image files), over the
/// corpus files Scenarios/image-files/assets: icon.png, icon@2x.png, icon@3x.png, photo@2x.png.
@Suite struct ImageFileTests {
    static let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios/image-files").standardizedFileURL

    static func load(_ image: String) throws(ScenarioErrors) -> Scenario {
        let text = """
        { "canvas": { "size": [10, 10] }, "variants": { "matrix": { "displayScale": [1, 2, 3] } },
          "images": { "x": \(image) }, "root": { "subviews": [] } }
        """
        return try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "f.json", name: "f")
    }

    /// The file shown and its scale on 1x, 2x and 3x screens.
    static func shown(_ image: String) throws -> [String] {
        let x = try load(image).images[0]
        return [1, 2, 3].map { scale in
            var traits = Traits()
            traits.displayScale = scale
            let resolved = x.resolved(for: traits)
            return "\(resolved.source ?? "nil") @\(Int(resolved.scale))"
        }
    }

    @Test func aFileBringsItsScaleSiblings() throws {
        #expect(try Self.shown("{ \"file\": \"assets/icon.png\" }")
            == ["assets/icon.png @1", "assets/icon@2x.png @2", "assets/icon@3x.png @3"])
        // Every variant keeps the size in points: 60 × 60.
        let x = try Self.load("{ \"file\": \"assets/icon.png\" }").images[0]
        #expect(x.variants.map(\.value.size) == Array(repeating: Size(width: 60, height: 60), count: 3))
    }

    @Test func aModifierInTheNameOrAGivenScaleReadsOneFile() throws {
        #expect(try Self.shown("{ \"file\": \"assets/icon@2x.png\" }") == Array(repeating: "assets/icon@2x.png @2", count: 3))
        #expect(try Self.shown("{ \"file\": \"assets/icon.png\", \"scale\": 1 }") == Array(repeating: "assets/icon.png @1", count: 3))
    }

    @Test func theFileNamedMustExist() {
        do {
            _ = try Self.load("{ \"file\": \"assets/photo.png\" }")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["file \"assets/photo.png\" not found (did you mean \"photo@2x.png\"?)"])
        }
    }

    @Test func twoImagesOfOneFileAreDrawnUnderTheirOwnNames() throws {
        let text = """
        { "canvas": { "size": [20, 10] }, "acknowledgedWarnings": ["resampled", "oversized"],
          "images": { "a": { "file": "assets/icon.png" }, "b": { "from": "a", "alignmentRectInsets": [1, 1, 1, 1] } },
          "root": { "subviews": [ { "type": "imageView", "frame": [0, 0, 10, 10], "image": "a" },
                                  { "type": "imageView", "frame": [10, 0, 10, 10], "image": "b" } ] } }
        """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: Self.folder, displayName: "f.json", name: "f")
        let scene = scenario.scene(for: scenario.variants()[0])
        #expect(scene.layout.views.compactMap { $0.imageView?.image?.name } == ["a", "b"])
        #expect(scene.displayList.imageNames == ["a", "b"])
    }
}
