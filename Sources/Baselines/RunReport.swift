import Foundation
import Raster
import ScenarioFormat
import Syntax

/// What happened to one variant.
public enum VariantStatus: String, Sendable {
    /// check: pixels and layout match the baseline.
    case passed
    /// check: differs from the baseline (or the baseline is unreadable); record: a write failed.
    case failed
    /// check: no baseline recorded.
    case missing
    /// record: first recording.
    case recorded
    /// record: pixels or layout changed and were rewritten.
    case updated
    /// record: nothing changed, nothing written.
    case unchanged

    /// A failure for the exit code and the reports: failed or missing.
    public var isFailure: Bool { self == .failed || self == .missing }
}

/// One variant's result.
public struct VariantOutcome: Sendable {
    public var scenario: String
    public var variant: String
    /// The scenario file, as messages show it.
    public var file: String
    public var status: VariantStatus
    /// Why it failed, or what changed.
    public var detail: String = ""
    /// Where the failure artifacts are (path pattern), if written.
    public var artifacts: String?
    /// Seconds spent on this variant (render, compare, write).
    public var seconds: Double = 0
    /// check: the layout numbers that differ from the baseline's (at most 100).
    public var layoutDifferences: [LayoutDifference] = []
    /// check: how the pixels differ, when they do.
    public var pixelDifference: String?
    /// check: boxes around the changed pixels (docs/BASELINES.md §Changed regions).
    public var changedRegions: [PixelRect] = []
    /// check: the baseline was made by older rendering rules than this build's.
    public var olderBaseline = false

    public init(scenario: String, variant: String, file: String, status: VariantStatus) {
        self.scenario = scenario
        self.variant = variant
        self.file = file
        self.status = status
    }
}

/// One scenario's result: its errors, or its variants.
public struct ScenarioOutcome: Sendable {
    public var name: String
    public var file: String
    public var diagnostics: [ScenarioDiagnostic]
    /// Problems that did not stop the scenario (ambiguous layouts).
    public var warnings: [ScenarioDiagnostic]
    /// The variants that ran (those the selection takes).
    public var variants: [VariantOutcome]
    /// Every variant the scenario has, run or not; nil when it did not load.
    public var variantNames: [String]?
    /// Seconds spent loading and checking the file.
    public var loadSeconds: Double = 0
}

/// The result of a run, with the exit code and the text, JUnit and JSON reports.
public struct RunReport: Sendable {
    public enum Mode: String, Sendable {
        case check
        case record
    }

    public var mode: Mode
    public var scenarios: [ScenarioOutcome]
    /// Baseline files no variant produces (full runs only).
    public var stale: [String] = []
    public var pruned = false
    /// Temporary files an interrupted write left in the baselines (removed by record).
    public var strays: [String] = []
    /// What the run took.
    public var selection = Selection.all
    /// Wall-clock seconds of the whole run.
    public var seconds: Double = 0

    public var variants: [VariantOutcome] { scenarios.flatMap(\.variants) }
    public var diagnostics: [ScenarioDiagnostic] { scenarios.flatMap(\.diagnostics) }
    public var warnings: [ScenarioDiagnostic] { scenarios.flatMap(\.warnings) }
    public var failedCount: Int { variants.filter(\.status.isFailure).count }
    /// Scenario files that could not be loaded.
    public var invalidCount: Int { scenarios.filter { !$0.diagnostics.isEmpty }.count }
    public var passedCount: Int { variants.count - failedCount }

    /// 2 for bad input (a scenario with errors), else 1 for any failure or missing baseline,
    /// else 0.
    public var exitCode: Int32 {
        if !diagnostics.isEmpty { return 2 }
        return failedCount > 0 ? 1 : 0
    }

