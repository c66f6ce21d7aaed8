// Dashes (docs/RENDERING.md §11): CGContext.setLineDash(phase:lengths:). The lengths, in user
// space, are walked in a cycle, painted and unpainted in turn starting painted — the turn flips
// at every length, so an odd count alternates across repeats ([5] is 5 painted, 5 unpainted) —
// and the phase is how far into that walk the path's start is (the walk of two cycles for an odd
// count). Each contour starts the pattern afresh at the phase; a closed contour is dashed as the
// open one that returns to its start (its first and last dashes are not joined). A painted length
// of 0 is a dash of one point, which a round or square cap draws. A dash ends where its length
// runs out; one that runs out exactly at the end of the path ends there (no dash of no length
// follows it).

enum Dasher {
    /// The painted pieces of the polylines, or nil when there would be more than `maxPieces`.
    static func dash(_ lines: [Polyline], pattern: [Double], phase: Double, maxPieces: Int) -> [Polyline]? {
        // An odd count's turns repeat after two cycles.
        let walk = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = walk.reduce(0, +)
        guard period > 0, period.isFinite else { return lines }
        var pieces: [Polyline] = []
        for line in lines {
            var points = line.points
            if line.closed, let first = points.first, points.count > 1 { points.append(first) }
            guard points.count > 1 else { continue }
            // Where in the walk the contour starts: index (even: painted) and what is left of it.
            var index = 0
            var remaining = walk[0]
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            while offset > 0 {
                if offset >= remaining {
                    offset -= remaining
                    index = (index + 1) % walk.count
                    remaining = walk[index]
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
                // A length that runs out strictly inside the segment (or at its start, for lengths
                // of 0) turns here; one that runs out at its end turns in the next segment.
                while length - travelled > remaining || (remaining == 0 && length > 0) {
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
                    index = (index + 1) % walk.count
                    remaining = walk[index]
                }
                remaining -= length - travelled
                if index % 2 == 0 { current.append(b) }
            }
            if index % 2 == 0 && current.count > 1 { pieces.append(Polyline(points: current, closed: false)) }
        }
        return pieces
    }
}
