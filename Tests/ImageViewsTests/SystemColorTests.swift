import Foundation
import Testing
@testable import ImageViews

/// The system colour table (SystemColors.swift, docs/COLORS.md): complete against Apple's lists,
/// resolved by style, contrast and level, and unchanged where colours existed before.
@Suite struct SystemColorTests {
    static func traits(
        _ style: UserInterfaceStyle, _ contrast: AccessibilityContrast = .normal,
        _ level: UserInterfaceLevel = .base
    ) -> Traits {
        Traits(userInterfaceStyle: style, accessibilityContrast: contrast, userInterfaceLevel: level)
    }

    /// The eight values of `name` as "#RRGGBBAA", in the order light, dark, light high contrast,
    /// dark high contrast, then the same four at the elevated level.
    static func values(_ name: String) -> [String] {
        guard let color = Color.system(name) else { return ["missing"] }
        return [UserInterfaceLevel.base, .elevated].flatMap { level in
            [AccessibilityContrast.normal, .high].flatMap { contrast in
                [UserInterfaceStyle.light, .dark].map { color.resolved(traits($0, contrast, level)).description }
            }
        }
    }

    // UIColor's colour properties on iOS, written down from Apple's UIColor documentation
    // ("Standard colors", "UI element colors", "Fixed colors", "Nonadaptable colors") for this
    // test, independently of the table.
    static let appleStandard = [
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal",
        "systemCyan", "systemBlue", "systemIndigo", "systemPurple", "systemPink", "systemBrown",
        "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6"
    ]
    static let appleElements = [
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText",
        "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill",
        "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
        "systemGroupedBackground", "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground",
        "separator", "opaqueSeparator", "link", "lightText", "darkText"
    ]
    static let appleFixed = [
        "black", "blue", "brown", "clear", "cyan", "darkGray", "gray", "green", "lightGray",
        "magenta", "orange", "purple", "red", "white", "yellow"
    ]

    @Test func theTableHoldsEveryColourOfApplesListsAndNothingElseButADeprecatedAlias() {
        let table = Set(Color.systemColorNames)
        let apple = Set(Self.appleStandard + Self.appleElements + Self.appleFixed)
        #expect(apple.subtracting(table).sorted() == [])
        #expect(table.subtracting(apple).sorted() == ["groupTableViewBackground"])
        #expect(Color.systemColorNames.count == table.count, "a name is listed twice")
        #expect(Color.system("tintColor") == nil)  // the view's tint, not a table entry (docs/COLORS.md)
    }

    /// The colours of the table before it was completed keep their light and dark values, so
    /// every snapshot recorded before stays as it was.
    @Test func theColoursThatExistedKeepTheirLightAndDarkValues() {
        let before: [(String, String, String)] = [
            ("systemRed", "#FF3B30FF", "#FF453AFF"), ("systemOrange", "#FF9500FF", "#FF9F0AFF"),
            ("systemYellow", "#FFCC00FF", "#FFD60AFF"), ("systemGreen", "#34C759FF", "#30D158FF"),
            ("systemTeal", "#30B0C7FF", "#40C8E0FF"), ("systemCyan", "#32ADE6FF", "#64D2FFFF"),
            ("systemBlue", "#007AFFFF", "#0A84FFFF"), ("systemIndigo", "#5856D6FF", "#5E5CE6FF"),
            ("systemPurple", "#AF52DEFF", "#BF5AF2FF"), ("systemPink", "#FF2D55FF", "#FF375FFF"),
            ("systemBrown", "#A2845EFF", "#AC8E68FF"), ("systemGray", "#8E8E93FF", "#8E8E93FF"),
            ("systemGray2", "#AEAEB2FF", "#636366FF"), ("systemGray3", "#C7C7CCFF", "#48484AFF"),
            ("systemGray4", "#D1D1D6FF", "#3A3A3CFF"), ("systemGray5", "#E5E5EAFF", "#2C2C2EFF"),
            ("systemGray6", "#F2F2F7FF", "#1C1C1EFF"), ("label", "#000000FF", "#FFFFFFFF"),
            ("secondaryLabel", "#3C3C4399", "#EBEBF599"), ("systemBackground", "#FFFFFFFF", "#000000FF"),
            ("secondarySystemBackground", "#F2F2F7FF", "#1C1C1EFF"),
            ("tertiarySystemBackground", "#FFFFFFFF", "#2C2C2EFF"),
            ("systemGroupedBackground", "#F2F2F7FF", "#000000FF"), ("separator", "#3C3C434A", "#54545899"),
            ("black", "#000000FF", "#000000FF"), ("white", "#FFFFFFFF", "#FFFFFFFF"),
            ("gray", "#808080FF", "#808080FF"),
            ("red", "#FF0000FF", "#FF0000FF"), ("green", "#00FF00FF", "#00FF00FF"), ("blue", "#0000FFFF", "#0000FFFF"),
            ("clear", "#00000000", "#00000000")
        ]
        for (name, light, dark) in before {
            #expect(Array(Self.values(name).prefix(2)) == [light, dark], "\(name)")
        }
    }

