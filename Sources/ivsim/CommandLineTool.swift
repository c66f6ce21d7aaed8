import Foundation

/// Exit codes of the tool.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let badInput: Int32 = 2
}

/// A usage or input error, printed as `ivsim: error: <message>` with exit code 2.
struct UsageError: Error {
    let message: String
}

/// Dispatches the subcommands.
enum CommandLineTool {
    static let usage = """
    usage: ivsim <command> [options]

    commands:
      png inspect FILE         header, chunks and problems of a PNG file
      png convert IN OUT       decode IN and write OUT as .png (re-encoded) or .rgba (raw RGBA8)

    run `ivsim help` for this text.
    """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let command = arguments.first else {
                throw UsageError(message: "no command given\n\n" + usage)
            }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "png":
                return try PNGCommands.run(rest)
            case "help", "-h", "--help":
                print(usage)
                return ExitCode.success
            default:
                throw UsageError(message: "unknown command '\(command)'" + suggestion(command, among: ["png", "help"]) + "\n\n" + usage)
            }
        } catch let error as UsageError {
            printError("ivsim: error: \(error.message)")
            return ExitCode.badInput
        } catch {
            printError("ivsim: error: \(error)")
            return ExitCode.badInput
        }
    }

    /// " (did you mean 'x'?)" for the closest of `candidates`, if any is close.
    static func suggestion(_ word: String, among candidates: [String]) -> String {
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, best.word.count / 3) else { return "" }
        return " (did you mean '\(best.word)'?)"
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Levenshtein distance.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so that a
/// reader never sees a partial file and a failed write leaves the old file intact.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    try Data(bytes).write(to: temporary)
    if rename(temporary.path, url.path) != 0 {
        let code = errno
        try? FileManager.default.removeItem(at: temporary)
        throw UsageError(message: "\(path): cannot write (\(String(cString: strerror(code))))")
    }
}
