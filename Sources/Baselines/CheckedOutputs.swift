/// A run that checks every file before it writes anything (`ivsim render`, `ivsim layout`), made
/// so that each file is loaded, and its images drawn, once. Each file's output is made as the file
/// is checked and kept for the writing pass while the kept outputs fit `keptBytes`. The last
/// file, once it has loaded, is written as it is made from that load when every output before it
/// was kept, so a run of one file loads it once whatever its output's size. Only a file whose
/// output did not fit is loaded again to be written. Before, every file was loaded twice, so a
/// scenario whose drawings used its whole `drawing-work` limit took twice the time that limit
/// allows (attack round 17, docs/CLI.md).
public enum CheckedOutputs {
    /// What a run keeps between its passes: 64 MiB of made output (PNG files and layout text),
    /// held beside the scenario being checked.
    public static let keptBytes = 64 << 20

    /// Loads entry 0, 1, … `count - 1` with `load` (nil: it has an error, which `load` has
    /// recorded) and makes its output with `make` within the bytes it may keep (nil: more); when
    /// none failed, hands the outputs kept to `emit` and the other entries, loaded again, to
    /// `stream`, in order. Returns whether anything was written.
    public static func run<Loaded, Output>(
        count: Int, keptBytes: Int = keptBytes,
        load: (_ entry: Int, _ again: Bool) throws -> Loaded?,
        make: (Loaded, _ allowed: Int) throws -> (output: Output, bytes: Int)?,
        emit: (Output) throws -> Void, stream: (Loaded) throws -> Void
    ) rethrows -> Bool {
        var kept = [Output?](repeating: nil, count: count)
        var keptTotal = 0
        var failed = false
        for entry in 0..<count {
            guard let loaded = try load(entry, false) else {
                failed = true
                continue
            }
            if failed { continue }  // checked for its errors; nothing will be written
            if entry == count - 1 && kept.dropLast().allSatisfy({ $0 != nil }) {
                // Every file is checked and every other's output kept: write those, then this
                // one as it is made, from this load.
                for index in 0..<entry {
                    if let output = kept[index] { try emit(output) }
                    kept[index] = nil
                }
                try stream(loaded)
                return true
            }
            if let made = try make(loaded, keptBytes - keptTotal) {
                kept[entry] = made.output
                keptTotal += made.bytes
            }
        }
        if failed { return false }
        for entry in 0..<count {
            if let output = kept[entry] {
                kept[entry] = nil
                try emit(output)
            } else if let loaded = try load(entry, true) {
                // A file changed since it was checked and now in error is reported, not written.
                try stream(loaded)
            }
        }
        return true
    }
}
