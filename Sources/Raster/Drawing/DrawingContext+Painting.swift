// Coverage and compositing of a drawing context (docs/RENDERING.md §11–12): a shape's coverage
// over the box of its points, then each pixel of that box inside the clip's box composited by the
// state's rules. Both are charged before they are done (DrawingWork.swift).

extension DrawingContext {
    /// Pixels a shape covers: a box and its coverage over the box (nil: all 255).
    struct Region {
        let box: PixelRect
        let alpha: [UInt8]?

        static let empty = Region(box: PixelRect(x: 0, y: 0, width: 0, height: 0), alpha: [])
    }

    /// The coverage of a device path over the canvas, within the box of its points.
    mutating func coverage(_ path: Path, rule: FillRule) throws(DrawingFailure) -> Region {
        let lines = path.lineCount
        guard lines <= limits.lines else {
            throw .tooComplex(
                "the path flattens to \(lines) lines, more than \(limits.lines): use fewer or flatter curves")
        }
        // The path was flattened to be counted, so its lines are charged even when it misses
        // the canvas (10,000 shapes clipped by a 100,000-segment path off the canvas ran for
        // minutes uncharged: attack round 17).
        guard let box = coverageBox(path) else {
            try charge(DrawingCost.operation)
            try charge(Self.cost(lines, DrawingCost.line))
            return .empty
        }
        let left = box.x, top = box.y, right = box.x + box.width, bottom = box.y + box.height
        // The path moved by whole pixels so the box starts at (0, 0) (exact in 24.8); what lies
        // left of the box still counts (the rasterizer's accumulation from the left).
        let shift = FixedPoint(x: -left * fixedOne, y: -top * fixedOne)
        let moved = path.moved(by: shift)
        let edges = CoverageRasterizer.edgeWork(moved, width: box.width, height: box.height)
        guard edges + box.area <= limits.steps else {
            throw .tooComplex(
                "the path crosses more pixels than \(limits.steps) steps of rasterizer work allow: simplify the path, or draw it smaller"
            )
        }
        try charge(DrawingCost.operation)
        try charge(Self.cost(lines, DrawingCost.line))
        try charge(Self.cost(edges, DrawingCost.step))
        try charge(Self.cost(box.area, DrawingCost.maskPixel))
        // A rectangle on whole pixels covers its box wholly, by either rasterizer's rule: no mask
        // (every entry would be 255).
        if Self.isWholePixelRectangle(path) { return Region(box: box, alpha: nil) }
        let mask =
            state.antialias
            ? CoverageRasterizer.mask(moved, rule: rule, width: right - left, height: bottom - top)
            : AliasedRasterizer.mask(moved, rule: rule, width: right - left, height: bottom - top)
        return Region(box: box, alpha: mask.alpha)
    }

