// Image drawing: sampling at destination pixel centres, optional tint, coverage, source-over.
//
// Mapping (docs/RENDERING.md §Sampling), per axis, for a draw of source span [s, s + n) (whole
// pixels) onto destination span [d0, d1) (24.8):
//   k    = floor(n · 2^24 / (d1 − d0))                         source pixels per pixel, 16.16
//   u(i) = s · 2^16 + floor(((i · 256 + 128) − d0) · k / 256)  centre of pixel i, source 16.16
// Bilinear: t = u − 2^15 (texel centres sit at +0.5); taps floor(t / 2^16) and the next one, both
// clamped to [s, s + n − 1]; weight f for the second tap, 256 − f for the first: along an axis
// that does not shrink (k ≤ 2^16), Core Animation's table of the fraction rounded to eighths
// (BilinearWeights, §4.2), else f = (t / 2^8) mod 256. Nearest: the tap floor(u / 2^16), clamped.
// Bilinear value per premultiplied channel, rounded once:
//   (Σ p · wx · wy + 2^15) >> 16
// The kernel computes it as a vertical pass (p0 · (256 − fy) + p1 · fy, at most 65,280: exact in
// 16-bit lanes) then a horizontal pass, which is the same sum, also in 16-bit lanes (see
// `bilinear` for why that is exact).

extension RenderState {
    mutating func drawImage(_ draw: ImageDraw, _ image: SourceImage) {
        paint(
            image, source: draw.source, area: draw.destination, destination: draw.destination, tiled: false,
            sampling: draw.sampling, tint: draw.tint)
    }

    /// An image repeated across a region, in one pass: each pixel is sampled in the tile holding
    /// its centre, as a draw of the source into that tile's rectangle would sample it, and covered
    /// by the region (and the clip) alone — tile edges inside the region never cut a pixel, so
    /// tiles whose edges fall between pixels meet without seams.
    mutating func drawTiles(_ tile: TileDraw, _ image: SourceImage) {
        guard tile.tileWidth > 0, tile.tileHeight > 0 else { return }
        let region = tile.region
        let first = DeviceRect(
            x0: region.x0, y0: region.y0, x1: region.x0 + tile.tileWidth, y1: region.y0 + tile.tileHeight)
        paint(
            image, source: tile.source, area: region, destination: first, tiled: true, sampling: tile.sampling,
            tint: tile.tint)
    }

    /// Covers `area` (inside the clip) with `source` mapped onto `destination` — or, `tiled`, onto
    /// copies of it repeated from its corner every destination width and height.
    private mutating func paint(
        _ image: SourceImage, source: PixelRect, area: DeviceRect, destination: DeviceRect, tiled: Bool,
        sampling: Sampling, tint: PremultipliedColor?
    ) {
        guard let source = clamped(source, to: image) else { return }
        if area.isEmpty || destination.isEmpty || tint?.a == 0 { return }
        let visible = area.intersection(clip)
        if visible.isEmpty { return }
        let (px0, px1) = pixelSpan(visible.x0, visible.x1)
        let (py0, py1) = pixelSpan(visible.y0, visible.y1)
        let columns = AxisTaps(
            pixels: px0..<px1, visible: visible.x0..<visible.x1, destination: destination.x0..<destination.x1,
            source: source.x, count: source.width, sampling: sampling,
            period: tiled ? destination.x1 - destination.x0 : nil)
        let rows = AxisTaps(
            pixels: py0..<py1, visible: visible.y0..<visible.y1, destination: destination.y0..<destination.y1,
            source: source.y, count: source.height, sampling: sampling,
            period: tiled ? destination.y1 - destination.y0 : nil)
        if sampling == .bilinear, !tiled,
            var shrinking = ShrinkingDraw(
                image, source: source, destination: destination, x: px0..<px1, y: py0..<py1)
        {
            rasterize(&shrinking, columns: columns, rows: rows, x: px0..<px1, y: py0..<py1, tint: tint)
            return
        }
        rasterize(image, columns: columns, rows: rows, x: px0..<px1, y: py0..<py1, sampling: sampling, tint: tint)
    }

