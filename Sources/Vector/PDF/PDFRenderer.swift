import Raster

// Replays compiled operations on a drawing context (docs/PDF.md §Drawing). q/Q save and restore
// the context's state (CTM, clip, alpha, blend mode) with the soft mask beside it, on a stack of
// at most `maxSaved`; a soft mask is multiplied into the clip of each painting operation.
//
// Soft mask values (§11.5.3, §11.6.5.2), per pixel of the group drawn over the backdrop colour B:
//   C = G + B × (255 − αG) / 255 (rounded, per channel, G premultiplied)
//   luminosity: round((30·Cr + 59·Cg + 11·Cb) / 100)   (Lum of the Luminosity blend mode)
//   alpha: αG
// then through /TR when given: the value v becomes round(clamp(f(v / 255), 0, 1) × 255).
//
// Work is bounded by the drawing context's budget (docs/LIMITS.md §Drawing work): every clip,
// painting operation, group and soft mask is charged there the pixels it visits; a soft mask's
// group is drawn on a context of its own whose work is charged to the page's.

struct PDFRenderer {
    /// As DrawingContext.maxSaved: each saved state may hold a clip and a soft mask.
    static let maxSaved = 32
    private var saved: [(DrawingContext.State, ClipMask?)] = []
    private var softMask: ClipMask?

    mutating func run(_ operations: [PDFOperation], in context: inout DrawingContext) throws(DrawingFailure) {
        for operation in operations {
            try context.charge(DrawingCost.node)
            switch operation {
            case .save:
                guard saved.count < Self.maxSaved else {
                    throw .tooComplex("more than \(Self.maxSaved) graphics states saved at once: nest fewer saves")
                }
                saved.append((context.state, softMask))
                try context.checkHeld(extra: saved.map(\.1) + saved.map(\.0.clip) + [softMask])
            case .restore:
                guard let (state, mask) = saved.popLast() else { continue }
                context.state = state
                softMask = mask
            case let .transform(t):
                context.concatenate(t)
            case let .tiles(cell, transforms):
                for t in transforms { try run([.save, .transform(t)] + cell + [.restore], in: &context) }
            case let .clip(path, rule):
                try context.clip(to: path, rule: rule)
            case let .fill(path, rule, paint, how):
                try painting(how, &context) { (c) throws(DrawingFailure) in try c.fill(path, rule: rule, paint: paint) }
            case let .stroke(path, style, paint, how):
                try painting(how, &context) { (c) throws(DrawingFailure) in
                    try c.stroke(path, style: style, paint: paint)
                }
            case let .fillAndStroke(path, rule, fill, style, stroke, fillAlpha, how):
                if fillAlpha == 1, how == .normal {
                    try painting(how, &context) { (c) throws(DrawingFailure) in
                        try c.fill(path, rule: rule, paint: fill)
                        try c.stroke(path, style: style, paint: stroke)
                    }
                } else {
                    // A knockout pair: the stroke replaces the fill where it covers.
                    try group(PDFCompositing(alpha: 1, blendMode: how.blendMode), nonIsolated: false, &context) {
                        (c) throws(DrawingFailure) in
                        c.state.alpha = Self.byte(fillAlpha)
                        try c.fill(path, rule: rule, paint: fill)
                        c.state.alpha = Self.byte(how.alpha)
                        c.state.blendMode = .copy
                        try c.stroke(path, style: style, paint: stroke)
                    }
                }
            case let .shade(kind, how):
                try painting(how, &context) { (c) throws(DrawingFailure) in
                    switch kind {
                    case let .gradient(gradient): try c.draw(gradient)
                    case let .mesh(mesh): try c.draw(mesh)
                    }
                }
            case let .image(image, sampling, how):
                try painting(how, &context) { (c) throws(DrawingFailure) in
                    try c.draw(image, x: 0, y: 0, width: 1, height: 1, placement: .flipped, sampling: sampling)
                }
            case let .group(operations, how, nonIsolated):
                let outer = softMask
                try group(how, nonIsolated: nonIsolated, &context) { (c) throws(DrawingFailure) in
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
                softMask = try self.mask(mask, like: &context)
                try context.checkHeld(extra: saved.map(\.1) + saved.map(\.0.clip) + [softMask])
            }
        }
    }

    static func byte(_ alpha: Double) -> UInt8 { UInt8((min(max(alpha, 0), 1) * 255).rounded(.toNearestOrEven)) }

    /// One painting operation with its alpha and blend mode, through the soft mask.
    private mutating func painting(
        _ how: PDFCompositing, _ context: inout DrawingContext,
        _ body: (inout DrawingContext) throws(DrawingFailure) -> Void
    ) throws(DrawingFailure) {
        let outer = context.state
        context.state.alpha = Self.byte(how.alpha)
        context.state.blendMode = how.blendMode
        if let softMask { try context.clip(toMask: softMask) }
        defer {
            context.state.alpha = outer.alpha
            context.state.blendMode = outer.blendMode
            context.state.clip = outer.clip
        }
        try body(&context)
    }

    /// A transparency layer composited with `how`, through the soft mask.
    private func group(
        _ how: PDFCompositing, nonIsolated: Bool, _ context: inout DrawingContext,
        _ body: (inout DrawingContext) throws(DrawingFailure) -> Void
    ) throws(DrawingFailure) {
        let outer = context.state
        context.state.alpha = Self.byte(how.alpha)
        context.state.blendMode = how.blendMode
        try context.beginTransparencyLayer(nonIsolated: nonIsolated)
        try body(&context)
        context.state.transform = outer.transform
        context.state.clip = outer.clip
        if let softMask { try context.clip(toMask: softMask) }
        try context.endTransparencyLayer()
        context.state = outer
    }

    /// The soft mask's values over the context: its group drawn on a context of the same size,
    /// whose work is charged to this page's drawing.
    private func mask(_ mask: PDFSoftMask, like context: inout DrawingContext) throws(DrawingFailure) -> ClipMask {
        var limits = context.limits
        limits.work -= context.work
        var group: DrawingContext
        do throws(DrawingFailure) {
            group = try DrawingContext(
                width: context.bitmap.width, height: context.bitmap.height, opaque: false,
                transform: context.state.transform, limits: limits)
            group.heldOutside = context.heldBytes(extra: saved.map(\.1) + saved.map(\.0.clip) + [softMask])
            try group.checkHeld()
            var renderer = PDFRenderer()
            try renderer.run(mask.operations, in: &group)
        } catch .tooMuchWork {
            throw .tooMuchWork(limit: context.limits.work)  // what the page may spend, not what was left
        }
        try context.charge(group.work)
        try context.charge(group.bitmap.pixels.count * DrawingCost.maskPixel)
        let (br, bg, bb) = (Int(mask.backdrop.0), Int(mask.backdrop.1), Int(mask.backdrop.2))
        let values = group.bitmap.pixels.map { p in
            let a = Int(p >> 24)
            guard mask.luminosity else { return mask.transfer?[a] ?? UInt8(a) }
            let r = Int(p & 0xFF) + (br * (255 - a) + 127) / 255
            let g = Int(p >> 8 & 0xFF) + (bg * (255 - a) + 127) / 255
            let b = Int(p >> 16 & 0xFF) + (bb * (255 - a) + 127) / 255
            let v = min(255, (30 * r + 59 * g + 11 * b + 50) / 100)
            return mask.transfer?[v] ?? UInt8(v)
        }
        return ClipMask(canvas: values, width: group.bitmap.width, height: group.bitmap.height)
    }
}
