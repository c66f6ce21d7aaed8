// Image drawing: sampling at destination pixel centres, optional tint, coverage, source-over.
//
// Mapping (docs/RENDERING.md §Sampling), per axis, for a draw of source span [s, s + n) (whole
// pixels) onto destination span [d0, d1) (24.8):
//   k    = floor(n · 2^24 / (d1 − d0))                         source pixels per pixel, 16.16
//   u(i) = s · 2^16 + floor(((i · 256 + 128) − d0) · k / 256)  centre of pixel i, source 16.16
// Bilinear: t = u − 2^15 (texel centres sit at +0.5); taps floor(t / 2^16) and the next one, both
// clamped to [s, s + n − 1]; weight f = (t / 2^8) mod 256 for the second tap, 256 − f for the
// first. Nearest: the tap floor(u / 2^16), clamped.
// Bilinear value per premultiplied channel, rounded once:
//   (Σ p · wx · wy + 2^15) >> 16
// The kernel computes it as a vertical pass (p0 · (256 − fy) + p1 · fy, at most 65,280: exact in
// 16-bit lanes) then a horizontal pass in 32-bit lanes, which is the same sum.

extension RenderState {
    mutating func drawImage(_ draw: ImageDraw, _ image: SourceImage) {
        let destination = draw.destination
        var source = draw.source
        // Source rectangles outside the image are clamped to it.
        let sx0 = max(0, source.x), sy0 = max(0, source.y)
        let sx1 = min(image.width, source.x + source.width), sy1 = min(image.height, source.y + source.height)
        source = PixelRect(x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0)
        if destination.isEmpty || source.isEmpty || draw.tint?.a == 0 { return }
        let visible = destination.intersection(clip)
        if visible.isEmpty { return }
        let (px0, px1) = pixelSpan(visible.x0, visible.x1)
        let (py0, py1) = pixelSpan(visible.y0, visible.y1)

        let columns = AxisTaps(pixels: px0..<px1, visible: visible.x0..<visible.x1, destination: destination.x0..<destination.x1,
                               source: source.x, count: source.width, sampling: draw.sampling)
        let rows = AxisTaps(pixels: py0..<py1, visible: visible.y0..<visible.y1, destination: destination.y0..<destination.y1,
                            source: source.y, count: source.height, sampling: draw.sampling)
        let target = layers[layers.count - 1].pixels
        let tint = draw.tint?.packed
        let imageWidth = image.width
        let spanWidth = px1 - px0

        image.bitmap.pixels.withUnsafeBufferPointer { texels in
            image.spread.withUnsafeBufferPointer { spread in
                // Vertical pass output for the source columns this draw reads, by source column.
                let firstColumn = columns.minimumTap, lastColumn = columns.maximumTap
                let blended = UnsafeMutablePointer<UInt64>.allocate(capacity: lastColumn - firstColumn + 1)
                defer { blended.deallocate() }
                let row = UnsafeMutablePointer<UInt32>.allocate(capacity: spanWidth)
                defer { row.deallocate() }
                var previousRowKey = -1

                for j in 0..<rows.count {
                    let y = py0 + j
                    let coverY = rows.coverage[j]
                    let out = target + y * width + px0
                    if draw.sampling == .nearest {
                        let line = texels.baseAddress! + rows.first[j] * imageWidth
                        for i in 0..<spanWidth { row[i] = line[columns.first[i]] }
                    } else {
                        let fy = UInt64(rows.weight[j])
                        let key = rows.first[j] << 20 | rows.second[j] << 8 | Int(fy)
                        if key != previousRowKey {
                            previousRowKey = key
                            let top = spread.baseAddress! + rows.first[j] * imageWidth
                            let bottom = spread.baseAddress! + rows.second[j] * imageWidth
                            let wTop = 256 &- fy
                            for x in firstColumn...lastColumn {
                                blended[x - firstColumn] = top[x] &* wTop &+ bottom[x] &* fy
                            }
                        }
                        let base = blended - firstColumn
                        for i in 0..<spanWidth {
                            let fx = UInt64(columns.weight[i])
                            let a = base[columns.first[i]], b = base[columns.second[i]]
                            let lo = (a & 0x0000_FFFF_0000_FFFF) &* (256 &- fx) &+ (b & 0x0000_FFFF_0000_FFFF) &* fx
                            let hi = ((a >> 16) & 0x0000_FFFF_0000_FFFF) &* (256 &- fx)
                                &+ ((b >> 16) & 0x0000_FFFF_0000_FFFF) &* fx
                            let rl = ((lo &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
                            let rh = ((hi &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
                            let combined = rl | rh << 8
                            row[i] = UInt32(truncatingIfNeeded: combined | combined >> 16)
                        }
                    }
                    // Tint, coverage, source-over.
                    let fullRow = coverY == 256
                    for i in 0..<spanWidth {
                        var p = row[i]
                        if let tint { p = scaleLanes(tint, by: p >> 24) }
                        let coverX = columns.coverage[i]
                        if !(fullRow && coverX == 256) { p = applyCoverage(p, coverX * coverY) }
                        out[i] = sourceOver(p, out[i])
                    }
                }
            }
        }
        layers[layers.count - 1].touch(px0, py0, px1, py1)
    }
}

/// Per destination pixel along one axis: the source taps, the second tap's weight and the
/// pixel's coverage (1/256).
struct AxisTaps {
    var first: [Int]
    var second: [Int]
    var weight: [Int]
    var coverage: [Int]
    var minimumTap = Int.max
    var maximumTap = Int.min
    var count: Int { first.count }

    init(pixels: Range<Int>, visible: Range<Int>, destination: Range<Int>, source: Int, count: Int, sampling: Sampling) {
        let n = pixels.count
        first = [Int](repeating: 0, count: n)
        second = [Int](repeating: 0, count: n)
        weight = [Int](repeating: 0, count: n)
        coverage = [Int](repeating: 0, count: n)
        let span = destination.upperBound - destination.lowerBound
        let step = (count << 24) / span
        let last = source + count - 1
        for (index, p) in pixels.enumerated() {
            coverage[index] = min(visible.upperBound, (p + 1) << 8) - max(visible.lowerBound, p << 8)
            let offset = (p << 8) + 128 - destination.lowerBound
            let u = (source << 16) + ((offset * step) >> 8)
            switch sampling {
            case .nearest:
                let tap = min(max(u >> 16, source), last)
                first[index] = tap
                second[index] = tap
            case .bilinear:
                let t = u - 32768
                let tap = t >> 16
                first[index] = min(max(tap, source), last)
                second[index] = min(max(tap + 1, source), last)
                weight[index] = (t >> 8) & 0xFF
            }
            minimumTap = min(minimumTap, first[index])
            maximumTap = max(maximumTap, second[index])
        }
    }
}
