import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat

/// The corpus catalogs (Scenarios/asset-catalogs): the file UIImage(named:) picks and the colour
/// UIColor(named:) gives, pinned for every trait combination that matters to each set
/// (docs/ASSETS.md §Matching).
@Suite struct AssetLookupTests {
    static let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios/asset-catalogs").standardizedFileURL

    /// A scenario over the corpus catalogs and bundle with one image or colour.
    static func load(images: String = "{}", background: String = "\"#FFFFFF\"") throws -> Scenario {
        let text = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Media.xcassets", "Extra.xcassets"], "bundle": "Bundle",
              "images": \(images), "root": { "backgroundColor": \(background), "subviews": [] } }
            """
        return try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "lookup.json", name: "lookup")
    }

    /// The file the named image resolves to in `traits`.
    static func source(_ name: String, _ traits: Traits) throws -> String? {
        let scenario = try load(images: "{ \"x\": { \"named\": \"\(name)\" } }")
        return scenario.images[0].resolved(for: traits).source
    }

    static func traits(
        scale: Int = 2, _ style: UserInterfaceStyle = .light, _ direction: LayoutDirection = .leftToRight,
        idiom: UserInterfaceIdiom = .phone, width: UserInterfaceSizeClass = .compact,
        height: UserInterfaceSizeClass = .regular, contrast: AccessibilityContrast = .normal
    ) -> Traits {
        Traits(
            displayScale: scale, userInterfaceStyle: style, layoutDirection: direction, userInterfaceIdiom: idiom,
            horizontalSizeClass: width, verticalSizeClass: height, accessibilityContrast: contrast)
    }

    @Test func starByScaleAndAppearance() throws {
        let set = "Media.xcassets/Icons/Star.imageset/"
        let expected: [(Int, UserInterfaceStyle, String)] = [
            (1, .light, "star.png"), (2, .light, "star@2x.png"), (3, .light, "star@3x.png"),
            // No dark 1x file: an exact appearance beats any appearance, then 1x falls back to 2x.
            (1, .dark, "star-dark@2x.png"), (2, .dark, "star-dark@2x.png"), (3, .dark, "star-dark@3x.png")
        ]
        for (scale, style, file) in expected {
            for idiom in [UserInterfaceIdiom.phone, .pad] {
                #expect(
                    try Self.source("Star", Self.traits(scale: scale, style, idiom: idiom)) == set + file,
                    "\(scale)x \(style) \(idiom)")
            }
        }
    }

    @Test func bannerByIdiomThenWidthThenHeight() throws {
        let set = "Media.xcassets/Banner.imageset/"
        for scale in [1, 2, 3] {
            for width in UserInterfaceSizeClass.allCases {
                for height in UserInterfaceSizeClass.allCases {
                    let phone =
                        width == .regular
                        ? "banner-wide@2x.png" : height == .compact ? "banner-short@2x.png" : "banner@2x.png"
                    #expect(
                        try Self.source("Banner", Self.traits(scale: scale, width: width, height: height)) == set
                            + phone)
                    #expect(
                        try Self.source("Banner", Self.traits(scale: scale, idiom: .pad, width: width, height: height))
                            == set + "banner~ipad@2x.png")
                }
            }
            // Idioms without a file of their own take the universal ones.
            #expect(try Self.source("Banner", Self.traits(scale: scale, idiom: .tv)) == set + "banner@2x.png")
        }
    }

    @Test func directionVariants() throws {
        let arrow = "Media.xcassets/Icons/ArrowTemplate.imageset/"
        let bubble = "Media.xcassets/Bubbles/Outgoing.imageset/"
        for scale in [1, 2, 3] {
            let file = scale == 3 ? "arrow@3x.png" : "arrow@2x.png"
            #expect(try Self.source("ArrowTemplate", Self.traits(scale: scale)) == arrow + file)
            #expect(
                try Self.source("ArrowTemplate", Self.traits(scale: scale, .light, .rightToLeft)) == arrow + file
                    + " (mirrored)")
            #expect(try Self.source("Bubbles/Outgoing", Self.traits(scale: scale)) == bubble + "outgoing-ltr@2x.png")
            #expect(
                try Self.source("Bubbles/Outgoing", Self.traits(scale: scale, .dark, .rightToLeft)) == bubble
                    + "outgoing-rtl@2x.png")
        }
        // The mirrored copy is the file flipped, with its insets mirrored.
        let image = try Self.load(
            images: "{ \"x\": { \"named\": \"Bubbles/Outgoing\" }, \"a\": { \"named\": \"ArrowTemplate\" } }"
        ).images
        let mirrored = image[1].resolved(for: Self.traits(scale: 2, .light, .rightToLeft))
        #expect(mirrored.orientation == .upMirrored)
        #expect(mirrored.renderingMode == .alwaysTemplate)  // by its name
        let rtl = image[0].resolved(for: Self.traits(scale: 2, .light, .rightToLeft))
        #expect(rtl.orientation == .up)
        #expect(rtl.capInsets == EdgeInsets(top: 8, left: 10, bottom: 8, right: 8))
    }

    @Test func slicingCutsTheFileAndSetsCapsInPoints() throws {
        let images = try Self.load(
            images:
                "{ \"a\": { \"named\": \"Bubbles/Incoming\" }, \"b\": { \"named\": \"Pill\" }, \"c\": { \"named\": \"Bar\" } }"
        ).images
        let twoX = images[0].resolved(for: Self.traits(scale: 2))
        #expect((twoX.pixels.width, twoX.pixels.height) == (44, 40))  // 20 + 8 + 16 by 16 + 8 + 16
        #expect(twoX.capInsets == EdgeInsets(top: 8, left: 10, bottom: 8, right: 8))
        #expect(twoX.resizingMode == .tile)
        let threeX = images[0].resolved(for: Self.traits(scale: 3))
        #expect((threeX.pixels.width, threeX.pixels.height) == (66, 60))
        #expect(threeX.capInsets == EdgeInsets(top: 8, left: 10, bottom: 8, right: 8))
        // No magenta (the discarded pixels) is left in any sliced file.
        for image in [twoX, threeX, images[1], images[2]] {
            #expect(
                !image.pixels.bitmap.pixels.contains(PremultipliedColor(straightR: 255, g: 0, b: 255, a: 255).packed))
        }
        #expect((images[1].pixels.width, images[1].pixels.height) == (44, 40))
        #expect(images[1].capInsets == EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        #expect(images[1].resizingMode == .stretch)
        #expect((images[2].pixels.width, images[2].pixels.height) == (24, 28))
        #expect(images[2].capInsets == EdgeInsets(top: 6, left: 0, bottom: 6, right: 0))
        #expect(images[2].resizingMode == .stretch)  // the older "fill"
    }

    @Test func animatedImagesResolveEachFrame() throws {
        let images = try Self.load(
            images: """
                { "star": { "named": "Star" }, "pic": { "named": "pic" }, "both": { "animated": { "frames": ["star", "pic"] } } }
                """
        ).images
        let dark3x = images[2].resolved(for: Self.traits(scale: 3, .dark))
        #expect(
            dark3x.frames.map(\.source) == ["Media.xcassets/Icons/Star.imageset/star-dark@3x.png", "Bundle/pic@3x.png"])
        #expect(dark3x.source == "Media.xcassets/Icons/Star.imageset/star@2x.png")  // the base, not a variant
    }

    @Test func alignmentInsetsArePixelsOverScale() throws {
        let image = try Self.load(images: "{ \"s\": { \"named\": \"Shadowed\" } }").images[0]
        for scale in [2, 3] {
            #expect(
                image.resolved(for: Self.traits(scale: scale)).alignmentRectInsets
                    == EdgeInsets(top: 0, left: 0, bottom: 4, right: 4))
        }
    }

    @Test func namespacesCatalogOrderAndVectors() throws {
        #expect(try Self.source("Incoming", Self.traits()) == "Media.xcassets/Incoming.imageset/incoming@2x.png")
        #expect(
            try Self.source("Bubbles/Incoming", Self.traits())
                == "Media.xcassets/Bubbles/Incoming.imageset/incoming@2x.png")
        #expect(try Self.source("OnlyExtra", Self.traits()) == "Extra.xcassets/OnlyExtra.imageset/only@2x.png")
        // The single-scale PDF is drawn at 1x and 3x; at 2x the PNG, listed first, wins (docs/PDF.md).
        #expect(
            try Self.source("Logo", Self.traits(scale: 1))
                == "Media.xcassets/Icons/Logo.imageset/logo.pdf (drawn at 1x)")
        #expect(try Self.source("Logo", Self.traits(scale: 2)) == "Media.xcassets/Icons/Logo.imageset/logo@2x.png")
        #expect(
            try Self.source("Logo", Self.traits(scale: 3))
                == "Media.xcassets/Icons/Logo.imageset/logo.pdf (drawn at 3x)")
        let rendering = try Self.load(images: "{ \"p\": { \"named\": \"Play\" }, \"s\": { \"named\": \"Star\" } }")
            .images
        #expect(rendering.map(\.renderingMode) == [.alwaysTemplate, .automatic])
    }

    @Test func bundleFilesByScaleAndDevice() throws {
        let expected: [(Int, UserInterfaceIdiom, String)] = [
            (1, .phone, "pic.png"), (2, .phone, "pic@2x.png"), (3, .phone, "pic@3x.png"),
            (1, .pad, "pic~ipad.png"), (2, .pad, "pic@2x~ipad.png"), (3, .pad, "pic@2x~ipad.png"),
            (3, .tv, "pic@3x.png")
        ]
        for (scale, idiom, file) in expected {
            #expect(
                try Self.source("pic", Self.traits(scale: scale, idiom: idiom)) == "Bundle/" + file,
                "\(scale)x \(idiom)")
            #expect(try Self.source("pic.png", Self.traits(scale: scale, idiom: idiom)) == "Bundle/" + file)
        }
        for scale in [1, 2, 3] {
            #expect(try Self.source("pix/dot", Self.traits(scale: scale)) == "Bundle/pix/dot@2x.png")
            #expect(try Self.source("pic@2x", Self.traits(scale: scale)) == "Bundle/pic@2x.png")
        }
    }

    /// Colour sets in every encoding, by appearance, contrast and idiom.
    @Test func namedColors() throws {
        let expected: [(String, [String])] = [
            // light, dark, light + high contrast, dark + high contrast
            ("Brand", ["#DE2E58FF", "#FF6380FF", "#DE2E58FF", "#FF6380FF"]),
            ("BrandHex", ["#1E96E6FF", "#64C8FFFF", "#0050A0FF", "#C8F0FFFF"]),
            ("BrandInt", ["#22A04DFF", "#00D032FF", "#22A04DFF", "#00D032FF"]),
            ("Ink", ["#303030FF", "#E6E6E6CC", "#303030FF", "#E6E6E6CC"]),
            // References follow the system colour's own high-contrast values.
            ("AccentColor", ["#007AFFFF", "#0A84FFFF", "#0040DDFF", "#409CFFFF"]),
            ("Surface", ["#F2F2F7FF", "#1C1C1EFF", "#EBEBF0FF", "#242426FF"])
        ]
        for (name, values) in expected {
            let color = try Self.load(background: "{ \"named\": \"\(name)\" }").root.backgroundColor
            let combos = [
                (UserInterfaceStyle.light, AccessibilityContrast.normal), (.dark, .normal), (.light, .high),
                (.dark, .high)
            ]
            let got = combos.map { color?.resolved(Self.traits($0.0, contrast: $0.1)).description ?? "nil" }
            #expect(got == values, "\(name)")
        }
        let surface = try Self.load(background: "{ \"named\": \"Surface\" }").root.backgroundColor
        #expect(surface?.resolved(Self.traits(idiom: .pad)).description == "#FDF2E0FF")
    }

    @Test func displayP3EntriesAreConvertedAndComeAfterSRGB() throws {
        let set = "Media.xcassets/Gamut/"
        let scenario = try Self.load(
            images: "{ \"wide\": { \"named\": \"WideOnly\" }, \"both\": { \"named\": \"Both\" }, "
                + "\"spare\": { \"named\": \"Unassigned\" }, \"tagged\": { \"named\": \"Tagged\" } }")
        let traits = Self.traits()
        let images = scenario.images.map { $0.resolved(for: traits) }
        #expect(
            images.map(\.source) == [
                set + "WideOnly.imageset/wide-p3@2x.png", set + "Both.imageset/both-srgb@2x.png",
                set + "Unassigned.imageset/real@2x.png", set + "Tagged.imageset/tagged@2x.png"
            ])
        // The P3 quadrants come out as DisplayP3Tests pins them; the grey is unchanged.
        func rgba(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
            let c = image.pixels.bitmap[x, y].straight
            return [c.r, c.g, c.b, c.a]
        }
        #expect(
            [rgba(images[0], 5, 5), rgba(images[0], 30, 5), rgba(images[0], 5, 30), rgba(images[0], 30, 30)] == [
                [213, 115, 0, 255], [0, 163, 204, 255], [128, 128, 128, 255], [255, 0, 0, 255]
            ])
        // "color-space": "display-p3" converts too.
        #expect(rgba(images[3], 5, 5) == [213, 115, 0, 255] && rgba(images[3], 30, 5) == [0, 163, 204, 255])
        // Every trait combination: the sRGB entry of Both, never its magenta P3 file.
        for scale in [1, 2, 3] {
            for style in [UserInterfaceStyle.light, .dark] {
                #expect(
                    scenario.images[1].resolved(for: Self.traits(scale: scale, style)).source == set
                        + "Both.imageset/both-srgb@2x.png")
            }
        }
    }

    /// The power series behind colour space conversion agree with the definitions.
    @Test func transferCurves() {
        for i in 0...1000 {
            let v = Double(i) / 1000
            #expect(abs(Transfer.encode(Transfer.decode(v)) - v) < 1e-12, "\(v)")
        }
        #expect(abs(Power.pow(0.5, 2.4) - 0.18946457081379978) < 1e-15)
        #expect(abs(Power.pow(0.2, 2.2) - 0.028991186547107821) < 1e-15)
    }
}
