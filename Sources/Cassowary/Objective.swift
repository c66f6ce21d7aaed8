// The objective of the tableau: a priority VECTOR per symbol (docs/CASSOWARY.md §Levels).
//
// Every non-required constraint's errors are weighted in the row of its priority level. The
// objective is the vector of those rows, highest priority first, and it is minimised
// lexicographically: a solution is better when its highest-priority row is smaller, whatever
// the lower rows say; only ties look further down. So the cost of a parametric symbol (its
// reduced cost) is the vector of its coefficients in the level rows, and it is negative when its
// first non-zero entry, in level order, is negative. This is the Cassowary paper's symbolic
// weight ("negative if the first non-zero number is negative"), kept exactly instead of folded
// into one double as kiwi and the paper's C++ implementation fold it.
//
// Storage: one sparse Row per level (cells sorted by symbol id, as tableau rows), the levels in
// the order they were first used, `order` listing them highest priority first, and per symbol
// the number of level rows that hold it. A symbol held by none costs nothing at any level
// (a zero vector) — the common case for a new subject, which then skips the objective entirely.
// Level ids only index storage; every decision walks `order`, so results do not depend on the
// order in which priorities first appeared.

/// The lexicographic objective: one row per priority level, compared highest level first.
struct Objective {
    /// Per level id: its priority.
    private(set) var priorities: [Double] = []
    /// Per level id: Σ weight × error of the level's constraints, in parametric symbols. The
    /// constant is the level's current total violation.
    private(set) var rows: [Row] = []
    /// Level ids, highest priority first.
    private(set) var order: [Int32] = []
    /// Per symbol: how many level rows hold it.
    private(set) var holders: [Int32] = []
    /// Per symbol: the last `enteringSymbol` pass that met it (scratch, never read across calls).
    private var seen: [UInt32] = []
    private var pass: UInt32 = 0

    /// Makes room for one more symbol (ids are dense and handed out in order).
    mutating func addSymbol() {
        holders.append(0)
        seen.append(0)
    }

    /// How many levels exist.
    var levelCount: Int { priorities.count }

    /// The level id of `priority`, created on first use.
    mutating func level(_ priority: Double) -> Int32 {
        // `order` is sorted by descending priority: binary search for it.
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) >> 1
            let found = priorities[Int(order[middle])]
            if found == priority { return order[middle] }
            if found > priority { low = middle + 1 } else { high = middle }
        }
        let id = Int32(priorities.count)
        priorities.append(priority)
        rows.append(Row())
        order.insert(id, at: low)
        return id
    }

    /// Whether `symbol` costs nothing at every level (a zero cost vector).
    @inline(__always)
    func isFree(_ symbol: Int32) -> Bool { holders[Int(symbol)] == 0 }

    /// `symbol`'s coefficient in `level`'s row.
    func coefficient(of symbol: Int32, level: Int32) -> Double {
        holders[Int(symbol)] == 0 ? 0 : rows[Int(level)].coefficient(of: symbol)
    }

    /// Adds `coefficient × symbol` to `level`'s row.
    mutating func add(_ symbol: Int32, _ coefficient: Double, level: Int32) {
        let before = rows[Int(level)].search(symbol) >= 0
        rows[Int(level)].insert(symbol, coefficient)
        let after = rows[Int(level)].search(symbol) >= 0
        if before != after { holders[Int(symbol)] += after ? 1 : -1 }
    }

    /// Adds `factor × row` to `level`'s row (constant included).
    mutating func add(_ row: Row, times factor: Double, level: Int32) {
        merge(into: Int(level), row, times: factor, removing: -1)
    }

    /// Adds `delta` to `level`'s constant (the level's violation moved by a suggested value).
    mutating func shiftConstant(level: Int32, by delta: Double) {
        rows[Int(level)].constant += delta
    }

    /// Replaces the parametric `symbol` by `row` (the expression it is now basic for) in every
    /// level that holds it; returns whether any did.
    mutating func substitute(_ symbol: Int32, with row: Row) -> Bool {
        var remaining = holders[Int(symbol)]
        if remaining == 0 { return false }
        for level in rows.indices {
            let index = rows[level].search(symbol)
            guard index >= 0 else { continue }
            merge(into: level, row, times: rows[level].cells[index].coefficient, removing: symbol)
            remaining -= 1
            if remaining == 0 { break }
        }
        return true
    }

    /// Removes `symbol` from every level (it is 0 for good); returns whether any held it.
    mutating func remove(_ symbol: Int32) -> Bool {
        if holders[Int(symbol)] == 0 { return false }
        for level in rows.indices { rows[level].remove(symbol) }
        holders[Int(symbol)] = 0
        return true
    }

    /// `rows[level] += factor × source`, without `removing`, keeping the holder counts.
    private mutating func merge(into level: Int, _ source: Row, times factor: Double, removing: Int32) {
        var target = Row()
        swap(&target, &rows[level])
        rows[level] = holders.withUnsafeMutableBufferPointer { counts in
            var updates = HolderCounts(counts: counts)
            return Row.merge(target, source, times: factor, removing: removing, slot: -1, columns: &updates)
        }
    }

    /// The lowest-id symbol, dummies excluded, whose cost vector is negative — its first non-zero
    /// entry in level order is negative — or −1 when the objective is optimal (Bland's rule on
    /// the lexicographic order). Each level is walked in id order only below the best id found
    /// so far; a symbol first met at a level is decided there.
    mutating func enteringSymbol(_ kinds: [SymbolKind]) -> Int32 {
        pass &+= 1
        if pass == 0 {  // wrapped: forget every old mark
            for index in seen.indices { seen[index] = 0 }
            pass = 1
        }
        var best = Int32.max
        for level in order {
            for cell in rows[Int(level)].cells {
                if cell.symbol >= best { break }
                if seen[Int(cell.symbol)] == pass { continue }
                seen[Int(cell.symbol)] = pass
                if cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy {
                    best = cell.symbol
                    break
                }
            }
        }
        return best == .max ? -1 : best
    }

    /// Of `candidates` (symbol, positive row coefficient; ascending ids), the one whose cost
    /// vector divided by its coefficient is lexicographically least, ties to the lowest id (the
    /// dual simplex's entering symbol). At each level, ratios within 1e-8 of the least count as
    /// equal and go on to the next level, so rounding residue in one level cannot override
    /// what the lower levels decide.
    func leastRatio(_ candidates: [(symbol: Int32, coefficient: Double)]) -> Int32 {
        var tied = candidates
        var ratios = [Double](repeating: 0, count: tied.count)
        for level in order where tied.count > 1 {
            let row = rows[Int(level)]
            var least = Double.greatestFiniteMagnitude
            for (index, candidate) in tied.enumerated() {
                let cost = holders[Int(candidate.symbol)] == 0 ? 0 : row.coefficient(of: candidate.symbol)
                ratios[index] = cost / candidate.coefficient
                least = min(least, ratios[index])
            }
            var kept = 0
            for index in tied.indices where nearZero(ratios[index] - least) {
                tied[kept] = tied[index]
                kept += 1
            }
            tied.removeLast(tied.count - kept)
        }
        return tied.first?.symbol ?? -1
    }
}

/// Merge callbacks that count, per symbol, the level rows holding it.
private struct HolderCounts: ColumnUpdates {
    let counts: UnsafeMutableBufferPointer<Int32>

    @inline(__always) func link(_ symbol: Int32, slot: Int32) -> Int32 {
        counts[Int(symbol)] += 1
        return -1
    }

    @inline(__always) func unlink(_ node: Int32, _ symbol: Int32) {
        counts[Int(symbol)] -= 1
    }
}
