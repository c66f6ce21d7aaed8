import AssetCatalogs
import Foundation
import ImageViews
import Raster
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// What valid scenarios turn into: frames, images, variants and states.
@Suite struct ScenarioLoadingTests {
    static func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(Array(text.utf8), folder: fixture.directory, displayName: "case.json", name: "case")
    }

    /// `"integral": true`: view.frame = view.frame.integral once placed — the chapter centres a
    /// view, then makes its frame integral (origin rounded down, far edges up; an empty side stays
    /// empty), also for a frame sized to fit in each variant.
    @Test func integralFramesAreCGRectIntegral() throws {
        let scenario = try Self.load(
            """
            {
              "canvas": { "size": [100, 100] },
              "images": { "dot": { "generate": { "solid": { "size": [21, 11], "color": "#FF0000" } } } },
              "root": { "subviews": [
                { "id": "a", "type": "imageView", "center": [50.3, 20.7], "sizeToFit": true, "image": "dot", "integral": true },
                { "id": "b", "type": "imageView", "center": [50.3, 20.7], "sizeToFit": true, "image": "dot" },
                { "id": "c", "frame": [1.5, -2.25, 10, 10.5], "integral": true },
                { "id": "d", "origin": [3.5, 4.5], "size": [0, 2], "integral": true }
              ] }
            }
            """)
        let frames = scenario.scene(for: scenario.variants()[0]).layout.views.dropFirst().map(\.frame)
        #expect(
            frames == [
                Rect(x: 39, y: 15, width: 22, height: 12), Rect(x: 39.8, y: 15.2, width: 21, height: 11),
                Rect(x: 1, y: -3, width: 11, height: 12), Rect(x: 3, y: 4, width: 0, height: 3)
            ])
        #expect(throws: ScenarioErrors.self) {
            try Self.load(
                """
                { "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "id": "x", "integral": true } ] } }
                """)
        }
    }

    @Test func positioningForms() throws {
        let scenario = try Self.load(
            """
            {
              "canvas": { "size": [100, 100] },
              "images": { "icon": { "file": "assets/icon@2x.png" } },
              "root": { "subviews": [
                { "id": "a", "type": "imageView", "center": [50, 50], "sizeToFit": true, "image": "icon" },
                { "id": "b", "type": "imageView", "origin": [3, 4], "sizeToFit": true, "image": "icon" },
                { "id": "c", "type": "imageView", "sizeToFit": true, "image": "icon" },
                { "id": "d", "center": [10, 10], "size": [5, 7] },
                { "id": "e", "origin": [1, 2], "size": [3, 4] }
              ] }
            }
            """)
        // icon@2x.png is 32 × 32 pixels at scale 2: 16 × 16 points.
        #expect(scenario.images[0].scale == 2)
        let frames = scenario.root.subviews.map(\.frame)
        #expect(
            frames == [
                Rect(x: 42, y: 42, width: 16, height: 16), Rect(x: 3, y: 4, width: 16, height: 16),
                Rect(x: 0, y: 0, width: 16, height: 16), Rect(x: 7.5, y: 6.5, width: 5, height: 7),
                Rect(x: 1, y: 2, width: 3, height: 4)
            ])
    }

    @Test func variantsExpandInAFixedOrder() throws {
        let scenario = try Self.load(
            """
            {
              "canvas": { "size": [10, 10] },
              "images": { "dot": { "generate": { "solid": { "size": [1, 1], "color": "#000000" } } } },
              "root": { "subviews": [ { "id": "v", "type": "imageView", "frame": [0, 0, 1, 1], "image": "dot" } ] },
              "variants": {
                "matrix": { "displayScale": [1, 3], "userInterfaceStyle": ["light", "dark"] },
                "states": [ { "name": "highlighted", "set": { "v.isHighlighted": true, "v.contentMode": "center" } } ]
              }
            }
            """)
        let variants = scenario.variants()
        #expect(
            variants.map(\.name) == [
                "scale1-light", "scale1-light-highlighted", "scale1-dark", "scale1-dark-highlighted",
                "scale3-light", "scale3-light-highlighted", "scale3-dark", "scale3-dark-highlighted"
            ])
        let highlighted = scenario.scene(for: variants[1]).layout.views[1].imageView
        #expect(highlighted?.isHighlighted == true && highlighted?.contentMode == .center)
        #expect(scenario.scene(for: variants[0]).layout.views[1].imageView?.isHighlighted == false)
        #expect(variants[7].traits == Traits(displayScale: 3, userInterfaceStyle: .dark))
    }

    @Test func theInterfaceLevelIsATraitLikeTheOthers() throws {
        let scenario = try Self.load(
            """
            {
              "canvas": { "size": [10, 10] },
              "traits": { "userInterfaceLevel": "elevated" },
              "root": {},
              "variants": { "matrix": { "accessibilityContrast": ["normal", "high"], "userInterfaceLevel": ["base", "elevated"] } }
            }
            """)
        #expect(scenario.traits.userInterfaceLevel == .elevated)
        let variants = scenario.variants()
        #expect(
            variants.map(\.name) == [
                "normalContrast-baseLevel", "normalContrast-elevatedLevel",
                "highContrast-baseLevel", "highContrast-elevatedLevel"
            ])
        #expect(variants.map(\.traits.userInterfaceLevel) == [.base, .elevated, .base, .elevated])
        #expect(variants[3].traits == Traits(accessibilityContrast: .high, userInterfaceLevel: .elevated))
        #expect(try Self.load("{ \"canvas\": { \"size\": [4, 4] }, \"root\": {} }").traits.userInterfaceLevel == .base)
        #expect(
            ScenarioTraits.keys.suffix(2) == ["userInterfaceLevel", "preferredContentSizeCategory"]
                && ScenarioTraits.values(of: "userInterfaceLevel") == ["base", "elevated"])
    }

    @Test func aScenarioWithoutVariantsHasOneCalledDefault() throws {
        let scenario = try Self.load("{ \"canvas\": { \"size\": [4, 4] }, \"root\": {} }")
        #expect(scenario.variants().map(\.name) == ["default"])
    }

    @Test func derivedImagesShareThePixels() throws {
        let scenario = try Self.load(
            """
            { "canvas": { "size": [4, 4] }, "root": {},
              "images": { "photo": { "file": "assets/photo.png" }, "photo3x": { "from": "photo", "scale": 3 } } }
            """)
        #expect(scenario.images.map(\.name) == ["photo", "photo3x"])
        #expect(scenario.images[0].pixels === scenario.images[1].pixels)
        #expect(scenario.images[1].size == Size(width: 32.0 / 3, height: 32.0 / 3))
    }

    @Test func imageMethodKeysApplyInOrderOnAnySource() throws {
        let scenario = try Self.load(
            """
            { "canvas": { "size": [4, 4] },
              "images": {
                "grid": { "generate": { "indexGrid": { "size": [6, 4] } }, "scale": 2, "orientation": "left", "horizontallyFlipped": true,
                          "capInsets": { "left": 1, "right": 0.5 }, "alignmentRectInsets": [0.5, 0, 0, 1],
                          "renderingMode": "alwaysTemplate", "tintColor": "systemRed", "flipsForRightToLeftLayoutDirection": true },
                "stretched": { "from": "grid", "resizingMode": "stretch", "renderingMode": "automatic" },
                "spin": { "animated": { "frames": ["grid", "stretched"] } },
                "spinOriginal": { "animated": { "frames": ["grid", "stretched"], "duration": 2 }, "renderingMode": "alwaysOriginal" }
              },
              "root": { "subviews": [ { "id": "v", "type": "imageView", "frame": [0, 0, 2, 2], "image": "spin",
                                        "animationImages": ["grid", "stretched"], "highlightedAnimationImages": ["stretched"],
                                        "animationDuration": 0.5, "animationRepeatCount": 3, "isAnimating": true, "animationTime": 0.25 } ] } }
            """)
        let grid = scenario.images[0], stretched = scenario.images[1], spin = scenario.images[2]
        // left, then flipped horizontally: leftMirrored; the oriented size is 4 × 6 px = 2 × 3 pt.
        #expect(grid.orientation == .leftMirrored && grid.size == Size(width: 2, height: 3))
        #expect(grid.capInsets == EdgeInsets(top: 0, left: 1, bottom: 0, right: 0.5) && grid.resizingMode == .tile)
        #expect(grid.alignmentRectInsets == EdgeInsets(top: 0.5, left: 0, bottom: 0, right: 1))
        #expect(
            grid.renderingMode == .alwaysTemplate && grid.tintColor == Color.system("systemRed")
                && grid.flipsForRightToLeftLayoutDirection)
        // `from` keeps every change of its base and applies its own.
        #expect(
            stretched.capInsets == grid.capInsets && stretched.resizingMode == .stretch
                && stretched.renderingMode == .automatic)
        #expect(stretched.orientation == .leftMirrored && stretched.pixels === grid.pixels)
        // An animated image without a duration has duration 0 (it never plays by itself); its size
        // is the first frame's.
        #expect(spin.frames.count == 2 && spin.duration == 0 && spin.size == grid.size)
        // A method applied to an animated image applies to the frames an image view shows.
        let spinOriginal = scenario.images[3]
        #expect(
            spinOriginal.duration == 2 && spinOriginal.renderingMode == .alwaysOriginal
                && spinOriginal.frames.allSatisfy { $0.renderingMode == .alwaysOriginal })
        let view = try #require(scenario.root.subviews[0].imageView)
        #expect(
            view.animationImages.map(\.name) == ["grid", "stretched"]
                && view.highlightedAnimationImages.map(\.name) == ["stretched"])
        #expect(
            view.animationDuration == 0.5 && view.animationRepeatCount == 3 && view.isAnimating == true
                && view.animationTime == 0.25)
    }

    @Test func generatedGradientAndIndexGrid() {
        // 4 pixels from 0 to 255: centres at 1/8, 3/8, 5/8, 7/8 → 32, 96, 159, 223 (half up).
        let gradient = ImageGenerator.linearGradient(
            width: 4, height: 1, colors: (RGBA(r: 0, g: 0, b: 0), RGBA(r: 255, g: 255, b: 255)),
            vertical: false)
        #expect(stride(from: 0, to: 16, by: 4).map { gradient[$0] } == [32, 96, 159, 223])
        let grid = ImageGenerator.indexGrid(width: 300, height: 260)
        var seen = Set<UInt32>()
        for i in 0..<(300 * 260) {
            seen.insert(UInt32(grid[i * 4]) | UInt32(grid[i * 4 + 1]) << 8 | UInt32(grid[i * 4 + 2]) << 16)
        }
        #expect(seen.count == 300 * 260)
    }

    @Test func assetScaleComesFromTheName() {
        #expect(AssetFile.scale(fromName: "pic@2x.png") == 2)
        #expect(AssetFile.scale(fromName: "pic@3x~ipad.png") == 3)
        #expect(AssetFile.scale(fromName: "pic.png") == 1)
        #expect(AssetFile.scale(fromName: "pic@2x-old.png") == 1)
    }

    @Test func schemaMatchesTheCommittedFileAndTheReader() throws {
        let committed = try String(
            contentsOf: fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Scenarios/scenario.schema.json"), encoding: .utf8)
        #expect(
            committed == ScenarioSchema.document().text(),
            "run `swift run ivsim schema > Scenarios/scenario.schema.json`")
        let schema = try JSONParser.parse(committed)
        func keys(_ path: [String]) -> [String] {
            var node = schema
            for key in path {
                guard case let .object(members) = node.value, let next = members.first(where: { $0.key == key }) else {
                    return []
                }
                node = next.value
            }
            guard case let .object(members) = node.value else { return [] }
            return members.map(\.key)
        }
        #expect(keys(["properties"]) == ScenarioKeys.document)
        #expect(keys(["$defs", "view", "properties"]) == ScenarioKeys.view)
        #expect(keys(["$defs", "root", "properties"]) == ScenarioKeys.root)
        #expect(keys(["$defs", "canvas", "properties"]) == ScenarioKeys.canvas)
        #expect(keys(["$defs", "imageSource", "properties"]) == ScenarioKeys.imageSource)
    }
}

