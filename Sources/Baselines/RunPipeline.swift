import Foundation

/// A run's scenarios streamed through its workers: loading a scenario and checking (or recording)
/// one of its variants are the units of work, and a worker that finishes one takes the next at
/// once — there is no point where every worker waits for the slowest.
///
/// Before this, a run went in windows of twice the worker count: load the window's scenarios in
/// parallel, then run their variants in parallel, then the next window. Each window ended twice
/// with one worker idle while the other finished its last, longest unit (a full-screen @3x
/// variant, or a scenario with a large photo to decode); on the corpus (about 140 scenarios and
/// 488 variants, 35 windows on two workers) two threads ran 1.31–1.50 times as fast as one, and
/// 1.61–2.02 times since (docs/PERFORMANCE.md §Corpus scaling).
///
/// The bound on memory stays: at most `window` entries are open at once (loading, or with items
/// not yet finished), and an entry's items — which hold its scenario — are let go as they finish.
/// A worker loads the next entry while the window has room (so that items are ready before they
/// are needed), else takes the ready item that costs most (so that no worker is left with one big
/// item at the end; ties go to earlier entries, then earlier items), else waits. Results keep
/// their places, so the output never depends on scheduling.
final class RunPipeline<Entry: Sendable, Summary: Sendable, Item: Sendable, Outcome: Sendable>: @unchecked Sendable {
    /// What loading an entry gives: what the results keep of it (nothing that holds the
    /// scenario), and its items with their costs.
    typealias Loaded = (summary: Summary, items: [(item: Item, cost: Double)])

    private struct Ready {
        var entry: Int
        var index: Int
        var item: Item
        var cost: Double
    }

    private enum Unit {
        case load(Int)
        case run(entry: Int, index: Int, item: Item, threads: Int)
    }

    private let entries: [Entry]
    private let jobs: Int
    private let window: Int
    private let load: @Sendable (Entry) -> Loaded
    private let run: @Sendable (Item, _ threads: Int) -> Outcome
    private let entryDone: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    private let allLoaded: (@Sendable ([Summary]) -> Void)?

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var nextEntry = 0
    private var loading = 0
    private var open = 0
    private var done = 0
    private var itemTotal = 0
    private var ready: [Ready] = []
    private var summaries: [Summary?]
    private var remaining: [Int]
    private var outcomes: [[Outcome?]]

    /// `entryDone` is called (outside the lock, from any worker) with the number of entries done
    /// each time one is: loaded with no items, or its last item finished. `allLoaded` is called
    /// once, with every entry's summary in order, when the last load has finished (at once for
    /// no entries), while items may still run.
    init(
        entries: [Entry], jobs: Int, window: Int,
        load: @escaping @Sendable (Entry) -> Loaded,
        run: @escaping @Sendable (Item, _ threads: Int) -> Outcome,
        entryDone: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        allLoaded: (@Sendable ([Summary]) -> Void)? = nil
    ) {
        self.entries = entries
        self.jobs = max(1, jobs)
        self.window = max(1, window)
        self.load = load
        self.run = run
        self.entryDone = entryDone
        self.allLoaded = allLoaded
        summaries = Array(repeating: nil, count: entries.count)
        remaining = Array(repeating: 0, count: entries.count)
        outcomes = Array(repeating: [], count: entries.count)
    }

    /// Runs every unit on `jobs` workers (the calling thread is one) and returns, per entry in
    /// order, its summary and its items' outcomes in the order `load` gave the items.
    /// `threads` passed to `run` is 1, or — once every entry is loaded and the run has fewer
    /// items than workers — the workers each item can have (`jobs / items`). An item picked while
    /// a load is still running gets one (a run of a few small scenarios on many workers may give
    /// its first items one thread); threads change the speed, never the pixels.
    func results() -> [(summary: Summary, outcomes: [Outcome])] {
        if entries.isEmpty { allLoaded?([]) }
        let helpers = entries.isEmpty ? 0 : jobs - 1
        let finished = DispatchGroup()
        for _ in 0..<helpers {
            finished.enter()
            // A thread of our own, not a dispatch worker: an item run on several threads
            // dispatches its bands, and dispatch runs a concurrentPerform inside another serially.
            let thread = Thread { [self] in
                work()
                finished.leave()
            }
            thread.stackSize = 8 << 20  // as the main thread's: loading recurses as deep as the format allows
            thread.start()
        }
        work()
        finished.wait()
        return entries.indices.map { index in (summaries[index]!, outcomes[index].map { $0! }) }
    }

    private func work() {
        while let unit = next() {
            switch unit {
            case let .load(entry):
                finish(entry: entry, loaded: load(entries[entry]))
            case let .run(entry, index, item, threads):
                finish(entry: entry, index: index, outcome: run(item, threads))
            }
        }
    }

    /// The next unit for a worker, waiting while there is none yet; nil when the run is over.
    private func next() -> Unit? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if nextEntry < entries.count && open < window {
                nextEntry += 1
                open += 1
                loading += 1
                return .load(nextEntry - 1)
            }
            if let best = ready.indices.max(by: { isBefore(ready[$1], ready[$0]) }) {
                let pick = ready.remove(at: best)
                let allLoaded = nextEntry == entries.count && loading == 0
                let threads = allLoaded ? BaselineRunner.renderThreads(variants: itemTotal, jobs: jobs) : 1
                return .run(entry: pick.entry, index: pick.index, item: pick.item, threads: threads)
            }
            if nextEntry == entries.count && open == 0 { return nil }
            condition.wait()
        }
    }

    private func isBefore(_ a: Ready, _ b: Ready) -> Bool {
        if a.cost != b.cost { return a.cost > b.cost }
        return a.entry != b.entry ? a.entry < b.entry : a.index < b.index
    }

    private func finish(entry: Int, loaded: Loaded) {
        condition.lock()
        loading -= 1
        summaries[entry] = loaded.summary
        remaining[entry] = loaded.items.count
        outcomes[entry] = Array(repeating: nil, count: loaded.items.count)
        itemTotal += loaded.items.count
        for (index, (item, cost)) in loaded.items.enumerated() {
            ready.append(Ready(entry: entry, index: index, item: item, cost: cost))
        }
        let doneNow = loaded.items.isEmpty ? closeEntry() : nil
        let everySummary = nextEntry == entries.count && loading == 0 ? summaries.map { $0! } : nil
        condition.broadcast()
        condition.unlock()
        if let doneNow { entryDone?(doneNow, entries.count) }
        if let everySummary { allLoaded?(everySummary) }
    }

    private func finish(entry: Int, index: Int, outcome: Outcome) {
        condition.lock()
        outcomes[entry][index] = outcome
        remaining[entry] -= 1
        let doneNow = remaining[entry] == 0 ? closeEntry() : nil
        condition.broadcast()
        condition.unlock()
        if let doneNow { entryDone?(doneNow, entries.count) }
    }

    /// Closes an entry (under the lock) and gives the number of entries done.
    private func closeEntry() -> Int {
        open -= 1
        done += 1
        return done
    }
}
