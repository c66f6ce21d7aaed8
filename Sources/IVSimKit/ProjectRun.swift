import Baselines
import Foundation
import ScenarioFormat

/// Runs over a folder of scenarios, as `ivsim check` and `ivsim record` do.
public enum IVSim {
    /// This build's version and the version of its rendering rules (`ivsim --version`).
    public static var version: String { Provenance.versionLine }

    /// Compares every selected scenario under `options.scenarios` with its baseline; never writes a
    /// baseline.
    public static func check(_ options: RunOptions) -> RunSummary {
        do {
            return RunSummary(BaselineRunner.check(try options.settings()), artifacts: options.artifacts)
        } catch {
            return RunSummary(refused: error)
        }
    }

    /// Records the baselines of every selected scenario, writing only what changed.
    public static func record(_ options: RunOptions) -> RunSummary {
        do {
            return RunSummary(BaselineRunner.record(try options.settings()), artifacts: options.artifacts)
        } catch {
            return RunSummary(refused: error)
        }
    }
}

/// Where a run reads and writes, and what it takes.
public struct RunOptions: Sendable {
    /// The folder of scenario files (searched recursively).
    public var scenarios: URL
    /// The baselines (default: the folder `Snapshots` beside `scenarios`, the command line's layout).
    public var baselines: URL
    /// The baselines.
    @available(*, deprecated, renamed: "baselines")
    public var snapshots: URL {
        get { baselines }
        set { baselines = newValue }
    }
    /// Failure artifacts (default: `.ivsim/failures` in the current folder).
    public var artifacts: URL
    /// `SCENARIO` or `SCENARIO:VARIANT` patterns as the command line takes them (docs/CLI.md
    /// §Selecting); empty: everything.
    public var filters: [String]
    /// Exactly these variants (with `filters`, the union), for tools that name what to run.
    public var variants: [VariantName]
    /// How scenarios are read.
    public var load: LoadOptions
    /// Worker threads.
    public var jobs: Int
    /// record: delete the baselines of selected scenarios that no variant produces.
    public var prune: Bool
    /// Only the `index`-th of `count` parts of the scenarios (1-based; a stable split by name, as
    /// `--shard I/N` takes it); nil: all of them.
    public var shard: Shard?
    /// Called as each scenario finishes (its last variant done), from the thread that ran it, with
    /// the number of scenarios done and their total.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// How messages show the scenarios folder (the command line shows it as typed).
    package var scenariosDisplay: String?

    /// A part of a run's scenarios (`--shard I/N`).
    public typealias Shard = Selection.Shard

