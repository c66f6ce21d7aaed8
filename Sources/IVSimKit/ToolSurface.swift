import AssetCatalogs
import Baselines
import ScenarioFormat

// What the `ivsim` tool reaches below IVSimKit, and nothing more: the tool stands on IVSimKit for
// scenarios, baselines and projects. Runs over a project (check, record) go through the public
// API (IVSim.check, IVSim.record, RunOptions, RunSummary), as any program's would; the commands
// that show a scenario's pieces (render, layout, validate, schema, assets, init) use these types
// of the modules below, shared by package access — never copied.

/// The project's ivsim.json and the default folders.
package typealias ProjectConfiguration = Baselines.ProjectConfiguration
/// Atomic writes.
package typealias FileOutput = Baselines.FileOutput
/// The version line and rendering rules.
package typealias Provenance = Baselines.Provenance
/// A variant's PNG and layout report.
package typealias VariantRendering = Baselines.VariantRendering
/// Checking every file before writing any, each loaded once (render, layout).
package typealias CheckedOutputs = Baselines.CheckedOutputs
/// Scenario files: finding, loading and the loaded scenario.
package typealias ScenarioCatalog = ScenarioFormat.ScenarioCatalog
package typealias ScenarioLoader = ScenarioFormat.ScenarioLoader
package typealias Scenario = ScenarioFormat.Scenario
/// The JSON Schema of the format.
package typealias ScenarioSchema = ScenarioFormat.ScenarioSchema
/// The trait names and values of the format (`ivsim assets --traits`).
package typealias ScenarioTraits = AssetCatalogs.ScenarioTraits
/// Named assets: the per-run index of catalogs, and a catalog's listing.
package typealias AssetCache = AssetCatalogs.AssetCache
package typealias CatalogListing = ScenarioFormat.CatalogListing
/// Paths: folders scenarios may read, real paths, and how paths are shown.
package typealias AssetRoot = AssetCatalogs.AssetRoot
package typealias RealPath = AssetCatalogs.RealPath
package typealias DisplayPath = AssetCatalogs.DisplayPath
/// What a file's format is, for `ivsim convert`'s messages.
package typealias FileFormatNote = AssetCatalogs.FileFormatNote
