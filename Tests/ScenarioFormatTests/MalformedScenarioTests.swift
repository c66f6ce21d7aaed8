import Foundation
import Testing
import TestSupport
@testable import ScenarioFormat

private let fixture = Fixture()

/// Bad input: every case gives exactly the expected diagnostics (JSON path and message) and
/// nothing else; none crashes.
@Suite struct MalformedScenarioTests {
    /// A valid scenario to break: `edit` replaces text in it.
    static let base = """
        {
          "canvas": { "size": [100, 80] },
          "images": { "dot": { "generate": { "solid": { "size": [4, 4], "color": "#FF0000" } } } },
          "root": { "subviews": [ { "id": "hero", "type": "imageView", "frame": [0, 0, 10, 10], "image": "dot" } ] }
        }
        """

    static func load(_ text: String) -> [String] {
        do {
            _ = try ScenarioLoader.parse(
                Array(text.utf8), folder: fixture.directory, displayName: "case.json", name: "case")
            return []
        } catch {
            return error.diagnostics.map { ($0.path.isEmpty ? "" : $0.path + ": ") + $0.message }
        }
    }

    static func edited(_ replacements: [(String, String)]) -> String {
        var text = base
        for (old, new) in replacements {
            precondition(text.contains(old), "the base scenario has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    @Test func theBaseScenarioIsValid() {
        #expect(Self.load(Self.base) == [])
    }

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: [String]
        var description: String { name }

        init(_ name: String, _ replacements: [(String, String)], _ expected: [String]) {
            self.name = name
            text = MalformedScenarioTests.edited(replacements)
            self.expected = expected
        }

        init(_ name: String, text: String, _ expected: [String]) {
            self.name = name
            self.text = text
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        // Syntax and document shape.
        Case("not JSON", text: "{ \"canvas\": }", ["invalid JSON: expected a value, found '}'"]),
        Case(
            "trailing comma", text: "{ \"canvas\": {\"size\": [1, 1]}, }", ["invalid JSON: trailing comma before '}'"]),
        Case("single quotes", text: "{ 'canvas': 1 }", ["invalid JSON: expected a key in double quotes, found '''"]),
        Case("duplicate key", text: "{ \"root\": {}, \"root\": {} }", ["invalid JSON: duplicate key \"root\" in $"]),
        Case(
            "NaN is not JSON", text: "{ \"canvas\": { \"size\": [NaN, 1] } }",
            ["invalid JSON: expected a value, found 'N'"]),
        Case("array document", text: "[]", ["$: expected a scenario (an object), found an array"]),
        Case(
            "missing canvas and root", text: "{}",
            [
                "$: missing required key \"canvas\" (e.g. \"canvas\": {\"size\": [390, 844]} or {\"device\": \"iPhone 15 Pro\"})",
                "$: missing required key \"root\" (the view tree: {\"subviews\": [...]})"
            ]),
        Case(
            "unknown top-level key", [("\"canvas\"", "\"canvass\"")],
            [
                "$: missing required key \"canvas\" (e.g. \"canvas\": {\"size\": [390, 844]} or {\"device\": \"iPhone 15 Pro\"})",
                "$.canvass: unknown key \"canvass\" in a scenario (did you mean \"canvas\"?)"
            ]),
        // Canvas.
        Case(
            "canvas size too short", [("[100, 80]", "[100]")],
            ["$.canvas.size: expected [width, height] in whole points, found an array of 1 element"]),
        Case(
            "negative canvas", [("[100, 80]", "[-100, 80]")],
            ["$.canvas.size[0]: the width -100 is out of range: expected a number from 1 to 2048"]),
        Case(
            "huge canvas", [("[100, 80]", "[100, 1e999]")],
            ["$.canvas.size[1]: expected a number, found a number too large to represent"]),
        Case(
            "fractional canvas", [("[100, 80]", "[100.5, 80]")],
            ["$.canvas.size[0]: expected a number (a whole number), found 100.5"]),
        Case(
            "canvas background misspelt",
            [("\"size\": [100, 80] }", "\"size\": [100, 80], \"background\": \"sytemBackground\" }")],
            [
                "$.canvas.background: unknown colour \"sytemBackground\": expected #RRGGBB, #RRGGBBAA or a system colour name (did you mean \"systemBackground\"?)"
            ]),
        // Traits.
        Case(
            "display scale 4", [("\"canvas\"", "\"traits\": { \"displayScale\": 4 }, \"canvas\"")],
            ["$.traits.displayScale: 4 is out of range: expected a display scale from 1 to 3"]),
        Case(
            "unknown style", [("\"canvas\"", "\"traits\": { \"userInterfaceStyle\": \"drak\" }, \"canvas\"")],
            ["$.traits.userInterfaceStyle: unknown interface style \"drak\" (did you mean \"dark\"?)"]),
        Case(
            "unknown interface level",
            [("\"canvas\"", "\"traits\": { \"userInterfaceLevel\": \"elevate\" }, \"canvas\"")],
            ["$.traits.userInterfaceLevel: unknown interface level \"elevate\" (did you mean \"elevated\"?)"]),
        Case(
            "interface level in the matrix",
            [
                (
                    "\"root\"",
                    "\"variants\": { \"matrix\": { \"userInterfaceLevel\": [\"base\", \"raised\"] } }, \"root\""
                )
            ],
            [
                "$.variants.matrix.userInterfaceLevel[1]: unknown interface level \"raised\" (expected one of: base, elevated)"
            ]),
        Case(
            "unknown trait", [("\"canvas\"", "\"traits\": { \"scale\": 2 }, \"canvas\"")],
            ["$.traits.scale: unknown key \"scale\" in the traits (did you mean \"displayScale\"?)"]),
        // Colours.
        Case(
            "macOS colour with an iOS equivalent",
            [
                (
                    "\"canvas\": { \"size\": [100, 80] }",
                    "\"canvas\": { \"size\": [100, 80], \"background\": \"windowBackgroundColor\" }"
                )
            ],
            [
                "$.canvas.background: \"windowBackgroundColor\" is macOS only (AppKit's NSColor.windowBackgroundColor, which UIKit lacks); the iOS equivalent is \"systemBackground\""
            ]),
        Case(
            "macOS colour without its suffix",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"tintColor\": \"controlAccent\"")],
            [
                "$.root.subviews[0].tintColor: \"controlAccent\" is macOS only (AppKit's NSColor.controlAccentColor, which UIKit lacks); the iOS equivalent is \"systemBlue\""
            ]),
        Case(
            "macOS colour without an iOS equivalent",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"backgroundColor\": \"selectedContentBackgroundColor\"")],
            [
                "$.root.subviews[0].backgroundColor: \"selectedContentBackgroundColor\" is macOS only (AppKit's NSColor.selectedContentBackgroundColor, which UIKit lacks) and has no iOS equivalent"
            ]),
        Case(
            "macOS colour in a generated image", [("\"#FF0000\"", "\"underPageBackgroundColor\"")],
            [
                "$.images.dot.generate.solid.color: \"underPageBackgroundColor\" is macOS only (AppKit's NSColor.underPageBackgroundColor, which UIKit lacks) and has no iOS equivalent"
            ]),
        Case(
            "tintColor as a colour", [("\"image\": \"dot\"", "\"image\": \"dot\", \"backgroundColor\": \"tintColor\"")],
            [
                "$.root.subviews[0].backgroundColor: \"tintColor\" is UIColor.tintColor, the tint of the view that draws it, which ivsim does not resolve as a colour: write the colour itself (the default tint is \"systemBlue\")"
            ]),
        Case(
            "new system colour misspelt",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"backgroundColor\": \"systemMnt\"")],
            [
                "$.root.subviews[0].backgroundColor: unknown colour \"systemMnt\": expected #RRGGBB, #RRGGBBAA or a system colour name (did you mean \"systemMint\"?)"
            ]),
        Case(
            "catalog spelling in a scenario",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"backgroundColor\": \"tertiaryLabelColor\"")],
            [
                "$.root.subviews[0].backgroundColor: \"tertiaryLabelColor\" is how a colour set references the colour: a scenario writes UIColor's name, \"tertiaryLabel\""
            ]),
        Case(
            "short hex", [("\"#FF0000\"", "\"#F00\"")],
            [
                "$.images.dot.generate.solid.color: invalid colour \"#F00\": expected #RRGGBB or #RRGGBBAA with hex digits"
            ]),
        Case(
            "non-hex digits", [("\"#FF0000\"", "\"#GG0000\"")],
            [
                "$.images.dot.generate.solid.color: invalid colour \"#GG0000\": expected #RRGGBB or #RRGGBBAA with hex digits"
            ]),
        Case(
            "colour as number", [("\"#FF0000\"", "16711680")],
            [
                "$.images.dot.generate.solid.color: expected a colour (\"#RRGGBB\", \"#RRGGBBAA\", a system colour name, {\"light\": …, \"dark\": …}, {\"named\": …} or {\"provider\": …}), found a number"
            ]),
        Case(
            "dynamic colour in a generated image",
            [("\"#FF0000\"", "{ \"light\": \"#FFFFFF\", \"dark\": \"#000000\" }")],
            [
                "$.images.dot.generate.solid.color: expected a fixed colour here (#RRGGBB, #RRGGBBAA or a system colour name), found a light/dark pair"
            ]),
        Case(
            "dynamic colour without dark",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"tintColor\": { \"light\": \"#FFFFFF\" }")],
            ["$.root.subviews[0].tintColor: missing required key \"dark\""]),
        // Images.
        Case(
            "image without a source",
            [("{ \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }", "{ \"scale\": 2 }")],
            [
                "$.images.dot: an image needs one of \"file\", \"named\", \"systemName\", \"classProperty\", \"generate\", \"from\", \"animated\", \"asset\", \"draw\", \"snapshot\", \"coreImage\" or \"masking\""
            ]),
        Case(
            "image with two sources", [("{ \"generate\"", "{ \"file\": \"assets/photo.png\", \"generate\"")],
            [
                "$.images.dot: an image takes one of \"file\", \"named\", \"systemName\", \"classProperty\", \"generate\", \"from\", \"animated\", \"asset\", \"draw\", \"snapshot\", \"coreImage\" or \"masking\", not \"file\" and \"generate\""
            ]),
        Case(
            "unknown generator", [("\"solid\"", "\"soild\"")],
            ["$.images.dot.generate.soild: unknown key \"soild\" in an image generator (did you mean \"solid\"?)"]),
        Case(
            "two generators",
            [("\"generate\": { \"solid\"", "\"generate\": { \"indexGrid\": { \"size\": [2, 2] }, \"solid\"")],
            [
                "$.images.dot.generate: \"generate\" takes exactly one of: solid, checkerboard, linearGradient, indexGrid, path"
            ]),
        Case(
            "generated image too large", [("[4, 4]", "[5000, 4]")],
            ["$.images.dot.generate.solid.size[0]: 5000 is out of range: expected a number from 1 to 4096"]),
        Case(
            "checkerboard cell zero",
            [
                (
                    "{ \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } }",
                    "{ \"checkerboard\": { \"size\": [4, 4], \"cell\": 0, \"colors\": [\"#000000\", \"#FFFFFF\"] } }"
                )
            ],
            [
                "$.images.dot.generate.checkerboard.cell: 0 is out of range: expected a cell size in pixels from 1 to 4096"
            ]),
        Case(
            "gradient with one colour",
            [
                (
                    "{ \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } }",
                    "{ \"linearGradient\": { \"size\": [4, 4], \"colors\": [\"#000000\"] } }"
                )
            ],
            ["$.images.dot.generate.linearGradient.colors: expected two colours, found 1"]),
        Case(
            "gradient direction",
            [
                (
                    "{ \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } }",
                    "{ \"linearGradient\": { \"size\": [4, 4], \"colors\": [\"#000000\", \"#FFFFFF\"], \"direction\": \"diagonal\" } }"
                )
            ],
            [
                "$.images.dot.generate.linearGradient.direction: unknown direction \"diagonal\" (expected one of: horizontal, vertical)"
            ]),
        Case(
            "missing file",
            [
                (
                    "{ \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }",
                    "{ \"file\": \"assets/icn@2x.png\" }"
                )
            ],
            ["$.images.dot.file: file \"assets/icn@2x.png\" not found (did you mean \"icon@2x.png\"?)"]),
        Case(
            "file outside the folder",
            [
                (
                    "{ \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }",
                    "{ \"file\": \"../../Package.swift\" }"
                )
            ],
            [
                "$.images.dot.file: \"../../Package.swift\" is outside the scenario's folder (Fixtures/): "
                    + "keep assets next to the scenario, or add the folder that holds it to \"assetRoots\" in the project's ivsim.json"
            ]),
        Case(
            "absolute file path",
            [
                (
                    "{ \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }",
                    "{ \"file\": \"/etc/passwd\" }"
                )
            ],
            [
                "$.images.dot.file: \"/etc/passwd\" is an absolute path: image files must be given relative to the scenario's folder"
            ]),
        Case(
            "file that is not a PNG",
            [
                (
                    "{ \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }",
                    "{ \"file\": \"assets/notes.png\" }"
                )
            ],
            [
                "$.images.dot.file: \"assets/notes.png\" is not a usable PNG: not a PNG file: signature byte 0 is 0x6E, expected 0x89"
            ]),
        Case(
            "scale zero", [("{ \"generate\"", "{ \"scale\": 0, \"generate\"")],
            ["$.images.dot.scale: 0 is out of range: expected a scale from 0.25 to 16"]),
        Case(
            "cycle in from",
            [
                (
                    "\"images\": { \"dot\"",
                    "\"images\": { \"a\": { \"from\": \"b\" }, \"b\": { \"from\": \"a\" }, \"dot\""
                )
            ],
            ["$.images.a: images derive from each other in a cycle: a → b → a"]),
        Case(
            "from an unknown image",
            [("\"images\": { \"dot\"", "\"images\": { \"copy\": { \"from\": \"dott\" }, \"dot\"")],
            ["$.images.copy.from: unknown image \"dott\" to derive from (did you mean \"dot\"?)"]),
        // Views.
        Case(
            "unknown image name", [("\"image\": \"dot\"", "\"image\": \"dto\"")],
            ["$.root.subviews[0].image: unknown image \"dto\" (did you mean \"dot\"?)"]),
        Case(
            "content mode misspelt",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"contentMode\": \"scaleAspectFitt\"")],
            [
                "$.root.subviews[0].contentMode: unknown content mode \"scaleAspectFitt\" (did you mean \"scaleAspectFit\"?)"
            ]),
        Case(
            "content mode raw value 13", [("\"image\": \"dot\"", "\"image\": \"dot\", \"contentMode\": 13")],
            ["$.root.subviews[0].contentMode: content mode raw value 13 is out of range: expected 0 to 12"]),
        Case(
            "unknown view key", [("\"image\": \"dot\"", "\"image\": \"dot\", \"contentMod\": \"center\"")],
            ["$.root.subviews[0].contentMod: unknown key \"contentMod\" in a view (did you mean \"contentMode\"?)"]),
        Case(
            "image on a plain view", [("\"type\": \"imageView\", ", "")],
            ["$.root.subviews[0].image: \"image\" belongs to image views: add \"type\": \"imageView\" to this view"]),
        Case(
            "unknown view type", [("\"type\": \"imageView\"", "\"type\": \"UIImageView\"")],
            ["$.root.subviews[0].type: unknown view type \"UIImageView\" (did you mean \"imageView\"?)"]),
        Case(
            "no frame", [("\"frame\": [0, 0, 10, 10], ", "")],
            [
                "$.root.subviews[0]: this view has no frame and no constraint names it: give it a \"frame\" (or a \"center\" or "
                    + "\"origin\" with a \"size\"), or an id and constraints that position it"
            ]),
        Case(
            "frame and center", [("\"frame\": [0, 0, 10, 10]", "\"frame\": [0, 0, 10, 10], \"center\": [5, 5]")],
            [
                "$.root.subviews[0].center: \"center\" conflicts with \"frame\": give a frame, or a center or origin with a size or sizeToFit"
            ]),
        Case(
            "negative size", [("\"frame\": [0, 0, 10, 10]", "\"frame\": [0, 0, -10, 10]")],
            ["$.root.subviews[0].frame: frame width and height must not be negative"]),
        Case(
            "frame with three numbers", [("\"frame\": [0, 0, 10, 10]", "\"frame\": [0, 0, 10]")],
            ["$.root.subviews[0].frame: expected a frame [x, y, width, height], found an array of 3 elements"]),
        Case(
            "frame with a string", [("\"frame\": [0, 0, 10, 10]", "\"frame\": [0, \"0\", 10, 10]")],
            ["$.root.subviews[0].frame[1]: expected a number, found a string"]),
        Case(
            "huge coordinate", [("\"frame\": [0, 0, 10, 10]", "\"frame\": [1e9, 0, 10, 10]")],
            ["$.root.subviews[0].frame[0]: 1000000000 is out of range: expected a number from -100000 to 100000"]),
        Case(
            "center without size", [("\"frame\": [0, 0, 10, 10]", "\"center\": [5, 5]")],
            [
                "$.root.subviews[0]: a view needs a \"frame\", or a \"center\" or \"origin\" with a \"size\" or \"sizeToFit\": true"
            ]),
        Case(
            "sizeToFit on a plain view",
            [
                (
                    "{ \"id\": \"hero\", \"type\": \"imageView\", \"frame\": [0, 0, 10, 10], \"image\": \"dot\" }",
                    "{ \"center\": [5, 5], \"sizeToFit\": true }"
                )
            ],
            [
                "$.root.subviews[0].sizeToFit: \"sizeToFit\" needs an image view (add \"type\": \"imageView\" and an \"image\")"
            ]),
        Case(
            "alpha above one", [("\"image\": \"dot\"", "\"image\": \"dot\", \"alpha\": 1.5")],
            ["$.root.subviews[0].alpha: 1.5 is out of range: expected an alpha from 0 to 1"]),
        Case(
            "duplicate id",
            [("\"image\": \"dot\" }", "\"image\": \"dot\" }, { \"id\": \"hero\", \"frame\": [0, 0, 1, 1] }")],
            ["$.root.subviews[1].id: duplicate id \"hero\" (already used at $.root.subviews[0])"]),
        Case(
            "invalid id", [("\"id\": \"hero\"", "\"id\": \"hero view\"")],
            [
                "$.root.subviews[0].id: invalid id \"hero view\": use letters, digits, \"_\" and \"-\" (ids name views in variant states)"
            ]),
        Case(
            "frame on the root", [("\"root\": { \"subviews\"", "\"root\": { \"frame\": [0, 0, 10, 10], \"subviews\"")],
            ["$.root.frame: the root view always fills the canvas: remove \"frame\" (set the canvas size instead)"]),
        Case(
            "subviews not an array", [("\"subviews\": [", "\"subviews\": { \"x\": ["), ("] }\n}", "] } }\n}")],
            ["$.root.subviews: expected the subviews (an array), found an object"]),
        // Variants.
        Case(
            "unknown matrix key",
            [("\"root\"", "\"variants\": { \"matrix\": { \"displayScales\": [1, 2] } }, \"root\"")],
            [
                "$.variants.matrix.displayScales: unknown key \"displayScales\" in the variant matrix (did you mean \"displayScale\"?)"
            ]),
        Case(
            "empty matrix list", [("\"root\"", "\"variants\": { \"matrix\": { \"displayScale\": [] } }, \"root\"")],
            ["$.variants.matrix.displayScale: expected display scales (a non-empty array), found an empty array"]),
        Case(
            "repeated scale", [("\"root\"", "\"variants\": { \"matrix\": { \"displayScale\": [2, 2] } }, \"root\"")],
            ["$.variants.matrix.displayScale: display scale 2 is listed twice"]),
        Case(
            "state for an unknown view",
            [
                (
                    "\"root\"",
                    "\"variants\": { \"states\": [ { \"name\": \"pressed\", \"set\": { \"heor.isHighlighted\": true } } ] }, \"root\""
                )
            ],
            ["$.variants.states[0].set[\"heor.isHighlighted\"]: no view has the id \"heor\" (did you mean \"hero\"?)"]),
        Case(
            "state with an unknown property",
            [
                (
                    "\"root\"",
                    "\"variants\": { \"states\": [ { \"name\": \"pressed\", \"set\": { \"hero.highlighted\": true } } ] }, \"root\""
                )
            ],
            [
                "$.variants.states[0].set[\"hero.highlighted\"]: unknown property \"highlighted\" (did you mean \"isHighlighted\"?) (settable: isHighlighted, isHidden, clipsToBounds, alpha, contentMode, image, highlightedImage, backgroundColor, tintColor, frame, sampling, tintAdjustmentMode, semanticContentAttribute, isAnimating, animationTime, animationDuration, animationRepeatCount, cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor, adjustsImageSizeForAccessibilityContentSizeCategory)"
            ]),
        Case(
            "state value of the wrong type",
            [
                (
                    "\"root\"",
                    "\"variants\": { \"states\": [ { \"name\": \"pressed\", \"set\": { \"hero.isHighlighted\": \"yes\" } } ] }, \"root\""
                )
            ],
            ["$.variants.states[0].set[\"hero.isHighlighted\"]: expected true or false, found a string"]),
        Case(
            "state name with spaces",
            [("\"root\"", "\"variants\": { \"states\": [ { \"name\": \"Pressed State\", \"set\": {} } ] }, \"root\"")],
            [
                "$.variants.states[0].name: invalid state name \"Pressed State\": use lower-case letters, digits and \"-\", and none of default, portrait, landscape, scale1, scale2, scale3, light, dark, ltr, rtl, phone, pad, tv, mac, vision"
            ]),
        Case(
            "state without name", [("\"root\"", "\"variants\": { \"states\": [ { \"set\": {} } ] }, \"root\"")],
            ["$.variants.states[0]: missing required key \"name\" (it becomes part of the snapshot name)"]),
        // Image semantics.
        Case(
            "orientation misspelt",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"orientation\": \"upsideDown\"")],
            [
                "$.images.dot.orientation: unknown orientation \"upsideDown\" (expected one of: up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored)"
            ]),
        Case(
            "orientation as a raw value",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"orientation\": 2")],
            [
                "$.images.dot.orientation: expected orientation (one of: up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored), found a number"
            ]),
        Case(
            "rendering mode without its prefix",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"renderingMode\": \"template\"")],
            ["$.images.dot.renderingMode: unknown rendering mode \"template\" (did you mean \"alwaysTemplate\"?)"]),
        Case(
            "resizing mode misspelt",
            [
                (
                    "\"color\": \"#FF0000\" } }",
                    "\"color\": \"#FF0000\" } }, \"capInsets\": [1, 1, 1, 1], \"resizingMode\": \"stretched\""
                )
            ],
            ["$.images.dot.resizingMode: unknown resizing mode \"stretched\" (did you mean \"stretch\"?)"]),
        Case(
            "resizing mode without cap insets",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"resizingMode\": \"stretch\"")],
            [
                "$.images.dot.resizingMode: \"resizingMode\" needs \"capInsets\": the image is not resizable (add \"capInsets\"; [0, 0, 0, 0] makes the whole image the part that tiles or stretches)"
            ]),
        Case(
            "negative cap inset",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"capInsets\": [1, -1, 1, 1]")],
            ["$.images.dot.capInsets[1]: -1 is out of range: expected a number from 0 to 10000"]),
        Case(
            "cap insets with three numbers",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"capInsets\": [1, 1, 1]")],
            [
                "$.images.dot.capInsets: expected insets [top, left, bottom, right] in points, found an array of 3 elements"
            ]),
        Case(
            "inset edge misspelt",
            [
                (
                    "\"color\": \"#FF0000\" } }",
                    "\"color\": \"#FF0000\" } }, \"alignmentRectInsets\": { \"top\": 1, \"leftt\": 2 }"
                )
            ],
            ["$.images.dot.alignmentRectInsets.leftt: unknown key \"leftt\" in edge insets (did you mean \"left\"?)"]),
        Case(
            "horizontally flipped false",
            [("\"color\": \"#FF0000\" } }", "\"color\": \"#FF0000\" } }, \"horizontallyFlipped\": false")],
            ["$.images.dot.horizontallyFlipped: \"horizontallyFlipped\": false does nothing: leave the key out"]),
        Case(
            "animated image without frames",
            [
                (
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } } }",
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }, \"spin\": { \"animated\": { \"frames\": [] } } }"
                )
            ],
            ["$.images.spin.animated.frames: expected animation frames (a non-empty array), found an empty array"]),
        Case(
            "animated frame unknown",
            [
                (
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } } }",
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }, \"spin\": { \"animated\": { \"frames\": [\"dot\", \"dott\"] } } }"
                )
            ],
            ["$.images.spin.animated.frames[1]: unknown image \"dott\" as a frame (did you mean \"dot\"?)"]),
        Case(
            "animated image made of itself",
            [
                (
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } } }",
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }, \"spin\": { \"animated\": { \"frames\": [\"spin\"] } } }"
                )
            ],
            ["$.images.spin: images derive from each other in a cycle: spin → spin"]),
        Case(
            "animated image with fps",
            [
                (
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } } }",
                    "\"images\": { \"dot\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }, \"spin\": { \"animated\": { \"frames\": [\"dot\"], \"fps\": 30 } } }"
                )
            ],
            [
                "$.images.spin.animated.fps: unknown key \"fps\" in an animated image (expected one of: frames, named, duration)"
            ]
        ),
        Case(
            "animation images as a string",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"animationImages\": \"dot\"")],
            ["$.root.subviews[0].animationImages: expected animation images (an array), found a string"]),
        Case(
            "animation frame unknown",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"animationImages\": [\"dot\", \"dott\"]")],
            ["$.root.subviews[0].animationImages[1]: unknown image \"dott\" (did you mean \"dot\"?)"]),
        Case(
            "negative animation duration", [("\"image\": \"dot\"", "\"image\": \"dot\", \"animationDuration\": -2")],
            ["$.root.subviews[0].animationDuration: -2 is out of range: expected a duration in seconds from 0 to 86400"]
        ),
        Case(
            "fractional repeat count", [("\"image\": \"dot\"", "\"image\": \"dot\", \"animationRepeatCount\": 1.5")],
            ["$.root.subviews[0].animationRepeatCount: expected a repeat count (a whole number), found 1.5"]),
        Case(
            "tint adjustment mode abbreviated",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"tintAdjustmentMode\": \"dim\"")],
            ["$.root.subviews[0].tintAdjustmentMode: unknown tint adjustment mode \"dim\" (did you mean \"dimmed\"?)"]),
        Case(
            "semantic attribute without force",
            [("\"image\": \"dot\"", "\"image\": \"dot\", \"semanticContentAttribute\": \"rightToLeft\"")],
            [
                "$.root.subviews[0].semanticContentAttribute: unknown semantic content attribute \"rightToLeft\" (did you mean \"forceRightToLeft\"?)"
            ]),
        Case(
            "layout direction abbreviated", [("\"root\"", "\"traits\": { \"layoutDirection\": \"RTL\" }, \"root\"")],
            ["$.traits.layoutDirection: unknown layout direction \"RTL\" (did you mean \"rightToLeft\"?)"]),
        Case(
            "highlighted animation on a plain view",
            [
                (
                    "\"type\": \"imageView\", \"frame\": [0, 0, 10, 10], \"image\": \"dot\"",
                    "\"frame\": [0, 0, 10, 10], \"highlightedAnimationImages\": [\"dot\"]"
                )
            ],
            [
                "$.root.subviews[0].highlightedAnimationImages: \"highlightedAnimationImages\" belongs to image views: add \"type\": \"imageView\" to this view"
            ]),
        Case(
            "state animation time as text",
            [
                (
                    "\"root\"",
                    "\"variants\": { \"states\": [ { \"name\": \"later\", \"set\": { \"hero.animationTime\": \"soon\" } } ] }, \"root\""
                )
            ],
            ["$.variants.states[0].set[\"hero.animationTime\"]: expected a time in seconds, found a string"])
    ]

    @Test(arguments: cases)
    func reportsExactly(_ c: Case) {
        #expect(Self.load(c.text) == c.expected)
    }

    @Test func atLeastFortyCases() {
        #expect(Self.cases.count >= 40)
    }

    @Test func messagesNameFileLineAndColumn() {
        do {
            _ = try ScenarioLoader.parse(
                Array(Self.edited([("\"image\": \"dot\"", "\"image\": \"dot\", \"contentMode\": \"fitt\"")]).utf8),
                folder: fixture.directory, displayName: "Scenarios/x.json", name: "x")
            Issue.record("accepted a bad content mode")
        } catch {
            #expect(
                error.description
                    == "Scenarios/x.json:4:120: error: $.root.subviews[0].contentMode: unknown content mode \"fitt\" (expected one of: scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight)"
            )
        }
    }
}
