// libFuzzer target: SVG documents through the XML reader and SVGImage's checks, then drawn at
// scale 1 within small limits (pixels, lines, steps, work), so that every refusal is an error and
// never a crash, a hang or an allocation the size of a declared width.
import Raster
import Vector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? SVGImage(bytes) else { return 0 }
    precondition(
        image.width > 0 && image.height > 0 && image.width <= SVGImage.maxSide && image.height <= SVGImage.maxSide)
    drawWithinSmallLimits(image)
    return 0
}
