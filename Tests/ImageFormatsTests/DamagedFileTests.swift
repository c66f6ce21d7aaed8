import ImageFormats
import PNGCodec
import TestSupport
import Testing

// Every fixture cut at every length and corrupted by seeded mutations: each attempt decodes to an
// image of the size its headers give, or throws an error that names the format; none may trap.

struct DamagedFileTests {
    static let fixture = Fixture()
    static let files: [String] = ["gif", "bmp", "ico", "tiff", "webp"].flatMap { folder in
        ["gif", "bmp", "ico", "cur", "tif", "webp"].flatMap { fixture.files(in: folder, withExtension: $0) }.map {
            folder + "/" + $0
        }
    }
    static let limits = ImageFormatLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)

    /// Decodes `bytes` when they sniff as a format; checks what comes out.
    static func attempt(_ bytes: [UInt8], _ context: String) {
        guard let format = BitmapFormat(sniffing: bytes) else { return }
        do {
            let decoded = try format.decode(bytes, limits: limits).image
            #expect(decoded.pixels.count == decoded.width * decoded.height * 4, "\(context)")
            if let size = try? format.size(bytes, limits: limits) {
                #expect(size.width == decoded.width && size.height == decoded.height, "\(context): header size")
            }
        } catch {
            let names = ["GIF", "BMP", "ICO", "CUR", "TIFF", "WebP"]
            #expect(names.contains(error.format), "\(context): \(error)")
            #expect(error.description.count < 400, "\(context): a message of \(error.description.count) characters")
        }
    }

    @Test func everyFormatHasFixtures() {
        for ext in ["gif", "bmp", "ico", "cur", "tif", "webp"] {
            #expect(Self.files.contains { $0.hasSuffix("." + ext) })
        }
    }

    @Test(arguments: files) func everyPrefixDecodesOrThrows(_ name: String) throws {
        let bytes = try Self.fixture.data(name)
        // Every length of a small file; about 3,000 evenly spread lengths of a larger one.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 3000)) {
            Self.attempt(Array(bytes.prefix(length)), "\(name) cut at \(length)")
        }
    }

    @Test(arguments: files) func corruptionsDecodeOrThrow(_ name: String) throws {
        let bytes = try Self.fixture.data(name)
        let seed = UInt64(bytes.count)
        var generator = SeededGenerator(seed: seed)
        for corruption in 0..<300 {
            // A failure names what reproduces it: SeededGenerator(seed:), then that many corruptions.
            Self.attempt(
                generator.corrupted(bytes, special: [0x00, 0xFF, 0x2C, 0x21, 0x80, 0x7F]),
                "\(name): seed \(seed), corruption \(corruption)")
        }
    }
}
