import Foundation
import IVSimKit
import Testing

/// The Swift API: loading (file, JSON, Swift values), layout as typed values, rendering, and
/// checking and recording against baselines.
@Suite struct ScenarioAPITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A scratch folder, removed when the test ends.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ivsimkit-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aFileLaysOutAndRendersAsUIKitAspectFits() throws {
        let scenario = try IVSimScenario(
            contentsOf: Self.repository.appendingPathComponent("Scenarios/demo/hello.json"), name: "demo/hello")
        #expect(scenario.name == "demo/hello")
        #expect(scenario.variantNames == ["scale1", "scale1-fill", "scale2", "scale2-fill", "scale3", "scale3-fill"])
        // Aspect fit of 60 × 20 pt into 120 × 160 pt: factor min(120/60, 160/20) = 2, so 120 × 40,
        // centred: y = (160 − 40) / 2 = 60.
        let layout = try scenario.layout("scale2")
        let hero = try #require(layout.view("hero"))
        #expect(hero.frame == CGRect(x: 10, y: 10, width: 120, height: 160))
        #expect(hero.imageView?.imageRect == CGRect(x: 0, y: 60, width: 120, height: 40))
        #expect(hero.imageView?.contentMode == "scaleAspectFit")
        #expect(hero.imageView?.intrinsicContentSize == CGSize(width: 60, height: 20))
        // Aspect fill: factor max(2, 8) = 8, so 480 × 160, centred: x = (120 − 480) / 2 = −180.
        #expect(
            try scenario.layout("scale2-fill").view("hero")?.imageView?.imageRect
                == CGRect(x: -180, y: 0, width: 480, height: 160))
        let rendered = try scenario.render("scale2")
        #expect(rendered.width == 280 && rendered.height == 360)
        #expect(rendered.pixel(x: 2, y: 2) == (255, 255, 255, 255))  // the canvas
        #expect(rendered.pixel(x: 30, y: 30) == (0xCF, 0xD8, 0xDC, 255))  // the view's background above the image
        #expect(rendered.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let baseline = try Data(contentsOf: Self.repository.appendingPathComponent("Snapshots/demo/hello/scale2.png"))
        #expect(rendered.png == [UInt8](baseline))  // the bytes `ivsim record` wrote
        #expect(
            rendered.layout.json
                == String(
                    decoding: try Data(
                        contentsOf: Self.repository.appendingPathComponent("Snapshots/demo/hello/scale2.layout.json")),
                    as: UTF8.self))
    }

    @Test func errorsNameThePathAndSuggest() {
        #expect(
            throws: IVSimError(messages: [
                "inline:1:41: error: $.root.subview: unknown key \"subview\" in the root view (did you mean \"subviews\"?)"
            ])
        ) {
            try IVSimScenario(json: #"{"canvas": {"size": [10, 10]}, "root": {"subview": []}}"#, name: "inline")
        }
        #expect(throws: IVSimError.self) { try IVSimScenario(json: "{}", name: "x").layout("nope") }
        let scenario = try? IVSimScenario(json: #"{"canvas": {"size": [10, 10]}, "root": {}}"#, name: "x")
        #expect(
            throws: IVSimError(messages: ["no variant \"defualt\" in x (did you mean \"default\"?) (variants: default)"]
            )
        ) {
            try scenario?.layout("defualt")
        }
    }

    @Test func safeAreasMarginsAndGuidesAreTypedValues() throws {
        var definition = ScenarioDefinition(canvas: CGSize(width: 100, height: 200))
        definition.safeAreaInsets = EdgeInsets(top: 30, left: 0, bottom: 10, right: 0)
        definition.root = ViewDefinition(more: ["layoutGuides": ["content"], "layoutMargins": [4, 4, 4, 4]])
        definition.root.subviews = [.view(id: "card", frame: CGRect(x: 0, y: 0, width: 100, height: 50))]
        definition.root.constraints = [
            "content.top == superview.safeArea.top", "content.bottom == superview.safeArea.bottom",
            "content.leading == superview.margins.leading", "content.trailing == superview.margins.trailing"
        ]
        let layout = try IVSimScenario(definition, name: "guides").layout()
        #expect(layout.safeAreaInsets == EdgeInsets(top: 30, left: 0, bottom: 10, right: 0))
        // The card reaches 30 pt into the unsafe band; the root's margins are 4 plus its safe area.
        #expect(layout.view("card")?.safeAreaInsets == EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
        #expect(layout.views[0].layoutMargins == EdgeInsets(top: 34, left: 4, bottom: 14, right: 4))
        #expect(layout.layoutGuides.map(\.name) == ["content"])
        #expect(layout.layoutGuides.first?.layoutFrame == CGRect(x: 4, y: 30, width: 92, height: 160))
        #expect(
            layout.constraints.contains {
                $0.kind == "layoutGuide" && $0.label.hasSuffix("(UIViewSafeAreaLayoutGuide-top)")
            })
    }

    @Test func aScenarioBuiltInSwiftIsTheFileFormat() throws {
        var definition = ScenarioDefinition(canvas: CGSize(width: 200, height: 120), background: "#FFFFFF")
        definition.images = [
            .checkerboard("wide", width: 60, height: 20, cell: 5, colors: ["#E53935", "#FFFFFF"]),
            .from("glyph", "wide", ["renderingMode": "alwaysTemplate"])
        ]
        definition.root.subviews = [
            .imageView(
                id: "hero", image: "wide", contentMode: .scaleAspectFit,
                frame: CGRect(x: 10, y: 10, width: 180, height: 100)),
            .imageView(id: "icon", image: "glyph", tintColor: "#34C759")
        ]
        // `superview` is the view that holds the list: the root.
        definition.root.constraints = [
            "icon.width == 30", "icon.height == 10", "icon.trailing == superview.trailing - 8",
            "icon.bottom == superview.bottom - 4"
        ]
        definition.variants = ["matrix": ["displayScale": [1, 2]]]
        #expect(definition.json.contains(#""contentMode": "scaleAspectFit""#))
        let scenario = try IVSimScenario(definition, name: "built")
        let layout = try scenario.layout("scale2")
        // Aspect fit of 60 × 20 into 180 × 100: factor 3, 180 × 60 at y = 20.
        #expect(layout.view("hero")?.imageView?.imageRect == CGRect(x: 0, y: 20, width: 180, height: 60))
        // Constraints inside the root (200 × 120): x = 200 − 8 − 30 = 162, y = 120 − 4 − 10 = 106.
        let icon = try #require(layout.view("icon"))
        #expect(icon.frame == CGRect(x: 162, y: 106, width: 30, height: 10))
        #expect(icon.isPositionedByConstraints && icon.imageView?.drawnAsTemplate == true)
        #expect(layout.constraints.filter { $0.kind == "constraint" }.map(\.label).contains("icon.width == 30"))
        #expect(layout.ambiguousViews.isEmpty)

        definition.root.subviews[0].contentMode = nil
        definition.root.subviews[0].more = ["contentMode": "scaleAspectFitt"]
        #expect(
            throws: IVSimError(messages: [
                "built (Swift): error: $.root.subviews[0].contentMode: unknown content mode \"scaleAspectFitt\" (did you mean \"scaleAspectFit\"?)"
            ])
        ) { try IVSimScenario(definition, name: "built") }
        definition.root.subviews[0].more = nil
        definition.root.subviews[0].frame = CGRect(x: Double.nan, y: 0, width: 1, height: 1)
        #expect(throws: IVSimError.self) { try IVSimScenario(definition, name: "built") }
    }

    /// A Core Image chain written in Swift: a checkerboard generator cropped by createCGImage's
    /// rectangle, its squares where Core Image puts them (colour 0 up and to the right of the centre).
    @Test func aCoreImageChainBuiltInSwift() throws {
        var definition = ScenarioDefinition(canvas: CGSize(width: 8, height: 8), background: "#000000")
        definition.images = [
            .coreImage(
                "board", input: nil,
                filters: [
                    [
                        "filter": "CICheckerboardGenerator", "inputCenter": [4, 4], "inputWidth": 4,
                        "inputColor0": "#FFFFFF", "inputColor1": "#FF0000"
                    ]
                ], rect: [0, 0, 8, 8])
        ]
        definition.root.subviews = [
            .imageView(id: "board", image: "board", frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        ]
        definition.variants = ["matrix": ["displayScale": [1]]]
        let rendered = try IVSimScenario(definition, name: "ci").render()
        // Top-left pixel (Core Image's y = 7.5, up and to the left of the centre): colour 1; top right: colour 0.
        #expect(rendered.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(rendered.pixel(x: 7, y: 0) == (255, 255, 255, 255))
    }

    @Test func checkAndRecordOneScenario() throws {
        let scratch = try Scratch()
        let snapshots = scratch.url.appendingPathComponent("Snapshots"),
            artifacts = scratch.url.appendingPathComponent("failures")
        var definition = ScenarioDefinition(canvas: CGSize(width: 20, height: 20))
        definition.images = [.solid("dot", width: 4, height: 4, color: "#FF0000")]
        definition.root.subviews = [.imageView(id: "v", image: "dot", frame: CGRect(x: 2, y: 2, width: 4, height: 4))]
        let scenario = try IVSimScenario(definition, name: "dots")
        #expect(scenario.check(baselines: snapshots, artifacts: artifacts).map(\.status) == [.missing])
        #expect(scenario.record(baselines: snapshots).map(\.status) == [.recorded])
        #expect(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("dots/default.png").path))
        #expect(scenario.check(baselines: snapshots, artifacts: artifacts).map(\.status) == [.passed])
        #expect(scenario.record(baselines: snapshots).map(\.status) == [.unchanged])
        definition.root.subviews[0].frame = CGRect(x: 3, y: 2, width: 4, height: 4)
        let moved = try IVSimScenario(definition, name: "dots").check(baselines: snapshots, artifacts: artifacts)
        #expect(moved.map(\.status) == [.failed])
        #expect(moved[0].layoutDifferences.first == "$.views[id=v].frame[0]: expected 2, got 3")
        #expect(
            moved[0].summary.hasPrefix("dots [default]: layout differs at $.views[id=v].frame[0]: expected 2, got 3"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("dots/default.diff.png").path))
    }

    @Test func aFolderRunIsTheCommandLinesRun() throws {
        let scratch = try Scratch()
        let fixtures = Self.repository.appendingPathComponent("Tests/ivsimTests/Fixtures")
        for folder in ["Scenarios", "Snapshots"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(folder), to: scratch.url.appendingPathComponent(folder))
        }
        let options = RunOptions(
            scenarios: scratch.url.appendingPathComponent("Scenarios"),
            artifacts: scratch.url.appendingPathComponent("out"))
        let summary = IVSim.check(options)
        #expect(summary.exitCode == 0 && summary.results.count == 5 && summary.failed.isEmpty)
        #expect(summary.lines.last == "5 passed, 0 failed")
        var some = options
        some.filters = ["two-views:scale2*"]
        #expect(IVSim.check(some).results.map(\.variant) == ["scale2", "scale2-hidden"])
        some.filters = []
        some.variants = [VariantName(scenario: "basic/one-view", variant: "default")]
        #expect(IVSim.check(some).results.map(\.scenario) == ["basic/one-view"])
        #expect(IVSim.version.hasPrefix("ivsim "))
        var misspelt = options
        misspelt.load = LoadOptions(limits: ["viewz": 5])
        let refused = IVSim.check(misspelt)
        #expect(refused.exitCode == 2 && refused.results.isEmpty)
        #expect(
            refused.errors == [
                "unknown limit \"viewz\" (did you mean \"views\"?) (limits: file-bytes, views, constraints, variants, "
                    + "image-bytes, layout-work, render-pixels, drawing-work)"
            ])
    }

    /// What the command line takes from the facade: shards that split the scenarios between
    /// them, progress as each scenario finishes, and the run's reports as `--junit`, `--report-json`
    /// and `--report-html` write them.
    @Test func shardsProgressAndReportsComeFromTheFacade() throws {
        let scratch = try Scratch()
        let fixtures = Self.repository.appendingPathComponent("Tests/ivsimTests/Fixtures")
        for folder in ["Scenarios", "Snapshots"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(folder), to: scratch.url.appendingPathComponent(folder))
        }
        var options = RunOptions(
            scenarios: scratch.url.appendingPathComponent("Scenarios"),
            artifacts: scratch.url.appendingPathComponent("out"))
        let all = IVSim.check(options).results.map { "\($0.scenario):\($0.variant)" }
        var sharded: [String] = []
        for index in 1...2 {
            options.shard = RunOptions.Shard(index: index, count: 2)
            sharded += IVSim.check(options).results.map { "\($0.scenario):\($0.variant)" }
        }
        #expect(sharded.sorted() == all.sorted() && all.count == 5)
        options.shard = nil
        let counter = Counter()
        options.progress = { done, total in counter.add(done: done, total: total) }
        let summary = IVSim.check(options)
        let scenarios = Set(summary.results.map(\.scenario)).count
        #expect(counter.calls == scenarios && counter.last.0 == scenarios && counter.last.1 == scenarios)
        #expect(
            summary.junitXML.contains("<testsuites") && summary.junitXML.components(separatedBy: "<testcase").count == 6
        )
        #expect(summary.jsonReport.hasPrefix("{") && summary.jsonReport.contains("\"passed\""))
        #expect(summary.htmlReport.contains("<html"))
        #expect(options.baselines == scratch.url.appendingPathComponent("Snapshots").standardizedFileURL)
    }
}

/// Counts progress calls (from worker threads).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var latest = (0, 0)

    func add(done: Int, total: Int) {
        lock.lock()
        count += 1
        if done > latest.0 { latest = (done, total) }
        lock.unlock()
    }

    var calls: Int { lock.lock(); defer { lock.unlock() }; return count }
    var last: (Int, Int) { lock.lock(); defer { lock.unlock() }; return latest }
}
