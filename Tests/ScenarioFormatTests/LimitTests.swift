import Foundation
import Testing
import TestSupport
@testable import ScenarioFormat
import Syntax

private let fixture = Fixture()

/// The limits that keep hostile or runaway scenarios from exhausting memory or time
/// (docs/LIMITS.md): each refusal names the limit and comes before the work it refuses.
@Suite struct LimitTests {
    static func errors(_ text: String, limits: ScenarioLimits = .default) -> [String] {
        do {
            _ = try ScenarioLoader.parse(
                Array(text.utf8), folder: fixture.directory, displayName: "l.json", name: "l", limits: limits)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func generatedImagesPastTheBudgetAreRefusedBeforeAnyIsMade() {
        // 64 solids of 4096 × 4096 (12 GiB at 12 bytes a pixel): refused at the fifth (4 × 192 MiB is
        // the 768 MiB budget), before a pixel is made — this test allocates none of it.
        let images = (0..<64).map {
            "\"s\($0)\": { \"generate\": { \"solid\": { \"size\": [4096, 4096], \"color\": \"#FF0000\" } } }"
        }
        let text =
            "{ \"canvas\": { \"size\": [10, 10] }, \"images\": { \(images.joined(separator: ", ")) }, \"root\": {} }"
        let found = Self.errors(text)
        #expect(found.count == 1)
        #expect(
            found.first?.contains(
                "$.images.s4: the generated images up to this one need 960 MiB of pixels, more than the 768 MiB")
                == true)
    }

    @Test func rotatedAndMirroredCopiesCountAgainstTheBudget() {
        // One 1024² image (12 MiB) and its seven other orientations: 8 × 12 = 96 MiB, over a
        // budget of 75 MiB at the seventh and the eighth; each orientation alone fits.
        let orientations = ["down", "left", "right", "upMirrored", "downMirrored", "leftMirrored", "rightMirrored"]
        let derived = orientations.map { "\"\($0)\": { \"from\": \"base\", \"orientation\": \"\($0)\" }" }
        let text = """
            { "canvas": { "size": [10, 10] }, "images": { "base": { "generate": { "solid": { "size": [1024, 1024], "color": "#FF0000" } } },
              \(derived.joined(separator: ", ")) }, "root": {} }
            """
        var limits = ScenarioLimits()
        limits.imageBytes = 75 << 20
        let found = Self.errors(text, limits: limits)
        #expect(found.count == 2)
        #expect(
            found.first?.contains(
                "$.images.leftMirrored: this image (its pixels and their rotated or mirrored copies, 12.0 MiB) takes the "
                    + "scenario's images past 75.0 MiB of pixels (72.0 MiB before it)") == true)
    }

