import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

@testable import Vector

/// Vector files from public apps (Fixtures/real, with their licences) drawn by ivsim and compared
/// with PDFium's drawing of the same file, premultiplied.
struct RealVectorFileTests {
    /// DuckDuckGo's splash background: text in an embedded CFF font over a landscape of fills,
    /// gradients and soft masks. Measured at 1x: a mean of 0.32/255 (each pixel's largest channel
    /// difference), 74 of 250,125 pixels beyond 32 (0.03 %); bound 0.5 and 0.1 %.
    @Test func duckDuckGoSplashBackgroundMatchesPDFium() throws {
        let fixture = Fixture()
        let image = try PDFImage(try fixture.data("real/duckduckgo-splashBackground.pdf"))
        let ours = try image.render(scale: 1, limits: .default).bitmap
        let reference = try PNGDecoder().decode(try fixture.data("real/duckduckgo-splashBackground.pdfium.png"))
        let c = ReferenceComparison(ours, reference)
        #expect(c.mean < 0.5 && Double(c.far) <= 0.001 * Double(c.pixels), "\(c.summary)")
    }
}
