import Foundation
import ImageViews
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// Device presets: one word sets the canvas, the safe area and the traits, per orientation and
/// per variant of the matrix (docs/DEVICES.md).
@Suite struct DeviceScenarioTests {
    static func load(_ canvas: String, traits: String = "", matrix: String? = nil) throws(ScenarioErrors) -> Scenario {
        let text = """
            {
              "canvas": { \(canvas) },\(traits)
              "root": { "subviews": [] }\(matrix.map { ",\n  \"variants\": { \"matrix\": { \($0) } }" } ?? "")
            }
            """
        return try ScenarioLoader.parse(Array(text.utf8), folder: fixture.directory, displayName: "d.json", name: "d")
    }

    static func errors(_ canvas: String, traits: String = "", matrix: String? = nil) -> [String] {
        do {
            _ = try load(canvas, traits: traits, matrix: matrix)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aDeviceSetsTheCanvasTheSafeAreaAndTheTraits() throws {
        let variants = try Self.load(
            "\"device\": \"iPhone 15 Pro\"", matrix: "\"orientation\": [\"portrait\", \"landscape\"]"
        ).variants()
        #expect(variants.map(\.name) == ["portrait", "landscape"])
        #expect(variants.map(\.canvasSize) == [Size(width: 393, height: 852), Size(width: 852, height: 393)])
        #expect(
            variants.map(\.safeAreaInsets) == [
                EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
                EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)
            ])
        #expect(variants.map(\.traits.displayScale) == [3, 3])
        #expect(variants.map(\.traits.verticalSizeClass) == [.regular, .compact])
        #expect(variants.map(\.traits.horizontalSizeClass) == [.compact, .compact])
        // The Max phones are regular width in landscape; iPads regular both ways, at 2x.
        let max = try Self.load("\"device\": \"iPhone 16 Pro Max\", \"orientation\": \"landscape\"").variants()[0]
        #expect(max.traits.horizontalSizeClass == .regular && max.canvasSize == Size(width: 956, height: 440))
        let pad = try Self.load("\"device\": \"iPad Pro 13-inch (M4)\", \"orientation\": \"landscape\"").variants()[0]
        #expect(
            pad.traits.userInterfaceIdiom == .pad && pad.traits.displayScale == 2
                && pad.traits.horizontalSizeClass == .regular
                && pad.traits.verticalSizeClass == .regular
                && pad.safeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        let se = try Self.load("\"device\": \"iPhone SE (3rd generation)\"")
        let scene = se.scene(for: se.variants()[0])
        #expect(scene.layout.pixelWidth == 750 && scene.layout.safeAreaInsets.top == 20)
    }

    @Test func theMatrixVariesDevicesLikeTraits() throws {
        let variants = try Self.load(
            "",
            matrix:
                "\"device\": [\"iPhone 16\", \"iPad mini (6th generation)\"], \"userInterfaceStyle\": [\"light\", \"dark\"]"
        )
        .variants()
        #expect(
            variants.map(\.name) == [
                "iPhone16-light", "iPhone16-dark", "iPadmini6thgeneration-light", "iPadmini6thgeneration-dark"
            ])
        #expect(variants.map(\.canvasSize.width) == [393, 393, 744, 744])
    }

    @Test func everyDeviceIsInTheDocumentation() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: repository.appendingPathComponent("docs/DEVICES.md"), encoding: .utf8)
        for device in DevicePresets.all {
            let s = device.size, p = device.portraitSafeArea, l = device.landscapeSafeArea
            let row =
                "| \(device.name) | \(labelNumber(s.width)) × \(labelNumber(s.height)) | \(device.displayScale) | "
                + [p, l].map { [$0.top, $0.left, $0.bottom, $0.right].map(labelNumber).joined(separator: ", ") }.joined(
                    separator: " | ")
            #expect(doc.contains(row), "docs/DEVICES.md lacks \(row)")
        }
    }

    @Test func mistakesGetTheUsualMessages() {
        #expect(
            Self.errors("\"device\": \"iPhone 15 Pr\"").first?.contains(
                "unknown device \"iPhone 15 Pr\" (did you mean \"iPhone 15 Pro\"?)") == true)
        #expect(
            Self.errors("\"device\": \"iPhone 15\", \"size\": [10, 10]").first?.contains(
                "the device sets the canvas's size: remove \"size\"") == true)
        #expect(
            Self.errors("\"size\": [10, 10], \"orientation\": \"landscape\"").first?.contains(
                "an orientation needs a device") == true)
        #expect(
            Self.errors("\"device\": \"iPhone 15\", \"orientation\": \"landscap\"").first?
                .contains("unknown orientation \"landscap\" (did you mean \"landscape\"?)") == true)
        #expect(
            Self.errors("\"device\": \"iPhone 15\"", traits: "\n  \"traits\": { \"displayScale\": 2 },").first?
                .contains("the device sets \"displayScale\": remove it from the traits") == true)
        #expect(
            Self.errors("\"size\": [10, 10]", matrix: "\"orientation\": [\"landscape\"]").first?
                .contains("the variant matrix varies the orientation, which needs a device") == true)
        #expect(Self.errors("\"background\": \"#FFFFFF\"").first?.contains("\"size\"") == true)
    }
}
