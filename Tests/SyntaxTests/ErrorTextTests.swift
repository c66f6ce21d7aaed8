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
}
