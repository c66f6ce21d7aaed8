// Dashes (docs/RENDERING.md §11): CGContext.setLineDash(phase:lengths:). The lengths, in user
// space, alternate painted and unpainted, starting painted, and repeat (an odd count repeats
// as is, so [5] is 5 painted then 5 unpainted); the phase is how far into the pattern the
// path's start is. Each contour starts the pattern afresh at the phase; a closed contour is
// dashed as the open one that returns to its start (its first and last dashes are not joined).
// A painted length of 0 is a dash of one point, which a round or square cap draws.

enum Dasher {
    /// The painted pieces of the polylines, or nil when there would be more than `maxPieces`.
    static func dash(_ lines: [Polyline], pattern: [Double], phase: Double, maxPieces: Int) -> [Polyline]? {
        let period = pattern.reduce(0, +)
        guard period > 0 else { return lines }
        var pieces: [Polyline] = []
        for line in lines {
            var points = line.points
            if line.closed, let first = points.first, points.count > 1 { points.append(first) }
            guard points.count > 1 else { continue }
            // Where in the pattern the contour starts.
            var index = 0
            var remaining = pattern[0]
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            while offset > 0 {
                if offset >= remaining {
                    offset -= remaining
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                } else {
                    remaining -= offset
                    offset = 0
                }
            }
            var current: [Point2] = index % 2 == 0 ? [points[0]] : []
            for k in 0..<(points.count - 1) {
                let a = points[k], b = points[k + 1]
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                var travelled = 0.0
                while length - travelled >= remaining {
                    travelled += remaining
                    let t = travelled / length
                    let p = Point2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                    if index % 2 == 0 {
                        current.append(p)
                        pieces.append(Polyline(points: current, closed: false))
                        if pieces.count > maxPieces { return nil }
                        current = []
                    } else {
                        current = [p]
                    }
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                    if remaining == 0 && index % 2 == 1 {
                        // An unpainted length of 0: the next dash starts here.
                        index = (index + 1) % pattern.count
                        remaining = pattern[index]
                        current = [p]
                    }
                }
                remaining -= length - travelled
                if index % 2 == 0 { current.append(b) }
            }
            if index % 2 == 0 && !current.isEmpty { pieces.append(Polyline(points: current, closed: false)) }
        }
        return pieces
    }
}
