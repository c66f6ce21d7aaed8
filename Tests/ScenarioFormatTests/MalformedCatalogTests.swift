import AssetCatalogs
import Foundation
import PNGCodec
import Testing
@testable import ScenarioFormat
import Syntax

/// Bad catalogs and bundles: each case gives exactly the expected diagnostics — the file (the
/// catalog's Contents.json where the problem is), the JSON path and the message — and nothing is
/// read outside the scenario's folder.
@Suite struct MalformedCatalogTests {
    /// A PDF showing text in a standard font (no cross-reference table: it is found by scanning).
    static let textPDF =
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
        + "3 0 obj << /Type /Page /MediaBox [0 0 10 10] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >> endobj\n"
        + "4 0 obj << /Length 30 >> stream\nBT /F1 12 Tf 0 0 Td (A) Tj ET\nendstream endobj\n"
        + "5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

    /// A case: files to write over the valid base (nil deletes), scenario text replacements, and
    /// the expected "file: path: message" lines.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [(String, String?)] = []
        var edits: [(String, String)] = []
        var expected: [String]
        var testDescription: String { name }
    }

    static let info = "\"info\" : { \"author\" : \"xcode\", \"version\" : 1 }"
    static let iconSet = """
        { "images" : [ { "filename" : "icon.png", "idiom" : "universal", "scale" : "1x" },
                       { "filename" : "icon@2x.png", "idiom" : "universal", "scale" : "2x" },
                       { "idiom" : "universal", "scale" : "3x" } ], \(info) }
        """
    static let tintSet = """
        { "colors" : [ { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0x30", "green" : "0x20", "red" : "0x10" } }, "idiom" : "universal" } ], \(info) }
        """
    static let scenario = """
        { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Cat.xcassets"], "bundle": "Bundle",
          "images": { "icon": { "named": "Icon" } },
          "root": { "tintColor": { "named": "Tint" }, "subviews": [ { "type": "imageView", "frame": [0, 0, 4, 4], "image": "icon" } ] } }
        """

    /// Writes the base catalog and bundle, applies the case, loads the scenario.
    static func run(_ c: Case) throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let png = PNGEncoder().encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64)))
        let scenarioFolder = root.appendingPathComponent("scenarios")
        var files: [(String, [UInt8]?)] = [
            ("Cat.xcassets/Contents.json", Array("{ \(info) }".utf8)),
            ("Cat.xcassets/Icon.imageset/Contents.json", Array(iconSet.utf8)),
            ("Cat.xcassets/Icon.imageset/icon.png", png),
            ("Cat.xcassets/Icon.imageset/icon@2x.png", png),
            ("Cat.xcassets/Tint.colorset/Contents.json", Array(tintSet.utf8)),
            ("Bundle/pic.png", png)
        ]
        for (path, text) in c.files {
            files.removeAll { $0.0 == path }
            files.append((path, text.map { $0 == "<png>" ? png : Array($0.utf8) }))
        }
        for case let (path, bytes?) in files {
            let url = scenarioFolder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        // A catalog beside the scenario's folder, which it must not read.
        let outside = root.appendingPathComponent("Outside.xcassets/Icon.imageset")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(iconSet.utf8).write(to: outside.appendingPathComponent("Contents.json"))
        var text = scenario
        for (old, new) in c.edits {
            precondition(text.contains(old), "the base scenario has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        do {
            _ = try ScenarioLoader.parse(
                Array(text.utf8), folder: scenarioFolder, displayName: "case.json", name: "case")
            return []
        } catch {
            return error.diagnostics.map { "\($0.file): " + ($0.path.isEmpty ? "" : $0.path + ": ") + $0.message }
        }
    }

    static let icon = "Cat.xcassets/Icon.imageset/Contents.json"
    static let tint = "Cat.xcassets/Tint.colorset/Contents.json"

    static let cases: [Case] = [
        // Real catalogs tag colour sets for on-demand resources (issue 27): ignored, as on image sets.
        Case(
            name: "colour set with on-demand-resource-tags",
            files: [
                (
                    tint,
                    tintSet.replacingOccurrences(
                        of: "\(info) }",
                        with: "\(info), \"properties\" : { \"on-demand-resource-tags\" : [ \"level1\" ] } }")
                )
            ],
            expected: []),
        Case(
            name: "invalid JSON", files: [("Cat.xcassets/Icon.imageset/Contents.json", "{ \"images\" : [ }")],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): invalid JSON: expected a value, found '}'"
            ]),
        Case(
            name: "missing Contents.json", files: [("Cat.xcassets/Icon.imageset/Contents.json", nil)],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): missing file: an image set lists its images in a Contents.json"
            ]),
        Case(
            name: "missing image file", files: [("Cat.xcassets/Icon.imageset/icon@2x.png", nil)],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].filename: file \"icon@2x.png\" not found in Cat.xcassets/Icon.imageset"
            ]),
        Case(
            name: "file name in another case",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(of: "icon.png", with: "Icon.PNG")
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[0].filename: file \"Icon.PNG\" not found in Cat.xcassets/Icon.imageset (did you mean \"icon.png\"?)"
            ]),
        Case(
            name: "PDF entry that is only a header",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    "{ \"images\" : [ { \"filename\" : \"icon.pdf\", \"idiom\" : \"universal\" } ], \(info) }"
                ),
                ("Cat.xcassets/Icon.imageset/icon.pdf", "%PDF-1.4")
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[0].filename: \"Cat.xcassets/Icon.imageset/icon.pdf\" is not a usable PDF file: the cross-reference data is unreadable "
                    + "(no \"startxref\" near the end of the file) and no document catalog was found"
            ]),
        Case(
            name: "PDF entry with text",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    "{ \"images\" : [ { \"filename\" : \"icon.pdf\", \"idiom\" : \"universal\" } ], \(info) }"
                ),
                ("Cat.xcassets/Icon.imageset/icon.pdf", MalformedCatalogTests.textPDF)
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[0].filename: \"Cat.xcassets/Icon.imageset/icon.pdf\" is not a usable PDF file: the \"Tj\" operator at byte 24 "
                    + "of a content stream: text in a Type1 font (/Helvetica) whose program is not embedded is not drawn (ivsim draws embedded TrueType, CFF and OpenType programs and Type 3 fonts): outline the text in the export"
            ]),
        Case(
            name: "SVG entry that is not well-formed",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    "{ \"images\" : [ { \"filename\" : \"icon.svg\", \"idiom\" : \"universal\" } ], \(info) }"
                ),
                (
                    "Cat.xcassets/Icon.imageset/icon.svg",
                    "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='1'></svg>"
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[0].filename: \"Cat.xcassets/Icon.imageset/icon.svg\" is not a usable SVG file: line 2, column 17: </svg> closes <rect>"
            ]),
        Case(
            name: "PDF entry with alignment insets that are not numbers",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    "{ \"images\" : [ { \"filename\" : \"icon.pdf\", \"idiom\" : \"universal\", \"alignment-insets\" : { \"top\" : \"1\" } } ], \(info) }"
                ),
                ("Cat.xcassets/Icon.imageset/icon.pdf", "%PDF-1.4")
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[0][\"alignment-insets\"].top: expected top in pixels, found a string"
            ]),
        Case(
            name: "JPEG entry that is not a JPEG",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(of: "icon@2x.png", with: "photo@2x.jpg")
                ),
                ("Cat.xcassets/Icon.imageset/photo@2x.jpg", "not a jpeg")
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].filename: \"Cat.xcassets/Icon.imageset/photo@2x.jpg\" is not a JPEG file (it does not start with the SOI marker FF D8)"
            ]),
        Case(
            name: "HEIC entry",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(of: "icon@2x.png", with: "photo@2x.heic")
                ),
                ("Cat.xcassets/Icon.imageset/photo@2x.heic", "....ftypheic")
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].filename: unsupported: HEIC image \"photo@2x.heic\"; image sets take PNG, JPEG, SVG and PDF files in ivsim (convert it to PNG)"
            ]),
        Case(
            name: "a PNG that does not decode", files: [("Cat.xcassets/Icon.imageset/icon@2x.png", "GIF89a")],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].filename: \"Cat.xcassets/Icon.imageset/icon@2x.png\" is not a usable GIF file: offset 6: "
                    + "the file ends inside the logical screen (2 bytes needed at offset 6, the file has 6)"
            ]),
        Case(
            name: "unknown folder kind", files: [("Cat.xcassets/Logo.imagset/Contents.json", "{}")],
            expected: [
                "Cat.xcassets/Logo.imagset: unknown kind of catalog folder \".imagset\" (did you mean \"imageset\"?)"
            ]),
        Case(
            name: "unknown name", edits: [("\"named\": \"Icon\"", "\"named\": \"Icn\"")],
            expected: [
                "case.json: $.images.icon.named: no image named \"Icn\" in Cat.xcassets or Bundle (did you mean \"Icon\"?)"
            ]),
        Case(
            name: "catalog name with an extension", edits: [("\"named\": \"Icon\"", "\"named\": \"Icon.png\"")],
            expected: [
                "case.json: $.images.icon.named: no image named \"Icon.png\" in Cat.xcassets or Bundle (catalog images are named without an extension: \"Icon\")"
            ]),
        Case(
            name: "misspelt entry key",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(
                        of: "\"idiom\" : \"universal\", \"scale\" : \"1x\"",
                        with: "\"idiom\" : \"universal\", \"scale\" : \"1x\", \"apperances\" : []")
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[0].apperances: unknown key \"apperances\" in an image entry (did you mean \"appearances\"?)"
            ]),
        Case(
            name: "scale 4x",
            files: [
                ("Cat.xcassets/Icon.imageset/Contents.json", iconSet.replacingOccurrences(of: "\"2x\"", with: "\"4x\""))
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].scale: unknown scale \"4x\" (did you mean \"1x\"?)"
            ]),
        Case(
            name: "misspelt luminosity",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(
                        of: "\"scale\" : \"2x\"",
                        with:
                            "\"scale\" : \"2x\", \"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"drak\" } ]"
                    )
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].appearances[0].value: unknown luminosity \"drak\" (did you mean \"dark\"?)"
            ]),
        Case(
            name: "both spellings of the caps",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(
                        of: "\"scale\" : \"2x\"",
                        with:
                            "\"scale\" : \"2x\", \"resizing\" : { \"mode\" : \"9-part\", \"cap-insets\" : { \"left\" : 1 }, \"capInsets\" : { \"left\" : 1 } }"
                    )
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.images[1].resizing.capInsets: \"capInsets\" (the older spelling) and \"cap-insets\" are both given: keep \"cap-insets\""
            ]),
        Case(
            name: "only empty slots",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    "{ \"images\" : [ { \"idiom\" : \"universal\", \"scale\" : \"1x\" } ], \(info) }"
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets is empty: every entry of Cat.xcassets/Icon.imageset/Contents.json "
                    + "is an empty slot (as Xcode's templates leave them), so UIImage(named:) returns nil; give it an image"
            ]),
        Case(
            name: "an empty colour set (Xcode's AccentColor template)",
            files: [
                (
                    "Cat.xcassets/Tint.colorset/Contents.json",
                    "{ \"colors\" : [ { \"idiom\" : \"universal\" } ], \(info) }"
                )
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets is empty: every entry of Cat.xcassets/Tint.colorset/Contents.json "
                    + "is an empty slot (as Xcode's templates leave them), so UIColor(named:) returns nil; give it a colour"
            ]),
        Case(
            name: "no variant for the phone",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(of: "universal", with: "ipad")
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets has no variant for phone 2x light leftToRight compact-width regular-height (its variants: pad 1x; pad 2x); add one, or leave that trait out of the scenario's variants"
            ]),
        Case(
            name: "catalog format version 2",
            files: [
                (
                    "Cat.xcassets/Icon.imageset/Contents.json",
                    iconSet.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2")
                )
            ],
            expected: [
                "case.json: $.images.icon.named: image set \"Icon\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Icon.imageset/Contents.json)",
                "\(icon): $.info.version: unsupported catalog format version: expected 1 (the only version Xcode writes)"
            ]),
        Case(
            name: "hex component out of form",
            files: [
                ("Cat.xcassets/Tint.colorset/Contents.json", tintSet.replacingOccurrences(of: "0x30", with: "0x3G"))
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.components.blue: invalid hex component \"0x3G\": expected \"0.871\" (0 to 1), \"222\" (0 to 255) or \"0xDE\" (hex, 00 to FF)"
            ]),
        Case(
            name: "8-bit component above 255",
            files: [
                ("Cat.xcassets/Tint.colorset/Contents.json", tintSet.replacingOccurrences(of: "0x30", with: "300"))
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.components.blue: invalid component \"300\": expected \"0.871\" (0 to 1), \"222\" (0 to 255) or \"0xDE\" (hex, 00 to FF)"
            ]),
        Case(
            name: "grey components in an RGB space",
            files: [
                (
                    "Cat.xcassets/Tint.colorset/Contents.json",
                    "{ \"colors\" : [ { \"color\" : { \"components\" : { \"alpha\" : \"1.000\", \"white\" : \"0.5\" } } } ] }"
                )
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.components: missing required key \"red\"",
                "\(tint): $.colors[0].color.components.white: unknown key \"white\" in srgb components (expected one of: red, green, blue, alpha)"
            ]),
        Case(
            name: "misspelt system colour",
            files: [
                (
                    "Cat.xcassets/Tint.colorset/Contents.json",
                    "{ \"colors\" : [ { \"color\" : { \"platform\" : \"ios\", \"reference\" : \"systemBluColor\" } } ] }"
                )
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.reference: unknown system colour \"systemBluColor\" (did you mean \"systemBlueColor\"?)"
            ]),
        Case(
            name: "macOS system colour with an iOS equivalent",
            files: [
                (
                    "Cat.xcassets/Tint.colorset/Contents.json",
                    "{ \"colors\" : [ { \"color\" : { \"platform\" : \"osx\", \"reference\" : \"windowBackgroundColor\" } } ] }"
                )
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.reference: system colour \"windowBackgroundColor\" is macOS only (AppKit's NSColor.windowBackgroundColor, which UIKit lacks); the iOS equivalent is \"systemBackgroundColor\""
            ]),
        Case(
            name: "macOS system colour without an iOS equivalent",
            files: [
                (
                    "Cat.xcassets/Tint.colorset/Contents.json",
                    "{ \"colors\" : [ { \"color\" : { \"platform\" : \"osx\", \"reference\" : \"unemphasizedSelectedContentBackgroundColor\" } } ] }"
                )
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.reference: system colour \"unemphasizedSelectedContentBackgroundColor\" is macOS only (AppKit's NSColor.unemphasizedSelectedContentBackgroundColor, which UIKit lacks) and has no iOS equivalent"
            ]),
        Case(
            name: "new system colour misspelt in a reference",
            files: [
                (
                    "Cat.xcassets/Tint.colorset/Contents.json",
                    "{ \"colors\" : [ { \"color\" : { \"platform\" : \"ios\", \"reference\" : \"systemCyanColour\" } } ] }"
                )
            ],
            expected: [
                "case.json: $.root.tintColor.named: colour set \"Tint\" in Cat.xcassets cannot be used (see the errors in Cat.xcassets/Tint.colorset/Contents.json)",
                "\(tint): $.colors[0].color.reference: unknown system colour \"systemCyanColour\" (did you mean \"systemCyanColor\"?)"
            ]),
        Case(
            name: "unknown colour name", edits: [("{ \"named\": \"Tint\" }", "{ \"named\": \"Tnt\" }")],
            expected: [
                "case.json: $.root.tintColor.named: no colour set named \"Tnt\" in Cat.xcassets (did you mean \"Tint\"?)"
            ]),
        Case(
            name: "system colour written as a named colour",
            edits: [("{ \"named\": \"Tint\" }", "{ \"named\": \"systemRed\" }")],
            expected: [
                "case.json: $.root.tintColor.named: no colour set named \"systemRed\" in Cat.xcassets (\"systemRed\" is a system colour: write it as a string, \"systemRed\")"
            ]),
        Case(
            name: "catalog outside the scenario's folder", edits: [("[\"Cat.xcassets\"]", "[\"../Outside.xcassets\"]")],
            expected: [
                "case.json: $.assetCatalogs[0]: \"../Outside.xcassets\" is outside the scenario's folder (scenarios/): "
                    + "keep assets next to the scenario, or add the folder that holds it to \"assetRoots\" in the project's ivsim.json"
            ]),
        Case(
            name: "catalog that is not an .xcassets folder", edits: [("[\"Cat.xcassets\"]", "[\"Bundle\"]")],
            expected: [
                "case.json: $.assetCatalogs[0]: \"Bundle\" is not an asset catalog: expected a folder whose name ends in .xcassets"
            ]),
        Case(
            name: "missing catalog", edits: [("[\"Cat.xcassets\"]", "[\"Cats.xcassets\"]")],
            expected: [
                "case.json: $.assetCatalogs[0]: folder \"Cats.xcassets\" not found (did you mean \"Cat.xcassets\"?)"
            ]),
        Case(
            name: "named without catalogs or bundle",
            edits: [
                ("\"assetCatalogs\": [\"Cat.xcassets\"], \"bundle\": \"Bundle\",", ""),
                ("\"tintColor\": { \"named\": \"Tint\" }, ", "")
            ],
            expected: [
                "case.json: $.images.icon.named: \"named\" looks images up in a \"bundle\" folder or \"assetCatalogs\": the scenario gives neither"
            ]),
        Case(
            name: "undeclared bundle", edits: [("\"named\": \"Icon\"", "\"named\": \"Icon\", \"bundle\": \"Kit\"")],
            expected: [
                "case.json: $.images.icon.bundle: bundle \"Kit\" is not declared: the scenario's \"bundles\" names the bundles besides the main one"
            ]),
        Case(
            name: "unknown bundle",
            edits: [
                (
                    "\"bundle\": \"Bundle\",",
                    "\"bundle\": \"Bundle\", \"bundles\": { \"Kit\": { \"folder\": \"Bundle\" } },"
                ),
                ("\"named\": \"Icon\"", "\"named\": \"Icon\", \"bundle\": \"Kt\"")
            ],
            expected: [
                "case.json: $.images.icon.bundle: unknown bundle \"Kt\" (did you mean \"Kit\"?) (the scenario's \"bundles\": \"Kit\")"
            ]),
        Case(
            name: "a framework bundle does not fall back to the main one",
            edits: [
                (
                    "\"bundle\": \"Bundle\",",
                    "\"bundle\": \"Bundle\", \"bundles\": { \"Kit\": { \"folder\": \"Bundle\" } },"
                ),
                ("\"named\": \"Icon\"", "\"named\": \"Icon\", \"bundle\": \"Kit\"")
            ],
            expected: [
                "case.json: $.images.icon.named: no image named \"Icon\" in Bundle"
            ]),
        Case(
            name: "a bundle without folder or catalogs",
            edits: [
                ("\"bundle\": \"Bundle\",", "\"bundle\": \"Bundle\", \"bundles\": { \"Kit\": {} },"),
                ("\"named\": \"Icon\"", "\"named\": \"Icon\", \"bundle\": \"Kit\"")  // not reported again
            ],
            expected: [
                "case.json: $.bundles.Kit: bundle \"Kit\" needs \"folder\" (its loose files) or \"assetCatalogs\" (its catalogs)"
            ]),
        Case(
            name: "traits on a file",
            edits: [
                (
                    "{ \"named\": \"Icon\" }",
                    "{ \"file\": \"Bundle/pic.png\", \"traits\": { \"userInterfaceStyle\": \"dark\" } }"
                )
            ],
            expected: [
                "case.json: $.images.icon.traits: \"traits\" goes with \"named\" (UIImage(named:in:compatibleWith:)) or \"from\" (imageAsset.image(with:)), not with \"file\""
            ]),
        Case(
            name: "an unknown trait value",
            edits: [
                ("{ \"named\": \"Icon\" }", "{ \"named\": \"Icon\", \"traits\": { \"userInterfaceStyle\": \"dim\" } }")
            ],
            expected: [
                "case.json: $.images.icon.traits.userInterfaceStyle: unknown interface style \"dim\" (expected one of: light, dark)"
            ]),
        Case(
            name: "an empty symbol set",
            files: [
                (
                    "Cat.xcassets/Gear.symbolset/Contents.json",
                    "{ \"symbols\" : [ { \"idiom\" : \"universal\" } ], \(info) }"
                )
            ],
            edits: [("\"named\": \"Icon\"", "\"named\": \"Gear\"")],
            expected: [
                "case.json: $.images.icon.named: symbol set \"Gear\" in Cat.xcassets is empty (no entry names a template file): UIImage(named:) "
                    + "returns nil for it; give it an SVG template {\"filename\": \"name.svg\", \"idiom\": \"universal\"}"
            ]),
        Case(
            name: "a bundle's catalogs not a list",
            edits: [
                (
                    "\"bundle\": \"Bundle\",",
                    "\"bundle\": \"Bundle\", \"bundles\": { \"Kit\": { \"assetCatalogs\": \"Cat.xcassets\" } },"
                ),
                ("\"named\": \"Icon\"", "\"named\": \"Icon\", \"bundle\": \"Kit\"")
            ],
            expected: [
                "case.json: $.bundles.Kit.assetCatalogs: expected asset catalog folders (an array), found a string"
            ]),
        Case(
            name: "bundle on a file",
            edits: [("{ \"named\": \"Icon\" }", "{ \"file\": \"Bundle/pic.png\", \"bundle\": \"Kit\" }")],
            expected: [
                "case.json: $.images.icon.bundle: \"bundle\" goes with \"named\" (UIImage(named:in:compatibleWith:)), not with \"file\""
            ]),
        Case(
            name: "bundle text file", edits: [("\"named\": \"Icon\"", "\"named\": \"notes.txt\"")],
            expected: [
                "case.json: $.images.icon.named: \"notes.txt\" is a .txt file: UIImage(named:) reads image files "
                    + "(.png, .jpg, .jpeg, .gif, .tif, .tiff, .bmp, .bmpf, .ico, .cur, .webp) from a bundle"
            ]),
        Case(
            name: "bundle path climbing out", edits: [("\"named\": \"Icon\"", "\"named\": \"../secret\"")],
            expected: [
                "case.json: $.images.icon.named: \"../secret\" is not a file name inside the bundle (folders are separated by \"/\", without \"..\")"
            ]),
        Case(
            name: "bundle name in another case", edits: [("\"named\": \"Icon\"", "\"named\": \"Pic\"")],
            expected: [
                "case.json: $.images.icon.named: no image named \"Pic\" in Cat.xcassets or Bundle (did you mean \"pic\"?)"
            ]),
        Case(
            name: "colour with variants in a generated image",
            files: [
                (
                    "Cat.xcassets/Dyn.colorset/Contents.json",
                    "{ \"colors\" : [ { \"color\" : { \"reference\" : \"labelColor\" } } ] }"
                )
            ],
            edits: [
                (
                    "\"icon\": { \"named\": \"Icon\" }",
                    "\"icon\": { \"generate\": { \"solid\": { \"size\": [2, 2], \"color\": { \"named\": \"Dyn\" } } } }"
                )
            ],
            expected: [
                "case.json: $.images.icon.generate.solid.color.named: colour set \"Dyn\" differs between trait collections, but a generated image has fixed pixels: use a colour without variants"
            ])
    ]

    @Test(arguments: cases)
    func reportsExactly(_ c: Case) throws {
        let diagnostics = try Self.run(c)
        #expect(diagnostics == c.expected)
    }

    @Test func listingReadsHeadersAndUseDecodes() throws {
        // icon@2x.png ends after its header (signature and IHDR): `ivsim assets` lists it from the
        // header, 4 × 4 px, without an error; a scenario that shows it decodes it and is refused.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let png = PNGEncoder().encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64)))
        let set = root.appendingPathComponent("Cat.xcassets/Icon.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(Self.iconSet.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try Data(png).write(to: set.appendingPathComponent("icon.png"))
        try Data(png.prefix(33)).write(to: set.appendingPathComponent("icon@2x.png"))
        let listing = CatalogListing.describe(
            catalogAt: root.appendingPathComponent("Cat.xcassets"), display: "Cat.xcassets")
        #expect(listing.diagnostics.isEmpty)
        #expect(listing.text.contains("icon@2x.png               2x  (4×4 px)"))
        let scenario = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Cat.xcassets"], "images": { "icon": { "named": "Icon" } },
              "root": { "subviews": [ { "type": "imageView", "frame": [0, 0, 4, 4], "image": "icon" } ] } }
            """
        #expect(throws: ScenarioErrors.self) {
            _ = try ScenarioLoader.parse(Array(scenario.utf8), folder: root, displayName: "case.json", name: "case")
        }
    }

    @Test func listingAndScenarioAgreeOnVectorScales() throws {
        // A single-scale SVG of 4,000 × 1,500 points fits a drawing at 1x, not at 2x or 3x: the
        // listing once said the set was fine while every scenario using it was refused (issue
        // 27); now both keep the 1x drawing and list the larger ones as never picked, with why.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let set = root.appendingPathComponent("Cat.xcassets/Huge.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("{ \"images\" : [ { \"filename\" : \"huge.svg\", \"idiom\" : \"universal\" } ], \(Self.info) }".utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data(
            "<svg xmlns='http://www.w3.org/2000/svg' width='4000' height='1500'><rect width='9' height='9'/></svg>".utf8
        )
        .write(to: set.appendingPathComponent("huge.svg"))
        let listing = CatalogListing.describe(
            catalogAt: root.appendingPathComponent("Cat.xcassets"), display: "Cat.xcassets")
        #expect(listing.diagnostics.isEmpty, "\(listing.diagnostics)")
        for scale in [2, 3] {
            #expect(
                listing.text.contains(
                    "\"Cat.xcassets/Huge.imageset/huge.svg\" drawn at \(scale)x is "
                        + "\(4_000 * scale) × \(1_500 * scale) pixels, more than a drawing may have"), "\(listing.text)"
            )
        }
        #expect(listing.text.contains("scale3") && listing.text.contains("→ huge.svg (drawn at 1x)"), "\(listing.text)")
        let scenario = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Cat.xcassets"], "images": { "huge": { "named": "Huge" } }, "root": { "subviews": [] } }
            """
        let loaded = try ScenarioLoader.parse(
            Array(scenario.utf8), folder: root, displayName: "case.json", name: "case")
        #expect(loaded.images.first?.scale == 1)
        // An unusable file is one line, not one per scale it would be drawn at.
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><text>a</text></svg>".utf8).write(
            to: set.appendingPathComponent("huge.svg"))
        let unusable = CatalogListing.describe(
            catalogAt: root.appendingPathComponent("Cat.xcassets"), display: "Cat.xcassets", cache: AssetCache())
        #expect(
            unusable.diagnostics.count == 1 && unusable.diagnostics[0].message.contains("is not a usable SVG file"),
            "\(unusable.diagnostics)")
    }

    @Test func listingAndScenarioUseTheFirstOfASharedName() throws {
        // Two image sets named "Icon" in groups without a namespace (VLC's `iconShuffle`, found by
        // the survey of real catalogs, issue 27): Xcode builds such a catalog with a warning, so a
        // scenario warns and uses the first by path, and the listing says the same.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (group, grey) in [("Player", UInt8(200)), ("Player/Controls", UInt8(90))] {
            let png = PNGEncoder().encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: grey, count: 64)))
            let set = root.appendingPathComponent("Cat.xcassets/\(group)/Icon.imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(Self.iconSet.utf8).write(to: set.appendingPathComponent("Contents.json"))
            try Data(png).write(to: set.appendingPathComponent("icon.png"))
            try Data(png).write(to: set.appendingPathComponent("icon@2x.png"))
        }
        let listing = CatalogListing.describe(
            catalogAt: root.appendingPathComponent("Cat.xcassets"), display: "Cat.xcassets")
        let first = "Cat.xcassets/Player/Controls/Icon.imageset"
        let expected =
            "2 image sets are named \"Icon\" in Cat.xcassets: \(first), Cat.xcassets/Player/Icon.imageset; ivsim uses "
            + "the first by path, as Xcode builds such a catalog with a warning and which one an app gets is not "
            + "documented: rename one, or put it in a group that provides a namespace"
        #expect(listing.diagnostics.map(\.message) == [expected], "\(listing.diagnostics)")
        #expect(listing.diagnostics.map(\.severity) == [.warning])
        #expect(
            listing.text.contains(
                "image set \"Icon\" (Cat.xcassets/Player/Icon.imageset)\n  never used: \(first) has the same name and comes first by path"
            ),
            "\(listing.text)")
        #expect(listing.text.components(separatedBy: "never used").count == 2, "\(listing.text)")
        let scenario = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Cat.xcassets"], "images": { "icon": { "named": "Icon" } }, "root": { "subviews": [] } }
            """
        let loaded = try ScenarioLoader.parse(
            Array(scenario.utf8), folder: root, displayName: "case.json", name: "case")
        #expect(loaded.warnings.map(\.message) == [expected])
        #expect(loaded.warnings.map(\.kind) == [AssetWarnings.duplicateName])
        let source = loaded.images[0].resolved(for: AssetLookupTests.traits(scale: 2)).source
        #expect(source == "Cat.xcassets/Player/Controls/Icon.imageset/icon@2x.png", "\(source ?? "nil")")
        #expect(throws: ScenarioErrors.self) {
            try ScenarioLoader.parse(
                Array(scenario.utf8), folder: root, displayName: "case.json", name: "case", strict: true)
        }
    }

    @Test func theBaseIsValid() throws {
        let diagnostics = try Self.run(Case(name: "base", expected: []))
        #expect(diagnostics == [])
    }
}
