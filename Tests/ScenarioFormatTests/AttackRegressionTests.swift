import Foundation
import ImageViews
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// What an independent attacker's run found (docs/RELIABILITY.md), each case kept: the input ends
/// in a clean error naming the file and path, or in a valid scenario, quickly.
@Suite struct AttackRegressionTests {
    static func load(_ text: String, folder: URL = fixture.directory, limits: ScenarioLimits = .default) -> Result<
        Scenario, ScenarioErrors
    > {
        Result { () throws(ScenarioErrors) in
            try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "a.json", name: "a", limits: limits)
        }
    }

    static func errors(_ text: String, folder: URL = fixture.directory, limits: ScenarioLimits = .default) -> [String] {
        if case let .failure(errors) = load(text, folder: folder, limits: limits) {
            return errors.diagnostics.map(\.description)
        }
        return []
    }

    @Test func aTinyAnimationDurationShowsADefinedFrame() throws {
        for file in ["F1_anim_duration_tiny_view.json", "F1_anim_duration_tiny_image.json"] {
            let scenario = try Self.load(try fixture.text("attack/" + file)).get()
            let layout = scenario.scene(for: scenario.variants()[0]).layout
            #expect(layout.views[1].imageView?.frameIndex != nil, "\(file)")
        }
    }

    @Test func framesOfAnimatedImagesAreStillImages() throws {
        let found = Self.errors(try fixture.text("attack/F_anim_nested_frames_depth2.json"))
        #expect(found.count == 1)
        #expect(
            found.first?.contains("\"i1\" is itself animated: the frames of an animated image are still images")
                == true, "\(found)")
        let many = (0..<1001).map { _ in "\"a\"" }.joined(separator: ",")
        let views = Self.errors(
            """
            { "canvas": { "size": [4, 4] }, "images": { "a": { "generate": { "solid": { "size": [1, 1], "color": "#FF0000" } } } },
              "root": { "subviews": [ { "type": "imageView", "frame": [0, 0, 1, 1], "animationImages": [\(many)] } ] } }
            """)
        #expect(
            views.first?.contains("1001 animation images, more than the 1000 a view may animate through") == true,
            "\(views)")
    }

    @Test func constraintNumbersAndSolvedFramesAreBounded() throws {
        let constant = Self.errors(try fixture.text("attack/F_constraint_constant_unbounded.json"))
        #expect(
            constant.first?.contains(
                "the constant 1e+38 is out of range: constants (summed) must be from -100000 to 100000") == true)
        func chain(_ n: Int, relation: String) -> String {
            let views = (0..<n).map { "{ \"id\": \"v\($0)\" }" }.joined(separator: ", ")
            var constraints = [
                "\"v0.width == 1\"", "\"v0.height == 1\"", "\"v0.top == superview.top\"",
                "\"v0.leading == superview.leading\""
            ]
            for i in 1..<n {
                constraints += [
                    "\"v\(i).width == \(relation) * v\(i - 1).width\"", "\"v\(i).height == 1\"",
                    "\"v\(i).top == superview.top\"",
                    "\"v\(i).leading == superview.leading\""
                ]
            }
            return
                "{ \"canvas\": { \"size\": [100, 100] }, \"root\": { \"subviews\": [\(views)], \"constraints\": [\(constraints.joined(separator: ", "))] } }"
        }
        // Doubling 1,030 times would reach infinity; the first view past ±1,000,000 points is the error.
        let doubled = Self.errors(chain(1030, relation: "2"))
        #expect(doubled.count == 1)
        #expect(
            doubled.first?.contains(
                "$.root.subviews[20]: the constraints put this view's frame at [0, 0, 1048576, 1] points, beyond "
                    + "the ±1000000 a layout may reach") == true, "\(doubled)")
        #expect(Self.errors(chain(3, relation: "1001")).first?.contains("the multiplier 1001 is out of range") == true)
        #expect(Self.errors(chain(12, relation: "2")).isEmpty)
    }

    @Test func controlCharactersInMessagesAreEscaped() throws {
        let found = Self.errors(try fixture.text("attack/F_control_chars_in_messages.json"))
        #expect(found.count == 1)
        let line = try #require(found.first)
        #expect(!line.contains("\n") && !line.contains("\u{1B}"))
        #expect(line.contains("\\nfake.json:1:1: error: $.forged: FORGED LINE\\u{1B}[31m"))
        // A constraint's caret lines stay (each starts with four spaces: never a line of its own).
        let caret = Self.errors(
            #"{ "canvas": { "size": [4, 4] }, "root": { "subviews": [{ "id": "a" }], "constraints": ["a.widht == 4"] } }"#
        )
        #expect(caret.first?.contains("\n    a.widht == 4\n      ^") == true, "\(caret)")
    }

    @Test func renderingAndLayoutWorkAreRefusedBeforeTheyAreDone() throws {
        let canvas = Self.errors(try fixture.text("attack/F_variants_x_canvas_588bytes.json"))
        #expect(canvas.count == 1)
        #expect(canvas.first?.contains("$.variants: rendering the variants up to ") == true, "\(canvas)")
        #expect(canvas.first?.contains("more than the 4294967296 pixel operations one scenario may ask for") == true)
        // 1,152 variants of 10,000 views: refused from the counts, before any variant is laid out.
        let views = (0..<9_999).map { _ in "{ \"frame\": [0, 0, 1, 1] }" }.joined(separator: ", ")
        let matrix =
            #""matrix": { "displayScale": [1, 2, 3], "userInterfaceStyle": ["light", "dark"], "userInterfaceIdiom": ["phone", "pad", "tv", "carPlay", "mac", "vision"], "horizontalSizeClass": ["compact", "regular"], "verticalSizeClass": ["compact", "regular"], "accessibilityContrast": ["normal", "high"], "userInterfaceLevel": ["base", "elevated"], "layoutDirection": ["leftToRight", "rightToLeft"] }"#
        let work = Self.errors(
            "{ \"canvas\": { \"size\": [10, 10] }, \"root\": { \"subviews\": [\(views)] }, \"variants\": { \(matrix) } }"
        )
        #expect(
            work.first?.contains(
                "laying out 1152 variants of 10000 views and 0 constraints is 11520000 units of layout work") == true,
            "\(work)")
        var raised = ScenarioLimits()
        raised.layoutWork = 40_000_000
        raised.renderPixels = 9000  // then the rendering limit: each 10 × 10 canvas at 3x alone is 9 × 900
        let render = Self.errors(
            "{ \"canvas\": { \"size\": [10, 10] }, \"root\": {}, \"variants\": { \"matrix\": { \"displayScale\": [3, 2] } } }",
            limits: raised)
        #expect(
            render.first?.contains("rendering the variants up to scale2 takes more than the 9000 pixel operations")
                == true, "\(render)")
    }

    @Test func suggestionsAndListsStayCheapWithThousandsOfNames() {
        // 20,000 images and 5,000 references to unknown ones (12.6 s before): suggestions stop at the
        // scenario's budget, and no message lists the 20,000 names.
        let images = (0..<20_000).map {
            "\"n\($0)\": { \"generate\": { \"solid\": { \"size\": [1, 1], \"color\": \"#FF0000\" } } }"
        }
        let views = (0..<5_000).map { "{ \"type\": \"imageView\", \"frame\": [0, 0, 1, 1], \"image\": \"n\($0)x\" }" }
        let text =
            "{ \"canvas\": { \"size\": [10, 10] }, \"images\": { \(images.joined(separator: ", ")) }, \"root\": { \"subviews\": [\(views.joined(separator: ", "))] } }"
        let found = Self.errors(text)
        #expect(found.count == 5_000)
        let suggested = found.filter { $0.contains("did you mean") }.count
        #expect(suggested == Suggestions.scenarioBudget / Suggestions.maxCandidates)
        #expect(
            found.last?.hasSuffix(
                "(declared: n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15, n16, n17, n18, n19 "
                    + "and 19980 more)") == true)
    }

    @Test func filesPastTheImageBudgetAreRefusedByTheirHeadersUndecoded() throws {
        // PNG files whose headers say 64 × 64 but whose pixel data is garbage: a file refused by
        // its header is never decoded (the refusal is the budget's, not a decoding error).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 0..<3 {
            try Data(Self.headerOnlyPNG(width: 64, height: 64)).write(to: folder.appendingPathComponent("big\(i).png"))
        }
        var limits = ScenarioLimits()
        limits.imageBytes = 64 * 64 * 12 - 1  // not even one file fits
        let text =
            #"{ "canvas": { "size": [4, 4] }, "images": { "a": { "file": "big0.png" }, "b": { "file": "big1.png", "scale": 2 } }, "root": {} }"#
        let found = Self.errors(text, folder: folder, limits: limits)
        #expect(found.count == 2)
        #expect(
            found.allSatisfy {
                $0.contains("this image (64 × 64 px, by its header, before decoding, 48.0 MiB)")
                    || $0.contains("(64 × 64 px, by its header")
            })
        #expect(!found.contains { $0.contains("not a usable PNG") })
    }

    /// A PNG signature, a valid IHDR for `width × height` RGBA8, and an IDAT that does not inflate.
    static func headerOnlyPNG(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] {
            [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be32(data.count) + typed + be32(Int(crc ^ 0xFFFF_FFFF))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0xDE, 0xAD, 0xBE, 0xEF]) + chunk("IEND", [])
    }

    @Test func aContentsJSONLinkedOutOfItsFolderIsNotRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-contents-\(UUID().uuidString)")
        let set = root.appendingPathComponent("s/Cat.xcassets/In.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try #"{"images":[],"info":{"version":1,"author":"xcode"},"secretKey":"leaked"}"#.write(
            to: root.appendingPathComponent("outside/Contents.json"), atomically: true, encoding: .utf8)
        try #"{"info":{"version":1,"author":"xcode"}}"#.write(
            to: root.appendingPathComponent("s/Cat.xcassets/Contents.json"),
            atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: set.appendingPathComponent("Contents.json"),
            withDestinationURL: root.appendingPathComponent("outside/Contents.json"))
        let found = Self.errors(
            #"{ "canvas": { "size": [4, 4] }, "assetCatalogs": ["Cat.xcassets"], "images": { "a": { "named": "In" } }, "root": {} }"#,
            folder: root.appendingPathComponent("s"))
        #expect(
            found.contains { $0.contains("In.imageset/Contents.json: error: is a symbolic link out of its folder") },
            "\(found)")
        #expect(!found.contains { $0.contains("secretKey") })
    }

    @Test func aContentsJSONLinkedToABigSiblingIsRefusedBySize() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ivsim-bigcontents-\(UUID().uuidString)")
        let set = root.appendingPathComponent("Cat.xcassets/In.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try #"{"info":{"version":1,"author":"xcode"}}"#.write(
            to: root.appendingPathComponent("Cat.xcassets/Contents.json"),
            atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: set.appendingPathComponent("big.bin").path, contents: nil))
        let handle = try FileHandle(forWritingTo: set.appendingPathComponent("big.bin"))
        try handle.truncate(atOffset: 3 << 30)  // sparse: no disk used
        try handle.close()
        try FileManager.default.createSymbolicLink(
            atPath: set.appendingPathComponent("Contents.json").path, withDestinationPath: "big.bin")
        let found = Self.errors(
            #"{ "canvas": { "size": [4, 4] }, "assetCatalogs": ["Cat.xcassets"], "images": { "a": { "named": "In" } }, "root": {} }"#,
            folder: root)
        #expect(
            found.contains {
                $0.contains(
                    "Contents.json: error: the file is 3221225472 bytes, more than the 1048576 a Contents.json may be")
            },
            "\(found)")
    }

    @Test func aLayoutTooLargeToSolveIsRefused() {
        // Two flush Visual Format lines of 5,000 views without sizes (10,000 constraints, the
        // limit): every edge's row holds every earlier width; 13.7 s and 3.2 GB before the bound.
        let views = (0..<4_999).map { "{ \"id\": \"v\($0)\" }" }.joined(separator: ", ")
        let line = (0..<4_999).map { "[v\($0)]" }.joined()
        let found = Self.errors(
            "{ \"canvas\": { \"size\": [100, 100] }, \"root\": { \"subviews\": [\(views)], "
                + "\"constraints\": [\"H:|\(line)|\", \"V:|\(line)|\"] } }")
        #expect(found.count == 1)
        #expect(
            found.first?.contains("the layout's solver holds") == true
                && found.first?.contains("terms, more than the 10000000 one layout may") == true,
            "\(found)")
    }
}
