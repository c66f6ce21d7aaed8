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
    /// - an image: per destination row on the canvas, its columns plus the source columns they
    ///   span (the bilinear kernel blends every source column between a row's first and last tap:
    ///   a 2-pixel-wide view showing a 4096-pixel-wide image blends about 4096 per row);
    /// - tiles: the same for the region, each tile spanning the source's width, plus 64 per tile
    ///   (a tile is a draw of its own);
    /// - a border: twice its pixels on the canvas (its mask, then the compositing);
    /// - a rounded clip: 64 times a corner box's area (its masks), and every draw under it twice
    ///   the four boxes' area (saved before, mixed after);
    /// - every command once per band it is executed in (Renderer.bandRows).
    ///
    /// Groups cost the pixels drawn in them, which the draws already count. Saturates at Int.max.
    public func renderWork(width: Int, height: Int) -> Int {
        guard width > 0 && height > 0 else { return 0 }
        let rows = Renderer.bandRows(width: width)
        let bands = Double((height + rows - 1) / rows)
        var work = 9 * Double(width) * Double(height)
        /// The rectangle's visible columns and rows (whole pixels), and its width in pixels.
        func visible(_ rect: DeviceRect) -> (columns: Double, rows: Double, fullWidth: Double) {
            let x0 = max(0, rect.x0 >> 8), y0 = max(0, rect.y0 >> 8)
            let x1 = min(width, (rect.x1 + 255) >> 8), y1 = min(height, (rect.y1 + 255) >> 8)
            guard x1 > x0 && y1 > y0 else { return (0, 0, 1) }
            return (Double(x1 - x0), Double(y1 - y0), max(1, Double(rect.x1 - rect.x0) / 256))
        }
        // Under rounded clips every draw saves and mixes the corner boxes of each active one.
        var cornerAreas: [Double] = []
        var underCorners = 0.0
        for command in commands {
            switch command {
            case .fill, .drawImage, .tileImage, .border: work += 2 * underCorners
            default: break
            }
            switch command {
            case let .fill(rect, _):
                let v = visible(rect)
                work += v.columns * v.rows
            case let .drawImage(draw):
                let v = visible(draw.destination)
                let spanned = (Double(draw.source.width) * v.columns / v.fullWidth).rounded(.up)
                work += v.rows * (v.columns + spanned)
            case let .tileImage(tile):
                let v = visible(tile.region)
                let tileWidth = max(1, Double(tile.tileWidth)) / 256, tileHeight = max(1, Double(tile.tileHeight)) / 256
                let across = (v.columns / tileWidth).rounded(.up) + 1, down = (v.rows / tileHeight).rounded(.up) + 1
                work += v.rows * (v.columns + across * Double(tile.source.width)) + across * down * 64
            case let .border(shape, _, _):
                // The ring's mask over its rectangle, made once, then composited.
                let v = visible(shape.rect)
                work += 2 * v.columns * v.rows
            case let .pushRoundedClip(shape):
                // Four corner masks (made once), and what each later draw saves and mixes.
                let side = min(Double(shape.radius) / 256 + 2, Double(max(width, height)))
                work += 64 * side * side
                cornerAreas.append(4 * side * side)
                underCorners += 4 * side * side
            case .pushClip:
                cornerAreas.append(0)
            case .popClip:
                underCorners -= cornerAreas.popLast() ?? 0
            case .beginGroup, .endGroup: break
            }
            work += bands
        }
        return work.isFinite && work < Double(Int.max) ? Int(work) : Int.max
    }
}
