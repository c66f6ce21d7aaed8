#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// For every symbol, the tableau rows that contain it: a doubly linked list per symbol through a
// pool of nodes, one node per cell of a tableau row (the objective and the artificial objective
// are not indexed; they are looked at directly).
//
// Why: kiwi finds the rows containing a symbol by scanning every row (substitute, suggestValue,
// the ratio tests), so adding one constraint to a tableau of R rows costs R lookups whatever its
// size, and a re-solve after suggestValue visits every row. With this index a substitution
// visits only the rows that hold the symbol — for a brand-new subject, none — and a suggested
// value touches only the rows holding the edit's error. Cost: a node link or unlink (O(1), no
// search) whenever a cell enters or leaves a tableau row; a node remembers its row's slot, a cell
// remembers its node. Measured (release, kiwi_bench workloads): replacing the column walks of
// substitute and suggestValue by kiwi's scan of every row took the 1000-view chain build from
// 21 ms to 222 ms (kiwisolver: 200 ms) and its 100 re-solves from 0.30 ms to 8.6 ms; the
// 1000-cell grid build from 4.5 ms to 37 ms. The tableaus are the same size as kiwi's (100-view
// chain: 16 357 cells here, 17 264 in kiwisolver's dump), so the scan, not row length, is the
// difference.
//
// Speed (measured, kiwi_bench chain of 1000 views, release): with one Swift array per node field
// and `append` per link, linking was 44 % of the build (uniqueness checks and growth copies on
// every append). Now nodes are one block of 12-byte structs (NodeStorage), grown (doubling, by
// realloc) ahead of a batch, and a batch links through raw pointers (`withLinker`): no check or
// copy per node. Freed nodes are reused first (a free list), then never-used ones in order.
//
// Dummies are not indexed. A dummy never enters the basis through a pivot; its rows are needed
// only when it becomes basic (a redundant equality) or its constraint is removed, and then found
// by scanning every row, as kiwi always does. Measured on the 1000-view chain, where a third of
// the cells are link dummies: build 21.0–22.6 ms → 18.2–19.8 ms (three interleaved runs each);
// removing a link near the end of the chain (4000 rows) 91 µs → 203 µs, in the middle (the pivot
// rewrites ~900 long rows) 2.34 ms → 2.25 ms, i.e. the same.
//
// The order of a column's list is the order of insertion (most recent first). It never decides
// anything: every selection made while walking a column breaks ties by symbol id.

/// One cell's entry in its symbol's column.
struct ColumnNode {
    /// The slot of the row holding the cell, or −1 for a free node.
    var slot: Int32
    /// The previous node of the same symbol, or −1.
    var previous: Int32
    /// The next node of the same symbol (or the next free node), or −1.
    var next: Int32
}

/// The rows that contain each symbol, as linked lists of nodes.
struct ColumnIndex {
    /// Per symbol: the first node of its list, or −1.
    private(set) var head: [Int32] = []
    /// Per symbol: how many tableau rows contain it.
    private(set) var count: [Int32] = []
    /// The node pool, free nodes included: nodes below `fresh` are initialised.
    private var storage = NodeStorage()
    /// The first free node, or −1.
    private var free: Int32 = -1
    /// How many nodes are on the free list.
    private var freeCount = 0
    /// Nodes from here on have never been used.
    private var fresh = 0

    /// Cells of tableau rows the index holds (every cell but the dummies').
    var nodesInUse: Int { fresh - freeCount }

    /// Makes room for one more symbol (ids are dense and handed out in order); an unindexed
    /// symbol (a dummy) gets no nodes, and its rows must be found by a scan.
    mutating func addSymbol(indexed: Bool) {
        head.append(indexed ? -1 : ColumnIndex.unindexed)
        count.append(0)
    }

    /// `head` of a symbol that is not indexed.
    static let unindexed: Int32 = -2

    /// Whether `symbol`'s rows are listed.
    @inline(__always)
    func isIndexed(_ symbol: Int32) -> Bool { head[Int(symbol)] != ColumnIndex.unindexed }

