import Foundation
import ImageViews
import Syntax
import Testing
import TestSupport
@testable import ScenarioFormat

private let fixture = Fixture()

/// System colours as scenarios and colour sets name them, resolved per variant by style,
/// contrast and level (docs/COLORS.md); the macOS-only and unknown names are in
/// MalformedScenarioTests and MalformedCatalogTests.
@Suite struct SystemColorScenarioTests {
    static func load(background: String) throws -> Scenario {
        let text = """
            { "canvas": { "size": [4, 4], "background": \(background) }, "assetCatalogs": ["Colors.xcassets"], "root": {},
              "variants": { "matrix": { "userInterfaceStyle": ["light", "dark"], "accessibilityContrast": ["normal", "high"],
                                        "userInterfaceLevel": ["base", "elevated"] } } }
            """
        return try ScenarioLoader.parse(
            Array(text.utf8), folder: fixture.directory, displayName: "case.json", name: "case")
    }

    /// The canvas colour in every variant, by variant name.
    static func resolved(_ background: String) throws -> [String: String] {
        let scenario = try load(background: background)
        return Dictionary(
            uniqueKeysWithValues: scenario.variants().map {
                ($0.name, scenario.background.resolved($0.traits).description)
            })
    }

    /// UIColor(dynamicProvider:) as cases (docs/COLORS.md §Dynamic providers): the first case the
    /// traits pass, nested providers resolved in the same traits, and each mistake named.
    @Test func providerCasesResolveInOrder() throws {
        func color(_ json: String) throws -> Color {
            let scenario = try ScenarioLoader.parse(
                Array("{ \"canvas\": { \"size\": [4, 4], \"background\": \(json) }, \"root\": {} }".utf8),
                folder: fixture.directory, displayName: "case.json", name: "case")
            return scenario.background
        }
        let provider = try color(
            """
            { "provider": [ { "when": { "horizontalSizeClass": "regular", "layoutDirection": "rightToLeft" }, "color": "#FF0000" },
                            { "when": { "userInterfaceLevel": "elevated" }, "color": { "light": "#00FF00", "dark": "#0000FF" } },
                            { "when": { "displayScale": 3 }, "color": { "provider": [ { "when": { "userInterfaceStyle": "dark" }, "color": "#111111" }, { "color": "#222222" } ] } },
                            { "color": "systemBlue" } ] }
            """)
        var t = Traits(displayScale: 2)
        #expect(provider.resolved(t).description == "#007AFFFF")  // the default
        t.horizontalSizeClass = .regular
        #expect(provider.resolved(t).description == "#007AFFFF")  // both traits of the first case are needed
        t.layoutDirection = .rightToLeft
        #expect(provider.resolved(t).description == "#FF0000FF")
        t = Traits(displayScale: 2, userInterfaceStyle: .dark, userInterfaceLevel: .elevated)
        #expect(provider.resolved(t).description == "#0000FFFF")
        t = Traits(displayScale: 3, userInterfaceStyle: .dark)
        #expect(provider.resolved(t).description == "#111111FF")
        #expect(!provider.isFixed && provider.possibleValues.count >= 5)

        func error(_ json: String) -> String {
            do {
                _ = try color(json)
                return "accepted"
            } catch let errors as ScenarioErrors {
                return errors.diagnostics.map { $0.message }.joined(separator: "\n")
            } catch {
                return "\(error)"
            }
        }
        #expect(error("{ \"provider\": [] }").contains("expected provider cases (a non-empty array)"))
        #expect(
            error("{ \"provider\": [ { \"color\": \"#000000\" }, { \"color\": \"#FFFFFF\" } ] }").contains(
                "only the last case may leave out \"when\""))
        #expect(
            error("{ \"provider\": [ { \"when\": { \"userInterfaceStyle\": \"dark\" }, \"color\": \"#000000\" } ] }")
                .contains("the last case is the provider's default"))
        #expect(
            error(
                "{ \"provider\": [ { \"when\": { \"sizeClass\": \"regular\" }, \"color\": \"#000000\" }, { \"color\": \"#FFFFFF\" } ] }"
            )
            .contains("unknown key \"sizeClass\""))
    }

    @Test func scenarioNamesResolveInEveryVariant() throws {
        let mint = try Self.resolved("\"systemMint\"")
        #expect(mint["light-normalContrast-baseLevel"] == "#00C7BEFF")
        #expect(mint["dark-highContrast-elevatedLevel"] == "#66D4CFFF")
        let background = try Self.resolved("\"tertiarySystemBackground\"")
        #expect(background["dark-normalContrast-baseLevel"] == "#2C2C2EFF")
        #expect(background["dark-normalContrast-elevatedLevel"] == "#3A3A3CFF")
        #expect(background["dark-highContrast-elevatedLevel"] == "#444446FF")
        #expect(background["light-highContrast-elevatedLevel"] == "#FFFFFFFF")
        #expect(Set(try Self.resolved("\"lightGray\"").values) == ["#AAAAAAFF"])
    }

    /// A colour set's reference follows the system colour in every appearance, the level included
    /// (which no catalog slot names).
    @Test func catalogReferencesFollowContrastAndLevel() throws {
        let card = try Self.resolved("{ \"named\": \"Card\" }")
        #expect(card["light-normalContrast-baseLevel"] == "#FFFFFFFF")
        #expect(card["dark-normalContrast-baseLevel"] == "#1C1C1EFF")
        #expect(card["dark-normalContrast-elevatedLevel"] == "#2C2C2EFF")
        #expect(card["dark-highContrast-baseLevel"] == "#242426FF")
        #expect(card["dark-highContrast-elevatedLevel"] == "#363638FF")
        // The high-contrast slot is picked first, then its reference resolves in high contrast.
        let ink = try Self.resolved("{ \"named\": \"Ink\" }")
        #expect(ink["dark-normalContrast-baseLevel"] == "#FFFFFFFF")
        #expect(ink["light-highContrast-baseLevel"] == "#3634A3FF")
        #expect(ink["dark-highContrast-elevatedLevel"] == "#7D7AFFFF")
        // Xcode writes "systemTealColor"; the reference without the suffix is read too.
        #expect(try Self.resolved("{ \"named\": \"Teal\" }")["light-highContrast-baseLevel"] == "#008299FF")
    }

    /// A light/dark pair is UIKit's dynamic provider: each side, a system colour included, is
    /// resolved in the same contrast and level.
    @Test func pairsResolveTheirSidesInTheSameTraits() throws {
        let fixed = try Self.resolved("{ \"light\": \"lightGray\", \"dark\": \"darkGray\" }")
        #expect(
            fixed["light-highContrast-elevatedLevel"] == "#AAAAAAFF"
                && fixed["dark-highContrast-elevatedLevel"] == "#555555FF")
        let pair = try Self.resolved("{ \"light\": \"systemRed\", \"dark\": \"secondarySystemBackground\" }")
        #expect(pair["light-normalContrast-baseLevel"] == "#FF3B30FF")
        #expect(pair["light-highContrast-elevatedLevel"] == "#D70015FF")
        #expect(pair["dark-normalContrast-baseLevel"] == "#1C1C1EFF")
        #expect(pair["dark-normalContrast-elevatedLevel"] == "#2C2C2EFF")
        #expect(pair["dark-highContrast-elevatedLevel"] == "#363638FF")
    }
}
