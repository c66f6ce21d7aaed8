// libFuzzer target: PDF files through PDFFile (cross-reference data, object streams, filters) and
// PDFImage's compilation of the first page, then drawn at scale 1 within small limits (pixels,
// lines, steps, work), so that every refusal is an error and never a crash, a hang or an allocation the
// size of a declared length, image or page.
import Raster
import Vector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? PDFImage(bytes) else { return 0 }
    precondition(
        image.width > 0 && image.height > 0 && image.width <= PDFImage.maxSide && image.height <= PDFImage.maxSide)
    drawWithinSmallLimits(image)
    return 0
}
