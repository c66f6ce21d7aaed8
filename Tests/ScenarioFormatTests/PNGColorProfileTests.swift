import Deflate
import Foundation
import ImageViews
import PNGCodec
import Raster
import Testing
@testable import ScenarioFormat

/// PNG files with an iCCP profile, shown as a scenario shows them (docs/PNG.md §Colour profiles):
/// converted to sRGB as JPEGs with the same profile are — a matrix/TRC profile within one level of
/// littleCMS (Tests/RasterTests/Fixtures/icc, made by Tools/fixtures/generate_icc_fixtures.py),
/// Display P3 by its rule — and left as stored when the profile is sRGB or grey.
@Suite struct PNGColorProfileTests {
    static let tests = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()

    /// The littleCMS fixtures' grid (MatrixProfileTests): 256 greys, the ramps of red, green and
    /// blue alone, a 16³ cube — 5,120 colours, as an 80 × 64 image.
    static let grid: [UInt8] = {
        var colours: [(Int, Int, Int)] = (0...255).map { ($0, $0, $0) }
        colours += (0...255).map { ($0, 0, 0) } + (0...255).map { (0, $0, 0) } + (0...255).map { (0, 0, $0) }
        for r in 0..<16 { for g in 0..<16 { for b in 0..<16 { colours.append((17 * r, 17 * g, 17 * b)) } } }
        return colours.flatMap { [UInt8($0.0), UInt8($0.1), UInt8($0.2), 255] }
    }()

    /// The grid as a PNG with an iCCP chunk of `profile` after IHDR.
    static func png(_ profile: [UInt8]?, pixels: [UInt8] = grid, width: Int = 80) -> [UInt8] {
        let plain = PNGEncoder().encode(RGBAImage(width: width, height: pixels.count / 4 / width, pixels: pixels))
        guard let profile else { return plain }
        let data = Array("profile".utf8) + [0, 0] + Deflater.compress(profile, format: .zlib)
        let body = Array("iCCP".utf8) + data
        let crc = CRC32.checksum(body)
        func be(_ v: Int) -> [UInt8] {
            [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
        }
        var file = plain
        file.insert(contentsOf: be(data.count) + body + be(Int(crc)), at: 33)
        return file
    }

    /// The straight RGBA pixels a scenario shows for `file`, and its warnings' kinds.
    static func shown(_ file: [UInt8]) throws -> ([UInt8], [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-icc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(file).write(to: folder.appendingPathComponent("x.png"))
        let text = """
            { "canvas": { "size": [10, 10] }, "images": { "x": { "file": "x.png", "scale": 1 } }, "root": { "subviews": [] } }
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), folder: folder, displayName: "f.json", name: "f")
        let pixels = scenario.images[0].resolved(for: Traits()).pixels.bitmap.straightRGBA
        return (pixels, scenario.warnings.compactMap(\.kind))
    }

    @Test(arguments: ["gamma-adobe", "table-wide", "para3-rec2020"])
    func aMatrixProfileConvertsAsLittleCMS(_ name: String) throws {
        let profile = [UInt8](
            try Data(contentsOf: Self.tests.appendingPathComponent("RasterTests/Fixtures/icc/\(name).icc")))
        let expected = [UInt8](
            try Data(contentsOf: Self.tests.appendingPathComponent("RasterTests/Fixtures/icc/\(name).expected.rgb")))
        let (pixels, warnings) = try Self.shown(Self.png(profile))
        #expect(warnings.isEmpty)
        var worst = 0
        for i in 0..<(Self.grid.count / 4) {
            for k in 0..<3 { worst = max(worst, abs(Int(pixels[4 * i + k]) - Int(expected[3 * i + k]))) }
        }
        #expect(worst <= 1, "\(name): worst \(worst)")
    }

    @Test func displayP3IsConvertedAndSRGBAndGreyAreNot() throws {
        let jpegFixtures = Self.tests.appendingPathComponent("JPEGCodecTests/Fixtures/jpeg")
        let p3 = [UInt8](try Data(contentsOf: jpegFixtures.appendingPathComponent("icc_display_p3.icc")))
        let sRGB = [UInt8](try Data(contentsOf: jpegFixtures.appendingPathComponent("icc_srgb.icc")))
        var converted = Self.grid
        DisplayP3.convertToSRGB(straightRGBA: &converted)
        for profile in [p3, sRGB] {
            // The profile is read (the pixels below are not the file's by accident).
            #expect(try PNGDecoder().decodeWithDetails(Self.png(profile)).colorProfile == profile)
        }
        #expect(try Self.shown(Self.png(p3)) == (converted, []))
        #expect(try Self.shown(Self.png(sRGB)) == (Self.grid, []))
        #expect(try Self.shown(Self.png(nil)) == (Self.grid, []))
        // A grey image with a grey profile (swift-snapshot-testing's references carry Apple's
        // Generic Gray Gamma 2.2): shown as stored.
        let greys: [UInt8] = (0..<256).flatMap { (v: Int) -> [UInt8] in [UInt8(v), UInt8(v), UInt8(v), 255] }
        var grey = [UInt8](repeating: 0, count: 200)
        grey[0..<4] = [0, 0, 0, 200]
        grey[16..<20] = ArraySlice(Array("GRAY".utf8))
        grey[36..<40] = ArraySlice(Array("acsp".utf8))
        let greyFile = Self.png(grey, pixels: greys, width: 16)
        #expect(try PNGDecoder().decodeWithDetails(greyFile).colorProfile == grey)
        #expect(try Self.shown(greyFile) == (greys, []))
    }

    /// An iCCP chunk that is ignored (here a grey profile in a colour image) leaves the pixels as
    /// stored and says so with the `colorProfile` warning.
    @Test func anIgnoredChunkIsAWarning() throws {
        var grey = [UInt8](repeating: 0, count: 200)
        grey[0..<4] = [0, 0, 0, 200]
        grey[16..<20] = ArraySlice(Array("GRAY".utf8))
        grey[36..<40] = ArraySlice(Array("acsp".utf8))
        #expect(try Self.shown(Self.png(grey)) == (Self.grid, ["colorProfile"]))
    }

    /// A profile ivsim cannot read as matrix/TRC (its red curve made a LUT type): taken as sRGB,
    /// with the `colorProfile` warning, as for a JPEG.
    @Test func anUnreadableProfileIsTakenAsSRGBWithAWarning() throws {
        var profile = [UInt8](
            try Data(contentsOf: Self.tests.appendingPathComponent("RasterTests/Fixtures/icc/gamma-adobe.icc")))
        let count = Int(profile[128]) << 24 | Int(profile[129]) << 16 | Int(profile[130]) << 8 | Int(profile[131])
        let entry = try #require(
            (0..<count).map { 132 + 12 * $0 }.first {
                String(decoding: profile[$0..<($0 + 4)], as: UTF8.self) == "rTRC"
            })
        let offset =
            Int(profile[entry + 4]) << 24 | Int(profile[entry + 5]) << 16 | Int(profile[entry + 6]) << 8
            | Int(profile[entry + 7])
        profile.replaceSubrange(offset..<(offset + 4), with: Array("mft2".utf8))
        let (pixels, warnings) = try Self.shown(Self.png(profile))
        #expect(pixels == Self.grid)
        #expect(warnings == ["colorProfile"])
    }
}
