import Foundation
import ImageViews
import Syntax
import Testing

@testable import ScenarioFormat

/// UIImage.animatedImageNamed(_:duration:) as `"animated": {"named": …}` (docs/SCENARIOS.md
/// §Images): every name0 … name1024 that UIImage(named:) finds, in number order, gaps skipped;
/// on the corpus's bundle (Scenarios/animation/Frames: spin0, spin1, spin2, spin4).
@Suite struct AnimatedNamedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios/animation").standardizedFileURL

    static func load(_ animated: String) -> Result<Scenario, ScenarioErrors> {
        let text = """
            { "canvas": { "size": [10, 10] }, "bundle": "Frames",
              "images": { "a": { "animated": \(animated) } }, "root": { "subviews": [] } }
            """
        return Result { () throws(ScenarioErrors) in
            try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "a.json", name: "a")
        }
    }

    @Test func theNumberedImagesThatExistAreTheFramesInOrder() throws {
        let scenario = try Self.load("{ \"named\": \"spin\", \"duration\": 2 }").get()
        let image = try #require(scenario.images.first)
        #expect(image.frames.map { $0.name } == ["spin0", "spin1", "spin2", "spin4"])
        #expect(image.duration == 2)
        #expect(image.size == Size(width: 20, height: 20) && image.frames.allSatisfy { $0.scale == 2 })
    }

    @Test func mistakesAreNamed() {
        func message(_ animated: String) -> String {
            guard case let .failure(errors) = Self.load(animated) else { return "" }
            return errors.diagnostics.map { "\($0.path): \($0.message)" }.joined(separator: "\n")
        }
        #expect(
            message("{ \"named\": \"spinner\" }").contains(
                "$.images.a.animated.named: no image named \"spinner0\", \"spinner1\", … up to \"spinner1024\""))
        #expect(
            message("{ \"named\": \"spin\", \"frames\": [] }").contains(
                "takes \"frames\" (image names) or \"named\" (a base name), not both"))
        #expect(message("{ \"duration\": 1 }").contains("or \"named\" (animatedImageNamed(_:duration:))"))
    }
}
