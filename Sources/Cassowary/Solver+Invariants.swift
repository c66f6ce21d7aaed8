// Consistency checks of the tableau, compiled in debug builds only (a release build has an
// empty stand-in, so that the tests also compile with `-c release`). Tests call `invariantViolations()` after the operations they exercise; it
// returns one message per broken invariant (empty when all hold) instead of trapping, so a
// failing test can print them all with the seed that produced the system.
//
// The invariants:
// - solved form: a basic symbol occurs in no row (its own included) and not in the objective;
//   `basicSlot` and the slot's basic symbol agree; a dummy is basic only in an all-dummy row;
// - rows: cells strictly ascending by symbol id, no coefficient near zero (|c| < 1e-8), every
//   cell's column node points back to its row's slot;
// - no external symbol in a restricted row or in the objective: externals are chosen as
//   subjects first, so a parametric external only ever sits in external rows — which is why
//   substituting a new external subject can never make a restricted row negative, and why the
//   primal simplex never needs to move an unrestricted symbol (docs/CASSOWARY.md §Subjects);
// - columns: each symbol's list holds exactly the rows whose cells hold it, `count` agrees;
//   dummies, and only they, are unindexed (no nodes, count 0);
// - feasibility: with no infeasible row pending, every restricted row's constant is ≥ −1e-8;
// - optimality: once the solver is at rest (no artificial objective, nothing pending), no
//   non-dummy symbol's cost vector is negative: its first entry in level order that is not
//   within 1e-8 × (1 + the level's largest magnitude) of zero is not negative; each level's
//   constant is Σ weight × error value over that level's constraints (within 1e-9 of the sum
//   of magnitudes); the per-symbol holder counts match the level rows, and the levels are in
//   descending priority order;
// - bookkeeping: every added constraint's marker belongs to it, edit variables' constraints
//   are added, external symbols are exactly the variables' symbols.

