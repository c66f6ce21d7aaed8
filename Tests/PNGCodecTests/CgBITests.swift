import Testing
import TestSupport
@testable import PNGCodec

private let fixture = Fixture()

/// Apple's CgBI PNGs decode to straight RGBA (fixtures made independently by
/// Tools/fixtures/make_cgbi_fixtures.py, which applies the documented un-premultiplication).
@Suite struct CgBITests {
    @Test(arguments: ["cgbi-rgba", "cgbi-rgb"])
    func decodesToTheStraightRGBA(_ name: String) throws {
        let result = try PNGDecoder().decodeWithDetails(try fixture.data("cgbi/\(name).png"))
        let expected = try PNGDecoder().decode(try fixture.data("cgbi/\(name).expected.png"))
        #expect(result.isCgBI)
        #expect(result.image == expected)
    }

    @Test func unpremultipliesWithRoundHalfUp() {
        // p = 64 at a = 128: (64 * 255 + 64) / 128 = 128; p = 1 at a = 3: (255 + 1) / 3 = 85;
        // p above a (corrupt) clamps to 255; a = 0 clears the pixel.
        var pixels: [UInt8] = [10, 64, 64, 128, 0, 1, 1, 3, 0, 9, 9, 8, 7, 7, 7, 0]
        pixels.withUnsafeMutableBufferPointer { convertCgBI($0.baseAddress!, count: 4) }
        #expect(pixels == [128, 128, 20, 128, 85, 85, 0, 3, 255, 255, 0, 8, 0, 0, 0, 0])
    }
}