    /// Runs `body` with a linker that may link up to `newNodes` cells (and unlink any number).
    mutating func withLinker<Result>(reserving newNodes: Int, _ body: (inout Linker) -> Result) -> Result {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(initialised: fresh) }
        if freeCount + (storage.capacity - fresh) < newNodes {
            // Double the pool (amortised growth); fresh nodes are used in order after free ones.
            storage.grow(to: storage.capacity + max(newNodes, storage.capacity, 64))
        }
        return head.withUnsafeMutableBufferPointer { head in
            count.withUnsafeMutableBufferPointer { count in
                let nodes = UnsafeMutableBufferPointer(start: storage.base, count: storage.capacity)
                var linker = Linker(
                    head: head, count: count, nodes: nodes, free: free, freeCount: freeCount, fresh: fresh)
                let result = body(&linker)
                free = linker.free
                freeCount = linker.freeCount
                fresh = linker.fresh
                return result
            }
        }
    }

    /// The node `index` (one that has been linked: below `nodeCount`).
    @inline(__always)
    func node(_ index: Int32) -> ColumnNode { storage.base![Int(index)] }

    /// How many nodes have ever been used (free ones included).
    var nodeCount: Int { fresh }

    /// The slots of the rows holding `symbol`, in list order.
    func slots(of symbol: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(count[Int(symbol)]))
        var node = head[Int(symbol)]
        while node >= 0 {
            result.append(self.node(node).slot)
            node = self.node(node).next
        }
        return result
    }
}

/// The node pool's memory: one malloc'd block grown by realloc, which moves a large block by
/// remapping its pages rather than copying them and never touches the part not yet used (an
/// Array would initialise every new node and copy the old ones at each doubling: on the
/// optional chain of 2,000 views that was a fifth of the build). Shared copy-on-write by
/// ColumnIndex (`withLinker` copies it when another solver value holds it too).
final class NodeStorage: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<ColumnNode>?
    private(set) var capacity = 0

    init() {}

    /// A copy of the first `initialised` nodes, with the same capacity.
    func copy(initialised: Int) -> NodeStorage {
        let copy = NodeStorage()
        copy.grow(to: capacity)
        if initialised > 0, let base, let target = copy.base { target.initialize(from: base, count: initialised) }
        return copy
    }

    /// Makes room for `newCapacity` nodes, keeping the initialised ones.
    func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        let bytes = newCapacity * MemoryLayout<ColumnNode>.stride
        guard let raw = realloc(base, bytes) else { fatalError("out of memory for \(newCapacity) column nodes") }
        base = raw.bindMemory(to: ColumnNode.self, capacity: newCapacity)
        capacity = newCapacity
    }

    deinit { free(base) }
}

/// Raw access to a ColumnIndex during `withLinker`; valid only inside it.
struct Linker {
    let head: UnsafeMutableBufferPointer<Int32>
    let count: UnsafeMutableBufferPointer<Int32>
    let nodes: UnsafeMutableBufferPointer<ColumnNode>
    var free: Int32
    var freeCount: Int
    var fresh: Int

    /// Records that the row in `slot` holds `symbol`; returns the new node.
    @inline(__always)
    mutating func link(_ symbol: Int32, slot: Int32) -> Int32 {
        let first = head[Int(symbol)]
        if first == ColumnIndex.unindexed { return -1 }
        let node: Int32
        if free >= 0 {
            node = free
            free = nodes[Int(node)].next
            freeCount -= 1
        } else {
            node = Int32(fresh)
            fresh += 1
        }
        nodes[Int(node)] = ColumnNode(slot: slot, previous: -1, next: first)
        if first >= 0 { nodes[Int(first)].previous = node }
        head[Int(symbol)] = node
        count[Int(symbol)] += 1
        return node
    }

    /// Forgets `node`, a cell of `symbol` that left its row.
    @inline(__always)
    mutating func unlink(_ node: Int32, _ symbol: Int32) {
        if node < 0 { return }  // an unindexed symbol's cell
        let before = nodes[Int(node)].previous, after = nodes[Int(node)].next
        if before >= 0 { nodes[Int(before)].next = after } else { head[Int(symbol)] = after }
        if after >= 0 { nodes[Int(after)].previous = before }
        count[Int(symbol)] -= 1
        nodes[Int(node)] = ColumnNode(slot: -1, previous: -1, next: free)
        free = node
        freeCount += 1
    }
}
