import AssetCatalogs
import Foundation
import ScenarioFormat
import Syntax

/// Where `check`, `record` and `render` read and write.
public struct RunSettings: Sendable {
    public var scenariosFolder: URL
    /// How to show the scenarios folder in messages (as the user typed it).
    public var scenariosDisplay: String
    public var baselinesFolder: URL
    public var artifactsFolder: URL
    /// Which scenarios and variants run (all by default).
    public var selection: Selection
    /// Worker threads (variants run in parallel; output order is fixed).
    public var jobs: Int
    /// `record`: delete baselines of the selected scenarios or variants that no longer exist.
    public var prune: Bool
    /// Warnings (ambiguous layouts) are errors.
    public var strict: Bool
    /// What one scenario may ask for (docs/LIMITS.md).
    public var limits: ScenarioLimits
    /// Folders outside a scenario's own folder that its files may come from (`assetRoots` of
    /// ivsim.json).
    public var assetRoots: [AssetRoot]
    /// Called as each scenario finishes (its last variant done), from the worker thread that ran it,
    /// with the number of scenarios done and their total (a progress line; docs/CLI.md).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(
        scenariosFolder: URL, scenariosDisplay: String, baselinesFolder: URL, artifactsFolder: URL,
        selection: Selection = .all, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, prune: Bool = false,
        strict: Bool = false, limits: ScenarioLimits = .default, assetRoots: [AssetRoot] = [],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.scenariosFolder = scenariosFolder
        self.scenariosDisplay = scenariosDisplay
        self.baselinesFolder = baselinesFolder
        self.artifactsFolder = artifactsFolder
        self.selection = selection
        self.jobs = jobs
        self.prune = prune
        self.strict = strict
        self.limits = limits
        self.assetRoots = assetRoots
        self.progress = progress
    }

    /// The scenario files the selection takes, skipping the snapshots and artifacts folders when
    /// they lie inside the scenarios folder.
    func entries() -> [ScenarioCatalog.Entry] {
        ScenarioCatalog.entries(
            in: scenariosFolder, displayFolder: scenariosDisplay, excluding: [baselinesFolder, artifactsFolder]
        )
        .filter { selection.includes(scenario: $0.name) }
    }
}
