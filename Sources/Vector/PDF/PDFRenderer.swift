import Raster

// Replays compiled operations on a drawing context (docs/PDF.md §Drawing). q/Q save and restore
// the context's state (CTM, clip, alpha, blend mode) with the soft mask beside it, on a stack of
// at most `maxSaved`; a soft mask is multiplied into the clip of each painting operation.
//
// Soft mask values (§11.5.3, §11.6.5.2), per pixel of the group drawn over the backdrop colour B:
//   C = G + B × (255 − αG) / 255 (rounded, per channel, G premultiplied)
//   luminosity: round((30·Cr + 59·Cg + 11·Cb) / 100)   (Lum of the Luminosity blend mode)
//   alpha: αG
//
// Work is bounded per page: each operation is charged the pixels it may touch (a fill or stroke
// its device bounding box within the canvas, an image its square's box; a shading, a clip, a
// group, a soft mask, and any painting under a soft mask the whole canvas), at most
// max(2^28, 256 × canvas pixels), capped at 2^31.

struct PDFRenderer {
    /// As DrawingContext.maxSaved: each saved state may hold a clip and a soft mask of the canvas's size.
    static let maxSaved = 32
    private var saved: [(DrawingContext.State, [UInt8]?)] = []
    private var softMask: [UInt8]?
    /// Pixels the page may still paint.
    private var budget: Int

    init(canvasPixels: Int) {
        budget = min(max(1 << 28, 256 * canvasPixels), 1 << 31)
    }

    /// Charges `pixels` to the budget.
    private mutating func charge(_ pixels: Int) throws(DrawingFailure) {
        budget -= pixels
        guard budget >= 0 else { throw .tooComplex("the page paints more pixels than ivsim draws for one image (docs/LIMITS.md)") }
    }

    /// The pixels of the canvas within the device box of `points` (user space), widened by `margin` user units.
    private func boxArea(_ points: [Point2], margin: Double, _ context: DrawingContext) -> Int {
        let t = context.state.transform
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points {
            let (x, y) = t.apply(p.x, p.y)
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        }
        let grow = margin * t.stretchBound + 2
        let w = Double(context.bitmap.width), h = Double(context.bitmap.height)
        let cw = min(max(x1 + grow, 0), w) - min(max(x0 - grow, 0), w), ch = min(max(y1 + grow, 0), h) - min(max(y0 - grow, 0), h)
        guard cw.isFinite, ch.isFinite, cw > 0, ch > 0 else { return cw.isNaN || ch.isNaN ? Int(w * h) : 0 }
        return Int(cw * ch) + 1
    }

    private static func points(_ path: ShapePath) -> [Point2] {
        var points: [Point2] = []
        for element in path.elements {
            switch element {
            case let .move(p), let .line(p): points.append(p)
            case let .quad(a, b): points += [a, b]
            case let .cubic(a, b, c): points += [a, b, c]
            case .close: break
            }
        }
        return points
    }