    /// The part of `source` inside the image, or nil if none.
    private func clamped(_ source: PixelRect, to image: SourceImage) -> PixelRect? {
        let sx0 = max(0, source.x), sy0 = max(0, source.y)
        let sx1 = min(image.width, source.x + source.width), sy1 = min(image.height, source.y + source.height)
        let result = PixelRect(x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0)
        return result.isEmpty ? nil : result
    }

    /// Samples, tints, covers and composites the pixels `x` × `y` with the given taps.
    private mutating func rasterize(
        _ image: SourceImage, columns: AxisTaps, rows: AxisTaps, x: Range<Int>, y: Range<Int>,
        sampling: Sampling, tint drawTint: PremultipliedColor?
    ) {
        let (px0, px1) = (x.lowerBound, x.upperBound)
        let (py0, py1) = (y.lowerBound, y.upperBound)
        let target = layers[layers.count - 1].pixels
        let tint = drawTint?.packed
        let imageWidth = image.width
        let spanWidth = px1 - px0
        let draw = (sampling: sampling, tint: tint)
        image.bitmap.pixels.withUnsafeBufferPointer { texels in
            image.spread.withUnsafeBufferPointer { spread in
                columns.taps.withUnsafeBufferPointer { columnTaps in
                    columns.coverage.withUnsafeBufferPointer { columnCoverage in
                        // Vertical pass output for the source columns this draw reads, by source column,
                        // as two words with 32-bit lanes: (r, b) and (g, a).
                        let firstColumn = columns.minimumTap, lastColumn = columns.maximumTap
                        let blended = UnsafeMutablePointer<BlendedTexel>.allocate(
                            capacity: lastColumn - firstColumn + 1)
                        defer { blended.deallocate() }
                        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: spanWidth)
                        defer { row.deallocate() }
                        var previousRowKey = -1
                        // Columns whose pixels the draw covers completely: [interiorStart, interiorEnd).
                        let interiorStart = columnCoverage.firstIndex(of: 256) ?? spanWidth
                        let interiorEnd = (columnCoverage.lastIndex(of: 256) ?? -1) + 1

                        for j in 0..<rows.count {
                            let y = py0 + j
                            let coverY = rows.coverage[j]
                            let out = target + y * width + px0
                            if draw.sampling == .nearest {
                                let sampler = NearestSampler(
                                    line: texels.baseAddress! + rows.first[j] * imageWidth,
                                    taps: columnTaps.baseAddress!)
                                compositeRow(
                                    sampler, into: out, count: spanWidth, coverY: coverY, tint: tint,
                                    coverage: columnCoverage.baseAddress!,
                                    interior: interiorStart..<max(interiorStart, interiorEnd),
                                    scratch: row)
                                continue
                            }
                            let fy = UInt64(rows.weight[j])
                            let key = rows.first[j] << 20 | rows.second[j] << 8 | Int(fy)
                            if key != previousRowKey {
                                previousRowKey = key
                                let top = spread.baseAddress! + rows.first[j] * imageWidth
                                let bottom = spread.baseAddress! + rows.second[j] * imageWidth
                                let wTop = 256 &- fy
                                for x in firstColumn...lastColumn {
                                    let v = top[x] &* wTop &+ bottom[x] &* fy
                                    blended[x &- firstColumn] = BlendedTexel(
                                        high: (v >> 8) & 0x00FF_00FF_00FF_00FF, low: v & 0x00FF_00FF_00FF_00FF)
                                }
                            }
                            let sampler = BilinearSampler(blended: blended - firstColumn, taps: columnTaps.baseAddress!)
                            compositeRow(
                                sampler, into: out, count: spanWidth, coverY: coverY, tint: tint,
                                coverage: columnCoverage.baseAddress!,
                                interior: interiorStart..<max(interiorStart, interiorEnd),
                                scratch: row)
                        }
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
    /// `first`, `second` and `weight` side by side, for the kernel's inner loop.
    var taps: [Tap] = []
    var count: Int { first.count }

    struct Tap {
        var first: Int32
        var second: Int32
        var weight: UInt64
    }

    /// Taps for destination pixels `pixels`; `visible` bounds the coverage. With a `period`,
    /// `destination` is the first of a row of spans `period` apart (tiles) and each pixel is
    /// mapped through the span holding its centre (the first span for centres before it).
    init(
        pixels: Range<Int>, visible: Range<Int>, destination: Range<Int>, source: Int, count: Int, sampling: Sampling,
        period: Int? = nil
    ) {
        let n = pixels.count
        first = [Int](repeating: 0, count: n)
        second = [Int](repeating: 0, count: n)
        weight = [Int](repeating: 0, count: n)
        coverage = [Int](repeating: 0, count: n)
        taps.reserveCapacity(n)
        let span = destination.upperBound - destination.lowerBound
        let step = (count << 24) / span
        let last = source + count - 1
        for (index, p) in pixels.enumerated() {
            coverage[index] = min(visible.upperBound, (p + 1) << 8) - max(visible.lowerBound, p << 8)
            var start = destination.lowerBound
            let centre = (p << 8) + 128
            if let period { start += max(0, (centre - start) / period) * period }
            let offset = centre - start
            let u = (source << 16) + ((offset * step) >> 8)
            switch sampling {
            case .nearest:
                let tap = min(max(u >> 16, source), last)
                first[index] = tap
                second[index] = tap
            case .bilinear:
                // Not shrinking: Core Animation's magnification (docs/RENDERING.md §4.2), the
                // fraction to the nearest eighth through its table; shrinking: the fraction.
                let weights: BilinearWeights = step <= 1 << 16 ? .coreAnimation : .exact
                let (a, b, w) = weights.taps(Int64(u), first: source, last: last)
                (first[index], second[index], weight[index]) = (a, b, Int(w))
            }
            minimumTap = min(minimumTap, first[index])
            maximumTap = max(maximumTap, second[index])
            taps.append(Tap(first: Int32(first[index]), second: Int32(second[index]), weight: UInt64(weight[index])))
        }
    }
}

/// A vertically blended texel v (16-bit lanes, v ≤ 65,280) split as v = 256 · high + low, both
/// parts ≤ 255 per lane.
struct BlendedTexel {
    var high: UInt64
    var low: UInt64
}

/// The horizontal pass in 16-bit lanes. With weights w0 = 256 − f and w1 = f:
///   H = w0 · high0 + w1 · high1 ≤ 65,280      L = w0 · low0 + w1 · low1 ≤ 65,280
///   (Σ w · v + 2^15) >> 16 = (H + (L >> 8) + 128) >> 8
/// (256·H + L + 2^15 = 256·(H + (L >> 8) + 128) + (L mod 256), and the remainder below 256
/// cannot change a quotient by 65,536.) H + (L >> 8) ≤ Σ w · v / 256 ≤ 65,280, so every lane
/// stays below 2^16.
@inline(__always)
func bilinear(_ blended: UnsafeMutablePointer<BlendedTexel>, _ tap: AxisTaps.Tap) -> UInt32 {
    let w1 = tap.weight, w0 = 256 &- tap.weight
    let a = blended[Int(tap.first)], b = blended[Int(tap.second)]
    let h = a.high &* w0 &+ b.high &* w1
    let l = a.low &* w0 &+ b.low &* w1
    let r = ((h &+ ((l >> 8) & 0x00FF_00FF_00FF_00FF) &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    return packLanes(r)
}

/// Produces the sampled (premultiplied) pixel of destination column i of the current row.
protocol RowSampler {
    func sample(_ i: Int) -> UInt32
}

struct NearestSampler: RowSampler {
    let line: UnsafePointer<UInt32>
    let taps: UnsafePointer<AxisTaps.Tap>

    @inline(__always)
    func sample(_ i: Int) -> UInt32 { line[Int(taps[i].first)] }
}

struct BilinearSampler: RowSampler {
    let blended: UnsafeMutablePointer<BlendedTexel>
    let taps: UnsafePointer<AxisTaps.Tap>

    @inline(__always)
    func sample(_ i: Int) -> UInt32 { bilinear(blended, taps[i]) }

    /// Pixels i and i + 1 at once (8 lanes of 16 bits), packed as two pixels in a UInt64.
    @inline(__always)
    func samplePair(_ i: Int) -> UInt64 {
        let t0 = taps[i], t1 = taps[i + 1]
        let a0 = blended[Int(t0.first)], b0 = blended[Int(t0.second)]
        let a1 = blended[Int(t1.first)], b1 = blended[Int(t1.second)]
        typealias Lanes = SIMD8<UInt16>
        let highA = unsafeBitCast(SIMD2<UInt64>(a0.high, a1.high), to: Lanes.self)
        let highB = unsafeBitCast(SIMD2<UInt64>(b0.high, b1.high), to: Lanes.self)
        let lowA = unsafeBitCast(SIMD2<UInt64>(a0.low, a1.low), to: Lanes.self)
        let lowB = unsafeBitCast(SIMD2<UInt64>(b0.low, b1.low), to: Lanes.self)
        let w1 = unsafeBitCast(
            SIMD2<UInt64>(t0.weight &* 0x0001_0001_0001_0001, t1.weight &* 0x0001_0001_0001_0001), to: Lanes.self)
        let w0 = 256 &- w1
        let h = highA &* w0 &+ highB &* w1
        let l = lowA &* w0 &+ lowB &* w1
        let r = (h &+ (l &>> 8) &+ 128) &>> 8
        let words = unsafeBitCast(r, to: SIMD2<UInt64>.self)
        return UInt64(packLanes(words[0])) | UInt64(packLanes(words[1])) << 32
    }
}

/// Samples one destination row and composites it: tint, coverage (row × column), source-over.
/// The interior of a fully covered row without tint goes sample → store in one pass.
@inline(__always)
func compositeRow<Sampler: RowSampler>(
    _ sampler: Sampler, into out: UnsafeMutablePointer<UInt32>, count: Int, coverY: Int, tint: UInt32?,
    coverage: UnsafePointer<Int>, interior: Range<Int>, scratch: UnsafeMutablePointer<UInt32>
) {
    if tint == nil && coverY == 256 {
        for i in 0..<interior.lowerBound {
            out[i] = sourceOver(applyCoverage(sampler.sample(i), coverage[i] * 256), out[i])
        }
        var i = interior.lowerBound
        if let pairs = sampler as? BilinearSampler {
            while i + 1 < interior.upperBound {
                let two = pairs.samplePair(i)
                if two & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                    UnsafeMutableRawPointer(out + i).storeBytes(of: UInt32(truncatingIfNeeded: two), as: UInt32.self)
                    UnsafeMutableRawPointer(out + i + 1).storeBytes(
                        of: UInt32(truncatingIfNeeded: two >> 32), as: UInt32.self)
                } else {
                    out[i] = sourceOver(UInt32(truncatingIfNeeded: two), out[i])
                    out[i + 1] = sourceOver(UInt32(truncatingIfNeeded: two >> 32), out[i + 1])
                }
                i += 2
            }
        }
        while i < interior.upperBound {
            let p = sampler.sample(i)
            out[i] = p >> 24 == 255 ? p : sourceOver(p, out[i])
            i += 1
        }
        for i in interior.upperBound..<count {
            out[i] = sourceOver(applyCoverage(sampler.sample(i), coverage[i] * 256), out[i])
        }
        return
    }
    for i in 0..<count {
        var p = sampler.sample(i)
        if let tint { p = scaleLanes(tint, by: p >> 24) }
        out[i] = sourceOver(applyCoverage(p, coverage[i] * coverY), out[i])
    }
}
