import Deflate
import Testing
@testable import PNGCodec

/// The iCCP chunk (docs/PNG.md §Colour profiles): its profile read when the chunk keeps the PNG
/// specification's rules, ignored and reported (pixels unchanged) when it breaks one.
@Suite struct ColorProfileChunkTests {
    /// A colour image (many colours: the encoder keeps it RGB) and a greyscale one.
    static let colour: RGBAImage = {
        var pixels: [UInt8] = []
        for i in 0..<256 { pixels += [UInt8(i), UInt8(255 - i), UInt8(i * 7 % 256), 255] }
        return RGBAImage(width: 16, height: 16, pixels: pixels)
    }()
    static let grey: RGBAImage = {
        var pixels: [UInt8] = []
        for i in 0..<256 { pixels += [UInt8(i), UInt8(i), UInt8(i), 255] }
        return RGBAImage(width: 16, height: 16, pixels: pixels)
    }()

    /// A minimal profile header for data colour space `space` ('RGB ' or 'GRAY'), `size` bytes.
    static func profile(space: String, size: Int = 200) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes[0..<4] = [UInt8(size >> 24), UInt8((size >> 16) & 255), UInt8((size >> 8) & 255), UInt8(size & 255)]
        bytes[16..<20] = ArraySlice(Array(space.utf8))
        bytes[20..<24] = ArraySlice(Array("XYZ ".utf8))
        bytes[36..<40] = ArraySlice(Array("acsp".utf8))
        for i in 132..<size { bytes[i] = UInt8(i % 251) }
        return bytes
    }

    /// An iCCP chunk's data: the name, a NUL, the compression method, the profile compressed.
    static func data(_ profile: [UInt8], name: String = "Test profile", method: UInt8 = 0) -> [UInt8] {
        Array(name.utf8) + [0, method] + Deflater.compress(profile, format: .zlib)
    }

    /// `png` with a chunk inserted at `offset` (33: just after IHDR), its CRC computed.
    static func inserting(_ type: String, _ data: [UInt8], into png: [UInt8], at offset: Int = 33) -> [UInt8] {
        let length = data.count
        let body = Array(type.utf8) + data
        let crc = CRC32.checksum(body)
        let chunk =
            [UInt8(length >> 24), UInt8((length >> 16) & 255), UInt8((length >> 8) & 255), UInt8(length & 255)] + body
            + [UInt8(crc >> 24), UInt8((crc >> 16) & 255), UInt8((crc >> 8) & 255), UInt8(crc & 255)]
        var file = png
        file.insert(contentsOf: chunk, at: offset)
        return file
    }

    /// Four colours scattered over 64 × 64 pixels: the encoder writes a palette image (PLTE).
    static let palette: RGBAImage = {
        let colours: [[UInt8]] = [[0, 0, 0, 255], [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]
        var pixels: [UInt8] = []
        for i in 0..<4096 { pixels += colours[(i &* 2_654_435_761) >> 7 & 3] }
        return RGBAImage(width: 64, height: 64, pixels: pixels)
    }()

    @Test func aProfileBeforePLTEAndIDATIsRead() throws {
        for (image, space) in [(Self.colour, "RGB "), (Self.grey, "GRAY")] {
            let plain = PNGEncoder().encode(image)
            let profile = Self.profile(space: space)
            let decoded = try PNGDecoder().decodeWithDetails(Self.inserting("iCCP", Self.data(profile), into: plain))
            #expect(decoded.colorProfile == profile)
            #expect(decoded.problems.isEmpty, "\(decoded.problems)")
            #expect(decoded.ignoredColorProfile == nil)
            #expect(decoded.image.pixels == image.pixels)
            #expect(try PNGDecoder().decodeWithDetails(plain).colorProfile == nil)
        }
        // A palette image takes an RGB profile (before PLTE); a name of 79 bytes is allowed.
        let indexed = PNGEncoder().encode(Self.palette)
        try #require(try PNGDecoder().decodeWithDetails(indexed).header.colorType == .indexed)
        let rgb = Self.profile(space: "RGB ")
        let named = Self.inserting("iCCP", Self.data(rgb, name: String(repeating: "n", count: 79)), into: indexed)
        #expect(try PNGDecoder().decodeWithDetails(named).colorProfile == rgb)
        // Not asked for (`decode`, or an icon's PNG entry): the chunk is not inflated.
        let tagged = Self.inserting("iCCP", Self.data(rgb), into: PNGEncoder().encode(Self.colour))
        let unread = try PNGDecoder().decodeWithDetails(tagged, readingColorProfile: false)
        #expect(unread.colorProfile == nil && unread.problems.isEmpty)
        #expect(try PNGDecoder().decode(tagged).pixels == Self.colour.pixels)
    }

    /// The profile is as long as its header says: bytes after it are cut off (and noted), a
    /// profile shorter than its header makes the chunk ignored.
    @Test func theProfileIsAsLongAsItsHeaderSays() throws {
        let plain = PNGEncoder().encode(Self.colour)
        let rgb = Self.profile(space: "RGB ")
        let padded = try PNGDecoder().decodeWithDetails(
            Self.inserting("iCCP", Self.data(rgb + [1, 2, 3]), into: plain))
        #expect(padded.colorProfile == rgb)
        #expect(padded.problems.contains { $0.contains("3 bytes after the 200-byte profile ignored") })
        let cut = try PNGDecoder().decodeWithDetails(
            Self.inserting("iCCP", Self.data(Array(rgb.prefix(150))), into: plain))
        #expect(cut.colorProfile == nil)
        #expect(cut.problems.contains { $0.contains("says it is 200 bytes long, with 150 inflated") })
    }

    /// Each broken rule: the chunk is ignored, a problem names it, the pixels are the file's.
    @Test func aChunkBreakingARuleIsIgnoredAndReported() throws {
        let plain = PNGEncoder().encode(Self.colour)
        let rgb = Self.profile(space: "RGB ")
        let iend = plain.count - 12
        var notICC = rgb
        notICC[36] = UInt8(ascii: "x")
        let indexed = PNGEncoder().encode(Self.palette)
        let afterPalette =
            try #require(
                (8..<(indexed.count - 8)).first { Array(indexed[$0..<($0 + 4)]) == Array("IDAT".utf8) }) - 4
        let cases: [(String, [UInt8], String)] = [
            ("after IDAT", Self.inserting("iCCP", Self.data(rgb), into: plain, at: iend), "after PLTE or IDAT"),
            (
                "after PLTE", Self.inserting("iCCP", Self.data(rgb), into: indexed, at: afterPalette),
                "after PLTE or IDAT"
            ),
            ("no name", Self.inserting("iCCP", Self.data(rgb, name: ""), into: plain), "profile name"),
            (
                "name of 80 bytes",
                Self.inserting("iCCP", Self.data(rgb, name: String(repeating: "n", count: 80)), into: plain),
                "profile name"
            ),
            ("method 1", Self.inserting("iCCP", Self.data(rgb, method: 1), into: plain), "compression method"),
            (
                "not zlib", Self.inserting("iCCP", Array("name".utf8) + [0, 0, 1, 2, 3, 4], into: plain),
                "does not inflate"
            ),
            ("not a profile", Self.inserting("iCCP", Self.data(notICC), into: plain), "not an ICC profile"),
            ("too short", Self.inserting("iCCP", Self.data(Array(rgb.prefix(100))), into: plain), "not an ICC profile"),
            (
                "grey profile, colour image",
                Self.inserting("iCCP", Self.data(Self.profile(space: "GRAY")), into: plain),
                "'GRAY' in a colour image"
            ),
            // 16 MiB and one byte of zeros: a few kilobytes compressed, refused as it inflates.
            (
                "over 16 MiB",
                Self.inserting("iCCP", Self.data(rgb + [UInt8](repeating: 0, count: (1 << 24) - 199)), into: plain),
                "does not inflate"
            )
        ]
        for (what, file, reason) in cases {
            let decoded = try PNGDecoder().decodeWithDetails(file)
            #expect(decoded.colorProfile == nil, "\(what)")
            #expect(
                decoded.problems.contains { $0.contains("iCCP") && $0.contains(reason) }, "\(what): \(decoded.problems)"
            )
            // The reason is also given on its own (a catalog warns with it).
            #expect(decoded.ignoredColorProfile?.contains(reason) == true, "\(what)")
            #expect(decoded.problems.contains { $0 == decoded.ignoredColorProfile }, "\(what)")
            #expect(try PNGDecoder().decodeWithDetails(file, readingColorProfile: false).ignoredColorProfile == nil)
            let image = what == "after PLTE" ? Self.palette : Self.colour
            #expect(decoded.image.pixels == image.pixels, "\(what)")
        }
        // A second chunk is ignored; the first is kept.
        let other = Self.profile(space: "RGB ", size: 300)
        let twice = Self.inserting("iCCP", Self.data(rgb), into: Self.inserting("iCCP", Self.data(other), into: plain))
        let decoded = try PNGDecoder().decodeWithDetails(twice)
        #expect(decoded.colorProfile == rgb)
        #expect(decoded.problems.contains { $0.contains("second iCCP ignored") })
        #expect(decoded.ignoredColorProfile == nil)
    }
}
