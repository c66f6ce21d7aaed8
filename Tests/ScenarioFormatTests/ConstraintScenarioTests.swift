import Foundation
import ImageViews
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// Constraints in scenario files: how they are read, resolved, checked per variant and reported.
@Suite struct ConstraintScenarioTests {
    /// Two image views positioned by constraints: hero (40 × 30) and icon (20 × 20).
    static func scenario(_ constraints: [String], extra: String = "", heroExtra: String = "", states: String? = nil)
        -> String
    {
        let list = constraints.map { "\"\($0)\"" }.joined(separator: ",\n        ")
        return """
            {
              "canvas": { "size": [200, 100] }, "acknowledgedWarnings": ["resampled"],\(extra)
              "images": { "a": { "generate": { "solid": { "size": [40, 30], "color": "#FF0000" } } },
                          "b": { "generate": { "solid": { "size": [20, 20], "color": "#0000FF" } } } },
              "root": {
                "subviews": [
                  { "id": "hero", "type": "imageView", "image": "a"\(heroExtra) },
                  { "id": "icon", "type": "imageView", "image": "b" },
                  { "id": "fixed", "frame": [150, 60, 40, 30] }
                ],
                "constraints": [
                  \(list)
                ]
              }\(states.map { ",\n  \"variants\": \($0)" } ?? "")
            }
            """
    }

    static let complete = ["H:|-20-[hero]-8-[icon]", "hero.top == superview.top + 10", "icon.centerY == hero.centerY"]

    static func load(_ text: String, strict: Bool = false) throws(ScenarioErrors) -> Scenario {
        try ScenarioLoader.parse(
            Array(text.utf8), folder: fixture.directory, displayName: "c.json", name: "c", strict: strict)
    }

    static func errors(_ text: String, strict: Bool = false) -> [String] {
        do {
            _ = try load(text, strict: strict)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func constraintsPositionViewsWithoutFrames() throws {
        let scenario = try Self.load(Self.scenario(Self.complete))
        #expect(scenario.warnings == [])
        let layout = scenario.scene(for: scenario.variants()[0]).layout
        #expect(
            layout.views.map(\.frame) == [
                Rect(x: 0, y: 0, width: 200, height: 100), Rect(x: 20, y: 10, width: 40, height: 30),
                Rect(x: 68, y: 15, width: 20, height: 20), Rect(x: 150, y: 60, width: 40, height: 30)
            ])
        let labels = layout.autoLayout?.constraints.filter { $0.kind == .constraint }.map(\.label)
        #expect(
            labels == [
                "hero.leading == superview.leading + 20", "icon.leading == hero.trailing + 8",
                "hero.top == superview.top + 10", "icon.centerY == hero.centerY"
            ])
        #expect(layout.autoLayout?.constraints.first { $0.kind == .constraint }?.source == "$.root.constraints[0]")
    }

