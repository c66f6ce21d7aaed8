// Which variables the constraints leave free: Auto Layout's "ambiguous layout".
//
// At an optimum every level of the objective reads z = z₀ + Σ d_j p_j over the parametric symbols
// p_j, every basic variable v = c + Σ a_j p_j, and every parametric symbol is 0. Moving one
// parametric symbol p by a small δ (either sign for an external symbol, only up for a slack or
// error; never a dummy) keeps the solution optimal when d_p = 0 at every level (its cost vector
// is zero: no level row holds it), and keeps it feasible unless a restricted
// basic row with constant 0 (degenerate) would go negative. Such an unblocked move is a free
// direction; it changes p itself and every basic variable whose row holds p, so those variables
// are undetermined — certainly. A variable with no free direction is reported determined; this
// misses only freedom that needs two or more zero-cost symbols to move together (each blocked
// alone by a degenerate row). Cost: each parametric symbol's column is walked once (memoised), then
// each asked variable's row once; nothing changes.

extension Solver {
    /// Per variable (in order): whether some optimal solution of the current system gives it
    /// another value. A variable the solver never saw is undetermined.
    public func undetermined(_ variables: [Variable]) -> [Bool] {
        var memo: [Int8] = Array(repeating: -1, count: tableau.symbolCount)  // −1 unknown, 0 no, 1 free
        return variables.map { variable in
            guard let index = variableIndex[ObjectIdentifier(variable)] else { return true }
            let symbol = variableSymbols[Int(index)]
            if !tableau.isBasic(symbol) { return isFreeDirection(symbol, memo: &memo) }
            let row = tableau.rows[Int(tableau.basicSlot[Int(symbol)])]
            return row.cells.contains { isFreeDirection($0.symbol, memo: &memo) }
        }
    }

    /// Whether moving the parametric `symbol` alone keeps the solution feasible and optimal.
    private func isFreeDirection(_ symbol: Int32, memo: inout [Int8]) -> Bool {
        if memo[Int(symbol)] >= 0 { return memo[Int(symbol)] == 1 }
        let kind = tableau.kind(symbol)
        var free = false
        if kind != .dummy && tableau.objective.isFree(symbol) {
            // Blocked upwards by a degenerate restricted row with a negative coefficient, downwards
            // by one with a positive coefficient.
            var up = true, down = kind == .external
            for slot in tableau.slotsHolding(symbol) {
                let basic = tableau.basicOfSlot[slot]
                guard tableau.kind(basic).isRestricted, nearZero(tableau.rows[slot].constant) else { continue }
                let coefficient = tableau.rows[slot].coefficient(of: symbol)
                if coefficient < 0 { up = false } else if coefficient > 0 { down = false }
                if !up && !down { break }
            }
            free = up || down
        }
        memo[Int(symbol)] = free ? 1 : 0
        return free
    }
}
