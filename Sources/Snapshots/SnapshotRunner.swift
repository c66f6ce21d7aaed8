import Deflate
import Foundation
import ImageViews
import PNGCodec
import Raster
import Scenarios

/// Where `check`, `record` and `render` read and write.
public struct SnapshotOptions: Sendable {
    public var scenariosFolder: URL
    /// How to show the scenarios folder in messages (as the user typed it).
    public var scenariosDisplay: String
    public var snapshotsFolder: URL
    public var artifactsFolder: URL
    /// Only scenarios whose name contains one of these (all when empty).
    public var filters: [String]
    /// Worker threads (scenarios run in parallel; output order is fixed).
    public var jobs: Int
    /// `record`: delete baselines of scenarios or variants that no longer exist.
    public var prune: Bool
    /// Warnings (ambiguous layouts) are errors.
    public var strict: Bool
    /// What one scenario may ask for (docs/LIMITS.md).
    public var limits: ScenarioLimits

    public init(scenariosFolder: URL, scenariosDisplay: String, snapshotsFolder: URL, artifactsFolder: URL,
                filters: [String] = [], jobs: Int = ProcessInfo.processInfo.activeProcessorCount, prune: Bool = false,
                strict: Bool = false, limits: ScenarioLimits = .default) {
        self.scenariosFolder = scenariosFolder
        self.scenariosDisplay = scenariosDisplay
        self.snapshotsFolder = snapshotsFolder
        self.artifactsFolder = artifactsFolder
        self.filters = filters
        self.jobs = jobs
        self.prune = prune
        self.strict = strict
        self.limits = limits
    }
}

/// Runs scenarios against their baselines.
public enum SnapshotRunner {
    /// Compares every scenario with its baseline; never writes a baseline. Failures write
    /// actual, expected and diff files to the artifacts folder.
    public static func check(_ options: SnapshotOptions) -> RunReport {
        run(options, mode: .check)
    }

    /// Records baselines, writing only those whose pixels or numbers changed.
    public static func record(_ options: SnapshotOptions) -> RunReport {
        run(options, mode: .record)
    }

    private static func run(_ options: SnapshotOptions, mode: RunReport.Mode) -> RunReport {
        // Temporary files an interrupted write left in the baselines: record removes them (before
        // it writes any of its own), check only says they are there.
        let strays = FileOutput.strays(in: options.snapshotsFolder)
        if mode == .record {
            for path in strays { try? FileManager.default.removeItem(at: options.snapshotsFolder.appendingPathComponent(path)) }
        }
        let entries = ScenarioCatalog.entries(in: options.scenariosFolder, displayFolder: options.scenariosDisplay,
                                              filters: options.filters)
        // Two parallel phases: load every scenario, then run every variant. Variants are the unit
        // of work (a scenario's variants can differ tenfold in cost), handed out largest canvas
        // first so that no thread is left with one big variant at the end; results keep their
        // place, so the output order never depends on scheduling.
        let assets = AssetCache()  // one per run: each catalog indexed once, each set read once
        let loaded = parallelMap(entries.count, jobs: options.jobs) { index -> Result<Scenario, ScenarioErrors> in
            let entry = entries[index]
            return Result { () throws(ScenarioErrors) in
                try ScenarioLoader.load(entry.url, displayName: entry.displayName, name: entry.name, assets: assets, strict: options.strict,
                                        limits: options.limits)
            }
        }
        var pending: [(scenario: Scenario, variant: Variant)] = []
        for case let .success(scenario) in loaded {
            for variant in scenario.variants() { pending.append((scenario, variant)) }
        }
        let work = pending
        let cost = work.map { item in
            item.scenario.canvasSize.width * item.scenario.canvasSize.height
                * Double(item.variant.traits.displayScale * item.variant.traits.displayScale)
        }
        let order = work.indices.sorted { cost[$0] != cost[$1] ? cost[$0] > cost[$1] : $0 < $1 }
        let results = parallelMap(work.count, jobs: options.jobs) { slot -> (Int, VariantOutcome) in
            let index = order[slot]
            let (scenario, variant) = work[index]
            return (index, mode == .check ? checkVariant(scenario, variant, options) : recordVariant(scenario, variant, options))
        }
        var byIndex = [VariantOutcome?](repeating: nil, count: work.count)
        for (index, outcome) in results { byIndex[index] = outcome }
        var next = 0
        var outcomes: [ScenarioOutcome] = []
        for (entry, result) in zip(entries, loaded) {
            switch result {
            case let .success(scenario):
                let count = scenario.variants().count
                outcomes.append(ScenarioOutcome(name: entry.name, file: entry.displayName, diagnostics: [], warnings: scenario.warnings,
                                                variants: byIndex[next..<(next + count)].map { $0! }))
                next += count
            case let .failure(errors):
                outcomes.append(ScenarioOutcome(name: entry.name, file: entry.displayName,
                                                diagnostics: errors.diagnostics, warnings: [], variants: []))
            }
        }
        var report = RunReport(mode: mode, scenarios: outcomes)
        report.strays = strays
        if options.filters.isEmpty && !outcomes.contains(where: { !$0.diagnostics.isEmpty }) {
            report.stale = staleBaselines(options, outcomes: outcomes)
            if mode == .record && options.prune {
                for path in report.stale { try? FileManager.default.removeItem(at: options.snapshotsFolder.appendingPathComponent(path)) }
                report.pruned = true
            }
        }
        return report
    }

