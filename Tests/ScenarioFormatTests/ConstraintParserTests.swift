import ImageViews
import Testing
@testable import ScenarioFormat

/// Constraint strings of scenario files: equations and Visual Format Language, each case pinned
/// to the exact ParsedConstraints (anchors with their offsets, numbers and canonical text) or to
/// the exact error offset and message.
@Suite struct ConstraintParserTests {
    static func anchor(_ item: String, _ attribute: LayoutAttribute, _ offset: Int) -> ParsedAnchor {
        ParsedAnchor(item: item, attribute: attribute, offset: offset)
    }

    /// A constraint with every field spelled out, text included, so a wrong canonical form fails.
    static func constraint(
        _ first: ParsedAnchor, _ relation: LayoutRelation, _ second: ParsedAnchor?,
        multiplier: Double = 1, constant: Double = 0, priority: Double = 1000,
        _ text: String
    ) -> ParsedConstraint {
        ParsedConstraint(
            first: first, relation: relation, second: second, multiplier: multiplier,
            constant: constant, priority: priority, text: text)
    }

    static func parsed(_ text: String, metrics: [String: Double] = [:]) -> [ParsedConstraint]? {
        try? ConstraintParser.parse(text, metrics: metrics).get()
    }

    static func error(_ text: String, metrics: [String: Double] = [:]) -> ConstraintSyntaxError? {
        guard case .failure(let error) = ConstraintParser.parse(text, metrics: metrics) else { return nil }
        return error
    }

    static func fails(_ text: String, at offset: Int, _ message: String, metrics: [String: Double] = [:]) {
        #expect(error(text, metrics: metrics) == ConstraintSyntaxError(offset: offset, message: message), "\(text)")
    }

    // MARK: Equations

