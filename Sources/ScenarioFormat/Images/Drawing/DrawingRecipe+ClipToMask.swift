import ImageViews
import Raster

// CGContext.clip(to:mask:) with an image (docs/DRAWING.md §clipToMask): "an image … in the
// DeviceGray color space, [that] may not have an alpha component" [Apple], mapped into the
// rectangle as CGContext.draw(_:in:) maps an image (so, in UIKit's flipped context, upside down),
// its grey samples the clip's alpha there (white shows what is drawn, black hides it), and
// nothing outside the rectangle. The mask is drawn as an image is (the context's interpolation
// quality, halvings when much smaller), into an alpha mask of the canvas, then intersected with
// the clip; its drawing is charged to the drawing's work.

extension DrawingRecipe {
    static func clip(
        toMask mask: Image, name: String, in rect: (Double, Double, Double, Double), context: inout DrawingContext
    ) throws(DrawingFailure) {
        // The passes over the mask below (the check, the alpha plane, the image drawn) are charged
        // before any is made (an image has at most 2^24 pixels: no overflow); its drawing charges
        // the rest (halvings, the pixels drawn).
        try context.charge(mask.pixels.width * mask.pixels.height * DrawingCost.maskImagePixel)
        let alphas = try GreyMask.alphas(mask.pixels, what: "clip(to:mask:)", name: name)
        var limits = context.limits
        limits.work = max(1, limits.work - context.work)
        var maskContext = try DrawingContext(
            width: context.bitmap.width, height: context.bitmap.height, opaque: false,
            transform: context.state.transform, limits: limits)
        try maskContext.draw(
            SourceImage(greyLevels: alphas), x: rect.0, y: rect.1, width: rect.2, height: rect.3, placement: .flipped,
            sampling: context.state.interpolation)
        try context.charge(maskContext.work)
        try context.clip(
            toMask: ClipMask(
                canvas: maskContext.bitmap.pixels.map { UInt8($0 >> 24) }, width: maskContext.bitmap.width,
                height: maskContext.bitmap.height))
    }
}
