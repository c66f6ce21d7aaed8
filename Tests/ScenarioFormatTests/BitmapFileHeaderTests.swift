import AssetCatalogs
import Foundation
import Raster
import Testing
@testable import ScenarioFormat

// The size of a GIF, BMP, ICO, TIFF or WebP file as scenarios read it before decoding (the image
// budget is charged from it): an icon's first entry may lie anywhere in the file (attack round 9:
// one past 64 KiB was refused as "the file has 65536" bytes).
struct BitmapFileHeaderTests {
    @Test func anIconWhoseFirstEntryLiesPast64KiBIsSizedFromIt() throws {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        // Entry 1's data (100,000 filler bytes) comes first; entry 0, a 2 × 2 32-bit DIB, after it.
        let filler = [UInt8](repeating: 0, count: 100_000)
        var dib = u32(40) + u32(2) + u32(4) + u16(1) + u16(32) + u32(0) + u32(16) + u32(0) + u32(0) + u32(0) + u32(0)
        dib += [UInt8](repeating: 200, count: 16) + [UInt8](repeating: 0, count: 8)  // colour rows, then the mask
        let directoryEnd = 6 + 2 * 16
        var file = u16(0) + u16(1) + u16(2)
        file += [2, 2, 0, 0] + u16(1) + u16(32) + u32(dib.count) + u32(directoryEnd + filler.count)
        file += [0, 0, 0, 0] + u16(1) + u16(32) + u32(filler.count) + u32(directoryEnd)
        file += filler + dib
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-ico-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("far.ico")
        try Data(file).write(to: url)
        let header = try AssetFile.header(url, shownAs: "far.ico")
        #expect(header.width == 2 && header.height == 2)
        let decoded = try AssetFile.decode(url, shownAs: "far.ico")
        #expect(decoded.image.width == 2 && decoded.image.pixels[3] == 200)
    }
}

/// Formats are told apart by content, whatever the extension: a GIF named `.jpg` is a GIF (the
/// review of 2026-11-29 found it refused as "not a JPEG file").
struct MisnamedBitmapTests {
    @Test func aGIFNamedJPGIsReadAsAGIF() throws {
        // A 1 × 1 GIF: a two-colour global table, one image of index 1 (red).
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 0, 0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("photo.jpg")
        try Data(gif).write(to: url)
        let header = try AssetFile.header(url, shownAs: "photo.jpg")
        #expect(header.width == 1 && header.height == 1)
        let decoded = try AssetFile.decode(url, shownAs: "photo.jpg")
        #expect(Array(decoded.image.pixels) == [255, 0, 0, 255])
    }

    @Test func aPhotoshopFileNamedPNGInAnImageSetIsReadAsPhotoshop() throws {
        // VLC's `playNextInQueue` (issue 27): a 2x file named .png that Photoshop wrote. Here a
        // 2 × 1 RGB composite with transparency (an Mtrn block): red, then blue at alpha 102
        // stored over white as (153, 153, 255); shown without the white (docs/FORMATS.md §PSD).
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }
        var psd =
            Array("8BPS".utf8) + u16(1) + [UInt8](repeating: 0, count: 6) + u16(4) + u32(1) + u32(2) + u16(8) + u16(3)
        psd += u32(0) + u32(0)  // no colour mode data, no resources
        psd += u32(20) + u32(0) + u32(0) + Array("8BIMMtrn".utf8) + u32(0)  // no layers, no mask, Mtrn
        psd += u16(0) + [255, 153] + [0, 153] + [0, 255] + [255, 102]  // raw planes R, G, B, A
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-psd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let set = root.appendingPathComponent("Cat.xcassets/Next.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(psd).write(to: set.appendingPathComponent("next@2x.png"))
        try Data(
            """
            { "images" : [ { "filename" : "next@2x.png", "idiom" : "universal", "scale" : "2x" } ], "info" : { "author" : "xcode", "version" : 1 } }
            """.utf8
        ).write(to: set.appendingPathComponent("Contents.json"))
        let header = try AssetFile.header(set.appendingPathComponent("next@2x.png"), shownAs: "next@2x.png")
        #expect(header.width == 2 && header.height == 1)
        let scenario = """
            { "canvas": { "size": [10, 10] }, "assetCatalogs": ["Cat.xcassets"], "images": { "n": { "named": "Next" } }, "root": { "subviews": [] } }
            """
        let loaded = try ScenarioLoader.parse(
            Array(scenario.utf8), folder: root, displayName: "case.json", name: "case")
        let image = loaded.images[0].resolved(for: AssetLookupTests.traits(scale: 2))
        #expect(image.source == "Cat.xcassets/Next.imageset/next@2x.png")
        #expect(
            image.pixels.bitmap.pixels.map { PremultipliedColor(packed: $0) } == [
                PremultipliedColor(straightR: 255, g: 0, b: 0, a: 255),
                PremultipliedColor(straightR: 0, g: 0, b: 255, a: 102)
            ])
    }
}