    /// One line per failure (or, for record, per write), then the totals.
    public var lines: [String] {
        // Names come from file names and messages from files: their control characters are shown
        // escaped, so that a file named "x\nFAIL …" cannot forge a line (or colour a terminal).
        let safe = { (text: String) in ScenarioDiagnostic.escapingControls(text) }
        var lines: [String] = []
        for variant in variants {
            let name = safe("\(variant.scenario) [\(variant.variant)]")
            switch variant.status {
            case .failed:
                lines.append(
                    "FAIL \(name): \(safe(variant.detail))"
                        + (variant.artifacts.map { " — artifacts: \(safe($0))" } ?? ""))
            case .missing:
                lines.append("MISSING \(name): \(safe(variant.detail))")
            case .recorded:
                lines.append("recorded \(name)")
            case .updated:
                lines.append("updated \(name): \(safe(variant.detail))")
            case .passed, .unchanged:
                break
            }
        }
        if !stale.isEmpty {
            if pruned {
                lines.append("deleted \(stale.count) stale baseline file(s): \(safe(stale.joined(separator: ", ")))")
            } else {
                lines.append(
                    "note: \(stale.count) baseline file(s) belong to no scenario variant: \(safe(stale.joined(separator: ", ")))"
                        + " (delete them with `ivsim record --prune`"
                        + (selection.isEverything ? "" : " and the same filters") + ")")
            }
        }
        if !strays.isEmpty {
            lines.append(
                mode == .record
                    ? "removed \(strays.count) temporary file(s) an interrupted write left: \(safe(strays.joined(separator: ", ")))"
                    : "note: \(strays.count) temporary file(s) an interrupted write left (not baselines; the next `ivsim record` removes "
                        + "them): \(safe(strays.joined(separator: ", ")))")
        }
        let invalid = invalidCount
        switch mode {
        case .check:
            lines.append(
                "\(passedCount) passed, \(failedCount) failed"
                    + (invalid > 0 ? ", \(invalid) scenario file(s) invalid" : ""))
        case .record:
            let count = { (s: VariantStatus) in self.variants.filter { $0.status == s }.count }
            lines.append(
                "\(count(.recorded)) recorded, \(count(.updated)) updated, \(count(.unchanged)) unchanged, \(count(.failed)) failed"
                    + (invalid > 0 ? ", \(invalid) scenario file(s) invalid" : ""))
        }
        return lines
    }

    /// JUnit XML: one test suite per scenario, one test case per variant, with `time` (seconds),
    /// `file` (the scenario file) and, for a failure, its message in full.
    public var junitXML: String {
        let escape = Markup.escape
        func time(_ seconds: Double) -> String { JSONOutput.format((seconds * 1000).rounded() / 1000) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"ivsim \(mode.rawValue)\" tests=\"\(variants.count + invalidCount)\" failures=\"\(failedCount)\" "
            + "errors=\"\(invalidCount)\" time=\"\(time(seconds))\">\n"
        for scenario in scenarios {
            let failures = scenario.variants.filter(\.status.isFailure).count
            let total = scenario.loadSeconds + scenario.variants.reduce(0) { $0 + $1.seconds }
            xml +=
                "  <testsuite name=\"\(escape(scenario.name))\" tests=\"\(max(scenario.variants.count, 1))\" failures=\"\(failures)\" "
                + "errors=\"\(scenario.diagnostics.isEmpty ? 0 : 1)\" time=\"\(time(total))\" file=\"\(escape(scenario.file))\">\n"
            if !scenario.diagnostics.isEmpty {
                let text = scenario.diagnostics.map(\.description).joined(separator: "\n")
                xml +=
                    "    <testcase name=\"load\" classname=\"\(escape(scenario.name))\" file=\"\(escape(scenario.file))\" "
                    + "time=\"\(time(scenario.loadSeconds))\">\n"
                xml += "      <error message=\"\(escape(text))\" type=\"invalid scenario\">\(escape(text))</error>\n"
                xml += "    </testcase>\n"
            }
            for variant in scenario.variants {
                xml +=
                    "    <testcase name=\"\(escape(variant.variant))\" classname=\"\(escape(scenario.name))\" "
                    + "file=\"\(escape(variant.file))\" time=\"\(time(variant.seconds))\""
                if variant.status.isFailure {
                    let body = variant.detail + (variant.artifacts.map { "\nartifacts: \($0)" } ?? "")
                    xml +=
                        ">\n      <failure message=\"\(escape(variant.detail))\" type=\"\(variant.status.rawValue)\">\(escape(body))</failure>\n"
                        + "    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// The report as JSON.
    public var json: String {
        JSONOutput.object([
            ("mode", .string(mode.rawValue)),
            ("passed", .number(Double(passedCount))),
            ("failed", .number(Double(failedCount))),
            ("exitCode", .number(Double(exitCode))),
            ("errors", .array(diagnostics.map { .string($0.description) })),
            (
                "variants",
                .array(
                    variants.map { v in
                        .object([
                            ("scenario", .string(v.scenario)), ("variant", .string(v.variant)),
                            ("file", .string(v.file)),
                            ("status", .string(v.status.rawValue)), ("detail", .string(v.detail)),
                            ("artifacts", v.artifacts.map(JSONOutput.string) ?? .null),
                            (
                                "layoutDifferences",
                                .array(
                                    v.layoutDifferences.map { d in
                                        .object([
                                            ("path", .string(d.path)), ("expected", .string(d.expected)),
                                            ("actual", .string(d.actual))
                                        ])
                                    })
                            ),
                            (
                                "changedRegions",
                                .array(
                                    v.changedRegions.map {
                                        .array([$0.x, $0.y, $0.width, $0.height].map { .number(Double($0)) })
                                    })
                            ),
                            ("seconds", .number((v.seconds * 1000).rounded() / 1000))
                        ])
                    })
            ),
            ("stale", .array(stale.map(JSONOutput.string)))
        ]).text()
    }
}
