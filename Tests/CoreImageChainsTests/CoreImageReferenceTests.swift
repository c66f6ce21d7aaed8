import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing
@testable import CoreImageChains

/// Against images real Core Image made (Fixtures/cifilter-app, README there): generators cropped
/// to [0, 0, 500, 500] and Porter–Duff compositing, pixel for pixel.
@Suite struct CoreImageReferenceTests {
    static let fixture = Fixture()

    static func reference(_ folder: String, _ name: String = "outputImage") throws -> Bitmap {
        let image = try PNGDecoder().decode(try fixture.data("cifilter-app/\(folder)/\(name).png"))
        return Bitmap(width: image.width, height: image.height, straightRGBA: image.pixels)
    }

    static func color(_ hex: UInt32) -> ParameterValue {
        .color(
            ColorValue(
                red: Double(hex >> 16) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255))
    }

    static func render(
        _ name: String, _ values: [String: ParameterValue], images: [String: Bitmap] = [:], input: String? = nil
    )
        throws -> Bitmap
    {
        let filter = try #require(FilterCatalog.filter(named: name))
        let chain = FilterChain(input: input.map(ImageInput.named), steps: [FilterStep(filter: filter, values: values)])
        let rect = input == nil ? (0.0, 0.0, 500.0, 500.0) : nil
        return try ChainRendering.render(chain, rect: rect, images: images, maxPixels: 1 << 24, maxWork: 1 << 30).bitmap
    }

    /// Pixels that differ, as "x,y ours reference" lines (at most five).
    static func differences(_ ours: Bitmap, _ reference: Bitmap, where include: (Int) -> Bool = { _ in true })
        -> [String]
    {
        var lines: [String] = []
        for i in ours.pixels.indices where include(i) && ours.pixels[i] != reference.pixels[i] && lines.count < 5 {
            lines.append(
                "\(i % ours.width),\(i / ours.width) \(String(ours.pixels[i], radix: 16)) \(String(reference.pixels[i], radix: 16))"
            )
        }
        return lines
    }

    @Test func checkerboardSquaresAndColoursMatchIOS13() throws {
        let ours = try Self.render(
            "CICheckerboardGenerator",
            [
                "inputCenter": .vector([0, 0]), "inputWidth": .number(50), "inputSharpness": .number(1),
                "inputColor0": Self.color(0x60FF6F), "inputColor1": Self.color(0xFF6767)
            ])
        let reference = try Self.reference("CICheckerboardGenerator")
        #expect(ours.width == reference.width && ours.height == reference.height)
        #expect(Self.differences(ours, reference).isEmpty, "\(Self.differences(ours, reference))")
    }

    @Test func stripesStartWithColour1AtTheCentreMatchingIOS13() throws {
        let ours = try Self.render(
            "CIStripesGenerator",
            [
                "inputCenter": .vector([0, 0]), "inputWidth": .number(50), "inputSharpness": .number(1),
                "inputColor0": Self.color(0x55FF8A), "inputColor1": Self.color(0xFFA750)
            ])
        let reference = try Self.reference("CIStripesGenerator")
        #expect(Self.differences(ours, reference).isEmpty, "\(Self.differences(ours, reference))")
    }

    /// An sRGB colour comes back unchanged through the linear working space.
    @Test func constantColourRoundTripsExactly() throws {
        let ours = try Self.render("CIConstantColorGenerator", ["inputColor": Self.color(0xFFA24D)])
        let reference = try Self.reference("CIConstantColorGenerator")
        #expect(Self.differences(ours, reference).isEmpty, "\(Self.differences(ours, reference))")
    }

    /// Source over and source atop of the app's inputs, except the one-pixel band of alpha 254
    /// its own input renderings left along the source's edge. Even where one input alone shows,
    /// the app's output differs from its committed input in 0.55 % of the channels (by 1, in a few
    /// up to 8: its input PNGs are renderings of their own, README), so the check is statistical:
    /// at least 99 % of the channels equal and a mean difference under 0.02 levels.
    @Test(arguments: ["CISourceOverCompositing", "CISourceAtopCompositing"])
    func porterDuffMatchesIOS12(_ name: String) throws {
        let source = try Self.reference(name, "inputImage"),
            background = try Self.reference(name, "inputBackgroundImage")
        let reference = try Self.reference(name)
        let ours = try Self.render(
            name, ["inputBackgroundImage": .image(.named("background"))],
            images: ["source": source, "background": background], input: "source")
        try #require(ours.width == reference.width && ours.height == reference.height)
        var channels = 0, equal = 0, total = 0
        for i in reference.pixels.indices where [0, 255].contains(reference.pixels[i] >> 24) {
            for shift in stride(from: 0, through: 24, by: 8) {
                let a = Int((ours.pixels[i] >> UInt32(shift)) & 0xFF),
                    b = Int((reference.pixels[i] >> UInt32(shift)) & 0xFF)
                channels += 1
                equal += a == b ? 1 : 0
                total += abs(a - b)
            }
        }
        #expect(channels > 16000)
        let share = Double(equal) / Double(channels), mean = Double(total) / Double(channels)
        #expect(share >= 0.99 && mean < 0.02, "\(name): \(share) of channels equal, mean difference \(mean)")
    }

    /// The blurs of an opaque 660 × 483 photo (iOS 12.1): the committed fixture is the output's
    /// alpha alone — the blur of the photo's rectangle, none of its content — with the output's
    /// size and place (the extent). Every pixel of two strips across the edges within 2 levels (Core Image's half floats and
    /// RGBA8 working format round), 99 % within 1.
    @Test(arguments: [("CIGaussianBlur", 20.0, 992, 816, 160), ("CIBoxBlur", 40.0, 698, 521, 19)])
    func blurOfARectangleMatchesIOS12(_ name: String, _ radius: Double, _ width: Int, _ height: Int, _ outset: Int)
        throws
    {
        let png = try PNGDecoder().decode(try Self.fixture.data("cifilter-app/\(name)/outputAlpha.png"))
        let alpha = stride(from: 0, to: png.pixels.count, by: 4).map { Int(png.pixels[$0]) }  // grey: R = G = B
        let filter = try #require(FilterCatalog.filter(named: name))
        let opaque = Bitmap(width: 660, height: 483, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 660 * 483))
        let chain = FilterChain(
            input: .named("photo"), steps: [FilterStep(filter: filter, values: ["inputRadius": .number(radius)])])
        #expect(
            try ChainRendering.extent(of: chain, images: ["photo": opaque])
                == .rect(x: Double(-outset), y: Double(-outset), width: Double(width), height: Double(height)))
        // Two strips through the middle, each across two edges (the whole image is slow in a debug build).
        var within1 = 0, worst = 0, compared = 0
        for strip in [(0, height / 2 - 4, width, 8), (width / 2 - 4, 0, 8, height)] {
            let (x, top, w, h) = strip
            let ours = try ChainRendering.render(
                chain, rect: (Double(x - outset), Double(height - top - h - outset), Double(w), Double(h)),
                images: ["photo": opaque], maxPixels: 1 << 24, maxWork: 1 << 34
            ).bitmap
            for row in 0..<h {
                for column in 0..<w {
                    let d = abs(Int(ours.pixels[row * w + column] >> 24) - alpha[(top + row) * width + x + column])
                    worst = max(worst, d)
                    within1 += d <= 1 ? 1 : 0
                    compared += 1
                }
            }
        }
        #expect(png.width == width && png.height == height)
        #expect(
            worst <= 2 && within1 * 100 >= compared * 99, "\(name): worst \(worst), \(within1) of \(compared) within 1")
    }
}
