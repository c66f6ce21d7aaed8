// The simplex tableau in solved form: every basic symbol has one row expressing it in terms of
// parametric (non-basic) symbols, and no basic symbol occurs in any row or in the objective.
// Parametric symbols have the value 0, so a basic symbol's value is its row's constant.
//
// Storage. Symbols are dense Int32 ids in creation order; per symbol: its kind, the slot of its
// row when basic (−1 otherwise) and its column (ColumnIndex). Rows live in slots of one array;
// freed slots are reused (LIFO), so a slot number depends only on the sequence of operations —
// and no decision depends on slots anyway: every choice breaks ties by symbol id.
//
// Only Tableau and Tableau+Simplex change rows and columns. Rows are taken out of their slot
// (`swap` with an empty row) before they are rewritten, so the cell array being rewritten is
// never shared and never copied on write.

/// The rows, the objective and the symbol table of a solver.
struct Tableau {
    /// Per symbol: its kind.
    private(set) var kinds: [SymbolKind] = []
    /// Per symbol: the slot of its row when basic, else −1.
    private(set) var basicSlot: [Int32] = []
    /// Per slot: the row (empty when the slot is free).
    var rows: [Row] = []
    /// Per slot: the basic symbol, or −1 when the slot is free.
    private(set) var basicOfSlot: [Int32] = []
    /// Free slots, reused last-freed first.
    private var freeSlots: [Int32] = []
    /// The rows holding each symbol.
    var columns = ColumnIndex()
    /// The objective: per priority level, Σ weight × error, expressed in parametric symbols.
    var objective = Objective()
    /// Phase 1's objective while a row is added with an artificial variable.
    var artificial: Row?
    /// Basic symbols of restricted rows whose constant went negative (for the dual simplex).
    var infeasible: [Int32] = []
    /// Whether the objective changed other than by new positive error weights since it was last
    /// found optimal; `optimize` skips its scan of the objective when it has not.
    var objectiveChanged = false

    /// How many symbols exist.
    var symbolCount: Int { kinds.count }

    /// A new symbol of `kind`; ids are handed out in order from 0.
    mutating func newSymbol(_ kind: SymbolKind) -> Int32 {
        kinds.append(kind)
        basicSlot.append(-1)
        columns.addSymbol(indexed: kind != .dummy)
        objective.addSymbol()
        return Int32(kinds.count - 1)
    }

    /// Whether `symbol` is basic.
    @inline(__always)
    func isBasic(_ symbol: Int32) -> Bool { basicSlot[Int(symbol)] >= 0 }

    /// The kind of `symbol`.
    @inline(__always)
    func kind(_ symbol: Int32) -> SymbolKind { kinds[Int(symbol)] }

    /// The constant of `symbol`'s row, 0 when it is parametric: its value.
    @inline(__always)
    func value(of symbol: Int32) -> Double {
        let slot = basicSlot[Int(symbol)]
        return slot >= 0 ? rows[Int(slot)].constant : 0
    }

    /// Puts `row` in the tableau with `basic` as its basic symbol (cells get column nodes).
    mutating func insertRow(_ row: consuming Row, basic: Int32) {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = Int32(rows.count)
            rows.append(Row())
            basicOfSlot.append(-1)
        }
        var row = row
        columns.withLinker(reserving: row.cells.count) { linker in
            row.cells.withUnsafeMutableBufferPointer { cells in
                for index in cells.indices { cells[index].node = linker.link(cells[index].symbol, slot: slot) }
            }
        }
        rows[Int(slot)] = row
        basicOfSlot[Int(slot)] = basic
        basicSlot[Int(basic)] = slot
    }

    /// Takes `basic`'s row out of the tableau (its cells leave their columns).
    mutating func removeRow(basic: Int32) -> Row {
        let slot = basicSlot[Int(basic)]
        var row = Row()
        swap(&row, &rows[Int(slot)])
        columns.withLinker(reserving: 0) { linker in
            row.cells.withUnsafeMutableBufferPointer { cells in
                for index in cells.indices {
                    linker.unlink(cells[index].node, cells[index].symbol)
                    cells[index].node = -1
                }
            }
        }
        basicOfSlot[Int(slot)] = -1
        basicSlot[Int(basic)] = -1
        freeSlots.append(slot)
        return row
    }

    /// Replaces `symbol` everywhere (rows, objective, artificial objective) by `row`, the
    /// expression it is now basic for; restricted rows that become negative are noted infeasible.
    mutating func substitute(_ symbol: Int32, with row: Row) {
        if columns.isIndexed(symbol) {
            var node = columns.head[Int(symbol)]
            while node >= 0 {
                // Merging unlinks this node only; the next one of the same symbol stays valid.
                let next = columns.node(node).next
                substitute(symbol, with: row, inSlot: Int(columns.node(node).slot))
                node = next
            }
        } else {
            for slot in slotsHolding(symbol) { substitute(symbol, with: row, inSlot: slot) }
        }
        if objective.substitute(symbol, with: row) { objectiveChanged = true }
        if let current = artificial {
            let index = current.search(symbol)
            if index >= 0 {
                artificial = merge(current, row, times: current.cells[index].coefficient, removing: symbol, slot: -1)
            }
        }
    }

    /// Substitutes `row` for `symbol` in the row in `slot`, which holds it.
    private mutating func substitute(_ symbol: Int32, with row: Row, inSlot slot: Int) {
        var target = Row()
        swap(&target, &rows[slot])
        let index = target.search(symbol)
        rows[slot] = merge(target, row, times: target.cells[index].coefficient, removing: symbol, slot: Int32(slot))
        let basic = basicOfSlot[slot]
        if kinds[Int(basic)] != .external && rows[slot].constant < 0 { infeasible.append(basic) }
    }

    /// The slots of the rows holding `symbol`: its column, or for a dummy (not indexed) a scan of
    /// every row, in slot order.
    func slotsHolding(_ symbol: Int32) -> [Int] {
        if columns.isIndexed(symbol) { return columns.slots(of: symbol).map { Int($0) } }
        return rows.indices.filter { basicOfSlot[$0] >= 0 && rows[$0].search(symbol) >= 0 }
    }

    /// `target + factor × source`, without `removing`, cells summing to near zero dropped; when
    /// `slot` ≥ 0 the result is that slot's row and column nodes are kept up to date.
    mutating func merge(_ target: Row, _ source: Row, times factor: Double, removing: Int32, slot: Int32) -> Row {
        if slot < 0 {
            var sink = NoColumns()
            return Row.merge(target, source, times: factor, removing: removing, slot: slot, columns: &sink)
        }
        return columns.withLinker(reserving: source.cells.count) { linker in
            Row.merge(target, source, times: factor, removing: removing, slot: slot, columns: &linker)
        }
    }
}

/// What a merge does to column nodes: link and unlink (Linker), or nothing (rows outside the tableau).
protocol ColumnUpdates {
    mutating func link(_ symbol: Int32, slot: Int32) -> Int32
    mutating func unlink(_ node: Int32, _ symbol: Int32)
}

extension Linker: ColumnUpdates {}

/// Column updates for rows outside the tableau: none.
struct NoColumns: ColumnUpdates {
    @inline(__always) func link(_ symbol: Int32, slot: Int32) -> Int32 { -1 }
    @inline(__always) func unlink(_ node: Int32, _ symbol: Int32) {}
}