    @Test func imagesDeriveAtMost32Deep() {
        func chain(_ n: Int, reversed: Bool) -> String {
            var images = ["\"i0\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }"]
            images += (1..<n).map { "\"i\($0)\": { \"from\": \"i\($0 - 1)\" }" }
            if reversed { images.reverse() }
            return
                "{ \"canvas\": { \"size\": [10, 10] }, \"images\": { \(images.joined(separator: ", ")) }, \"root\": {} }"
        }
        #expect(Self.errors(chain(33, reversed: false)).isEmpty)
        #expect(
            Self.errors(chain(34, reversed: false)) == [
                "l.json:1:\(chain(34, reversed: false).range(of: "\"i33\"")!.lowerBound.utf16Offset(in: chain(34, reversed: false)) + 8): error: $.images.i33: \"i33\" is derived 33 images deep, more than the 32 a scenario may chain (docs/LIMITS.md): derive from the original image instead"
            ])
        // Declared last first, a 5,000-long chain is resolved by recursion: refused at 33 deep,
        // never a deep stack (it crashed at about 2,000).
        let reversed = Self.errors(chain(5000, reversed: true))
        #expect(!reversed.isEmpty && reversed.allSatisfy { $0.contains("is derived more than 32 images deep") })
        // Animated images whose frames are animated images: refused at the first (a frame is a
        // still image), whatever the length of the chain.
        var animated = ["\"a0\": { \"generate\": { \"solid\": { \"size\": [4, 4], \"color\": \"#FF0000\" } } }"]
        animated += (1..<2000).map { "\"a\($0)\": { \"animated\": { \"frames\": [\"a\($0 - 1)\"] } }" }
        let text =
            "{ \"canvas\": { \"size\": [10, 10] }, \"images\": { \(animated.joined(separator: ", ")) }, \"root\": {} }"
        #expect(Self.errors(text).first?.contains("$.images.a2.animated.frames[0]: \"a1\" is itself animated") == true)
    }

    @Test func stateNamesFitInFileNames() {
        func text(_ name: String) -> String {
            """
            { "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "id": "v", "frame": [0, 0, 1, 1] } ] },
              "variants": { "states": [ { "name": "\(name)", "set": { "v.alpha": 0.5 } } ] } }
            """
        }
        #expect(Self.errors(text(String(repeating: "a", count: 64))).isEmpty)
        #expect(
            Self.errors(text(String(repeating: "a", count: 300))) == [
                "l.json:2:39: error: $.variants.states[0].name: the state name \"aaaaaaaaaaaaaaaaaaaa…\" is 300 characters long, more than the 64 a "
                    + "state name may have (it becomes part of the snapshot's file names): shorten it"
            ])
    }

    @Test func anAnimatedImageHasAtMost1000Frames() {
        let frames = Array(repeating: "\"f\"", count: 1001).joined(separator: ", ")
        let text = """
            { "canvas": { "size": [10, 10] }, "images": { "f": { "generate": { "solid": { "size": [4, 4], "color": "#FF0000" } } },
              "a": { "animated": { "frames": [\(frames)], "duration": 1 } } }, "root": {} }
            """
        #expect(
            Self.errors(text).first?.contains(
                "$.images.a.animated.frames: 1001 animation frames, more than the 1000 an animated image may have")
                == true)
    }

    @Test func theVariantProductIsCapped() {
        // 2 × 3 × 2 trait combinations × (1 + 400 states) = 4,812 variants > 4,096.
        let states = (0..<400).map { "{ \"name\": \"s\($0)\", \"set\": { \"v.alpha\": 0.5 } }" }
        let text = """
            { "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "id": "v", "frame": [0, 0, 1, 1] } ] },
              "variants": { "matrix": { "displayScale": [1, 2, 3], "userInterfaceStyle": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"] },
                            "states": [\(states.joined(separator: ", "))] } }
            """
        #expect(
            Self.errors(text).first?.contains(
                "12 trait combinations × (1 + 400 states) = 4812 variants, more than the 4096") == true)
    }

    static func siblings(_ n: Int) -> String {
        let views = (0..<n).map { _ in "{ \"frame\": [0, 0, 1, 1] }" }
        return "{ \"canvas\": { \"size\": [10, 10] }, \"root\": { \"subviews\": [\(views.joined(separator: ", "))] } }"
    }

    @Test func viewsPastTheLimitAreRefusedOnceAtTheFirstOneOver() {
        var limits = ScenarioLimits()
        limits.views = 10  // the root and 9 subviews
        let found = Self.errors(Self.siblings(12), limits: limits)
        #expect(found.count == 1)
        #expect(
            found.first?.contains("$.root.subviews[9]: this view is one more than the 10 views a scenario may have")
                == true)
        #expect(found.first?.contains("--limit views=N") == true)
        #expect(Self.errors(Self.siblings(9), limits: limits).isEmpty)
    }

    @Test func constraintsPastTheLimitCountVisualFormatExpansion() {
        var limits = ScenarioLimits()
        limits.constraints = 5
        // "H:|[a][b]|" makes three constraints, "V:|[a]|" two: the sixth (in the third string) is refused.
        let text = """
            { "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "id": "a" }, { "id": "b" } ],
              "constraints": ["H:|[a][b]|", "V:|[a]|", "V:|[b]|", "a.width == b.width"] } }
            """
        let found = Self.errors(text, limits: limits)
        #expect(found.count == 1)
        #expect(
            found.first?.contains("$.root.constraints[2]: this constraint takes the scenario past the 5 constraints")
                == true)
        limits.constraints = 8
        #expect(Self.errors(text, limits: limits).isEmpty)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        var limits = ScenarioLimits()
        limits.fileBytes = 100
        let text = Self.siblings(10)
        #expect(
            Self.errors(text, limits: limits) == [
                "l.json: error: the file is \(text.utf8.count) bytes, more than the 100 a scenario may be: "
                    + "split the scenario (limit \"file-bytes\" in docs/LIMITS.md; whoever runs ivsim may raise "
                    + "it with --limit file-bytes=N)"
            ])
        let url = fixture.directory.appendingPathComponent("large-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ScenarioErrors.self) {
            try ScenarioLoader.load(url, displayName: "large.json", name: "large", limits: limits)
        }
        #expect(throws: Never.self) { try ScenarioLoader.load(url, displayName: "large.json", name: "large") }
    }

    @Test func raisedLimitsAdmitWhatTheDefaultsRefuse() {
        let states = (0..<4096).map { "{ \"name\": \"s\($0)\", \"set\": { \"v.alpha\": 0.5 } }" }
        let text = """
            { "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "id": "v", "frame": [0, 0, 1, 1] } ] },
              "variants": { "states": [\(states.joined(separator: ", "))] } }
            """
        #expect(Self.errors(text).first?.contains("more than the 4096 a scenario may have") == true)
        var limits = ScenarioLimits()
        limits.variants = 4097
        #expect(Self.errors(text, limits: limits).isEmpty)
    }

    @Test func anObjectWrittenMemberByMemberIsTheWholeObjectsText() {
        let members: [(String, JSONOutput)] = [
            ("a", .object([("x", .number(1)), ("y", .array([.number(1), .string("z")]))])),
            ("b\"", .string("q")), ("c", .object([]))
        ]
        let streamed = "{\n" + members.map { JSONOutput.memberText($0.0, $0.1) }.joined(separator: ",\n") + "\n}\n"
        #expect(streamed == JSONOutput.object(members).text())
    }
}

