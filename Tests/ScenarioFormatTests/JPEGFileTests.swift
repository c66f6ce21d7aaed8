import Foundation
import ImageViews
import Raster
import Testing
@testable import ScenarioFormat
import Syntax

/// JPEG files in scenarios (docs/JPEG.md, docs/SCENARIOS.md `file`, docs/ASSETS.md), over the
/// corpus files of Scenarios/formats: the EXIF orientation becomes the image's orientation, a
/// Display P3 profile is converted, another matrix/TRC profile too, any other profile warns,
/// catalog sets read JPEG entries.
@Suite struct JPEGFileTests {
    static let folder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios/formats").standardizedFileURL

    static func load(_ images: String, folder: URL = folder, extra: String = "") throws(ScenarioErrors) -> Scenario {
        let text = """
            { "canvas": { "size": [10, 10] }, "traits": { "displayScale": 2 },\(extra)
              "images": { \(images) }, "root": { "subviews": [] } }
            """
        return try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "j.json", name: "j")
    }

    @Test func theExifOrientationIsTheImagesOrientation() throws {
        let expected: [ImageOrientation] = [
            .up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left
        ]
        for n in 1...8 {
            let image = try Self.load("\"a\": { \"file\": \"assets/arrow-exif\(n)@2x.jpg\" }").images[0].resolved(
                for: Traits())
            #expect(image.orientation == expected[n - 1], "EXIF \(n)")
            // Stored 60 × 36 or 36 × 60 pixels at 2x: always shown 30 × 18 points.
            #expect(image.size == Size(width: 30, height: 18), "EXIF \(n)")
        }
        // A given orientation replaces the file's.
        let given = try Self.load("\"a\": { \"file\": \"assets/arrow-exif6@2x.jpg\", \"orientation\": \"up\" }").images[
            0]
        #expect(given.resolved(for: Traits()).orientation == .up)
    }

    @Test func aDisplayP3ProfileIsConvertedToSRGB() throws {
        let scenario = try Self.load(
            """
            "p3": { "file": "assets/swatches-p3.jpg", "scale": 1 }, "plain": { "file": "assets/swatches-untagged.jpg", "scale": 1 },
            "srgb": { "file": "assets/swatches-srgb.jpg", "scale": 1 }
            """)
        let p3 = scenario.images[0].resolved(for: Traits()).pixels.bitmap.straightRGBA
        let plain = scenario.images[1].resolved(for: Traits()).pixels.bitmap.straightRGBA
        let srgb = scenario.images[2].resolved(for: Traits()).pixels.bitmap.straightRGBA
        #expect(srgb == plain)
        var converted = plain
        DisplayP3.convertToSRGB(straightRGBA: &converted)
        #expect(p3 == converted)
        #expect(p3 != plain)
        #expect(scenario.warnings.isEmpty)
    }

    /// Another matrix/TRC profile is converted through its curves and colorants (MatrixProfile,
    /// checked against littleCMS in RasterTests); one ivsim cannot read as matrix/TRC is taken as
    /// sRGB with a warning.
    @Test func anotherProfileIsConvertedOrTakenAsSRGBWithAWarning() throws {
        // The P3 file with its profile's red colorant moved: an RGB space neither P3 nor sRGB.
        var bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("assets/swatches-p3.jpg")))
        let tag = Array("rXYZ".utf8)
        guard let at = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == tag }) else {
            Issue.record("no rXYZ tag in the file")
            return
        }
        // The tag table entry: signature, offset, size; the offset counts from the profile's start,
        // which is 14 bytes into the APP2 segment data ("ICC_PROFILE\0", sequence, count).
        let profileStart =
            (0..<(bytes.count - 12)).first { Array(bytes[$0..<($0 + 12)]) == Array("ICC_PROFILE\0".utf8) }! + 14
        let offset = Int(bytes[at + 4]) << 24 | Int(bytes[at + 5]) << 16 | Int(bytes[at + 6]) << 8 | Int(bytes[at + 7])
        bytes[profileStart + offset + 9] &+= 8  // X of red, +0.03
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder.appendingPathComponent("odd.jpg"))
        try FileManager.default.copyItem(
            at: Self.folder.appendingPathComponent("assets/swatches-untagged.jpg"),
            to: folder.appendingPathComponent("plain.jpg"))
        let moved = try Self.load(
            "\"odd\": { \"file\": \"odd.jpg\", \"scale\": 1 }, \"plain\": { \"file\": \"plain.jpg\", \"scale\": 1 }",
            folder: folder)
        #expect(moved.warnings.isEmpty)
        let profileLength =
            Int(bytes[profileStart]) << 24 | Int(bytes[profileStart + 1]) << 16 | Int(bytes[profileStart + 2]) << 8
            | Int(bytes[profileStart + 3])
        let matrix = try #require(
            MatrixProfile(iccProfile: Array(bytes[profileStart..<(profileStart + profileLength)])))
        var expected = moved.images[1].resolved(for: Traits()).pixels.bitmap.straightRGBA
        matrix.convertToSRGB(straightRGBA: &expected)
        #expect(moved.images[0].resolved(for: Traits()).pixels.bitmap.straightRGBA == expected)
        // Its red curve's type made unreadable ('curv' → 'mft2', a LUT type): taken as sRGB, warned.
        let trc = Array("rTRC".utf8)
        let trcAt = try #require((0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == trc })
        let trcOffset =
            Int(bytes[trcAt + 4]) << 24 | Int(bytes[trcAt + 5]) << 16 | Int(bytes[trcAt + 6]) << 8
            | Int(bytes[trcAt + 7])
        bytes.replaceSubrange((profileStart + trcOffset)..<(profileStart + trcOffset + 4), with: Array("mft2".utf8))
        try Data(bytes).write(to: folder.appendingPathComponent("odd.jpg"))
        let scenario = try Self.load("\"odd\": { \"file\": \"odd.jpg\", \"scale\": 1 }", folder: folder)
        #expect(scenario.warnings.map(\.kind) == ["colorProfile"])
        #expect(scenario.warnings.first?.message.contains("does not convert from") == true)
        let quiet = try Self.load(
            "\"odd\": { \"file\": \"odd.jpg\", \"scale\": 1 }", folder: folder,
            extra: " \"acknowledgedWarnings\": [\"colorProfile\"],")
        #expect(quiet.warnings.isEmpty)
        // In a catalog set, the warning is the scenario's, at its `named` value.
        let set = folder.appendingPathComponent("Cat.xcassets/Odd.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(bytes).write(to: set.appendingPathComponent("odd.jpg"))
        try Data("{ \"images\": [ { \"filename\": \"odd.jpg\", \"idiom\": \"universal\" } ] }".utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let named = try Self.load(
            "\"odd\": { \"named\": \"Odd\" }", folder: folder, extra: " \"assetCatalogs\": [\"Cat.xcassets\"],")
        #expect(named.warnings.map(\.kind) == ["colorProfile"])
        #expect(named.warnings.first?.path == "$.images.odd.named")
        // PNG bytes in a file named .jpg decode as PNG (the content decides).
        try FileManager.default.copyItem(
            at: Self.folder.appendingPathComponent("../drawing/assets/photo@2x.png"),
            to: folder.appendingPathComponent("png.jpg"))
        let misnamed = try Self.load("\"p\": { \"file\": \"png.jpg\", \"scale\": 2 }", folder: folder)
        #expect(misnamed.images[0].resolved(for: Traits()).size == Size(width: 120, height: 80))
    }

    @Test func catalogSetsReadJPEGEntries() throws {
        let image = try Self.load(
            "\"l\": { \"named\": \"Landscape\" }", extra: " \"assetCatalogs\": [\"Photos.xcassets\"],"
        ).images[0]
        var traits = Traits()
        traits.displayScale = 3
        #expect(image.resolved(for: traits).source == "Photos.xcassets/Landscape.imageset/landscape@3x.jpg")
        #expect(image.resolved(for: traits).size == Size(width: 120, height: 80))
    }

    @Test func otherFormatsAreNamedInTheRefusal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-heic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 40)).write(
            to: folder.appendingPathComponent("p.heic"))
        do {
            _ = try Self.load("\"p\": { \"file\": \"p.heic\", \"scale\": 1 }", folder: folder)
            Issue.record("a HEIC file loaded")
        } catch {
            #expect(error.diagnostics.first?.message.contains("it is a HEIC file, which ivsim does not decode") == true)
        }
        // A damaged Photoshop file saved with the extension .png (real catalogs have one, which
        // ivsim now reads: docs/FORMATS.md §PSD) is refused as a Photoshop file, not as a PNG.
        try Data(Array("8BPS".utf8) + [0, 1] + [UInt8](repeating: 0, count: 40)).write(
            to: folder.appendingPathComponent("p.png"))
        do {
            _ = try Self.load("\"p\": { \"file\": \"p.png\", \"scale\": 1 }", folder: folder)
            Issue.record("a damaged Photoshop file loaded")
        } catch {
            #expect(
                error.diagnostics.first?.message
                    == "\"p.png\" is not a usable PSD file: offset 12: 0 channels (a file has 1 to 56)",
                "\(error.diagnostics)")
        }
    }
}
