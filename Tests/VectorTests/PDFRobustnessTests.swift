import Foundation
import Raster
import Testing
import TestSupport
@testable import Vector

/// Bad input never crashes: prefixes of every file of the PDF corpus, and seeded corruptions of
/// them (bytes changed, inserted, removed; PDF's delimiters and digits hit on purpose), are read
/// and drawn or refused with a message. The libFuzzer target Fuzz/Targets/pdf.swift goes further.
@Suite struct PDFRobustnessTests {
    static let folder = Fixture().url("pdf")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".pdf") }
            .sorted()
    }

    /// Reads and draws, and says whether it was refused; a crash fails the whole run.
    @discardableResult
    static func attempt(_ bytes: [UInt8]) -> Bool {
        do {
            let image = try PDFImage(bytes)
            let (w, h) = image.pixelSize(scale: 1)
            guard w * h <= 1 << 16 else { return false }
            let bitmap = try image.render(
                scale: 1,
                limits: DrawingLimits(
                    lines: 100_000, steps: 2_000_000, pixels: 1 << 26, work: DrawingLimits.defaultWork)
            ).bitmap
            #expect(bitmap.width == w && bitmap.height == h)
            return false
        } catch let error as PDFError {
            #expect(!error.message.isEmpty)
            return true
        } catch {
            return true  // DrawingFailure.tooComplex
        }
    }

    @Test func everyFileIsRead() {
        #expect(Self.files.count >= 45)
        for name in Self.files {
            let bytes = (try? Data(contentsOf: Self.folder.appendingPathComponent(name))).map { Array($0) } ?? []
            #expect(!Self.attempt(bytes), "\(name)")
        }
    }

    @Test(arguments: files) func prefixesAndCorruptionsAreReadOrRefused(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        // 64 prefixes, evenly spaced.
        for k in 0..<64 { Self.attempt(Array(bytes.prefix(bytes.count * k / 64))) }
        var generator = SeededGenerator(seed: UInt64(bytes.count))
        let special = Array("()<>[]{}/%0123456789 \n".utf8) + [0x00, 0xFF]
        for _ in 0..<150 {
            Self.attempt(generator.corrupted(bytes, special: special))
        }
    }
}
