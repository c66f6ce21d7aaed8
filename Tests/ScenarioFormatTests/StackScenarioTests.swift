import Foundation
import ImageViews
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// Stack views in scenario files: how they are read, what they generate, and the errors
/// (docs/LAYOUT.md §Stack views, docs/SCENARIOS.md §Stack views).
@Suite struct StackScenarioTests {
    /// A 300 × 200 canvas with a stack (`stack` members) of image views a (40 × 30), b (60 × 50)
    /// and c (20 × 20) pinned 20 pt from the top left.
    static func scenario(_ stack: String, a: String = "", b: String = "", c: String = "", constraints: [String] = [])
        -> String
    {
        let list = (["stack.leading == superview.leading + 20", "stack.top == superview.top + 20"] + constraints)
            .map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {
              "canvas": { "size": [300, 200] }, "acknowledgedWarnings": ["resampled"],
              "images": { "a": { "generate": { "solid": { "size": [40, 30], "color": "#E53935" } }, "scale": 1 },
                          "b": { "generate": { "solid": { "size": [60, 50], "color": "#43A047" } }, "scale": 1 },
                          "c": { "generate": { "solid": { "size": [20, 20], "color": "#1E88E5" } }, "scale": 1 } },
              "root": {
                "subviews": [
                  { "id": "stack", "type": "stackView"\(stack), "subviews": [
                      { "id": "a", "type": "imageView", "image": "a"\(a) },
                      { "id": "b", "type": "imageView", "image": "b"\(b) },
                      { "id": "c", "type": "imageView", "image": "c"\(c) } ] }
                ],
                "constraints": [\(list)]
              }
            }
            """
    }

    static func load(_ text: String) throws(ScenarioErrors) -> Scenario {
        try ScenarioLoader.parse(Array(text.utf8), folder: fixture.directory, displayName: "s.json", name: "s")
    }

    static func frames(_ text: String) throws -> [Rect] {
        let scenario = try load(text)
        return scenario.scene(for: scenario.variants()[0]).layout.views.dropFirst().map(\.frame)
    }

    static func errors(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.diagnostics.map { $0.description.components(separatedBy: "\n")[0] }
        }
    }

    @Test func aCentredRowTakesItsContentsSize() throws {
        // 40 + 10 + 60 + 10 + 20 = 140 wide, as tall as b; a and c centred on b.
        #expect(
            try Self.frames(Self.scenario(", \"spacing\": 10, \"alignment\": \"center\"")) == [
                Rect(x: 20, y: 20, width: 140, height: 50), Rect(x: 0, y: 10, width: 40, height: 30),
                Rect(x: 50, y: 0, width: 60, height: 50), Rect(x: 120, y: 15, width: 20, height: 20)
            ])
    }

    @Test func aHiddenViewCollapsesWithItsSpacing() throws {
        let frames = try Self.frames(
            Self.scenario(", \"spacing\": 10, \"alignment\": \"top\"", b: ", \"isHidden\": true"))
        #expect(frames.map(\.minX) == [20, 0, 40, 50])
        #expect(frames[2].width == 0)
        #expect(frames[0].width == 70)
    }

    @Test func aVerticalStackWithinItsMarginsAndCustomSpacing() throws {
        let frames = try Self.frames(
            Self.scenario(
                ", \"axis\": \"vertical\", \"alignment\": \"trailing\", \"spacing\": 10, "
                    + "\"isLayoutMarginsRelativeArrangement\": true, \"customSpacing\": {\"a\": 4}"))
        #expect(
            frames == [
                Rect(x: 20, y: 20, width: 76, height: 130), Rect(x: 28, y: 8, width: 40, height: 30),
                Rect(x: 8, y: 42, width: 60, height: 50), Rect(x: 48, y: 102, width: 20, height: 20)
            ])
    }

    @Test func theGeneratedConstraintsCarryUIKitsIdentifiers() throws {
        let scenario = try Self.load(Self.scenario(", \"spacing\": 8, \"distribution\": \"fillEqually\""))
        let layout = scenario.scene(for: scenario.variants()[0]).layout
        let generated = layout.autoLayout?.constraints.filter { $0.kind == .stackView } ?? []
        #expect(
            generated.map(\.label) == [
                "a.leading == stack.leading (UISV-canvas-connection)",
                "stack.trailing == c.trailing (UISV-canvas-connection)",
                "b.leading == a.trailing + 8 (UISV-spacing)", "c.leading == b.trailing + 8 (UISV-spacing)",
                "b.width == a.width (UISV-fill-equally)", "c.width == a.width (UISV-fill-equally)",
                "a.top == stack.top (UISV-canvas-connection)", "stack.bottom == a.bottom (UISV-canvas-connection)",
                "b.top == a.top (UISV-alignment)", "b.bottom == a.bottom (UISV-alignment)",
                "c.top == a.top (UISV-alignment)", "c.bottom == a.bottom (UISV-alignment)"
            ])
        #expect(generated.allSatisfy { $0.source == "root.subviews[0]" && $0.isSatisfied })
        // Three equal widths of 60 (b's intrinsic width wins over the others' hugging), 50 tall.
        #expect(layout.views[1].frame == Rect(x: 20, y: 20, width: 196, height: 50))
    }

    @Test func theConstraintsStacksMakeCountAsLayoutWork() {
        // 5 views (the root, the stack, a, b, c) + 10 × (2 scenario constraints + 6 + 3 × 11 the stack may make) = 415 units.
        var limits = ScenarioLimits()
        limits.layoutWork = 414
        do {
            _ = try ScenarioLoader.parse(
                Array(Self.scenario("").utf8), folder: fixture.directory, displayName: "s.json", name: "s",
                limits: limits)
            Issue.record("loaded past the layout-work limit")
        } catch {
            #expect(
                error.diagnostics.first?.message.hasPrefix(
                    "laying out 1 variant of 5 views and 41 constraints (counting those stack "
                        + "views make) is 415 units") == true, "\(error.diagnostics)")
        }
    }

    @Test func mistakesGetTheUsualMessages() {
        func first(_ stack: String, a: String = "") -> String? { Self.errors(Self.scenario(stack, a: a)).first }
        #expect(
            first(", \"axis\": \"vertcal\"")
                == "s.json:8:53: error: $.root.subviews[0].axis: unknown axis \"vertcal\" (did you mean \"vertical\"?)")
        #expect(
            first(", \"distribution\": \"fillEqualy\"")?.hasSuffix(
                "unknown distribution \"fillEqualy\" (did you mean \"fillEqually\"?)") == true)
        #expect(
            first(", \"alignment\": \"centre\"")?.hasSuffix("unknown alignment \"centre\" (did you mean \"center\"?)")
                == true)
        #expect(
            first(", \"axis\": \"vertical\", \"alignment\": \"firstBaseline\"")?
                .contains("\"firstBaseline\" alignment is for horizontal stacks only") == true)
        #expect(
            first("", a: ", \"frame\": [0, 0, 10, 10]")?.contains(
                "the stack view places its arranged subviews: remove \"frame\"") == true)
        #expect(
            first(", \"customSpacing\": {\"d\": 4}")?.contains(
                "no arranged subview of this stack view has the id \"d\"") == true)
        #expect(first(", \"image\": \"a\"")?.contains("a stack view shows no image of its own") == true)
        #expect(
            Self.errors(
                Self.scenario("").replacingOccurrences(
                    of: "\"type\": \"imageView\", \"image\": \"a\"",
                    with: "\"type\": \"imageView\", \"image\": \"a\", \"spacing\": 3")
            ).first?
            .contains("\"spacing\" belongs to stack views: add \"type\": \"stackView\"") == true)
    }
}

extension StackScenarioTests {
    /// The scenario with image a's baseline 5 points above its bottom and, when `b` is given, b's.
    static func withBaselines(_ stack: String, b: Int? = nil) -> String {
        var text = scenario(stack).replacingOccurrences(
            of: "\"#E53935\" } }, \"scale\": 1", with: "\"#E53935\" } }, \"scale\": 1, \"baselineOffsetFromBottom\": 5")
        if let b {
            text = text.replacingOccurrences(
                of: "\"#43A047\" } }, \"scale\": 1",
                with: "\"#43A047\" } }, \"scale\": 1, \"baselineOffsetFromBottom\": \(b)")
        }
        return text
    }

    /// firstBaseline and lastBaseline with images that have baselines (withBaselineOffset): the
    /// views' baselines line up, and the stack spans them. Computed by hand from the constraints
    /// (docs/LAYOUT.md §Stack views): a is 30 tall with its baseline 5 above its bottom, b 50 tall,
    /// c 20 tall without a baseline (its first baseline is its top, its last its bottom).
    @Test func imagesWithBaselinesLineUpOnThem() throws {
        // firstBaseline, b's baseline 40 above its bottom: the lines lie 25 (a), 10 (b) and 0 (c)
        // below the views' tops; the highest top is the stack's, so the line is 25 down: tops 0, 15,
        // 25, bottoms 30, 65, 45, and the stack is 65 tall.
        let first = try Self.frames(Self.withBaselines(", \"spacing\": 10, \"alignment\": \"firstBaseline\"", b: 40))
        #expect(first.map(\.minY) == [20, 0, 15, 25])
        #expect(first[0].height == 65)
        // lastBaseline: a's line is 5 above its bottom, b's and c's their bottoms; b is the tallest
        // above the line (50), so the line is 50 down: tops 25, 0, 30; the stack reaches a's bottom, 55.
        let last = try Self.frames(Self.withBaselines(", \"spacing\": 10, \"alignment\": \"lastBaseline\""))
        #expect(last.map(\.minY) == [20, 25, 0, 30])
        #expect(last[0].height == 55)
    }
}

extension StackScenarioTests {
    /// isBaselineRelativeArrangement in a vertical stack: the spacing runs from a view's last
    /// baseline to the next one's first (K1's log). a (30 tall) has its baseline 5 above its
    /// bottom, b (50 tall) 40 above its bottom, c none (first baseline its top). With spacing 10:
    /// a's top 0, its baseline 25; b's first baseline 35, so b's top 35 − 10 = 25; b's last
    /// baseline is the same line, 35; c's top (its first baseline) 45; the stack ends at c's
    /// bottom, 65.
    @Test func baselineRelativeSpacingRunsBetweenBaselines() throws {
        let frames = try Self.frames(
            Self.withBaselines(
                ", \"axis\": \"vertical\", \"spacing\": 10, \"alignment\": \"leading\", \"isBaselineRelativeArrangement\": true",
                b: 40))
        #expect(frames.dropFirst().map(\.minY) == [0, 25, 45])
        #expect(frames[0].height == 65)
    }

    /// A layout guide has no baselines (UILayoutGuide has no baseline anchors).
    @Test func aGuideHasNoBaseline() {
        let errors = Self.errors(
            Self.scenario(
                ", \"alignment\": \"top\"", constraints: ["a.firstBaseline == superview.margins.firstBaseline"]))
        #expect(errors.contains { $0.contains("a layout guide has no firstBaseline") }, "\(errors)")
    }
}
