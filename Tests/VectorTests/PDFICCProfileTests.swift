import Raster
import Testing
import TestSupport
@testable import Vector

/// ICCBased RGB colour spaces with a matrix/TRC profile other than sRGB and Display P3: fill
/// colours and image samples convert through the profile (docs/PDF.md §Colour), checked against
/// littleCMS's conversion of the same 8-bit colours (Tests/RasterTests/Fixtures/icc, made by
/// Tools/fixtures/generate_icc_fixtures.py).
@Suite struct PDFICCProfileTests {
    static let icc = Fixture()

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// A 2 × 1-point page: the left point filled with `fill` in the profile's space, the right one
    /// an image of one sample `sample` in the same space.
    static func page(profile: [UInt8], fill: String, sample: [UInt8]) -> [UInt8] {
        let data = hex(profile)
        let pixel = hex(sample)
        return PDFDocumentTests.pdf(
            "/CS0 cs \(fill) sc 0 0 1 1 re f q 1 0 0 1 1 0 cm /Im Do Q", width: 2, height: 1,
            resources: "<< /ColorSpace << /CS0 [/ICCBased 5 0 R] >> /XObject << /Im 6 0 R >> >>",
            extra: [
                "<< /N 3 /Filter /ASCIIHexDecode /Length \(data.count + 1) >>\nstream\n\(data)>\nendstream",
                "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace [/ICCBased 5 0 R] "
                    + "/BitsPerComponent 8 /Filter /ASCIIHexDecode /Length \(pixel.count + 1) >>\nstream\n\(pixel)>\nendstream"
            ])
    }

    /// littleCMS's sRGB for grid colour `index` of the generator's grid.
    static func expected(_ name: String, index: Int) throws -> [Int] {
        let bytes = try icc.data("../../RasterTests/Fixtures/icc/\(name).expected.rgb")
        return (0..<3).map { Int(bytes[3 * index + $0]) }
    }

    @Test(arguments: ["gamma-adobe", "para3-rec2020", "table-wide"])
    func fillsAndImagesConvertThroughTheProfile(_ name: String) throws {
        let profile = try Self.icc.data("../../RasterTests/Fixtures/icc/\(name).icc")
        // The cube's (136, 68, 204) filled (grid index 1024 + 8·256 + 4·16 + 12) and (68, 204, 136)
        // as an image sample (1024 + 4·256 + 12·16 + 8): taken as sRGB they would stay as they are,
        // 19 to 68 levels from littleCMS's.
        let bitmap = try PDFDocumentTests.render(
            Self.page(profile: profile, fill: "0.53333333 0.26666667 0.8", sample: [68, 204, 136]))
        let fill = bitmap[0, 0], image = bitmap[1, 0]
        let violet = try Self.expected(name, index: 3148), green = try Self.expected(name, index: 2248)
        for (ours, theirs) in [([fill.r, fill.g, fill.b], violet), ([image.r, image.g, image.b], green)] {
            #expect(zip(ours, theirs).allSatisfy { abs(Int($0) - $1) <= 1 }, "\(name): \(ours), littleCMS \(theirs)")
        }
        #expect(fill.a == 255 && image.a == 255)
    }

    /// An ICC profile ivsim cannot read as matrix/TRC (here: cut short) leaves the components as
    /// sRGB, as before.
    @Test func anUnreadableProfileIsTakenAsSRGB() throws {
        let profile = Array(try Self.icc.data("../../RasterTests/Fixtures/icc/gamma-adobe.icc").prefix(200))
        let bitmap = try PDFDocumentTests.render(Self.page(profile: profile, fill: "0.2 0.4 0.6", sample: [10, 20, 30]))
        #expect([bitmap[0, 0].r, bitmap[0, 0].g, bitmap[0, 0].b] == [51, 102, 153])
        #expect([bitmap[1, 0].r, bitmap[1, 0].g, bitmap[1, 0].b] == [10, 20, 30])
    }
}