    mutating func run(_ operations: [PDFOperation], in context: inout DrawingContext) throws(DrawingFailure) {
        for operation in operations {
            switch operation {
            case .save:
                guard saved.count < Self.maxSaved else { throw .tooComplex("more than \(Self.maxSaved) graphics states saved at once") }
                saved.append((context.state, softMask))
            case .restore:
                guard let (state, mask) = saved.popLast() else { continue }
                context.state = state
                softMask = mask
            case let .transform(t):
                context.concatenate(t)
            case let .clip(path, rule):
                try charge(canvas(context))  // a clip is a mask of the canvas's size
                try context.clip(to: path, rule: rule)
            case let .fill(path, rule, paint, how):
                try charge(boxArea(Self.points(path), margin: 0, context))
                try painting(how, &context) { (c) throws(DrawingFailure) in try c.fill(path, rule: rule, paint: paint) }
            case let .stroke(path, style, paint, how):
                try charge(boxArea(Self.points(path), margin: style.width * max(1, style.miterLimit), context))
                try painting(how, &context) { (c) throws(DrawingFailure) in try c.stroke(path, style: style, paint: paint) }
            case let .fillAndStroke(path, rule, fill, style, stroke, fillAlpha, how):
                try charge(2 * boxArea(Self.points(path), margin: style.width * max(1, style.miterLimit), context))
                if fillAlpha == 1, how == .normal {
                    try painting(how, &context) { (c) throws(DrawingFailure) in
                        try c.fill(path, rule: rule, paint: fill)
                        try c.stroke(path, style: style, paint: stroke)
                    }
                } else {
                    // A knockout pair: the stroke replaces the fill where it covers.
                    try group(PDFCompositing(alpha: 1, blendMode: how.blendMode), &context) { (c) throws(DrawingFailure) in
                        c.state.alpha = Self.byte(fillAlpha)
                        try c.fill(path, rule: rule, paint: fill)
                        c.state.alpha = Self.byte(how.alpha)
                        c.state.blendMode = .copy
                        try c.stroke(path, style: style, paint: stroke)
                    }
                }
            case let .shade(gradient, how):
                try charge(canvas(context))
                try painting(how, &context) { (c) throws(DrawingFailure) in c.draw(gradient) }
            case let .image(image, sampling, how):
                try charge(boxArea([Point2(0, 0), Point2(1, 0), Point2(0, 1), Point2(1, 1)], margin: 0, context))
                try painting(how, &context) { (c) throws(DrawingFailure) in
                    try c.draw(image, x: 0, y: 0, width: 1, height: 1, placement: .flipped, sampling: sampling)
                }
            case let .group(operations, how):
                try charge(2 * canvas(context))
                let outer = softMask
                try group(how, &context) { (c) throws(DrawingFailure) in
                    softMask = nil  // a group's content starts without the soft mask (§11.6.6)
                    let depth = saved.count
                    try run(operations, in: &c)
                    while saved.count > depth { c.state = saved.removeLast().0 }
                }
                softMask = outer
            case let .softMask(mask):
                guard let mask else {
                    softMask = nil
                    continue
                }
                try charge(2 * canvas(context))
                softMask = try self.mask(mask, like: context)
            }
        }
    }

    private func canvas(_ context: DrawingContext) -> Int { context.bitmap.width * context.bitmap.height }

    static func byte(_ alpha: Double) -> UInt8 { UInt8((min(max(alpha, 0), 1) * 255).rounded(.toNearestOrEven)) }

    /// One painting operation with its alpha and blend mode, through the soft mask.
    private mutating func painting(_ how: PDFCompositing, _ context: inout DrawingContext,
                                   _ body: (inout DrawingContext) throws(DrawingFailure) -> Void) throws(DrawingFailure) {
        let outer = context.state
        context.state.alpha = Self.byte(how.alpha)
        context.state.blendMode = how.blendMode
        if let softMask {
            try charge(canvas(context))  // the clip times the mask, over the canvas
            context.clip(toMask: softMask)
        }
        defer {
            context.state.alpha = outer.alpha
            context.state.blendMode = outer.blendMode
            context.state.clip = outer.clip
        }
        try body(&context)
    }

    /// A transparency layer composited with `how`, through the soft mask.
    private func group(_ how: PDFCompositing, _ context: inout DrawingContext,
                       _ body: (inout DrawingContext) throws(DrawingFailure) -> Void) throws(DrawingFailure) {
        let outer = context.state
        context.state.alpha = Self.byte(how.alpha)
        context.state.blendMode = how.blendMode
        try context.beginTransparencyLayer()
        try body(&context)
        context.state.transform = outer.transform
        context.state.clip = outer.clip
        if let softMask { context.clip(toMask: softMask) }
        context.endTransparencyLayer()
        context.state = outer
    }

    /// The soft mask's values over the context (its drawing charged to this page's budget).
    private mutating func mask(_ mask: PDFSoftMask, like context: DrawingContext) throws(DrawingFailure) -> [UInt8] {
        var group = DrawingContext(width: context.bitmap.width, height: context.bitmap.height, opaque: false,
                                   transform: context.state.transform, limits: context.limits)
        var renderer = PDFRenderer(canvasPixels: 0)
        renderer.budget = budget
        try renderer.run(mask.operations, in: &group)
        budget = renderer.budget
        let (br, bg, bb) = (Int(mask.backdrop.0), Int(mask.backdrop.1), Int(mask.backdrop.2))
        return group.bitmap.pixels.map { p in
            let a = Int(p >> 24)
            guard mask.luminosity else { return UInt8(a) }
            let r = Int(p & 0xFF) + (br * (255 - a) + 127) / 255
            let g = Int(p >> 8 & 0xFF) + (bg * (255 - a) + 127) / 255
            let b = Int(p >> 16 & 0xFF) + (bb * (255 - a) + 127) / 255
            return UInt8(min(255, (30 * r + 59 * g + 11 * b + 50) / 100))
        }
    }
}
