import Dispatch
import Synchronization

/// Runs `body(0..<count)` on up to `jobs` threads and returns the results in index order, so
/// that output never depends on which thread finished first.
func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    if count == 0 { return [] }
    let slots = Results<T>(count: count)
    let next = Atomic<Int>(0)
    let workers = max(1, min(jobs, count))
    // One worker runs here: a dispatch_apply inside another runs serially, so the rendering's own
    // threads (a variant's bands) would otherwise get one core.
    if workers == 1 { return (0..<count).map(body) }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            if index >= count { break }
            slots.set(index, body(index))
        }
    }
    return slots.values()
}

/// One slot per index, each written by exactly one worker.
private final class Results<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = Mutex(())

    init(count: Int) {
        storage = [T?](repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.withLock { _ in storage[index] = value }
    }

    func values() -> [T] {
        lock.withLock { _ in storage.compactMap { $0 } }  // every index was set (the run waits for all)
    }
}
