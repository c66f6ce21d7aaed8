import Foundation
import PNGCodec
import Raster
import Testing
import TestSupport
@testable import Vector

/// Every file of an independent SVG corpus (Fixtures/svg, rendered by resvg, a mature SVG
/// renderer; README.md there) drawn by ivsim at 1x and 2x and compared with resvg's pixels,
/// premultiplied. The two rasterizers differ by design in antialiasing (ivsim: exact area;
/// resvg: its own coverage, in steps of 1/4 on some edges) and resvg rounds in premultiplied
/// 8-bit, so the bound is on the mean and on how many pixels differ much, not on every pixel:
/// a mean difference below 2.5/255 (4.5 for the sub-pixel strokes of 04 at 1x) and at most 2.5 % of the pixels (plus 4) beyond 32/255.
/// Measured (80 renderings): means 0.00–4.1 at 1x (the largest: strokes under a pixel wide, which
/// resvg covers by its own hairline rule) and 0.00–1.44 at 2x. The one known difference beyond
/// antialiasing is the dashed circle of 14-stroke-dasharray: resvg places the dashes on that
/// circle about 30° further round than the circle's SVG path (from 3 o'clock, clockwise) gives,
/// while on another circle (r = 15, the same pattern) the two agree exactly; not resolved.
@Suite struct SVGReferenceTests {
    struct Entry: Decodable {
        var file: String
        var width: Int
        var height: Int
    }

    @Test func everyFileMatchesResvgWithinAntialiasing() throws {
        let folder = Fixture().url("svg")
        let index = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: folder.appendingPathComponent("index.json")))
        #expect(index.count >= 36)
        var report: [String] = []
        for entry in index {
            let svg = try SVGImage(Array(try Data(contentsOf: folder.appendingPathComponent(entry.file))))
            #expect(svg.width == Double(entry.width) && svg.height == Double(entry.height), "\(entry.file)")
            for scale in [1, 2] {
                let stem = (entry.file as NSString).deletingPathExtension
                let reference = try PNGDecoder().decode(Array(try Data(contentsOf: folder.appendingPathComponent("\(stem)@\(scale)x.png"))))
                let ours = try svg.render(scale: Double(scale), limits: DrawingLimits(lines: 1_000_000, work: 50_000_000))
                try #require(ours.width == reference.width && ours.height == reference.height, "\(entry.file) @\(scale)x")
                let c = ReferenceComparison(ours, reference)
                let mean = c.mean, far = c.far, pixels = c.pixels
                report.append("\(entry.file) @\(scale)x: \(c.summary)")
                #expect(mean < (entry.file.hasPrefix("04-") && scale == 1 ? 4.5 : 2.5), "\(entry.file) @\(scale)x: mean difference \(mean)")
                #expect(Double(far) <= 0.025 * Double(pixels) + 4, "\(entry.file) @\(scale)x: \(far) pixels differ by more than 32")
            }
        }
        if ProcessInfo.processInfo.environment["IVSIM_PRINT_SVG"] != nil { print(report.joined(separator: "\n")) }
    }
}
