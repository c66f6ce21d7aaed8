// How a drawing context samples an image (docs/RENDERING.md §11).

/// An image sampled bilinearly at mapped pixel centres (§11.8): with (u, v) the centre in 16.16
/// image pixels, t = u − 2^15, taps ⌊t / 2^16⌋ and the next one clamped to the image, the second
/// weighing Core Graphics' quantised fraction along an image axis not shrunk and the exact one
/// along an axis shrunk (BilinearWeights.drawing); the value per premultiplied channel is
/// (Σ p·wx·wy + 2^15) >> 16, computed as §4's kernel does (vertical then horizontal in 16-bit
/// lanes); a tint then masks its colour with the sampled alpha, as §4 orders it.
struct ImageShader {
    let image: SourceImage
    let mapping: PixelMapping
    /// A template draw's colour: the sampled alpha masks it (§4's tint, after sampling).
    var tint: UInt32?
    var sampling = ImageSampling.bilinear
    /// How the second tap is weighed along the image's columns (u) and rows (v).
    let columnWeights: BilinearWeights, rowWeights: BilinearWeights

    init(image: SourceImage, mapping: PixelMapping, tint: UInt32?, sampling: ImageSampling) {
        self.image = image
        self.mapping = mapping
        self.tint = tint
        self.sampling = sampling
        columnWeights = .drawing(mapping.ux, mapping.uy)
        rowWeights = .drawing(mapping.vx, mapping.vy)
    }

    func sample(_ x: Int, _ y: Int) -> UInt32 {
        let p = sampling == .nearest ? nearest(x, y) : bilinear(x, y)
        guard let tint else { return p }
        return scaleLanes(tint, by: p >> 24)
    }

    func bilinear(_ x: Int, _ y: Int) -> UInt32 {
        let (u, v) = mapping.map(x, y)
        let (x0, x1, fx) = columnWeights.taps(u >> 16, image.width)
        let (y0, y1, fy) = rowWeights.taps(v >> 16, image.height)
        let w = image.width
        let spread = image.spread
        func blend(_ a: UInt64, _ b: UInt64, _ f: UInt64) -> UInt64 { a &* (256 &- f) &+ b &* f }
        let left = blend(spread[y0 * w + x0], spread[y1 * w + x0], fy)
        let right = blend(spread[y0 * w + x1], spread[y1 * w + x1], fy)
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        let h = ((left >> 8) & mask) &* (256 &- fx) &+ ((right >> 8) & mask) &* fx
        let l = (left & mask) &* (256 &- fx) &+ (right & mask) &* fx
        return packLanes(((h &+ ((l >> 8) & mask) &+ 0x0080_0080_0080_0080) >> 8) & mask)
    }

    /// The sample whose cell holds the pixel centre: ⌊u⌋, ⌊v⌋ clamped to the image.
    func nearest(_ x: Int, _ y: Int) -> UInt32 {
        let (u, v) = mapping.map(x, y)
        let column = min(max(Int((u >> 16) >> 16), 0), image.width - 1),
            row = min(max(Int((v >> 16) >> 16), 0), image.height - 1)
        return image.bitmap.pixels[row * image.width + column]
    }
}
