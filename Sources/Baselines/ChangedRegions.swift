import Raster

/// Boxes around the areas where two images differ, for reports (docs/BASELINES.md §Changed
/// regions).
///
/// The image is cut into cells of `cell × cell` pixels; a cell is marked when a pixel in it
/// differs. Marked cells that touch (the eight neighbours) form one region, whose box is the
/// smallest rectangle holding its differing pixels. Regions are listed in the order of their
/// first cell in row order. More than `limit` regions are merged into one box around them all,
/// so that a report never draws thousands of boxes.
struct ChangedRegions {
    static let cell = 8
    static let limit = 32

    let width: Int, height: Int
    let columns: Int, rows: Int
    /// Per cell: the differing pixels' bounds (minX, minY, maxX, maxY), or nil.
    private var cells: [(Int, Int, Int, Int)?]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = (width + Self.cell - 1) / Self.cell
        rows = (height + Self.cell - 1) / Self.cell
        cells = Array(repeating: nil, count: columns * rows)
    }

    mutating func mark(x: Int, y: Int) {
        let index = (y / Self.cell) * columns + x / Self.cell
        if let b = cells[index] {
            cells[index] = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
        } else {
            cells[index] = (x, y, x, y)
        }
    }

    func boxes() -> [PixelRect] {
        var region = [Int](repeating: -1, count: cells.count)
        var bounds: [(Int, Int, Int, Int)] = []
        for start in cells.indices where region[start] < 0 {
            guard var b = cells[start] else { continue }
            let id = bounds.count
            var stack = [start]
            region[start] = id
            while let index = stack.popLast() {
                guard let c = cells[index] else { continue }
                b = (min(b.0, c.0), min(b.1, c.1), max(b.2, c.2), max(b.3, c.3))
                let row = index / columns, column = index % columns
                for dy in -1...1 {
                    for dx in -1...1 {
                        let r = row + dy, k = column + dx
                        guard r >= 0, r < rows, k >= 0, k < columns else { continue }
                        let neighbour = r * columns + k
                        if cells[neighbour] != nil && region[neighbour] < 0 {
                            region[neighbour] = id
                            stack.append(neighbour)
                        }
                    }
                }
            }
            bounds.append(b)
        }
        if bounds.count > Self.limit {
            let all = bounds.dropFirst().reduce(bounds[0]) {
                (min($0.0, $1.0), min($0.1, $1.1), max($0.2, $1.2), max($0.3, $1.3))
            }
            bounds = [all]
        }
        return bounds.map { PixelRect(x: $0.0, y: $0.1, width: $0.2 - $0.0 + 1, height: $0.3 - $0.1 + 1) }
    }
}
