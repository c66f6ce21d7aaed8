import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// The `path` generator (docs/SCENARIOS.md `generate`): SVG path data filled with a colour.
@Suite struct PathGeneratorTests {
    static func load(_ path: String) throws(ScenarioErrors) -> Scenario {
        let text = """
            { "canvas": { "size": [10, 10] }, "images": { "p": { "generate": { "path": \(path) } } }, "root": { "subviews": [] } }
            """
        return try ScenarioLoader.parse(
            Array(text.utf8), folder: FileManager.default.temporaryDirectory, displayName: "p.json", name: "p")
    }

    @Test func aFillIsTheColourWithCoverageAsAlpha() throws {
        // A rectangle from x = 0.5 to 2 over one row, colour alpha 0x80: pixel 0 half covered.
        let scenario = try Self.load("{ \"size\": [3, 1], \"d\": \"M0.5 0 H2 V1 H0.5 Z\", \"color\": \"#FF000080\" }")
        let pixels = scenario.images[0].pixels.bitmap.straightRGBA
        // Alpha ⌊128 · 128 / 255 + ½⌋ = 64, then 128, then 0.
        #expect(pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element) == [64, 128, 0])
    }

    @Test func theFillRuleIsAKey() throws {
        let twice = "M0 0 H2 V2 H0 Z M0 0 H2 V2 H0 Z"
        let nonZero = try Self.load("{ \"size\": [2, 2], \"d\": \"\(twice)\", \"color\": \"#000000\" }").images[0]
            .pixels.bitmap.straightRGBA
        let evenOdd = try Self.load(
            "{ \"size\": [2, 2], \"d\": \"\(twice)\", \"color\": \"#000000\", \"fillRule\": \"evenOdd\" }"
        )
        .images[0].pixels.bitmap.straightRGBA
        #expect(nonZero[3] == 255 && evenOdd[3] == 0)
    }

    @Test func refusalsNameTheKey() {
        let huge = (0..<1_000).map { _ in "C 60000 60000 -60000 60000 0 0" }.joined(separator: " ")
        for (path, message) in [
            (
                "{ \"size\": [4, 4], \"d\": \"M0 0 A 1 1 0 0 2 2 2\", \"color\": \"#000000\" }",
                "path data, at character 16: an arc flag (0 or 1)"
            ),
            ("{ \"size\": [4, 4], \"d\": \"M0 0 \(huge)\", \"color\": \"#000000\" }", "flattens to 1024001 lines"),
            ("{ \"size\": [4, 4], \"d\": \"M0 0 L1 1\", \"colour\": \"#000000\" }", "did you mean \"color\"")
        ] {
            do {
                _ = try Self.load(path)
                Issue.record("\(path.prefix(60)) loaded")
            } catch {
                #expect(
                    error.diagnostics.contains { $0.message.contains(message) }, "\(error.diagnostics.map(\.message))")
            }
        }
    }
}