/// The JSON reader keeps positions, order and exact numbers.
@Suite struct JSONTests {
    @Test func positionsAndPaths() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, {\"b c\": true}]\n}")
        guard case let .object(members) = node.value, case let .array(items) = members[0].value.value,
            case let .object(inner) = items[1].value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(items[1].location == SourceLocation(line: 2, column: 12))
        #expect(inner[0].value.path == "$.a[1][\"b c\"]")
    }

    @Test func numbersRoundTripExactly() throws {
        for text in ["0.1", "13.571428571428571", "-5", "1e-7", "92.85714285714286", "123456789012"] {
            guard case let .number(n) = try JSONParser.parse(text).value else { continue }
            #expect(JSONOutput.format(n) == (text == "1e-7" ? "1e-07" : text))
        }
        #expect(JSONOutput.format(-0.0) == "0")
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }

    @Test func escapesAndUnicode() throws {
        let node = try JSONParser.parse("\"a\\u00e9\\ud83d\\ude00\\n\"")
        #expect(node.value == .string("aé😀\n"))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("\"\\ud83d\"") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func writtenStringsEscapeExactlyWhatJSONRequiresAndReadBack() throws {
        let text = "plain \"quoted\" back\\slash\ttab\nline\r\u{01}\u{1F}\u{7F} é 😀 / end"
        let written = JSONOutput.string(text).text()
        #expect(written == "\"plain \\\"quoted\\\" back\\\\slash\\ttab\\nline\\r\\u0001\\u001F\u{7F} é 😀 / end\"\n")
        #expect(try JSONParser.parse(Array(written.utf8)).value == .string(text))
        // Strings without escapes take the parser's one-piece path; with them, the general one.
        #expect(try JSONParser.parse("\"héllo wörld\"").value == .string("héllo wörld"))
    }
}
