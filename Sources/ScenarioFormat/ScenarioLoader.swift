import AssetCatalogs
import Foundation
import ImageViews
import Syntax

/// Loads and validates scenario files.
public enum ScenarioLoader {
    /// Loads the scenario in `url`; `displayName` names the file in messages and `name` is its
    /// snapshot folder (path under the scenarios folder without ".json").
    /// `assets` is shared by the scenarios of one run, so that each asset catalog is indexed once.
    /// With `strict`, warnings (docs/SCENARIOS.md §Warnings) are errors.
    /// `limits` bound the work and memory one scenario may ask for (docs/LIMITS.md).
    /// `assetRoots` are folders outside the scenario's own folder that its files may come from.
    public static func load(
        _ url: URL, displayName: String, name: String, assets: AssetCache = AssetCache(),
        strict: Bool = false, limits: ScenarioLimits = .default,
        assetRoots: [AssetRoot] = []
    ) throws(ScenarioErrors) -> Scenario {
        // Refused by its size before it is read (the size of what a symbolic link leads to).
        let data: [UInt8]
        switch BoundedFile.read(url, limit: limits.fileBytes) {
        case let .success(bytes): data = bytes
        case let .failure(.tooLarge(size)): throw ScenarioErrors([tooLarge(size, limits, file: displayName)])
        case let .failure(failure):
            throw ScenarioErrors([
                ScenarioDiagnostic(
                    file: displayName, location: nil, path: "",
                    message: failure.message(
                        limit: limits.fileBytes,
                        what: "a scenario"))
            ])
        }
        return try parse(
            data, folder: url.deletingLastPathComponent(), displayName: displayName, name: name, assets: assets,
            strict: strict, limits: limits, assetRoots: assetRoots)
    }

    private static func tooLarge(_ size: Int, _ limits: ScenarioLimits, file: String) -> ScenarioDiagnostic {
        ScenarioDiagnostic(
            file: file, location: nil, path: "",
            message:
                "the file is \(size) bytes, more than the \(limits.fileBytes) a scenario may be: split the scenario"
                + ScenarioLimits.raise("file-bytes"))
    }

