// Rounded rectangles in the display list (docs/RENDERING.md §13): a layer's cornerRadius, as a
// clip (masksToBounds), for its background, and for its border.
//
// A rounded clip is its rectangle's clip (§6) plus four corner masks. Every draw under it runs as
// under the rectangle; then, in each corner's box (the pixels the corner square of side r — of
// the corner's extent, ⌈1.52866483 r⌉, for a continuous corner — touches), each pixel of the
// layer drawn on becomes
//     d + round((p − d) × m / 255)        per channel
// with d the pixel before the draw, p after it, and m the corner mask: 255 × (coverage of the
// rounded rectangle) / (coverage of the rectangle), rounded, both 8-bit alphas by §10's rule, m = 0
// where the rectangle does not cover the pixel (and 255 in a pixel an earlier corner's box holds
// too: boxes share a row or column when the radius is half a side, and overlap when continuous
// corners meet along a side; each pixel is mixed once,
// by the boxes in the order top left, top right, bottom left, bottom right). For source-over that
// is exactly the draw with its coverage multiplied by the rounded rectangle's instead of the
// rectangle's; only the four boxes are touched, so a rounded clip costs the corners, not the area.

/// A layer's corner curve (CALayer.cornerCurve).
public enum CornerCurve: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Quarter circles of the radius (the default).
    case circular
    /// The continuous corner (RoundedRect+Continuous.swift, §13.1).
    case continuous
}

/// A rectangle with rounded corners (24.8 device pixels): circular or continuous.
public struct RoundedRect: Equatable, Hashable, Sendable {
    public var rect: DeviceRect
    /// The corner radius (24.8), at most half the shorter side.
    public var radius: Int
    public var corners: RectCorners
    public var curve: CornerCurve

    public init(rect: DeviceRect, radius: Int, corners: RectCorners = .all, curve: CornerCurve = .circular) {
        self.rect = rect
        self.radius = max(0, min(radius, min(rect.x1 - rect.x0, rect.y1 - rect.y0) / 2))
        self.corners = corners
        self.curve = curve
    }

    /// How far from the corner a rounded corner reaches along each side (24.8): the radius, or
    /// for a continuous corner ⌈1.52866483 × radius⌉ (less than the shorter side, the radius
    /// being at most half of it).
    public var cornerExtent: Int {
        guard curve == .continuous else { return radius }
        return Int((ShapePath.continuousCornerExtent * Double(radius)).rounded(.up))
    }

    /// The outline: ShapePath.roundedRectangle's construction in device pixels, quantised once;
    /// the continuous shape as `continuousPath` makes it.
    public var path: Path {
        if curve == .continuous { return continuousPath }
        let one = Double(fixedOne)
        return ShapePath.roundedRectangle(
            x: Double(rect.x0) / one, y: Double(rect.y0) / one, width: Double(rect.x1 - rect.x0) / one,
            height: Double(rect.y1 - rect.y0) / one, radius: Double(radius) / one, corners: corners
        )
        .devicePath(.identity)
    }

    /// The same shape inset by `d` on every side, its radius reduced by `d` (at least 0): the inner
    /// edge of a border of width `d`.
    public func inset(by d: Int) -> RoundedRect {
        RoundedRect(
            rect: DeviceRect(x0: rect.x0 + d, y0: rect.y0 + d, x1: rect.x1 - d, y1: rect.y1 - d),
            radius: max(0, radius - d), corners: corners, curve: curve)
    }
}

/// One corner's box and mask, m per pixel (row-major), as the header describes.
struct CornerMask {
    let x0: Int, y0: Int, width: Int, height: Int
    let mask: [UInt8]

    /// The masks of the rounded corners of `shape` (none without a radius), each box cut to the
    /// `width` × `height` canvas.
    static func masks(of shape: RoundedRect, width canvasWidth: Int, height canvasHeight: Int) -> [CornerMask] {
        guard shape.radius > 0 else { return [] }
        let r = shape.rect, radius = shape.cornerExtent  // a continuous corner reaches past its radius
        var outline: Path?  // made once, when a box is on the canvas
        var result: [CornerMask] = []
        let boxes: [(RectCorners, Int, Int, Int, Int)] = [
            (.topLeft, r.x0, r.y0, r.x0 + radius, r.y0 + radius), (.topRight, r.x1 - radius, r.y0, r.x1, r.y0 + radius),
            (.bottomLeft, r.x0, r.y1 - radius, r.x0 + radius, r.y1),
            (.bottomRight, r.x1 - radius, r.y1 - radius, r.x1, r.y1)
        ]
        // Boxes overlap in a pixel row or column when the radius is half a side: a pixel is
        // mixed by the first box holding it only (each mask is the whole shape's coverage there).
        var claimed: [(Range<Int>, Range<Int>)] = []
        for (corner, bx0, by0, bx1, by1) in boxes where shape.corners.contains(corner) {
            var (px0, px1) = pixelSpan(bx0, bx1), (py0, py1) = pixelSpan(by0, by1)
            (px0, px1, py0, py1) = (max(px0, 0), min(px1, canvasWidth), max(py0, 0), min(py1, canvasHeight))
            let w = px1 - px0, h = py1 - py0
            guard w > 0, h > 0 else { continue }
            defer { claimed.append((px0..<px1, py0..<py1)) }
            let shift = FixedPoint(x: -px0 * fixedOne, y: -py0 * fixedOne)
            let path = outline ?? shape.path
            outline = path
            let rounded = CoverageRasterizer.mask(path.moved(by: shift), rule: .nonZero, width: w, height: h)
            var mask = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                let cy = coverage(py0 + y, r.y0, r.y1)
                for x in 0..<w {
                    // The rectangle's coverage as an 8-bit alpha (§3's exact product, rounded).
                    let cx = coverage(px0 + x, r.x0, r.x1)
                    let rectAlpha = cx <= 0 || cy <= 0 ? 0 : (min(cx, 256) * min(cy, 256) * 255 + 32768) >> 16
                    guard rectAlpha > 0 else { continue }
                    if claimed.contains(where: { $0.0.contains(px0 + x) && $0.1.contains(py0 + y) }) {
                        mask[y * w + x] = 255
                        continue
                    }
                    mask[y * w + x] = UInt8(
                        min(255, (Int(rounded.alpha[y * w + x]) * 255 * 2 + rectAlpha) / (2 * rectAlpha)))
                }
            }
            result.append(CornerMask(x0: px0, y0: py0, width: w, height: h, mask: mask))
        }
        return result
    }
}
