import Foundation
import ImageViews
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// `asset` images: UIImageAsset registrations (docs/ASSETS.md §Registered images).
@Suite struct ImageAssetTests {
    /// Solid 4 × 4 images: red, green, blue; "blue2x" at scale 2 (8 × 8 px).
    static let images = """
        "red": { "generate": { "solid": { "size": [4, 4], "color": "#FF0000" } } },
        "green": { "generate": { "solid": { "size": [4, 4], "color": "#00FF00" } } },
        "blue2x": { "generate": { "solid": { "size": [8, 8], "color": "#0000FF" } }, "scale": 2 },
        """

    static func load(_ asset: String, extra: String = "") throws(ScenarioErrors) -> Image {
        let text = """
            { "canvas": { "size": [10, 10] }, "variants": { "matrix": { "userInterfaceStyle": ["light", "dark"] } },
              "images": { \(images)\(extra) "x": { "asset": \(asset) } }, "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(
            Array(text.utf8), folder: fixture.directory, displayName: "a.json", name: "a")
        return scenario.images.first { $0.name == "x" }!
    }

    /// The first pixel of the image `x` shows in `style` on a `scale` screen, with its scale.
    static func shown(_ image: Image, _ style: UserInterfaceStyle, scale: Int = 1) -> String {
        var traits = Traits()
        traits.userInterfaceStyle = style
        traits.displayScale = scale
        let resolved = image.resolved(for: traits)
        let pixel = resolved.pixels.bitmap.pixels[0]
        return "\(resolved.name) \(String(pixel, radix: 16)) @\(Int(resolved.scale))"
    }

    @Test func aLightDarkPairFollowsTheStyle() throws {
        let x = try Self.load(
            """
            [ { "image": "red", "traits": { "userInterfaceStyle": "light" } }, { "image": "green", "traits": { "userInterfaceStyle": "dark" } } ]
            """)
        #expect(Self.shown(x, .light) == "x ff0000ff @1")
        #expect(Self.shown(x, .dark) == "x ff00ff00 @1")
    }

    @Test func scalesRankAsInACatalogAndTheFirstStandsInWhereNoneHolds() throws {
        let scaled = try Self.load(
            """
            [ { "image": "red", "traits": { "displayScale": 1 } }, { "image": "blue2x", "traits": { "displayScale": 2 } } ]
            """)
        #expect(Self.shown(scaled, .light, scale: 1) == "x ff0000ff @1")
        #expect(Self.shown(scaled, .light, scale: 2) == "x ffff0000 @2")
        #expect(Self.shown(scaled, .light, scale: 3) == "x ffff0000 @2")  // 3x tries 3, 2, 1
        let darkOnly = try Self.load("[ { \"image\": \"green\", \"traits\": { \"userInterfaceStyle\": \"dark\" } } ]")
        #expect(Self.shown(darkOnly, .light) == "x ff00ff00 @1")
    }

    @Test func mistakesAreErrorsThatSayWhy() {
        func message(_ asset: String, extra: String = "") -> String? {
            do {
                _ = try Self.load(asset, extra: extra)
                return nil
            } catch {
                return error.diagnostics.first?.message
            }
        }
        #expect(
            message("[ { \"image\": \"red\" }, { \"image\": \"green\", \"traits\": { \"displayScale\": 1 } } ]")?
                .hasPrefix("these traits equal those of the registration at $.images.x.asset[0]: UIKit would replace")
                == true)
        #expect(
            message("[ { \"image\": \"red\", \"traits\": { \"userInterfaceLevel\": \"elevated\" } } ]")?
                .hasPrefix("an image asset is not matched by \"userInterfaceLevel\" in ivsim") == true)
        #expect(
            message(
                "[ { \"image\": \"inner\" } ]",
                extra: "\"inner\": { \"asset\": [ { \"image\": \"red\" }, "
                    + "{ \"image\": \"green\", \"traits\": { \"userInterfaceStyle\": \"dark\" } } ] },")?
                .hasPrefix("\"inner\" has variants of its own (2)") == true)
        #expect(message("[ { \"image\": \"rde\" } ]") == "unknown image \"rde\" to register (did you mean \"red\"?)")
        #expect(message("[]")?.contains("image registrations") == true)
    }
}
