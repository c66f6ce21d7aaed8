// What an error quotes of its input (docs/LIMITS.md §Limits of the readers): a message names the
// value it refuses, but a 10 MB element name, a ten-million-digit number or a megabyte of
// attribute text must not make a line of that length. Three rules, in order:
//
// - every part of the message between double quotes (the way messages quote values) longer than
//   `maxQuoted` characters keeps its first and last `kept` characters around
//   "…(N more characters)…";
// - every run of more than `maxRun` characters without white space is shortened the same way;
// - a line still longer than `maxLine` characters keeps its first `keptLine` and last `kept`
//   characters (a name with spaces quoted without quotes, a long chain of places).
//
// Used by the SVG, PDF and XML readers' errors, which also show control characters escaped
// (`printable`: a file cannot clear the terminal or forge a line), and by every scenario
// diagnostic, which escapes them when it is printed.

public enum ErrorText {
    /// The longest run of non-white-space characters a message keeps whole.
    package static let maxRun = 120
    /// The longest quoted value kept whole.
    package static let maxQuoted = 160
    /// The longest line kept whole.
    package static let maxLine = 480
    /// Characters kept at each end of what is shortened (at the start of a line: `keptLine`).
    package static let kept = 48
    package static let keptLine = 280

    /// The message with what it quotes of its input capped by the three rules.
    public static func capped(_ message: String) -> String {
        guard message.utf8.count > maxRun else { return message }
        let quoted = cappingRuns(cappingQuotes(message))
        guard quoted.utf8.count > maxLine else { return quoted }
        return quoted.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.count > maxLine ? shortened(line, head: keptLine, tail: kept) : String(line)
        }.joined(separator: "\n")
    }

    /// The message with every control character but tab (and line breaks, when the message lays
    /// itself out in lines) shown as \u{XX}: quoted input cannot move the cursor, clear a
    /// terminal or start a line that reads as another error.
    public static func printable(_ message: String, lineBreaks: Bool = false) -> String {
        let control = { (scalar: Unicode.Scalar) in isControl(scalar) && !(lineBreaks && scalar == "\n") }
        guard message.unicodeScalars.contains(where: control) else { return message }
        var out = ""
        for scalar in message.unicodeScalars {
            if control(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` as its first `head` and last `tail` characters around a count of those left out.
    package static func shortened(_ text: Substring, head: Int, tail: Int) -> String {
        String(text.prefix(head)) + "…(\(text.count - head - tail) more characters)…" + String(text.suffix(tail))
    }

    package static func cappingQuotes(_ message: String) -> String {
        guard message.contains("\"") else { return message }
        let parts = message.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part in
            index % 2 == 1 && part.count > maxQuoted ? shortened(part, head: kept, tail: kept) : String(part)
        }.joined(separator: "\"")
    }

    package static func cappingRuns(_ message: String) -> String {
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
