import Testing
@testable import Baselines

/// `render` and `layout` check every file before writing any, loading each once (CheckedOutputs).
@Suite struct CheckedOutputsTests {
    /// Runs entries whose outputs are `sizes` bytes, failing those in `failing`; returns the
    /// calls in order: "c2/140" checks entry 2 allowed 140 bytes, "e2" emits it as kept, "a2"
    /// makes it again to emit it.
    func run(sizes: [Int], failing: Set<Int> = [], keptBytes: Int) -> (calls: [String], ok: Bool) {
        var calls: [String] = []
        let ok = CheckedOutputs.run(
            count: sizes.count, keptBytes: keptBytes,
            check: { entry, allowed -> CheckedOutputs.Checked<Int> in
                calls.append("c\(entry)/\(allowed)")
                if failing.contains(entry) { return .failed }
                return sizes[entry] <= allowed ? .kept(entry, bytes: sizes[entry]) : .notKept
            },
            emit: { (entry: Int) in calls.append("e\(entry)") }, emitAgain: { calls.append("a\($0)") })
        return (calls, ok)
    }

    @Test func eachEntryIsCheckedOnceAndEmittedFromWhatWasKept() {
        let result = run(sizes: [10, 20, 30], keptBytes: 1_000)
        #expect(result.calls == ["c0/1000", "c1/990", "c2/970", "e0", "e1", "e2"] && result.ok)
    }

    @Test func outputsPastWhatIsLeftAreMadeAgainInOrder() {
        // 100 fits 140; 30 fits the 40 left; 50 does not fit 10; 10 does; 200 does not fit 0.
        let result = run(sizes: [100, 30, 50, 10, 200], keptBytes: 140)
        #expect(
            result.calls == ["c0/140", "c1/40", "c2/10", "c3/10", "c4/0", "e0", "e1", "a2", "e3", "a4"] && result.ok)
        // A single output larger than everything is made again rather than held.
        #expect(run(sizes: [500], keptBytes: 10).calls == ["c0/10", "a0"])
    }

    @Test func aRunWithAnErrorEmitsNothingChecksEveryEntryAndKeepsNothingAfterIt() {
        let result = run(sizes: [1, 1, 1, 1, 1], failing: [1, 3], keptBytes: 1_000)
        #expect(result.calls == ["c0/1000", "c1/999", "c2/0", "c3/0", "c4/0"] && !result.ok)
    }
}
