import Testing
@testable import Syntax

/// What an error quotes of its input (ErrorText, docs/LIMITS.md §Limits of the readers): long
/// quoted values, runs without spaces and long lines are cut around a count of what was left out,
/// and control characters are shown escaped.
@Suite struct ErrorTextTests {
    @Test func quotedValuesAndLongLinesAreCut() {
        let value = String(repeating: "a b ", count: 1_000)
        let quoted = ErrorText.capped("transform=\"\(value)\": expected a transform list")
        #expect(
            quoted.count < 200 && quoted.hasSuffix("\": expected a transform list")
                && quoted.contains("…(3904 more characters)…"), "\(quoted)")
        let line = ErrorText.capped("the XObject /" + value + " is not in the resources")
        #expect(line.count < ErrorText.keptLine + ErrorText.kept + 40 && line.hasSuffix("in the resources"), "\(line)")
    }

    @Test func longRunsAreCutAroundACount() {
        let kept = String(repeating: "x", count: ErrorText.maxRun)
        #expect(ErrorText.capped("a \(kept) b") == "a \(kept) b")
        let long = "0123456789" + String(repeating: "x", count: 200) + "abcdefghij"
        let cut = ErrorText.capped("width=\"\(long)\": expected a length")
        #expect(
            cut == "width=\"0123456789" + String(repeating: "x", count: 38) + "…(124 more characters)…"
                + String(repeating: "x", count: 38)
                + "abcdefghij\": expected a length", "\(cut)")
        let run = ErrorText.capped("<" + String(repeating: "y", count: 300) + ">: not drawn")
        #expect(
            run == "<" + String(repeating: "y", count: 47) + "…(207 more characters)…"
                + String(repeating: "y", count: 46) + ">: not drawn", "\(run)")
        #expect(ErrorText.printable("a\u{1B}[2J\nb\tc") == "a\\u{1B}[2J\\u{A}b\tc")
    }

    /// A diagnostic's path and message are capped each on its own; the line they make together
    /// is held to the longest line too (a 10 MB unknown key made a line of 517, attack round 18),
    /// and a constraint's caret lines below it are kept.
    @Test func aDiagnosticsLineIsHeldToTheLongestLine() {
        let key = String(repeating: "k", count: 10_000)
        let diagnostic = ScenarioDiagnostic(
            file: "s.json", location: SourceLocation(line: 1, column: 92), path: "$.root.subviews[0]." + key,
            message: "unknown key \"\(key)\" (valid: frame, image)\n    a caret line")
        let lines = diagnostic.description.split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == "    a caret line")
        #expect(lines[0].count <= ErrorText.maxLine, "\(lines[0].count)")
        #expect(
            lines[0].hasPrefix("s.json:1:92: error: $.root.subviews[0].") && lines[0].hasSuffix("(valid: frame, image)")
        )
        let short = ScenarioDiagnostic(file: "s.json", location: nil, path: "$.a", message: "unknown key \"b\"")
        #expect(short.description == "s.json: error: $.a: unknown key \"b\"")
    }
}
