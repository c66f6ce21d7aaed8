import AssetCatalogs
import Deflate
import Foundation
import ImageViews
import PNGCodec
import Raster
import ScenarioFormat
import Synchronization
import Syntax

/// Runs scenarios against their baselines.
public enum BaselineRunner {
    /// Compares every selected scenario with its baseline; never writes a baseline. Failures write
    /// actual, expected and diff files to the artifacts folder.
    public static func check(_ options: RunSettings) -> RunReport {
        run(options, mode: .check)
    }

    /// Records baselines, writing only those whose pixels or numbers changed.
    public static func record(_ options: RunSettings) -> RunReport {
        run(options, mode: .record)
    }

    private static func run(_ options: RunSettings, mode: RunReport.Mode) -> RunReport {
        let started = ContinuousClock.now
        // Temporary files an interrupted write left in the baselines: record removes them (before
        // it writes any of its own), check only says they are there.
        // One walk of the baselines for the strays and the stale files: a file cannot become
        // stale during the run (what the run writes is expected), nor a stray one that counts.
        // Check writes nothing there, so with more than one job it walks beside the loading of the
        // first scenarios (a check of one scenario otherwise waits for a walk of the whole corpus's
        // baselines, 8 % of its time), and finds the stale files beside the rendering, once every
        // scenario's variants are known; record walks first.
        // Not when the artifacts folder lies inside the baselines: the files a failing variant
        // writes there would be listed or not depending on timing. `loaded` is read only by a
        // walk beside the pipeline (which sets it): walked first, reading it would wait forever.
        let beside =
            mode == .check && options.jobs > 1 && !FileOutput.isInside(options.artifactsFolder, options.baselinesFolder)
        let loaded = Handoff<[ScenarioOutcome]>()
        let baselines = Background(concurrently: beside) {
            let listing = FileOutput.listing(of: options.baselinesFolder)
            let strays = FileOutput.strays(in: options.baselinesFolder, among: listing)
            let stale = beside ? staleBaselines(options, outcomes: loaded.value, among: listing) : nil
            return (listing: listing, strays: strays, stale: stale)
        }
        if mode == .record {
            for path in baselines.value.strays {
                try? FileManager.default.removeItem(at: options.baselinesFolder.appendingPathComponent(path))
            }
        }
        let entries = options.entries()
        let assets = AssetCache()  // one per run: each catalog indexed once, each set read once
        // At most twice the worker count of scenarios are open at once (each bounded by its image
        // budget), not every file the run was given (ten at the budget needed 8 GB when all were
        // loaded first).
        let pipeline = RunPipeline(
            entries: entries, jobs: options.jobs, window: max(2, 2 * options.jobs),
            load: { entry in
                let clock = ContinuousClock.now
                do throws(ScenarioErrors) {
                    let scenario = try ScenarioLoader.load(
                        entry.url, displayName: entry.displayName, name: entry.name, assets: assets,
                        strict: options.strict, limits: options.limits, assetRoots: options.assetRoots)
                    let all = scenario.variants()
                    let selected = all.filter { options.selection.includes(variant: $0.name, of: scenario.name) }
                    let summary = ScenarioOutcome(
                        name: entry.name, file: entry.displayName, diagnostics: [], warnings: scenario.warnings,
                        variants: [], variantNames: all.map(\.name), loadSeconds: seconds(since: clock))
                    return (summary, selected.map { variant in ((scenario, variant), renderCost(variant)) })
                } catch {
                    let summary = ScenarioOutcome(
                        name: entry.name, file: entry.displayName, diagnostics: error.diagnostics, warnings: [],
                        variants: [], variantNames: nil, loadSeconds: seconds(since: clock))
                    return (summary, [])
                }
            },
            run: { item, threads in
                let clock = ContinuousClock.now
                var outcome =
                    mode == .check
                    ? checkVariant(item.0, item.1, options, threads: threads)
                    : recordVariant(item.0, item.1, options, threads: threads)
                outcome.seconds = seconds(since: clock)
                return outcome
            },
            entryDone: options.progress, allLoaded: { loaded.set($0) })
        let outcomes = pipeline.results().map { result in
            var outcome = result.summary
            outcome.variants = result.outcomes
            return outcome
        }
        let (listing, strays, stale) = baselines.value
        var report = RunReport(mode: mode, scenarios: outcomes)
        report.strays = strays
        report.selection = options.selection
        report.stale = stale ?? staleBaselines(options, outcomes: outcomes, among: listing)
        // Nothing is pruned by a run that ran nothing: with no scenario, every baseline would look stale.
        if mode == .record && options.prune && outcomes.contains(where: { $0.variantNames != nil }) {
            for path in report.stale {
                try? FileManager.default.removeItem(at: options.baselinesFolder.appendingPathComponent(path))
            }
            removeEmptyFolders(under: options.baselinesFolder, from: report.stale)
            report.pruned = true
        }
        report.seconds = seconds(since: started)
        return report
    }

