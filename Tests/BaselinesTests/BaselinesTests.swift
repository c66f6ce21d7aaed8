import Foundation
import PNGCodec
import Raster
import ScenarioFormat
import Testing
import TestSupport
@testable import Baselines
import Syntax

/// The repository's own corpus, its determinism, and the comparison helpers.
@Suite struct BaselinesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func options(artifacts: URL) -> RunSettings {
        RunSettings(
            scenariosFolder: repository.appendingPathComponent("Scenarios"), scenariosDisplay: "Scenarios",
            baselinesFolder: repository.appendingPathComponent("Snapshots"), artifactsFolder: artifacts)
    }

    @Test func theCorpusMatchesItsBaselines() {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ivsim-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let report = BaselineRunner.check(Self.options(artifacts: artifacts))
        #expect(report.diagnostics.isEmpty)
        #expect(report.variants.count >= 100)
        #expect(report.failedCount == 0, "\(report.lines.joined(separator: "\n"))")
        #expect(Set(report.scenarios.map(\.name)).count >= 40)
    }

    @Test func renderingTheCorpusTwiceGivesIdenticalPixelsAndNumbers() throws {
        for entry in ScenarioCatalog.entries(
            in: Self.repository.appendingPathComponent("Scenarios"), displayFolder: "Scenarios")
        {
            let scenario = try ScenarioLoader.load(entry.url, displayName: entry.displayName, name: entry.name)
            for variant in scenario.variants() {
                let first = BaselineRunner.render(scenario, variant)
                let second = BaselineRunner.render(scenario, variant)
                #expect(first.bitmap == second.bitmap, "\(entry.name) \(variant.name)")
                let a = LayoutReport.make(scenario, variant, first.scene, digest: first.digest, pngCRC32: nil).text()
                let b = LayoutReport.make(scenario, variant, second.scene, digest: second.digest, pngCRC32: nil).text()
                #expect(a == b, "\(entry.name) \(variant.name)")
            }
        }
    }

    @Test func theReportGivesEveryTraitTheLevelIncluded() throws {
        let scenario = try ScenarioLoader.parse(
            Array(
                """
                { "canvas": { "size": [4, 4] }, "root": {}, "variants": { "matrix": { "userInterfaceLevel": ["base", "elevated"] } } }
                """.utf8), folder: Self.repository, displayName: "level.json", name: "level")
        let variants = scenario.variants()
        let rendered = BaselineRunner.render(scenario, variants[1])
        let report = LayoutReport.make(scenario, variants[1], rendered.scene, digest: rendered.digest, pngCRC32: nil)
            .text()
        #expect(
            report.contains(
                """
                    "accessibilityContrast": "normal",
                    "userInterfaceLevel": "elevated"
                  },
                """))
    }

    @Test func xxh64MatchesTheReferenceVectors() {
        // Vectors from the reference implementation (python-xxhash).
        func digest(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { PixelDigest.xxh64($0) } }
        #expect(digest([]) == 0xEF46_DB37_51D8_E999)
        #expect(digest(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(digest(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(digest(Array((0..<768).map { UInt8($0 % 256) })) == 0x8E03_C838_C596_036F)
    }

    @Test func layoutDifferencesNameThePathsAndViewsById() throws {
        let recorded = try JSONParser.parse(
            """
            {"a": [1, {"b": 2}], "c": "x", "pixels": 1, "views": [{"id": "hero", "frame": [0, 0, 4, 4]}, {"id": null, "frame": [1]}]}
            """)
        let views: JSONOutput = .array([
            .object([("id", .string("hero")), ("frame", .array([0, 0, 4, 4].map { .number($0) }))]),
            .object([("id", .null), ("frame", .array([.number(1)]))])
        ])
        let same: JSONOutput = .object([
            ("c", .string("x")), ("a", .array([.number(1), .object([("b", .number(2))])])), ("views", views)
        ])
        #expect(layoutDifferences(recorded: recorded, actual: same, ignoring: ["pixels"]).isEmpty)
        let changedViews: JSONOutput = .array([
            .object([("id", .string("hero")), ("frame", .array([0, 0, 4.5, 4].map { .number($0) }))]),
            .object([("id", .null), ("frame", .array([.number(2)]))])
        ])
        let changed: JSONOutput = .object([
            ("a", .array([.number(1), .object([("b", .number(2.5))])])), ("c", .string("y")),
            ("views", changedViews), ("new", .bool(true))
        ])
        #expect(
            layoutDifferences(recorded: recorded, actual: changed, ignoring: ["pixels"]).map(\.description) == [
                "$.a[1].b: expected 2, got 2.5", "$.c: expected \"x\", got \"y\"",
                "$.views[id=hero].frame[2]: expected 4, got 4.5",
                "$.views[1].frame[0]: expected 1, got 2", "$.new: missing in the baseline, got true"
            ])
        #expect(layoutDifferences(recorded: recorded, actual: changed, ignoring: ["pixels"], limit: 2).count == 2)
        let shorter: JSONOutput = .object([("a", .array([.number(1)])), ("c", .string("x")), ("views", views)])
        #expect(
            layoutDifferences(recorded: recorded, actual: shorter, ignoring: ["pixels"]).map(\.description)
                == ["$.a: expected 2 elements, got 1"])
        let missing: JSONOutput = .object([("a", .array([.number(1), .object([("b", .number(2))])])), ("views", views)])
        #expect(
            layoutDifferences(recorded: recorded, actual: missing, ignoring: ["pixels"]).map(\.description)
                == ["$.c: expected \"x\", no longer produced"])
    }

    @Test func markupEscapesForXMLAndHTML() {
        #expect(Markup.escape("a<b>&\"c\" 'd'") == "a&lt;b&gt;&amp;&quot;c&quot; &#39;d&#39;")
        #expect(Markup.escape("x\ny\tz\u{1}\u{FFFE}é") == "x&#10;y&#9;z\u{FFFD}\u{FFFD}é")
    }

    @Test func pixelDifferenceCountsAndLocates() {
        let expected = RGBAImage(width: 2, height: 2, pixels: [0, 0, 0, 255, 1, 2, 3, 255, 9, 9, 9, 255, 0, 0, 0, 0])
        var actual = expected
        actual.pixels[6] = 13
        actual.pixels[15] = 1
        let difference = PixelDifference.compare(expected: expected, actual: actual)
        #expect(
            difference.summary
                == "2 of 4 pixels differ (max channel delta 10), first at (1, 0): expected #010203FF, got #01020DFF")
        let diff = PixelDifference.diffImage(expected: expected, actual: actual)
        #expect(diff[1, 0] == (255, 0, 255, 255))
        #expect(diff[0, 0] == (192, 192, 192, 255))  // opaque black: luma 0 → 192, the darkest grey
        let bigger = RGBAImage(width: 3, height: 2)
        #expect(
            PixelDifference.compare(expected: expected, actual: bigger).summary
                == "size differs: expected 2×2 pixels, got 3×2")
    }
}