/// A `file` that is a symbolic link leading nowhere is named as such, never "did you mean" itself.
@Suite struct BrokenLinkTests {
    @Test func aSymbolicLinkLoopOrDanglingLinkSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("gone.png").path, withDestinationPath: "missing/gone.png")
        for (name, target) in [("loop.png", "loop.png"), ("gone.png", "missing/gone.png")] {
            let text =
                "{ \"canvas\": { \"size\": [4, 4] }, \"images\": { \"x\": { \"file\": \"\(name)\" } }, \"root\": {} }"
            var messages: [String] = []
            do {
                _ = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "l.json", name: "l")
            } catch {
                messages = error.diagnostics.map(\.message)
            }
            #expect(
                messages == [
                    "\"\(name)\" is a symbolic link to \"\(target)\", which leads to no file (a loop, or a target that is gone): "
                        + "point it at an image file, or name the file itself"
                ])
        }
    }
}

/// A catalog folder that links back into the catalog is reported, not walked for ever (two
/// such links made the walk double at every level until the system's link limit).
@Suite struct CatalogLoopTests {
    @Test func symbolicLinksBackIntoACatalogAreReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ivsim-catalog-loop-\(UUID().uuidString)")
        let set = folder.appendingPathComponent("Cat.xcassets/A.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "0", "blue": "0", "alpha": "1"}}}]}"#
                .utf8
        )
        .write(to: set.appendingPathComponent("Contents.json"))
        for link in ["l1", "l2"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("Cat.xcassets/\(link)").path, withDestinationPath: ".")
        }
        let text =
            #"{ "canvas": { "size": [4, 4] }, "assetCatalogs": ["Cat.xcassets"], "root": { "backgroundColor": { "named": "A" } } }"#
        var messages: [String] = []
        do {
            _ = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "c.json", name: "c")
        } catch {
            messages = error.diagnostics.map(\.description)
        }
        #expect(
            messages == [
                "Cat.xcassets/l1: error: is a symbolic link to a folder of the catalog already read (a loop): remove it",
                "Cat.xcassets/l2: error: is a symbolic link to a folder of the catalog already read (a loop): remove it"
            ])
    }
}

/// Files too large to be what they claim are refused by their size, before they are read (the
/// files here are sparse: they take no disk space and are never read).
@Suite struct FileSizeTests {
    static func sparse(_ url: URL, bytes: UInt64) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: bytes)
        try handle.close()
    }

    static func errors(_ text: String, in folder: URL) -> [String] {
        do {
            _ = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "s.json", name: "s")
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }

    @Test func anImageFileAndAContentsJSONOverTheirSizeAreRefusedUnread() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-sizes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("A.xcassets/big.imageset"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.sparse(folder.appendingPathComponent("huge.png"), bytes: 300 << 20)
        try Self.sparse(folder.appendingPathComponent("A.xcassets/big.imageset/Contents.json"), bytes: 2 << 20)
        #expect(
            Self.errors(
                "{ \"canvas\": { \"size\": [4, 4] }, \"images\": { \"x\": { \"file\": \"huge.png\" } }, \"root\": {} }",
                in: folder)
                == ["\"huge.png\" is 314572800 bytes, more than the 301989888 an image file may be (docs/LIMITS.md)"])
        let named =
            "{ \"canvas\": { \"size\": [4, 4] }, \"assetCatalogs\": [\"A.xcassets\"], \"images\": { \"x\": { \"named\": \"big\" } }, \"root\": {} }"
        #expect(
            Self.errors(named, in: folder).contains {
                $0.contains("the file is 2097152 bytes, more than the 1048576 a Contents.json may be")
            })
    }
}
