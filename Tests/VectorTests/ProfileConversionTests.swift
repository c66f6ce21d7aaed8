import Foundation
import JPEGCodec
import Raster
import Testing
import TestSupport
@testable import Vector

/// The one choice of how an embedded profile's pixels reach sRGB (docs/PDF.md §Colour,
/// docs/JPEG.md): each kind of profile to its conversion, and each conversion's pixels those of
/// the converter it names.
@Suite struct ProfileConversionTests {
    static let icc = Fixture()

    static func profile(_ relative: String) throws -> [UInt8] {
        try icc.data(relative)
    }

    /// 256 pixels: every level in red and in alpha, green falling, blue stepping by 7.
    static let pixels: [UInt8] = {
        var pixels: [UInt8] = []
        for i in 0..<256 {
            pixels += [UInt8(i), UInt8(255 - i), UInt8((i * 7) & 255), UInt8(i)]
        }
        return pixels
    }()

    @Test(arguments: ["gamma-adobe", "para012-adobe", "para3-rec2020", "para4-wide", "table-wide"])
    func matrixProfilesConvertThroughMatrixProfile(_ name: String) throws {
        let bytes = try Self.profile("../../RasterTests/Fixtures/icc/\(name).icc")
        let conversion = ProfileConversion(profile: bytes)
        guard case .matrix = conversion else {
            Issue.record("\(name): \(conversion)")
            return
        }
        var converted = Self.pixels, expected = Self.pixels
        conversion.convertToSRGB(straightRGBA: &converted)
        try #require(MatrixProfile(iccProfile: bytes)).convertToSRGB(straightRGBA: &expected)
        #expect(converted == expected)
        #expect(converted != Self.pixels)
    }

    @Test func displayP3AndSRGBAndTheRest() throws {
        let p3 = try Self.profile("../../JPEGCodecTests/Fixtures/jpeg/icc_display_p3.icc")
        guard case .displayP3 = ProfileConversion(profile: p3) else {
            Issue.record("Display P3 not recognised")
            return
        }
        var converted = Self.pixels, expected = Self.pixels
        ProfileConversion(profile: p3).convertToSRGB(straightRGBA: &converted)
        DisplayP3.convertToSRGB(straightRGBA: &expected)
        #expect(converted == expected)
        // An sRGB profile, a grey one and an unreadable one: no conversion, the pixels unchanged.
        var grey = try Self.profile("../../RasterTests/Fixtures/icc/gamma-adobe.icc")
        grey.replaceSubrange(16..<20, with: Array("GRAY".utf8))
        let sRGB = try Self.profile("../../JPEGCodecTests/Fixtures/jpeg/icc_srgb.icc")
        for (name, bytes) in [("sRGB", sRGB), ("grey", grey), ("no profile", Array("not a profile".utf8))] {
            let conversion = ProfileConversion(profile: bytes)
            guard case .none = conversion else {
                Issue.record("\(name): \(conversion)")
                continue
            }
            var unchanged = Self.pixels
            conversion.convertToSRGB(straightRGBA: &unchanged)
            #expect(unchanged == Self.pixels, "\(name)")
        }
    }
}
