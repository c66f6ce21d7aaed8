import Deflate
import Testing
import TestSupport
@testable import PNGCodec

private let fixture = Fixture()

/// Damaged files never crash, hang or read out of bounds: they give an error or the right image.
@Suite struct HostileInputTests {
    static let samples = [
        "basn0g01.png", "basi0g16.png", "basn2c16.png", "basi3p04.png", "basn4a08.png",
        "basn6a08.png", "basi6a16.png", "tbbn3p08.png", "s35i3p04.png", "z09n2c08.png"
    ]

    @Test(arguments: samples)
    func truncationAtEveryByteIsAnError(_ name: String) throws {
        let bytes = try fixture.data("pngsuite/valid/" + name)
        for length in 0..<bytes.count {
            #expect(throws: PNGError.self, "\(name) cut at \(length)") {
                try PNGDecoder().decode(Array(bytes[0..<length]))
            }
        }
    }

    @Test(arguments: samples)
    func everySingleByteFlipGivesAnErrorOrTheSameImage(_ name: String) throws {
        let bytes = try fixture.data("pngsuite/valid/" + name)
        let original = try PNGDecoder().decode(bytes)
        var damaged = bytes
        var unexpected = 0
        for index in 0..<bytes.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                damaged[index] = bytes[index] ^ flip
                if let image = try? PNGDecoder().decode(damaged), image != original {
                    unexpected += 1
                }
            }
            damaged[index] = bytes[index]
        }
        #expect(unexpected == 0, "\(name): \(unexpected) flips decoded to a different image")
    }

    /// Flips inside the image data with the CRC repaired reach the inflater and the unfiltering;
    /// any outcome is fine except a crash or a hang.
    @Test(arguments: samples)
    func damagedImageDataWithValidCRCs(_ name: String) throws {
        let bytes = try fixture.data("pngsuite/valid/" + name)
        let chunks = bytes.withUnsafeBytes { ChunkLexer.lex($0).chunks.map(\.chunk) }
        var random = SeededGenerator(seed: 0x1DA7)
        for chunk in chunks where chunk.type == .IDAT && !chunk.data.isEmpty {
            for _ in 0..<200 {
                var damaged = bytes
                let index = Int.random(in: chunk.data, using: &random)
                damaged[index] ^= UInt8.random(in: 1...255, using: &random)
                let crc = CRC32.checksum(damaged[(chunk.offset + 4)..<chunk.data.upperBound])
                damaged.replaceSubrange(
                    chunk.data.upperBound..<(chunk.data.upperBound + 4),
                    with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
                _ = try? PNGDecoder().decode(damaged)
            }
        }
    }

    @Test func limitsStopHugeImagesBeforeAllocating() throws {
        var bytes = try fixture.data("pngsuite/valid/basn0g08.png")
        // Declare 60000 × 60000 and repair the IHDR CRC: 3.6 G pixels.
        bytes.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        let crc = CRC32.checksum(bytes[12..<29])
        bytes.replaceSubrange(
            29..<33, with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
        #expect(
            throws: PNGError.format(
                .exceedsLimits(
                    ChunkLocation("IHDR", offset: 8), width: 60000, height: 60000,
                    reason: "3600000000 pixels > 67108864"))
        ) {
            try PNGDecoder().decode(bytes)
        }
        let small = PNGDecoder.Limits(maxWidth: 16, maxHeight: 16, maxPixels: 256, maxImageDataBytes: 1 << 20)
        #expect(throws: PNGError.self) {
            try PNGDecoder(limits: small).decode(try fixture.data("pngsuite/valid/basn0g08.png"))
        }
    }

    @Test func decompressionBombStopsAtTheDeclaredSize() throws {
        // 8 × 8 gray image whose IDAT inflates to 1 MiB of zeros.
        let bomb = Deflater.compress([UInt8](repeating: 0, count: 1 << 20))
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var writer = ChunkWriter()
        writer.write(.IHDR, [0, 0, 0, 8, 0, 0, 0, 8, 8, 0, 0, 0, 0])
        writer.write(.IDAT, bomb)
        writer.write(.IEND, [])
        file += writer.bytes
        #expect(throws: PNGError.data(.tooMuchImageData(ChunkLocation("IDAT", offset: 33), expected: 72))) {
            try PNGDecoder().decode(file)
        }
    }
}
