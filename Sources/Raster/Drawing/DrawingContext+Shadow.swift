// Shadows (CGContext.setShadow(offset:blur:color:); docs/RENDERING.md §11.12.1): the object is
// drawn alone on a transparent layer, its alpha moved by the offset, blurred as feGaussianBlur
// blurs (three box blurs a side), filled with the shadow's colour and composited under the object
// with the object's alpha and blend mode, through the clip.

/// A shadow in device pixels: the offset (y down), the box-blur size per axis (FilterImage.boxSize
/// of σ = blur / 2) and the colour, premultiplied.
public struct Shadow: Equatable, Sendable {
    public var dx: Int
    public var dy: Int
    public var boxSize: Int
    public var color: PremultipliedColor

    public init(dx: Int, dy: Int, boxSize: Int, color: PremultipliedColor) {
        self.dx = dx
        self.dy = dy
        self.boxSize = boxSize
        self.color = color
    }

    /// The farthest, in pixels, the three box blurs spread a pixel.
    var reach: Int { boxSize == 0 ? 0 : 3 * (boxSize / 2) + 1 }
}

extension DrawingContext {
    /// Runs `draw` (one painting operation) with the state's shadow: the object on a layer of its
    /// own, at full alpha and unclipped — so that a shape outside the clip still casts a shadow
    /// into it — unless `keepingClip` (a gradient, whose shape is the clip), then composited with
    /// its shadow (§11.12.1). Without a shadow, `draw` runs as it is.
    public mutating func withShadow(
        keepingClip: Bool = false, _ draw: (inout DrawingContext) throws(DrawingFailure) -> Void
    ) throws(DrawingFailure) {
        guard state.shadow != nil else {
            try draw(&self)
            return
        }
        guard openLayers < Self.maxLayers else {
            throw .tooComplex(
                "a shadow is drawn through a transparency layer of its own (the object alone, then its shadow), and "
                    + "\(Self.maxLayers) layers are open already, the most a drawing may have: set the shadow outside the "
                    + "innermost layer, or open one layer fewer")
        }
        let clip = state.clip
        try beginTransparencyLayer()
        if !keepingClip { state.clip = nil }
        do throws(DrawingFailure) {
            try draw(&self)
        } catch {
            _ = takeTransparencyLayer()
            state.clip = clip
            throw error
        }
        guard let (object, painted) = takeTransparencyLayer() else { return }
        state.clip = clip
        try composite(object, painted: painted)
    }

    /// Paints the shadow `shadow` of `layer` (the context's size) whose pixels inside `painted`
    /// are all that is not transparent: its alpha moved and blurred, in the shadow's colour, with
    /// the state's alpha and blend mode through the clip.
    mutating func cast(_ shadow: Shadow, of layer: Bitmap, painted: PixelRect) throws(DrawingFailure) {
        guard !painted.isEmpty, shadow.color.a > 0 else { return }
        let r = shadow.reach
        // The blurred box: the painted box moved and widened by the blur's reach, within the
        // reach of the canvas (the moved alpha just off the canvas still blurs onto it).
        let reachable = PixelRect(x: -r, y: -r, width: bitmap.width + 2 * r, height: bitmap.height + 2 * r)
        let blurBox = PixelRect(
            x: painted.x + shadow.dx - r, y: painted.y + shadow.dy - r, width: painted.width + 2 * r,
            height: painted.height + 2 * r
        ).intersection(reachable)
        let target = blurBox.intersection(canvas)
        guard !target.isEmpty else { return }
        // The blur's box is held as one image: within the drawing's pixel limit.
        guard blurBox.area <= limits.pixels else {
            throw .tooComplex(
                "the shadow's blur covers \(blurBox.width) × \(blurBox.height) pixels, more than the \(limits.pixels) "
                    + "a drawing may have: use a smaller blur")
        }
        // The blur's three passes on each axis, and the colouring, charged before they are made.
        try charge(Self.cost(blurBox.area, 2 * DrawingCost.filterTap + DrawingCost.maskPixel))
        var alpha = FilterImage(transparent: blurBox)
        for y in 0..<blurBox.height {
            let sy = blurBox.y + y - shadow.dy
            guard (0..<layer.height).contains(sy) else { continue }
            for x in 0..<blurBox.width {
                let sx = blurBox.x + x - shadow.dx
                guard (0..<layer.width).contains(sx) else { continue }
                alpha.pixels[y * blurBox.width + x] = layer.pixels[sy * layer.width + sx] & 0xFF00_0000
            }
        }
        let blurred = alpha.gaussianBlur(dx: shadow.boxSize, dy: shadow.boxSize)
        let c = shadow.color
        let width = blurBox.width
        try paint(Region(box: target, alpha: nil), cost: DrawingCost.imagePixel) { x, y in
            let a = UInt8(blurred.pixels[(y - blurBox.y) * width + x - blurBox.x] >> 24)
            guard a > 0 else { return nil }
            return UInt32(mulDiv255(c.r, a)) | UInt32(mulDiv255(c.g, a)) << 8 | UInt32(mulDiv255(c.b, a)) << 16
                | UInt32(mulDiv255(c.a, a)) << 24
        }
    }
}
