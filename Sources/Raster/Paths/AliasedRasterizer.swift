// A filled path without antialiasing (CGContext.setShouldAntialias(false); docs/RENDERING.md
// §11.1.1): a pixel is painted whole when its centre is inside the path and not at all otherwise.
// For each pixel row, the flattened edges are cut by the row's centre line y + ½: an edge counts
// when the centre line lies in [lower y, upper y) of its two ends (so a vertex on the line counts
// once and a horizontal edge never), its winding +1 downwards and −1 upwards. A crossing at x
// counts for the pixels whose centre x + ½ is at or right of it. Inside is a nonzero winding
// (nonzero) or an odd one (even-odd). Integers throughout: the crossing's column is found by an
// exact floor of a ratio of 64-bit products (coordinates are 24.8 and at most 2^24 pixels).

public enum AliasedRasterizer {
    /// The path's pixels by the centre rule over a `width` × `height` grid: alpha 255 or 0.
    public static func mask(_ path: Path, rule: FillRule, width: Int, height: Int) -> CoverageMask {
        guard width > 0, height > 0 else {
            return CoverageMask(width: max(width, 0), height: max(height, 0), alpha: [])
        }
        // Crossings per row: (first column whose centre is at or right of the crossing, winding).
        var rows = [[(column: Int, winding: Int)]](repeating: [], count: height)
        for contour in path.polylines() {
            for (k, a) in contour.enumerated() {
                let b = contour[(k + 1) % contour.count]
                guard a.y != b.y else { continue }
                let (top, bottom, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                // Rows whose centre c = 256 r + 128 satisfies top.y ≤ c < bottom.y.
                let first = max(0, ceilDivide(top.y - 128, 256))
                let last = min(height - 1, ceilDivide(bottom.y - 128, 256) - 1)
                guard first <= last else { continue }
                let dx = Int64(bottom.x - top.x), dy = Int64(bottom.y - top.y)
                for row in first...last {
                    // The crossing x = top.x + (c − top.y) dx / dy; the first column whose centre
                    // 256 col + 128 ≥ x is ⌈(x − 128) / 256⌉ = ⌈((top.x − 128) dy + (c − top.y) dx) / (256 dy)⌉.
                    let c = Int64(256 * row + 128)
                    let numerator = Int64(top.x - 128) * dy + (c - Int64(top.y)) * dx
                    let column = Int(ceilDivide(numerator, 256 * dy))
                    rows[row].append((min(max(column, 0), width), winding))
                }
            }
        }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for (y, crossings) in rows.enumerated() where !crossings.isEmpty {
            let sorted = crossings.sorted { $0.column < $1.column }
            var winding = 0, index = 0
            for x in 0..<width {
                while index < sorted.count && sorted[index].column <= x {
                    winding += sorted[index].winding
                    index += 1
                }
                let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                if inside { alpha[y * width + x] = 255 }
            }
        }
        return CoverageMask(width: width, height: height, alpha: alpha)
    }

    /// ⌈a / b⌉ for b > 0.
    static func ceilDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? (a + b - 1) / b : -((-a) / b)
    }

    /// ⌈a / b⌉ for b > 0.
    static func ceilDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? (a + b - 1) / b : -((-a) / b)
    }
}
