extension DisplayList {
    /// What rendering the list onto a `width × height` canvas costs, in pixel operations, as the
    /// `render-pixels` limit counts it (docs/LIMITS.md): the canvas once, each fill, image and
    /// tile region's area on the canvas (its device-pixel bounds, rounded out, clipped to the
    /// canvas; clips inside the list are not subtracted, so this is an upper bound of the pixels
    /// drawn), and each command once per band it is executed in (Renderer.bandRows). Groups cost
    /// the pixels drawn in them, which the draws already count. Saturates instead of overflowing.
    public func renderWork(width: Int, height: Int) -> Int {
        guard width > 0 && height > 0 else { return 0 }
        let rows = Renderer.bandRows(width: width)
        let bands = (height + rows - 1) / rows
        var work = width * height
        func add(_ value: Int) {
            let (sum, overflow) = work.addingReportingOverflow(value)
            work = overflow ? Int.max : sum
        }
        func area(_ rect: DeviceRect) -> Int {
            let x0 = max(0, rect.x0 >> 8), y0 = max(0, rect.y0 >> 8)
            let x1 = min(width, (rect.x1 + 255) >> 8), y1 = min(height, (rect.y1 + 255) >> 8)
            return x1 > x0 && y1 > y0 ? (x1 - x0) * (y1 - y0) : 0
        }
        for command in commands {
            switch command {
            case let .fill(rect, _): add(area(rect))
            case let .drawImage(draw): add(area(draw.destination))
            case let .tileImage(tile): add(area(tile.region))
            case .pushClip, .popClip, .beginGroup, .endGroup: break
            }
            add(bands)
        }
        return work
    }
}
