import Raster
import Testing
@testable import ImageViews

/// Auto Layout over view trees: hand-computed frames for each rule of docs/LAYOUT.md §Auto Layout.
@Suite struct AutoLayoutTests {
    /// An opaque w × h image at scale 1 with `insets` as its alignment rect insets.
    static func image(_ w: Int, _ h: Int, insets: EdgeInsets = .zero) -> Image {
        Image(
            name: "i\(w)x\(h)",
            pixels: SourceImage(
                Bitmap(width: w, height: h, pixels: Array(repeating: 0xFF00_00FF, count: w * h)), opaque: false),
            scale: 1, alignmentRectInsets: insets)
    }

    static func imageView(
        _ id: String, _ image: Image?, hugging: AxisPriorities = .defaultHugging,
        compression: AxisPriorities = .defaultCompressionResistance
    ) -> View {
        View(
            id: id, frame: .zero, imageView: ImageView(image: image), positioning: .constraints,
            contentHuggingPriority: hugging, contentCompressionResistancePriority: compression)
    }

    static func c(
        _ first: [Int], _ a: LayoutAttribute, _ relation: LayoutRelation = .equal, _ second: [Int]? = nil,
        _ b: LayoutAttribute? = nil, times multiplier: Double = 1, plus constant: Double = 0,
        priority: Double = 1000
    ) -> LayoutConstraint {
        LayoutConstraint(
            first: LayoutAnchor(view: first, attribute: a), relation: relation,
            second: second.map { LayoutAnchor(view: $0, attribute: b ?? a) }, multiplier: multiplier,
            constant: constant, priority: priority, label: "\(first).\(a)")
    }

    /// Lays out `subviews` of a root of `size` and returns the views' layouts (root first).
    static func layout(
        _ subviews: [View], _ constraints: [LayoutConstraint], size: Size = Size(width: 200, height: 100),
        traits: Traits = Traits(displayScale: 1)
    ) -> LayoutResult {
        Scene(root: View(frame: .zero, subviews: subviews), canvasSize: size, traits: traits, constraints: constraints)
            .layout
    }

    @Test func imageViewAdoptsItsImagesIntrinsicSize() {
        let result = Self.layout(
            [Self.imageView("a", Self.image(40, 30))],
            [Self.c([0], .leading, .equal, [], plus: 20), Self.c([0], .top, .equal, [], plus: 10)])
        #expect(result.views[1].frame == Rect(x: 20, y: 10, width: 40, height: 30))
        #expect(result.views[1].positioning == .constraints)
        #expect(result.autoLayout?.ambiguities == [])
        #expect(result.autoLayout?.failure == nil)
    }

    @Test func constraintsActOnAlignmentRectsAndFramesAreOutset() {
        // A 50 × 50 icon whose shadow takes 10 points at the right and bottom: its alignment rect
        // is 40 × 40, placed at (20, 10); a plain icon's top aligns with it.
        let shadowed = Self.image(50, 50, insets: EdgeInsets(top: 0, left: 0, bottom: 10, right: 10))
        let result = Self.layout(
            [Self.imageView("a", shadowed), Self.imageView("b", Self.image(40, 40))],
            [
                Self.c([0], .leading, .equal, [], plus: 20), Self.c([0], .top, .equal, [], plus: 10),
                Self.c([1], .leading, .equal, [0], .trailing, plus: 8), Self.c([1], .bottom, .equal, [0], .bottom)
            ])
        #expect(result.views[1].frame == Rect(x: 20, y: 10, width: 50, height: 50))
        #expect(result.views[1].alignmentRect == Rect(x: 20, y: 10, width: 40, height: 40))
        #expect(result.views[2].frame == Rect(x: 68, y: 10, width: 40, height: 40))
    }

    @Test func compressionResistanceDecidesWhoShrinks() {
        // 120 + 120 points of content in 200: b resists less (500 < 750) and gives up 40.
        let a = Self.imageView("a", Self.image(120, 20)),
            b = Self.imageView("b", Self.image(120, 20), compression: AxisPriorities(horizontal: 500, vertical: 750))
        let result = Self.layout(
            [a, b],
            [
                Self.c([0], .leading, .equal, []), Self.c([1], .leading, .equal, [0], .trailing),
                Self.c([1], .trailing, .equal, []),
                Self.c([0], .top, .equal, []), Self.c([1], .top, .equal, [])
            ])
        #expect(result.views[1].frame.width == 120)
        #expect(result.views[2].frame == Rect(x: 120, y: 0, width: 80, height: 20))
        let compression = result.autoLayout?.constraints.filter {
            $0.kind == .compressionResistance && $0.source == "root.subviews[1]"
        }
        #expect(compression?.map(\.isSatisfied) == [false, true])
        #expect(compression?.first?.violation == 40)
    }