    /// The box `coverage` gives a device path: the pixels its points (control points included)
    /// touch, within the canvas; nil when that is empty.
    func coverageBox(_ path: Path) -> PixelRect? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for element in path.elements {
            let points: [FixedPoint] =
                switch element {
                case let .move(p), let .line(p): [p]
                case let .quad(c, p): [c, p]
                case let .cubic(c1, c2, p): [c1, c2, p]
                case .close: []
                }
            for p in points {
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
        }
        guard x0 <= x1 else { return nil }
        let left = max(0, x0 >> 8), top = max(0, y0 >> 8)
        let right = min(bitmap.width, (x1 + 255) >> 8), bottom = min(bitmap.height, (y1 + 255) >> 8)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `path` is one axis-aligned rectangle whose corners are whole pixels (four corners,
    /// in either direction, joined by lines along the axes): it covers every pixel of its box on
    /// the canvas wholly, by either rasterizer's rule.
    static func isWholePixelRectangle(_ path: Path) -> Bool {
        var points: [FixedPoint] = []
        for (index, element) in path.elements.enumerated() {
            switch element {
            case let .move(p) where index == 0: points.append(p)
            case let .line(p) where index > 0: points.append(p)
            case .close where index == path.elements.count - 1: break
            default: return false
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4, points.allSatisfy({ $0.x % fixedOne == 0 && $0.y % fixedOne == 0 }) else {
            return false
        }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2, Set(points).count == 4 else { return false }
        // Each edge along an axis: no diagonal, so no bow tie.
        return (0..<4).allSatisfy { points[$0].x == points[($0 + 1) % 4].x || points[$0].y == points[($0 + 1) % 4].y }
    }

    /// Paints a region with a colour, a gradient or a triangle mesh.
    mutating func paint(_ region: Region, _ fill: Paint) throws(DrawingFailure) {
        switch fill {
        case let .color(color):
            try paint(region, cost: DrawingCost.colorPixel) { _, _ in color.packed }
        case let .gradient(gradient, toUser):
            guard let toGradient = state.transform.prepending(toUser).inverted else { return }
            let shader = try tabulated(GradientShader(gradient, toUser: toGradient), for: region.box.area)
            let search = shader.table == nil ? DrawingCost.gradientSearch(gradient.stops.count) : 0
            try paint(region, cost: DrawingCost.perPixel(fill) + search) { px, py in shader.shade(px, py) }
        case let .pattern(pattern):
            guard pattern.tile.width > 0, pattern.tile.height > 0 else { return }
            try paint(region, cost: DrawingCost.perPixel(fill)) { px, py in pattern.pixel(px, py) }
        case let .mesh(mesh, toUser):
            let toDevice = state.transform.prepending(toUser), box = paintedBox(region)
            guard !box.isEmpty else { return }
            let (pixels, triangles) = mesh.work(toDevice, box: box)
            try charge(Self.cost(pixels, DrawingCost.maskPixel) &+ Self.cost(triangles, DrawingCost.line))
            let colours = mesh.raster(toDevice, box: box)
            try paint(region, cost: DrawingCost.perPixel(fill)) { px, py in
                let colour = colours[(py - box.y) * box.width + px - box.x]
                return colour == 0 ? nil : colour
            }
        }
    }

    /// The shader with its table when it will shade many pixels (GradientShader.tabulated), the
    /// table charged before it is made.
    mutating func tabulated(_ shader: GradientShader, for pixels: Int) throws(DrawingFailure) -> GradientShader {
        try charge(DrawingCost.gradientStops(shader.stops.count))
        let made = shader.tabulated(for: pixels)
        if made.table != nil { try charge(DrawingCost.gradientTable) }
        return made
    }

    /// Composites `shade` (premultiplied, nil: nothing) over the region by the state's rules,
    /// within the clip's box: `cost` units per pixel visited, charged first.
    /// The pixels `paint` visits for `region`: inside the clip's box, or the canvas.
    func paintedBox(_ region: Region) -> PixelRect {
        state.clip.map { region.box.intersection($0.box) } ?? region.box.intersection(canvas)
    }

    mutating func paint(_ region: Region, cost: Int, _ shade: (Int, Int) -> UInt32?) throws(DrawingFailure) {
        let clip = state.clip
        let box = paintedBox(region)
        guard !box.isEmpty else { return }
        try charge(Self.cost(box.area, cost + DrawingCost.blend(state.blendMode)))
        painted = painted.union(box)
        let mode = state.blendMode, alpha = UInt32(state.alpha)
        let width = bitmap.width
        let keepsDestination = mode.transparentSourceKeepsDestination
        let opaque = isOpaque
        /// The coverage at (x, y): the region's, times the clip's.
        @inline(__always)
        func coverage(_ x: Int, _ y: Int, row regionRow: Int) -> UInt8 {
            var cov = UInt8(255)
            if let a = region.alpha { cov = a[regionRow + x] }
            if let clip { cov = mulDiv255(cov, clip.value(x, y)) }
            return cov
        }
        // In a non-isolated layer, what the group itself paints: each source's alpha (times its
        // coverage) united with what was there, a + s − a·s (rounded as mulDiv255).
        var group = groupAlpha ?? []
        groupAlpha = nil
        defer { if !group.isEmpty { groupAlpha = group } }
        let tracksGroup = !group.isEmpty
        if tracksGroup {
            try charge(Self.cost(box.area, cost))  // each source is shaded twice
            group.withUnsafeMutableBufferPointer { united in
                for y in box.y..<(box.y + box.height) {
                    let regionRow = (y - region.box.y) * region.box.width - region.box.x
                    for x in box.x..<(box.x + box.width) {
                        let cov = coverage(x, y, row: regionRow)
                        guard cov != 0, let s = shade(x, y) else { continue }
                        let sourceAlpha = mulDiv255(mulDiv255(UInt8(s >> 24), UInt8(alpha)), cov)
                        let i = y * width + x
                        united[i] = united[i] &+ mulDiv255(sourceAlpha, 255 &- united[i])
                    }
                }
            }
        }
        if mode == .normal, clip == nil {
            // Source-over without a clip mask, the common case: the loop below with
            // `mode.apply` as sourceOver written in, and no clip to read (the same bytes).
            let opaqueBit: UInt32 = opaque ? 0xFF00_0000 : 0
            bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in box.y..<(box.y + box.height) {
                    let regionRow = (y - region.box.y) * region.box.width - region.box.x
                    for x in box.x..<(box.x + box.width) {
                        let cov = region.alpha.map { UInt32($0[regionRow + x]) } ?? 255
                        if cov == 0 { continue }
                        guard var s = shade(x, y) else { continue }
                        if alpha != 255 { s = scaleLanes(s, by: alpha) }
                        let i = y * width + x
                        pixels[i] = sourceOver(cov == 255 ? s : scaleLanes(s, by: cov), pixels[i]) | opaqueBit
                    }
                }
            }
            return
        }
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in box.y..<(box.y + box.height) {
                let regionRow = (y - region.box.y) * region.box.width - region.box.x
                for x in box.x..<(box.x + box.width) {
                    let i = y * width + x
                    let cov = coverage(x, y, row: regionRow)
                    if cov == 0 { continue }
                    guard var s = shade(x, y) else { continue }
                    if alpha != 255 { s = scaleLanes(s, by: alpha) }
                    let d = pixels[i]
                    var result: UInt32
                    if keepsDestination {
                        result = mode.apply(cov == 255 ? s : scaleLanes(s, by: UInt32(cov)), d)
                    } else {
                        result = DrawingContext.mix(d, mode.apply(s, d), cov)
                    }
                    if opaque { result |= 0xFF00_0000 }
                    pixels[i] = result
                }
            }
        }
    }

    /// Paints a filtered image where the state asks for source-over at full alpha and nothing
    /// more (no clip, no coverage mask, no group): `paint(_:cost:_:)`'s arithmetic and charge,
    /// composited by the filter's bands as they make rows (the same bytes). False, having done
    /// nothing, when it does not apply.
    mutating func paintSourceOver(_ filtered: FilteredImage, _ region: Region) throws(DrawingFailure) -> Bool {
        let box = filtered.box
        guard state.blendMode == .normal, state.clip == nil, state.alpha == 255, region.alpha == nil,
            groupAlpha == nil, paintedBox(region) == box, !box.isEmpty, filtered.fitsBands
        else { return false }
        try charge(Self.cost(box.area, DrawingCost.imagePixel + DrawingCost.blend(state.blendMode)))
        painted = painted.union(box)
        let alphaBits: UInt32 = isOpaque ? 0xFF00_0000 : 0
        let width = bitmap.width
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            filtered.composite(onto: pixels.baseAddress!, canvasWidth: width, alphaBits: alphaBits)
        }
        return true
    }

    /// d + round((r − d) × cov / 255) per channel.
    static func mix(_ d: UInt32, _ r: UInt32, _ cov: UInt8) -> UInt32 {
        if cov == 255 { return r }
        let dc = Channels(d), rc = Channels(r), c = Int64(cov)
        func channel(_ a: Int, _ b: Int) -> Int { a + Int(roundedDivideSigned(Int64(b - a) * c, 255)) }
        return Channels(r: channel(dc.r, rc.r), g: channel(dc.g, rc.g), b: channel(dc.b, rc.b), a: channel(dc.a, rc.a))
            .packed
    }
}
