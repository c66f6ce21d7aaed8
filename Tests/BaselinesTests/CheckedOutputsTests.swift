import Testing
@testable import Baselines

/// `render` and `layout` check every file before writing any, loading each once (CheckedOutputs).
@Suite struct CheckedOutputsTests {
    /// Runs entries whose outputs are `sizes` bytes, failing those in `failing`; returns the
    /// calls in order: "l2" loads entry 2 ("L2" again), "m2/140" makes its output allowed 140
    /// bytes, "e2" emits it as kept, "s2" streams it from a load.
    func run(sizes: [Int], failing: Set<Int> = [], keptBytes: Int) -> (calls: [String], ok: Bool) {
        var calls: [String] = []
        let ok = CheckedOutputs.run(
            count: sizes.count, keptBytes: keptBytes,
            load: { entry, again -> Int? in
                calls.append("\(again ? "L" : "l")\(entry)")
                return failing.contains(entry) ? nil : entry
            },
            make: { entry, allowed -> (output: Int, bytes: Int)? in
                calls.append("m\(entry)/\(allowed)")
                return sizes[entry] <= allowed ? (entry, sizes[entry]) : nil
            },
            emit: { (entry: Int) in calls.append("e\(entry)") }, stream: { calls.append("s\($0)") })
        return (calls, ok)
    }

    @Test func eachEntryIsLoadedOnceAndTheLastWrittenFromItsLoad() {
        let result = run(sizes: [10, 20, 30], keptBytes: 1_000)
        #expect(result.calls == ["l0", "m0/1000", "l1", "m1/990", "l2", "e0", "e1", "s2"] && result.ok)
        // One file is loaded once and written as it is made, whatever its output's size.
        #expect(run(sizes: [500], keptBytes: 10).calls == ["l0", "s0"])
    }

    @Test func outputsPastWhatIsLeftAreMadeAgainInOrder() {
        // 100 fits 140; 30 fits the 40 left; 50 does not fit 10; 10 does; the last, after one not
        // kept, is made within the 0 left (200 does not fit) and loaded again.
        let result = run(sizes: [100, 30, 50, 10, 200], keptBytes: 140)
        #expect(
            result.calls == [
                "l0", "m0/140", "l1", "m1/40", "l2", "m2/10", "l3", "m3/10", "l4", "m4/0", "e0", "e1", "L2", "s2",
                "e3", "L4", "s4"
            ] && result.ok)
    }

    @Test func aRunWithAnErrorWritesNothingAndLoadsEveryEntry() {
        let result = run(sizes: [1, 1, 1, 1, 1], failing: [1, 3], keptBytes: 1_000)
        #expect(result.calls == ["l0", "m0/1000", "l1", "l2", "l3", "l4"] && !result.ok)
        let last = run(sizes: [1, 1], failing: [1], keptBytes: 1_000)
        #expect(last.calls == ["l0", "m0/1000", "l1"] && !last.ok)
    }
}
