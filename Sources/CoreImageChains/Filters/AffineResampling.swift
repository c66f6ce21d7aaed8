// An image mapped by an affine transform and sampled bilinearly (docs/COREIMAGE.md §Geometry):
// CIAffineTransform and the filters made of it. Each output pixel's centre is taken back through
// the inverse transform (binary64, basic operations), and the input is sampled there between its
// four nearest pixel centres, linearly in the working space, transparent beyond the input.

/// CGAffineTransform in Core Image's space: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
struct AffineMap: Sendable, Equatable {
    let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    static let identity = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// `self` after `other` (other applied first): CGAffineTransform's concatenating(self) of other.
    func after(_ other: AffineMap) -> AffineMap {
        AffineMap(
            a: other.a * a + other.b * c, b: other.a * b + other.b * d,
            c: other.c * a + other.d * c, d: other.c * b + other.d * d,
            tx: other.tx * a + other.ty * c + tx, ty: other.tx * b + other.ty * d + ty)
    }

    /// The inverse, or nil when the map is singular or not finite.
    var inverted: AffineMap? {
        let det = a * d - b * c
        guard det != 0, det.isFinite, [a, b, c, d, tx, ty].allSatisfy(\.isFinite) else { return nil }
        return AffineMap(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The box of a rectangle's four corners once mapped: (minX, minY, maxX, maxY).
    func box(x: Double, y: Double, width: Double, height: Double) -> (Double, Double, Double, Double) {
        let corners = [apply(x, y), apply(x + width, y), apply(x, y + height), apply(x + width, y + height)]
        return (
            corners.map(\.x).min() ?? 0, corners.map(\.y).min() ?? 0, corners.map(\.x).max() ?? 0,
            corners.map(\.y).max() ?? 0
        )
    }
}

/// The resampling node: the input mapped by `forward`, sampled at `inverse` of each pixel centre.
struct Resampling: Sendable {
    let forward: AffineMap
    let inverse: AffineMap

    /// Coordinates beyond which a region is not made (a box past them is refused by its memory).
    static let coordinateLimit = Double(1 << 30)

    init?(_ forward: AffineMap) {
        guard let inverse = forward.inverted else { return nil }
        self.forward = forward
        self.inverse = inverse
    }

    /// The input's extent mapped: the box of its corners, its edges moved out to whole numbers.
    func extent(of input: Extent) -> Extent {
        guard case let .rect(x, y, w, h) = input else { return .infinite }
        guard !input.isEmpty else { return .empty }
        let (x0, y0, x1, y1) = forward.box(x: x, y: y, width: w, height: h)
        let left = x0.rounded(.down), bottom = y0.rounded(.down), right = x1.rounded(.up), top = y1.rounded(.up)
        guard left.isFinite, bottom.isFinite, right.isFinite, top.isFinite else { return .infinite }
        return .rect(x: left, y: bottom, width: right - left, height: top - bottom)
    }

    /// The input pixels `region`'s samples read: the box of its corners taken back, grown by a
    /// pixel for the bilinear taps, cut to the input's extent; nil when they read nothing, and a
    /// region of `Int.max`-sized sides' worth (`tooLarge`) past the coordinate limit.
    func source(of region: PixelRegion, input: Extent) -> PixelRegion? {
        let (x0, y0, x1, y1) = inverse.box(
            x: Double(region.x), y: Double(region.y), width: Double(region.width), height: Double(region.height))
        return Self.region(
            left: x0.rounded(.down) - 1, bottom: y0.rounded(.down) - 1, right: x1.rounded(.up) + 1,
            top: y1.rounded(.up) + 1, in: input)
    }

    /// The whole pixels between the edges (whole numbers) that lie in `input`'s extent; nil when
    /// none do, `tooLarge` past the coordinate limit.
    static func region(left: Double, bottom: Double, right: Double, top: Double, in input: Extent) -> PixelRegion? {
        var (left, bottom, right, top) = (left, bottom, right, top)
        if case let .rect(ex, ey, ew, eh) = input {
            left = max(left, ex.rounded(.down))
            bottom = max(bottom, ey.rounded(.down))
            right = min(right, (ex + ew).rounded(.up))
            top = min(top, (ey + eh).rounded(.up))
        }
        guard right > left, top > bottom else { return nil }
        let limit = coordinateLimit
        guard abs(left) < limit, abs(bottom) < limit, abs(right) < limit, abs(top) < limit else {
            return tooLarge
        }
        return PixelRegion(x: Int(left), y: Int(bottom), width: Int(right - left), height: Int(top - bottom))
    }

    /// A region too large to make: its pixel count overflows any budget.
    static let tooLarge = PixelRegion(x: 0, y: 0, width: 1 << 31, height: 1 << 31)

    /// The pixels of `region` sampled from `source` (the input rendered over its own region).
    func apply(_ source: WorkingImage?, to region: PixelRegion) -> WorkingImage {
        var out = WorkingImage(region)
        guard let source else { return out }
        let s = source.region
        func pixel(_ i: Int, _ j: Int) -> WorkingPixel {
            guard i >= s.x, i < s.x + s.width, j >= s.y, j < s.y + s.height else { return .zero }
            return source.pixels[source.index(i, j)]
        }
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let (u, v) = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let su = u - 0.5, sv = v - 0.5
                guard su > Double(s.x - 2), su < Double(s.x + s.width + 1), sv > Double(s.y - 2),
                    sv < Double(s.y + s.height + 1)
                else { continue }
                let fi = su.rounded(.down), fj = sv.rounded(.down)
                let i = Int(fi), j = Int(fj)
                let fx = Float(su - fi), fy = Float(sv - fj)
                let gx = 1 - fx, gy = 1 - fy
                let below = pixel(i, j) * gx + pixel(i + 1, j) * fx
                let above = pixel(i, j + 1) * gx + pixel(i + 1, j + 1) * fx
                out.pixels[out.index(x, y)] = below * gy + above * fy
            }
        }
        return out
    }
}