    @Test func syntaxErrorsPointAtTheColumn() {
        let errors = Self.errors(Self.scenario(["hero.leading = superview.leading"]))
        // The string's quote is at column 7 of line 12; "=" is its 14th character.
        #expect(
            errors == [
                "c.json:12:21: error: $.root.constraints[0]: expected \"==\", \"<=\" or \">=\", found \"=\" (did you mean \"==\"?)"
                    + "\n    hero.leading = superview.leading\n                 ^"
            ])
    }

    @Test func unknownViewsAndAttributesGetSuggestions() {
        #expect(
            Self.errors(Self.scenario(["hera.leading == superview.leading"])).map {
                $0.components(separatedBy: "\n")[0]
            }
                == ["c.json:12:8: error: $.root.constraints[0]: no view has the id \"hera\" (did you mean \"hero\"?)"])
        #expect(
            Self.errors(Self.scenario(["hero.lead == superview.leading"])).map { $0.components(separatedBy: "\n")[0] }
                == [
                    "c.json:12:13: error: $.root.constraints[0]: unknown attribute \"lead\" (did you mean \"leading\"?)"
                ])
        #expect(
            Self.errors(Self.scenario(["H:|-marg-[hero]"], extra: "\n  \"metrics\": { \"margin\": 20 },"))
                .map { $0.components(separatedBy: "\n")[0] }
                == ["c.json:13:12: error: $.root.constraints[0]: unknown metric \"marg\" (did you mean \"margin\"?)"])
    }

    @Test func requiredConflictsNameTheConstraintsInvolved() {
        let errors = Self.errors(Self.scenario(Self.complete + ["hero.width == 50", "hero.width == 60"]))
        #expect(
            errors == [
                "c.json:16:9: error: $.root.constraints[4]: required constraint \"hero.width == 60\" cannot be satisfied "
                    + "together with \"hero.width == 50\" ($.root.constraints[3]); lower one of their priorities below 1000 "
                    + "or remove one"
            ])
        // A frame-positioned view's frame is required too.
        let frame = Self.errors(Self.scenario(Self.complete + ["fixed.leading == superview.leading"]))
        #expect(
            frame == [
                "c.json:15:9: error: $.root.constraints[3]: required constraint \"fixed.leading == superview.leading\" "
                    + "cannot be satisfied together with \"fixed.frame.minX == 150\" (the frame of root.subviews[2]); lower "
                    + "one of their priorities below 1000 or remove one"
            ])
    }

    @Test func conflictsInSomeVariantsNameThem() {
        // Only the "moved" state, which moves the frame-positioned view, makes the pin impossible.
        let text = Self.scenario(
            Self.complete + ["hero.leading == fixed.leading - 130"],
            states: "{ \"states\": [ { \"name\": \"moved\", \"set\": { \"fixed.frame\": [50, 60, 40, 30] } } ] }")
        #expect(
            Self.errors(text) == [
                "c.json:15:9: error: $.root.constraints[3]: required constraint \"hero.leading == fixed.leading - 130\" "
                    + "cannot be satisfied together with \"fixed.frame.minX == 50\" (the frame of root.subviews[2]), "
                    + "\"hero.leading == superview.leading + 20\" ($.root.constraints[0]); lower one of their priorities "
                    + "below 1000 or remove one (in variant moved)"
            ])
    }

    @Test func ambiguousFramesAreWarningsOrStrictErrors() throws {
        let text = Self.scenario(["H:|-20-[hero]-8-[icon]", "hero.top == superview.top + 10"])
        let scenario = try Self.load(text)
        #expect(
            scenario.warnings.map(\.description) == [
                "c.json:8:7: warning: $.root.subviews[1]: ambiguous layout: the constraints do not determine the y of \"icon\"'s "
                    + "alignment rect; add constraints for it"
            ])
        #expect(
            Self.errors(text, strict: true) == [
                "c.json:8:7: error: $.root.subviews[1]: ambiguous layout: the constraints do not determine the y of \"icon\"'s "
                    + "alignment rect; add constraints for it (an error with --strict)"
            ])
    }

    @Test func priority999BreaksWhere1000IsAnError() throws {
        // Pinned between the canvas edges (200 wide), a hero 300 wide at 999 is broken by 140
        // (less its insets: none) and the scenario loads; at 1000 it names the pins and the root.
        let pins = [
            "H:|-20-[hero]-20-|", "hero.top == superview.top + 10", "H:|-20-[icon]", "icon.top == hero.bottom + 8"
        ]
        let scenario = try Self.load(Self.scenario(pins + ["hero.width == 300 @ 999"]))
        #expect(scenario.warnings == [])
        let layout = scenario.scene(for: scenario.variants()[0]).layout
        #expect(layout.views[1].frame.width == 160)
        #expect(layout.autoLayout?.constraints.last { $0.kind == .constraint }?.violation == 140)
        #expect(
            Self.errors(Self.scenario(pins + ["hero.width == 300"])) == [
                "c.json:16:9: error: $.root.constraints[4]: required constraint \"hero.width == 300\" cannot be satisfied together with "
                    + "\"root.frame.width == 200\" (the frame of root), \"hero.leading == superview.leading + 20\" ($.root.constraints[0]), "
                    + "\"superview.trailing == hero.trailing + 20\" ($.root.constraints[0]); lower one of their priorities below 1000 or remove one"
            ])
    }

    @Test func negativeSizesForcedByRequiredConstraintsAreWarnings() throws {
        let text = Self.scenario(Self.complete + ["hero.trailing == superview.leading + 10"])
        let scenario = try Self.load(text)
        #expect(
            scenario.warnings.map(\.description) == [
                "c.json:7:7: warning: $.root.subviews[0]: negative size: the required constraints make the frame width of \"hero\" -10 pt; "
                    + "UIKit keeps such a frame and draws nothing of the view; lower one of their priorities below 1000 or make room"
            ])
        #expect(
            scenario.scene(for: scenario.variants()[0]).layout.views[1].frame
                == Rect(x: 20, y: 10, width: -10, height: 30))
        #expect(Self.errors(text, strict: true).count == 1)
    }

    @Test func viewsWithoutFramesNeedConstraints() {
        #expect(
            Self.errors(Self.scenario(["hero.leading == superview.leading", "hero.top == superview.top"])) == [
                "c.json:8:7: error: $.root.subviews[1]: this view has no frame and no constraint names it: give it a \"frame\" "
                    + "(or a \"center\" or \"origin\" with a \"size\"), or an id and constraints that position it"
            ])
    }

    @Test func statesCannotSetTheFrameOfAConstraintView() {
        let text = Self.scenario(
            Self.complete, states: "{ \"states\": [ { \"name\": \"x\", \"set\": { \"hero.frame\": [0, 0, 1, 1] } } ] }")
        #expect(
            Self.errors(text).map { $0.components(separatedBy: ": error: ")[1] } == [
                "$.variants.states[0].set[\"hero.frame\"]: constraints position \"hero\": a state cannot set its frame (change the "
                    + "view's constraints or give it a frame)"
            ])
    }

    @Test func priorityKeysAcceptNumbersNamesAndAxes() throws {
        let scenario = try Self.load(
            Self.scenario(
                Self.complete,
                heroExtra: ", \"contentHuggingPriority\": { \"horizontal\": \"defaultHigh\" }, "
                    + "\"contentCompressionResistancePriority\": 900"))
        #expect(scenario.root.subviews[0].contentHuggingPriority == AxisPriorities(horizontal: 750, vertical: 250))
        #expect(
            scenario.root.subviews[0].contentCompressionResistancePriority
                == AxisPriorities(horizontal: 900, vertical: 900))
        let bad = Self.errors(
            Self.scenario(Self.complete, heroExtra: ", \"contentHuggingPriority\": { \"horizontl\": 0 }"))
        #expect(
            bad.count == 1 && bad[0].contains("unknown key \"horizontl\"")
                && bad[0].contains("did you mean \"horizontal\"?"))
        let range = Self.errors(Self.scenario(Self.complete, heroExtra: ", \"contentHuggingPriority\": 0"))
        #expect(range.count == 1 && range[0].contains("$.root.subviews[0].contentHuggingPriority: 0 is out of range"))
    }

    @Test func theSameScenarioSolvesToTheSameBytes() throws {
        let text = Self.scenario(Self.complete + ["icon.width == 0.5 * hero.width + 4 @ 750"])
        let a = try Self.load(text), b = try Self.load(text)
        let la = a.scene(for: a.variants()[0]).layout, lb = b.scene(for: b.variants()[0]).layout
        #expect(la.views.map(\.frame) == lb.views.map(\.frame))
        #expect(la.autoLayout?.constraints == lb.autoLayout?.constraints)
    }

    /// A row of plain views, each tied to the one before at 750, with its sizes before or after the links.
    static func chain(_ n: Int, sizesFirst: Bool) -> String {
        let views = (0..<n).map { "{ \"id\": \"v\($0)\" }" }.joined(separator: ", ")
        let links =
            ["v0.leading == superview.leading + 3"] + (1..<n).map { "v\($0).leading == v\($0 - 1).trailing @750" }
        let sizes = (0..<n).flatMap {
            ["v\($0).top == superview.top", "v\($0).width == \($0 % 3 + 1)", "v\($0).height == 1"]
        }
        let list = (sizesFirst ? sizes + links : links + sizes).map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{ "canvas": { "size": [400, 10] }, "root": { "subviews": [\#(views)], "constraints": [\#(list)] } }"#
    }

    @Test func sizesAfterTheirLinksSolveAlikeInFileOrderInTheReport() throws {
        // The solver takes fixed sizes first whatever their place in the file (docs/LAYOUT.md
        // §Auto Layout, "System"); frames and the report's order are those of the file.
        let late = try Self.load(Self.chain(60, sizesFirst: false)),
            early = try Self.load(Self.chain(60, sizesFirst: true))
        let lateLayout = late.scene(for: late.variants()[0]).layout,
            earlyLayout = early.scene(for: early.variants()[0]).layout
        var x = 3.0
        for i in 0..<60 {
            #expect(lateLayout.views[i + 1].frame == Rect(x: x, y: 0, width: Double(i % 3 + 1), height: 1))
            x += Double(i % 3 + 1)
        }
        #expect(lateLayout.views.map(\.frame) == earlyLayout.views.map(\.frame))
        let labels = lateLayout.autoLayout?.constraints.filter { $0.kind == .constraint }.map(\.label)
        #expect(labels?.first == "v0.leading == superview.leading + 3" && labels?.last == "v59.height == 1")
    }

    @Test func aConflictIsReportedWhereFileOrderMeetsIt() {
        // The solver's order would meet the conflict at the size relation (added after both fixed
        // widths); the error names the constraint that file order refuses, and its conflicts.
        let text = Self.scenario(
            Self.complete + ["hero.width == icon.width + 10", "hero.width == 50", "icon.width == 50"])
        #expect(
            Self.errors(text) == [
                "c.json:17:9: error: $.root.constraints[5]: required constraint \"icon.width == 50\" "
                    + "cannot be satisfied together with \"hero.width == icon.width + 10\" ($.root.constraints[3]), "
                    + "\"hero.width == 50\" ($.root.constraints[4]); lower one of their priorities below 1000 or remove one"
            ])
    }
}
