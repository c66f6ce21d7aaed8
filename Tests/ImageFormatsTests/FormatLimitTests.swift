import Foundation
import TestSupport
import ImageFormats
import Testing

// Files that declare more than the limits, or would make a small file do unbounded work, are
// refused from their headers before anything that size is made (docs/LIMITS.md §Image files).

struct FormatLimitTests {
    let limits = ImageFormatLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)

    /// A GIF of one image descriptor, no colour table, and `data` as its LZW data.
    func gif(screen: (Int, Int), frame: (Int, Int), data: [UInt8]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
        var bytes = Array("GIF89a".utf8) + u16(screen.0) + u16(screen.1) + [0, 0, 0]
        bytes += [0x2C] + u16(0) + u16(0) + u16(frame.0) + u16(frame.1) + [0, 8]
        var rest = data[...]
        while !rest.isEmpty {
            let block = rest.prefix(255)
            bytes += [UInt8(block.count)] + block
            rest = rest.dropFirst(block.count)
        }
        return bytes + [0, 0x3B]
    }

    @Test func aGIFFrameLargerThanTheLimitsIsRefusedBeforeItsDataIsDecoded() {
        // A 1-pixel screen with a 65,535² frame: its data could name billions of indices.
        let bytes = gif(screen: (1, 1), frame: (65535, 65535), data: [UInt8](repeating: 0xFF, count: 10_000))
        #expect(throws: ImageFormatError.self) { try GIFDecoder(limits: limits).decode(bytes) }
        do {
            _ = try GIFDecoder(limits: limits).decode(bytes)
        } catch {
            #expect(error.kind == .exceedsLimits && error.message.contains("over the limits"), "\(error)")
        }
    }

    @Test func aGIFWhoseDataStopsEarlyShowsWhatItHas() throws {
        // Eight indices of a 4 × 4 frame (codes 9 bits wide: clear, 8 literals, end), 8-bit minimum.
        var codes: [Int] = [256] + (0..<8).map { $0 * 20 } + [257]
        codes.removeLast()  // no end code either: the data just stops
        var bits = 0, count = 0
        var data: [UInt8] = []
        for code in codes {
            bits |= code << count
            count += 9
            while count >= 8 {
                data.append(UInt8(bits & 255))
                bits >>= 8
                count -= 8
            }
        }
        if count > 0 { data.append(UInt8(bits)) }
        let image = try GIFDecoder(limits: limits).decode(gif(screen: (4, 4), frame: (4, 4), data: data))
        #expect(image.width == 4 && image.height == 4)
        // No colour table: the grey ramp; the first two rows drawn, the rest transparent.
        #expect(image[1, 0] == (20, 20, 20, 255))
        #expect(image[3, 1] == (140, 140, 140, 255))
        #expect(image[0, 2].a == 0 && image[3, 3].a == 0)
    }

    /// A little-endian TIFF of the given directory entries (tag, type 3 or 4, values).
    func tiff(_ entries: [(Int, Int, [Int])]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        var bytes: [UInt8] = [0x49, 0x49, 42, 0] + u32(8) + u16(entries.count)
        var extra: [UInt8] = []
        let extraStart = 8 + 2 + entries.count * 12 + 4
        for (tag, type, values) in entries {
            let packed = values.flatMap { type == 3 ? u16($0) : u32($0) }
            bytes += u16(tag) + u16(type) + u32(values.count)
            if packed.count <= 4 {
                bytes += packed + [UInt8](repeating: 0, count: 4 - packed.count)
            } else {
                bytes += u32(extraStart + extra.count)
                extra += packed
            }
        }
        return bytes + [0, 0, 0, 0] + extra
    }

    @Test func tiffsOfTooManyStripsOrHugeTilesAreRefusedFromTheDirectory() {
        let strips = tiff([
            (256, 4, [2048]), (257, 4, [2048]), (258, 3, [1]), (262, 3, [1]), (273, 4, [8]), (278, 4, [1]),
            (322, 3, [1]), (323, 3, [1])
        ])
        do {
            _ = try TIFFDecoder(limits: limits).decode(strips)
            Issue.record("4 Mi tiles of one pixel decoded")
        } catch {
            #expect(error.kind == .exceedsLimits && error.message.contains("strips or tiles"), "\(error)")
        }
        let wide = tiff([
            (256, 4, [4]), (257, 4, [4]), (258, 3, [8]), (262, 3, [1]), (277, 3, [1]), (322, 4, [65536]),
            (323, 4, [65536]), (324, 4, [8])
        ])
        do {
            _ = try TIFFDecoder(limits: limits).decode(wide)
            Issue.record("a 65,536² tile decoded")
        } catch {
            #expect(error.kind == .exceedsLimits, "\(error)")
        }
    }

    @Test func bmpAndIconSizesAreCheckedBeforeTheirRowsAreRead() {
        var bmp: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 12)
        func i32(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        bmp += i32(40) + i32(100_000) + i32(-100_000) + [1, 0, 24, 0] + [UInt8](repeating: 0, count: 24)
        do {
            _ = try BMPDecoder(limits: limits).decode(bmp)
            Issue.record("a 100,000² BMP decoded")
        } catch {
            #expect(error.kind == .exceedsLimits, "\(error)")
        }
    }
}

