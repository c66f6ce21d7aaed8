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
    @Test func everyFileMatchesResvgWithinAntialiasing() throws {
        try ReferenceCorpus.compare("svg", atLeast: 41, read: { try SVGImage($0) }) { entry, scale, c in
            #expect(
                c.mean < (entry.file.hasPrefix("04-") && scale == 1 ? 4.5 : 2.5),
                "\(entry.file) @\(scale)x: mean difference \(c.mean)")
            #expect(
                Double(c.far) <= 0.025 * Double(c.pixels) + 4,
                "\(entry.file) @\(scale)x: \(c.far) pixels differ by more than 32")
        }
    }
}
