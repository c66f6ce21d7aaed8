import Raster

// The stand-in for a system symbol whose template a team has not exported yet (docs/SYMBOLS.md
// §Finding a symbol): ivsim's own glyph, a square as tall as the cap height with a cross from
// corner to corner — a "missing" mark nobody mistakes for a real symbol — made as a variable
// template (three Small masters of stroke 3, 7 and 13 units) so that every weight, scale and
// point size gives it the size and weight a real symbol would roughly have.

extension SymbolTemplate {
    /// The stand-in template, named after the symbol it stands in for.
    public static func standIn(for name: String) -> SymbolTemplate {
        let capHeight = 70.459
        var variants = [SymbolGlyph?](repeating: nil, count: 27)
        for (weight, stroke) in [(SymbolWeight.ultraLight, 3.0), (.regular, 7.0), (.black, 13.0)] {
            variants[slot(weight, .small)] = standInGlyph(side: capHeight, stroke: stroke, bearing: 6)
        }
        return SymbolTemplate(name: name, capHeight: capHeight, variants: variants, sharedRightBearing: nil)
    }

    /// A square of `side` standing on the baseline, `bearing` from each margin: its frame (outer
    /// contour clockwise, inner counter-clockwise) and the two diagonals as bars `stroke` wide.
    static func standInGlyph(side: Double, stroke: Double, bearing: Double) -> SymbolGlyph {
        let (x0, y0, x1, y1) = (bearing, -side, bearing + side, 0.0)
        let i = stroke
        let frame = ShapePath([
            .move(Point2(x0, y0)), .line(Point2(x1, y0)), .line(Point2(x1, y1)), .line(Point2(x0, y1)), .close,
            .move(Point2(x0 + i, y0 + i)), .line(Point2(x0 + i, y1 - i)), .line(Point2(x1 - i, y1 - i)),
            .line(Point2(x1 - i, y0 + i)), .close
        ])
        // A bar from corner to corner of the inside, its ends cut along the inside's edges
        // d = stroke/√2 either side of the corner.
        let d = stroke * 0.707_106_781_186_547_6
        let falling = ShapePath([
            .move(Point2(x0 + i, y0 + i + d)), .line(Point2(x0 + i + d, y0 + i)), .line(Point2(x1 - i, y1 - i - d)),
            .line(Point2(x1 - i - d, y1 - i)), .close
        ])
        let rising = ShapePath([
            .move(Point2(x0 + i, y1 - i - d)), .line(Point2(x1 - i - d, y0 + i)), .line(Point2(x1 - i, y0 + i + d)),
            .line(Point2(x0 + i + d, y1 - i)), .close
        ])
        return SymbolGlyph(
            paths: [frame, falling, rising].map { SymbolPath(outline: $0, rule: .nonZero, clearsBehind: false) },
            advance: side + 2 * bearing)
    }
}
