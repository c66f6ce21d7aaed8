import Synchronization

/// Scenarios done in a run, for the progress callback (scenarios, not variants: a window's
/// variants are known only once it is loaded).
final class FinishedScenarios: Sendable {
    private let state = Mutex<(done: Int, remaining: [[Int]])>((0, []))
    let total: Int
    let progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    init(total: Int, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) {
        self.total = total
        self.progress = progress
    }

    /// Registers a window's scenarios by their variant counts; those with none are done at once.
    func startWindow(variantCounts: [Int]) -> Int {
        let (window, done) = state.withLock { state -> (Int, Int) in
            state.remaining.append(variantCounts)
            state.done += variantCounts.filter { $0 == 0 }.count
            return (state.remaining.count - 1, state.done)
        }
        if variantCounts.contains(0) { progress?(done, total) }
        return window
    }

    func variantDone(scenario: Int, window: Int) {
        let done = state.withLock { state -> Int? in
            state.remaining[window][scenario] -= 1
            guard state.remaining[window][scenario] == 0 else { return nil }
            state.done += 1
            return state.done
        }
        if let done { progress?(done, total) }
    }
}
