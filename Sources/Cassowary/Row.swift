// A row of the tableau: `basic = constant + Σ coefficient × symbol`, or, before a subject is
// chosen, `0 = constant + Σ …`. Symbols are dense Int32 ids (creation order); cells are kept
// sorted by id in one contiguous array.
//
// Why sorted arrays: the hot operations are merging one row into another (substitution) and
// walking a row in symbol order (entering-symbol and subject choice, dumps), both linear on a
// sorted array and cache-friendly; a lookup is a binary search. kiwi uses the same layout
// (Loki::AssocVector of Symbol → double). A cell is 16 bytes: symbol, the node that records the
// cell in its symbol's column (ColumnIndex; −1 for rows outside the tableau), coefficient.
//
// Near zero: a coefficient whose magnitude falls below `epsilon` = 1e-8 (kiwi's value, an
// absolute bound) when cells are combined is dropped, everywhere, by `nearZero`.

/// Magnitudes below this are zero when cells are combined, and for feasibility tests.
let epsilon = 1.0e-8

/// Whether `value` is within `epsilon` of zero (kiwi's nearZero).
@inline(__always)
func nearZero(_ value: Double) -> Bool {
    value < 0 ? -value < epsilon : value < epsilon
}

/// What a symbol stands for.
enum SymbolKind: UInt8 {
    /// A user variable; unrestricted in sign.
    case external
    /// The slack of an inequality (≥ 0); also the artificial variable of phase 1.
    case slack
    /// An error of a non-required constraint (≥ 0), weighted in the objective.
    case error
    /// The marker of a required equality; fixed at 0, never enters the basis.
    case dummy

    /// Slack and error symbols are restricted to non-negative values.
    var isRestricted: Bool { self == .slack || self == .error }
}

/// One term of a row.
struct Cell {
    /// The symbol's id.
    var symbol: Int32
    /// The cell's node in its symbol's column, or −1 outside the tableau.
    var node: Int32
    /// The coefficient (never near zero).
    var coefficient: Double
}

/// `constant + Σ coefficient × symbol`, cells sorted by symbol id.
struct Row {
    /// The constant: the basic symbol's value.
    var constant: Double
    /// The terms, sorted by symbol id, no two with the same symbol.
    var cells: [Cell]

    /// An empty row with `constant`.
    init(constant: Double = 0) {
        self.constant = constant
        cells = []
    }

    /// The position of `symbol`, or the position where it would be inserted (negative − 1).
    func search(_ symbol: Int32) -> Int {
        cells.withUnsafeBufferPointer { cells in
            var low = 0, high = cells.count
            while low < high {
                let middle = (low + high) >> 1
                let found = cells[middle].symbol
                if found == symbol { return middle }
                if found < symbol { low = middle + 1 } else { high = middle }
            }
            return -low - 1
        }
    }

    /// The coefficient of `symbol`, 0 when absent.
    func coefficient(of symbol: Int32) -> Double {
        let index = search(symbol)
        return index >= 0 ? cells[index].coefficient : 0
    }

    /// Adds `coefficient × symbol` (a row outside the tableau: no column nodes).
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        if let last = cells.last, last.symbol < symbol {  // new symbols have the highest ids
            if !nearZero(coefficient) { cells.append(Cell(symbol: symbol, node: -1, coefficient: coefficient)) }
            return
        }
        let index = search(symbol)
        if index >= 0 {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, node: -1, coefficient: coefficient), at: -index - 1)
        }
    }

    /// Removes `symbol` if present (a row outside the tableau).
    mutating func remove(_ symbol: Int32) {
        let index = search(symbol)
        if index >= 0 { cells.remove(at: index) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        cells.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
        }
    }

    /// `0 = constant + a·symbol + …` becomes `symbol = −constant/a − …/a` (kiwi's solveFor:
    /// every value multiplied by −1/a). `symbol` must be present; the row is outside the tableau.
    mutating func solve(for symbol: Int32) {
        let index = search(symbol)
        let factor = -1.0 / cells[index].coefficient
        cells.remove(at: index)
        constant *= factor
        cells.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index].coefficient *= factor }
        }
    }

    /// `lhs = …` (lhs absent) becomes `rhs = …` (rhs present): kiwi's solveFor(lhs, rhs).
    mutating func solve(for rhs: Int32, replacing lhs: Int32) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Whether every symbol is a dummy (an empty row counts).
    func allDummies(_ kinds: [SymbolKind]) -> Bool {
        cells.allSatisfy { kinds[Int($0.symbol)] == .dummy }
    }
}

extension Row {
    /// `target + factor × source`, without `removing`, cells summing to near zero dropped; cells
    /// that appear are linked and cells that go are unlinked through `columns` (column nodes of a
    /// tableau row in `slot`, holder counts of an objective level, or nothing). The result has
    /// room for two more cells (the marker symbols `Solver.makeRow` appends) so that appending
    /// them does not copy the row.
    static func merge<Columns: ColumnUpdates>(
        _ target: Row, _ source: Row, times factor: Double, removing: Int32,
        slot: Int32, columns: inout Columns
    ) -> Row {
        var result = Row(constant: target.constant + source.constant * factor)
        let capacity = target.cells.count + source.cells.count + 2
        result.cells = [Cell](unsafeUninitializedCapacity: capacity) { out, written in
            target.cells.withUnsafeBufferPointer { a in
                source.cells.withUnsafeBufferPointer { b in
                    var i = 0, j = 0, n = 0
                    while i < a.count || j < b.count {
                        let left = i < a.count ? a[i].symbol : Int32.max
                        let right = j < b.count ? b[j].symbol : Int32.max
                        if left < right {
                            if left == removing {
                                columns.unlink(a[i].node, left)
                            } else {
                                out.initializeElement(at: n, to: a[i])
                                n += 1
                            }
                            i += 1
                        } else if right < left {
                            let value = b[j].coefficient * factor
                            if !nearZero(value) {
                                let node = columns.link(right, slot: slot)
                                out.initializeElement(at: n, to: Cell(symbol: right, node: node, coefficient: value))
                                n += 1
                            }
                            j += 1
                        } else {
                            let value = a[i].coefficient + b[j].coefficient * factor
                            if nearZero(value) {
                                columns.unlink(a[i].node, left)
                            } else {
                                out.initializeElement(
                                    at: n, to: Cell(symbol: left, node: a[i].node, coefficient: value))
                                n += 1
                            }
                            i += 1
                            j += 1
                        }
                    }
                    written = n
                }
            }
        }
        return result
    }
}
