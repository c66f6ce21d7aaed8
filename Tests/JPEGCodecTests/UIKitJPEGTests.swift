import Foundation
import Testing
import TestSupport
import PNGCodec
@testable import JPEGCodec

/// JPEG decoded as UIKit shows it, against images UIKit drew (Tests/UIKitReferences/alamofireimage:
/// AlamofireImage's originals and its `imageRounded(withCornerRadius:)` of each, drawn unscaled, MIT licence;
/// docs/JPEG.md §Upsampling as UIKit shows it), and the within-block upsampler against a second
/// computation of its rule.
@Suite struct UIKitJPEGTests {
    /// The UIKit references, shared by the test targets (Tests/UIKitReferences/README.md).
    static let references = Fixture.uikitReferences("alamofireimage")

    static func data(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: references.appendingPathComponent(name)))
    }

    /// Over the pixels UIKit drew fully opaque: the mean difference per channel, the worst, and
    /// how many pixels differ by more than 3 in some channel.
    static func compare(_ name: String, _ upsampling: JPEGDecoder.Upsampling) throws -> (
        mean: Double, worst: Int, over3: Int, pixels: Int
    ) {
        let decoded = try JPEGDecoder(upsampling: upsampling).decode(data("\(name).jpg")).rgba
        let reference = try PNGDecoder().decode(data("\(name)-radius-20.png")).pixels
        #expect(decoded.count == reference.count)
        var total = 0, worst = 0, over3 = 0, pixels = 0
        for i in stride(from: 0, to: min(decoded.count, reference.count), by: 4) where reference[i + 3] == 255 {
            var pixelWorst = 0
            for c in 0..<3 {
                let d = abs(Int(decoded[i + c]) - Int(reference[i + c]))
                total += d
                pixelWorst = max(pixelWorst, d)
            }
            worst = max(worst, pixelWorst)
            if pixelWorst > 3 { over3 += 1 }
            pixels += 1
        }
        return (Double(total) / Double(pixels * 3), worst, over3, pixels)
    }

    @Test func subsampledChromaAsUIKitShowsIt() throws {
        // 4:2:0: libjpeg-turbo's upsampling is 60 levels off along the block grid; within blocks, 3.
        let uikit = try Self.compare("rainbow", .imageIO)
        #expect(uikit.pixels == 30_256 && uikit.worst == 3 && uikit.over3 == 0 && uikit.mean < 0.1, "\(uikit)")
        let libjpeg = try Self.compare("rainbow", .libjpegTurbo)
        #expect(libjpeg.worst == 60 && libjpeg.over3 > 1_800, "\(libjpeg)")
    }

    /// 4:2:2: UIKit's decode of Kingfisher's 250 × 250 photo (Tests/UIKitReferences/kingfisher,
    /// MIT; drawn unscaled into a rounded clip on iOS 10) interpolates chroma across blocks, as
    /// libjpeg-turbo does: within 4 levels everywhere, where a within-block rule left 36 along the
    /// 16-pixel grid (1,392 pixels off by more than 3).
    @Test func horizontallySubsampledChromaIsInterpolatedAcrossBlocks() throws {
        let folder = Fixture.uikitReferences("kingfisher")
        let data = [UInt8](try Data(contentsOf: folder.appendingPathComponent("kingfisher.jpg")))
        let decoded = try JPEGDecoder(upsampling: .imageIO).decode(data)
        #expect(decoded.samples == (try JPEGDecoder(upsampling: .libjpegTurbo).decode(data)).samples)
        let png = try PNGDecoder().decode(
            [UInt8](try Data(contentsOf: folder.appendingPathComponent("kingfisher-round-corner-40.png"))))
        let rgba = decoded.rgba, reference = png.pixels
        try #require(rgba.count == reference.count)
        var worst = 0, over3 = 0, pixels = 0
        for i in stride(from: 0, to: rgba.count, by: 4) where reference[i + 3] == 255 {
            let d = (0..<3).map { abs(Int(rgba[i + $0]) - Int(reference[i + $0])) }.max()!
            worst = max(worst, d)
            over3 += d > 3 ? 1 : 0
            pixels += 1
        }
        #expect(pixels > 60_000 && worst <= 4 && over3 <= 4, "worst \(worst), \(over3) of \(pixels) off by more than 3")
    }

    /// Every 4:2:2 conformance file (sizes whose chroma is 1 or 2 samples wide among them)
    /// decodes the same in both modes.
    @Test func horizontallySubsampledFilesDecodeTheSameBothWays() throws {
        let folder = Fixture().url("jpeg")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.contains("422") && $0.hasSuffix(".jpg") }.sorted()
        #expect(names.count >= 5)
        for name in names {
            let data = try Fixture().data("jpeg/\(name)")
            let imageIO = try JPEGDecoder(upsampling: .imageIO).decode(data).samples
            #expect(imageIO == (try JPEGDecoder(upsampling: .libjpegTurbo).decode(data)).samples, "\(name)")
        }
    }

    @Test func filesWithoutSubsamplingDecodeTheSameBothWays() throws {
        for (name, worst) in [("apple", 1), ("pirate", 3)] {
            let data = try Self.data("\(name).jpg")
            #expect(
                try JPEGDecoder(upsampling: .imageIO).decode(data).samples
                    == JPEGDecoder(upsampling: .libjpegTurbo).decode(data).samples)
            let uikit = try Self.compare(name, .imageIO)
            #expect(uikit.worst == worst, "\(name): \(uikit)")
        }
    }

    /// The rule of docs/JPEG.md written out per output sample: a weighted sum of the sample, its
    /// neighbour across the output's side in each direction (itself across a block or the edge).
    static func expected(_ plane: [UInt8], width: Int, height: Int, h: Int, v: Int, x ox: Int, y oy: Int) -> UInt8 {
        func neighbour(_ i: Int, towardsNext: Bool, count: Int) -> Int {
            let n = towardsNext ? i + 1 : i - 1
            return n >= 0 && n < count && n / 8 == i / 8 ? n : i
        }
        let ix = ox / h, iy = oy / v
        let nx = h == 2 ? neighbour(ix, towardsNext: ox % 2 == 1, count: width) : ix
        let ny = v == 2 ? neighbour(iy, towardsNext: oy % 2 == 1, count: height) : iy
        func at(_ x: Int, _ y: Int) -> Int { Int(plane[y * width + x]) }
        switch (h, v) {
        case (2, 2):
            return UInt8((9 * at(ix, iy) + 3 * at(nx, iy) + 3 * at(ix, ny) + at(nx, ny) + (ox % 2 == 0 ? 7 : 8)) / 16)
        default: return UInt8((3 * at(ix, iy) + at(ix, ny) + (oy % 2 == 0 ? 1 : 2)) / 4)
        }
    }

    @Test func withinBlockUpsamplingFollowsItsRule() {
        var random = SeededGenerator(seed: 31)
        for (method, h, v) in [(Upsampler.Method.h2v2Blocked, 2, 2), (.h1v2Blocked, 1, 2)] {
            for width in 1...40 {
                let height = (width * 7) % 23 + 1
                let plane = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
                var row = [UInt8](repeating: 0, count: width * h + 8)
                var mismatches = 0
                for y in 0..<(height * v) {
                    plane.withUnsafeBufferPointer { p in
                        row.withUnsafeMutableBufferPointer { o in
                            Upsampler.row(
                                y, method: method, plane: p.baseAddress!, stride: width, width: width, height: height,
                                into: o.baseAddress!)
                        }
                    }
                    for x in 0..<(width * h)
                    where row[x] != Self.expected(plane, width: width, height: height, h: h, v: v, x: x, y: y) {
                        mismatches += 1
                    }
                }
                #expect(mismatches == 0, "\(method) \(width)×\(height): \(mismatches) samples differ from the rule")
            }
        }
    }
}
