/// Shell-style globs over names: `*` (any run inside a path segment), `**` (any run), `?` (one
/// character but `/`), `[abc]`, `[a-z]`, `[!a]`; a `[` without a closing `]` is itself. A pattern
/// is read once, in one pass (the closing `]` of every `[` is found by one scan from the end:
/// 20,000 unclosed `[` took seconds when each scanned to the end), and matching is a dynamic
/// programme over the pattern and the name (time proportional to their product, never
/// exponential).
struct Glob: Sendable {
    static func isPattern(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    private enum Token: Equatable, Sendable {
        case literal(Character)
        case any  // ?
        case star  // *
        case globstar  // **
        case set([ClosedRange<Character>], negated: Bool)
    }

    private let tokens: [Token]

    init(_ pattern: String) {
        let characters = Array(pattern)
        // closing[i]: the index of the first "]" after i (a "]" right after "[" or "[!" is a member).
        var closing = [Int](repeating: -1, count: characters.count + 1)
        var next = -1
        for i in stride(from: characters.count - 1, through: 0, by: -1) {
            closing[i] = next
            if characters[i] == "]" { next = i }
        }
        var tokens: [Token] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            switch c {
            case "*":
                if i + 1 < characters.count && characters[i + 1] == "*" {
                    tokens.append(.globstar)
                    i += 2
                    continue
                }
                tokens.append(.star)
            case "?":
                tokens.append(.any)
            case "[":
                var start = i + 1
                var negated = false
                if start < characters.count && (characters[start] == "!" || characters[start] == "^") {
                    negated = true
                    start += 1
                }
                // The set ends at the first "]" after its first member (which may be "]" itself).
                let end = start < characters.count ? closing[start] : -1
                guard end >= 0 else {
                    tokens.append(.literal("["))
                    break
                }
                var ranges: [ClosedRange<Character>] = []
                var k = start
                while k < end {
                    if k + 2 < end && characters[k + 1] == "-" && characters[k] <= characters[k + 2] {
                        ranges.append(characters[k]...characters[k + 2])
                        k += 3
                    } else {
                        ranges.append(characters[k]...characters[k])
                        k += 1
                    }
                }
                tokens.append(.set(ranges, negated: negated))
                i = end
            default:
                tokens.append(.literal(c))
            }
            i += 1
        }
        self.tokens = tokens
    }

    /// Whether `pattern` matches `name` as a whole.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        Glob(pattern).matches(name)
    }

    /// Whether the pattern matches `name` as a whole.
    func matches(_ name: String) -> Bool {
        let text = Array(name)
        // reachable[j]: the tokens so far can match text[0..<j].
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case .star, .globstar:
                var open = false
                for j in 0...text.count {
                    if reachable[j] { open = true }
                    next[j] = open
                    if j < text.count && token == .star && text[j] == "/" { open = false }
                }
            default:
                for j in 0..<text.count where reachable[j] {
                    let c = text[j]
                    let hit: Bool
                    switch token {
                    case let .literal(l): hit = c == l
                    case .any: hit = c != "/"
                    case let .set(ranges, negated): hit = c != "/" && ranges.contains { $0.contains(c) } != negated
                    default: hit = false
                    }
                    if hit { next[j + 1] = true }
                }
            }
            reachable = next
            if !reachable.contains(true) { return false }
        }
        return reachable[text.count]
    }
}
