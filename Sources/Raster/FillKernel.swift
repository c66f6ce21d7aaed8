extension RenderState {
    /// Source-over `color` over the visible rectangle `rect` (already clipped).
    mutating func fill(_ rect: DeviceRect, _ color: PremultipliedColor) {
        if rect.isEmpty || color.a == 0 { return }
        let (px0, px1) = pixelSpan(rect.x0, rect.x1)
        let (py0, py1) = pixelSpan(rect.y0, rect.y1)
        // Columns the rectangle covers completely: [ix0, ix1).
        let ix0 = min(max((rect.x0 + 255) >> 8, px0), px1)
        let ix1 = max(min(rect.x1 >> 8, px1), ix0)
        let src = color.packed
        let opaque = src >> 24 == 255
        let pixels = layers[layers.count - 1].pixels
        for y in py0..<py1 {
            let coverY = coverage(y, rect.y0, rect.y1)
            let row = pixels + y * width
            for x in px0..<ix0 {
                row[x] = sourceOver(applyCoverage(src, coverage(x, rect.x0, rect.x1) * coverY), row[x])
            }
            if coverY == 256 {
                if opaque {
                    (row + ix0).update(repeating: src, count: ix1 - ix0)
                } else {
                    for x in ix0..<ix1 { row[x] = sourceOver(src, row[x]) }
                }
            } else {
                let partial = applyCoverage(src, 256 * coverY)
                for x in ix0..<ix1 { row[x] = sourceOver(partial, row[x]) }
            }
            for x in ix1..<px1 {
                row[x] = sourceOver(applyCoverage(src, coverage(x, rect.x0, rect.x1) * coverY), row[x])
            }
        }
        layers[layers.count - 1].touch(px0, py0, px1, py1)
    }
}
