import Foundation
import ImageViews
import Symbols
import Testing
@testable import ScenarioFormat

/// The preferredContentSizeCategory trait (docs/SYMBOLS.md §Configuration, docs/LAYOUT.md §Content
/// size categories): symbols sized by a text style follow it, image views that adjust their image
/// grow at the accessibility sizes, and the trait names variants, provider colours and fixed
/// images. The expected sizes are Apple's table typed out here a second time.
@Suite struct ContentSizeCategoryTests {
    /// The body and large title rows of Apple's Dynamic Type sizes table, XS … AX5.
    static let body: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    static let largeTitle: [Double] = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]

    static func load(_ images: String, views: String = "", variants: String = "") throws -> Scenario {
        let text = """
            { "canvas": { "size": [400, 400] }, "symbolRoots": ["Exported"],
              "images": { \(images) },
              "root": { "subviews": [ { "type": "imageView", "origin": [0, 0], "sizeToFit": true, "image": "a" }\(views) ] }
              \(variants) }
            """
        switch try SymbolScenarioTests.load(text, files: [("Exported/square.svg", SymbolScenarioTests.template())]) {
        case let .success(scenario): return scenario
        case let .failure(errors): throw errors
        }
    }

    static func image(_ scenario: Scenario, _ name: String) throws -> Image {
        try #require(scenario.images.first { $0.name == name })
    }

    @Test func textStyleSymbolsTakeTheTableSizeAtEveryCategory() throws {
        let categories = ContentSizeCategory.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let scenario = try Self.load(
            """
            "a": { "systemName": "square", "symbolConfiguration": { "textStyle": "body" } },
            "t": { "systemName": "square", "symbolConfiguration": { "textStyle": "largeTitle", "weight": "bold" } }
            """,
            variants: ", \"variants\": { \"matrix\": { \"preferredContentSizeCategory\": [\(categories)] } }")
        let body = try Self.image(scenario, "a"), title = try Self.image(scenario, "t")
        #expect(body.variants.count == 12 * 3)
        for (index, category) in ContentSizeCategory.allCases.enumerated() {
            let traits = Traits(preferredContentSizeCategory: category)
            // The same symbol made at the table's point size directly.
            let direct = try Self.load(
                """
                "a": { "systemName": "square", "symbolConfiguration": { "pointSize": \(Self.body[index]) } },
                "t": { "systemName": "square", "symbolConfiguration": { "pointSize": \(Self.largeTitle[index]), "weight": "bold" } }
                """)
            let a = body.resolved(for: traits), t = title.resolved(for: traits)
            #expect(a.size == (try Self.image(direct, "a")).size, "\(category)")
            #expect(a.symbol?.pointSize == Self.body[index])
            #expect(t.size == (try Self.image(direct, "t")).size, "\(category)")
            #expect(t.symbol?.pointSize == Self.largeTitle[index])
        }
        // The variants' names carry the category's short name.
        #expect(scenario.variants().map(\.name).last == "contentSizeAX5")
        // A symbol of a point size does not follow the category: one rendering per scale.
        let fixed = try Self.load(
            "\"a\": { \"systemName\": \"square\", \"symbolConfiguration\": { \"pointSize\": 30 } }",
            variants:
                ", \"variants\": { \"matrix\": { \"preferredContentSizeCategory\": [\"large\", \"accessibilityLarge\"] } }"
        )
        #expect((try Self.image(fixed, "a")).variants.count == 3)
    }

    @Test func theTextStyleTableIsTheBodyRowImageViewsScaleBy() {
        for (index, category) in ContentSizeCategory.allCases.enumerated() {
            let size = DynamicTypeSize(rawValue: index) ?? .large
            #expect(category.bodyPointSize == Self.body[index])
            #expect(SymbolTextStyle.body.pointSize(at: size) == Self.body[index])
            #expect(SymbolTextStyle.largeTitle.pointSize(at: size) == Self.largeTitle[index])
            #expect(category.isAccessibilityCategory == (index >= 7))
        }
    }

    @Test func anImageFixedToACategoryIsMadeAtIt() throws {
        let scenario = try Self.load(
            """
            "s": { "systemName": "square", "symbolConfiguration": { "textStyle": "body" } },
            "a": { "from": "s", "traits": { "preferredContentSizeCategory": "accessibilityLarge" } },
            "b": { "systemName": "square", "symbolConfiguration": { "pointSize": 33 } }
            """)
        let shown = scenario.scene(for: scenario.variants()[0]).layout.views[1].imageView?.image
        let b = try Self.image(scenario, "b")
        #expect(shown?.size == b.size)
    }

    @Test func adjustingImageViewsGrowAtAccessibilitySizesOnly() throws {
        let categories = ["large", "extraExtraExtraLarge", "accessibilityMedium", "accessibilityExtraExtraExtraLarge"]
        let scenario = try Self.load(
            """
            "a": { "generate": { "solid": { "size": [32, 24], "color": "#000000" } }, "scale": 2 }
            """,
            views: """
                , { "id": "adj", "type": "imageView", "origin": [0, 100], "sizeToFit": true, "image": "a",
                    "contentMode": "scaleAspectFit", "adjustsImageSizeForAccessibilityContentSizeCategory": true }
                """,
            variants: ", \"variants\": { \"matrix\": { \"preferredContentSizeCategory\": "
                + "[\(categories.map { "\"\($0)\"" }.joined(separator: ", "))] } }")
        let factors: [Double] = [1, 1, 28.0 / 17, 53.0 / 17]
        for (variant, factor) in zip(scenario.variants(), factors) {
            let views = scenario.scene(for: variant).layout.views
            let plain = try #require(views[1].imageView), adjusting = try #require(views[2].imageView)
            #expect(plain.intrinsicContentSize == Size(width: 16, height: 12), "\(variant.name)")
            #expect(
                adjusting.intrinsicContentSize == Size(width: 16 * factor, height: 12 * factor), "\(variant.name)")
            #expect(adjusting.sizeThatFits == Size(width: 16 * factor, height: 12 * factor))
        }
    }

    @Test func providerColoursAndStatesSeeTheCategory() throws {
        let scenario = try Self.load(
            "\"a\": { \"generate\": { \"solid\": { \"size\": [2, 2], \"color\": \"#000000\" } } }",
            views: """
                , { "id": "v", "frame": [0, 0, 10, 10], "backgroundColor": { "provider": [
                    { "when": { "preferredContentSizeCategory": "accessibilityMedium" }, "color": "#FF0000" },
                    { "color": "#00FF00" } ] } }
                """,
            variants:
                ", \"variants\": { \"matrix\": { \"preferredContentSizeCategory\": [\"large\", \"accessibilityMedium\"] } }"
        )
        let colors = scenario.variants().map { scenario.scene(for: $0).layout.views[2].backgroundColor }
        #expect(colors.map { $0?.r } == [0, 255])
        #expect(colors.map { $0?.g } == [255, 0])
    }

    @Test func registrationsRefuseTheCategory() throws {
        let text = """
            { "canvas": { "size": [10, 10] },
              "images": { "r": { "generate": { "solid": { "size": [2, 2], "color": "#FF0000" } } },
                          "a": { "asset": [ { "image": "r", "traits": { "preferredContentSizeCategory": "large" } } ] } },
              "root": { "subviews": [] } }
            """
        let result = try SymbolScenarioTests.load(text, files: [])
        guard case let .failure(errors) = result else {
            Issue.record("a registration by content size category was accepted")
            return
        }
        #expect(
            errors.lines.first?.contains(
                "an image asset is not matched by \"preferredContentSizeCategory\" in ivsim") == true)
    }
}