    @Test func edgeToSuperviewPlusConstant() {
        #expect(
            Self.parsed("hero.leading == superview.leading + 20") == [
                Self.constraint(
                    Self.anchor("hero", .leading, 0), .equal, Self.anchor("superview", .leading, 16),
                    constant: 20, "hero.leading == superview.leading + 20")
            ])
    }

    @Test func multiplierConstantAndPriority() {
        #expect(
            Self.parsed("icon.width == 0.5 * hero.width + 4 @ 750") == [
                Self.constraint(
                    Self.anchor("icon", .width, 0), .equal, Self.anchor("hero", .width, 20),
                    multiplier: 0.5, constant: 4, priority: 750, "icon.width == 0.5 * hero.width + 4 @ 750")
            ])
    }

    @Test func centres() {
        #expect(
            Self.parsed("icon.centerY == hero.centerY") == [
                Self.constraint(
                    Self.anchor("icon", .centerY, 0), .equal, Self.anchor("hero", .centerY, 16),
                    "icon.centerY == hero.centerY")
            ])
    }

    @Test func aspectRatioWithTrailingMultiplier() {
        #expect(
            Self.parsed("icon.width == hero.height * 2") == [
                Self.constraint(
                    Self.anchor("icon", .width, 0), .equal, Self.anchor("hero", .height, 14),
                    multiplier: 2, "icon.width == 2 * hero.height")
            ])
    }

    @Test func dimensionEqualsConstant() {
        #expect(
            Self.parsed("icon.height == 44") == [
                Self.constraint(Self.anchor("icon", .height, 0), .equal, nil, constant: 44, "icon.height == 44")
            ])
    }

    @Test func divisionMinusAndNamedPriority() {
        #expect(
            Self.parsed("icon.width <= superview.width / 3 - 8 @ defaultHigh") == [
                Self.constraint(
                    Self.anchor("icon", .width, 0), .lessThanOrEqual, Self.anchor("superview", .width, 14),
                    multiplier: 1.0 / 3, constant: -8, priority: 750,
                    "icon.width <= 0.3333333333333333 * superview.width - 8 @ 750")
            ])
    }

    @Test func greaterThanOrEqual() {
        #expect(
            Self.parsed("icon.top >= hero.bottom + 8") == [
                Self.constraint(
                    Self.anchor("icon", .top, 0), .greaterThanOrEqual, Self.anchor("hero", .bottom, 12),
                    constant: 8, "icon.top >= hero.bottom + 8")
            ])
    }

    @Test func idsWithDashesAndNoSpaces() {
        #expect(
            Self.parsed("my-icon.leading==hero-2.trailing-8") == [
                Self.constraint(
                    Self.anchor("my-icon", .leading, 0), .equal, Self.anchor("hero-2", .trailing, 17),
                    constant: -8, "my-icon.leading == hero-2.trailing - 8")
            ])
    }

    @Test func attributeThenMinusIsSubtraction() {
        #expect(
            Self.parsed("hero.leading == superview.leading-20") == [
                Self.constraint(
                    Self.anchor("hero", .leading, 0), .equal, Self.anchor("superview", .leading, 16),
                    constant: -20, "hero.leading == superview.leading - 20")
            ])
    }

    @Test func compactPriorityName() {
        #expect(
            Self.parsed("icon.width>=44@defaultLow") == [
                Self.constraint(
                    Self.anchor("icon", .width, 0), .greaterThanOrEqual, nil, constant: 44, priority: 250,
                    "icon.width >= 44 @ 250")
            ])
        #expect(Self.parsed("icon.width == 44 @ fittingSizeLevel")?.first?.priority == 50)
        #expect(Self.parsed("icon.width == 44 @ required")?.first?.text == "icon.width == 44")
        #expect(Self.parsed("icon.width == 44 @ 999.5")?.first?.text == "icon.width == 44 @ 999.5")
    }

    @Test func negatedAnchorAndSummedConstants() {
        #expect(
            Self.parsed("icon.width == 100 - hero.width") == [
                Self.constraint(
                    Self.anchor("icon", .width, 0), .equal, Self.anchor("hero", .width, 20),
                    multiplier: -1, constant: 100, "icon.width == -1 * hero.width + 100")
            ])
        #expect(
            Self.parsed("icon.width == -hero.height / 2 + 10 + 2.5") == [
                Self.constraint(
                    Self.anchor("icon", .width, 0), .equal, Self.anchor("hero", .height, 15),
                    multiplier: -0.5, constant: 12.5, "icon.width == -0.5 * hero.height + 12.5")
            ])
        #expect(
            Self.parsed("icon.width == 20 - 32.25") == [
                Self.constraint(Self.anchor("icon", .width, 0), .equal, nil, constant: -12.25, "icon.width == -12.25")
            ])
    }

    @Test func sameAnchorBothSidesAndZeroSizeMultiplierAreLeftToTheSolver() {
        #expect(
            Self.parsed("hero.width == hero.width + 4") == [
                Self.constraint(
                    Self.anchor("hero", .width, 0), .equal, Self.anchor("hero", .width, 14),
                    constant: 4, "hero.width == hero.width + 4")
            ])
        #expect(Self.parsed("icon.width == 0 * hero.width")?.first?.text == "icon.width == 0 * hero.width")
    }

    @Test func allowedPairs() {
        #expect(Self.parsed("icon.height == icon.width")?.first?.text == "icon.height == icon.width")
        #expect(Self.parsed("icon.centerX == superview.leading + 10") != nil)
        #expect(Self.parsed("icon.centerX == superview.left") != nil)
        #expect(Self.parsed("icon.right == superview.centerX") != nil)
        #expect(Self.parsed("icon.centerY == superview.top * 0.5")?.first?.multiplier == 0.5)
        #expect(
            Self.parsed("superview.trailing == icon.trailing + 20")?.first?.first
                == Self.anchor("superview", .trailing, 0))
    }

    @Test func offsetsCountCharactersAndLeadingSpaces() {
        #expect(Self.parsed("  hero.leading == superview.leading")?.first?.first.offset == 2)
        // "\r\n" is one Character (and a space); the flag too.
        Self.fails("icon.width ==\r\n44 x", at: 17, "unexpected \"x\"")
        Self.fails("icon.width == 44 🇫🇷 x", at: 17, "unexpected \"🇫🇷\"")
        Self.fails("icon.width == 44 🇫🇷", at: 17, "unexpected \"🇫🇷\"")
        Self.fails("🇫🇷.width == 1", at: 0, "expected a view name and an attribute such as \"hero.leading\", found \"🇫🇷\"")
        Self.fails("icon.width == 🇫🇷 + x", at: 14, "expected a number or an anchor after \"==\", found \"🇫🇷\"")
        Self.fails("icon.width == 4 + 🇫🇷 + x.y", at: 18, "expected a number or an anchor after \"+\", found \"🇫🇷\"")
    }

    // MARK: Equation errors

    @Test func emptyConstraint() {
        Self.fails("", at: 0, "empty constraint: write \"view.attribute == other.attribute + constant\"")
        Self.fails("   ", at: 0, "empty constraint: write \"view.attribute == other.attribute + constant\"")
    }

    @Test func unknownAttributes() {
        Self.fails("hero.lead == superview.leading", at: 5, "unknown attribute \"lead\" (did you mean \"leading\"?)")
        Self.fails("icon.Width == 4", at: 5, "unknown attribute \"Width\" (did you mean \"width\"?)")
        Self.fails("icon.width == hero.heigth", at: 19, "unknown attribute \"heigth\" (did you mean \"height\"?)")
        Self.fails(
            "icon.xyzzy == 4", at: 5,
            "unknown attribute \"xyzzy\" (expected left, right, top, bottom, "
                + "leading, trailing, width, height, centerX, centerY, firstBaseline or lastBaseline, or a guide: \"icon.margins.top\", \"icon.safeArea.top\")"
        )
        Self.fails(
            "icon.margin.top == superview.top", at: 5, "unknown attribute \"margin\" (did you mean \"margins\"?)")
        Self.fails(
            "icon.safeArea.xyzzy == superview.top", at: 14,
            "unknown attribute \"xyzzy\" (expected left, right, top, bottom, "
                + "leading, trailing, width, height, centerX, centerY, firstBaseline or lastBaseline)")
        Self.fails(
            "icon.safeArea == superview.top", at: 14,
            "expected \".\" and an attribute after \"icon.safeArea\" "
                + "(such as \"icon.safeArea.top\"), found \"==\"")
    }

    @Test func guideAnchors() {
        #expect(
            Self.parsed("icon.top == superview.safeArea.top + 8")?.first?.text
                == "icon.top == superview.safeArea.top + 8")
        #expect(Self.parsed("icon . margins . leading==superview.margins.leading")?.first?.second?.guide == "margins")
        #expect(
            Self.parsed("g.width == 0.5 * superview.margins.width @ 750")?.first?.text
                == "g.width == 0.5 * superview.margins.width @ 750")
    }

    @Test func relations() {
        Self.fails(
            "hero.leading = superview.leading", at: 13,
            "expected \"==\", \"<=\" or \">=\", found \"=\" (did you mean \"==\"?)")
        Self.fails(
            "hero.leading => superview.leading", at: 13,
            "expected \"==\", \"<=\" or \">=\", found \"=>\" (did you mean \">=\"?)")
        Self.fails(
            "hero.leading < superview.leading", at: 13,
            "expected \"==\", \"<=\" or \">=\", found \"<\" (did you mean \"<=\"?)")
        Self.fails("hero.leading != superview.leading", at: 13, "expected \"==\", \"<=\" or \">=\", found \"!=\"")
        Self.fails("hero.leading + 4 == superview.leading", at: 13, "expected \"==\", \"<=\" or \">=\", found \"+\"")
    }

    @Test func axesAndKinds() {
        Self.fails(
            "hero.leading == superview.top", at: 16,
            "cannot relate a horizontal position (leading) to a vertical one (top)")
        Self.fails(
            "hero.bottom == superview.centerX", at: 15,
            "cannot relate a vertical position (bottom) to a horizontal one (centerX)")
        Self.fails("icon.width == hero.leading", at: 14, "cannot relate a size (width) to a position (leading)")
        Self.fails("icon.leading == hero.width", at: 16, "cannot relate a position (leading) to a size (width)")
    }

    @Test func directionalAndAbsoluteEdgesDoNotMix() {
        let message =
            "cannot mix leading/trailing with left/right in one constraint: use leading/trailing for both, or left/right for both"
        Self.fails("icon.leading == hero.left + 8", at: 16, message)
        Self.fails("icon.left == hero.trailing", at: 13, message)
    }

    @Test func positionNeedsSecondAnchor() {
        Self.fails(
            "hero.leading == 20", at: 16,
            "a position needs a second anchor: write \"hero.leading == superview.leading + 20\"")
        Self.fails(
            "hero.top >= -8 @ 750", at: 12,
            "a position needs a second anchor: write \"hero.top >= superview.top - 8 @ 750\"")
    }

    @Test func multipliers() {
        Self.fails(
            "hero.leading == 0 * superview.leading", at: 16, "a multiplier of 0 makes a position constraint meaningless"
        )
        Self.fails(
            "hero.leading == superview.leading * 0", at: 36, "a multiplier of 0 makes a position constraint meaningless"
        )
        Self.fails("icon.width == hero.width / 0", at: 27, "cannot divide by 0")
        Self.fails("icon.width == 2 * 3", at: 18, "expected an anchor such as \"hero.width\" after \"*\", found \"3\"")
        Self.fails("icon.width == hero.width * other", at: 27, "expected a number after \"*\", found \"other\"")
    }

    @Test func priorities() {
        Self.fails("icon.width == 44 @ 1001", at: 19, "priority must be 1…1000 (1000 = required)")
        Self.fails("hero.leading == superview.leading @ 0", at: 36, "priority must be 1…1000 (1000 = required)")
        Self.fails(
            "icon.width == 44 @ defaultHihg", at: 19, "unknown priority \"defaultHihg\" (did you mean \"defaultHigh\"?)"
        )
        Self.fails(
            "icon.width == 44 @", at: 18,
            "expected a priority after \"@\" (a number 1…1000 or required, defaultHigh, "
                + "defaultLow, fittingSizeLevel), found end of text")
    }

    @Test func hugeNumbers() {
        Self.fails("icon.width == " + String(repeating: "9", count: 400), at: 14, "the number is too large")
        let tiny = "0." + String(repeating: "0", count: 310) + "1"
        Self.fails("icon.width == hero.width / " + tiny, at: 27, "the multiplier must be finite")
    }

    @Test func oneAnchorOnTheRight() {
        Self.fails("icon.width == hero.width + other.width", at: 27, "only one anchor may appear on the right side")
    }

    @Test func missingAndLeftoverPieces() {
        Self.fails("icon.width == 44 foo", at: 17, "unexpected \"foo\"")
        Self.fails("icon.width == 44 )", at: 17, "unexpected \")\"")
        Self.fails("hero. == x", at: 6, "expected an attribute after \"hero.\", found \"==\"")
        Self.fails("hero == superview.leading", at: 5, "expected \".\" and an attribute after \"hero\", found \"==\"")
        Self.fails("icon.width == hero", at: 18, "expected \".\" and an attribute after \"hero\", found end of text")
        Self.fails("hero.leading ==", at: 15, "expected a number or an anchor after \"==\", found end of text")
        Self.fails(
            "hero.leading == superview.leading +", at: 35,
            "expected a number or an anchor after \"+\", found end of text")
        Self.fails(
            "20 == hero.width", at: 0, "expected a view name and an attribute such as \"hero.leading\", found \"20\"")
        Self.fails("icon.width", at: 10, "expected \"==\", \"<=\" or \">=\", found end of text")
    }

    // MARK: Visual Format Language

    @Test func horizontalChainWithStandardSpacing() {
        #expect(
            Self.parsed("H:|-20-[icon]-[title]-|") == [
                Self.constraint(
                    Self.anchor("icon", .leading, 8), .equal, Self.anchor("superview", .leading, 2),
                    constant: 20, "icon.leading == superview.leading + 20"),
                Self.constraint(
                    Self.anchor("title", .leading, 15), .equal, Self.anchor("icon", .trailing, 8),
                    constant: 8, "title.leading == icon.trailing + 8"),
                Self.constraint(
                    Self.anchor("superview", .trailing, 22), .equal, Self.anchor("title", .trailing, 15),
                    constant: 20, "superview.trailing == title.trailing + 20")
            ])
    }

    @Test func flushConnections() {
        #expect(
            Self.parsed("|[a][b]|") == [
                Self.constraint(
                    Self.anchor("a", .leading, 2), .equal, Self.anchor("superview", .leading, 0),
                    "a.leading == superview.leading"),
                Self.constraint(
                    Self.anchor("b", .leading, 5), .equal, Self.anchor("a", .trailing, 2), "b.leading == a.trailing"),
                Self.constraint(
                    Self.anchor("superview", .trailing, 7), .equal, Self.anchor("b", .trailing, 5),
                    "superview.trailing == b.trailing")
            ])
    }

    @Test func standardSpacingToSuperview() {
        #expect(
            Self.parsed("|-[a]-|")?.map(\.text) == [
                "a.leading == superview.leading + 20", "superview.trailing == a.trailing + 20"
            ])
        #expect(
            Self.parsed("[a]-(>=20)-|") == [
                Self.constraint(
                    Self.anchor("superview", .trailing, 11), .greaterThanOrEqual, Self.anchor("a", .trailing, 1),
                    constant: 20, "superview.trailing >= a.trailing + 20")
            ])
    }

    @Test func verticalWithPredicates() {
        #expect(
            Self.parsed("V:|-[icon(44)]-(>=12@750)-[title(>=20,<=100@defaultLow)]") == [
                Self.constraint(
                    Self.anchor("icon", .top, 5), .equal, Self.anchor("superview", .top, 2),
                    constant: 20, "icon.top == superview.top + 20"),
                Self.constraint(Self.anchor("icon", .height, 5), .equal, nil, constant: 44, "icon.height == 44"),
                Self.constraint(
                    Self.anchor("title", .top, 27), .greaterThanOrEqual, Self.anchor("icon", .bottom, 5),
                    constant: 12, priority: 750, "title.top >= icon.bottom + 12 @ 750"),
                Self.constraint(
                    Self.anchor("title", .height, 27), .greaterThanOrEqual, nil, constant: 20, "title.height >= 20"),
                Self.constraint(
                    Self.anchor("title", .height, 27), .lessThanOrEqual, nil, constant: 100, priority: 250,
                    "title.height <= 100 @ 250")
            ])
    }

    @Test func sizeEqualToAnotherView() {
        #expect(
            Self.parsed("[a(==b)]") == [
                Self.constraint(Self.anchor("a", .width, 1), .equal, Self.anchor("b", .width, 5), "a.width == b.width")
            ])
        #expect(
            Self.parsed("V:[a(b)]") == [
                Self.constraint(
                    Self.anchor("a", .height, 3), .equal, Self.anchor("b", .height, 5), "a.height == b.height")
            ])
    }

    @Test func metricsIncludingNegativeAndPriorities() {
        #expect(
            Self.parsed("H:[a]-pad-[b]", metrics: ["pad": -4]) == [
                Self.constraint(
                    Self.anchor("b", .leading, 11), .equal, Self.anchor("a", .trailing, 3), constant: -4,
                    "b.leading == a.trailing - 4")
            ])
        #expect(
            Self.parsed("[a]-(>=gap,<=40@high)-[b]", metrics: ["gap": 10, "high": 600]) == [
                Self.constraint(
                    Self.anchor("b", .leading, 23), .greaterThanOrEqual, Self.anchor("a", .trailing, 1),
                    constant: 10, "b.leading >= a.trailing + 10"),
                Self.constraint(
                    Self.anchor("b", .leading, 23), .lessThanOrEqual, Self.anchor("a", .trailing, 1),
                    constant: 40, priority: 600, "b.leading <= a.trailing + 40 @ 600")
            ])
        #expect(Self.parsed("[a(side)]", metrics: ["side": 32])?.map(\.text) == ["a.width == 32"])
    }

    @Test func singleViewsAndSpaces() {
        #expect(Self.parsed("[a]") == [])
        #expect(
            Self.parsed("[a]|") == [
                Self.constraint(
                    Self.anchor("superview", .trailing, 3), .equal, Self.anchor("a", .trailing, 1),
                    "superview.trailing == a.trailing")
            ])
        #expect(
            Self.parsed(" [a] - [b]") == [
                Self.constraint(
                    Self.anchor("b", .leading, 8), .equal, Self.anchor("a", .trailing, 2), constant: 8,
                    "b.leading == a.trailing + 8")
            ])
        #expect(Self.parsed("V:[a_1(>=44@fittingSizeLevel)]")?.map(\.text) == ["a_1.height >= 44 @ 50"])
    }

    // MARK: VFL errors

    @Test func orientations() {
        Self.fails("X:[a]", at: 0, "unknown orientation \"X:\" (did you mean \"H:\"?)")
        Self.fails("v:[a]", at: 0, "unknown orientation \"v:\" (did you mean \"V:\"?)")
        Self.fails("Vertical:[a]", at: 0, "unknown orientation \"Vertical:\" (expected \"H:\" or \"V:\")")
    }

    @Test func viewsAndBars() {
        Self.fails("H:[a]x", at: 5, "expected \"[\" to start a view, found \"x\"")
        Self.fails("H:-[a]", at: 2, "expected \"[\" to start a view, found \"-\"")
        Self.fails("[a]-", at: 4, "expected \"[\" to start a view, found end of text")
        Self.fails("[a", at: 2, "expected \"]\" to end the view \"a\", found end of text")
        Self.fails(
            "[]", at: 1,
            "expected a view name after \"[\" (a letter or \"_\", then letters, digits and \"_\"), found \"]\"")
        Self.fails("H:|-20-|", at: 7, "a visual format needs at least one view, such as \"[icon]\"")
        Self.fails("H:", at: 2, "a visual format needs at least one view, such as \"[icon]\"")
        Self.fails("[a]|[b]", at: 3, "a superview bar \"|\" may only start or end a format")
        Self.fails("||[a]", at: 1, "a superview bar \"|\" may only start or end a format")
        Self.fails("|[a]| x", at: 6, "unexpected \"x\"")
    }

    @Test func viewNamesWithDashes() {
        let message = "view names in VFL are letters, digits and \"_\": write an equation for ids with \"-\""
        Self.fails("[my-view]", at: 1, message)
        Self.fails("[a(my-view)]", at: 3, message)
    }

    @Test func spacings() {
        Self.fails("[a]-(>=b)-[b]", at: 7, "a spacing must be a number or a metric")
        Self.fails(
            "[a]-gapp-[b]", at: 4, "unknown metric \"gapp\" (did you mean \"gap\"?)", metrics: ["margin": 20, "gap": 8])
        Self.fails("[a]-pad-[b]", at: 4, "unknown metric \"pad\" (no metrics are defined)")
        Self.fails(
            "[a]--8-[b]", at: 4,
            "a spacing cannot be a negative number in VFL (\"-\" is a connection): "
                + "use a metric with a negative value, or an equation")
        Self.fails(
            "[a]-(>=-8)-[b]", at: 7,
            "a spacing cannot be a negative number in VFL (\"-\" is a connection): "
                + "use a metric with a negative value, or an equation")
        Self.fails("[a]-8[b]", at: 5, "expected \"-\" after the spacing, found \"[\"")
        Self.fails("[a]-(=8)-[b]", at: 5, "expected \"==\", \"<=\" or \">=\", found \"=\" (did you mean \"==\"?)")
    }

    @Test func predicateListsAndPriorities() {
        Self.fails("[a(44]", at: 5, "expected \",\" or \")\" after a predicate, found \"]\"")
        Self.fails("[a()]", at: 3, "expected a size (a number, a metric or a view name), found \")\"")
        Self.fails("[a]-(>=8@2000)-[b]", at: 9, "priority must be 1…1000 (1000 = required)")
        Self.fails("[a]-[b(44@fitting)]", at: 10, "unknown priority \"fitting\" (did you mean \"fittingSizeLevel\"?)")
    }
}
