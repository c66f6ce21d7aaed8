import Foundation
import Testing
import TestSupport
@testable import JPEGCodec

/// Bad input never crashes: every prefix of files of each kind, and seeded corruptions of them
/// (bytes changed, inserted, removed; markers' lengths and table entries hit on purpose), decode
/// or throw a JPEGError with a message. The libFuzzer target Fuzz/Targets/jpeg.swift goes further.
@Suite struct RobustnessTests {
    static let files = [
        "baseline_420_q75.jpg", "progressive_420_q75.jpg", "progressive_444_rst_blocks7.jpg",
        "own_progressive_444_deep_sa.jpg", "own_progressive_gray_eobrun_120x90.jpg", "own_sampling_411_37x29.jpg",
        "restart_420_blocks3.jpg",
        "gray_progressive_q75.jpg", "icc_display_p3.jpg", "exif_orientation_6.jpg"
    ]

    static func data(_ name: String) -> [UInt8] { (try? Fixture().data("jpeg/\(name)")) ?? [] }

    /// Decodes, and says whether it threw; a crash fails the whole run.
    @discardableResult
    static func attempt(_ bytes: [UInt8], _ context: @autoclosure () -> String = "") -> Bool {
        do {
            let image = try JPEGDecoder(limits: .init(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)).decode(
                bytes)
            #expect(image.samples.count == image.width * image.height * image.channels, "\(context())")
            return false
        } catch {
            #expect(!error.message.isEmpty, "\(context())")
            return true
        }
    }

    @Test(arguments: files) func everyPrefixDecodesOrThrows(_ name: String) {
        let bytes = Self.data(name)
        #expect(bytes.count > 100, "fixture \(name)")
        var refused = 0
        for length in 0..<bytes.count where Self.attempt(Array(bytes.prefix(length))) { refused += 1 }
        // Everything shorter than the last scan's data is refused (a sequential file may lose its EOI).
        #expect(refused >= bytes.count - 3)
    }

    @Test(arguments: files) func corruptionsDecodeOrThrow(_ name: String) {
        let bytes = Self.data(name)
        let seed = UInt64(bytes.count)
        var generator = SeededGenerator(seed: seed)
        for corruption in 0..<400 {
            // A failure names what reproduces it: SeededGenerator(seed:), then that many corruptions.
            Self.attempt(
                generator.corrupted(bytes, special: [0x00, 0xFF, 0xD9, 0xDA, 0x7F]),
                "\(name): seed \(seed), corruption \(corruption)")
        }
    }
}
