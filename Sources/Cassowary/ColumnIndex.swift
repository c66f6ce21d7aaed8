// For every symbol, the tableau rows that contain it: a doubly linked list per symbol through a
// pool of nodes, one node per cell of a tableau row (the objective and the artificial objective
// are not indexed; they are looked at directly).
//
// Why: kiwi finds the rows containing a symbol by scanning every row (substitute, suggestValue,
// the ratio tests), so adding one constraint to a tableau of R rows costs R lookups whatever its
// size, and a re-solve after suggestValue visits every row. Measured on kiwi_bench's 1000-view
// chain (6000 constraints, ~5000 rows) that scan is what kiwisolver's 220 ms build is made of;
// with this index a substitution visits only the rows that hold the symbol — for a brand-new
// subject, none. Cost: a node link or unlink (O(1), no search) whenever a cell appears in or
// leaves a tableau row. A node remembers its row's slot; cells remember their node.
//
// The order of a column's list is the order of insertion (most recent first). It never decides
// anything: every selection made while walking a column breaks ties by symbol id.

/// The rows that contain each symbol, as linked lists of nodes.
struct ColumnIndex {
    /// Per symbol: the first node of its list, or −1.
    private(set) var head: [Int32] = []
    /// Per symbol: how many tableau rows contain it.
    private(set) var count: [Int32] = []
    /// Per node: the slot of the row holding the cell.
    private(set) var slot: [Int32] = []
    /// Per node: the next node of the same symbol (or the next free node), or −1.
    private(set) var next: [Int32] = []
    /// Per node: the previous node of the same symbol, or −1.
    private var previous: [Int32] = []
    /// The first free node, or −1.
    private var free: Int32 = -1

    /// Makes room for one more symbol (ids are dense and handed out in order).
    mutating func addSymbol() {
        head.append(-1)
        count.append(0)
    }

    /// Records that the row in `slot` holds `symbol`; returns the new node.
    @inline(__always)
    mutating func link(_ symbol: Int32, slot rowSlot: Int32) -> Int32 {
        let node: Int32
        if free >= 0 {
            node = free
            free = next[Int(node)]
            slot[Int(node)] = rowSlot
            previous[Int(node)] = -1
            next[Int(node)] = head[Int(symbol)]
        } else {
            node = Int32(slot.count)
            slot.append(rowSlot)
            previous.append(-1)
            next.append(head[Int(symbol)])
        }
        let first = head[Int(symbol)]
        if first >= 0 { previous[Int(first)] = node }
        head[Int(symbol)] = node
        count[Int(symbol)] += 1
        return node
    }

    /// Forgets `node` (a cell of `symbol` that left its row).
    @inline(__always)
    mutating func unlink(_ node: Int32, _ symbol: Int32) {
        let before = previous[Int(node)], after = next[Int(node)]
        if before >= 0 { next[Int(before)] = after } else { head[Int(symbol)] = after }
        if after >= 0 { previous[Int(after)] = before }
        count[Int(symbol)] -= 1
        slot[Int(node)] = -1
        next[Int(node)] = free
        free = node
    }

    /// The slots of the rows holding `symbol`, in list order.
    func slots(of symbol: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(count[Int(symbol)]))
        var node = head[Int(symbol)]
        while node >= 0 {
            result.append(slot[Int(node)])
            node = next[Int(node)]
        }
        return result
    }

    /// Forgets everything.
    mutating func removeAll() {
        self = ColumnIndex()
    }
}
