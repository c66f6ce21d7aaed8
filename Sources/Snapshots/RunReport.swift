import Foundation
import Scenarios

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
    public var status: VariantStatus
    /// Why it failed, or what changed.
    public var detail: String
    /// Where the failure artifacts are (path pattern), if written.
    public var artifacts: String?
}

/// One scenario's result: its errors, or its variants.
public struct ScenarioOutcome: Sendable {
    public var name: String
    public var file: String
    public var diagnostics: [ScenarioDiagnostic]
    /// Problems that did not stop the scenario (ambiguous layouts).
    public var warnings: [ScenarioDiagnostic]
    public var variants: [VariantOutcome]
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
        var lines: [String] = []
        for variant in variants {
            let name = "\(variant.scenario) [\(variant.variant)]"
            switch variant.status {
            case .failed:
                lines.append("FAIL \(name): \(variant.detail)" + (variant.artifacts.map { " — artifacts: \($0)" } ?? ""))
            case .missing:
                lines.append("MISSING \(name): \(variant.detail)")
            case .recorded:
                lines.append("recorded \(name)")
            case .updated:
                lines.append("updated \(name): \(variant.detail)")
            case .passed, .unchanged:
                break
            }
        }
        if !stale.isEmpty {
            if pruned {
                lines.append("deleted \(stale.count) stale baseline file(s): \(stale.joined(separator: ", "))")
            } else {
                lines.append("note: \(stale.count) baseline file(s) belong to no scenario variant: \(stale.joined(separator: ", "))"
                             + " (delete them with `ivsim record --prune`)")
            }
        }
        if !strays.isEmpty {
            lines.append(mode == .record
                ? "removed \(strays.count) temporary file(s) an interrupted write left: \(strays.joined(separator: ", "))"
                : "note: \(strays.count) temporary file(s) an interrupted write left (not baselines; the next `ivsim record` removes "
                    + "them): \(strays.joined(separator: ", "))")
        }
        let invalid = invalidCount
        switch mode {
        case .check:
            lines.append("\(passedCount) passed, \(failedCount) failed" + (invalid > 0 ? ", \(invalid) scenario file(s) invalid" : ""))
        case .record:
            let count = { (s: VariantStatus) in self.variants.filter { $0.status == s }.count }
            lines.append("\(count(.recorded)) recorded, \(count(.updated)) updated, \(count(.unchanged)) unchanged, \(count(.failed)) failed"
                         + (invalid > 0 ? ", \(invalid) scenario file(s) invalid" : ""))
        }
        return lines
    }

    /// JUnit XML: one test case per variant, one suite per scenario.
    public var junitXML: String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"ivsim \(mode.rawValue)\" tests=\"\(variants.count + diagnostics.count)\" failures=\"\(failedCount)\" errors=\"\(invalidCount)\">\n"
        for scenario in scenarios {
            let failures = scenario.variants.filter(\.status.isFailure).count
            xml += "  <testsuite name=\"\(escape(scenario.name))\" tests=\"\(max(scenario.variants.count, 1))\" failures=\"\(failures)\" errors=\"\(scenario.diagnostics.isEmpty ? 0 : 1)\">\n"
            if !scenario.diagnostics.isEmpty {
                xml += "    <testcase name=\"load\" classname=\"\(escape(scenario.name))\">\n"
                xml += "      <error message=\"invalid scenario\">\(escape(scenario.diagnostics.map(\.description).joined(separator: "\n")))</error>\n"
                xml += "    </testcase>\n"
            }
            for variant in scenario.variants {
                xml += "    <testcase name=\"\(escape(variant.variant))\" classname=\"\(escape(scenario.name))\""
                if variant.status.isFailure {
                    xml += ">\n      <failure message=\"\(escape(variant.detail))\">\(escape(variant.artifacts ?? ""))</failure>\n    </testcase>\n"
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
            ("variants", .array(variants.map { v in
                .object([
                    ("scenario", .string(v.scenario)), ("variant", .string(v.variant)), ("status", .string(v.status.rawValue)),
                    ("detail", .string(v.detail)), ("artifacts", v.artifacts.map(JSONOutput.string) ?? .null),
                ])
            })),
            ("stale", .array(stale.map(JSONOutput.string))),
        ]).text()
    }
}
