// How a constraint becomes a tableau row (kiwi's createRow, chooseSubject and
// addWithArtificialVariable), and how a conflict is explained.
//
// A constraint `expression relation 0` becomes the row `0 = expression + marker symbols` with
// every basic variable replaced by its row. Markers (kiwi's): `<=` adds +slack, `>=` −slack; a
// non-required inequality also adds an error with the slack's opposite sign; a non-required
// equality adds −e⁺ + e⁻; a required equality adds +dummy. Errors enter the objective with the
// constraint's weight. The row is negated if its constant is negative.
//
// Subject rule (the symbol the new row is solved for). The paper allows any unrestricted symbol,
// or a restricted one whose choice keeps the tableau feasible. Ours:
//   1. an external (unrestricted) symbol: the one held by the fewest other rows, ties to the
//      lowest id — the subject must be substituted into every row that holds it, and a variable
//      the solver has just met is held by none (kiwi takes the lowest-id external whatever it
//      costs). Measured, release: 3000 constraints `y_i == x + i` sharing x build in 7.0 ms;
//      with kiwi's rule in this solver, x (older, held by every earlier row) is the subject
//      each time and the build takes 456 ms (kiwisolver: 97 ms). On the fixtures and the
//      kiwi_bench shapes both rules give tableaus of the same size (27 457 cells in all);
//   2. else the marker, if a slack or error with a negative coefficient (kiwi);
//   3. else the other error, if negative (kiwi);
//   4. else, if the row holds only dummies: the new dummy when the constant is 0 (a redundant
//      equality), otherwise the constraint conflicts with the required equalities whose dummies
//      are in the row;
//   5. else phase 1 with an artificial variable.
// Rows grow on a chain (left_i = left_i−1 + width_i−1 + 8) whatever the subject: when a link is
// added, left_i is the only external left after substitution, and it cannot be parametric
// (parametric symbols are 0); its row holds each earlier width's slack and error and each
// earlier link's dummy, Θ(N²) cells in all — kiwisolver's tableau is the same size
// (docs/CASSOWARY.md §Row length). What keeps building fast is that a new row costs its own
// length: no scan of the other rows (ColumnIndex), no scan of the objective when it has not
// changed.
//
// Phase 1 failure. kiwi, when the artificial objective stays above zero, still pivots the
// artificial variable out and drops its column, which imposes the unsatisfiable constraint on
// the tableau. Here the artificial variable is then always basic (a parametric one would make
// the artificial objective 0), and the new constraint's marker, whose column is parallel to the
// artificial one, can only occur in that row; dropping the row gives back exactly the previous
// system, in another basis, which is re-optimised.

extension Solver {
    /// A new symbol of `kind` with no owner.
    mutating func makeSymbol(_ kind: SymbolKind) -> Int32 {
        owners.append(nil)
        return tableau.newSymbol(kind)
    }

    /// The external symbol of `variable`, created (with its creation id) on first use.
    mutating func symbol(for variable: Variable) -> Int32 {
        let key = ObjectIdentifier(variable)
        if let index = variableIndex[key] { return variableSymbols[Int(index)] }
        let symbol = makeSymbol(.external)
        variableIndex[key] = Int32(variables.count)
        variables.append(variable)
        variableSymbols.append(symbol)
        values.append(0)
        return symbol
    }

