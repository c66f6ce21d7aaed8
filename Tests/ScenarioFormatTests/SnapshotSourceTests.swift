import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// `snapshot` image sources and layer corners (docs/DRAWING.md §Snapshots, docs/LAYOUT.md).
@Suite struct SnapshotSourceTests {
    static func load(_ images: String, subviews: String, extra: String = "") throws(ScenarioErrors) -> Scenario {
        let text = """
            { "canvas": { "size": [40, 30] }, "traits": { "displayScale": 2 },\(extra)
              "images": { \(images) },
              "root": { "subviews": [\(subviews)] } }
            """
        return try ScenarioLoader.parse(
            Array(text.utf8), folder: FileManager.default.temporaryDirectory, displayName: "s.json", name: "s")
    }

    static func refusal(
        _ images: String, subviews: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try load(images, subviews: subviews)
            Issue.record("loaded", sourceLocation: sourceLocation)
        } catch {
            #expect(
                error.diagnostics.contains { $0.message.contains(message) }, "\(error.diagnostics)",
                sourceLocation: sourceLocation)
        }
    }

    static let card = """
        { "id": "card", "type": "view", "frame": [2, 3, 10, 8], "backgroundColor": "#FF0000",
          "subviews": [{ "type": "view", "frame": [5, 0, 5, 8], "backgroundColor": "#0000FF" }] }
        """

    @Test func aSnapshotIsTheViewAsLaidOutInItsOwnCoordinates() throws {
        let scenario = try Self.load(
            "\"s\": { \"snapshot\": { \"view\": \"card\" } }, \"top\": { \"snapshot\": { \"view\": \"card\", \"rect\": [5, 0, 5, 4], \"scale\": 1 } }",
            subviews: Self.card + """
                , { "id": "shown", "type": "imageView", "image": "s", "origin": [20, 0], "sizeToFit": true },
                  { "id": "part", "type": "imageView", "image": "top", "origin": [20, 20], "sizeToFit": true }
                """)
        let variant = scenario.variants()[0]
        let scene = scenario.scene(for: variant)
        let shown = try #require(scene.layout.views.first { $0.id == "shown" })
        // Sized to fit the snapshot: the card's 10 × 8 points (20 × 16 pixels at the screen's 2x).
        #expect(shown.frame.size == Size(width: 10, height: 8))
        let part = try #require(scene.layout.views.first { $0.id == "part" })
        #expect(part.frame.size == Size(width: 5, height: 4))
        let bitmap = scene.render()
        // The snapshot shows the card where the image view is: red left half, blue right half.
        #expect(bitmap[2 * 20 + 1, 1] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap[2 * 20 + 19, 15] == PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        // The rect: the card's top right quarter, all blue, at scale 1 (each pixel 2 × 2 on screen).
        #expect(bitmap[2 * 20 + 1, 2 * 20 + 1] == PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
    }

    /// resizableSnapshotView(from:afterScreenUpdates:withCapInsets:): the snapshot shown wider
    /// stretches between its insets only: the card's left 3 points (red) stay 3 points, its right
    /// 3 (blue) stay 3, the middle stretches; the image view reports nine slices.
    @Test func aResizableSnapshotStretchesBetweenItsInsets() throws {
        let scenario = try Self.load(
            "\"s\": { \"snapshot\": { \"view\": \"card\", \"capInsets\": [2, 3, 2, 3] } }",
            subviews: Self.card + """
                , { "id": "wide", "type": "imageView", "image": "s", "frame": [14, 14, 24, 8] }
                """)
        let scene = scenario.scene(for: scenario.variants()[0])
        let wide = try #require(scene.layout.views.first { $0.id == "wide" }?.imageView)
        #expect(wide.slices.count == 9)
        let bitmap = scene.render()
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)
        let blue = PremultipliedColor(r: 0, g: 0, b: 255, a: 255)
        // Device pixels (2x): the view spans x 28…76. Left cap 0…3 pt red; the stretched middle
        // (the card's x 3…7: red then blue) fills 3…21 pt, half each; right cap 21…24 pt blue.
        #expect(bitmap[2 * 14 + 5, 2 * 18] == red)  // 2.5 pt in: the left cap
        #expect(bitmap[2 * 14 + 45, 2 * 18] == blue)  // 22.5 pt in: the right cap
        #expect(bitmap[2 * 14 + 2 * 8, 2 * 18] == red)  // 8 pt in: the stretched middle's red part
        #expect(bitmap[2 * 14 + 2 * 16, 2 * 18] == blue)  // 16 pt in: its blue part
        Self.refusal(
            "\"s\": { \"snapshot\": { \"view\": \"card\", \"capInsets\": [-1, 0, 0, 0] } }", subviews: Self.card,
            "-1 is out of range: expected a number from 0")
    }

    @Test func snapshotsOfSnapshotsAreMadeInOrder() throws {
        // "outer" draws the holder, which shows "inner": inner is made first, whatever the file order.
        let scenario = try Self.load(
            "\"outer\": { \"snapshot\": { \"view\": \"holder\" } }, \"inner\": { \"snapshot\": { \"view\": \"card\" } }",
            subviews: Self.card + """
                , { "id": "holder", "type": "imageView", "image": "inner", "frame": [0, 15, 10, 8] },
                  { "id": "last", "type": "imageView", "image": "outer", "frame": [20, 15, 10, 8] }
                """)
        #expect(scenario.snapshots.map(\.name) == ["inner", "outer"])
        let bitmap = scenario.scene(for: scenario.variants()[0]).render()
        #expect(bitmap[2 * 20 + 1, 2 * 15 + 1] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func refusals() {
        Self.refusal(
            "\"s\": { \"snapshot\": { \"view\": \"crad\" } }", subviews: Self.card,
            "no view has the id \"crad\" (did you mean \"card\"?)")
        Self.refusal(
            "\"s\": { \"snapshot\": { \"view\": \"card\" } }",
            subviews: """
                { "id": "card", "type": "imageView", "image": "s", "frame": [0, 0, 10, 10] }
                """, "cycle")
        Self.refusal(
            "\"s\": { \"snapshot\": { \"view\": \"card\" } }, \"t\": { \"from\": \"s\" }", subviews: Self.card,
            "no image can be made from it")
        Self.refusal(
            "\"s\": { \"snapshot\": { \"view\": \"card\" }, \"scale\": 2 }", subviews: Self.card,
            "does not apply to a snapshot")
        Self.refusal(
            "\"s\": { \"snapshot\": { \"view\": \"card\" } }",
            subviews: """
                { "id": "card", "type": "view", "frame": [0, 0, 0, 10] }
                """, "has no area")
        Self.refusal(
            "",
            subviews: """
                { "type": "view", "frame": [0, 0, 10, 10], "cornerRadius": 4, "cornerCurve": "squircle" }
                """, "unknown corner curve \"squircle\" (expected one of: circular, continuous)")
    }

    @Test func layerPropertiesReachTheDisplayListAndStatesSetThem() throws {
        let scenario = try Self.load(
            "",
            subviews: """
                { "id": "v", "type": "view", "frame": [1, 1, 20, 10], "backgroundColor": "#00FF00", "cornerRadius": 4,
                  "maskedCorners": ["topLeft", "layerMaxXMaxYCorner"], "borderWidth": 1, "clipsToBounds": true }
                """,
            extra: """
                 "variants": { "states": [{ "name": "square", "set": { "v.cornerRadius": 0, "v.borderColor": "#FF0000" } }] },
                """)
        let variants = scenario.variants()
        let rounded = scenario.scene(for: variants[0]).displayList.commands
        let shape = RoundedRect(
            rect: DeviceRect(x: 2, y: 2, width: 40, height: 20), radius: 8 * 256, corners: [.topLeft, .bottomRight])
        #expect(rounded.contains(.pushRoundedClip(shape)))
        #expect(rounded.contains(.border(shape, width: 2 * 256, PremultipliedColor(r: 0, g: 0, b: 0, a: 255))))
        let square = scenario.scene(for: variants[1]).displayList.commands
        #expect(square.contains(.pushClip(shape.rect)))
        #expect(
            square.contains(
                .border(
                    RoundedRect(rect: shape.rect, radius: 0), width: 512,
                    PremultipliedColor(r: 255, g: 0, b: 0, a: 255))))
    }
}
