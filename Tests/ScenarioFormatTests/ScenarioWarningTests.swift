import Foundation
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// Warnings that do not stop a scenario (docs/LAYOUT.md §Image warnings, docs/ASSETS.md): where
/// they point, how a scenario acknowledges what it means, and --strict.
@Suite struct ScenarioWarningTests {
    /// A 10 × 10 image stretched to 20 × 20 on a 1x screen, with `view` and `top` added to the
    /// view's and the document's keys.
    static func text(view: String = "", top: String = "") -> String {
        """
        { "canvas": { "size": [40, 40] }, "traits": { "displayScale": 1 },\(top)
          "images": { "a": { "generate": { "solid": { "size": [10, 10], "color": "#FF0000" } } } },
          "root": { "subviews": [ { "type": "imageView", "frame": [0, 0, 20, 20], "image": "a"\(view) } ] } }
        """
    }

    static func load(_ text: String, strict: Bool = false) throws(ScenarioErrors) -> Scenario {
        try ScenarioLoader.parse(
            Array(text.utf8), folder: fixture.directory, displayName: "w.json", name: "w", strict: strict)
    }

    @Test func aResampledImageWarnsAtItsView() throws {
        let scenario = try Self.load(Self.text())
        #expect(
            scenario.warnings.map(\.description) == [
                "w.json:3:27: warning: $.root.subviews[0]: resampled image: drawn at 2× its pixel size (yellow under the simulator's Color "
                    + "Misaligned Images); if it is meant, add \"resampled\" to the view's \"acknowledgedWarnings\""
            ])
    }

    @Test func acknowledgedWarningsAreQuietButStayInTheReport() throws {
        let onView = try Self.load(Self.text(view: ", \"acknowledgedWarnings\": [\"resampled\"]"))
        let onScenario = try Self.load(Self.text(top: " \"acknowledgedWarnings\": [\"resampled\"],"))
        #expect(onView.warnings.isEmpty && onScenario.warnings.isEmpty)
        let layout = onView.scene(for: onView.variants()[0]).layout
        #expect(layout.views[1].imageView?.warnings.map(\.kind) == ["resampled"])
        // Acknowledging another kind does not hide this one.
        #expect(try Self.load(Self.text(view: ", \"acknowledgedWarnings\": [\"oversized\"]")).warnings.count == 1)
    }

    @Test func strictMakesThemErrorsAndKindsAreChecked() {
        do {
            _ = try Self.load(Self.text(), strict: true)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "w.json:3:27: error: $.root.subviews[0]: resampled image: drawn at 2× its pixel size (yellow under the simulator's Color "
                        + "Misaligned Images); if it is meant, add \"resampled\" to the view's \"acknowledgedWarnings\" (an error with --strict)"
                ])
        }
        do {
            _ = try Self.load(Self.text(view: ", \"acknowledgedWarnings\": [\"resampeld\"]"))
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.first?.message.hasPrefix(
                    "unknown warning kind \"resampeld\" (did you mean \"resampled\"?)") == true)
        }
    }

    /// UIView.isOpaque: kept and reported (only when set), drawing unchanged, and a warning of kind
    /// "opaque" when it is true over a background that is not opaque everywhere.
    @Test func anOpaqueViewWithoutAnOpaqueBackgroundIsWarnedAbout() throws {
        func load(_ view: String, top: String = "") throws(ScenarioErrors) -> Scenario {
            try Self.load(
                """
                { "canvas": { "size": [40, 40] },\(top) "root": { "subviews": [ { "id": "a", "frame": [0, 0, 10, 10]\(view) } ] } }
                """)
        }
        #expect(try load(", \"isOpaque\": true").warnings.map(\.kind) == ["opaque"])
        #expect(try load(", \"isOpaque\": true, \"backgroundColor\": \"#FF000080\"").warnings.map(\.kind) == ["opaque"])
        #expect(try load(", \"isOpaque\": true, \"backgroundColor\": \"systemBackground\"").warnings.isEmpty)
        #expect(try load(", \"isOpaque\": false").warnings.isEmpty)
        #expect(try load(", \"isOpaque\": true, \"acknowledgedWarnings\": [\"opaque\"]").warnings.isEmpty)
        #expect(try load(", \"isOpaque\": true", top: " \"acknowledgedWarnings\": [\"opaque\"],").warnings.isEmpty)
        let scenario = try load(", \"isOpaque\": true, \"backgroundColor\": \"#FF000080\"")
        let plain = try load(", \"backgroundColor\": \"#FF000080\"")
        let variant = scenario.variants()[0]
        #expect(scenario.scene(for: variant).layout.views[1].isOpaque == true)
        #expect(plain.scene(for: variant).layout.views[1].isOpaque == nil)
        #expect(scenario.scene(for: variant).render() == plain.scene(for: variant).render())
    }

    @Test func layoutAndNameWarningsAreAcknowledgedByKind() throws {
        // A view whose y and height no constraint gives: ambiguous.
        func layout(view: String = "", top: String = "") throws(ScenarioErrors) -> Scenario {
            try Self.load(
                """
                { "canvas": { "size": [40, 40] },\(top) "root": { "subviews": [ { "id": "a", "backgroundColor": "#FF0000"\(view) } ],
                  "constraints": ["a.leading == superview.leading + 1", "a.width == 10"] } }
                """)
        }
        #expect(try layout().warnings.map(\.kind) == ["ambiguous"])
        #expect(try layout(view: ", \"acknowledgedWarnings\": [\"ambiguous\"]").warnings.isEmpty)
        #expect(try layout(top: " \"acknowledgedWarnings\": [\"ambiguous\"],").warnings.isEmpty)
        #expect(try layout(view: ", \"acknowledgedWarnings\": [\"negativeSize\"]").warnings.count == 1)
        // A frame the required constraints make negative, quieted on its view.
        func negative(_ view: String) throws(ScenarioErrors) -> Scenario {
            try Self.load(
                """
                { "canvas": { "size": [40, 40] }, "root": { "subviews": [ { "id": "a", "backgroundColor": "#FF0000"\(view) } ],
                  "constraints": ["a.leading == superview.leading + 30", "a.trailing == superview.leading + 10", "a.top == superview.top",
                                  "a.height == 5"] } }
                """)
        }
        #expect(try negative("").warnings.map(\.kind) == ["negativeSize"])
        #expect(try negative(", \"acknowledgedWarnings\": [\"negativeSize\"]").warnings.isEmpty)

        func named(top: String) throws(ScenarioErrors) -> Scenario {
            try ScenarioLoader.parse(
                Array(
                    """
                    { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Media.xcassets", "Extra.xcassets"],\(top)
                      "images": { "x": { "named": "Star" } }, "root": { "subviews": [] } }
                    """.utf8), folder: AssetLookupTests.folder, displayName: "n.json", name: "n", strict: true)
        }
        #expect(throws: ScenarioErrors.self) { try named(top: "") }
        #expect(try named(top: " \"acknowledgedWarnings\": [\"duplicateName\"],").warnings.isEmpty)
        // A name is the scenario's, not a view's: a view cannot acknowledge it.
        do {
            _ = try layout(view: ", \"acknowledgedWarnings\": [\"duplicateName\"]")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.first?.message
                    == "\"duplicateName\" is the scenario's to acknowledge, not a view's: list it in the "
                    + "top-level \"acknowledgedWarnings\"")
        }
    }

    @Test func aNameInTwoCatalogsSaysWhichOneIsUsed() throws {
        let scenario = try AssetLookupTests.load(images: "{ \"x\": { \"named\": \"Star\" } }")
        #expect(
            scenario.warnings.map(\.message).contains(
                "image set \"Star\" is also in Extra.xcassets: ivsim uses the one in Media.xcassets, the first of \"assetCatalogs\"; Apple's "
                    + "catalog format makes one name in two catalogs of a target an error, and which set an app would get is undefined — rename one"
            ))
    }
}
