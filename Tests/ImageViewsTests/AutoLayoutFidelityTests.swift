import Testing
@testable import ImageViews

/// The Auto Layout rules where UIKit is subtle (docs/LAYOUT.md §Auto Layout): priorities are
/// levels, multiplied positions are measured in the container's bounds, sizes go negative only
/// where required constraints force them. Every expectation is computed by hand in its comment;
/// where kiwi's weighted reading differs, its answer is given too.
@Suite struct AutoLayoutFidelityTests {
    typealias T = AutoLayoutTests

    static func plain(_ id: String) -> View {
        View(id: id, frame: .zero, positioning: .constraints)
    }

    /// Top-left pins and a height for view `path`, so that only its width is in question.
    static func placed(_ path: [Int], height: Double = 10) -> [LayoutConstraint] {
        [
            T.c(path, .leading, .equal, Array(path.dropLast())), T.c(path, .top, .equal, Array(path.dropLast())),
            T.c(path, .height, .equal, nil, plus: height)
        ]
    }

    // MARK: Priority levels

    @Test func oneHigherPriorityOutranksThreeLowerOnes() {
        // kiwi: 3 × 250 > 700 so width 101. Levels: @700 is satisfied first.
        let wants101 = (0..<3).map { _ in T.c([0], .width, .equal, nil, plus: 101, priority: 250) }
        let result = T.layout(
            [Self.plain("sq")], Self.placed([0]) + [T.c([0], .width, .equal, nil, plus: 100, priority: 700)] + wants101)
        #expect(result.views[1].frame.width == 100)
        #expect(result.autoLayout?.ambiguities == [])
    }

    @Test func twoAt400DoNotOutweighOneAt500() {
        // kiwi: 2 × 400 × 20 = 16 000 > 500 × 20 = 10 000 so 140. Levels: 120.
        let result = T.layout(
            [Self.plain("sq")],
            Self.placed([0]) + [
                T.c([0], .width, .equal, nil, plus: 120, priority: 500),
                T.c([0], .width, .equal, nil, plus: 140, priority: 400),
                T.c([0], .width, .equal, nil, plus: 140, priority: 400)
            ])
        #expect(result.views[1].frame.width == 120)
    }