    /// Renders a variant: the bitmap, its digest and the layout report without the PNG CRC.
    static func render(_ scenario: Scenario, _ variant: Variant) -> (bitmap: Bitmap, digest: String, scene: Scene) {
        let scene = scenario.scene(for: variant)
        let bitmap = scene.render()
        return (bitmap, PixelDigest.hex(bitmap), scene)
    }

    private static func baseline(_ options: SnapshotOptions, _ scenario: Scenario, _ variant: Variant) -> (png: URL, layout: URL) {
        let folder = options.snapshotsFolder.appendingPathComponent(scenario.name)
        return (folder.appendingPathComponent(variant.name + ".png"), folder.appendingPathComponent(variant.name + ".layout.json"))
    }

    /// What the baseline layout recorded about its PNG.
    private static func recordedPixels(_ layout: JSONNode?) -> (digest: String?, crc: String?) {
        guard case let .object(members)? = layout?.value,
              case let .object(pixels)? = members.first(where: { $0.key == "pixels" })?.value.value else { return (nil, nil) }
        func string(_ key: String) -> String? {
            if case let .string(s)? = pixels.first(where: { $0.key == key })?.value.value { return s }
            return nil
        }
        return (string("digest"), string("pngCRC32"))
    }

    /// The CRC-32 of `bytes` as eight upper-case hex digits (as layout reports record it).
    static func crcHex(_ bytes: [UInt8]) -> String { hex8(CRC32.checksum(bytes)) }

    private static func checkVariant(_ scenario: Scenario, _ variant: Variant, _ options: SnapshotOptions) -> VariantOutcome {
        let (bitmap, digest, scene) = render(scenario, variant)
        let paths = baseline(options, scenario, variant)
        let artifacts = Artifacts(folder: options.artifactsFolder.appendingPathComponent(scenario.name), variant: variant.name)
        let pngData = FileManager.default.contents(atPath: paths.png.path).map { [UInt8]($0) }
        let layoutData = FileManager.default.contents(atPath: paths.layout.path).map { [UInt8]($0) }
        guard let pngData, let layoutData else {
            let actualLayout = LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: nil)
            let missing = [pngData == nil ? paths.png.lastPathComponent : nil, layoutData == nil ? paths.layout.lastPathComponent : nil]
                .compactMap { $0 }.joined(separator: " and ")
            let written = artifacts.writeAndDescribe(actual: bitmap, actualLayout: actualLayout, expectedPNG: pngData,
                                                     expectedLayout: layoutData, diff: nil)
            return VariantOutcome(scenario: scenario.name, variant: variant.name, status: .missing,
                                  detail: "no baseline (\(missing) missing); run `ivsim record`" + (written.problem.map { "; " + $0 } ?? ""),
                                  artifacts: written.artifacts)
        }
        // The usual case, without parsing anything: the baseline layout is byte for byte the report
        // this run would record with these pixels (digest) and this PNG file (CRC) — so the layout,
        // the pixels and the PNG file all match.
        if layoutData == LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: crcHex(pngData)).utf8() {
            artifacts.removeOld()
            return VariantOutcome(scenario: scenario.name, variant: variant.name, status: .passed, detail: "", artifacts: nil)
        }
        let actualLayout = LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: nil)
        var problems: [String] = []
        var recordedLayout: JSONNode?
        do {
            recordedLayout = try JSONParser.parse(layoutData)
            if let difference = firstDifference(recorded: recordedLayout!, actual: actualLayout, ignoring: ["pixels"]) {
                problems.append("layout differs at \(difference)")
            }
        } catch {
            problems.append("baseline \(paths.layout.lastPathComponent) is not valid JSON (\(error))")
        }
        var diffImage: RGBAImage?
        let recorded = recordedPixels(recordedLayout)
        let pixelsConfirmed = recorded.digest == "xxh64:" + digest && recorded.crc == crcHex(pngData)
        if !pixelsConfirmed {
            do {
                let expected = try PNGDecoder().decode(pngData)
                let actual = bitmap.rgbaImage
                let difference = PixelDifference.compare(expected: expected, actual: actual)
                if !difference.isEqual {
                    problems.append(difference.summary)
                    diffImage = PixelDifference.diffImage(expected: expected, actual: actual)
                }
            } catch {
                problems.append("baseline \(paths.png.lastPathComponent) cannot be decoded: \(error)")
            }
        }
        if problems.isEmpty {
            artifacts.removeOld()
            return VariantOutcome(scenario: scenario.name, variant: variant.name, status: .passed, detail: "", artifacts: nil)
        }
        let written = artifacts.writeAndDescribe(actual: bitmap, actualLayout: actualLayout, expectedPNG: pngData,
                                                 expectedLayout: layoutData, diff: diffImage)
        if let problem = written.problem { problems.append(problem) }
        return VariantOutcome(scenario: scenario.name, variant: variant.name, status: .failed,
                              detail: problems.joined(separator: "; "), artifacts: written.artifacts)
    }

    private static func recordVariant(_ scenario: Scenario, _ variant: Variant, _ options: SnapshotOptions) -> VariantOutcome {
        let (bitmap, digest, scene) = render(scenario, variant)
        let paths = baseline(options, scenario, variant)
        let existingPNG = FileManager.default.contents(atPath: paths.png.path).map { [UInt8]($0) }
        let existingLayout = FileManager.default.contents(atPath: paths.layout.path).map { [UInt8]($0) }
        let recorded = recordedPixels(existingLayout.flatMap { try? JSONParser.parse($0) })

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
        let layoutText = LayoutReport.make(scenario, variant, scene, digest: digest, pngCRC32: crcHex(png)).utf8()
        let layoutChanged = existingLayout != layoutText
        do {
            if pixelsChanged { try FileOutput.writeAtomically(png, to: paths.png) }
            if layoutChanged { try FileOutput.writeAtomically(layoutText, to: paths.layout) }
        } catch {
            return VariantOutcome(scenario: scenario.name, variant: variant.name, status: .failed,
                                  detail: error.description, artifacts: nil)
        }
        let status: VariantStatus
        if existingPNG == nil && existingLayout == nil {
            status = .recorded
        } else {
            status = pixelsChanged || layoutChanged ? .updated : .unchanged
        }
        let what = [pixelsChanged ? "pixels" : nil, layoutChanged ? "layout" : nil].compactMap { $0 }.joined(separator: " and ")
        return VariantOutcome(scenario: scenario.name, variant: variant.name, status: status,
                              detail: status == .updated ? "\(what) changed" : "", artifacts: nil)
    }

    /// Baseline files (relative to the snapshots folder) that no scenario variant produces.
    private static func staleBaselines(_ options: SnapshotOptions, outcomes: [ScenarioOutcome]) -> [String] {
        var expected = Set<String>()
        for scenario in outcomes {
            for variant in scenario.variants {
                expected.insert("\(scenario.name)/\(variant.variant).png")
                expected.insert("\(scenario.name)/\(variant.variant).layout.json")
            }
        }
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: options.snapshotsFolder.path)) ?? []
        let stale = files.filter { ($0.hasSuffix(".png") || $0.hasSuffix(".layout.json")) && !expected.contains($0) }
        return stale.sorted()
    }
}

