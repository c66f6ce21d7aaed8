// What an error quotes of its input (docs/LIMITS.md §Limits of the readers): a message names the
// value it refuses, but a 10 MB element name or a ten-million-digit number must not make a
// ten-million-character line. Every run of more than `maxRun` characters without white space is
// shortened to its first `kept` and last `kept` characters around a count of those left out.

enum ErrorText {
    /// The longest run of non-white-space characters a message keeps whole.
    static let maxRun = 120
    /// Characters kept at each end of a longer run.
    static let kept = 48

    static func capped(_ message: String) -> String {
        guard message.utf8.count > maxRun else { return message }
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