    @Test func huggingDecidesWhoGrows() {
        // 40 + 40 points of content in 200: b hugs less (200 < 250) and takes the 120 left over.
        let a = Self.imageView("a", Self.image(40, 20)),
            b = Self.imageView("b", Self.image(40, 20), hugging: AxisPriorities(horizontal: 200, vertical: 250))
        let result = Self.layout(
            [a, b],
            [
                Self.c([0], .leading, .equal, []), Self.c([1], .leading, .equal, [0], .trailing),
                Self.c([1], .trailing, .equal, []),
                Self.c([0], .top, .equal, []), Self.c([1], .top, .equal, [])
            ])
        #expect(result.views[1].frame == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(result.views[2].frame == Rect(x: 40, y: 0, width: 160, height: 20))
    }

    @Test func leadingAndTrailingFollowTheSuperviewsDirection() {
        let constraints = [
            Self.c([0], .leading, .equal, [], plus: 20), Self.c([0], .top, .equal, []),
            Self.c([1], .leading, .greaterThanOrEqual, [0], .trailing, plus: 8), Self.c([1], .top, .equal, []),
            Self.c([1], .leading, .equal, [0], .trailing, plus: 30, priority: 100)
        ]
        let views = [Self.imageView("a", Self.image(40, 10)), Self.imageView("b", Self.image(10, 10))]
        let ltr = Self.layout(views, constraints)
        #expect(ltr.views[1].frame.minX == 20)
        #expect(ltr.views[2].frame.minX == 90)
        let rtl = Self.layout(views, constraints, traits: Traits(displayScale: 1, layoutDirection: .rightToLeft))
        #expect(rtl.views[1].frame == Rect(x: 140, y: 0, width: 40, height: 10))
        #expect(rtl.views[2].frame == Rect(x: 100, y: 0, width: 10, height: 10))
        // A superview forced left-to-right keeps its subviews' leading on the left.
        var container = View(
            id: "c", frame: Rect(x: 0, y: 0, width: 200, height: 100), semanticContentAttribute: .forceLeftToRight,
            subviews: views)
        container.positioning = .frame
        let nested = constraints.map { c in
            var c = c
            c.first.view = [0] + c.first.view
            if let second = c.second { c.second?.view = second.view.isEmpty ? [0] : [0] + second.view }
            return c
        }
        let forced = Self.layout([container], nested, traits: Traits(displayScale: 1, layoutDirection: .rightToLeft))
        #expect(forced.views[2].frame.minX == 20)
        // The container's trailing edge relates to its subview in the container's direction too.
        let trailing = LayoutConstraint(
            first: LayoutAnchor(view: [0], attribute: .trailing), relation: .equal,
            second: LayoutAnchor(view: [0, 1], attribute: .trailing), constant: 30, label: "|")
        let pinned = Self.layout(
            [container], Array(nested.prefix(4)) + [trailing],
            traits: Traits(displayScale: 1, layoutDirection: .rightToLeft))
        #expect(pinned.views[3].frame.maxX == 170)
        #expect(ConstraintSystem.container(of: trailing) == [0])
        #expect(ConstraintSystem.container(of: nested[2]) == [0])
        // A view alone, or constrained to itself, is measured in its own bounds.
        #expect(ConstraintSystem.container(of: Self.c([0, 1], .width, .equal, nil, plus: 4)) == [0, 1])
        #expect(ConstraintSystem.container(of: Self.c([0, 1], .width, .equal, [0, 1], .height)) == [0, 1])
        #expect(ConstraintSystem.container(of: Self.c([], .width, .equal, nil, plus: 4)) == [])
    }

    @Test func aspectRatioAndMultipliers() {
        let result = Self.layout(
            [Self.imageView("a", nil)],
            [
                Self.c([0], .width, .equal, [], times: 0.5), Self.c([0], .height, .equal, [0], .width, times: 0.75),
                Self.c([0], .centerX, .equal, []), Self.c([0], .centerY, .equal, [])
            ])
        // y = 12.5 rounds half up to 13 at 1x; both edges move, the height stays 75.
        #expect(result.views[1].frame == Rect(x: 50, y: 13, width: 100, height: 75))
    }

