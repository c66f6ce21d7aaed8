// The pivoting of the tableau: kiwi's primal simplex (optimize), dual simplex (dualOptimize)
// and the choice of the rows that leave when a constraint is removed.
//
// Pivot rules (docs/CASSOWARY.md §Pivots). Every choice is made by a scan whose ties go to the
// lowest symbol id, so no choice depends on row slots, column order or memory:
// - primal entering: the lowest-id non-dummy symbol whose cost vector is lexicographically
//   negative (Bland's rule on the priority levels; Objective.enteringSymbol);
// - primal leaving: among restricted rows with a negative coefficient for the entering symbol,
//   the minimum ratio −constant / coefficient, ties to the lowest basic id (Bland's rule: with
//   the entering rule above the primal simplex cannot cycle);
// - dual leaving: of the rows noted infeasible, the lowest basic id still negative (kiwi takes
//   the last noted; that order comes from its row map, ours would come from column order);
// - dual entering: among non-dummy symbols with a positive coefficient in that row, the
//   lexicographically least cost vector / row coefficient, ties to the lowest id (as kiwi does
//   with its one weighted cost; Objective.leastRatio);
// - marker leaving (removal): a basic dummy's row first (a redundant equality comes back),
//   then kiwi's three tiers, ties to the lowest basic id in each (kiwi takes the highest-id
//   unrestricted row in the third tier).

extension Tableau {
    /// Exchanges `leaving` (basic) for `entering` (in its row).
    mutating func pivot(leaving: Int32, entering: Int32) {
        var row = removeRow(basic: leaving)
        row.solve(for: entering, replacing: leaving)
        substitute(entering, with: row)
        insertRow(row, basic: entering)
    }

    /// Primal simplex on the objective, or on the artificial objective of phase 1.
    mutating func optimize(artificial useArtificial: Bool = false) throws(CassowaryError) {
        if !useArtificial && !objectiveChanged { return }
        while true {
            let entering = useArtificial ? enteringSymbol(artificial ?? Row()) : objective.enteringSymbol(kinds)
            if entering < 0 { break }
            let leaving = leavingRow(entering)
            if leaving < 0 { throw .internalError("the objective is unbounded") }
            pivot(leaving: leaving, entering: entering)
        }
        if !useArtificial { objectiveChanged = false }
    }

    /// The lowest-id non-dummy symbol with a negative coefficient in phase 1's `objective`, or −1
    /// (the objective proper is lexicographic: `Objective.enteringSymbol`).
    func enteringSymbol(_ objective: Row) -> Int32 {
        for cell in objective.cells where cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy {
            return cell.symbol
        }
        return -1
    }

    /// The basic symbol of the restricted row limiting `entering` first (minimum ratio), or −1.
    func leavingRow(_ entering: Int32) -> Int32 {
        var best: Int32 = -1
        var bestRatio = Double.greatestFiniteMagnitude
        var node = columns.head[Int(entering)]
        while node >= 0 {
            let slot = Int(columns.node(node).slot)
            let basic = basicOfSlot[slot]
            if kinds[Int(basic)] != .external {
                let coefficient = rows[slot].coefficient(of: entering)
                if coefficient < 0 {
                    let ratio = -rows[slot].constant / coefficient
                    if ratio < bestRatio || (ratio == bestRatio && basic < best) {
                        bestRatio = ratio
                        best = basic
                    }
                }
            }
            node = columns.node(node).next
        }
        return best
    }

