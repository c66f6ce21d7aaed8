import Raster

/// The ink of a glyph: the box around its paths' outlines, curves flattened to 1/1024 of a
/// template unit (docs/SYMBOLS.md §Size).
enum SymbolBounds {
    struct Box: Equatable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    static let tolerance = 1.0 / 1024

    /// The box around every path that paints (erasing paths only take ink away); an empty glyph's
    /// box is the point at its origin.
    static func ink(_ paths: [SymbolPath]) -> Box {
        var box = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for path in paths where !path.clearsBehind {
            for line in path.outline.polylines(tolerance: tolerance) {
                for p in line.points {
                    box.minX = min(box.minX, p.x)
                    box.minY = min(box.minY, p.y)
                    box.maxX = max(box.maxX, p.x)
                    box.maxY = max(box.maxY, p.y)
                }
            }
        }
        return box.minX <= box.maxX ? box : Box(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }
}