    @Test func frameViewsTakePartThroughTheirFrames() {
        let fixed = View(id: "f", frame: Rect(x: 10, y: 10, width: 50, height: 30))
        let result = Self.layout(
            [fixed, Self.imageView("a", Self.image(20, 20))],
            [
                Self.c([1], .top, .equal, [0], .bottom, plus: 8), Self.c([1], .leading, .equal, [0], .leading)
            ])
        #expect(result.views[2].frame == Rect(x: 10, y: 48, width: 20, height: 20))
        #expect(
            result.autoLayout?.constraints.prefix(4).map(\.label) == [
                "f.frame.minX == 10", "f.frame.minY == 10",
                "f.frame.width == 50", "f.frame.height == 30"
            ])
    }

    @Test func nestedConstraintViewsAreRelativeToTheirSuperview() {
        var box = Self.imageView("box", nil)
        box.subviews = [Self.imageView("a", Self.image(10, 10))]
        let result = Self.layout(
            [box],
            [
                Self.c([0], .leading, .equal, [], plus: 30), Self.c([0], .top, .equal, [], plus: 20),
                Self.c([0], .width, .equal, nil, plus: 100), Self.c([0], .height, .equal, nil, plus: 50),
                Self.c([0, 0], .trailing, .equal, [0], .trailing, plus: -5),
                Self.c([0, 0], .centerY, .equal, [0], .centerY)
            ])
        #expect(result.views[1].frame == Rect(x: 30, y: 20, width: 100, height: 50))
        #expect(result.views[2].frame == Rect(x: 85, y: 20, width: 10, height: 10))
        #expect(result.views[2].absoluteFrame == Rect(x: 115, y: 40, width: 10, height: 10))
    }

    @Test func conflictingRequiredConstraintsNameEachOther() {
        let result = Self.layout(
            [Self.imageView("a", nil)],
            [
                Self.c([0], .width, .equal, nil, plus: 50), Self.c([0], .width, .equal, nil, plus: 60)
            ])
        let failure = result.autoLayout?.failure
        #expect(failure?.constraint.label == "[0].width")
        #expect(failure?.conflicts.count == 1)
        #expect(result.views[1].frame == .zero)
    }

    @Test func ambiguityNamesTheUndeterminedUnknowns() {
        // Only the leading edge is constrained: the intrinsic size fixes width and height, nothing fixes y.
        let result = Self.layout(
            [Self.imageView("a", Self.image(40, 30))], [Self.c([0], .leading, .equal, [], plus: 20)])
        #expect(result.autoLayout?.ambiguities == [ViewAmbiguity(id: "a", path: "root.subviews[0]", unknowns: ["y"])])
        // Without an image nothing fixes the size either.
        let bare = Self.layout([Self.imageView("a", nil)], [Self.c([0], .leading, .equal, [], plus: 20)])
        #expect(bare.autoLayout?.ambiguities.first?.unknowns == ["y", "width", "height"])
        // Two equal-priority wishes for the same width leave it free between them.
        let tie = Self.layout(
            [Self.imageView("a", nil)],
            [
                Self.c([0], .leading, .equal, []), Self.c([0], .top, .equal, []),
                Self.c([0], .height, .equal, nil, plus: 10),
                Self.c([0], .width, .equal, nil, plus: 10, priority: 500),
                Self.c([0], .width, .equal, nil, plus: 20, priority: 500)
            ])
        #expect(tie.autoLayout?.ambiguities.first?.unknowns == ["width"])
    }

    @Test func edgesRoundHalfUpToThePixelGrid() {
        #expect(AutoLayout.pixelRounded(30.5, scale: 1) == 31)
        #expect(AutoLayout.pixelRounded(30.25, scale: 2) == 30.5)
        #expect(AutoLayout.pixelRounded(-0.5, scale: 1) == 0)
        #expect(AutoLayout.pixelRounded(10.0 / 3, scale: 3) == 10.0 / 3)
        #expect(AutoLayout.pixelRounded(29.999999999, scale: 1) == 30)
        // A 41-point view centred in 200 points: x = 79.5 → 80 at 1x (width kept by rounding both edges).
        let result = Self.layout(
            [Self.imageView("a", Self.image(41, 10))],
            [Self.c([0], .centerX, .equal, []), Self.c([0], .top, .equal, [])])
        #expect(result.views[1].frame == Rect(x: 80, y: 0, width: 41, height: 10))
        let at2x = Self.layout(
            [Self.imageView("a", Self.image(41, 10))],
            [Self.c([0], .centerX, .equal, []), Self.c([0], .top, .equal, [])],
            traits: Traits(displayScale: 2))
        #expect(at2x.views[1].frame.minX == 79.5)
    }

    @Test func sceneWithoutConstraintsHasNoReport() {
        let result = Self.layout([View(frame: Rect(x: 0, y: 0, width: 10, height: 10))], [])
        #expect(result.autoLayout == nil)
        #expect(result.views[1].positioning == .frame)
    }
}
