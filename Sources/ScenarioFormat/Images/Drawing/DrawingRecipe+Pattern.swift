import ImageViews
import Raster

// UIColor(patternImage:) and UIImage.drawAsPattern(in:) in drawings (docs/DRAWING.md §Pattern
// colours): the image's displayed pixels as one cell, repeated across the device from the origin
// of the renderer's own user space — pattern space is the context's default space, so the CTM at
// the time of the fill neither moves nor turns the pattern.

extension DrawingRecipe {
    /// The pattern of `image` in a context of `scale` pixels per point whose default user space
    /// has its origin at device point `origin`: one cell is the image's size in points × scale,
    /// each side rounded to the nearest pixel (at least 1); the displayed pixels themselves when
    /// that is their size, else the image drawn into the cell as draw(in:) draws it. The origin is
    /// rounded to the nearest pixel, halves up.
    static func pattern(
        _ image: Image, scale: Double, origin: (x: Double, y: Double), context: inout DrawingContext
    ) throws(DrawingFailure) -> TiledPattern {
        let pixels = image.displayPixels(mirrored: false)
        let w = max(1, Int((image.size.width * scale).rounded())),
            h = max(1, Int((image.size.height * scale).rounded()))
        let ox = Int((origin.x + 0.5).rounded(.down)), oy = Int((origin.y + 0.5).rounded(.down))
        if w == pixels.width && h == pixels.height {
            return TiledPattern(tile: pixels.bitmap, originX: ox, originY: oy)
        }
        // A cell of another size: drawn once, charged to the drawing (the cell's pixels come from
        // the same limits as the drawing's own).
        let (area, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, area <= context.limits.pixels, max(w, h) <= DrawingContext.maxSide else {
            throw .tooComplex(
                "the pattern's cell, \"\(image.name)\" at \(w) × \(h) pixels (its size in points times the drawing's scale), "
                    + "is more than the \(context.limits.pixels) pixels (and \(DrawingContext.maxSide) a side) a drawing may have: "
                    + "use a smaller image, or one of a higher scale")
        }
        var limits = context.limits
        limits.work = max(1, limits.work - context.work)
        var cell = try DrawingContext(width: w, height: h, opaque: false, transform: .identity, limits: limits)
        try cell.draw(pixels, x: 0, y: 0, width: Double(w), height: Double(h), placement: .upright)
        try context.charge(cell.work)
        return TiledPattern(tile: cell.bitmap, originX: ox, originY: oy)
    }
}
