import Foundation
import ImageViews
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// Layout margins, safe areas and layout guides in scenario files: how they are read, named in
/// constraints, laid out over passes and reported (docs/LAYOUT.md §Safe area, layout margins and
/// layout guides).
@Suite struct GuideScenarioTests {
    /// A 200 × 300 canvas with a 40 pt unsafe band at the top and 20 at the bottom; `root` is the
    /// root view's members after "subviews" (margins, guides, constraints).
    static func scenario(subviews: String, root: String, canvas: String = "\"safeAreaInsets\": [40, 0, 20, 0]")
        -> String
    {
        """
        {
          "canvas": { "size": [200, 300], \(canvas) },
          "root": {
            "subviews": [\(subviews)],
            \(root)
          }
        }
        """
    }

    static func load(_ text: String) throws(ScenarioErrors) -> Scenario {
        try ScenarioLoader.parse(Array(text.utf8), folder: fixture.directory, displayName: "g.json", name: "g")
    }

    static func errors(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.diagnostics.map { $0.description.components(separatedBy: "\n")[0] }
        }
    }

    static func layout(_ text: String) throws -> LayoutResult {
        let scenario = try load(text)
        return scenario.scene(for: scenario.variants()[0]).layout
    }

    @Test func aViewPinnedToTheSafeAreaMissesTheUnsafeBands() throws {
        let layout = try Self.layout(
            Self.scenario(
                subviews: "{ \"id\": \"hero\" }",
                root: """
                    "constraints": ["hero.leading == superview.safeArea.leading", "hero.trailing == superview.safeArea.trailing",
                                    "hero.top == superview.safeArea.top", "hero.bottom == superview.safeArea.bottom"]
                    """))
        #expect(layout.safeAreaInsets == EdgeInsets(top: 40, left: 0, bottom: 20, right: 0))
        #expect(layout.views[1].frame == Rect(x: 0, y: 40, width: 200, height: 240))
        #expect(layout.views[0].safeAreaInsets == EdgeInsets(top: 40, left: 0, bottom: 20, right: 0))
        #expect(layout.views[1].safeAreaInsets == .zero)
        // The root's margins are measured from its safe area: 8 + 40 at the top, 8 + 20 at the bottom.
        #expect(layout.views[0].layoutMargins == EdgeInsets(top: 48, left: 8, bottom: 28, right: 8))
        let generated = layout.autoLayout?.constraints.filter { $0.kind == .layoutGuide }.map(\.label)
        #expect(
            generated == [
                "root.safeArea.left == root.frame.minX (UIViewSafeAreaLayoutGuide-left)",
                "root.safeArea.right == root.frame.maxX (UIViewSafeAreaLayoutGuide-right)",
                "root.safeArea.top == root.frame.minY + 40 (UIViewSafeAreaLayoutGuide-top)",
                "root.safeArea.bottom == root.frame.maxY - 20 (UIViewSafeAreaLayoutGuide-bottom)"
            ])
        #expect(layout.autoLayout?.passes == 1)
    }

    @Test func aSubviewsSafeAreaIsFoundOnASecondPass() throws {
        // card (positioned by constraints) overlaps the bottom band by 5 pt; badge is pinned to
        // card's safe area bottom, which the first pass (card at the zero frame) does not know.
        let layout = try Self.layout(
            Self.scenario(
                subviews: """
                    { "id": "card", "subviews": [ { "id": "badge" } ],
                      "constraints": ["badge.bottom == superview.safeArea.bottom", "badge.height == 10", "badge.width == 10",
                                      "badge.leading == superview.leading"] }
                    """,
                root: """
                    "constraints": ["card.leading == superview.leading", "card.width == 100", "card.height == 50",
                                    "card.bottom == superview.bottom - 15"]
                    """))
        #expect(layout.views[1].frame == Rect(x: 0, y: 235, width: 100, height: 50))
        #expect(layout.views[1].safeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 5, right: 0))
        #expect(layout.views[2].frame == Rect(x: 0, y: 35, width: 10, height: 10))
        #expect(layout.autoLayout?.passes == 2)
    }

    @Test func marginsFollowTheirKindAndDirection() throws {
        let text = Self.scenario(
            subviews: """
                { "id": "card", "frame": [10, 50, 100, 40], "directionalLayoutMargins": { "leading": 30, "trailing": 5 },
                  "subviews": [ { "id": "bar" } ],
                  "constraints": ["bar.leading == superview.margins.leading", "bar.trailing == superview.margins.trailing",
                                  "bar.top == superview.margins.top", "bar.bottom == superview.margins.bottom"] }
                """, root: "\"semanticContentAttribute\": \"forceRightToLeft\"")
        // The card inherits nothing from the root's attribute: its own direction is the trait's
        // (left to right), so leading is on the left.
        let layout = try Self.layout(text)
        #expect(layout.views[1].layoutMargins == EdgeInsets(top: 0, left: 30, bottom: 0, right: 5))
        #expect(layout.views[2].frame == Rect(x: 30, y: 0, width: 65, height: 40))
        let rtl = try Self.layout(
            text.replacingOccurrences(
                of: "\"frame\": [10, 50, 100, 40],",
                with: "\"frame\": [10, 50, 100, 40], \"semanticContentAttribute\": \"forceRightToLeft\","))
        #expect(rtl.views[1].layoutMargins == EdgeInsets(top: 0, left: 5, bottom: 0, right: 30))
        #expect(rtl.views[2].frame == Rect(x: 5, y: 0, width: 65, height: 40))
    }

    @Test func preservingTheSuperviewsMarginsTakesTheLargerPerSide() throws {
        let layout = try Self.layout(
            Self.scenario(
                subviews: """
                    { "id": "row", "frame": [0, 100, 200, 50], "layoutMargins": [2, 2, 2, 2], "preservesSuperviewLayoutMargins": true },
                    { "id": "inset", "frame": [30, 160, 140, 50], "layoutMargins": [2, 2, 2, 2], "preservesSuperviewLayoutMargins": true },
                    { "id": "unsafe", "frame": [0, 0, 200, 30], "insetsLayoutMarginsFromSafeArea": false }
                    """, root: "\"layoutMargins\": [16, 24, 16, 24]", canvas: "\"safeAreaInsets\": [40, 0, 0, 0]"))
        // The root: 16 + 40 at the top; the row, flush with the root's sides: the root's 24.
        #expect(layout.views[0].layoutMargins == EdgeInsets(top: 56, left: 24, bottom: 16, right: 24))
        #expect(layout.views[1].layoutMargins == EdgeInsets(top: 2, left: 24, bottom: 2, right: 24))
        // 30 pt in from the sides, the root's 24 are already outside it.
        #expect(layout.views[2].layoutMargins == EdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
        // Wholly in the 40 pt unsafe band: the superview's whole inset (nothing clamps it to the
        // view's 30 pt height); its margins are not moved.
        #expect(layout.views[3].safeAreaInsets == EdgeInsets(top: 40, left: 0, bottom: 0, right: 0))
        #expect(layout.views[3].layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    }

    @Test func safeAreaInsetsAreTheOverlapWithTheSuperviewsBandsAtMost() throws {
        let layout = try Self.layout(
            Self.scenario(
                subviews: """
                    { "id": "hanging", "frame": [-10, -25, 220, 100], "subviews": [ { "id": "inner", "frame": [10, 30, 50, 50] } ] },
                    { "id": "overlap", "frame": [0, 270, 200, 20] }
                    """, root: "\"id\": \"r\"", canvas: "\"safeAreaInsets\": [40, 6, 20, 6]"))
        // Past the canvas's top and sides: the root's insets, not more.
        #expect(layout.views[1].safeAreaInsets == EdgeInsets(top: 40, left: 6, bottom: 0, right: 6))
        // Inside "hanging" at y 30 (its band is 40): 10 at the top; 10 in from its left edge, whose band is 6: none.
        #expect(layout.views[2].safeAreaInsets == EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
        // 10 pt of the 20 pt bottom band, full width: the sides' 6.
        #expect(layout.views[3].safeAreaInsets == EdgeInsets(top: 0, left: 6, bottom: 10, right: 6))
    }

    @Test func addedGuidesAreSolvedAndReportedNotDrawn() throws {
        let layout = try Self.layout(
            Self.scenario(
                subviews: "{ \"id\": \"box\", \"backgroundColor\": \"#FF0000\" }",
                root: """
                    "layoutGuides": ["content"],
                    "constraints": ["content.top == superview.safeArea.top", "content.bottom == superview.safeArea.bottom",
                                    "content.leading == superview.margins.leading", "content.trailing == superview.margins.trailing",
                                    "box.centerX == content.centerX", "box.centerY == content.centerY", "box.width == 20", "box.height == 20"]
                    """))
        #expect(
            layout.autoLayout?.layoutGuides == [
                LayoutGuideFrame(
                    name: "content", ownerID: nil, ownerPath: "root",
                    path: "root.layoutGuides[0]",
                    frame: Rect(x: 8, y: 40, width: 184, height: 240))
            ])
        #expect(layout.views[1].frame == Rect(x: 90, y: 150, width: 20, height: 20))
        #expect(layout.views.count == 2)
    }

    @Test func anAmbiguousGuideIsAWarningAtItsEntry() throws {
        let scenario = try Self.load(
            Self.scenario(
                subviews: "",
                root: """
                    "layoutGuides": ["free"], "constraints": ["free.width == 20", "free.height == 20", "free.top == superview.top"]
                    """))
        #expect(
            scenario.warnings.map(\.description) == [
                "g.json: warning: $.root.layoutGuides[0]: ambiguous layout: the constraints do not determine the x of \"free\"'s "
                    + "layout frame; add constraints for it"
            ])
    }

    @Test func layoutsThatKeepMovingAreRefused() {
        // b's top is 600 less a's, and a's top is b's safe area top: with the 400 pt band, each pass
        // halves b's distance from y = 200 (where its inset, 200, would hold still), and the pixel
        // grid keeps it moving past 8 passes: 100, 150, 175, 187.5, 193.75, 197, 198.5, 199.5.
        let errors = Self.errors(
            """
            {
              "canvas": { "size": [200, 1000], "safeAreaInsets": [400, 0, 0, 0] },
              "root": {
                "subviews": [{ "id": "a" }, { "id": "b" }],
                "constraints": ["a.top == b.safeArea.top", "b.top == -1 * a.top + 600", "a.leading == superview.leading",
                                "b.leading == superview.leading", "a.width == 10", "a.height == 10", "b.width == 10", "b.height == 100"]
              }
            }
            """)
        #expect(
            errors == [
                "g.json:5:21: error: $.root.constraints[0]: the margins and safe areas the constraints use do not settle: "
                    + "after 8 layout passes they still move the views they belong to (positions and the safe areas or margins "
                    + "they are tied to depend on each other); tie the views to guides of views that do not move with them"
            ])
    }

    @Test func mistakesGetTheUsualMessages() {
        func first(_ root: String, subviews: String = "{ \"id\": \"hero\", \"frame\": [0, 0, 10, 10] }") -> String? {
            Self.errors(Self.scenario(subviews: subviews, root: root)).first
        }
        #expect(
            first("\"constraints\": [\"hero.top == superview.margin.top\"]")
                == "g.json:5:44: error: $.root.constraints[0]: unknown attribute \"margin\" (did you mean \"margins\"?)"
        )
        #expect(
            first("\"constraints\": [\"hero.top == superview.safeArea.tp\"]")
                == "g.json:5:53: error: $.root.constraints[0]: unknown attribute \"tp\" (did you mean \"top\"?)")
        #expect(
            first("\"layoutGuides\": [\"content\"], \"constraints\": [\"hero.top == contnt.top\"]")
                == "g.json:5:63: error: $.root.constraints[0]: no view or layout guide has the name \"contnt\" (did you mean \"content\"?)"
        )
        #expect(
            first("\"layoutGuides\": [\"content\"], \"constraints\": [\"hero.top == content.margins.top\"]")?
                .hasSuffix("\"content\" is a layout guide, which has no margins of its own: write \"content.top\"")
                == true)
        // The root's guides are read before its subviews.
        #expect(
            first("\"layoutGuides\": [\"hero\"]")
                == "g.json:4:26: error: $.root.subviews[0].id: duplicate id \"hero\" (already a layout guide's name at $.root.layoutGuides[0])"
        )
        #expect(
            first(
                "\"layoutGuides\": [\"content\"]",
                subviews: "{ \"id\": \"box\", \"frame\": [0, 0, 1, 1], \"layoutGuides\": [\"box\", \"content\"] }")
                == "g.json:4:73: error: $.root.subviews[0].layoutGuides[0]: duplicate name \"box\" (already a view's id at $.root.subviews[0])"
        )
        #expect(first("\"layoutGuides\": [\"a b\"]")?.contains("invalid layout guide name \"a b\"") == true)
        #expect(
            first("\"layoutMargins\": [1, 2, 3, 4], \"directionalLayoutMargins\": [1, 2, 3, 4]")?
                .contains("\"directionalLayoutMargins\" conflicts with \"layoutMargins\"") == true)
        #expect(first("\"directionalLayoutMargins\": { \"left\": 4 }")?.contains("unknown key \"left\"") == true)
        #expect(
            Self.errors(
                Self.scenario(subviews: "", root: "\"id\": \"r\"", canvas: "\"safeAreaInsets\": [200, 0, 150, 0]")
            ).first?
            .contains("the safe area insets leave no safe area") == true)
    }
}
