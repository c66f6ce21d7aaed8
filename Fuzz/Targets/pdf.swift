// libFuzzer target: PDF files through PDFFile (cross-reference data, object streams, filters) and
// PDFImage's compilation of the first page, then drawn at scale 1 with small limits when the page
// is small, so that every refusal is an error and never a crash, a hang or an allocation the
// size of a declared length, image or page.
import Raster
import Vector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? PDFImage(bytes) else { return 0 }
    precondition(image.width > 0 && image.height > 0 && image.width <= PDFImage.maxSide && image.height <= PDFImage.maxSide)
    let (w, h) = image.pixelSize(scale: 1)
    if w * h <= 65_536 {
        if let bitmap = try? image.render(scale: 1, limits: DrawingLimits(lines: 100_000, work: 2_000_000)) {
            precondition(bitmap.width == w && bitmap.height == h, "the drawing is not the image's size")
        }
    }
    return 0
}
