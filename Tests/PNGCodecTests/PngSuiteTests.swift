import Deflate
import Testing
import TestSupport
@testable import PNGCodec

private let fixture = Fixture()

/// The PngSuite conformance images: every valid file decodes to the RGBA recorded in the manifest
/// (made with an independent decoder, see Tools/fixtures/make_pngsuite_manifest.py); every
/// invalid file fails with its own error.
@Suite struct PngSuiteTests {
    struct Expected: Sendable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let crc: UInt32
        var description: String { file }
    }

    static let valid: [Expected] = {
        guard let manifest = try? fixture.text("pngsuite/manifest.txt") else { return [] }
        return manifest.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard !line.hasPrefix("#"), f.count == 4, let w = Int(f[1]), let h = Int(f[2]),
                let crc = UInt32(f[3], radix: 16)
            else { return nil }
            return Expected(file: String(f[0]), width: w, height: h, crc: crc)
        }
    }()

    @Test func manifestCoversEveryValidFile() {
        #expect(Self.valid.count == 161)
        #expect(Self.valid.map(\.file) == fixture.files(in: "pngsuite/valid", withExtension: "png"))
    }

    /// Whether a file declares transparency, read from PngSuite's own naming (an independent
    /// reading of the header): the fifth character is the colour type (4 and 6 carry alpha), and
    /// the files whose names start with "t" have a tRNS chunk, but for the "tp0" group, "not
    /// transparent for reference". The pixels do not decide: basn6a08's colour type 6 declares
    /// alpha whatever its values.
    @Test func declaredAlphaFollowsColourTypeAndTRNS() throws {
        var declaring = 0
        for expected in Self.valid {
            let name = Array(expected.file)
            let expectedAlpha = "46".contains(name[4]) || (name[0] == "t" && !expected.file.hasPrefix("tp0"))
            let decoded = try PNGDecoder().decodeWithDetails(try fixture.data("pngsuite/valid/" + expected.file))
            #expect(decoded.hasAlpha == expectedAlpha, "\(expected.file)")
            let alphas = stride(from: 3, to: decoded.image.pixels.count, by: 4).map { decoded.image.pixels[$0] }
            #expect(decoded.hasAlpha || alphas.allSatisfy { $0 == 255 }, "\(expected.file): declared opaque")
            if decoded.hasAlpha { declaring += 1 }
        }
        #expect(declaring > 20 && declaring < 140)
    }

    @Test(arguments: valid)
    func decodesValidFile(_ expected: Expected) throws {
        let image = try PNGDecoder().decode(try fixture.data("pngsuite/valid/" + expected.file))
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(CRC32.checksum(image.pixels) == expected.crc)
    }

    static let invalid: [(String, PNGError)] = [
        ("xs1n0g01.png", .chunk(.signatureMismatch(byte: 0, found: 0x09, expected: 0x89))),
        ("xs2n0g01.png", .chunk(.signatureMismatch(byte: 1, found: 0x51, expected: 0x50))),
        ("xs4n0g01.png", .chunk(.signatureMismatch(byte: 3, found: 0x67, expected: 0x47))),
        ("xs7n0g01.png", .chunk(.signatureMismatch(byte: 6, found: 0x20, expected: 0x1A))),
        ("xcrn0g04.png", .chunk(.lineEndingsConverted(signature: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x1A, 0x0D]))),
        ("xlfn0g04.png", .chunk(.lineEndingsConverted(signature: [0x89, 0x50, 0x4E, 0x47, 0x0A, 0x0A, 0x1A, 0x0A]))),
        ("xc1n0g08.png", .format(.invalidColorType(ChunkLocation("IHDR", offset: 8), colorType: 1))),
        ("xc9n2c08.png", .format(.invalidColorType(ChunkLocation("IHDR", offset: 8), colorType: 9))),
        ("xd0n2c08.png", .format(.invalidBitDepth(ChunkLocation("IHDR", offset: 8), bitDepth: 0, colorType: 2))),
        ("xd3n2c08.png", .format(.invalidBitDepth(ChunkLocation("IHDR", offset: 8), bitDepth: 3, colorType: 2))),
        ("xd9n2c08.png", .format(.invalidBitDepth(ChunkLocation("IHDR", offset: 8), bitDepth: 99, colorType: 2))),
        ("xdtn0g01.png", .format(.missingImageData(ChunkLocation("IEND", offset: 49)))),
        (
            "xhdn0g08.png",
            .chunk(.crcMismatch(ChunkLocation("IHDR", offset: 8), declared: 0x4353_554D, computed: 0x5611_2528))
        ),
        (
            "xcsn0g01.png",
            .chunk(.crcMismatch(ChunkLocation("IDAT", offset: 49), declared: 0x4353_554D, computed: 0xD02F_14C9))
        )
    ]

    @Test func everyInvalidFileHasAnExpectation() {
        #expect(Self.invalid.map(\.0).sorted() == fixture.files(in: "pngsuite/invalid", withExtension: "png"))
    }

    @Test(arguments: invalid)
    func rejectsInvalidFile(_ file: String, _ expected: PNGError) throws {
        let bytes = try fixture.data("pngsuite/invalid/" + file)
        #expect(throws: expected) { try PNGDecoder().decode(bytes) }
    }

    @Test func messagesNameTheChunkAndOffset() throws {
        let bytes = try fixture.data("pngsuite/invalid/xcsn0g01.png")
        do {
            _ = try PNGDecoder().decode(bytes)
            Issue.record("decoded a file with a bad IDAT CRC")
        } catch {
            #expect(error.description == "IDAT at offset 49: CRC mismatch (declared 0x4353554D, computed 0xD02F14C9)")
        }
    }
}