    /// Parses scenario text whose relative asset paths resolve against `folder`. Its suggestions
    /// share one budget (`Suggestions.scenarioBudget`).
    public static func parse(
        _ bytes: [UInt8], folder: URL, displayName: String, name: String,
        assets cache: AssetCache = AssetCache(), strict: Bool = false,
        limits: ScenarioLimits = .default, assetRoots: [AssetRoot] = []
    ) throws(ScenarioErrors) -> Scenario {
        var outcome = Result<Scenario, ScenarioErrors>.failure(ScenarioErrors([]))
        Suggestions.$budget.withValue(Suggestions.Budget(Suggestions.scenarioBudget)) {
            do throws(ScenarioErrors) {
                outcome = .success(
                    try parseScenario(
                        bytes, folder: folder, displayName: displayName, name: name, assets: cache,
                        strict: strict, limits: limits, assetRoots: assetRoots))
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func parseScenario(
        _ bytes: [UInt8], folder: URL, displayName: String, name: String, assets cache: AssetCache,
        strict: Bool, limits: ScenarioLimits, assetRoots: [AssetRoot]
    ) throws(ScenarioErrors) -> Scenario {
        guard bytes.count <= limits.fileBytes else {
            throw ScenarioErrors([tooLarge(bytes.count, limits, file: displayName)])
        }
        let d = Diagnostics(file: displayName, limits: limits)
        let document = try JSONParser.document(bytes, file: displayName)
        guard let object = ObjectReader(document, allowed: ScenarioKeys.document, what: "a scenario", d) else {
            throw ScenarioErrors(d.sorted)
        }
        var description = ""
        if let node = object["description"], let text = Read.string(node, d, what: "a description") {
            description = text
        }
        if let node = object["$schema"] { _ = Read.string(node, d, what: "the schema's path or URL") }

        // Traits and the variant matrix (named images and colours are checked against every
        // trait combination they give).
        var traits = Traits()
        if let node = object["traits"], let t = ObjectReader(node, allowed: ScenarioKeys.traits, what: "the traits", d)
        {
            for dimension in TraitDimension.all {
                if let n = t[dimension.key], let value = dimension.read(n, d) { dimension.apply(&traits, value) }
            }
        }
        let matrix = object["variants"].map { VariantReader.readMatrix($0, d) } ?? VariantMatrix()
        let canvas = CanvasReader(d: d).read(object, matrixHasDevices: !matrix.devices.isEmpty)
        if !matrix.orientations.isEmpty && canvas.device == nil && matrix.devices.isEmpty {
            d.error(
                object.at("variants"),
                "the variant matrix varies the orientation, which needs a device: add \"device\" to the canvas "
                    + "or the matrix (one of: \(DevicePresets.names.joined(separator: ", ")))")
        }
        if canvas.device != nil || !matrix.devices.isEmpty {
            // A device decides these traits; setting them too would be a second answer.
            if case let .object(members)? = object["traits"]?.value {
                for member in members where DevicePreset.traitKeys.contains(member.key) {
                    d.error(member.value, "the device sets \"\(member.key)\": remove it from the traits")
                }
            }
            for dimension in matrix.dimensions where DevicePreset.traitKeys.contains(dimension.key) {
                d.error(
                    object.at("variants"), "the device sets \"\(dimension.key)\": remove it from the variant matrix")
            }
        }
        let combinations = matrix.combinations(from: traits, device: canvas.device, orientation: canvas.orientation)
            .flatMap { c in
                LayoutDirection.allCases.map { direction in
                    var t = c.traits
                    t.layoutDirection = direction
                    return t
                }
            }
        let assets = NamedAssets(
            object, area: ReadableArea(folder: folder, roots: assetRoots), displayName: displayName, cache: cache,
            traitCombinations: combinations, d)

        // Canvas (its size and device were read with the traits).
        let colors = ColorReader(assets: assets, d: d)
        var background = Color.system("systemBackground") ?? Color(RGBA(r: 255, g: 255, b: 255, a: 255))
        if let node = canvas.node?["background"], let color = colors.read(node) { background = color }

        // Images, views, variants.
        var images = ImageReader(folder: folder, assets: assets, diagnostics: d)
        if let node = object["images"] { images.read(node) }
        var views = ViewReader(images: images, diagnostics: d)
        var root = View(frame: .zero)
        if let node = object.required("root", d, hint: " (the view tree: {\"subviews\": [...]})"),
            let view = views.readRoot(node)
        {
            root = view
        }
        var states: [VariantState] = []
        if let node = object["variants"] {
            states = VariantReader(
                d: d, properties: PropertyReader(images: images, colors: colors, d: d), ids: views.ids
            ).readStates(node, combinations: matrix.combinationCount)
        }

        let snapshots = SnapshotOrder.resolve(
            images.snapshotRequests, root: root, states: states, ids: views.ids.names, d)

        // Constraints.
        let metrics = object["metrics"].map { ConstraintReader.metrics($0, d) } ?? [:]
        let constraintReader = ConstraintReader(d: d, ids: views.ids, guides: views.guides, metrics: metrics)
        let constraints = constraintReader.read(views.constraintLists)
        constraintReader.checkPositioned(views.constraintPositioned, by: constraints.map(\.constraint))
        let acknowledged =
            object["acknowledgedWarnings"].flatMap {
                ViewReader.acknowledgedWarnings($0, among: WarningKinds.scenario, d)
            } ?? []
        if !d.isEmpty { throw ScenarioErrors(d.sorted) }
        // The work of laying out every variant, refused before any is laid out.
        let variantCount = matrix.combinationCount * (1 + states.count)
        // Stack views make constraints too: at most 11 per arranged subview and 6 per stack.
        let constraintCount = constraints.count + views.stackConstraintBound
        let perVariant = views.viewNodes.count + 1 + 10 * constraintCount
        let (work, overflow) = variantCount.multipliedReportingOverflow(by: perVariant)
        let limitNode = object["variants"] ?? document
        if overflow || work > limits.layoutWork {
            d.error(
                limitNode,
                "laying out \(variantCount) variant\(variantCount == 1 ? "" : "s") of \(views.viewNodes.count + 1) views and "
                    + "\(constraintCount) constraints\(views.stackConstraintBound > 0 ? " (counting those stack views make)" : "") is \(overflow ? "more than \(Int.max)" : String(work)) units of layout work (views plus ten "
                    + "times constraints, per variant), more than the \(limits.layoutWork) one scenario may ask for: fewer variants or a smaller "
                    + "tree, or split the scenario" + ScenarioLimits.raise("layout-work"))
            throw ScenarioErrors(d.sorted)
        }
        var scenario = Scenario(
            file: displayName, name: name, description: description, canvasSize: canvas.size,
            background: background, traits: traits, images: images.images, root: root,
            matrix: matrix, states: states, sizeToFit: views.sizeToFit,
            constraints: constraints.map(\.constraint))
        scenario.snapshots = snapshots
        scenario.redraws = limits.redraws
        scenario.snapshotBytes = max(0, limits.imageBytes - images.budget.used)
        scenario.safeAreaInsets = canvas.safeAreaInsets
        scenario.device = canvas.device
        scenario.orientation = canvas.orientation
        var checks = VariantChecks(
            scenario: scenario, viewNodes: views.viewNodes, limitNode: limitNode,
            autoLayout: AutoLayoutCheck(scenario: scenario, constraintLocations: constraints.map(\.location), d: d))
        checks.snapshotNodes = Dictionary(images.snapshotRequests.map { ($0.request.name, $0.node) }) { first, _ in
            first
        }
        checks.drawingWork = images.budget.drawingWork
        checks.run(d)
        if !d.isEmpty { throw ScenarioErrors(d.sorted) }
        let warnings = d.warnings(strict: strict, acknowledged: acknowledged)
        if strict {
            d.append(warnings)
            if !d.isEmpty { throw ScenarioErrors(d.sorted) }
        }
        scenario.warnings = warnings
        return scenario
    }
}
