// What an error quotes of its input (docs/LIMITS.md §Limits of the readers): a message names the
// value it refuses, but a 10 MB element name, a ten-million-digit number or a megabyte of
// attribute text must not make a line of that length. Three rules, in order:
//
// - every run of more than `maxRun` characters without white space keeps its first and last
//   `kept` characters around "…(N more characters)…";
// - every part of the message between double quotes (the way messages quote values) longer than
//   `maxQuoted` characters is shortened the same way;
// - a line still longer than `maxLine` characters keeps its first `keptLine` and last `kept`
//   characters (a name with spaces quoted without quotes, a long chain of places).
//
// Used by the SVG, PDF and XML readers' errors and by every scenario diagnostic.

public enum ErrorText {
    /// The longest run of non-white-space characters a message keeps whole.
    static let maxRun = 120
    /// The longest quoted value kept whole.
    static let maxQuoted = 160
    /// The longest line kept whole.
    static let maxLine = 600
    /// Characters kept at each end of what is shortened (at the start of a line: `keptLine`).
    static let kept = 48
    static let keptLine = 360

    /// The message with what it quotes of its input capped by the three rules.
    public static func capped(_ message: String) -> String {
        guard message.utf8.count > maxRun else { return message }
        let quoted = cappingQuotes(cappingRuns(message))
        guard quoted.utf8.count > maxLine else { return quoted }
        return quoted.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.count > maxLine ? shortened(line, head: keptLine, tail: kept) : String(line)
        }.joined(separator: "\n")
    }

    /// `text` as its first `head` and last `tail` characters around a count of those left out.
    static func shortened(_ text: Substring, head: Int, tail: Int) -> String {
        String(text.prefix(head)) + "…(\(text.count - head - tail) more characters)…" + String(text.suffix(tail))
    }

    static func cappingQuotes(_ message: String) -> String {
        guard message.contains("\"") else { return message }
        let parts = message.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part in
            index % 2 == 1 && part.count > maxQuoted ? shortened(part, head: kept, tail: kept) : String(part)
        }.joined(separator: "\"")
    }

    static func cappingRuns(_ message: String) -> String {
        var result = ""
        var head: [Character] = []  // the run's first maxRun characters
        var ring = [Character](repeating: " ", count: kept)  // its last `kept`, once it is longer
        var length = 0
        func flush() {
            if length > maxRun {
                let tail = (0..<kept).map { ring[(length + $0) % kept] }
                result += String(head.prefix(kept)) + "…(\(length - 2 * kept) more characters)…" + String(tail)
            } else {
                result += String(head)
            }
            head.removeAll(keepingCapacity: true)
            length = 0
        }
        for character in message {
            if character.isWhitespace {
                flush()
                result.append(character)
                continue
            }
            if length < maxRun { head.append(character) }
            ring[length % kept] = character
            length += 1
        }
        flush()
        return result
    }
}
