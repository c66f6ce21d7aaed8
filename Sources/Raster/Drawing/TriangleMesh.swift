// Gouraud-shaded triangles (docs/RENDERING.md §11.9.1): a PDF's free-form and lattice mesh
// shadings (types 4 and 5). Each triangle's vertices are quantised to 1/256 pixel in device
// space; a pixel whose centre the triangle holds (edges shared by two triangles belong to one of
// them) takes the colours of the three vertices weighted by the centre's barycentric
// coordinates, in integers. Later triangles paint over earlier ones; pixels no triangle holds are
// not painted. Triangles are not antialiased, as PDFium and Core Graphics draw meshes: adjacent
// triangles meet without seams; the shape the mesh fills antialiases its outline.

/// Triangles with a colour at each vertex, in the mesh's own space.
public struct TriangleMesh: Sendable {
    public var points: [Point2]
    /// Opaque colours, one per point (premultiplied = straight).
    public var colors: [PremultipliedColor]
    /// Each triangle's three indices into `points`.
    public var triangles: [(Int32, Int32, Int32)]

    public init(points: [Point2], colors: [PremultipliedColor], triangles: [(Int32, Int32, Int32)]) {
        self.points = points
        self.colors = colors
        self.triangles = triangles
    }

    /// Device coordinates are held within ±2^20 pixels (2^28 in 1/256 pixels), so edge values
    /// stay below 2^58.
    static let reach = Double(1 << 20)

    /// The mesh drawn into `box` (device pixels) through `toDevice`: a colour per pixel, 0 where
    /// no triangle holds the pixel's centre (the colours are opaque, so 0 is never a colour). The
    /// work (the pixels of every triangle's bounding box inside `box`, and the triangles) is
    /// charged by the caller from `work(_:box:)` first.
    func raster(_ toDevice: AffineTransform, box: PixelRect) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: box.area)
        let device = points.map { p -> (Int64, Int64) in Self.quantised(toDevice.apply(p.x, p.y)) }
        for (j0, j1, j2) in triangles {
            let (i0, i1, i2) = (Int(j0), Int(j1), Int(j2))
            var (a, b, c) = (device[i0], device[i1], device[i2])
            var (ca, cb, cc) = (colors[i0], colors[i1], colors[i2])
            var area = Self.edge(a, b, c)
            if area == 0 { continue }
            if area < 0 {  // one orientation: every inside centre has all three edge values ≥ 0
                swap(&b, &c)
                swap(&cb, &cc)
                area = -area
            }
            guard let span = Self.pixels(a, b, c, within: box) else { continue }
            for py in span.y {
                let cy = Int64(py) * 256 + 128
                for px in span.x {
                    let centre = (Int64(px) * 256 + 128, cy)
                    // The weight of each vertex is the edge value opposite it.
                    let wa = Self.edge(b, c, centre), wb = Self.edge(c, a, centre), wc = Self.edge(a, b, centre)
                    guard Self.holds(wa, b, c), Self.holds(wb, c, a), Self.holds(wc, a, b) else { continue }
                    out[(py - box.y) * box.width + px - box.x] = Self.mix(wa, wb, wc, ca, cb, cc)
                }
            }
        }
        return out
    }

    /// The work of drawing into `box`: each triangle's bounding box inside it, in pixels (held
    /// below Int.max), and the number of triangles.
    func work(_ toDevice: AffineTransform, box: PixelRect) -> (pixels: Int, triangles: Int) {
        let device = points.map { p -> (Int64, Int64) in Self.quantised(toDevice.apply(p.x, p.y)) }
        var pixels = 0
        for (i0, i1, i2) in triangles {
            guard let span = Self.pixels(device[Int(i0)], device[Int(i1)], device[Int(i2)], within: box) else {
                continue
            }
            let (sum, overflow) = pixels.addingReportingOverflow(span.x.count * span.y.count)
            pixels = overflow ? Int.max : sum
        }
        return (pixels, triangles.count)
    }

    /// A point in 1/256 device pixels, rounded to nearest (ties to even), held within `reach`; a
    /// point that is not finite goes to the origin.
    static func quantised(_ p: (x: Double, y: Double)) -> (Int64, Int64) {
        func q(_ v: Double) -> Int64 {
            guard v.isFinite else { return 0 }
            return Int64((min(max(v, -reach), reach) * 256).rounded(.toNearestOrEven))
        }
        return (q(p.x), q(p.y))
    }

    /// (b − a) × (p − a): twice the signed area of a, b, p (positive when p is on the inside of a
    /// triangle a, b, c of positive area).
    @inline(__always)
    static func edge(_ a: (Int64, Int64), _ b: (Int64, Int64), _ p: (Int64, Int64)) -> Int64 {
        (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
    }

    /// Whether edge value `w` of the edge from `a` to `b` holds the centre: positive, or zero on
    /// an edge that goes down (or, level, right), so that of two triangles sharing an edge (which
    /// they run in opposite directions) exactly one holds a centre on it.
    @inline(__always)
    static func holds(_ w: Int64, _ a: (Int64, Int64), _ b: (Int64, Int64)) -> Bool {
        w > 0 || (w == 0 && (b.1 > a.1 || (b.1 == a.1 && b.0 > a.0)))
    }

    /// The pixels whose centres the bounding box of a, b, c may hold, inside `box`.
    static func pixels(_ a: (Int64, Int64), _ b: (Int64, Int64), _ c: (Int64, Int64), within box: PixelRect)
        -> (x: Range<Int>, y: Range<Int>)?
    {
        // Centres at 256·p + 128 within [lo, hi]: p from ⌈(lo − 128) / 256⌉ to ⌊(hi − 128) / 256⌋.
        func span(_ lo: Int64, _ hi: Int64, _ from: Int, _ count: Int) -> Range<Int>? {
            let first = max(Int64(from), -((128 - lo) >> 8)), last = min(Int64(from + count - 1), (hi - 128) >> 8)
            return first <= last ? Int(first)..<Int(last + 1) : nil
        }
        guard let x = span(min(a.0, b.0, c.0), max(a.0, b.0, c.0), box.x, box.width),
            let y = span(min(a.1, b.1, c.1), max(a.1, b.1, c.1), box.y, box.height)
        else { return nil }
        return (x, y)
    }

    /// Σ wᵢ·cᵢ / Σ wᵢ per channel, rounded half up, the weights first shifted right together until
    /// their sum is below 2^31 (so the products fit 64 bits); alpha 255.
    static func mix(
        _ wa: Int64, _ wb: Int64, _ wc: Int64, _ ca: PremultipliedColor, _ cb: PremultipliedColor,
        _ cc: PremultipliedColor
    ) -> UInt32 {
        var (wa, wb, wc) = (wa, wb, wc)
        while wa + wb + wc >= 1 << 31 {
            wa >>= 1
            wb >>= 1
            wc >>= 1
        }
        let total = wa + wb + wc
        guard total > 0 else { return ca.packed | 0xFF00_0000 }
        func channel(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32 {
            UInt32((wa * Int64(a) + wb * Int64(b) + wc * Int64(c) + total / 2) / total)
        }
        return channel(ca.r, cb.r, cc.r) | channel(ca.g, cb.g, cc.g) << 8 | channel(ca.b, cb.b, cc.b) << 16
            | 0xFF00_0000
    }
}
