import Foundation
import Testing
import TestSupport
@testable import Raster

/// Matrix/TRC ICC profiles converted to sRGB (MatrixProfile, docs/RENDERING.md §Colour profiles)
/// against littleCMS 2.19's conversions of the same colours with the same profiles
/// (Tools/fixtures/generate_icc_fixtures.py: five profiles made there, covering `curv` gammas and
/// tables and `para` types 0 to 4), and the reader's refusals.
@Suite struct MatrixProfileTests {
    static let fixture = Fixture()

    /// The generator's grid: 256 greys, the ramps of red, green and blue alone, a 16³ cube.
    static let grid: [(UInt8, UInt8, UInt8)] = {
        var pixels = (0...255).map { (UInt8($0), UInt8($0), UInt8($0)) }
        pixels +=
            (0...255).map { (UInt8($0), 0, 0) } + (0...255).map { (0, UInt8($0), 0) }
            + (0...255).map { (0, 0, UInt8($0)) }
        let levels = (0..<16).map { UInt8(17 * $0) }
        for r in levels { for g in levels { for b in levels { pixels.append((r, g, b)) } } }
        return pixels
    }()

    @Test(arguments: ["gamma-adobe", "table-wide", "para3-rec2020", "para012-adobe", "para4-wide"])
    func convertsAsLittleCMS(_ name: String) throws {
        let profile = try #require(MatrixProfile(iccProfile: try Self.fixture.data("icc/\(name).icc")), "\(name)")
        var pixels: [UInt8] = []
        for (r, g, b) in Self.grid { pixels += [r, g, b, 200] }
        profile.convertToSRGB(straightRGBA: &pixels)
        let expected = try Self.fixture.data("icc/\(name).expected.rgb")
        try #require(expected.count == Self.grid.count * 3)
        var worst = 0, exact = 0
        for i in 0..<Self.grid.count {
            var largest = 0
            for k in 0..<3 {
                let ours = Int(pixels[4 * i + k]), theirs = Int(expected[3 * i + k])
                largest = max(largest, abs(ours - theirs))
            }
            worst = max(worst, largest)
            if largest == 0 { exact += 1 }
            #expect(pixels[4 * i + 3] == 200)  // alpha kept
        }
        print("\(name): \(exact) of \(Self.grid.count) colours exact, worst \(worst)")
        #expect(worst <= 1, "\(name): worst \(worst)")
        #expect(Double(exact) >= 0.9 * Double(Self.grid.count), "\(name): \(exact) exact")
    }

    /// White stays white for the profiles whose colorants sum to the D50 white, and black black
    /// where the curves start at 0.
    @Test func whiteAndBlackAreKept() throws {
        for name in ["gamma-adobe", "para3-rec2020"] {
            let profile = try #require(MatrixProfile(iccProfile: try Self.fixture.data("icc/\(name).icc")))
            var pixels: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 255]
            profile.convertToSRGB(straightRGBA: &pixels)
            #expect(Array(pixels[0..<3]) == [255, 255, 255], "\(name)")
            #expect(Array(pixels[4..<7]) == [0, 0, 0], "\(name)")
        }
    }

    /// Anything but a readable matrix/TRC RGB profile is no profile: cut short anywhere, a tag
    /// pointing past the end, a grey profile, colorants that make a huge matrix; and a `para` curve
    /// with too few parameters has no value rather than a crash.
    @Test func unreadableProfilesAreRefused() throws {
        let bytes = try Self.fixture.data("icc/para3-rec2020.icc")
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(MatrixProfile(iccProfile: Array(bytes[0..<length])) == nil, "cut at \(length)")
        }
        var grey = bytes
        grey.replaceSubrange(16..<20, with: Array("GRAY".utf8))
        #expect(MatrixProfile(iccProfile: grey) == nil)
        var past = bytes
        past[132 + 4] = 0x7F  // the first tag's offset far past the end
        #expect(MatrixProfile(iccProfile: past) == nil)
        let huge = [[1e9, 0, 0], [0, 1, 0], [0, 0, 1]]
        #expect(MatrixProfile(colorants: huge, curves: [.gamma(1), .gamma(1), .gamma(1)]) == nil)
        #expect(ToneCurve.parametric(3, [2.4]).value(0.5) == 0)  // too few parameters: no value, no crash
    }

    /// The curves by ICC.1:2010's formulas, each checked at a few points computed here.
    @Test func curvesFollowTheirFormulas() {
        #expect(ToneCurve.gamma(1).value(0.3) == 0.3)
        #expect(abs(ToneCurve.gamma(2).value(0.5) - 0.25) < 1e-12)
        #expect(abs(ToneCurve.table([0, 65535]).value(0.25) - 0.25) < 1e-12)
        #expect(abs(ToneCurve.table([0, 32768, 65535]).value(0.75) - (32768 + 0.5 * 32767) / 65535) < 1e-12)
        let s = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        #expect(abs(ToneCurve.parametric(3, s).value(0.02) - 0.02 / 12.92) < 1e-12)
        #expect(abs(ToneCurve.parametric(3, s).value(0.5) - Transfer.decode(0.5)) < 1e-12)
        #expect(abs(ToneCurve.parametric(2, [1, 1, 0, 0.1]).value(0.5) - 0.6) < 1e-12)
        #expect(ToneCurve.parametric(1, [1, 1, -0.5]).value(0.25) == 0)
        #expect(abs(ToneCurve.parametric(4, [1, 1, 0, 0.5, 0.5, 0.1, 0.05]).value(0.2) - 0.15) < 1e-12)
    }
}