    /// Checks the selected variants of one scenario the caller loaded or built (`IVSimKit`), against
    /// the baselines in `<snapshots>/<scenario.name>/`; never writes a baseline.
    public static func check(_ scenario: Scenario, options: RunSettings) -> ScenarioOutcome {
        run(scenario, options: options, mode: .check)
    }

    /// Records the selected variants of one scenario, writing only what changed.
    public static func record(_ scenario: Scenario, options: RunSettings) -> ScenarioOutcome {
        run(scenario, options: options, mode: .record)
    }

    private static func run(_ scenario: Scenario, options: RunSettings, mode: RunReport.Mode) -> ScenarioOutcome {
        let all = scenario.variants()
        let variants = all.filter { options.selection.includes(variant: $0.name, of: scenario.name) }
        let threads = renderThreads(variants: variants.count, jobs: options.jobs)
        let outcomes = parallelMap(variants.count, jobs: options.jobs) { index -> VariantOutcome in
            let clock = ContinuousClock.now
            var outcome =
                mode == .check
                ? checkVariant(scenario, variants[index], options, threads: threads)
                : recordVariant(scenario, variants[index], options, threads: threads)
            outcome.seconds = seconds(since: clock)
            return outcome
        }
        return ScenarioOutcome(
            name: scenario.name, file: scenario.file, diagnostics: [], warnings: scenario.warnings, variants: outcomes,
            variantNames: all.map(\.name))
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// A variant's share of a run's work, for the order variants are handed out in: its pixels.
    static func renderCost(_ variant: Variant) -> Double {
        let scale = Double(variant.traits.displayScale)
        return variant.canvasSize.width * variant.canvasSize.height * scale * scale
    }

    /// The threads each variant's rendering gets: the jobs left over when there are fewer variants
    /// than jobs (a check of one scenario renders its one canvas on every core), else one.
    static func renderThreads(variants: Int, jobs: Int) -> Int { variants > 0 && variants < jobs ? jobs / variants : 1 }

    /// Renders a variant: the bitmap, its digest and the layout report without the PNG CRC.
    static func render(_ scenario: Scenario, _ variant: Variant, threads: Int = 1) -> (
        bitmap: Bitmap, digest: String, scene: Scene
    ) {
        let scene = scenario.scene(for: variant)
        let bitmap = scene.render(threads: threads)
        return (bitmap, PixelDigest.hex(bitmap), scene)
    }

    private static func baseline(_ options: RunSettings, _ scenario: Scenario, _ variant: Variant) -> (
        png: URL, layout: URL
    ) {
        let folder = options.baselinesFolder.appendingPathComponent(scenario.name)
        return (
            folder.appendingPathComponent(variant.name + ".png"),
            folder.appendingPathComponent(variant.name + ".layout.json")
        )
    }

    /// What the baseline layout recorded about its PNG.
    private static func recordedPixels(_ layout: JSONNode?) -> (digest: String?, crc: String?) {
        guard case let .object(members)? = layout?.value,
            case let .object(pixels)? = members.first(where: { $0.key == "pixels" })?.value.value
        else { return (nil, nil) }
        func string(_ key: String) -> String? {
            if case let .string(s)? = pixels.first(where: { $0.key == key })?.value.value { return s }
            return nil
        }
        return (string("digest"), string("pngCRC32"))
    }

    /// The CRC-32 of `bytes` as eight upper-case hex digits (as layout reports record it).
    static func crcHex(_ bytes: [UInt8]) -> String { hex8(CRC32.checksum(bytes)) }

    private static func checkVariant(
        _ scenario: Scenario, _ variant: Variant, _ options: RunSettings, threads: Int
    ) -> VariantOutcome {
        let scene = scenario.scene(for: variant)
        let bitmap = scene.render(threads: threads)
        // With cores to spare (a check of one scenario), the pixels are hashed beside the reading
        // of the baseline files and the PNG's CRC (together about a tenth of such a check).
        let hashing = Background(concurrently: threads > 1) { PixelDigest.hex(bitmap) }
        let paths = baseline(options, scenario, variant)
        let artifacts = Artifacts(
            folder: options.artifactsFolder.appendingPathComponent(scenario.name), variant: variant.name,
            root: options.artifactsFolder)
        var outcome = VariantOutcome(
            scenario: scenario.name, variant: variant.name, file: scenario.file, status: .passed)
        let pngData = Baseline.read(paths.png, limit: Baseline.maxPNGBytes)
        let layoutData = Baseline.read(paths.layout, limit: Baseline.maxLayoutBytes)
        let pngCRC = pngData.map(crcHex)
        let provenance = layoutData.flatMap(Provenance.stated(inReport:)) ?? .current
        let digest = hashing.value
        guard let pngData, let layoutData, let pngCRC else {
            let actualLayout = LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: nil)
            let missing = [
                pngData == nil ? paths.png.lastPathComponent : nil,
                layoutData == nil ? paths.layout.lastPathComponent : nil
            ]
            .compactMap { $0 }.joined(separator: " and ")
            let written = artifacts.writeAndDescribe(
                actual: bitmap, actualLayout: actualLayout, expectedPNG: pngData,
                expectedLayout: layoutData, diff: nil)
            outcome.status = .missing
            outcome.detail =
                "no baseline (\(missing) missing); run `ivsim record`" + (written.problem.map { "; " + $0 } ?? "")
            outcome.artifacts = written.artifacts
            return outcome
        }
        // The usual case, without parsing the report: the baseline layout is byte for byte the
        // report this run would record with these pixels (digest), this PNG file (CRC) and the
        // provenance the baseline states (a baseline an older version recorded keeps its
        // provenance while its output stays the same: most of the corpus's do) — so the layout,
        // the pixels and the PNG file all match.
        if layoutData
            == LayoutReport.make(
                scenario, variant, scene, digest: digest, pngCRC32: pngCRC, provenance: provenance
            ).utf8()
        {
            artifacts.removeOld()
            return outcome
        }
        let actualLayout = LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: nil)
        var problems: [String] = []
        var recordedLayout: JSONNode?
        do {
            let recorded = try JSONParser.parse(layoutData)
            recordedLayout = recorded
            outcome.layoutDifferences = layoutDifferences(
                recorded: recorded, actual: actualLayout, ignoring: ["pixels", "provenance"])
            if let first = outcome.layoutDifferences.first {
                let more = outcome.layoutDifferences.count - 1
                problems.append(
                    "layout differs at \(first.description)"
                        + (more > 0 ? " (and \(more)\(more >= 99 ? "+" : "") more)" : ""))
            }
        } catch {
            problems.append("baseline \(paths.layout.lastPathComponent) is not valid JSON (\(error))")
        }
        var diffImage: RGBAImage?
        let recorded = recordedPixels(recordedLayout)
        let pixelsConfirmed = recorded.digest == "xxh64:" + digest && recorded.crc == pngCRC
        if !pixelsConfirmed {
            do {
                let expected = try PNGDecoder().decode(pngData)
                let actual = bitmap.rgbaImage
                let difference = PixelDifference.compare(expected: expected, actual: actual)
                if !difference.isEqual {
                    problems.append(difference.summary)
                    outcome.pixelDifference = difference.summary
                    outcome.changedRegions = difference.regions
                    diffImage = PixelDifference.diffImage(expected: expected, actual: actual)
                }
            } catch {
                problems.append("baseline \(paths.png.lastPathComponent) cannot be decoded: \(error)")
            }
        }
        if problems.isEmpty {
            artifacts.removeOld()
            return outcome
        }
        if let note = Provenance.olderNote(Provenance.recorded(in: recordedLayout)) {
            problems.append(note)
            outcome.olderBaseline = true
        }
        let written = artifacts.writeAndDescribe(
            actual: bitmap, actualLayout: actualLayout, expectedPNG: pngData,
            expectedLayout: layoutData, diff: diffImage)
        if let problem = written.problem { problems.append(problem) }
        outcome.status = .failed
        outcome.detail = problems.joined(separator: "; ")
        outcome.artifacts = written.artifacts
        return outcome
    }

    private static func recordVariant(
        _ scenario: Scenario, _ variant: Variant, _ options: RunSettings, threads: Int
    ) -> VariantOutcome {
        let (bitmap, digest, scene) = render(scenario, variant, threads: threads)
        let paths = baseline(options, scenario, variant)
        var outcome = VariantOutcome(
            scenario: scenario.name, variant: variant.name, file: scenario.file, status: .unchanged)
        let existingPNG = Baseline.read(paths.png, limit: Baseline.maxPNGBytes)
        let existingLayout = Baseline.read(paths.layout, limit: Baseline.maxLayoutBytes)
        let existingReport = existingLayout.flatMap { try? JSONParser.parse($0) }
        let recorded = recordedPixels(existingReport)

        // Keep the existing PNG when it already holds exactly these pixels.
        var pngBytes: [UInt8]?
        var image: RGBAImage?
        if let existingPNG {
            if recorded.digest == "xxh64:" + digest && recorded.crc == crcHex(existingPNG) {
                pngBytes = existingPNG
            } else if let expected = try? PNGDecoder().decode(existingPNG) {
                image = bitmap.rgbaImage
                if expected == image { pngBytes = existingPNG }
            }
        }
        let pixelsChanged = pngBytes == nil
        let png = pngBytes ?? PNGEncoder().encode(image ?? bitmap.rgbaImage)
        // A baseline whose numbers and pixels are this run's keeps the provenance it states: it
        // says which version made these bytes, and a version that changes nothing rewrites nothing.
        // A report whose numbers changed (a field added) gets this version's provenance too.
        var layoutText = LayoutReport.make(
            scenario, variant, scene, digest: digest, pngCRC32: crcHex(png),
            provenance: (pixelsChanged ? nil : Provenance.recorded(in: existingReport)) ?? .current
        ).utf8()
        let layoutChanged = existingLayout != layoutText
        if layoutChanged {
            layoutText = LayoutReport.make(
                scenario, variant, scene, digest: digest, pngCRC32: crcHex(png), provenance: .current
            ).utf8()
        }
        // Baselines are written only inside the snapshots folder: a symbolic link in it to a folder
        // elsewhere is not written through.
        let inside = FileOutput.realPath(options.baselinesFolder)
        let target = FileOutput.realPath(paths.png.deletingLastPathComponent())
        guard target == inside || target.hasPrefix(inside + "/") else {
            outcome.status = .failed
            outcome.detail =
                "\(paths.png.deletingLastPathComponent().path) leads out of the snapshots folder (to \(target)) through a "
                + "symbolic link: ivsim writes baselines only inside it; replace the link with a folder"
            return outcome
        }
        do {
            if pixelsChanged { try FileOutput.writeAtomically(png, to: paths.png) }
            if layoutChanged { try FileOutput.writeAtomically(layoutText, to: paths.layout) }
        } catch {
            outcome.status = .failed
            outcome.detail = error.description
            return outcome
        }
        if existingPNG == nil && existingLayout == nil {
            outcome.status = .recorded
        } else {
            outcome.status = pixelsChanged || layoutChanged ? .updated : .unchanged
        }
        let what = [pixelsChanged ? "pixels" : nil, layoutChanged ? "layout" : nil].compactMap { $0 }.joined(
            separator: " and ")
        outcome.detail = outcome.status == .updated ? "\(what) changed" : ""
        return outcome
    }

    /// Baseline files (relative to the snapshots folder) that belong to the selection but to no
    /// variant of it: files of a selected scenario's variants that no longer exist, and folders
    /// of scenarios that no longer exist whose names the selection takes. Scenarios with errors
    /// are left alone (their variants are unknown).
    private static func staleBaselines(_ options: RunSettings, outcomes: [ScenarioOutcome], among files: [String])
        -> [String]
    {
        var expected = Set<String>()
        var unknown = Set<String>()
        for scenario in outcomes {
            guard let names = scenario.variantNames else {
                unknown.insert(scenario.name)
                continue
            }
            for variant in names {
                expected.insert("\(scenario.name)/\(variant).png")
                expected.insert("\(scenario.name)/\(variant).layout.json")
            }
        }
        // Whether each scenario folder is selected, asked once per folder (a one-scenario run
        // meets every baseline of the corpus here), and asked first: most files of such a run are
        // in folders it did not select. Folders are compared by bytes, as the shard hashes the
        // name; the listing comes folder by folder, so the last answer is usually the one needed.
        var selected: [[UInt8]: Bool] = [:]
        var last: (folder: Substring, included: Bool)?
        let stale = files.filter { path in
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))  // bytes: no grapheme breaking
            let folder = slash.map { path[..<$0] } ?? ""
            let included: Bool
            if let last, last.folder.utf8.elementsEqual(folder.utf8) {
                included = last.included
            } else {
                let key = Array(folder.utf8)
                let scenario = String(folder)
                included =
                    selected[key] ?? (!unknown.contains(scenario) && options.selection.includes(scenario: scenario))
                selected[key] = included
                last = (folder, included)
            }
            guard included else { return false }
            let suffix = path.hasSuffix(".png") ? ".png" : path.hasSuffix(".layout.json") ? ".layout.json" : nil
            guard let suffix, !expected.contains(path) else { return false }
            let variant = String(
                path[(slash.map { path.utf8.index(after: $0) } ?? path.startIndex)...].dropLast(suffix.count))
            return options.selection.includes(variant: variant, of: String(folder))
        }
        return stale.sorted()
    }

    /// Removes the folders that deleting `files` left empty, up to (not including) `root`.
    private static func removeEmptyFolders(under root: URL, from files: [String]) {
        var folders = Set<String>()
        for file in files {
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        // Deepest first, so that a parent is looked at after its children went.
        for folder in folders.sorted(by: {
            $0.split(separator: "/").count > $1.split(separator: "/").count
                || ($0.split(separator: "/").count == $1.split(separator: "/").count && $0 < $1)
        }) {
            let url = root.appendingPathComponent(folder)
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), contents.isEmpty {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }
}