    /// The row of `constraint` with basic variables substituted, and its marker symbols.
    mutating func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        row.cells.reserveCapacity(constraint.expression.terms.count + 2)
        var basics: [(row: Row, coefficient: Double)] = []
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            let slot = tableau.basicSlot[Int(symbol)]
            if slot >= 0 {
                basics.append((tableau.rows[Int(slot)], term.coefficient))
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        // Shortest rows first: each merge copies the row built so far, so the longest is copied
        // once. A chain link merges the previous left edge's row (3i cells) and the previous
        // width's (2 cells); longest-last took the 1000-view chain build from 32 ms to 23 ms.
        if basics.count > 1 { basics.sort { $0.row.cells.count < $1.row.cells.count } }
        for basic in basics {
            row = tableau.merge(row, basic.row, times: basic.coefficient, removing: -1, slot: -1)
        }
        let strength = constraint.strength, required = strength.isRequired
        let level = strength.isPreference ? tableau.objective.level(strength.priority) : -1
        var marker: Int32 = -1, other: Int32 = -1
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.insert(marker, sign)
            if !required {
                other = makeSymbol(.error)
                row.insert(other, -sign)
                if level >= 0 { tableau.objective.add(other, strength.weight, level: level) }
            }
        case .equal:
            if required {
                marker = makeSymbol(.dummy)
                row.insert(marker, 1)
            } else {
                marker = makeSymbol(.error)
                other = makeSymbol(.error)
                row.insert(marker, -1)
                row.insert(other, 1)
                if level >= 0 {
                    tableau.objective.add(marker, strength.weight, level: level)
                    tableau.objective.add(other, strength.weight, level: level)
                }
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, Tag(constraint: constraint, marker: marker, other: other, level: level))
    }

    /// The symbol to solve the new `row` for (rules 1–3 above), or −1.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        var best: Int32 = -1, bestCount = Int32.max
        let kinds = tableau.kinds, counts = tableau.columns.count
        for cell in row.cells where kinds[Int(cell.symbol)] == .external {
            let count = counts[Int(cell.symbol)]
            if count < bestCount {
                best = cell.symbol
                bestCount = count
            }
        }
        if best >= 0 { return best }
        if tableau.kind(tag.marker).isRestricted && row.coefficient(of: tag.marker) < 0 { return tag.marker }
        if tag.other >= 0 && tableau.kind(tag.other).isRestricted && row.coefficient(of: tag.other) < 0 {
            return tag.other
        }
        return -1
    }

    /// Adds `row` through phase 1 (minimising an artificial variable equal to it); throws
    /// unsatisfiable, with the proof's constraints, if the minimum is not 0.
    mutating func addWithArtificialVariable(_ row: Row, _ tag: Tag) throws(CassowaryError) {
        let artificialSymbol = makeSymbol(.slack)
        tableau.artificial = row
        tableau.insertRow(row, basic: artificialSymbol)
        try tableau.optimize(artificial: true)
        let satisfied = nearZero(tableau.artificial?.constant ?? 0)
        tableau.artificial = nil
        if tableau.isBasic(artificialSymbol) {
            var last = tableau.removeRow(basic: artificialSymbol)
            var entering = last.cells.first { tableau.kind($0.symbol).isRestricted }?.symbol ?? -1
            if satisfied && entering < 0 && last.allDummies(tableau.kinds) && last.search(tag.marker) >= 0 {
                entering = tag.marker  // implied by required equalities: its dummy takes the row
            }
            if !satisfied || (entering < 0 && !last.cells.isEmpty) {
                tableau.objectiveChanged = true  // phase 1 moved the basis; the objective may improve
                try tableau.optimize()
                throw .unsatisfiableConstraint(
                    tag.constraint, conflicts: requiredOwners(of: last, excluding: tag.constraint))
            }
            if entering >= 0 {
                last.solve(for: entering, replacing: artificialSymbol)
                tableau.substitute(entering, with: last)
                tableau.insertRow(last, basic: entering)
            }
        }
        tableau.eliminate(artificialSymbol)
    }

    /// The required constraints whose symbols occur in `row`, by symbol id, without `excluded`.
    func requiredOwners(of row: Row, excluding excluded: Constraint) -> [Constraint] {
        var result: [Constraint] = []
        for cell in row.cells {
            guard let owner = owners[Int(cell.symbol)], owner !== excluded, owner.strength.isRequired,
                !result.contains(where: { $0 === owner })
            else { continue }
            result.append(owner)
        }
        return result
    }
}
