/// A run that checks every file before it writes anything (`ivsim render`, `ivsim layout`), made
/// so that each file is loaded, and its images drawn, once: each file's output is made as the
/// file is checked and kept for the writing pass while the kept outputs fit `keptBytes`. Only a
/// file whose output does not fit what is left is loaded again to be written, its output then
/// written as it is made. Before, every file was loaded twice, so a scenario whose drawings used
/// its whole `drawing-work` limit took twice the time that limit allows (attack round 17,
/// docs/CLI.md).
public enum CheckedOutputs {
    /// What a run keeps between its passes: 64 MiB of made output (PNG files and layout text),
    /// held beside the scenario being checked.
    public static let keptBytes = 64 << 20

    /// What checking one entry gave.
    public enum Checked<Output> {
        /// Checked, and its output made within the bytes allowed.
        case kept(Output, bytes: Int)
        /// Checked, but its output is larger than the bytes allowed: stopped making it.
        case notKept
        /// It has an error (which `check` has recorded).
        case failed
    }

    /// Checks entry 0, 1, … `count - 1` with `check`, given the bytes of output it may keep;
    /// when none failed, hands each kept output to `emit` and each other entry to `emitAgain`,
    /// in order. Returns whether anything was emitted.
    public static func run<Output>(
        count: Int, keptBytes: Int = keptBytes,
        check: (_ entry: Int, _ allowed: Int) throws -> Checked<Output>,
        emit: (Output) throws -> Void, emitAgain: (_ entry: Int) throws -> Void
    ) rethrows -> Bool {
        var kept = [Output?](repeating: nil, count: count)
        var keptTotal = 0
        var failed = false
        for entry in 0..<count {
            switch try check(entry, failed ? 0 : keptBytes - keptTotal) {
            case let .kept(output, bytes) where !failed:
                kept[entry] = output
                keptTotal += bytes
            case .failed:
                failed = true
            case .kept, .notKept:
                break
            }
        }
        if failed { return false }
        for entry in 0..<count {
            if let output = kept[entry] {
                kept[entry] = nil
                try emit(output)
            } else {
                try emitAgain(entry)
            }
        }
        return true
    }
}
