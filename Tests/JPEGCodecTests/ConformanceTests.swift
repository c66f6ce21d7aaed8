import Foundation
import Testing
import TestSupport
import PNGCodec
@testable import JPEGCodec

/// Every file of the generated corpus (Fixtures/jpeg, made by
/// Tools/fixtures/generate_jpeg_fixtures.py) against libjpeg-turbo's default decode of it (Pillow),
/// sample for sample; the files the decoder must refuse are refused with an error, never a crash. A
/// mismatch prints one line and writes ours beside the reference under .build/test-artifacts/jpeg/.
@Suite struct ConformanceTests {
    struct Entry: Decodable {
        var name: String
        var file: String
        var reference: String?
        var width: Int?
        var height: Int?
        var exifOrientation: Int?
        var icc: String?
        var expect: String
        var note: String?
    }

    /// The committed corpus, or the folder named by IVSIM_JPEG_FIXTURES (another generated set).
    static let folder =
        ProcessInfo.processInfo.environment["IVSIM_JPEG_FIXTURES"].map { URL(fileURLWithPath: $0) }
        ?? Fixture().url("jpeg")

    static func entries() -> [Entry] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let list = try? JSONDecoder().decode([Entry].self, from: data)
        else { return [] }
        return list
    }

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }

    @Test func theCorpusIsThere() {
        let entries = Self.entries()
        #expect(entries.filter { $0.expect == "decode" }.count >= 60)
        #expect(entries.filter { $0.expect == "refuse" }.count >= 10)
    }

    @Test func decodesBitIdenticalToLibjpegTurbo() throws {
        var failures: [String] = []
        var compared = 0
        for entry in Self.entries() where entry.expect == "decode" {
            let image: JPEGImage
            do {
                image = try JPEGDecoder().decode(Self.bytes(entry.file))
            } catch {
                failures.append("\(entry.name): \(error)")
                continue
            }
            guard let reference = entry.reference,
                let expected = try? PNGDecoder().decode(Self.bytes(reference))
            else {
                failures.append("\(entry.name): no reference")
                continue
            }
            guard expected.width == image.width, expected.height == image.height else {
                failures.append(
                    "\(entry.name): \(image.width)×\(image.height), reference \(expected.width)×\(expected.height)")
                continue
            }
            let ours = image.rgba
            compared += ours.count / 4
            if ours != expected.pixels {
                let differing = stride(from: 0, to: ours.count, by: 4).filter {
                    ours[$0..<($0 + 3)] != expected.pixels[$0..<($0 + 3)]
                }
                let first = differing[0] / 4
                let line =
                    "\(entry.name): \(differing.count) of \(ours.count / 4) pixels differ; first at (\(first % image.width), "
                    + "\(first / image.width)): ours \(Array(ours[differing[0]..<(differing[0] + 3)])), "
                    + "libjpeg-turbo \(Array(expected.pixels[differing[0]..<(differing[0] + 3)]))"
                failures.append(line)
                Self.writeArtifact(entry.name, image)
            }
            if let orientation = entry.exifOrientation, orientation != image.orientation {
                failures.append("\(entry.name): orientation \(image.orientation), expected \(orientation)")
            }
            if (entry.icc != nil) != (image.iccProfile != nil) {
                failures.append(
                    "\(entry.name): ICC profile \(image.iccProfile == nil ? "missing" : "found"), expected \(entry.icc ?? "none")"
                )
            }
        }
        for line in failures { print("JPEG conformance: \(line)") }
        #expect(
            failures.isEmpty,
            "\(failures.count) files differ from libjpeg-turbo:\n\(failures.prefix(20).joined(separator: "\n"))")
        #expect(compared > 10_000)
    }

    @Test func refusesWhatItMustWithAnError() {
        var problems: [String] = []
        for entry in Self.entries() where entry.expect == "refuse" {
            do {
                let image = try JPEGDecoder().decode(Self.bytes(entry.file))
                problems.append(
                    "\(entry.name): decoded (\(image.width)×\(image.height)) though it should be refused: \(entry.note ?? "")"
                )
            } catch {
                if error.message.isEmpty { problems.append("\(entry.name): an empty message") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    static func writeArtifact(_ name: String, _ image: JPEGImage) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/test-artifacts/jpeg")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = PNGEncoder().encode(RGBAImage(width: image.width, height: image.height, pixels: image.rgba))
        try? Data(png).write(to: folder.appendingPathComponent("\(name).actual.png"))
    }
}
