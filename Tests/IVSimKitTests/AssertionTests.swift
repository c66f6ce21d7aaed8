import Foundation
import IVSimKit
@testable import IVSimTesting
import Synchronization
import Testing
import XCTest

/// The assertions as Swift Testing reports them: one issue per failing variant, with its message
/// and artifacts; recording is reported too.
@Suite struct AssertionTests {
    final class Failures: Sendable {
        let messages = Mutex<[String]>([])
        func record(_ message: String) { messages.withLock { $0.append(message) } }
        var all: [String] { messages.withLock { $0 } }
    }

    /// Runs `body` with failures captured instead of reported.
    static func capturing(_ body: () -> Void) -> [String] {
        let failures = Failures()
        FailureReporting.$recorder.withValue({ failures.record($0) }) { body() }
        return failures.all
    }

    static func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-assert-\(UUID().uuidString)")
        let fixtures = ScenarioAPITests.repository.appendingPathComponent("Tests/ivsimTests/Fixtures")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Scenarios", "Snapshots"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        return root
    }

    @Test func passingScenariosReportNothing() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let failures = Self.capturing {
            let summary = assertScenarios(
                in: root.appendingPathComponent("Scenarios"), artifacts: root.appendingPathComponent("out"),
                record: .never)
            #expect(summary.results.count == 5)
        }
        #expect(failures == [])
    }

    @Test func eachFailingVariantIsAFailureWithItsArtifacts() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Scenarios/basic/two-views.json")
        try String(decoding: try Data(contentsOf: file), as: UTF8.self).replacingOccurrences(
            of: "\"#1E88E5\"", with: "\"#E53935\""
        )
        .write(to: file, atomically: true, encoding: .utf8)
        let failures = Self.capturing {
            assertScenarios(
                in: root.appendingPathComponent("Scenarios"), artifacts: root.appendingPathComponent("out"),
                record: .never)
        }
        #expect(failures.count == 2)  // scale1 and scale2 (the hidden states do not show the square)
        #expect(failures.first?.hasPrefix("basic/two-views [scale1]: 169 of 960 pixels differ") == true)
        #expect(
            failures.first?.contains(
                " — artifacts: " + root.appendingPathComponent("out/basic/two-views/scale1").path + ".*") == true)
    }

    @Test func theRealFrameworkRecordsTheFailure() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("Snapshots/basic/one-view"))
        withKnownIssue {
            assertScenarios(
                in: root.appendingPathComponent("Scenarios"), artifacts: root.appendingPathComponent("out"),
                record: .never)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("basic/one-view [default]: no baseline") }
        }
    }

    @Test func missingBaselinesAreRecordedOnlyWhenAsked() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("Snapshots/basic/one-view"))
        let scenarios = root.appendingPathComponent("Scenarios")
        let first = Self.capturing {
            assertScenarios(in: scenarios, artifacts: root.appendingPathComponent("out"), record: .missing)
        }
        #expect(
            first == [
                "basic/one-view [default]: recorded a new baseline: look at it, commit it, and run again without recording"
            ])
        #expect(
            Self.capturing {
                assertScenarios(in: scenarios, artifacts: root.appendingPathComponent("out"), record: .never)
            } == [])
        // A changed scenario is a failure in `missing` mode: only absent baselines are written.
        let file = root.appendingPathComponent("Scenarios/basic/one-view.json")
        try String(decoding: try Data(contentsOf: file), as: UTF8.self).replacingOccurrences(
            of: "[2, 2, 12, 12]", with: "[3, 2, 12, 12]"
        )
        .write(to: file, atomically: true, encoding: .utf8)
        let changed = Self.capturing {
            assertScenarios(in: scenarios, artifacts: root.appendingPathComponent("out"), record: .missing)
        }
        #expect(changed.count == 1 && changed[0].hasPrefix("basic/one-view [default]: layout differs"))
    }

    @Test func invalidScenariosAndMissingFoldersAreFailures() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try #"{"canvas": {"size": [4, 4]}, "root": {"subviews": [{"type": "imagView"}]}}"#
            .write(to: root.appendingPathComponent("Scenarios/bad.json"), atomically: true, encoding: .utf8)
        let failures = Self.capturing { assertScenarios(in: root.appendingPathComponent("Scenarios"), record: .never) }
        #expect(
            failures.count == 1
                && failures[0].contains(
                    "bad.json:1:61: error: $.root.subviews[0].type: unknown view type \"imagView\" (did you mean \"imageView\"?)"
                ),
            "\(failures)")
        #expect(
            Self.capturing { assertScenarios(in: root.appendingPathComponent("Nowhere"), record: .never) }.first?
                .hasPrefix("scenarios folder") == true)
    }

    @Test func oneScenarioBuiltInSwift() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        var definition = ScenarioDefinition(canvas: CGSize(width: 8, height: 8))
        definition.root.subviews = [
            .view(id: "box", frame: CGRect(x: 1, y: 1, width: 4, height: 4), backgroundColor: "#00FF00")
        ]
        let scenario = try IVSimScenario(definition, name: "box")
        let snapshots = root.appendingPathComponent("Swift")
        let artifacts = root.appendingPathComponent("out")
        #expect(
            Self.capturing { assertScenario(scenario, baselines: snapshots, artifacts: artifacts, record: .missing) }
                .count == 1)
        #expect(
            Self.capturing { assertScenario(scenario, baselines: snapshots, artifacts: artifacts, record: .never) }
                == [])
        // A file named as the command line names it (its path under Scenarios/) meets its baselines.
        #expect(
            Self.capturing {
                assertScenario(
                    at: root.appendingPathComponent("Scenarios/basic/one-view.json"), name: "basic/one-view",
                    baselines: root.appendingPathComponent("Snapshots"), artifacts: root.appendingPathComponent("out"),
                    record: .never)
            } == [])
    }
}

/// The assertions under XCTest: a failure reaches XCTest's failure recording.
final class XCTestAssertionTests: XCTestCase {
    nonisolated(unsafe) var recorded: [String] = []
    var capturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturing {
            recorded.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testAFailingVariantIsAnXCTestFailure() throws {
        let root = try AssertionTests.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(
            at: root.appendingPathComponent("Snapshots/basic/one-view/default.layout.json"))
        capturing = true
        assertScenarios(
            in: root.appendingPathComponent("Scenarios"), artifacts: root.appendingPathComponent("out"), record: .never)
        capturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(
            recorded.first?.contains("basic/one-view [default]: no baseline (default.layout.json missing)") == true,
            "\(recorded)")
    }

    func testPassingScenariosPass() throws {
        let root = try AssertionTests.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let summary = assertScenarios(
            in: root.appendingPathComponent("Scenarios"), artifacts: root.appendingPathComponent("out"), record: .never)
        XCTAssertEqual(summary.passed.count, 5)
        let layout = try IVSimScenario(contentsOf: root.appendingPathComponent("Scenarios/basic/one-view.json"))
            .layout()
        XCTAssertEqual(layout.view("v")?.frame, CGRect(x: 2, y: 2, width: 12, height: 12))
    }
}
