import AssetCatalogs
import Foundation
import ImageViews
import Testing
@testable import ScenarioFormat
import Syntax

/// Symbol images in scenarios (docs/SYMBOLS.md): found by `systemName` in the symbol roots and by
/// `named` in symbol sets, made at their configuration, drawn as templates; and each way of
/// getting them wrong named in one message.
@Suite struct SymbolScenarioTests {
    /// A variable template whose masters are squares of side 40, 50 and 60 (`blackPoints` replaces
    /// Black-S's path to make it incompatible).
    static func template(black: String = "M0 -60L60 -60L60 0L0 0Z") -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
         <g id="Guides">
          <line id="Baseline-S" x1="0" x2="10" y1="696" y2="696"/>
          <line id="Capline-S" x1="0" x2="10" y1="625.541" y2="625.541"/>
          <line id="left-margin-Ultralight-S" x1="500" x2="500" y1="0" y2="1"/>
          <line id="right-margin-Ultralight-S" x1="550" x2="550" y1="0" y2="1"/>
          <line id="left-margin-Regular-S" x1="1400" x2="1400" y1="0" y2="1"/>
          <line id="right-margin-Regular-S" x1="1460" x2="1460" y1="0" y2="1"/>
          <line id="left-margin-Black-S" x1="2800" x2="2800" y1="0" y2="1"/>
          <line id="right-margin-Black-S" x1="2870" x2="2870" y1="0" y2="1"/>
         </g>
         <g id="Symbols">
          <g id="Ultralight-S" transform="matrix(1 0 0 1 500 696)"><path d="M0 -40L40 -40L40 0L0 0Z"/></g>
          <g id="Regular-S" transform="matrix(1 0 0 1 1400 696)"><path d="M0 -50L50 -50L50 0L0 0Z"/></g>
          <g id="Black-S" transform="matrix(1 0 0 1 2800 696)"><path d="\(black)"/></g>
         </g>
        </svg>
        """
    }

    static func symbolSet(_ file: String, intent: String? = nil) -> String {
        "{ \"info\": { \"author\": \"xcode\", \"version\": 1 }, "
            + (intent.map { "\"properties\": { \"symbol-rendering-intent\": \"\($0)\" }, " } ?? "")
            + "\"symbols\": [ { \"filename\": \"\(file)\", \"idiom\": \"universal\" } ] }"
    }

    struct Errors: Error { var lines: [String] }

    /// Writes `files` under a new folder, loads `scenario` there: the scenario or its error lines.
    static func load(_ scenario: String, files: [(String, String)]) throws -> Result<Scenario, Errors> {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        do throws(ScenarioErrors) {
            return .success(
                try ScenarioLoader.parse(Array(scenario.utf8), folder: root, displayName: "case.json", name: "case"))
        } catch {
            return .failure(
                Errors(lines: error.diagnostics.map { ($0.path.isEmpty ? "" : $0.path + ": ") + $0.message }))
        }
    }

    static func scenario(_ images: String, extra: String = "") -> String {
        """
        { "canvas": { "size": [60, 40] }, "symbolRoots": ["Exported"], "assetCatalogs": ["Cat.xcassets"], \(extra)
          "images": { \(images) },
          "root": { "subviews": [ { "type": "imageView", "origin": [0, 0], "sizeToFit": true, "image": "a" } ] } }
        """
    }

    static let files = [
        ("Exported/square.svg", template()),
        ("Cat.xcassets/Contents.json", "{ \"info\": { \"author\": \"xcode\", \"version\": 1 } }"),
        ("Cat.xcassets/tile.symbolset/Contents.json", symbolSet("tile.svg")),
        ("Cat.xcassets/tile.symbolset/tile.svg", template())
    ]

    @Test func systemNameAndNamedFindTheTemplatesAndMakeThemAtTheirConfiguration() throws {
        let scenario = try Self.load(
            Self.scenario(
                """
                "a": { "systemName": "square", "symbolConfiguration": { "pointSize": 100, "scale": "small" } },
                "b": { "named": "tile", "symbolConfiguration": { "pointSize": 100, "weight": "black", "scale": "small" } },
                "c": { "from": "a", "symbolConfiguration": { "weight": "ultraLight" } }
                """), files: Self.files
        ).get()
        func image(_ name: String) throws -> Image { try #require(scenario.images.first { $0.name == name }) }
        let a = try image("a"), b = try image("b"), c = try image("c")
        // At 100 points one template unit is one point (1443/2048 × 100 = 70.459): the advance is
        // the margins' 60, 70 and 50 points; the height the square plus an eighth of the cap
        // height above and below: at the default traits' 2x, round(8.81 × 2) = 18 pixels, 9 points.
        #expect([a.size.width, b.size.width, c.size.width] == [60, 70, 50])
        let expectedHeight: Double = 50 + 2 * 9
        #expect(a.size.height == expectedHeight)
        #expect(a.symbol?.name == "square")
        #expect(b.symbol?.weight == "black")
        #expect(c.symbol?.weight == "ultraLight")
        #expect(a.source == "Exported/square.svg")
        #expect(b.source == "Cat.xcassets/tile.symbolset/tile.svg")
        #expect(a.variants.count == 3)
        let tint = RGBA(r: 1, g: 2, b: 3, a: 255)
        #expect(a.drawTint(viewTint: tint, traits: Traits()) == tint)
        #expect(a.vectorRedraw != nil)
    }

    @Test func classPropertiesFindTheTemplateOfTheirName() throws {
        // UIImage.add and the other preconfigured system images: which symbols they are, Apple does
        // not say, so a team exports what the device shows as UIImage.<property>.svg.
        let files = Self.files + [("Exported/UIImage.add.svg", Self.template())]
        let scenario = try Self.load(
            Self.scenario(
                """
                "a": { "classProperty": "add", "symbolConfiguration": { "pointSize": 100, "scale": "small" } },
                "b": { "systemName": "square", "symbolConfiguration": { "pointSize": 100, "scale": "small" } }
                """), files: files
        ).get()
        let a = try #require(scenario.images.first { $0.name == "a" })
        let b = try #require(scenario.images.first { $0.name == "b" })
        #expect(a.symbol?.name == "UIImage.add")
        #expect(a.source == "Exported/UIImage.add.svg")
        #expect(a.size == b.size && a.renderingMode == b.renderingMode)
        // A property UIImage does not have, and one not exported yet, are named.
        let close = try Self.load(Self.scenario("\"a\": { \"classProperty\": \"close\" }"), files: files)
        guard case let .failure(errors) = close else { Issue.record("UIImage.close was accepted"); return }
        #expect(errors.lines.first?.contains("unknown UIImage class property \"close\"") == true, "\(errors.lines)")
        let remove = try Self.load(Self.scenario("\"a\": { \"classProperty\": \"remove\" }"), files: files)
        guard case let .failure(missing) = remove else { Issue.record("UIImage.remove was found"); return }
        #expect(missing.lines.first?.contains("no symbol named \"UIImage.remove\"") == true, "\(missing.lines)")
    }

    @Test func eachMistakeIsNamed() throws {
        func errors(_ images: String, files: [(String, String)] = Self.files) throws -> [String] {
            switch try Self.load(Self.scenario(images), files: files) {
            case .success: return []
            case let .failure(errors): return errors.lines
            }
        }
        let missing = try errors("\"a\": { \"systemName\": \"squares\" }")
        #expect(missing.count == 1)
        #expect(
            missing.first?.contains(
                "no symbol named \"squares\" in Exported or Cat.xcassets (did you mean \"square\"?)") == true)
        #expect(missing.first?.contains("export the symbol's template from the SF Symbols app") == true)

        let bitmap = try errors(
            "\"a\": { \"generate\": { \"solid\": { \"size\": [2, 2], \"color\": \"#000000\" } }, \"symbolConfiguration\": { \"weight\": \"bold\" } }"
        )
        #expect(
            bitmap.first?.hasPrefix("$.images.a.symbolConfiguration: \"symbolConfiguration\" applies to symbol images")
                == true)

        var broken = Self.files
        broken[0] = ("Exported/square.svg", Self.template(black: "M0 -60L60 -60L60 0Z"))
        let incompatible = try errors(
            "\"a\": { \"systemName\": \"square\", \"symbolConfiguration\": { \"weight\": \"bold\" } }", files: broken)
        #expect(
            incompatible.first?.contains(
                "symbol \"square\" cannot be interpolated: path 1, point 4: Black-S has a close where Regular-S has a line"
            ) == true,
            "\(incompatible)")

        var hierarchical = Self.files
        hierarchical[2] = (
            "Cat.xcassets/tile.symbolset/Contents.json", Self.symbolSet("tile.svg", intent: "hierarchical")
        )
        let intent = try errors("\"a\": { \"named\": \"tile\" }", files: hierarchical)
        #expect(intent.first?.contains("asks to be rendered as \"hierarchical\"") == true)

        let twoColorings = try errors(
            "\"a\": { \"systemName\": \"square\", \"symbolConfiguration\": { \"multicolor\": true, \"paletteColors\": [\"red\"] } }"
        )
        #expect(
            twoColorings.first?.contains(
                "takes one colour configuration (\"hierarchicalColor\", \"paletteColors\" or \"multicolor\"), not \"paletteColors\" and \"multicolor\""
            ) == true, "\(twoColorings)")
        let off = try errors(
            "\"a\": { \"systemName\": \"square\", \"symbolConfiguration\": { \"multicolor\": false } }")
        #expect(
            off.first?.hasPrefix("$.images.a.symbolConfiguration.multicolor: \"multicolor\" is true or left out")
                == true)

        let both = try errors(
            "\"a\": { \"systemName\": \"square\", \"symbolConfiguration\": { \"pointSize\": 9, \"textStyle\": \"body\" } }"
        )
        #expect(both.first?.contains("takes \"pointSize\" or \"textStyle\", not both") == true)
    }
}

extension SymbolScenarioTests {
    /// preferredSymbolConfiguration: applied under the image's own configuration (the image's values
    /// win), to the image a view shows and to one a state sets.
    @Test func anImageViewsPreferredConfigurationUnderTheImagesOwn() throws {
        let scenario = try Self.load(
            """
            { "canvas": { "size": [200, 100] }, "symbolRoots": ["Exported"], "assetCatalogs": ["Cat.xcassets"],
              "images": { "a": { "systemName": "square" },
                          "heavy": { "systemName": "square", "symbolConfiguration": { "weight": "black" } } },
              "root": { "subviews": [
                { "id": "v", "type": "imageView", "origin": [0, 0], "sizeToFit": true, "image": "a",
                  "preferredSymbolConfiguration": { "pointSize": 100, "weight": "ultraLight", "scale": "small" } },
                { "type": "imageView", "origin": [0, 0], "sizeToFit": true, "image": "heavy",
                  "preferredSymbolConfiguration": { "pointSize": 100, "weight": "ultraLight", "scale": "small" } } ] },
              "variants": { "states": [ { "name": "s", "set": { "v.image": "heavy" } } ] } }
            """, files: Self.files
        ).get()
        // At 100 points a unit is a point: ultraLight's margins are 50 apart, black's 70.
        let shown = scenario.root.subviews.map { $0.imageView?.image?.size.width }
        #expect(shown == [50, 70])
        let set = scenario.states.first?.assignments.first?.value
        guard case let .image(image?)? = set else {
            Issue.record("the state sets no image: \(String(describing: set))")
            return
        }
        #expect(image.size.width == 70)
        #expect(image.symbol?.pointSize == 100)
    }
}

extension SymbolScenarioTests {
    /// `symbolStandIns`: a system symbol found nowhere is drawn as the stand-in, sized like a symbol,
    /// with a `symbolStandIn` warning naming it; without the key it is an error.
    @Test func standInsForSymbolsNotExportedYet() throws {
        let scenario = try Self.load(
            Self.scenario(
                "\"a\": { \"systemName\": \"gearshape\", \"symbolConfiguration\": { \"pointSize\": 100, \"scale\": \"small\" } }",
                extra: "\"symbolStandIns\": true,"), files: Self.files
        ).get()
        let image = try #require(scenario.images.first)
        // The stand-in: a square of the cap height (70.459 units, 70.459 points at 100 points)
        // between bearings of 6: 82.459 points, 165 pixels at the default 2x.
        #expect(image.size.width == 82.5)
        #expect(image.source == "stand-in for gearshape")
        let warning = try #require(scenario.warnings.first)
        #expect(warning.kind == "symbolStandIn")
        #expect(warning.message.contains("no symbol named \"gearshape\""))
        #expect(warning.message.contains("drawn as ivsim's stand-in"))
    }
}
