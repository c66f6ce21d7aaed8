// CALayer's cornerCurve = .continuous (iOS 13; docs/RENDERING.md §13.1): each rounded corner is
// the corner UIBezierPath(roundedRect:cornerRadius:) draws (ContinuousCorners.swift: leaving the
// edges 1.52866483 radii from the corner, three cubics), at the layer's radius — clamped to half
// the shorter side as for circular corners — with no fall-back to circles. When the curves of two
// neighbouring corners overlap along a side (1.53 r is more than half of it: a capsule), the shape
// is what all four corners leave: the rectangle intersected with each corner's inner side. Apple
// does not document the curve; it is measured against Core Animation's renders
// (docs/UIKIT-REFERENCES.md §Spark: within 7.6 of 255 at r = 48 px, 3x).

extension RoundedRect {
    /// The continuous shape's outline in device pixels: the rectangle cut by the inner side of
    /// each rounded corner's curve (flattened to 1/64 pixel by Wang's formula, at most 64 lines a
    /// cubic, in binary64), in the order top left, top right, bottom right, bottom left, as one
    /// convex polygon (an intersection of convex regions), quantised once to 24.8.
    var continuousPath: Path {
        let one = Double(fixedOne)
        let x0 = Double(rect.x0) / one, y0 = Double(rect.y0) / one
        let x1 = Double(rect.x1) / one, y1 = Double(rect.y1) / one
        let r = Double(radius) / one
        // Clockwise on screen (y down): the rectangle from its top-left corner.
        var polygon = [Point2(x0, y0), Point2(x1, y0), Point2(x1, y1), Point2(x0, y1)]
        if r > 0 {
            let placements: [(RectCorners, (Point2) -> Point2)] = [
                (.topLeft, { Point2(x0 + $0.x * r, y0 + $0.y * r) }),
                (.topRight, { Point2(x1 - $0.y * r, y0 + $0.x * r) }),
                (.bottomRight, { Point2(x1 - $0.x * r, y1 - $0.y * r) }),
                (.bottomLeft, { Point2(x0 + $0.y * r, y1 - $0.x * r) })
            ]
            // Far past the rectangle, in radii (a tiny radius on a long side needs many).
            let far = max(1e6, 4 * (x1 - x0 + y1 - y0) / r)
            for (corner, place) in placements where corners.contains(corner) {
                polygon = Self.clip(polygon, by: Self.innerSide(place, far: far))
            }
        }
        var elements: [Path.Element] = []
        for (index, point) in polygon.enumerated() {
            let p = FixedPoint(point.x, point.y)
            elements.append(index == 0 ? .move(p) : .line(p))
        }
        if !elements.isEmpty { elements.append(.close) }
        return Path(elements)
    }

    /// The corner's inner side as a convex polygon, clockwise on screen: the curve from its end
    /// on one edge to its end on the other, then on along those edges' lines far past the
    /// rectangle (the curve is tangent to both edges at its ends, so the region is convex).
    /// `place` maps the corner's points (u along the first edge from the corner, v along the
    /// second, in radii) into device pixels; the top-left corner's is u right, v down.
    private static func innerSide(_ place: (Point2) -> Point2, far: Double) -> [Point2] {
        let (start, cubics) = ShapePath.continuousCorner
        // In radii: the curve from (0, E) — on the second edge — back to (E, 0), so that with
        // the far points after it the polygon runs clockwise for the top-left placement.
        let ends = [start] + cubics.map(\.2)
        var points = [place(ends[3])]
        for (i, (c1, c2, _)) in cubics.enumerated().reversed() {
            let (p0, p1, p2, p3) = (place(ends[i + 1]), place(c2), place(c1), place(ends[i]))
            let n = min(maxPieces, ShapePath.pieces(3, [p0, p1, p2, p3], flatteningTolerance))
            points += (1...n).map { $0 == n ? p3 : ShapePath.cubicPoint(p0, p1, p2, p3, Double($0) / Double(n)) }
        }
        // Far along the first edge's line, across, and back along the second's: `far` radii,
        // past the rectangle.
        points += [place(Point2(far, 0)), place(Point2(far, far)), place(Point2(0, far))]
        return points
    }

    /// How closely the curves are flattened, in device pixels (`CurveFlattening.fine`'s 1/64),
    /// in at most `maxPieces` lines a cubic: Wang's bound then stays under a ten-thousandth of the
    /// radius (0.1 pixel at a radius of 1,000 pixels), and the polygon's clipping, whose steps are
    /// about the product of the two polygons' points, stays within `pathWork`.
    static let flatteningTolerance = 1.0 / 64
    static let maxPieces = 64

    /// An upper bound of the steps `continuousPath` takes (`DisplayList.renderWork` charges it for
    /// each continuous shape): a corner's polygon has its curve's lines and four more points, the
    /// subject at most four corners' worth, and each corner's clip steps through both; 0 when
    /// circular.
    var pathWork: Int {
        guard curve == .continuous, radius > 0 else { return 0 }
        let r = Double(radius) / Double(fixedOne)
        let (start, cubics) = ShapePath.continuousCorner
        let ends = [start] + cubics.map(\.2)
        var corner = 4
        for (i, (c1, c2, p3)) in cubics.enumerated() {
            let points = [ends[i], c1, c2, p3].map { Point2($0.x * r, $0.y * r) }
            corner += min(Self.maxPieces, ShapePath.pieces(3, points, Self.flatteningTolerance))
        }
        return 4 * (4 * corner) * corner
    }

    /// Sutherland–Hodgman: `subject` (convex) cut by every edge of the convex polygon `clip`,
    /// both clockwise on screen; a point on an edge is inside.
    static func clip(_ subject: [Point2], by clip: [Point2]) -> [Point2] {
        var output = subject
        for i in clip.indices {
            guard !output.isEmpty else { break }
            let a = clip[i], b = clip[(i + 1) % clip.count]
            // Clockwise with y down: the inside is to the right of a → b, where the cross
            // product (b − a) × (p − a) is at least 0.
            func side(_ p: Point2) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
            let input = output
            output = []
            for j in input.indices {
                let p = input[j], q = input[(j + 1) % input.count]
                let sp = side(p), sq = side(q)
                if sp >= 0 { output.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    output.append(Point2(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)))
                }
            }
        }
        return output
    }
}
