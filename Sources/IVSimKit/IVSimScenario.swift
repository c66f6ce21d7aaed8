import Foundation
import ScenarioFormat
import Baselines
import Syntax

/// A scenario loaded and validated: from a file, from JSON text, or from Swift values
/// (`ScenarioDefinition`). Lays out and renders its variants, and checks or records them against
/// baselines.
///
/// ```swift
/// let scenario = try IVSimScenario(contentsOf: URL(fileURLWithPath: "Scenarios/demo/hello.json"))
/// let layout = try scenario.layout("scale2")
/// print(layout.view("hero")?.imageView?.imageRect ?? .zero)   // (0.0, 60.0, 120.0, 40.0)
/// ```
public struct IVSimScenario: Sendable {
    let scenario: Scenario

    /// The name baselines are filed under (`<baselines>/<name>/<variant>.png`).
    public var name: String { scenario.name }
    /// The scenario's description.
    public var description: String { scenario.description }
    /// Every variant's name, in the scenario's order (`scale1`, `scale1-fill`, …; `default` when
    /// the scenario has no variants).
    public var variantNames: [String] { scenario.variants().map(\.name) }
    /// Warnings the scenario loaded with (docs/SCENARIOS.md §Warnings), one line each.
    public var warnings: [String] { scenario.warnings.map(\.description) }

    /// Loads the scenario file at `url`. `name` files its baselines (default: the file's name
    /// without `.json`).
    public init(contentsOf url: URL, name: String? = nil, options: LoadOptions = LoadOptions()) throws(IVSimError) {
        let limits = try options.scenarioLimits()
        do {
            scenario = try ScenarioLoader.load(
                url, displayName: url.path, name: name ?? url.deletingPathExtension().lastPathComponent,
                strict: options.strict, limits: limits, assetRoots: options.roots)
        } catch {
            throw IVSimError(messages: error.diagnostics.map(\.description))
        }
    }

    /// Reads scenario JSON text. Relative file paths in it resolve against `folder` (default: the
    /// current folder); `name` files its baselines and names it in messages.
    public init(json: String, name: String, folder: URL? = nil, options: LoadOptions = LoadOptions()) throws(IVSimError)
    {
        let limits = try options.scenarioLimits()
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            scenario = try ScenarioLoader.parse(
                Array(json.utf8), folder: base, displayName: name, name: name, strict: options.strict,
                limits: limits, assetRoots: options.roots)
        } catch {
            throw IVSimError(messages: error.diagnostics.map(\.description))
        }
    }

    /// Builds the scenario described in Swift. Messages name it `name (Swift)` and the JSON path
    /// of the offending value in the definition's JSON form (`definition.json`).
    public init(
        _ definition: ScenarioDefinition, name: String, folder: URL? = nil, options: LoadOptions = LoadOptions()
    ) throws(IVSimError) {
        let limits = try options.scenarioLimits()
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            scenario = try ScenarioLoader.parse(
                Array(definition.json.utf8), folder: base, displayName: name + " (Swift)", name: name,
                strict: options.strict, limits: limits, assetRoots: options.roots)
        } catch {
            // Line and column would point into generated text: the JSON path says where.
            throw IVSimError(
                messages: error.diagnostics.map { diagnostic in
                    var unplaced = diagnostic
                    unplaced.location = nil
                    return unplaced.description
                })
        }
    }

    private func variant(_ name: String?) throws(IVSimError) -> Variant {
        let variants = scenario.variants()
        guard let name else {
            guard variants.count == 1 else {
                throw IVSimError(messages: [
                    "\(scenario.name) has \(variants.count) variants: name one (\(variants.map(\.name).joined(separator: ", ")))"
                ])
            }
            return variants[0]
        }
        guard let found = variants.first(where: { $0.name == name }) else {
            let names = variants.map(\.name)
            throw IVSimError(messages: [
                "no variant \"\(name)\" in \(scenario.name)" + Suggestions.didYouMean(name, among: names)
                    + " (variants: \(names.joined(separator: ", ")))"
            ])
        }
        return found
    }

    /// The layout of a variant (the only one when `variant` is nil).
    public func layout(_ variant: String? = nil) throws(IVSimError) -> VariantLayout {
        let chosen = try self.variant(variant)
        let (json, result) = VariantRendering.layout(scenario, chosen)
        return VariantLayout(variant: chosen.name, result: result, json: json)
    }

    /// The layout and pixels of a variant (the only one when `variant` is nil).
    public func render(_ variant: String? = nil) throws(IVSimError) -> RenderedVariant {
        let chosen = try self.variant(variant)
        let rendered = VariantRendering.render(scenario, chosen)
        return RenderedVariant(
            width: rendered.image.width, height: rendered.image.height, rgba: rendered.image.pixels, png: rendered.png,
            layout: VariantLayout(variant: chosen.name, result: rendered.result, json: rendered.layout))
    }

    /// Compares the variants with their baselines in `baselines/<name>/`; never writes a baseline.
    /// A failure writes actual, expected and diff files to `artifacts/<name>/`.
    public func check(baselines: URL, artifacts: URL? = nil, variants: [String]? = nil) -> [VariantResult] {
        BaselineRunner.check(scenario, options: settings(baselines, artifacts, variants)).variants.map(
            VariantResult.init)
    }

    /// Records the variants' baselines into `baselines/<name>/`, writing only what changed.
    public func record(baselines: URL, variants: [String]? = nil) -> [VariantResult] {
        BaselineRunner.record(scenario, options: settings(baselines, nil, variants)).variants.map(VariantResult.init)
    }

    /// `check(baselines:artifacts:variants:)`.
    @available(*, deprecated, renamed: "check(baselines:artifacts:variants:)")
    public func check(snapshots: URL, artifacts: URL? = nil, variants: [String]? = nil) -> [VariantResult] {
        check(baselines: snapshots, artifacts: artifacts, variants: variants)
    }

    /// `record(baselines:variants:)`.
    @available(*, deprecated, renamed: "record(baselines:variants:)")
    public func record(snapshots: URL, variants: [String]? = nil) -> [VariantResult] {
        record(baselines: snapshots, variants: variants)
    }

    private func settings(_ baselines: URL, _ artifacts: URL?, _ variants: [String]?) -> RunSettings {
        let selection =
            variants.map { Selection(filters: $0.map { Selection.Filter(scenario: "", variant: $0) }) } ?? .all
        return RunSettings(
            scenariosFolder: baselines, scenariosDisplay: "", baselinesFolder: baselines,
            artifactsFolder: artifacts ?? ProjectConfiguration.defaultArtifactsFolder, selection: selection)
    }
}

/// A rendered variant: straight RGBA8 pixels (row-major, 4 bytes a pixel), the PNG a baseline
/// would hold and the layout.
public struct RenderedVariant: Sendable {
    /// Width in device pixels (canvas width × display scale).
    public var width: Int
    /// Height in device pixels.
    public var height: Int
    /// Straight (not premultiplied) RGBA8, row-major, top row first.
    public var rgba: [UInt8]
    /// The PNG file's bytes, exactly as `ivsim record` writes them.
    public var png: [UInt8]
    /// The variant's layout.
    public var layout: VariantLayout

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let o = (y * width + x) * 4
        return (rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3])
    }
}
