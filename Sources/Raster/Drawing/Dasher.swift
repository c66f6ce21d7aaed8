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
        guard period(pattern) > 0, period(pattern).isFinite else { return lines }
        var pieces: [Polyline] = []
        let complete = walk(lines, pattern: pattern, phase: phase, maxPieces: maxPieces) {
            pieces.append(Polyline(points: $0, closed: false))
        }
        return complete ? pieces : nil
    }

    /// How many pieces `dash` makes, counted without keeping them, or nil when it would refuse
    /// (the count stops there, so counting a pattern of a billion pieces is as quick as refusing it).
    static func count(_ lines: [Polyline], pattern: [Double], phase: Double, maxPieces: Int) -> Int? {
        guard period(pattern) > 0, period(pattern).isFinite else { return lines.count }
        var count = 0
        return walk(lines, pattern: pattern, phase: phase, maxPieces: maxPieces) { _ in count += 1 } ? count : nil
    }

    /// Walks the pattern along the polylines, handing each painted piece's points to `emit`;
    /// false when there would be more than `maxPieces` (after `maxPieces` + 1 were handed over).
    private static func walk(
        _ lines: [Polyline], pattern: [Double], phase: Double, maxPieces: Int,
        emit: ([Point2]) -> Void
    ) -> Bool {
        let walk = walk(pattern), period = period(pattern)
        var emitted = 0
        func piece(_ points: [Point2]) -> Bool {
            emit(points)
            emitted += 1
            return emitted <= maxPieces
        }
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
                        guard piece(current) else { return false }
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
            if index % 2 == 0 && current.count > 1 { _ = piece(current) }  // a contour's last piece is not checked
        }
        return true
    }

    /// The lengths walked in one period: an odd count's turns repeat after two cycles.
    private static func walk(_ pattern: [Double]) -> [Double] { pattern.count % 2 == 1 ? pattern + pattern : pattern }

    private static func period(_ pattern: [Double]) -> Double { walk(pattern).reduce(0, +) }
}