    /// Dual simplex: pivots until no restricted row is negative (the objective stays optimal).
    mutating func dualOptimize() throws(CassowaryError) {
        while !infeasible.isEmpty {
            var lowest = 0
            for index in infeasible.indices where infeasible[index] < infeasible[lowest] { lowest = index }
            let leaving = infeasible[lowest]
            infeasible.swapAt(lowest, infeasible.count - 1)
            infeasible.removeLast()
            let slot = basicSlot[Int(leaving)]
            guard slot >= 0 else { continue }
            let constant = rows[Int(slot)].constant
            guard constant < 0 && !nearZero(constant) else { continue }
            let entering = dualEnteringSymbol(rows[Int(slot)])
            if entering < 0 { throw .internalError("the dual simplex found no entering symbol") }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// The symbol of `row` with a positive coefficient and the lexicographically least cost
    /// vector ÷ coefficient, ties to the lowest id, or −1.
    func dualEnteringSymbol(_ row: Row) -> Int32 {
        var candidates: [(symbol: Int32, coefficient: Double)] = []
        for cell in row.cells where cell.coefficient > 0 && kinds[Int(cell.symbol)] != .dummy {
            candidates.append((cell.symbol, cell.coefficient))
        }
        return objective.leastRatio(candidates)
    }

    /// The basic symbol of the row to exchange for `marker` when its constraint is removed: a
    /// basic dummy's row (lowest id) — a required equality made redundant by the one removed,
    /// which must hold by itself again; else a restricted row with a negative coefficient and the
    /// least −constant / coefficient, else a restricted row with the least constant / coefficient,
    /// else an unrestricted row; −1 if none.
    ///
    /// Why the dummy first: its row is `d = Σ ± dummies` (constant 0). Pivoting the marker into
    /// any other row and substituting would leave `d` basic with a constant and non-dummy
    /// symbols — its equality silently dropped. Pivoted here, `d` becomes parametric (0: the
    /// equality holds) and the marker's expression, all dummies, keeps every other row as it
    /// was. kiwi's three tiers, which this otherwise follows, miss this case.
    func markerLeavingRow(_ marker: Int32) -> Int32 {
        var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1, dummy: Int32 = -1
        var firstRatio = Double.greatestFiniteMagnitude, secondRatio = Double.greatestFiniteMagnitude
        for slot in slotsHolding(marker) {  // a dummy marker's rows are found by a scan
            let basic = basicOfSlot[slot]
            let coefficient = rows[slot].coefficient(of: marker)
            if kinds[Int(basic)] == .dummy {
                if dummy < 0 || basic < dummy { dummy = basic }
            } else if kinds[Int(basic)] == .external {
                if third < 0 || basic < third { third = basic }
            } else if coefficient < 0 {
                let ratio = -rows[slot].constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && basic < first) {
                    firstRatio = ratio
                    first = basic
                }
            } else {
                let ratio = rows[slot].constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && basic < second) {
                    secondRatio = ratio
                    second = basic
                }
            }
        }
        if dummy >= 0 { return dummy }
        return first >= 0 ? first : (second >= 0 ? second : third)
    }

    /// Adds `delta` to the constant of every row holding `symbol`, times its coefficient there
    /// (a suggested value moving an edit constraint whose error symbols are parametric).
    mutating func shiftConstants(along symbol: Int32, by delta: Double) {
        var node = columns.head[Int(symbol)]
        while node >= 0 {
            let slot = Int(columns.node(node).slot)
            let constant = rows[slot].constant + delta * rows[slot].coefficient(of: symbol)
            rows[slot].constant = constant
            let basic = basicOfSlot[slot]
            if constant < 0 && kinds[Int(basic)] != .external { infeasible.append(basic) }
            node = columns.node(node).next
        }
    }

    /// Adds `delta` to the constant of `basic`'s row; notes the row if it became negative.
    mutating func shiftConstant(ofRow basic: Int32, by delta: Double) {
        let slot = Int(basicSlot[Int(basic)])
        rows[slot].constant += delta
        if rows[slot].constant < 0 { infeasible.append(basic) }
    }

    /// Removes the parametric `symbol` from every row and the objective (sets it to 0 for good).
    mutating func eliminate(_ symbol: Int32) {
        for slot in slotsHolding(symbol) {
            let index = rows[slot].search(symbol), node = rows[slot].cells[index].node
            rows[slot].cells.remove(at: index)
            columns.withLinker(reserving: 0) { $0.unlink(node, symbol) }
        }
        if objective.remove(symbol) { objectiveChanged = true }
    }
}
