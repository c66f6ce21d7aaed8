// libFuzzer target: SVG documents through the XML reader and SVGImage's checks, then drawn at
// scale 1 within small limits (pixels, lines, steps, work), so that every refusal is an error and
// never a crash, a hang or an allocation the size of a declared width.
import Raster
import Vector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? SVGImage(bytes) else { return 0 }
    precondition(image.width > 0 && image.height > 0 && image.width <= SVGImage.maxSide && image.height <= SVGImage.maxSide)
    let (w, h) = image.pixelSize(scale: 1)
    // Drawn within small limits: a canvas past 65,536 pixels must be refused before it is made,
    // and a drawing past 200,000,000 units of work (a fifth of a second) refused when it gets there.
    let limits = DrawingLimits(lines: 100_000, steps: 2_000_000, pixels: 65_536, work: 200_000_000)
    do throws(DrawingFailure) {
        let drawn = try image.render(scale: 1, limits: limits)
        precondition(drawn.bitmap.width == w && drawn.bitmap.height == h, "the drawing is not the image's size")
        precondition(w * h <= limits.pixels && drawn.work <= limits.work, "the drawing passed its limits")
    } catch {
        if case .tooManyPixels = error { precondition(w * h > limits.pixels, "a drawing within the pixel limit was refused") }
    }
    return 0
}
