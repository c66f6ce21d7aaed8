/// A run that checks every file before it writes anything (`ivsim render`, `ivsim layout`), made
/// so that each file is loaded, and its images drawn, once: each file's output is made as the
/// file is checked and kept for the writing pass while the kept outputs fit `keptBytes` (the
/// first is always kept). Only an output past that is made again, from a second load; before,
/// every file was loaded twice, so a scenario whose drawings used its whole `drawing-work` limit
/// took twice the time that limit allows (attack round 17, docs/LIMITS.md).
public enum CheckedOutputs {
    /// What a run keeps between its passes: 256 MiB of made output (PNG files and layout text).
    public static let keptBytes = 1 << 28

    /// Makes entry 0, 1, … `count - 1`'s output with `make` (nil: the entry has an error, which
    /// `make` has recorded); when every entry made one, hands them to `emit` in order, making
    /// again those that were not kept. Returns whether anything was emitted.
    public static func run<Output>(
        count: Int, keptBytes: Int = keptBytes, size: (Output) -> Int,
        make: (_ entry: Int, _ again: Bool) throws -> Output?, emit: (Output) throws -> Void
    ) rethrows -> Bool {
        var kept = [Output?](repeating: nil, count: count)
        var keptTotal = 0
        var failed = false
        for entry in 0..<count {
            guard let output = try make(entry, false) else {
                failed = true
                continue
            }
            let bytes = size(output)
            if !failed && (keptTotal == 0 || bytes <= keptBytes - keptTotal) {
                kept[entry] = output
                keptTotal += bytes
            }
        }
        if failed { return false }
        for entry in 0..<count {
            // An entry made again should make the same output: a file changed between the passes
            // and now in error is skipped (its error was not there when the run was checked).
            if let output = try kept[entry] ?? make(entry, true) { try emit(output) }
            kept[entry] = nil
        }
        return true
    }
}
