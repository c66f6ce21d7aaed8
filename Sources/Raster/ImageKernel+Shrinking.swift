// An image view's image drawn smaller (docs/RENDERING.md §4.1): Core Animation's render of a
// layer's contents shrinks as Core Graphics' draw(in:) does — an opaque image halved while more
// than a halving is left (ShrinkPyramid), then §11.8.1's filter — measured against UIKit's renders of
// image views (docs/UIKIT-REFERENCES.md). The mapping is §4's: each axis's device pixel centres
// u(p) = s·2^16 + ⌊((p·256 + 128) − d0)·k / 256⌋, k = ⌊n·2^24 / (d1 − d0)⌋, which FilterAxis
// takes as start (128 − d0)·k·256 and step k·2^16 (2^-32 source pixels).

/// A draw's filter along both axes, and the image it reads (halved or not).
struct ShrinkingDraw {
    var filter: FilteredImage

    /// The filter for drawing `source` of `image` onto `destination` over the device pixels
    /// `x` × `y`, or nil when neither axis shrinks, or the taps would pass FilteredImage's cells
    /// or the mapping's range (then §4's bilinear sample draws it). The pyramid applies when the
    /// whole image is drawn; a part of it (a slice of a resizable image) is filtered unhalved,
    /// its taps kept inside the part.
    init?(
        _ image: SourceImage, source: PixelRect, destination: DeviceRect, x: Range<Int>, y: Range<Int>
    ) {
        let spanX = destination.x1 - destination.x0, spanY = destination.y1 - destination.y0
        guard spanX > 0, spanY > 0, !x.isEmpty, !y.isEmpty else { return nil }
        var image = image, source = source
        var kx = (source.width << 24) / spanX, ky = (source.height << 24) / spanY
        guard kx > 1 << 16 || ky > 1 << 16 else { return nil }
        if source == PixelRect(x: 0, y: 0, width: image.width, height: image.height) {
            let levels = ShrinkPyramid.levels(reduction: UInt64(min(kx, ky)) << 16, of: image)
            if levels > 0 {
                image = image.halved(levels)
                source = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
                kx = (source.width << 24) / spanX
                ky = (source.height << 24) / spanY
            }
        }
        guard let columns = Self.axis(pixels: x, d0: destination.x0, k: kx, source: source.x, count: source.width),
            let rows = Self.axis(pixels: y, d0: destination.y0, k: ky, source: source.y, count: source.height),
            let tapsY = Int(exactly: FilterAxis.maxTaps(step: Int64(ky) << 16, count: source.height)),
            tapsY.multipliedReportingOverflow(by: x.count).partialValue <= FilteredImage.maxCells,
            !tapsY.multipliedReportingOverflow(by: x.count).overflow
        else { return nil }
        let box = PixelRect(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count)
        filter = FilteredImage(image: image, columns: columns, rows: rows, box: box)
    }

    /// One axis's taps, moved to the source part's origin; nil past a reduction of 2^15 or a
    /// destination 2^44 pixels away (the mapping's sums then stay below 2^62).
    private static func axis(pixels: Range<Int>, d0: Int, k: Int, source: Int, count: Int) -> FilterAxis? {
        let (scaled, overflow) = (128 - d0).multipliedReportingOverflow(by: k)
        guard !overflow, scaled.magnitude < 1 << 52, k <= 1 << 31 else { return nil }
        var axis = FilterAxis(
            pixels: pixels, start: Int64(scaled) << 8, step: Int64(k) << 16, count: count, magnification: .coreAnimation
        )
        axis.offset(by: source)
        return axis
    }
}

extension RenderState {
    /// Composites the filtered pixels of `draw` over `x` × `y`: tint, coverage (row × column)
    /// and source-over as for a bilinear sample.
    mutating func rasterize(
        _ draw: inout ShrinkingDraw, columns: AxisTaps, rows: AxisTaps, x: Range<Int>, y: Range<Int>,
        tint drawTint: PremultipliedColor?
    ) {
        let target = layers[layers.count - 1].pixels
        let tint = drawTint?.packed
        let spanWidth = x.count
        let filtered = UnsafeMutablePointer<UInt32>.allocate(capacity: spanWidth)
        defer { filtered.deallocate() }
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: spanWidth)
        defer { scratch.deallocate() }
        columns.coverage.withUnsafeBufferPointer { columnCoverage in
            let interiorStart = columnCoverage.firstIndex(of: 256) ?? spanWidth
            let interiorEnd = (columnCoverage.lastIndex(of: 256) ?? -1) + 1
            for j in 0..<rows.count {
                let row = y.lowerBound + j
                draw.filter.row(row, into: filtered)
                compositeRow(
                    RowSamples(pixels: filtered), into: target + row * width + x.lowerBound, count: spanWidth,
                    coverY: rows.coverage[j], tint: tint, coverage: columnCoverage.baseAddress!,
                    interior: interiorStart..<max(interiorStart, interiorEnd), scratch: scratch)
            }
        }
        layers[layers.count - 1].touch(x.lowerBound, y.lowerBound, x.upperBound, y.upperBound)
    }
}

/// A row of samples made beforehand.
struct RowSamples: RowSampler {
    let pixels: UnsafePointer<UInt32>

    @inline(__always)
    func sample(_ i: Int) -> UInt32 { pixels[i] }
}