// Attack round 9 (docs/RELIABILITY.md): TIFF chunks whose work was not bounded together, and a
// message that quoted a 65,535-value tag.
struct TIFFWorkTests {
    let limits = ImageFormatLimits(maxWidth: 65536, maxHeight: 65536, maxPixels: 1 << 24)

    @Test func tallTilesDecodeOnlyTheRowsInsideTheImage() throws {
        // An 8192 × 1 image of 16 16-bit samples in 64 × 65,536 tiles: 128 tiles of 128 MiB
        // each were zero-filled and predicted in full (16 GiB, 21 s); only row 0 of each is read.
        let t = FormatLimitTests()
        let bytes = t.tiff([
            (256, 4, [8192]), (257, 4, [1]), (258, 3, [Int](repeating: 16, count: 16)), (259, 3, [1]), (262, 3, [1]),
            (277, 3, [16]), (317, 3, [2]), (322, 4, [64]), (323, 4, [65536]),
            (324, 4, [Int](repeating: 8, count: 128)), (325, 4, [Int](repeating: 0, count: 128))
        ])
        let image = try TIFFDecoder(limits: limits).decode(bytes).image
        #expect(image.width == 8192 && image.height == 1)
    }

    @Test func manyTinyChunksAreRefusedBeforeTheirOffsetsAreRead() {
        // 2^21 one-pixel tiles: each set up an inflater (about 100 µs) before the budget.
        let t = FormatLimitTests()
        let bytes = t.tiff([
            (256, 4, [2048]), (257, 4, [1024]), (258, 3, [8]), (259, 3, [8]), (262, 3, [1]), (322, 4, [1]),
            (323, 4, [1]), (324, 4, [8]), (325, 4, [8])
        ])
        do {
            _ = try TIFFDecoder(limits: limits).decode(bytes)
            Issue.record("2 Mi tiles decoded")
        } catch {
            #expect(error.kind == .exceedsLimits && error.message.contains("2097152 chunks"), "\(error)")
        }
    }

    @Test func aHugeSampleCountIsRefusedWithoutQuotingItsBitsPerSample() {
        let t = FormatLimitTests()
        let bytes = t.tiff([
            (256, 4, [4]), (257, 4, [4]), (258, 3, [Int](repeating: 8, count: 3000) + [16]), (262, 3, [1]),
            (277, 3, [3001])
        ])
        do {
            _ = try TIFFDecoder(limits: limits).decode(bytes)
            Issue.record("decoded")
        } catch {
            #expect(error.description.count < 200 && error.message.contains("1 to 16"), "\(error)")
        }
    }
}

// The review of 2026-11-29: what each reader does with data it lacks, as docs/FORMATS.md says.
struct MissingDataTests {
    let limits = ImageFormatLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)

    @Test func aTIFFStripPastTheEndDecodesAsZeros() throws {
        // WhiteIsZero, 8 bits, one strip whose offset lies past the end: zeros are white.
        let bytes = FormatLimitTests().tiff([
            (256, 3, [2]), (257, 3, [2]), (258, 3, [8]), (259, 3, [1]), (262, 3, [0]), (273, 4, [100_000]),
            (279, 4, [4])
        ])
        let image = try TIFFDecoder(limits: limits).decode(bytes).image
        #expect(image.pixels == [UInt8](repeating: 255, count: 16))
    }

    @Test func aBMPLiteralCutByTheEndOfTheFileEndsTheImage() throws {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let palette: [UInt8] = [0, 0, 0, 0, 0, 0, 255, 0]  // index 0 black, 1 red
        let dib = u32(40) + u32(4) + u32(1) + u16(1) + u16(8) + u32(1) + u32(0) + u32(0) + u32(0) + u32(2) + u32(0)
        let rle: [UInt8] = [0, 4, 1, 1]  // a literal of 4 with 2 of its bytes
        let offset = 14 + dib.count + palette.count
        let bytes = Array("BM".utf8) + u32(offset + rle.count) + u32(0) + u32(offset) + dib + palette + rle
        let image = try BMPDecoder(limits: limits).decode(bytes)
        #expect(image.width == 4 && image[3, 0] == (0, 0, 0, 255))
    }

    @Test func aWebPWhoseCanvasIsNotItsImagesSizeIsRefused() throws {
        var bytes = try Fixture().data("webp/extended-with-exif.webp")
        let at = try #require((12..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == Array("VP8X".utf8) })
        bytes[at + 12] &+= 1  // the canvas width less one, low byte
        do {
            _ = try WebPDecoder(limits: limits).decode(bytes)
            Issue.record("decoded")
        } catch {
            #expect(error.kind == .corrupt && error.message.contains("VP8X canvas"), "\(error)")
        }
    }
}
