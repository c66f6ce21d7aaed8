extension RenderState {
    /// Source-over `color` over the visible rectangle `rect` (already clipped).
    mutating func fill(_ rect: DeviceRect, _ color: PremultipliedColor) {
        if rect.isEmpty || color.a == 0 { return }
        let (px0, px1) = pixelSpan(rect.x0, rect.x1)
        let (py0, py1) = pixelSpan(rect.y0, rect.y1)
        let src = color.packed
        let pixels = layers[layers.count - 1].pixels
        for y in py0..<py1 {
            let coverY = coverage(y, rect.y0, rect.y1)
            let row = pixels + y * width
            var x = px0
            while x < px1 {
                let coverX = coverage(x, rect.x0, rect.x1)
                if coverX == 256 && coverY == 256 {
                    // Interior run.
                    var end = x + 1
                    while end < px1 && coverage(end, rect.x0, rect.x1) == 256 { end += 1 }
                    if src >> 24 == 255 {
                        (row + x).update(repeating: src, count: end - x)
                    } else {
                        for i in x..<end { row[i] = sourceOver(src, row[i]) }
                    }
                    x = end
                } else {
                    row[x] = sourceOver(applyCoverage(src, coverX * coverY), row[x])
                    x += 1
                }
            }
        }
        layers[layers.count - 1].touch(px0, py0, px1, py1)
    }
}
