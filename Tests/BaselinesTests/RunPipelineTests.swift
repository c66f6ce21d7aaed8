import Foundation
import Synchronization
import Testing

@testable import Baselines

/// The run's scheduler: every item once, results in their places, the window's bound on open
/// entries, and the threads an item gets.
@Suite struct RunPipelineTests {
    /// Entry e has e % 5 items; item i of entry e costs (e * 7 + i * 3) % 4 and its outcome is
    /// (e, i). Loads and runs sleep a little, unevenly, so that workers overtake each other.
    private final class Probe: Sendable {
        let state = Mutex<(open: [Int: Int], maxOpen: Int, runs: [Int: Int], done: [Int])>(([:], 0, [:], []))

        func loaded(_ entry: Int, items: Int) {
            state.withLock { s in
                if items > 0 { s.open[entry] = items }
                s.maxOpen = max(s.maxOpen, s.open.count + (items == 0 ? 1 : 0))
            }
        }

        func ran(_ entry: Int, _ index: Int) {
            state.withLock { s in
                s.runs[entry * 100 + index, default: 0] += 1
                s.open[entry]! -= 1
                if s.open[entry] == 0 { s.open[entry] = nil }
            }
        }
    }

    private static func pipeline(
        entries: Int, jobs: Int, window: Int, probe: Probe
    ) -> RunPipeline<Int, Int, (Int, Int), (Int, Int, Int)> {
        RunPipeline(
            entries: Array(0..<entries), jobs: jobs, window: window,
            load: { entry in
                usleep(UInt32(200 * (entry % 3)))
                let items = (0..<(entry % 5)).map { index in ((entry, index), Double((entry * 7 + index * 3) % 4)) }
                probe.loaded(entry, items: items.count)
                return (entry * 10, items)
            },
            run: { item, threads in
                usleep(UInt32(100 * ((item.0 + item.1) % 4)))
                probe.ran(item.0, item.1)
                return (item.0, item.1, threads)
            },
            entryDone: { done, total in probe.state.withLock { $0.done.append(done * 1000 + total) } })
    }

    @Test(arguments: [1, 2, 3, 4])
    func everyItemRunsOnceAndKeepsItsPlace(jobs: Int) {
        for window in [1, 2, 3, 8] {
            let probe = Probe()
            let results = Self.pipeline(entries: 23, jobs: jobs, window: window, probe: probe).results()
            #expect(results.map(\.summary) == (0..<23).map { $0 * 10 })
            for (entry, result) in results.enumerated() {
                #expect(result.outcomes.map { [$0.0, $0.1] } == (0..<(entry % 5)).map { [entry, $0] })
                #expect(result.outcomes.allSatisfy { $0.2 == 1 }, "many items: one thread each")
            }
            probe.state.withLock { s in
                #expect(s.runs.count == (0..<23).reduce(0) { $0 + $1 % 5 } && s.runs.values.allSatisfy { $0 == 1 })
                #expect(s.maxOpen <= window, "jobs \(jobs), window \(window): \(s.maxOpen) open")
                #expect(s.open.isEmpty)
                #expect(s.done.sorted() == (1...23).map { $0 * 1000 + 23 })
            }
        }
    }

    @Test func fewerItemsThanWorkersShareTheWorkers() {
        // One entry (a check of one scenario): its items split the four workers among them.
        for (items, threads) in [(1, 4), (2, 2), (3, 1), (5, 1)] {
            let results = RunPipeline<Int, Int, Int, Int>(
                entries: [0], jobs: 4, window: 8, load: { _ in (0, (0..<items).map { ($0, 1) }) },
                run: { _, threads in threads }
            ).results()
            #expect(results.map(\.outcomes) == [Array(repeating: threads, count: items)])
        }
    }

    @Test func anEmptyRunReturnsAtOnce() {
        let told = Mutex<[[Int]]>([])
        let results = RunPipeline<Int, Int, Int, Int>(
            entries: [], jobs: 3, window: 6, load: { _ in (0, []) }, run: { _, _ in 0 },
            allLoaded: { summaries in told.withLock { $0.append(summaries) } }
        ).results()
        #expect(results.isEmpty)
        #expect(told.withLock { $0 } == [[]])
    }

    @Test(arguments: [1, 2, 3])
    func everySummaryIsToldOnceWhenTheLastLoadEnds(jobs: Int) {
        // Told once, in entry order, after every load and before the run ends.
        let told = Mutex<(calls: [[Int]], loadsBefore: Int)>(([], 0))
        let loads = Mutex(0)
        let results = RunPipeline<Int, Int, Int, Int>(
            entries: Array(0..<9), jobs: jobs, window: 2,
            load: { entry in
                usleep(UInt32(150 * (entry % 3)))
                loads.withLock { $0 += 1 }
                return (entry * 2, (0..<(entry % 3)).map { ($0, 1) })
            },
            run: { item, _ in
                usleep(300)
                return item
            },
            allLoaded: { summaries in
                let count = loads.withLock { $0 }
                told.withLock { $0 = ($0.calls + [summaries], count) }
            }
        ).results()
        #expect(results.map(\.summary) == (0..<9).map { $0 * 2 })
        let (calls, loadsBefore) = told.withLock { $0 }
        #expect(calls == [(0..<9).map { $0 * 2 }])
        #expect(loadsBefore == 9)
    }
}
