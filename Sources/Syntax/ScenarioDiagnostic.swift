/// One problem in a scenario file: where it is (file, line and column, JSON path), what was
/// expected, and the nearest valid value when there is one. Printed as
/// `Scenarios/x.json:12:20: error: $.root.subviews[2].contentMode: unknown content mode "fitt" (did you mean "scaleAspectFit"?)`.
public struct ScenarioDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation?
    /// JSON path of the value, or "" for problems with the file as a whole.
    public var path: String
    public var message: String
    /// Errors stop the scenario; warnings (docs/SCENARIOS.md §Warnings) do not, unless `--strict`.
    public var severity: Severity
    /// For a warning, the kind a scenario acknowledges it by (WarningKinds).
    public var kind: String?

    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        case error, warning
    }

    public init(
        file: String, location: SourceLocation?, path: String, message: String, severity: Severity = .error,
        kind: String? = nil
    ) {
        self.file = file
        self.location = location
        // What a message and a path quote of the file is capped and its control characters
        // escaped (ErrorText): a 300 KB unknown name or key is not echoed whole, nor a key that
        // holds a terminal's escape sequence.
        self.path = ErrorText.capped(ErrorText.printable(path))
        self.message = ErrorText.capped(ErrorText.printable(message, lineBreaks: true))
        self.severity = severity
        self.kind = kind
    }

    /// One line (and the indented lines of a constraint's caret), with the control characters a
    /// file's keys, names or path may hold shown escaped (`\u{1B}`): a scenario cannot forge a
    /// line of output or send a terminal escape sequence.
    public var description: String {
        var text = Self.escapingControls(file)
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": \(severity.rawValue): "
        if !path.isEmpty { text += Self.escapingControls(path) + ": " }
        text += Self.escapingControls(message, keepingIndentedLines: true)
        // The path and the message are capped each on its own; together their first line is
        // held to ErrorText's longest line too (a 10 MB key made a line of 517, attack round 18).
        let end = text.firstIndex(of: "\n") ?? text.endIndex
        guard text[..<end].count > ErrorText.maxLine else { return text }
        return ErrorText.shortened(text[..<end], head: ErrorText.keptLine, tail: ErrorText.kept) + text[end...]
    }

    /// `text` with C0 and C1 control characters and DEL written as `\n`, `\t`, `\u{1B}`, … A line
    /// break followed by four spaces (how a message shows a constraint and its caret) is kept when
    /// `keepingIndentedLines`: such a line can never pass for a diagnostic of its own.
    public static func escapingControls(_ text: String, keepingIndentedLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for (i, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A
            where keepingIndentedLines && scalars.count >= i + 5 && scalars[(i + 1)...(i + 4)].allSatisfy({ $0 == " " }):
                out.unicodeScalars.append(scalar)
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F...0x9F: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Every problem found in one or more scenario files.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [ScenarioDiagnostic]

    public init(_ diagnostics: [ScenarioDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a file is read, so that one run reports every problem.
package final class Diagnostics {
    package let file: String
    /// The limits of the scenario being read (the readers that enforce one find it here).
    package let limits: ScenarioLimits
    package private(set) var list: [ScenarioDiagnostic] = []

    package init(file: String, limits: ScenarioLimits = .default) {
        self.file = file
        self.limits = limits
    }

    /// Warnings: problems that do not stop the scenario (errors under `--strict`). Kept apart
    /// from `list`, so that `isEmpty` still means "no errors".
    package private(set) var warnings: [ScenarioDiagnostic] = []

    package var isEmpty: Bool { list.isEmpty }

    /// Adds warnings found elsewhere (checks over the laid-out variants).
    package func append(warnings found: [ScenarioDiagnostic]) {
        warnings += found
    }

    /// Adds a warning of `kind` (WarningKinds) at `node`.
    package func warning(_ node: JSONNode, kind: String, _ message: String) {
        warnings.append(
            ScenarioDiagnostic(
                file: file, location: node.location, path: node.path, message: message, severity: .warning,
                kind: kind))
    }

    /// The warnings whose kind is not `acknowledged`, each once, in file order (those at one place
    /// in the order found); with `strict`, as errors whose message says so.
    package func warnings(strict: Bool, acknowledged: [String]) -> [ScenarioDiagnostic] {
        var seen = Set<String>()
        let origin = SourceLocation(line: 0, column: 0)
        let ordered = warnings.enumerated().sorted {
            let (a, b) = ($0.element, $1.element)
            if (a.file == file) != (b.file == file) { return a.file == file }
            if a.file != b.file { return a.file < b.file }
            let (la, lb) = (a.location ?? origin, b.location ?? origin)
            return la != lb ? la < lb : $0.offset < $1.offset
        }.map(\.element)
        return ordered.filter { !acknowledged.contains($0.kind ?? "") && seen.insert($0.description).inserted }.map {
            warning in
            guard strict else { return warning }
            var error = warning
            error.severity = .error
            error.message += " (an error with --strict)"
            return error
        }
    }

    package func error(_ node: JSONNode, _ message: String) {
        list.append(ScenarioDiagnostic(file: file, location: node.location, path: node.path, message: message))
    }

    /// Adds problems found in other files (asset catalogs), keeping them after this file's.
    package func append(_ diagnostics: [ScenarioDiagnostic]) {
        list += diagnostics
    }

    package func error(at location: SourceLocation?, path: String, _ message: String) {
        list.append(ScenarioDiagnostic(file: file, location: location, path: path, message: message))
    }

    /// The diagnostics in file order (then by path), each once.
    package var sorted: [ScenarioDiagnostic] {
        var seen = Set<String>()
        let origin = SourceLocation(line: 0, column: 0)
        return list.sorted {
            let (a, b) = ($0.file == file, $1.file == file)
            if a != b { return a }
            if $0.file != $1.file { return $0.file < $1.file }
            return ($0.location ?? origin, $0.path) < ($1.location ?? origin, $1.path)
        }
        .filter { seen.insert($0.description).inserted }
    }
}

/// Lists of names in messages, cut short: a message names at most `limit` (20) of them and says
/// how many more there are, so that one message stays a line and thousands of errors about a
/// scenario with 20,000 images do not each list them all (1.4 GB of text before).
public enum Listing {
    public static let limit = 20

    /// "a, b, c" or "a, b, …, t and 19980 more".
    public static func names(_ names: [String], limit: Int = Listing.limit) -> String {
        guard names.count > limit else { return names.joined(separator: ", ") }
        return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
    }
}

/// Edit-distance suggestions for misspelt names.
public enum Suggestions {
    /// " (did you mean "x"?)" for the closest candidate within a small distance, else "".
    public static func didYouMean(_ word: String, among candidates: [String]) -> String {
        guard let best = nearest(word, among: candidates) else { return "" }
        return " (did you mean \"\(best)\"?)"
    }

    /// The candidate closest to `word` (case differences count half), if it is close enough to be
    /// a likely typo; ties go to the earlier candidate. Failing that, for a word of three letters
    /// or more, the only candidate that contains it ("template" → "alwaysTemplate") or the only
    /// one it abbreviates by initials ("rtl" → "rightToLeft"), ignoring case.
    ///
    /// The work is bounded (docs/LIMITS.md): a word longer than `maxWordLength` characters gets no
    /// suggestion; only the first `maxCandidates` candidates are looked at; a candidate whose
    /// length alone rules it out is skipped before anything is computed for it, and the others are
    /// compared only as far as a distance that could still be accepted — a typo is at most
    /// max(2, length / 3) edits away; the part-of and initials search runs only over lists of at
    /// most `maxSearchedCandidates` names (the format's own names, not a scenario's thousands of
    /// images). So 5,000 unknown names among 20,000 take well under a second, not 25 s.
    public static func nearest(_ word: String, among allCandidates: [String]) -> String? {
        let lower = word.lowercased()
        let letters = Array(lower)
        guard letters.count <= maxWordLength else { return nil }
        let candidates = allCandidates.prefix(maxCandidates)
        if let budget, !budget.spend(candidates.count) { return nil }
        let accepted = max(2, letters.count / 3)  // no candidate farther than this can be returned
        var best: (candidate: String, score: Int, length: Int)?
        for candidate in candidates {
            // A character is 1 to 4 UTF-8 bytes: a byte count this far off cannot be near.
            let bytes = candidate.utf8.count
            guard bytes + accepted >= letters.count && bytes <= 4 * (letters.count + accepted) else { continue }
            let other = Array(candidate.lowercased())
            let cutoff = min(accepted, best.map { $0.score / 2 } ?? accepted)
            guard abs(other.count - letters.count) <= cutoff,
                let distance = editDistance(letters, other, atMost: cutoff)
            else { continue }
            let score = distance * 2 + (word == candidate ? 0 : 1)
            if score < best?.score ?? Int.max { best = (candidate, score, other.count) }
        }
        if let best, best.score <= max(2, min(letters.count, best.length) / 3) * 2 + 1 { return best.candidate }
        guard letters.count >= 3, candidates.count <= maxSearchedCandidates else { return nil }
        // Names a word could be part of or the initials of: none longer than a few words.
        let plausible = candidates.filter { $0.utf8.count <= 4 * maxWordLength }
        for matches in [{ (c: String) in c.lowercased().contains(lower) }, { (c: String) in initials(c) == lower }] {
            let found = plausible.filter(matches)
            if found.count == 1 { return found[0] }
        }
        return nil
    }

    /// The first letter and every capital of a camel-case name, lower-cased: "rightToLeft" → "rtl".
    package static func initials(_ name: String) -> String {
        String(name.enumerated().filter { $0.offset == 0 || $0.element.isUppercase }.map(\.element)).lowercased()
    }

    /// Words longer than this get no suggestion (no name of the format is near that long).
    public static let maxWordLength = 64
    /// Candidates looked at for a suggestion, in the order given.
    public static let maxCandidates = 10_000

    /// Candidates one scenario's suggestions may look at in all (set while a scenario loads):
    /// 2,000,000, a second or so of work. Past it, errors come without a suggestion — 5,000
    /// unknown names among 20,000 images took 12 s before.
    public static let scenarioBudget = 2_000_000
    @TaskLocal package static var budget: Budget?

    /// What is left of a scenario's suggestion work.
    package final class Budget: @unchecked Sendable {
        private var left: Int

        package init(_ candidates: Int) {
            left = candidates
        }

        /// Takes `count` candidates' worth; false (and nothing taken) when that is more than is left.
        package func spend(_ count: Int) -> Bool {
            guard count <= left else {
                left = 0
                return false
            }
            left -= count
            return true
        }
    }
    /// The part-of and initials search runs over lists of at most this many names.
    public static let maxSearchedCandidates = 1_000

    /// The Levenshtein distance of `a` and `b` if it is at most `limit`, else nil — computed in the
    /// diagonal band |i − j| ≤ limit only, and given up as soon as a row exceeds it.
    package static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let outside = limit + 1
        var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
        var current = [Int](repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = i <= limit ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let value = min(
                        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    current[j] = min(value, outside)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// Levenshtein distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
