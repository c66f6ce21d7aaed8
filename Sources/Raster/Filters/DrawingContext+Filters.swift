// A filter's result composited into the drawing (docs/RENDERING.md §11.14): the element drawn
// into a layer of its own, the filter run over its region's pixels, and the result painted as
// an image covering the region, through the clip, with the state's alpha and blend mode.

extension DrawingContext {
    /// Paints `image` over its box: every pixel of the box fully covered, composited as an image
    /// draw is (RENDERING.md §11.10).
    public mutating func composite(_ image: FilterImage) throws(DrawingFailure) {
        let box = image.box
        try paint(Region(box: box, alpha: nil), cost: DrawingCost.imagePixel) { px, py in
            image.pixels[(py - box.y) * box.width + px - box.x]
        }
    }

    /// The pixels of the canvas's box `box` (device pixels) that a filter covers: `rect` (user
    /// space, under the CTM, which must keep the axes apart), rounded out to whole pixels and
    /// cut to the canvas; nil when the CTM turns or skews.
    public func filterBox(x: Double, y: Double, width: Double, height: Double) -> PixelRect? {
        let t = state.transform
        guard t.b == 0, t.c == 0 else { return nil }
        let p = t.apply(x, y), q = t.apply(x + width, y + height)
        let lo = (x: min(p.x, q.x), y: min(p.y, q.y)), hi = (x: max(p.x, q.x), y: max(p.y, q.y))
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        let limit = Double(Self.maxSide)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -limit), 2 * limit)) }
        let x0 = clamp(lo.x.rounded(.down)), y0 = clamp(lo.y.rounded(.down))
        let x1 = clamp(hi.x.rounded(.up)), y1 = clamp(hi.y.rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)).intersection(canvas)
    }
}
