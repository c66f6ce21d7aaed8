extension DisplayList {
    /// What rendering the list onto a `width × height` canvas costs, in pixel operations, as the
    /// `render-pixels` limit counts it (docs/LIMITS.md), an upper bound of the renderer's work:
    ///
    /// - the canvas's pixels nine times: cleared and drawn on, then made into the snapshot — its
    ///   digest, straight RGBA and the PNG's filter and deflate, about eight times a draw's cost
    ///   per pixel (a 48-variant 2048-point canvas at 3x rendered for 39 s within the limit when
    ///   the canvas counted once);
    /// - a fill: its pixels on the canvas (device-pixel bounds rounded out, clipped to the
    ///   canvas; clips inside the list are not subtracted);
    /// - an image: per destination row on the canvas, `imagePixel` per column (each pixel
    ///   sampled, tinted and composited: measured at about four times a fill's pixel) plus the
    ///   source columns they span (the bilinear kernel blends every source column between a row's
    ///   first and last tap: a 2-pixel-wide view showing a 4096-pixel-wide image blends about 4096
    ///   per row); drawn smaller, its halvings and filter passes besides (`shrinkingWork`);
    /// - tiles: the same for the region, the source's width once per row (the tiles are one pass
    ///   that samples each pixel in the tile holding it, however many tiles there are);
    /// - a border: three times its pixels on the canvas (its two masks, then the compositing);
    /// - a rounded clip: 64 times a corner box's area (its masks), and every draw under it twice
    ///   the four boxes' area (saved before, mixed after) and, in each band, its four masks looked
    ///   at (those the draw touches are saved and mixed); a continuous one its outline's
    ///   construction besides (`RoundedRect.pathWork`), a border twice that;
    /// - every command once per band it is executed in (Renderer.bandRows).
    ///
    /// - a group (a view's alpha below 1): `groupPixel` per pixel of the box of what is drawn in
    ///   it (its commands' visible rectangles, nested groups' boxes included), which Renderer's
    ///   `endGroup` composites onto the layer below and clears; the draws inside count as
    ///   elsewhere (90 nested full-canvas groups of one translucent view rendered for 20 s on a
    ///   6144² canvas, attack round 18, when groups counted nothing).
    ///
    /// Saturates at Int.max.
    public func renderWork(width: Int, height: Int) -> Int {
        guard width > 0 && height > 0 else { return 0 }
        let rows = Renderer.bandRows(width: width)
        let bands = Double((height + rows - 1) / rows)
        var work = 9 * Double(width) * Double(height)
        /// The rectangle's visible pixels (whole pixels, clipped to the canvas; nil: none).
        func box(_ rect: DeviceRect) -> PixelRect? {
            let x0 = max(0, rect.x0 >> 8), y0 = max(0, rect.y0 >> 8)
            let x1 = min(width, (rect.x1 + 255) >> 8), y1 = min(height, (rect.y1 + 255) >> 8)
            return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
        /// The rectangle's visible columns and rows, and its width in pixels.
        func visible(_ rect: DeviceRect) -> (columns: Double, rows: Double, fullWidth: Double) {
            guard let b = box(rect) else { return (0, 0, 1) }
            return (Double(b.width), Double(b.height), max(1, Double(rect.x1 - rect.x0) / 256))
        }
        // The open groups' boxes of what was drawn in them, innermost last.
        var groups: [PixelRect?] = []
        func drawn(_ rect: PixelRect?) {
            guard let rect, let last = groups.indices.last else { return }
            groups[last] = groups[last].map { $0.union(rect) } ?? rect
        }
        func closeGroup() {
            guard let drawnBox = groups.popLast() ?? nil else { return }
            work += Self.groupPixel * Double(drawnBox.width) * Double(drawnBox.height)
            drawn(drawnBox)  // composited onto the layer below
        }
        // Under rounded clips every draw saves and mixes the corner boxes of each active one.
        var cornerAreas: [Double] = []
        var underCorners = 0.0
        // Each draw, in each band, looks at every active corner mask for those it touches.
        var maskCounts: [Int] = []
        var activeMasks = 0
        for command in commands {
            switch command {
            case .fill, .drawImage, .tileImage, .border:
                work += 2 * underCorners + Double(activeMasks) * bands
            default: break
            }
            switch command {
            case let .fill(rect, _): drawn(box(rect))
            case let .drawImage(draw): drawn(box(draw.destination))
            case let .tileImage(tile): drawn(box(tile.region))
            case let .border(shape, _, _): drawn(box(shape.rect))
            case .beginGroup: groups.append(nil)
            case .endGroup: closeGroup()
            default: break
            }
            switch command {
            case let .fill(rect, _):
                let v = visible(rect)
                work += v.columns * v.rows
            case let .drawImage(draw):
                let v = visible(draw.destination)
                let spanned = (Double(draw.source.width) * v.columns / v.fullWidth).rounded(.up)
                work += v.rows * (Self.imagePixel * v.columns + spanned)
                if draw.sampling == .bilinear, images.indices.contains(draw.image) {
                    work += shrinkingWork(draw, images[draw.image], columns: v.columns, rows: v.rows, bands: bands)
                }
            case let .tileImage(tile):
                let v = visible(tile.region)
                work += v.rows * (Self.imagePixel * v.columns + Double(tile.source.width))
            case let .border(shape, _, _):
                // The ring's two masks over its rectangle, made once, then composited; a
                // continuous ring's two outlines made first.
                let v = visible(shape.rect)
                work += 3 * v.columns * v.rows + 2 * Double(shape.pathWork)
            case let .pushRoundedClip(shape):
                // Four corner masks (made once), and what each later draw saves and mixes.
                let side = min(Double(shape.cornerExtent) / 256 + 2, Double(max(width, height)))
                work += 64 * side * side + Double(shape.pathWork)
                cornerAreas.append(4 * side * side)
                underCorners += 4 * side * side
                maskCounts.append(4)
                activeMasks += 4
            case .pushClip:
                cornerAreas.append(0)
                maskCounts.append(0)
            case .popClip:
                underCorners -= cornerAreas.popLast() ?? 0
                activeMasks -= maskCounts.popLast() ?? 0
            case .beginGroup, .endGroup: break
            }
            work += bands
        }
        while !groups.isEmpty { closeGroup() }  // the renderer closes groups left open
        return work.isFinite && work < Double(Int.max) ? Int(work) : Int.max
    }

    /// The most bytes of border and corner masks one variant's rendering may hold
    /// (`preparedMaskBytes`): 128 MiB, 42 full-screen bordered views of an iPhone at 3x. Rendering
    /// runs a variant per core, each holding its own.
    public static let maxPreparedMaskBytes = 128 << 20

    /// The bytes of the masks rendering prepares before it draws and holds until it ends
    /// (Renderer's PreparedShapes), a byte a pixel: each border's rectangle on the canvas, and
    /// each rounded clip's four corner boxes (bounded as `renderWork` bounds them). 34 views of a
    /// one-pixel border over a 6144² canvas held 1.4 GB, within `render-pixels` (attack round 19).
    public func preparedMaskBytes(width: Int, height: Int) -> Int {
        guard width > 0 && height > 0 else { return 0 }
        var bytes = 0.0
        for command in commands {
            switch command {
            case let .border(shape, border, _) where border > 0:
                let (x0, x1) = pixelSpan(shape.rect.x0, shape.rect.x1),
                    (y0, y1) = pixelSpan(shape.rect.y0, shape.rect.y1)
                let w = min(x1, width) - max(x0, 0), h = min(y1, height) - max(y0, 0)
                if w > 0 && h > 0 { bytes += Double(w) * Double(h) }
            case let .pushRoundedClip(shape):
                let side = min(Double(shape.cornerExtent) / 256 + 2, Double(max(width, height)))
                bytes += 4 * side * side
            default: break
            }
        }
        return bytes < Double(Int.max) ? Int(bytes) : Int.max
    }

    /// What one pixel of an image draw costs beside a fill's pixel (1): sampling (two taps a
    /// side), tinting and compositing. Measured in release (docs/LIMITS.md): 200 views showing a
    /// one-pixel image stretched over 1024 × 1024 took 3.7 times as long as 200 translucent fills of
    /// the same size, a 1024² image shown at its size 4.9 times.
    static let imagePixel = 4.0

    /// What one pixel of a group's box costs beside a fill's pixel: compositing it with the
    /// group's opacity onto the layer below, and clearing it. Measured in release (attack round
    /// 18): 90 nested full-canvas groups over one translucent view took 5.4 ns a pixel of each
    /// group, 100 translucent full-canvas fills 1.3 ns a pixel of each fill.
    static let groupPixel = 4.0

    /// What an image drawn smaller adds (§4.1), when it shrinks: the halvings (each pixel of the
    /// image read once for all of them, counted as its area), then the filter's first pass over
    /// the image rows the visible rows read — at most the rows' reach and the taps once more per
    /// band — times the columns and their taps, and its second pass, the visible pixels times the
    /// row taps. Taps are bounded as FilterAxis.maxTaps bounds them.
    private func shrinkingWork(_ draw: ImageDraw, _ image: SourceImage, columns: Double, rows: Double, bands: Double)
        -> Double
    {
        let spanX = draw.destination.x1 - draw.destination.x0, spanY = draw.destination.y1 - draw.destination.y0
        guard spanX > 0, spanY > 0, columns > 0, rows > 0 else { return 0 }
        var width = draw.source.width, height = draw.source.height
        var kx = (width << 24) / spanX, ky = (height << 24) / spanY
        guard kx > 1 << 16 || ky > 1 << 16 else { return 0 }
        var work = 0.0
        if draw.source == PixelRect(x: 0, y: 0, width: image.width, height: image.height) {
            let levels = ShrinkPyramid.levels(reduction: UInt64(min(kx, ky)) << 16, of: image)
            if levels > 0 {
                work += Double(width) * Double(height)
                width >>= levels
                height >>= levels
                kx = (width << 24) / spanX
                ky = (height << 24) / spanY
            }
        }
        let tapsX = Double(FilterAxis.maxTaps(step: Int64(min(kx, 1 << 40)) << 16, count: width))
        let tapsY = Double(FilterAxis.maxTaps(step: Int64(min(ky, 1 << 40)) << 16, count: height))
        let sourceRows = min(Double(height), rows * (Double(ky >> 16) + 1) + tapsY) + bands * tapsY
        return work + sourceRows * columns * tapsX + rows * columns * tapsY
    }
}
