import Foundation
import PNGCodec
import Raster
import Testing
import TestSupport
@testable import Vector

/// Every file of an independent PDF corpus (Fixtures/pdf: PDFs written by hand by
/// Tools/fixtures/generate_pdf_fixtures.py, rendered by PDFium, Chrome's PDF renderer;
/// Fixtures/pdf/README.md) drawn by ivsim at 1x and 2x and compared with PDFium's pixels,
/// premultiplied. The rasterizers differ in antialiasing, so the bound is on the mean and on how
/// many pixels differ much (as for SVG): a mean below 2.5/255 and at most 2.5 % of the pixels (plus
/// 4) beyond 32/255, with two measured departures of PDFium at 1x, where a pixel is a point:
/// - shadings (27–31): PDFium evaluates a shading at each pixel's corner, ivsim (as Core Graphics)
///   at its centre, half a pixel apart: mean up to 3.9/255 at 1x, 2.1 at 2x; bound 4.5 at 1x;
/// - 15's 0.5-point line: PDFium paints lines thinner than a pixel as a pixel wide (alpha 128
///   where the exact area is 64): mean 2.6, 200 of 5,120 pixels beyond 32; bound 3 and 5 %;
///   likewise 52's text stroked 0.8 point wide: mean 2.9 at 1x (at 2x the same page agrees within
///   0.1/255 on average).
/// Images (35–41) are sampled by nearest sample without /Interpolate and match PDFium exactly
/// but for the JPEG at 1x (1.5/255: PDFium's own downsampling). 47, fine rings with /Interpolate
/// true and a soft-mask disk drawn 3 and 1.5 times smaller, is filtered by both renderers, but
/// ivsim places its samples as Core Graphics does (the first and last device pixels on the first
/// and last image pixels, RENDERING.md §11.8.1) and PDFium at the pixel centres' images, so the
/// rings, three image pixels apart, land at other phases: mean 4.9 and 5.5/255 at 1x and 2x, 4.2
/// and 3.3 % of pixels beyond 32 (one bilinear sample a pixel, rendering rules 4, left 25.9/255
/// and 31 % at 1x). Since rendering rules 7 the image drawn 3 times smaller at 1x is halved
/// first, as UIKit does (RENDERING.md §11.8.1) and PDFium does not: mean 6.2/255 and 6.6 % there;
/// bound 7 and 7.5 %.
/// 49, triangle meshes (types 4 and 5) with steep colour ramps: ivsim samples each pixel at its
/// centre (RENDERING.md §11.9.1), PDFium walks scanlines at the pixels' top edges, widens each
/// span to the pixels it touches and steps its colours one pixel ahead, so edge pixels and the
/// ramps' phase differ: mean 9.1/255 at 1x and 4.8 at 2x, 1.8 and 0.9 % of pixels beyond 32
/// (DuckDuckGo's real mesh icons, with gentle ramps: 1.6, 0.6 and 0.5 per channel at 1x, 2x,
/// 3x; docs/PDF.md §Shadings); bound 10 and 2.5 %.
/// 53 and 54, text in CFF fonts at 20 and 16 pixels an em: PDFium (FreeType's CFF engine) darkens
/// the stems of small CFF glyphs, so its glyphs cover 8 and 5 % more than their outlines at 1x
/// (alpha sums 935 against 867, 557 against 529) and the same at 2x (3,471 against 3,463): mean 3.5
/// and 1.8/255 at 1x, 5.6 and 2.3 % of pixels beyond 32; 0.4/255 and 0.25 % at 2x. Core Graphics
/// draws outlines as they are; bound 4.5 and 6.5 % at 1x.
/// Measured (104 renderings): all others 0.00–1.4/255.
@Suite struct PDFReferenceTests {
    @Test func everyFileMatchesPDFiumWithinAntialiasing() throws {
        try ReferenceCorpus.compare("pdf", atLeast: 57, read: { try PDFImage($0) }) { entry, scale, c in
            let number = Int(entry.file.prefix(2)) ?? 0
            let shading = (27...31).contains(number) && scale == 1, thinLine = [15, 52].contains(number) && scale == 1,
                shrunk = number == 47, mesh = number == 49, darkened = [53, 54].contains(number) && scale == 1
            #expect(
                c.mean < (shading || darkened ? 4.5 : thinLine ? 3 : shrunk ? 7 : mesh ? 10 : 2.5),
                "\(entry.file) @\(scale)x: mean difference \(c.mean)")
            #expect(
                Double(c.far) <= (shrunk ? 0.075 : darkened ? 0.065 : thinLine ? 0.05 : 0.025) * Double(c.pixels) + 4,
                "\(entry.file) @\(scale)x: \(c.far) pixels differ by more than 32")
        }
    }
}