/// Failure artifacts of one variant: `<variant>.actual.png`, `.expected.png`, `.diff.png`,
/// `.actual.layout.json`, `.expected.layout.json` in the scenario's artifacts folder.
struct Artifacts {
    let folder: URL
    let variant: String

    private static let suffixes = [".actual.png", ".expected.png", ".diff.png", ".actual.layout.json", ".expected.layout.json"]

    private func url(_ suffix: String) -> URL { folder.appendingPathComponent(variant + suffix) }

    /// Removes this variant's files from an earlier run.
    func removeOld() {
        for suffix in Artifacts.suffixes where FileManager.default.fileExists(atPath: url(suffix).path) {
            try? FileManager.default.removeItem(at: url(suffix))
        }
    }

    /// Writes the files; a file that cannot be written is an error (CI that uploads the folder
    /// must not get nothing in silence).
    func write(actual: Bitmap, actualLayout: JSONOutput, expectedPNG: [UInt8]?, expectedLayout: [UInt8]?,
               diff: RGBAImage?) throws(FileOutput.Failure) {
        removeOld()
        let image = actual.rgbaImage
        try FileOutput.writeAtomically(PNGEncoder(level: .fast).encode(image), to: url(".actual.png"))
        try FileOutput.writeAtomically(actualLayout.text(), to: url(".actual.layout.json"))
        if let expectedPNG { try FileOutput.writeAtomically(expectedPNG, to: url(".expected.png")) }
        if let expectedLayout { try FileOutput.writeAtomically(expectedLayout, to: url(".expected.layout.json")) }
        if let diff { try FileOutput.writeAtomically(PNGEncoder(level: .fast).encode(diff), to: url(".diff.png")) }
    }

    /// Writes the files and says where they are, or why they are not there.
    func writeAndDescribe(actual: Bitmap, actualLayout: JSONOutput, expectedPNG: [UInt8]?, expectedLayout: [UInt8]?,
                          diff: RGBAImage?) -> (artifacts: String?, problem: String?) {
        do {
            try write(actual: actual, actualLayout: actualLayout, expectedPNG: expectedPNG, expectedLayout: expectedLayout, diff: diff)
            return (describe(), nil)
        } catch {
            return (nil, "artifacts not written: \(error)")
        }
    }

    func describe() -> String {
        folder.appendingPathComponent(variant).path + ".*"
    }
}
