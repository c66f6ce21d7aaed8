// The renderer's side of §13: corner masks and border masks made once per render, corners saved
// before a draw under a rounded clip and mixed after it, and borders composited.

/// Masks the list's rounded shapes need, by command index, made before the first band.
struct PreparedShapes: Sendable {
    var corners: [Int: [CornerMask]] = [:]
    var borders: [Int: BorderMask] = [:]

    init(_ list: DisplayList, width: Int, height: Int) {
        for (index, command) in list.commands.enumerated() {
            switch command {
            case let .pushRoundedClip(shape):
                corners[index] = CornerMask.masks(of: shape, width: width, height: height)
            case let .border(shape, border, _):
                borders[index] = BorderMask(shape, width: border, canvasWidth: width, canvasHeight: height)
            default:
                break
            }
        }
    }
}

/// A border's coverage over the pixels of its rectangle on the canvas: the rounded rectangle's
/// less the one inset by the width (the ring between them; all of the first when the inset one
/// is empty).
struct BorderMask {
    let x0: Int, y0: Int, width: Int, height: Int
    let alpha: [UInt8]

    init(_ shape: RoundedRect, width border: Int, canvasWidth: Int, canvasHeight: Int) {
        var (px0, px1) = pixelSpan(shape.rect.x0, shape.rect.x1), (py0, py1) = pixelSpan(shape.rect.y0, shape.rect.y1)
        // Only the pixels on the canvas: what lies left of or above them still counts (§10).
        (px0, px1, py0, py1) = (max(px0, 0), min(px1, canvasWidth), max(py0, 0), min(py1, canvasHeight))
        x0 = px0
        y0 = py0
        width = max(0, px1 - px0)
        height = max(0, py1 - py0)
        guard border > 0, width > 0, height > 0 else {  // nothing on the canvas: no outline made
            alpha = []
            return
        }
        // The ring: the outer shape's coverage less the inner one's, each by §10's rule — exact
        // where both edges cross one pixel (a border under a pixel wide), which the even-odd rule
        // over their summed coverage was not (230 of 255 where the ring covers 74).
        let shift = FixedPoint(x: -px0 * fixedOne, y: -py0 * fixedOne)
        let outer = CoverageRasterizer.mask(shape.path.moved(by: shift), rule: .nonZero, width: width, height: height)
            .alpha
        let inner = shape.inset(by: border)
        guard inner.rect.x1 > inner.rect.x0 && inner.rect.y1 > inner.rect.y0 else {
            alpha = outer
            return
        }
        let hole = CoverageRasterizer.mask(inner.path.moved(by: shift), rule: .nonZero, width: width, height: height)
            .alpha
        alpha = zip(outer, hole).map { $0 > $1 ? $0 - $1 : 0 }
    }
}

extension RenderState {
    /// Source-over `color` through a border mask, times the clip rectangle's coverage.
    mutating func fill(_ mask: BorderMask, _ color: PremultipliedColor) {
        guard !mask.alpha.isEmpty, color.a > 0 else { return }
        let c = clip
        let (cx0, cx1) = pixelSpan(c.x0, c.x1), (cy0, cy1) = pixelSpan(c.y0, c.y1)
        let xl = max(mask.x0, cx0, 0), xu = min(mask.x0 + mask.width, cx1, width)
        let yl = max(mask.y0, cy0, band.lowerBound), yu = min(mask.y0 + mask.height, cy1, band.upperBound)
        guard xu > xl, yu > yl else { return }
        let xs = xl..<xu, ys = yl..<yu
        let pixels = layers[layers.count - 1].pixels
        let source = color.packed
        for y in ys {
            let coverY = min(256, coverage(y, c.y0, c.y1))
            let row = pixels + y * width
            for x in xs {
                let a = Int(mask.alpha[(y - mask.y0) * mask.width + x - mask.x0])
                if a == 0 { continue }
                let rectangle = min(256, coverage(x, c.x0, c.x1)) * coverY  // 1/65536
                let combined = (a * rectangle + 32768) >> 16  // 0…255
                if combined == 0 { continue }
                row[x] = sourceOver(scaleLanes(source, by: UInt32(combined)), row[x])
            }
        }
        layers[layers.count - 1].touch(xs.lowerBound, ys.lowerBound, xs.upperBound, ys.upperBound)
    }

    /// The rows (in this band) and columns (on the canvas) of a mask's box; empty ranges when none.
    func span(of m: CornerMask) -> (rows: Range<Int>, columns: Range<Int>) {
        let y0 = max(m.y0, band.lowerBound), y1 = min(m.y0 + m.height, band.upperBound)
        let x0 = max(m.x0, 0), x1 = min(m.x0 + m.width, width)
        return (y0..<max(y0, y1), x0..<max(x0, x1))
    }

    /// The current layer's pixels in each mask's box (rows in this band), in order.
    func saveCorners(_ masks: [CornerMask]) -> [[UInt32]] {
        let pixels = layers[layers.count - 1].pixels
        return masks.map { m in
            var saved: [UInt32] = []
            let (rows, columns) = span(of: m)
            guard !rows.isEmpty, !columns.isEmpty else { return saved }
            saved.reserveCapacity(rows.count * columns.count)
            for y in rows {
                let row = pixels + y * width
                for x in columns { saved.append(row[x]) }
            }
            return saved
        }
    }

    /// d + round((p − d) × m / 255) per channel in each mask's box, d saved before the draw.
    func mixCorners(_ masks: [CornerMask], _ saved: [[UInt32]]) {
        let pixels = layers[layers.count - 1].pixels
        for (m, before) in zip(masks, saved) where !before.isEmpty {
            let (rows, columns) = span(of: m)
            var k = 0
            for y in rows {
                let row = pixels + y * width
                for x in columns {
                    let d = before[k]
                    k += 1
                    let p = row[x]
                    if p == d { continue }
                    let weight = m.mask[(y - m.y0) * m.width + x - m.x0]
                    row[x] = DrawingContext.mix(d, p, weight)
                }
            }
        }
    }
}
