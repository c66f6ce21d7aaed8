import Raster
import Testing
@testable import Vector

/// A PDF image without a mask has no alpha channel, so it is halved before it is drawn much
/// smaller; one with an /SMask or a colour-key /Mask has one and is filtered directly, even when
/// the mask leaves every sample opaque (docs/PDF.md §Images, RENDERING.md §11.8.1).
@Suite struct PDFImageAlphaTests {
    /// The page: an 8 × 8 grey image (object 5, samples from a fixed sequence) drawn into 1 × 1
    /// point and rendered at 2x, so shrunk 4 times (with /Interpolate true: without it a PDF image
    /// takes the nearest sample); `mask` is added to the image's dictionary.
    static func rendered(mask: String, extra: [String] = []) throws -> Bitmap {
        var state: UInt32 = 12_345
        let samples = (0..<64).map { _ -> String in
            state = state &* 1_103_515_245 &+ 12_345
            let byte = Int(state >> 16 & 0xFF)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
        let image =
            "<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 "
            + "/Interpolate true /Filter /ASCIIHexDecode \(mask)/Length \(samples.count + 1) >>\nstream\n\(samples)>\nendstream"
        let bytes = PDFDocumentTests.pdf(
            "q 1 0 0 1 0 0 cm /Im Do Q", width: 1, height: 1, resources: "<< /XObject << /Im 5 0 R >> >>",
            extra: [image] + extra)
        return try PDFDocumentTests.render(bytes, scale: 2)
    }

    @Test func onlyAnUnmaskedImageIsHalved() throws {
        let plain = try Self.rendered(mask: "")
        let opaqueSoftMask =
            "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 "
            + "/Filter /ASCIIHexDecode /Length 3 >>\nstream\nFF>\nendstream"
        let softMasked = try Self.rendered(mask: "/SMask 6 0 R ", extra: [opaqueSoftMask])
        let keyed = try Self.rendered(mask: "/Mask [300 300] ")  // a range no 8-bit sample is in
        #expect(plain.pixels.allSatisfy { $0 >> 24 == 255 } && softMasked.pixels.allSatisfy { $0 >> 24 == 255 })
        #expect(softMasked == keyed)  // both declare alpha: filtered alike
        #expect(plain != softMasked)  // halved twice first, then filtered
    }
}
