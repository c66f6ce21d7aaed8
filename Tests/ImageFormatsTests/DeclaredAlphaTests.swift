import Foundation
import ImageFormats
import TestSupport
import Testing

/// Whether each format declares an alpha channel (docs/FORMATS.md, RENDERING.md §11.8.1: it decides
/// whether an image is halved before it is drawn much smaller), whatever the pixels.
struct DeclaredAlphaTests {
    static let fixture = Fixture()
    static let limits = ImageFormatLimits(maxWidth: 8192, maxHeight: 8192, maxPixels: 1 << 24)

    /// The fixtures Pillow 13.0 opens with `has_transparency_data` true: its reading of the same
    /// headers, made outside ivsim.
    static let pillowTransparent: Set<String> = [
        "gif/transparent.gif", "bmp/bgra-v4.bmp", "bmp/bgra-v5.bmp", "bmp/top-down.bmp", "ico/png-entry.ico",
        "ico/bmp-entry.ico", "ico/dib24-and-mask.ico", "ico/dib8-and-mask.ico", "ico/first-of-two.ico",
        "ico/cursor.cur", "tiff/rgba-unassociated.tif", "tiff/rgba-associated.tif", "tiff/rgba-no-extra-samples.tif",
        "webp/rgba-exact.webp", "webp/lossy-alpha-aq100.webp", "webp/lossy-alpha-aq50.webp",
        "psd/rgba-layer-count-negative.psd", "psd/rgba-merged-transparency.psd",
        "psd/rgb-alpha-channel-not-transparency.psd", "psd/rgb-layers-positive.psd", "psd/rgba-unmarked.psd"
    ]

    /// Where ivsim's rule differs from Pillow's reading, on purpose (the fixture manifest's notes
    /// give each rule): a GIF frame that leaves the screen uncovered, and Photoshop's
    /// transparency channel chosen by docs/FORMATS.md §PSD (Pillow takes any fourth channel).
    static let byRule: [String: Bool] = [
        "gif/offset-frame.gif": true, "psd/rgba-alpha-identifiers.psd": true,
        "psd/rgb-alpha-channel-not-transparency.psd": false, "psd/rgb-layers-positive.psd": false,
        "psd/rgba-large-document.psb": true, "psd/grey-alpha.psd": true, "psd/indexed-transparent-index.psd": true
    ]

    @Test func everyDecodableFixtureAsPillowReadsItOrByRule() throws {
        let files = FormatFixtureTests.cases.filter { $0.source != "refuse" }.map(\.file)
        #expect(files.count >= 80)
        for file in files where file != "bmp/palette2.bmp" {  // 2-bit BMP: Pillow does not open it
            let bytes = try Self.fixture.data(file)
            let format = try #require(BitmapFormat(sniffing: bytes))
            let decoded = try format.decode(bytes, limits: Self.limits)
            let expected = Self.byRule[file] ?? Self.pillowTransparent.contains(file)
            #expect(decoded.hasAlpha == expected, "\(file)")
            // Declared opaque: every pixel is (halving and colour keying rely on it).
            let alphas = stride(from: 3, to: decoded.image.pixels.count, by: 4).map { decoded.image.pixels[$0] }
            #expect(decoded.hasAlpha || alphas.allSatisfy { $0 == 255 }, "\(file)")
        }
    }

    /// A BMP V4 header with an alpha mask declares alpha even when every alpha is 255; the same
    /// pixels under a 40-byte BI_RGB header (no mask) do not.
    @Test func aBMPAlphaMaskDeclaresAlphaWhateverTheValues() throws {
        func bmp(alphaMask: Bool) -> [UInt8] {
            let headerSize = alphaMask ? 108 : 40, pixels = 4 * 2 * 2
            var b: [UInt8] = Array("BM".utf8)
            func u32(_ v: Int) { b += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
            func u16(_ v: Int) { b += [UInt8(v & 0xFF), UInt8(v >> 8)] }
            u32(14 + headerSize + pixels)
            u32(0)
            u32(14 + headerSize)
            u32(headerSize)
            u32(2)
            u32(2)
            u16(1)
            u16(32)
            u32(alphaMask ? 3 : 0)  // BI_BITFIELDS with masks, else BI_RGB
            u32(pixels)
            u32(2835)
            u32(2835)
            u32(0)
            u32(0)
            if alphaMask {
                u32(0x00FF_0000)
                u32(0x0000_FF00)
                u32(0x0000_00FF)
                u32(Int(0xFF00_0000))
                b += [UInt8](repeating: 0, count: headerSize - 56)
            }
            for _ in 0..<4 { b += [0x40, 0x80, 0xC0, 0xFF] }  // blue, green, red, alpha 255
            return b
        }
        for masked in [true, false] {
            let decoded = try BitmapFormat.bmp.decode(bmp(alphaMask: masked), limits: Self.limits)
            #expect(decoded.hasAlpha == masked)
            #expect(decoded.image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        }
    }

    /// A GIF whose graphic control extension names a transparent index that no pixel uses still
    /// declares transparency; the file without the extension does not.
    @Test func aGIFTransparentIndexDeclaresAlphaWhateverThePixels() throws {
        let plain = try Self.fixture.data("gif/palette-2.gif")
        let flags = plain[10]
        let tableEnd = 13 + (flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0)
        try #require(plain[tableEnd] == 0x2C, "the image descriptor follows the global table")
        let extensionBlock: [UInt8] = [0x21, 0xF9, 4, 0x01, 0, 0, 0xFE, 0]  // transparent index 254: unused
        let marked = Array(plain[..<tableEnd]) + extensionBlock + Array(plain[tableEnd...])
        let before = try BitmapFormat.gif.decode(plain, limits: Self.limits)
        let after = try BitmapFormat.gif.decode(marked, limits: Self.limits)
        #expect(!before.hasAlpha && after.hasAlpha)
        #expect(before.image == after.image)
    }

    /// A lossless WebP whose header's alpha_is_used bit is clear shows every pixel opaque, its
    /// colours as stored (Pillow reads such a file as RGB): the bit cleared in a fixture whose
    /// pixels are translucent.
    @Test func aWebPWithoutTheAlphaBitIsOpaque() throws {
        var bytes = try Self.fixture.data("webp/rgba-exact.webp")
        let withAlpha = try BitmapFormat.webp.decode(bytes, limits: Self.limits)
        try #require(Array(bytes[12..<16]) == Array("VP8L".utf8) && bytes[24] & 0x10 != 0 && withAlpha.hasAlpha)
        bytes[24] &= ~0x10
        let opaque = try BitmapFormat.webp.decode(bytes, limits: Self.limits)
        #expect(!opaque.hasAlpha)
        let a = withAlpha.image.pixels, b = opaque.image.pixels
        #expect(stride(from: 3, to: a.count, by: 4).contains { a[$0] < 255 })
        #expect(
            stride(from: 0, to: b.count, by: 4).allSatisfy { b[$0 + 3] == 255 && b[$0..<($0 + 3)] == a[$0..<($0 + 3)] })
    }

    /// A GIF whose data ends before its frame does leaves the rest transparent, so it declares
    /// transparency even without a transparent index.
    @Test func aTruncatedGIFDeclaresAlpha() throws {
        let decoded = try BitmapFormat.gif.decode(try Self.fixture.data("gif/truncated.gif"), limits: Self.limits)
        let pixels = decoded.image.pixels
        #expect(stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] == 0 })
        #expect(decoded.hasAlpha)
    }
}