    @Test func aPinAt700StretchesThreeHuggingImageViews() {
        // Three image views of intrinsic width 60 (hugging 250) in a row, equal widths, and the
        // first one's trailing edge pinned 180 from the container's leading edge at 700. kiwi:
        // stretching costs 3 × 120 × 250 = 90 000 > 700 × 120 = 84 000, so they keep 60. Levels:
        // the pin wins; every view is 180 wide and the hugging constraints are broken by 120.
        let views = ["a", "b", "c"].map { T.imageView($0, T.image(60, 20)) }
        let result = T.layout(
            views,
            [
                T.c([0], .leading, .equal, []), T.c([1], .leading, .equal, [0], .trailing),
                T.c([2], .leading, .equal, [1], .trailing),
                T.c([1], .width, .equal, [0], .width), T.c([2], .width, .equal, [0], .width),
                T.c([0], .top, .equal, []), T.c([1], .top, .equal, []), T.c([2], .top, .equal, []),
                T.c([0], .trailing, .equal, [], .leading, plus: 180, priority: 700)
            ], size: Size(width: 600, height: 100))
        #expect(
            result.views[1...3].map(\.frame) == [
                Rect(x: 0, y: 0, width: 180, height: 20), Rect(x: 180, y: 0, width: 180, height: 20),
                Rect(x: 360, y: 0, width: 180, height: 20)
            ])
        let hugging = result.autoLayout?.constraints.filter {
            $0.kind == .contentHugging && $0.label.contains(".width")
        }
        #expect(hugging?.map(\.violation) == [120, 120, 120])
        #expect(result.autoLayout?.ambiguities == [])  // equal-priority ties, but one solution
    }

    @Test func aWidthAt400BeatsHuggingAndTheAspectRatioFollows() {
        // A 30 × 20 image view, width == superview.width − 40 @400, height == 2/3 × width. kiwi:
        // hugging at 250 on both axes costs 250 × 230 + 250 × 153.3 = 95 833 > 400 × 230 = 92 000,
        // so it stays 30 wide. Levels: 260 wide, 173.33 high (173 after pixel rounding at 1x).
        let result = T.layout(
            [T.imageView("v", T.image(30, 20))],
            [
                T.c([0], .leading, .equal, []), T.c([0], .top, .equal, []),
                T.c([0], .width, .equal, [], .width, plus: -40, priority: 400),
                T.c([0], .height, .equal, [0], .width, times: 2.0 / 3)
            ], size: Size(width: 300, height: 300))
        #expect(result.views[1].frame == Rect(x: 0, y: 0, width: 260, height: 173))
    }

    @Test func prioritiesAreFloatLevels() {
        // UILayoutPriority is a Float: 250.00000001 is priority 250, so the three constraints share
        // a level and the two wanting 200 win (|w − 100| + 2 |w − 200| is least at 200). Read as
        // a double, 250.00000001 would be a level of its own and width 100.
        let result = T.layout(
            [Self.plain("sq")],
            Self.placed([0]) + [
                T.c([0], .width, .equal, nil, plus: 100, priority: 250.00000001),
                T.c([0], .width, .equal, nil, plus: 200, priority: 250),
                T.c([0], .width, .equal, nil, plus: 200, priority: 250)
            ])
        #expect(result.views[1].frame.width == 200)
    }

    @Test func priority999BreaksWhere1000Conflicts() {
        // Pinned to both edges of a 200-wide root, a width of 300 at 999 is broken by 100; at 1000
        // it is a conflict with both pins and the root's width.
        let edges = [
            T.c([0], .leading, .equal, []), T.c([0], .trailing, .equal, []), T.c([0], .top, .equal, []),
            T.c([0], .height, .equal, nil, plus: 10)
        ]
        let broken = T.layout([Self.plain("v")], edges + [T.c([0], .width, .equal, nil, plus: 300, priority: 999)])
        #expect(broken.views[1].frame.width == 200)
        #expect(broken.autoLayout?.failure == nil)
        #expect(broken.autoLayout?.constraints.last { $0.kind == .constraint }?.violation == 100)
        let conflict = T.layout([Self.plain("v")], edges + [T.c([0], .width, .equal, nil, plus: 300)])
        #expect(conflict.autoLayout?.failure?.constraint.label == "[0].width")
        #expect(
            conflict.autoLayout?.failure?.conflicts.map(\.label) == [
                "root.frame.width == 200", "[0].leading", "[0].trailing"
            ])
    }

    // MARK: Multiplied positions

    /// A frame-positioned box at (100, 40, 200, 100) holding a constraint-positioned 20 × 20 dot.
    static func dotInBox(
        _ constraints: [LayoutConstraint], box semantic: SemanticContentAttribute = .unspecified,
        boxByConstraints: Bool = false
    ) -> LayoutResult {
        var box = View(
            id: "box", frame: Rect(x: 100, y: 40, width: 200, height: 100), semanticContentAttribute: semantic,
            subviews: [Self.plain("dot")])
        var pins: [LayoutConstraint] = []
        if boxByConstraints {
            box.positioning = .constraints
            pins = [
                T.c([0], .left, .equal, [], plus: 100), T.c([0], .top, .equal, [], plus: 40),
                T.c([0], .width, .equal, nil, plus: 200), T.c([0], .height, .equal, nil, plus: 100)
            ]
        }
        let sizes = [T.c([0, 0], .width, .equal, nil, plus: 20), T.c([0, 0], .height, .equal, nil, plus: 20)]
        return T.layout(
            [box, View(id: "other", frame: Rect(x: 300, y: 0, width: 100, height: 40))], pins + sizes + constraints,
            size: Size(width: 400, height: 300))
    }

    @Test func aMultipliedCentreIsMeasuredInTheContainersBounds() {
        // box.centerX in its own bounds is 100: the dot's centre is at 50, its x 40 in the box
        // (in canvas coordinates it would be 0.5 × 200 = 100 → x = −10 in the box).
        for byConstraints in [false, true] {
            let result = Self.dotInBox(
                [T.c([0, 0], .centerX, .equal, [0], times: 0.5), T.c([0, 0], .centerY, .equal, [0])],
                boxByConstraints: byConstraints)
            #expect(result.views[2].frame == Rect(x: 40, y: 40, width: 20, height: 20))
        }
        // Vertically alike: top == 0.5 × bottom of the box (100 in its bounds) → y = 50.
        let vertical = Self.dotInBox([
            T.c([0, 0], .centerX, .equal, [0]), T.c([0, 0], .top, .equal, [0], .bottom, times: 0.5)
        ])
        #expect(vertical.views[2].frame == Rect(x: 90, y: 50, width: 20, height: 20))
    }

    @Test func theContainerIsTheNearestCommonAncestor() {
        // The dot and "other" (a sibling of the box) meet in the root, whose bounds are the
        // canvas: other.centerX = 350, so the dot's centre is at 175 on the canvas, 75 in the box.
        let result = Self.dotInBox([T.c([0, 0], .centerX, .equal, [1], times: 0.5), T.c([0, 0], .top, .equal, [0])])
        #expect(result.views[2].frame == Rect(x: 65, y: 0, width: 20, height: 20))
    }

    @Test func rightToLeftMultipliedPositionsMirrorTheLeftToRightLayout() {
        // dot.leading == 0.5 × box.trailing. Left to right: the dot's left at 0.5 × 200 = 100.
        // Right to left, positions count from the box's right edge: trailing is 200 from it, so
        // the dot's right edge is 100 from the right edge: x = 80 — the mirror image (100…120
        // becomes 80…100 in 200 points).
        let constraints = [T.c([0, 0], .leading, .equal, [0], .trailing, times: 0.5), T.c([0, 0], .top, .equal, [0])]
        #expect(Self.dotInBox(constraints).views[2].frame.minX == 100)
        #expect(Self.dotInBox(constraints, box: .forceRightToLeft).views[2].frame.minX == 80)
        #expect(Self.dotInBox(constraints, box: .forceRightToLeft, boxByConstraints: true).views[2].frame.minX == 80)
        // centerX in a leading constraint mirrors too: leading == 0.25 × centerX → 25 from the edge.
        let centre = [T.c([0, 0], .leading, .equal, [0], .centerX, times: 0.25), T.c([0, 0], .top, .equal, [0])]
        #expect(Self.dotInBox(centre).views[2].frame.minX == 25)
        #expect(Self.dotInBox(centre, box: .forceRightToLeft).views[2].frame.maxX == 175)
    }

    // MARK: Negative sizes

    @Test func optionalConstraintsNeverMakeASizeNegative() {
        // width == −20 @500 (and @999) loses to the implicit frame width >= 0: the width is 0.
        for priority in [500.0, 999] {
            let result = T.layout(
                [Self.plain("v")], Self.placed([0]) + [T.c([0], .width, .equal, nil, plus: -20, priority: priority)])
            #expect(result.views[1].frame.width == 0)
            #expect(result.autoLayout?.constraints.last { $0.kind == .constraint }?.violation == 20)
            #expect(
                result.autoLayout?.constraints.filter { $0.kind == .nonNegativeSize }.allSatisfy(\.isSatisfied) == true)
        }
    }

    @Test func requiredConstraintsCanForceANegativeSize() {
        // leading at 50, trailing at 30 (both required): the frame is 20 points wide the wrong way,
        // as UIKit's is; the implicit width >= 0 is broken by 20 and nothing of the view draws.
        var view = Self.plain("v")
        view.backgroundColor = Color(RGBA(r: 255, g: 0, b: 0))
        let scene = Scene(
            root: View(frame: .zero, subviews: [view]), canvasSize: Size(width: 200, height: 100),
            traits: Traits(displayScale: 1),
            constraints: [
                T.c([0], .leading, .equal, [], plus: 50), T.c([0], .trailing, .equal, [], .leading, plus: 30),
                T.c([0], .top, .equal, []), T.c([0], .height, .equal, nil, plus: 10)
            ])
        #expect(scene.layout.views[1].frame == Rect(x: 50, y: 0, width: -20, height: 10))
        let implicit = scene.layout.autoLayout?.constraints.filter { $0.kind == .nonNegativeSize }
        #expect(implicit?.map(\.isSatisfied) == [false, true])
        #expect(implicit?.first?.violation == 20)
        #expect(implicit?.first?.priority == LayoutPriority.nonNegativeSize)
        #expect(scene.render().pixels.allSatisfy { $0 == 0 })
    }

    @Test func theImplicitSizeIsTheFramesAndOutranksEveryOptionalPriority() {
        // An image view whose alignment rect is 10 points narrower than its frame (insets 4 and 6)
        // may have an alignment width of −10 and a frame width of 0, not less.
        let insets = EdgeInsets(top: 0, left: 4, bottom: 0, right: 6)
        let result = T.layout(
            [T.imageView("v", T.image(30, 10, insets: insets))],
            Self.placed([0]) + [
                T.c([0], .width, .equal, nil, plus: -50, priority: 999.9)
            ])
        #expect(result.views[1].frame.width == 0)
        #expect(result.views[1].alignmentRect.width == -10)
        #expect(LayoutPriority.nonNegativeSize > Double(Float(999.9999)) && LayoutPriority.nonNegativeSize < 1000)
    }
}
