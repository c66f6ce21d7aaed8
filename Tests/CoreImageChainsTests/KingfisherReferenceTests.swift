import Foundation
import PNGCodec
import Raster
import Testing
import TestSupport
@testable import CoreImageChains

/// Against Core Image's own output on iOS: Kingfisher's colour-control, black-and-white and tint
/// processors (Tests/UIKitReferences/kingfisher, README there, MIT licence; docs/COREIMAGE.md
/// §Colour). The JPEG's input is Apple's own decode of it — the library's round-corner reference,
/// the photo drawn unscaled into a clip, whose opaque pixels are the decoded photo — so that the
/// decoders' differences (a level or two, which the colour controls amplify tenfold near black)
/// stay out of the measure of the filters.
@Suite struct KingfisherReferenceTests {
    static let folder = Fixture.uikitReferences("kingfisher")

    static func image(_ name: String) throws -> Bitmap {
        let data = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(name).png")))
        let png = try PNGDecoder().decode(data)
        return Bitmap(width: png.width, height: png.height, straightRGBA: png.pixels)
    }

    static func step(_ name: String, _ values: [String: ParameterValue]) throws -> FilterStep {
        FilterStep(filter: try #require(FilterCatalog.filter(named: name)), values: values)
    }

    static func render(_ chain: FilterChain, _ input: Bitmap) throws -> Bitmap {
        try ChainRendering.render(
            chain, rect: (0, 0, Double(input.width), Double(input.height)), images: ["photo": input],
            maxPixels: 1 << 24, maxWork: 1 << 30
        ).bitmap
    }

    /// Premultiplied channels of the pixels `include` keeps: the worst difference, the share of
    /// channels equal and the mean difference.
    static func compare(_ ours: Bitmap, _ reference: Bitmap, where include: (Int) -> Bool) -> (
        worst: Int, equal: Double, mean: Double
    ) {
        var worst = 0, equal = 0, total = 0, channels = 0
        for i in reference.pixels.indices where include(i) {
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = abs(
                    Int((ours.pixels[i] >> UInt32(shift)) & 0xFF) - Int((reference.pixels[i] >> UInt32(shift)) & 0xFF))
                worst = max(worst, d)
                equal += d == 0 ? 1 : 0
                total += d
                channels += 1
            }
        }
        return (worst, Double(equal) / Double(max(channels, 1)), Double(total) / Double(max(channels, 1)))
    }

    static func controls(saturation: Double, contrast: Double) throws -> FilterChain {
        FilterChain(
            input: .named("photo"),
            steps: [
                try step(
                    "CIColorControls",
                    [
                        "inputBrightness": .number(0), "inputContrast": .number(contrast),
                        "inputSaturation": .number(saturation)
                    ]), try step("CIExposureAdjust", ["inputEV": .number(0.7)])
            ])
    }

    /// CIColorControls (brightness 0, contrast 1.1, saturation 1.2; and saturation 0, the library's
    /// black and white) then CIExposureAdjust +0.7 EV, on iOS 10: docs/COREIMAGE.md's order and
    /// Rec. 709 grey weights in linear light reproduce every channel within one level.
    @Test(arguments: [("kingfisher-color-control", 1.2, 1.1), ("kingfisher-black-white", 0.0, 1.0)])
    func colourControlsThenExposureMatchCoreImage(_ reference: String, _ saturation: Double, _ contrast: Double)
        throws
    {
        let photo = try Self.image("kingfisher-round-corner-40")
        let ours = try Self.render(try Self.controls(saturation: saturation, contrast: contrast), photo)
        let expected = try Self.image(reference)
        try #require(ours.width == expected.width && ours.height == expected.height)
        let m = Self.compare(ours, expected) { photo.pixels[$0] >> 24 == 255 }
        #expect(m.worst <= 1 && m.equal >= 0.999, "\(reference): \(m)")
    }

    /// The same on a PNG with transparency, read by ivsim's own (exact) decoder: the output's
    /// alpha is the input's, the colours un- and re-premultiplied around the filters.
    @Test func colourControlsKeepAlphaAsCoreImage() throws {
        let ours = try Self.render(try Self.controls(saturation: 1.2, contrast: 1.1), try Self.image("unicorn"))
        let m = Self.compare(ours, try Self.image("unicorn-color-control")) { _ in true }
        #expect(m.worst <= 1 && m.equal >= 0.999, "\(m)")
    }

    /// Kingfisher's tint: CIConstantColorGenerator of yellow at alpha 0.2 over the photo
    /// (CISourceOverCompositing), cropped to the photo's extent — Porter–Duff over in linear light.
    @Test(arguments: ["kingfisher", "unicorn"])
    func tintIsAConstantColourOverThePhoto(_ name: String) throws {
        let photo = try Self.image(name == "kingfisher" ? "kingfisher-round-corner-40" : name)
        let chain = FilterChain(
            input: nil,
            steps: [
                try Self.step(
                    "CIConstantColorGenerator",
                    ["inputColor": .color(ColorValue(red: 1, green: 1, blue: 0, alpha: 0.2))]),
                try Self.step("CISourceOverCompositing", ["inputBackgroundImage": .image(.named("photo"))]),
                try Self.step(
                    "CICrop", ["inputRectangle": .vector([0, 0, Double(photo.width), Double(photo.height)])])
            ])
        let ours = try Self.render(chain, photo)
        let m = Self.compare(ours, try Self.image("\(name)-tint")) {
            name == "unicorn" || photo.pixels[$0] >> 24 == 255
        }
        #expect(m.worst <= 1 && m.equal >= 0.999, "\(name): \(m)")
    }
}
