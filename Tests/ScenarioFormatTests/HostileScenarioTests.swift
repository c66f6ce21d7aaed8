import AssetCatalogs
import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Vector
import Syntax

/// The scenario cases of an attacker's run on vectors (docs/RELIABILITY.md), small: preserved
/// vectors shown at many sizes, and a scenario's drawings past its `drawing-work` limit.
@Suite struct HostileScenarioTests {
    static let folder = SVGScenarioTests.folder

    static func load(_ subviews: [String], limits: ScenarioLimits = .default, scale: Int = 3) -> Result<
        Scenario, ScenarioErrors
    > {
        let text = """
            { "canvas": { "size": [2048, 2048] }, "assetCatalogs": ["Icons.xcassets"], "acknowledgedWarnings": ["resampled"],
              "images": { "sharp": { "named": "Sharp" }, "heart": { "file": "assets/heart.svg" } },
              "root": { "subviews": [\(subviews.joined(separator: ", "))] }, "variants": { "matrix": { "displayScale": [\(scale)] } } }
            """
        return Result { () throws(ScenarioErrors) in
            try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "s.json", name: "s", limits: limits)
        }
    }

    static func views(_ sizes: [Int]) -> [String] {
        sizes.enumerated().map {
            "{ \"type\": \"imageView\", \"image\": \"sharp\", \"frame\": [\($0.offset % 20), 0, \($0.element), \($0.element)] }"
        }
    }

    /// Attack round 8: clipToMask made three passes over its mask and drawCurrentImage copied the
    /// canvas before anything was charged, so thousands of them ran for hours; each is now charged
    /// first (a mask pixel each), and the drawing refused when its work runs out.
    @Test func masksAndCanvasCopiesAreChargedBeforeTheyAreMade() throws {
        var limits = ScenarioLimits.default
        limits.drawingWork = 10_000_000
        func load(_ operation: String, count: Int) throws(ScenarioErrors) -> Scenario {
            let operations = Array(repeating: operation, count: count).joined(separator: ", ")
            let text = """
                { "canvas": { "size": [10, 10] },
                  "images": { "m": { "generate": { "linearGradient": { "size": [512, 512], "colors": ["#000000", "#FFFFFF"] } } },
                              "d": { "draw": { "size": [200, 200], "scale": 1, "operations": [ \(operations) ] } } },
                  "root": { "subviews": [ { "type": "imageView", "origin": [0, 0], "sizeToFit": true, "image": "d" } ] } }
                """
            return try ScenarioLoader.parse(
                Array(text.utf8), folder: FileManager.default.temporaryDirectory, displayName: "h.json", name: "h",
                limits: limits)
        }
        // 512² mask pixels × 24 = 6,291,456 units a clip (attack round 16: 4 were charged, a fifth
        // of what it costs), 200² × 4 = 160,000 a canvas copy: two clips or 100 copies pass the
        // 10,000,000 left.
        for (operation, allowed, refused) in [
            ("{ \"clipToMask\": \"m\", \"in\": [-10, -10, 1, 1] }", 1, 2),
            ("{ \"drawCurrentImage\": true, \"at\": [500, 0] }", 2, 100)
        ] {
            _ = try load(operation, count: allowed)
            do {
                _ = try load(operation, count: refused)
                Issue.record("\(refused) × \(operation) were drawn")
            } catch {
                #expect(error.diagnostics.contains { $0.message.contains("units of work") }, "\(error.diagnostics)")
            }
        }
    }

    @Test func preservedVectorsAtManySizesAreBoundedPerVariant() throws {
        // 200 sizes of about 1,500 pixels at 3x peaked at 8.3 GB, every drawing held by the display
        // list: now the drawings of one variant stop at 2^24 pixels (here 50,000, at 1x), an error
        // naming the view.
        var limits = ScenarioLimits.default
        limits.redrawPixels = 50_000
        guard case let .failure(errors) = Self.load(Self.views(Array(100..<300)), limits: limits, scale: 1) else {
            Issue.record("200 preserved-vector sizes were accepted")
            return
        }
        let message = errors.diagnostics.map(\.description).joined(separator: "\n")
        #expect(
            message.contains(
                "$.root.subviews[4]: in variant scale1, drawing \"sharp\" afresh at the 104 × 104 pixels this view shows it "
                    + "(preserves-vector-representation) takes the drawings made for one variant past 50000 pixels"),
            "\(message)")
        // The same 200 views at one size draw it once (the list holds the 30-pixel bitmap and one drawing).
        let same = try Self.load(Self.views(Array(repeating: 100, count: 200)), limits: limits, scale: 1).get()
        let scene = same.scene(for: same.variants()[0])
        #expect(
            scene.displayList.images.map(\.width) == [30, 100] && scene.redraws.pixels == 100 * 100
                && scene.redraws.refusal == nil,
            "\(scene.displayList.images.map { "\($0.width)×\($0.height)" }) \(scene.redraws)")
    }

    /// The work of drawing the file at `path` (under the folder) at each scale, or to `pixels` pixels a side.
    static func work(_ path: String, scales: [Double] = [], pixels: Int? = nil) throws -> Int {
        let document = try VectorFormat.svg.read(Array(try Data(contentsOf: folder.appendingPathComponent(path))))
        let limits = ScenarioLimits.default.drawing
        var total = try scales.reduce(0) { $0 + (try document.render(scale: $1, limits: limits).work) }
        if let pixels { total += try document.render(pixelWidth: pixels, pixelHeight: pixels, limits: limits).work }
        return total
    }

    @Test func aScenariosDrawingsShareItsDrawingWorkLimit() throws {
        // The heart file, drawn at 1x, 2x and 3x: each drawing within the limit, the three past it.
        var limits = ScenarioLimits.default
        limits.drawingWork = try Self.work("assets/heart.svg", scales: [1, 2, 3]) - 1
        let view = "{ \"type\": \"imageView\", \"image\": \"heart\", \"frame\": [0, 0, 24, 24] }"
        guard case let .failure(errors) = Self.load([view], limits: limits) else {
            Issue.record("the heart's three drawings fit a limit below their sum")
            return
        }
        let message = errors.diagnostics.map(\.description).joined(separator: "\n")
        #expect(
            message.contains(
                "drawing this image takes the scenario's drawings past the \(limits.drawingWork) units of work one scenario may "
                    + "spend drawing SVG and PDF files, drawn images and preserved vectors")
                && message.contains("--limit drawing-work=N"), "\(message)")
        // A preserved vector drawn afresh is charged to the same limit, after the set's drawings,
        // twice (drawn to check the variant, and again to render it).
        let sharp = "Icons.xcassets/Sharp.imageset/badge.svg"
        limits.drawingWork =
            try Self.work(sharp, scales: [1, 2, 3]) + 2 * Self.work(sharp, pixels: 600)
            + Self.work("assets/heart.svg", scales: [1, 2, 3]) - 1
        guard case let .failure(redrawn) = Self.load(Self.views([200]), limits: limits) else {
            Issue.record("a preserved vector's drawings fit a limit below their sum")
            return
        }
        let text = redrawn.diagnostics.map(\.description).joined()
        #expect(
            text.contains(
                "in variant scale3, drawing \"sharp\" afresh at the 600 × 600 pixels this view shows it (preserves-vector-representation) "
                    + "takes the scenario's drawings past the \(limits.drawingWork) units of work"), "\(text)")
        limits.drawingWork += 1
        #expect(throws: Never.self) { try Self.load(Self.views([200]), limits: limits).get() }
    }

    @Test func afterADrawingIsRefusedForItsWorkNoOtherIsMade() throws {
        // Two images of a file, each past the scenario's whole limit: the second is not drawn
        // again (twelve such images took twelve times the limit), and says the work is spent.
        var limits = ScenarioLimits.default
        limits.drawingWork = 50_000
        let text = """
            { "canvas": { "size": [10, 10] }, "images": { "a": { "file": "assets/heart.svg", "scale": 1 }, "b": { "file": "assets/ticket.pdf", "scale": 1 } },
              "root": { "subviews": [] } }
            """
        let errors =
            Result { () throws(ScenarioErrors) in
                try ScenarioLoader.parse(
                    Array(text.utf8), folder: Self.folder, displayName: "s.json", name: "s", limits: limits)
            }.failure?.diagnostics.map(\.description) ?? []
        #expect(errors.count == 2, "\(errors)")
        #expect(
            errors.first?.contains(
                "\"assets/heart.svg\" is too complex to draw at 1x: the drawing takes more than the 50000 units")
                == true, "\(errors)")
        #expect(
            errors.last?.contains(
                "$.images.b: drawing this image takes the scenario's drawings past the 50000 units of work") == true,
            "\(errors)")
    }

    @Test func vectorFilesAreChargedByTheirSizeBeforeTheyAreRead() throws {
        // Twenty 40 MB SVGs were read for 52 s into 4.3 GB: each distinct SVG or PDF file is
        // charged to image-bytes, 8 bytes a byte of its size, before it is read — a file source
        // and a catalog's vector entry alike.
        let size = try #require(BoundedFile.size(Self.folder.appendingPathComponent("assets/heart.svg")))
        var limits = ScenarioLimits.default
        limits.imageBytes = size * PixelBudget.documentBytesPerFileByte - 1
        let text = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Icons.xcassets"],
              "images": { "a": { "file": "assets/heart.svg", "scale": 1 }, "b": { "file": "assets/../assets/heart.svg", "scale": 2 }, "s": { "named": "Sharp" } },
              "root": { "subviews": [] } }
            """
        let errors =
            Result { () throws(ScenarioErrors) in
                try ScenarioLoader.parse(
                    Array(text.utf8), folder: Self.folder, displayName: "s.json", name: "s", limits: limits)
            }.failure?.diagnostics.map(\.description) ?? []
        #expect(errors.count == 3, "\(errors)")
        #expect(
            errors.allSatisfy {
                $0.contains("this image (a vector file of 0.1 MiB, held as about 8 times that once read, 0.1 MiB)")
                    && $0.contains("takes the scenario's images past")
            }, "\(errors)")
        #expect(
            errors.map { $0.components(separatedBy: ": this image")[0] } == [
                "s.json:2:30: error: $.images.a.file", "s.json:2:79: error: $.images.b.file",
                "s.json:2:139: error: $.images.s.named"
            ], "\(errors)")
    }

    @Test func anUnusableVectorFileIsReadOnceAndReportedByEachPath() throws {
        // A file refused after seconds of reading, shown by many images, was read for each.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ivsim-unusable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'><text>a</text></svg>".utf8).write(
            to: folder.appendingPathComponent("a.svg"))
        let cache = AssetCache()
        let url = folder.appendingPathComponent("a.svg")
        let area = ReadableArea(folder: folder)
        let first = cache.vector(url, area: area, shownAs: "a.svg").failure?.message ?? ""
        // not read again
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>".utf8).write(to: url)
        let second = cache.vector(url, area: area, shownAs: "./a.svg").failure?.message ?? ""
        #expect(
            first.hasPrefix("\"a.svg\" is not a usable SVG file: line 1, column 62: <text>: this element is not drawn"),
            "\(first)")
        #expect(second == first.replacingOccurrences(of: "\"a.svg\"", with: "\"./a.svg\""), "\(second)")
    }

    @Test func controlCharactersOfTheFileAreEscapedInMessages() {
        // A key holding ESC [2J (clear the screen) or a line break was printed as it was.
        let text = #"{ "canvas": { "size": [10, 10] }, "root": { "subviews": [] }, "\u001B[2J\nerror": 1 }"#
        let errors =
            Result { () throws(ScenarioErrors) in
                try ScenarioLoader.parse(Array(text.utf8), folder: Self.folder, displayName: "s.json", name: "s")
            }.failure?.diagnostics.map(\.description) ?? []
        #expect(
            errors.count == 1 && errors[0].contains("\\u{1B}[2J\\u{A}error") && !errors[0].contains("\u{1B}")
                && !errors[0].contains("\n"), "\(errors)")
    }

    @Test func aVariantsSnapshotsShareTheImageBytes() throws {
        // Sixteen snapshots of a 1,365-point view at 3x held 3.2 GB: a variant's snapshots are
        // held within what image-bytes leaves after the scenario's images.
        var limits = ScenarioLimits.default
        limits.imageBytes = 200 * 200 * 12 * 2 + 100  // two snapshots at the default 2x, and the placeholders
        let text = """
            { "canvas": { "size": [100, 100] },
              "images": { "s1": { "snapshot": { "view": "v" } }, "s2": { "snapshot": { "view": "v" } }, "s3": { "snapshot": { "view": "v" } } },
              "root": { "subviews": [ { "id": "v", "frame": [0, 0, 100, 100], "backgroundColor": "#FF0000" } ] } }
            """
        let errors =
            Result { () throws(ScenarioErrors) in
                try ScenarioLoader.parse(
                    Array(text.utf8), folder: Self.folder, displayName: "s.json", name: "s", limits: limits)
            }.failure?.diagnostics.map(\.description) ?? []
        #expect(
            errors.count == 1
                && errors[0].contains(
                    "$.images.s3.snapshot.view: snapshot \"s3\" in variant default: the snapshots of this "
                        + "variant up to this one would hold 1.4 MiB, more than the 1.0 MiB the scenario's "
                        + "image-bytes leaves after its images"),
            "\(errors)")
    }
}

extension Result {
    var failure: Failure? { if case let .failure(error) = self { error } else { nil } }
}
