// UIBezierPath(roundedRect:cornerRadius:)'s corners since iOS 7 (docs/DRAWING.md §Shapes,
// RENDERING.md §11.3): not a quarter circle but a longer, smoother curve that leaves the straight
// edge 1.52866483 × the radius from the corner and is made of three cubic Béziers. Apple does not
// document it; PaintCode measured it
// (https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles) and the points below are
// that measurement in its symmetric form, checked against rounded-rectangle clips UIKit drew
// (Tests/UIKitReferences/alamofireimage, UIKitReferenceTests: alpha within 9 of 255 at every
// pixel, where quarter circles were 71 off). When the radius is at least half the shorter side over
// 1.52866483, UIKit draws circular corners instead (AlamofireImage's circles, radius half the
// side, agree with quarter circles within 9 of 255): so does ivsim, from that threshold on.

extension ShapePath {
    /// How far from the corner the curve leaves the straight edge, in radii.
    public static let continuousCornerExtent = 1.528_664_83

    /// One corner from the point on the top edge to the point on the left edge, in radii
    /// (u along the top edge from the corner, v down the left edge): a start and three cubics.
    static let continuousCorner: (start: Point2, cubics: [(Point2, Point2, Point2)]) = (
        Point2(continuousCornerExtent, 0),
        [
            (Point2(1.088_492_99, 0), Point2(0.868_407_01, 0), Point2(0.631_493_99, 0.074_911_76)),
            (
                Point2(0.372_824_01, 0.169_060_13), Point2(0.169_060_13, 0.372_824_01),
                Point2(0.074_911_76, 0.631_493_99)
            ),
            (Point2(0, 0.868_407_01), Point2(0, 1.088_492_99), Point2(0, continuousCornerExtent))
        ]
    )

    /// UIBezierPath(roundedRect:cornerRadius:), and byRoundingCorners:cornerRadii: of `corners`:
    /// a rectangle with continuous corners of `radius` where `corners` lists them and square ones
    /// elsewhere, clockwise on screen from the top edge's left end, or with circular corners
    /// (`roundedRectangle`) once the radius reaches half the shorter side over the extent.
    public static func continuousRoundedRectangle(
        x: Double, y: Double, width: Double, height: Double, radius: Double, corners: RectCorners = .all
    ) -> ShapePath {
        let r = max(0, radius)
        guard r > 0, r * continuousCornerExtent < min(width, height) / 2 else {
            return roundedRectangle(x: x, y: y, width: width, height: height, radius: r, corners: corners)
        }
        let (x1, y1) = (x + width, y + height)
        // How far each corner's curve reaches along its edges: 0 for a square corner.
        func reach(_ corner: RectCorners) -> Double { corners.contains(corner) ? continuousCornerExtent * r : 0 }
        var elements: [Element] = [.move(Point2(x + reach(.topLeft), y)), .line(Point2(x1 - reach(.topRight), y))]
        // A corner's cubics mapped by `place` (radii to points), forwards or backwards; nothing
        // for a corner `corners` does not list.
        func corner(_ which: RectCorners, _ place: (Point2) -> Point2, reversed: Bool) {
            guard corners.contains(which) else { return }
            let (start, cubics) = continuousCorner
            if !reversed {
                for (c1, c2, p) in cubics { elements.append(.cubic(place(c1), place(c2), place(p))) }
            } else {
                let ends = [start] + cubics.map(\.2)
                for (i, (c1, c2, _)) in cubics.enumerated().reversed() {
                    elements.append(.cubic(place(c2), place(c1), place(ends[i])))
                }
            }
        }
        corner(.topRight, { Point2(x1 - $0.x * r, y + $0.y * r) }, reversed: false)  // top edge to right edge
        elements.append(.line(Point2(x1, y1 - reach(.bottomRight))))
        corner(.bottomRight, { Point2(x1 - $0.x * r, y1 - $0.y * r) }, reversed: true)  // right edge to bottom edge
        elements.append(.line(Point2(x + reach(.bottomLeft), y1)))
        corner(.bottomLeft, { Point2(x + $0.x * r, y1 - $0.y * r) }, reversed: false)  // bottom edge to left edge
        elements.append(.line(Point2(x, y + reach(.topLeft))))
        corner(.topLeft, { Point2(x + $0.x * r, y + $0.y * r) }, reversed: true)  // left edge to top edge
        elements.append(.close)
        return ShapePath(elements)
    }
}
