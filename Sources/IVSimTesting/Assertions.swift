import Foundation
import IVSimKit

/// Checks every scenario under `folder` against its baselines and reports each failing or missing
/// variant as a test failure (with its message and where its actual, expected and diff images
/// are), in XCTest or Swift Testing alike; a scenario file with errors is a failure naming the
/// file, line and JSON path.
///
/// ```swift
/// @Test func imageViews() {
///     assertScenarios(in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios"))
/// }
/// ```
///
/// - Parameters:
///   - folder: the scenario files (searched recursively).
///   - baselines: the baselines; default: the folder `Snapshots` beside `folder` (the command
///     line's layout).
///   - artifacts: where failures write their images; default `.ivsim/failures` in the current folder.
///   - record: whether to write baselines (`RecordMode`); nil: from `IVSIM_RECORD`, else never.
///     Writing a baseline is reported as a failure, so that a run that records never passes
///     unnoticed: look at what was recorded, commit it and run again.
///   - filters: `SCENARIO` or `SCENARIO:VARIANT` patterns as the command line takes them.
///   - options: strictness, limits and asset roots.
/// - Returns: the run's summary, for further checks.
@discardableResult
public func assertScenarios(
    in folder: URL, baselines: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
    filters: [String] = [], options: LoadOptions = LoadOptions(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> RunSummary {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var run = RunOptions(scenarios: folder, baselines: baselines, artifacts: artifacts, filters: filters, load: options)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
        FailureReporting.fail("scenarios folder \(folder.path) not found", at: site)
        return IVSim.check(run)
    }
    let mode = record ?? RecordMode.fromEnvironment
    var summary = mode == .all ? IVSim.record(run) : IVSim.check(run)
    if mode == .missing {
        let missing = summary.results.filter { $0.status == .missing }.map {
            VariantName(scenario: $0.scenario, variant: $0.variant)
        }
        if !missing.isEmpty {
            run.filters = []
            run.variants = missing
            let recorded = IVSim.record(run)
            summary.results = summary.results.map { result in
                recorded.results.first { $0.scenario == result.scenario && $0.variant == result.variant } ?? result
            }
        }
    }
    for error in summary.errors { FailureReporting.fail(error, at: site) }
    if summary.results.isEmpty && summary.errors.isEmpty {
        FailureReporting.fail(
            "no scenarios found in \(folder.path)"
                + (filters.isEmpty ? "" : " matching \(filters.joined(separator: " "))"), at: site)
    }
    for result in summary.results { report(result, at: site) }
    return summary
}

/// Checks one scenario (loaded from a file, JSON text or a `ScenarioDefinition`) against its
/// baselines in `baselines/<scenario.name>/`, reporting each failing or missing variant as a test
/// failure. `baselines` defaults to the folder `Snapshots` beside the calling test file.
@discardableResult
public func assertScenario(
    _ scenario: IVSimScenario, baselines: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
    variants: [String]? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> [VariantResult] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let folder = baselines ?? ProjectConfiguration.defaultBaselines(beside: URL(fileURLWithPath: "\(filePath)"))
    let mode = record ?? RecordMode.fromEnvironment
    var results =
        mode == .all
        ? scenario.record(baselines: folder, variants: variants)
        : scenario.check(baselines: folder, artifacts: artifacts, variants: variants)
    if mode == .missing {
        let missing = results.filter { $0.status == .missing }.map(\.variant)
        if !missing.isEmpty {
            let recorded = scenario.record(baselines: folder, variants: missing)
            results = results.map { result in recorded.first { $0.variant == result.variant } ?? result }
        }
    }
    for result in results { report(result, at: site) }
    return results
}

/// Loads the scenario file at `url` and checks it as `assertScenario(_:)` does; a file with errors
/// is a failure naming the file, line and JSON path. `baselines` defaults to the folder
/// `Snapshots` beside the scenario's folder.
@discardableResult
public func assertScenario(
    at url: URL, name: String? = nil, baselines: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
    options: LoadOptions = LoadOptions(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> [VariantResult] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let scenario = try IVSimScenario(contentsOf: url, name: name, options: options)
        let folder = baselines ?? ProjectConfiguration.defaultBaselines(beside: url.deletingLastPathComponent())
        return assertScenario(
            scenario, baselines: folder, artifacts: artifacts, record: record, fileID: fileID, filePath: filePath,
            line: line, column: column)
    } catch {
        for message in error.messages { FailureReporting.fail(message, at: site) }
        return []
    }
}

/// One failure per failing, missing or recorded variant.
private func report(_ result: VariantResult, at site: CallSite) {
    switch result.status {
    case .failed, .missing:
        FailureReporting.fail(result.summary, at: site)
    case .recorded, .updated:
        FailureReporting.fail(
            "\(result.scenario) [\(result.variant)]: \(result.status == .recorded ? "recorded a new baseline" : "re-recorded the baseline (\(result.message))"): "
                + "look at it, commit it, and run again without recording", at: site)
    case .passed, .unchanged:
        break
    }
}

/// `assertScenarios(in:baselines:…)`.
@available(
    *, deprecated,
    renamed: "assertScenarios(in:baselines:artifacts:record:filters:options:fileID:filePath:line:column:)"
)
@discardableResult
public func assertScenarios(
    in folder: URL, snapshots: URL?, artifacts: URL? = nil, record: RecordMode? = nil,
    filters: [String] = [], options: LoadOptions = LoadOptions(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> RunSummary {
    assertScenarios(
        in: folder, baselines: snapshots, artifacts: artifacts, record: record, filters: filters, options: options,
        fileID: fileID,
        filePath: filePath, line: line, column: column)
}

/// `assertScenario(_:baselines:…)`.
@available(*, deprecated, renamed: "assertScenario(_:baselines:artifacts:record:variants:fileID:filePath:line:column:)")
@discardableResult
public func assertScenario(
    _ scenario: IVSimScenario, snapshots: URL?, artifacts: URL? = nil, record: RecordMode? = nil,
    variants: [String]? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> [VariantResult] {
    assertScenario(
        scenario, baselines: snapshots, artifacts: artifacts, record: record, variants: variants, fileID: fileID,
        filePath: filePath,
        line: line, column: column)
}

/// `assertScenario(at:name:baselines:…)`.
@available(
    *, deprecated, renamed: "assertScenario(at:name:baselines:artifacts:record:options:fileID:filePath:line:column:)"
)
@discardableResult
public func assertScenario(
    at url: URL, name: String? = nil, snapshots: URL?, artifacts: URL? = nil, record: RecordMode? = nil,
    options: LoadOptions = LoadOptions(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) -> [VariantResult] {
    assertScenario(
        at: url, name: name, baselines: snapshots, artifacts: artifacts, record: record, options: options,
        fileID: fileID,
        filePath: filePath, line: line, column: column)
}