    /// A run over `scenarios`; the defaults are the command line's.
    public init(
        scenarios: URL, baselines: URL? = nil, artifacts: URL? = nil, filters: [String] = [],
        variants: [VariantName] = [],
        load: LoadOptions = LoadOptions(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, prune: Bool = false
    ) {
        self.scenarios = scenarios
        self.baselines = baselines ?? ProjectConfiguration.defaultBaselines(beside: scenarios)
        self.artifacts = artifacts ?? ProjectConfiguration.defaultArtifactsFolder
        self.filters = filters
        self.variants = variants
        self.load = load
        self.jobs = jobs
        self.prune = prune
    }

    /// A run over `scenarios` with the baselines in `snapshots`.
    @available(*, deprecated, renamed: "init(scenarios:baselines:artifacts:filters:variants:load:jobs:prune:)")
    public init(
        scenarios: URL, snapshots: URL?, artifacts: URL? = nil, filters: [String] = [], variants: [VariantName] = [],
        load: LoadOptions = LoadOptions(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, prune: Bool = false
    ) {
        self.init(
            scenarios: scenarios, baselines: snapshots, artifacts: artifacts, filters: filters, variants: variants,
            load: load, jobs: jobs,
            prune: prune)
    }

    /// The runner's settings; an unknown limit name is an error.
    func settings() throws(IVSimError) -> RunSettings {
        let limits = try load.scenarioLimits()
        var settings = RunSettings(
            scenariosFolder: scenarios, scenariosDisplay: scenariosDisplay ?? scenarios.path,
            baselinesFolder: baselines,
            artifactsFolder: artifacts,
            selection: Selection(
                filters: filters.map(Selection.Filter.init)
                    + variants.map { Selection.Filter(scenario: $0.scenario, variant: $0.variant, exact: true) },
                shard: shard),
            jobs: jobs, prune: prune, strict: load.strict,
            limits: limits, assetRoots: load.roots)
        settings.progress = progress
        return settings
    }
}

/// A variant of a scenario, by name.
public struct VariantName: Hashable, Sendable {
    /// The scenario's name (its path under the scenarios folder without `.json`).
    public var scenario: String
    /// The variant's name.
    public var variant: String

    /// The variant `variant` of `scenario`.
    public init(scenario: String, variant: String) {
        self.scenario = scenario
        self.variant = variant
    }
}

/// What a run found.
public struct RunSummary: Sendable {
    /// One per variant that ran, in scenario and variant order.
    public var results: [VariantResult]
    /// Errors in scenario files (each file, line, JSON path and message), which stop those scenarios.
    public var errors: [String]
    /// Warnings of the scenarios that loaded.
    public var warnings: [String]
    /// Baseline files that no selected variant produces.
    public var staleBaselines: [String]
    /// The lines `ivsim` prints for the run (failures, notes, totals).
    public var lines: [String]
    /// 0 all passed, 1 a mismatch or missing baseline, 2 a scenario with errors.
    public var exitCode: Int32
    /// The run's report and where its artifacts went (nil for a refused run).
    private let report: RunReport?
    private let artifacts: URL?

    /// The run as a JUnit XML report (`--junit`): one test case per variant.
    public var junitXML: String { report?.junitXML ?? "" }
    /// The run as the JSON report of docs/CLI.md (`--report-json`).
    public var jsonReport: String { report?.json ?? "" }
    /// The failures as a single-file HTML page with their images (`--report-html`).
    public var htmlReport: String {
        report.map { HTMLReport($0, artifactsFolder: artifacts ?? ProjectConfiguration.defaultArtifactsFolder).text }
            ?? ""
    }

    /// The variants that passed (or, recording, were written or unchanged).
    public var passed: [VariantResult] { results.filter { !$0.isFailure } }
    /// The variants that failed or have no baseline.
    public var failed: [VariantResult] { results.filter(\.isFailure) }

    /// A run refused before it started (bad options): its errors, exit code 2.
    init(refused error: IVSimError) {
        results = []
        errors = error.messages
        warnings = []
        staleBaselines = []
        lines = error.messages
        exitCode = 2
        report = nil
        artifacts = nil
    }

    init(_ report: RunReport, artifacts: URL) {
        self.report = report
        self.artifacts = artifacts
        results = report.variants.map(VariantResult.init)
        errors = report.diagnostics.map(\.description)
        warnings = report.warnings.map(\.description)
        staleBaselines = report.stale
        lines = report.lines
        exitCode = report.exitCode
    }
}

/// One variant's result.
public struct VariantResult: Sendable {
    /// What happened: passed, failed or missing (check); recorded, updated, unchanged or failed
    /// (record).
    public typealias Status = VariantStatus

    /// The scenario's name.
    public var scenario: String
    /// The variant's name.
    public var variant: String
    /// The scenario file (or the name given to a scenario built in Swift).
    public var file: String
    /// What happened to it.
    public var status: Status
    /// Why it failed, or what changed.
    public var message: String
    /// The failure artifacts (`<folder>/<variant>.*`), when written.
    public var artifacts: String?
    /// The layout numbers that differ from the baseline's (at most 100), as
    /// `$.views[id=hero].frame[0]: expected 10, got 10.5`.
    public var layoutDifferences: [String]

    /// Failed or missing.
    public var isFailure: Bool { status == .failed || status == .missing }

    /// `scenario [variant]: message — artifacts: …`, as the command line prints a failure.
    public var summary: String {
        "\(scenario) [\(variant)]" + (message.isEmpty ? ": \(status.rawValue)" : ": \(message)")
            + (artifacts.map { " — artifacts: \($0)" } ?? "")
    }

    init(_ outcome: VariantOutcome) {
        scenario = outcome.scenario
        variant = outcome.variant
        file = outcome.file
        status = outcome.status
        message = outcome.detail
        artifacts = outcome.artifacts
        layoutDifferences = outcome.layoutDifferences.map(\.description)
    }
}
