import AssetCatalogs
import Foundation
import ImageViews
import Testing
@testable import ScenarioFormat
import Syntax

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
        #expect(
            try Self.shown("{ \"file\": \"assets/icon.png\" }")
                == ["assets/icon.png @1", "assets/icon@2x.png @2", "assets/icon@3x.png @3"])
        // Every variant keeps the size in points: 60 × 60.
        let x = try Self.load("{ \"file\": \"assets/icon.png\" }").images[0]
        #expect(x.variants.map(\.value.size) == Array(repeating: Size(width: 60, height: 60), count: 3))
    }

    @Test func aModifierInTheNameOrAGivenScaleReadsOneFile() throws {
        #expect(
            try Self.shown("{ \"file\": \"assets/icon@2x.png\" }")
                == Array(repeating: "assets/icon@2x.png @2", count: 3))
        #expect(
            try Self.shown("{ \"file\": \"assets/icon.png\", \"scale\": 1 }")
                == Array(repeating: "assets/icon.png @1", count: 3))
    }

    @Test func theFileNamedMustExist() {
        do {
            _ = try Self.load("{ \"file\": \"assets/photo.png\" }")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "file \"assets/photo.png\" not found (did you mean \"photo@2x.png\"?)"
                ])
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

    /// A fresh folder holding `files` (name → a corpus PNG to copy, or "→target" for a symbolic link).
    static func folder(_ files: [(String, String)]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-file-\(UUID().uuidString)")
        for (name, what) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if what.hasPrefix("→") {
                try FileManager.default.createSymbolicLink(
                    atPath: url.path, withDestinationPath: String(what.dropFirst()))
            } else {
                try FileManager.default.copyItem(at: folder.appendingPathComponent(what), to: url)
            }
        }
        return dir
    }

    static func load(_ image: String, in dir: URL, cache: AssetCache = AssetCache(), traits: String = "")
        throws(ScenarioErrors) -> Scenario
    {
        let text = """
            { "canvas": { "size": [10, 10] },\(traits) "images": { "x": \(image) }, "root": { "subviews": [] } }
            """
        return try ScenarioLoader.parse(Array(text.utf8), folder: dir, displayName: "f.json", name: "f", assets: cache)
    }

    @Test func siblingsAreBesideTheLinkAndTheNamedFileStandsInOnAnyDevice() throws {
        let dir = try Self.folder([
            ("real/x.png", "assets/icon.png"), ("link.png", "→real/x.png"), ("link@2x.png", "assets/icon@2x.png"),
            ("pic~ipad.png", "assets/icon.png")
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let linked = try Self.load("{ \"file\": \"link.png\" }", in: dir).images[0]
        #expect(linked.variants.map(\.source) == ["link.png", "link@2x.png"])
        // Named on a phone (the default idiom), the iPad file is still the one shown.
        let pad = try Self.load("{ \"file\": \"pic~ipad.png\" }", in: dir).images[0]
        #expect(pad.resolved(for: Traits()).source == "pic~ipad.png")
    }

    @Test func aSiblingOutsideTheFolderIsRefusedWhicheverScenarioAsksFirst() throws {
        // sub/pic@2x.png links out of sub/ but stays inside the outer folder: a scenario in the
        // outer folder may use it, one in sub/ may not — in either order, with one shared cache.
        let dir = try Self.folder([
            ("outside.png", "assets/icon@2x.png"), ("sub/pic.png", "assets/icon.png"),
            ("sub/pic@2x.png", "→../outside.png")
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        for outerFirst in [true, false] {
            let cache = AssetCache()
            func outer() -> Bool { (try? Self.load("{ \"file\": \"sub/pic.png\" }", in: dir, cache: cache)) != nil }
            func inner() -> String? {
                do {
                    _ = try Self.load("{ \"file\": \"pic.png\" }", in: dir.appendingPathComponent("sub"), cache: cache)
                    return nil
                } catch {
                    return error.diagnostics.first?.message
                }
            }
            let results =
                outerFirst
                ? (outer(), inner())
                : {
                    let i = inner(); return (outer(), i)
                }()
            #expect(results.0, "outer first: \(outerFirst)")
            #expect(
                results.1
                    == "\"pic@2x.png\" links outside the scenario's folder (sub/): keep assets next to the scenario, or add the folder that holds it to \"assetRoots\" in the project's ivsim.json",
                "outer first: \(outerFirst)")
        }
    }
}
