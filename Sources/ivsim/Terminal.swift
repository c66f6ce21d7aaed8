import Foundation
import Synchronization

/// What the terminal can show: colours only on a terminal, and never when NO_COLOR is set to
/// anything non-empty (https://no-color.org) or TERM is "dumb"; a progress line only when
/// standard error is a terminal.
struct Terminal: Sendable {
    let colours: Bool
    let progress: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment, linesToStandardError: Bool = false) {
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        colours = !noColour && isatty(linesToStandardError ? 2 : 1) == 1
        progress = isatty(2) == 1 && environment["TERM"] != "dumb"
    }

    enum Style: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case dim = "2"
    }

    func paint(_ text: String, _ style: Style) -> String {
        colours ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A run's line coloured by what it says: failures red, missing baselines yellow, notes dim,
    /// a summary with no failure green.
    func paintLine(_ line: String) -> String {
        guard colours else { return line }
        if line.hasPrefix("FAIL ") { return paint(line, .red) }
        if line.hasPrefix("MISSING ") { return paint(line, .yellow) }
        if line.hasPrefix("note: ") { return paint(line, .dim) }
        if line.contains(" passed, 0 failed") && !line.contains("invalid") { return paint(line, .green) }
        if line.contains(" passed, ") || line.contains(" failed") { return paint(line, .red) }
        return line
    }
}

/// A progress line on standard error ("[123/360] check"), shown once a run has taken a second,
/// redrawn at most ten times a second, and erased when the run ends.
final class ProgressLine: Sendable {
    private let label: String
    private let started = ContinuousClock.now
    /// How long a run goes before the line shows: a second (`IVSIM_PROGRESS_DELAY_MS` sets it, for
    /// the test that looks at the line).
    private let delay: Duration = .milliseconds(
        ProcessInfo.processInfo.environment["IVSIM_PROGRESS_DELAY_MS"].flatMap { Int($0) } ?? 1000)
    private let state = Mutex<(lastDraw: ContinuousClock.Instant?, shown: Bool)>((nil, false))

    init(label: String) {
        self.label = label
    }

    func update(done: Int, total: Int) {
        let now = ContinuousClock.now
        guard now - started >= delay else { return }
        state.withLock { state in
            if let last = state.lastDraw, now - last < .milliseconds(100), done < total { return }
            state.lastDraw = now
            state.shown = true
            FileHandle.standardError.write(Data("\r\u{1B}[2K[\(done)/\(total)] \(label)".utf8))
        }
    }

    func finish() {
        state.withLock { state in
            if state.shown { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            state.shown = false
        }
    }
}