#if DEBUG
    extension Solver {
        /// Messages for every broken invariant; empty when the tableau is consistent.
        func invariantViolations() -> [String] {
            var problems: [String] = []
            let t = tableau
            var holders = [[Int32]](repeating: [], count: t.symbolCount)  // per symbol: slots holding it
            for slot in t.rows.indices {
                let basic = t.basicOfSlot[slot]
                guard basic >= 0 else {
                    if !t.rows[slot].cells.isEmpty { problems.append("free slot \(slot) holds cells") }
                    continue
                }
                let row = t.rows[slot], rowName = name(of: basic)
                if t.basicSlot[Int(basic)] != Int32(slot) {
                    problems.append("\(rowName): basicSlot disagrees with slot \(slot)")
                }
                if t.kind(basic) == .dummy && !row.allDummies(t.kinds) {
                    problems.append("\(rowName): basic dummy in a row with other symbols")
                }
                if t.infeasible.isEmpty && t.kind(basic) != .external && row.constant < -epsilon {
                    problems.append("\(rowName): restricted row has constant \(row.constant)")
                }
                for (index, cell) in row.cells.enumerated() {
                    if index > 0 && row.cells[index - 1].symbol >= cell.symbol {
                        problems.append("\(rowName): cells not ascending at \(index)")
                    }
                    if nearZero(cell.coefficient) {
                        problems.append("\(rowName): near-zero cell \(name(of: cell.symbol))")
                    }
                    if t.isBasic(cell.symbol) {
                        problems.append("\(rowName): holds basic symbol \(name(of: cell.symbol))")
                    }
                    if t.kind(basic) != .external && t.kind(cell.symbol) == .external {
                        problems.append("\(rowName): restricted row holds external \(name(of: cell.symbol))")
                    }
                    if !t.columns.isIndexed(cell.symbol) {
                        if cell.node != -1 {
                            problems.append("\(rowName): unindexed \(name(of: cell.symbol)) has a node")
                        }
                    } else if cell.node < 0 || Int(cell.node) >= t.columns.nodeCount
                        || t.columns.node(cell.node).slot != Int32(slot)
                    {
                        problems.append("\(rowName): cell \(name(of: cell.symbol)) has a stale column node")
                    }
                    holders[Int(cell.symbol)].append(Int32(slot))
                }
            }
            for symbol in 0..<Int32(t.symbolCount) {
                if t.columns.isIndexed(symbol) == (t.kind(symbol) == .dummy) {
                    problems.append("\(name(of: symbol)) indexed wrongly")
                }
                if !t.columns.isIndexed(symbol) {
                    if t.columns.count[Int(symbol)] != 0 {
                        problems.append("unindexed \(name(of: symbol)) has a count")
                    }
                    continue
                }
                let listed = t.columns.slots(of: symbol).sorted(), expected = holders[Int(symbol)].sorted()
                if listed != expected {
                    problems.append("column of \(name(of: symbol)) lists \(listed), rows hold it in \(expected)")
                }
                if Int(t.columns.count[Int(symbol)]) != expected.count {
                    problems.append("column count of \(name(of: symbol)) is wrong")
                }
            }
            problems += objectiveViolations()
            for tag in constraints.values.sorted(by: { $0.marker < $1.marker }) {
                if owners[Int(tag.marker)] !== tag.constraint {
                    problems.append("marker \(name(of: tag.marker)) lost its constraint")
                }
            }
            for edit in edits where constraints[ObjectIdentifier(edit.tag.constraint)] == nil {
                problems.append("edit variable \(edit.variable.name) has no edit constraint")
            }
            let externals = (0..<Int32(t.symbolCount)).filter { t.kind($0) == .external }
            if externals != variableSymbols { problems.append("external symbols differ from the variables' symbols") }
            return problems
        }

        /// Solved form and optimality of the objective, level by level.
        private func objectiveViolations() -> [String] {
            var problems: [String] = []
            let t = tableau, objective = t.objective
            var holders = [Int32](repeating: 0, count: t.symbolCount)
            for level in 0..<objective.levelCount {
                let cells = objective.rows[level].cells, label = "objective @\(number(objective.priorities[level]))"
                for (index, cell) in cells.enumerated() {
                    if index > 0 && cells[index - 1].symbol >= cell.symbol {
                        problems.append("\(label): cells not ascending at \(index)")
                    }
                    if nearZero(cell.coefficient) {
                        problems.append("\(label): near-zero cell \(name(of: cell.symbol))")
                    }
                    if t.isBasic(cell.symbol) {
                        problems.append("\(label) holds basic symbol \(name(of: cell.symbol))")
                    }
                    if t.kind(cell.symbol) == .external {
                        problems.append("\(label) holds external \(name(of: cell.symbol))")
                    }
                    holders[Int(cell.symbol)] += 1
                }
            }
            if holders != objective.holders { problems.append("objective: holder counts disagree with the level rows") }
            if objective.order.count != objective.levelCount
                || zip(objective.order, objective.order.dropFirst()).contains(where: {
                    objective.priorities[Int($0)] <= objective.priorities[Int($1)]
                })
            {
                problems.append("objective: levels are not in descending priority order")
            }
            // Optimal at rest: no symbol's cost vector is negative — its first entry, in level order,
            // that is not within ε·(1 + the level's largest magnitude) of zero is not negative.
            if t.artificial == nil && t.infeasible.isEmpty {
                var decided = [Bool](repeating: false, count: t.symbolCount)
                for level in objective.order {
                    let cells = objective.rows[Int(level)].cells
                    let scale = 1 + cells.reduce(0) { max($0, abs($1.coefficient)) }
                    for cell in cells where !decided[Int(cell.symbol)] && abs(cell.coefficient) >= epsilon * scale {
                        decided[Int(cell.symbol)] = true
                        if t.kind(cell.symbol) != .dummy && cell.coefficient < 0 {
                            problems.append(
                                "objective not optimal: \(name(of: cell.symbol)) has \(cell.coefficient) at @\(number(objective.priorities[Int(level)]))"
                            )
                        }
                    }
                }
            }
            if t.artificial != nil { problems.append("an artificial objective is left over") }
            // Each level's constant is its value: Σ weight × error over the level's constraints.
            var values = [Double](repeating: 0, count: objective.levelCount), magnitudes = values
            for tag in constraints.values.sorted(by: { $0.marker < $1.marker }) where tag.level >= 0 {
                for symbol in [tag.marker, tag.other] where symbol >= 0 && t.kind(symbol) == .error {
                    let term = tag.constraint.strength.weight * t.value(of: symbol)
                    values[Int(tag.level)] += term
                    magnitudes[Int(tag.level)] += abs(term)
                }
            }
            for level in 0..<objective.levelCount
            where abs(values[level] - objective.rows[level].constant) > 1e-9 * (1 + magnitudes[level]) {
                problems.append(
                    "objective @\(number(objective.priorities[level])) constant \(objective.rows[level].constant) is not its value \(values[level])"
                )
            }
            return problems
        }
    }
#else
    extension Solver {
        /// Release builds check nothing (so that `swift test -c release` still compiles the tests).
        func invariantViolations() -> [String] { [] }
    }
#endif
