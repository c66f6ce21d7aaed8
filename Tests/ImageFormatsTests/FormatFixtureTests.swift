import Foundation
import ImageFormats
import PNGCodec
import TestSupport
import Testing

// Every fixture Tools/fixtures/generate_format_fixtures.py writes, decoded and compared with what
// the manifest says it must be: Pillow's decoding, a rule's result computed by the script, or a
// refusal of a named kind. Pixels are compared as UIKit composites them: alpha exactly, and colour
// exactly wherever alpha is not 0.

struct FormatFixtureTests {
    struct Case: Decodable, CustomTestStringConvertible {
        var file: String
        var source: String
        var kind: String?
        var note: String
        var testDescription: String { file }
    }

    static let fixture = Fixture()
    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: fixture.url("manifest.json")),
            let cases = try? JSONDecoder().decode([Case].self, from: data)
        else { return [] }
        return cases
    }()

    @Test func theManifestListsEveryFormat() {
        let formats = Set(Self.cases.map { $0.file.split(separator: "/")[0] })
        #expect(formats == ["gif", "bmp", "ico", "tiff", "webp", "psd"])
        #expect(Self.cases.count >= 60)
    }

    @Test(arguments: cases)
    func decodesAsExpected(_ testCase: Case) throws {
        let bytes = try Self.fixture.data(testCase.file)
        let format = try #require(BitmapFormat(sniffing: bytes), "\(testCase.file): not recognised")
        let limits = ImageFormatLimits(maxWidth: 8192, maxHeight: 8192, maxPixels: 1 << 24)
        switch testCase.source {
        case "refuse":
            if testCase.kind == "truncated-ok" {
                _ = try format.decode(bytes, limits: limits)
                return
            }
            do {
                let decoded = try format.decode(bytes, limits: limits)
                Issue.record(
                    "\(testCase.file): decoded (\(decoded.image.width) × \(decoded.image.height)), expected a refusal")
            } catch {
                #expect("\(error.kind)" == testCase.kind, "\(testCase.file): \(error)")
                #expect(error.description.hasPrefix(format.rawValue) || error.description.hasPrefix("ICO"), "\(error)")
            }
        default:
            let decoded = try format.decode(bytes, limits: limits).image
            let expected = try PNGDecoder().decode(try Self.fixture.data(testCase.file + ".expected.png"))
            let size = try format.size(bytes, limits: limits)
            #expect(size.width == decoded.width && size.height == decoded.height, "\(testCase.file): size from headers")
            try #require(
                decoded.width == expected.width && decoded.height == expected.height,
                "\(testCase.file): \(decoded.width) × \(decoded.height), expected \(expected.width) × \(expected.height)"
            )
            var differing = 0
            var first = ""
            for i in stride(from: 0, to: expected.pixels.count, by: 4) {
                let a = expected.pixels[i + 3]
                let same =
                    decoded.pixels[i + 3] == a
                    && (a == 0 || decoded.pixels[i..<(i + 3)].elementsEqual(expected.pixels[i..<(i + 3)]))
                if !same {
                    if differing == 0 {
                        first =
                            "pixel \(i / 4 % expected.width), \(i / 4 / expected.width): \(Array(decoded.pixels[i..<(i + 4)])), expected \(Array(expected.pixels[i..<(i + 4)]))"
                    }
                    differing += 1
                }
            }
            #expect(differing == 0, "\(testCase.file) (\(testCase.source)): \(differing) pixels differ; first \(first)")
        }
    }
}