    /// A standard colour: its own high-contrast values, none for the elevated level [HIG].
    @Test func standardColoursChangeWithContrastNotLevel() {
        #expect(
            Self.values("systemBlue") == [
                "#007AFFFF", "#0A84FFFF", "#0040DDFF", "#409CFFFF",
                "#007AFFFF", "#0A84FFFF", "#0040DDFF", "#409CFFFF"
            ])
        #expect(
            Self.values("systemMint") == [
                "#00C7BEFF", "#63E6E2FF", "#0C817BFF", "#66D4CFFF",
                "#00C7BEFF", "#63E6E2FF", "#0C817BFF", "#66D4CFFF"
            ])
        #expect(Self.values("systemYellow")[2] == "#B25000FF")  // iOS 15–18, not iOS 13's #A05A00
        #expect(
            Self.values("systemGray4") == [
                "#D1D1D6FF", "#3A3A3CFF", "#BCBCC0FF", "#444446FF",
                "#D1D1D6FF", "#3A3A3CFF", "#BCBCC0FF", "#444446FF"
            ])
    }

    /// Backgrounds: lighter in dark mode when elevated, and again with high contrast.
    @Test func backgroundsAreLighterWhenElevatedInDarkMode() {
        #expect(
            Self.values("systemBackground") == [
                "#FFFFFFFF", "#000000FF", "#FFFFFFFF", "#000000FF",
                "#FFFFFFFF", "#1C1C1EFF", "#FFFFFFFF", "#242426FF"
            ])
        #expect(
            Self.values("secondarySystemBackground") == [
                "#F2F2F7FF", "#1C1C1EFF", "#EBEBF0FF", "#242426FF",
                "#F2F2F7FF", "#2C2C2EFF", "#EBEBF0FF", "#363638FF"
            ])
        #expect(
            Self.values("tertiarySystemGroupedBackground") == [
                "#F2F2F7FF", "#2C2C2EFF", "#EBEBF0FF", "#363638FF",
                "#F2F2F7FF", "#3A3A3CFF", "#EBEBF0FF", "#444446FF"
            ])
        #expect(Self.values("groupTableViewBackground") == Self.values("systemGroupedBackground"))
    }

    /// Translucent element colours: high contrast raises the alpha by 0.08; the level changes
    /// nothing. Alphas are UIKit's fractions rounded to bytes, ⌊v × 255 + ½⌋.
    @Test func labelsFillsAndSeparatorsGainOpacityWithContrast() {
        #expect(
            Self.values("tertiaryLabel") == [
                "#3C3C434D", "#EBEBF54D", "#3C3C4361", "#EBEBF561",
                "#3C3C434D", "#EBEBF54D", "#3C3C4361", "#EBEBF561"
            ])  // 0.30 → 77, 0.38 → 97
        #expect(Array(Self.values("quaternaryLabel").prefix(4)) == ["#3C3C432E", "#EBEBF529", "#3C3C4342", "#EBEBF53D"])
        #expect(Array(Self.values("systemFill").prefix(4)) == ["#78788033", "#7878805C", "#78788047", "#78788070"])
        #expect(
            Array(Self.values("quaternarySystemFill").prefix(4)) == ["#74748014", "#7676802E", "#74748029", "#76768042"]
        )
        #expect(Array(Self.values("separator").prefix(4)) == ["#3C3C434A", "#54545899", "#3C3C435E", "#545458AD"])
        #expect(Set(Self.values("opaqueSeparator")) == ["#C6C6C8FF", "#38383AFF"])
        #expect(Set(Self.values("link")) == ["#007AFFFF", "#0984FFFF"])
    }

    /// UIColor's fixed colours and the nonadaptable text colours are one value everywhere.
    @Test func fixedColoursAreTheSameEverywhere() {
        let fixed: [(String, String)] = [
            ("darkGray", "#555555FF"), ("lightGray", "#AAAAAAFF"), ("gray", "#808080FF"), ("cyan", "#00FFFFFF"),
            ("yellow", "#FFFF00FF"), ("magenta", "#FF00FFFF"), ("orange", "#FF8000FF"), ("purple", "#800080FF"),
            ("brown", "#996633FF"), ("lightText", "#FFFFFF99"), ("darkText", "#000000FF")
        ]
        for (name, value) in fixed {
            #expect(Self.values(name) == Array(repeating: value, count: 8), "\(name)")
            #expect(Color.system(name)?.isFixed == true, "\(name)")
        }
        #expect(Color.system("systemBackground")?.isFixed == false)
        #expect(Color.system("link")?.isFixed == false)
    }

    /// Every entry is complete and consistent: a colour whose elevated and high-contrast values
    /// both differ from the base gives its own high-contrast elevated values.
    @Test func everyEntryIsConsistent() {
        for color in SystemColor.all {
            let v = color.values
            if v.elevated != v.base && v.highContrast != v.base {
                #expect(
                    v.highContrastElevated != v.elevated && v.highContrastElevated != v.highContrast, "\(color.name)")
            }
            if color.group == .standard || color.group == .gray || color.group == .fixed {
                #expect(
                    v.elevated == v.base && v.highContrastElevated == v.highContrast,
                    "\(color.name): no elevated values")
            }
        }
    }

    @Test func missingAppearancesTakeTheOneTheyRefine() {
        let a = RGBA(r: 1, g: 2, b: 3), b = RGBA(r: 4, g: 5, b: 6), c = RGBA(r: 7, g: 8, b: 9)
        let pair = AppearanceValues.Pair(light: a, dark: b)
        let onlyContrast = AppearanceValues(base: pair, highContrast: .init(light: c, dark: c))
        #expect(onlyContrast.resolved(Self.traits(.dark, .high, .elevated)) == c)
        let onlyLevel = AppearanceValues(base: pair, elevated: .init(light: a, dark: c))
        #expect(onlyLevel.resolved(Self.traits(.dark, .high, .elevated)) == c)
        #expect(onlyLevel.resolved(Self.traits(.dark, .high, .base)) == b)
    }

    /// docs/COLORS.md lists every colour once, with the values of the table: a cell is
    /// "light / dark" ("—" for the appearance it refines), a fixed colour one value.
    @Test func theDocumentationListsTheTablesValues() throws {
        let docs = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/COLORS.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        func opaque(_ hex: String) -> String { hex.count == 7 ? hex + "FF" : hex }
        func pair(_ cell: String) -> [String] { cell.components(separatedBy: " / ").map(opaque) }
        var documented: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            documented.append(name)
            let values: [String]
            if cells.count == 2 {
                values = Array(repeating: opaque(cells[1]), count: 8)
            } else {
                let base = pair(cells[1])
                let highContrast = cells[2] == "—" ? base : pair(cells[2])
                let elevated = cells[3] == "—" ? base : pair(cells[3])
                let both = cells[4] != "—" ? pair(cells[4]) : cells[3] != "—" ? elevated : highContrast
                values = base + highContrast + elevated + both
            }
            #expect(values == Self.values(name), "\(name)")
        }
        #expect(documented == Color.systemColorNames)
    }

    /// AppKit names iOS lacks are not in the table; the equivalents they point to are.
    @Test func macOSNamesAreNotIOSColoursAndTheirEquivalentsAre() {
        for mac in MacOSColor.all {
            #expect(Color.system(mac.name) == nil && Color.system(String(mac.name.dropLast(5))) == nil, "\(mac.name)")
            if let equivalent = mac.iOSEquivalent {
                #expect(Color.system(equivalent) != nil, "\(mac.name) → \(equivalent)")
            }
        }
        #expect(MacOSColor.named("windowBackground")?.iOSEquivalent == "systemBackground")
        #expect(MacOSColor.named("controlAccentColor")?.iOSEquivalent == "systemBlue")
        #expect(MacOSColor.named("labelColor") == nil)  // labelColor is both platforms'
    }
}
