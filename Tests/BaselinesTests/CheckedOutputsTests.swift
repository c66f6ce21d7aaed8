import Testing
@testable import Baselines

/// `render` and `layout` check every file before writing any, loading each once (CheckedOutputs).
@Suite struct CheckedOutputsTests {
    /// Runs five entries whose outputs are `sizes`, failing those in `failing`; returns the calls
    /// to make (entry, again) and what was emitted.
    func run(sizes: [Int], failing: Set<Int> = [], keptBytes: Int) -> (made: [String], emitted: [Int], ok: Bool) {
        var made: [String] = []
        var emitted: [Int] = []
        let ok = CheckedOutputs.run(
            count: sizes.count, keptBytes: keptBytes, size: { sizes[$0] },
            make: { entry, again in
                made.append("\(entry)\(again ? "+" : "")")
                return failing.contains(entry) ? nil : entry
            }, emit: { emitted.append($0) })
        return (made, emitted, ok)
    }

    @Test func eachEntryIsMadeOnceWhenItsOutputIsKept() {
        let result = run(sizes: [10, 20, 30, 40, 50], keptBytes: 1_000)
        #expect(result.made == ["0", "1", "2", "3", "4"])
        #expect(result.emitted == [0, 1, 2, 3, 4] && result.ok)
    }

    @Test func outputsPastTheKeptBytesAreMadeAgainInOrder() {
        // 100 (the first, always kept) + 30 fit 140; 50 would not; 10 still fits.
        let result = run(sizes: [100, 30, 50, 10, 200], keptBytes: 140)
        #expect(result.made == ["0", "1", "2", "3", "4", "2+", "4+"])
        #expect(result.emitted == [0, 1, 2, 3, 4] && result.ok)
        // The first output is kept whatever its size: a run of one file loads it once.
        #expect(run(sizes: [500], keptBytes: 10).made == ["0"])
    }

    @Test func aRunWithAnErrorEmitsNothingAndChecksEveryEntry() {
        let result = run(sizes: [1, 1, 1, 1, 1], failing: [1, 3], keptBytes: 1_000)
        #expect(result.made == ["0", "1", "2", "3", "4"])
        #expect(result.emitted.isEmpty && !result.ok)
    }
}
