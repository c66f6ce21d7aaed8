// Shared by the svg and pdf targets: a document drawn at scale 1 within small limits. A canvas
// past 65,536 pixels must be refused before it is made, and a drawing past 200,000,000 units of
// work (a fifth of a second) refused when it gets there; a drawing made must be the image's size
// and within its limits.
import Raster
import Vector

func drawWithinSmallLimits(_ image: any VectorImage) {
    let (w, h) = image.pixelSize(scale: 1)
    let limits = DrawingLimits(lines: 100_000, steps: 2_000_000, pixels: 65_536, work: 200_000_000)
    do throws(DrawingFailure) {
        let drawn = try image.render(scale: 1, limits: limits)
        precondition(drawn.bitmap.width == w && drawn.bitmap.height == h, "the drawing is not the image's size")
        precondition(w * h <= limits.pixels && drawn.work <= limits.work, "the drawing passed its limits")
    } catch {
        if case .tooManyPixels = error {
            precondition(w * h > limits.pixels, "a drawing within the pixel limit was refused")
        }
    }
}
