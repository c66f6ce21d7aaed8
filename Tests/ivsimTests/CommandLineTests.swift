import Foundation
import Testing
import TestSupport

private let fixture = Fixture()

/// End-to-end: the built `ivsim` binary run in a scratch copy of the fixtures; stdout, stderr,
/// exit codes and the files it writes (or must not write).
@Suite struct CommandLineTests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A scratch folder holding a copy of Fixtures/Scenarios and Fixtures/Snapshots.
    final class Workspace {
        let root: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for folder in ["Scenarios", "Snapshots"] {
                try FileManager.default.copyItem(at: fixture.url(folder), to: root.appendingPathComponent(folder))
            }
        }

        deinit {
            try? FileManager.default.removeItem(at: root)
        }

        func url(_ path: String) -> URL { root.appendingPathComponent(path) }

        func read(_ path: String) -> Data? { FileManager.default.contents(atPath: url(path).path) }

        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: url(path))
        }

        func edit(_ path: String, _ old: String, _ new: String) throws {
            let text = String(decoding: read(path) ?? Data(), as: UTF8.self)
            precondition(text.contains(old), "\(path) has no \(old)")
            try write(path, text.replacingOccurrences(of: old, with: new))
        }

        /// Every file under `folder` with its bytes.
        func snapshot(_ folder: String) -> [String: Data] {
            var files: [String: Data] = [:]
            let base = url(folder)
            for case let file as URL in FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
                ?? .init()
            {
                if let data = FileManager.default.contents(atPath: file.path) {
                    files[String(file.path.dropFirst(base.path.count))] = data
                }
            }
            return files
        }

        @discardableResult
        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
            try CommandLineTests.run(arguments, in: root, environment: environment)
        }
    }

    static var binary: URL {
        Bundle.main.bundleURL.appendingPathComponent("ivsim")
    }

    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Result {
        try runProgram(binary.path, arguments, in: folder, environment: environment)
    }

    /// Runs any program (standard output and error are read on two threads, so that neither pipe
    /// can fill up and stall it).
    static func runProgram(_ path: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:])
        throws -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors.data = err.fileHandleForReading.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let stderr = errors.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func checkPassesOnTheRecordedFixtures() throws {
        let w = try Workspace()
        let result = try w.run(["check"])
        #expect(result.status == 0)
        #expect(result.stdout == "5 passed, 0 failed\n")
        #expect(result.stderr == "")
    }

    @Test func aChangedScenarioFailsWithArtifactsAndLeavesTheBaseline() throws {
        let w = try Workspace()
        let before = w.snapshot("Snapshots")
        try w.edit("Scenarios/basic/two-views.json", "\"#1E88E5\"", "\"#E53935\"")
        let result = try w.run(["check", "--jobs", "1"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // The right view (12 × 12 pt at 22.5, 6.5) touches 13 × 13 pixels at 1x.
        #expect(
            lines[0].hasPrefix(
                "FAIL basic/two-views [scale1]: 169 of 960 pixels differ (max channel delta 100), first at (22, 6): expected #D2E2F0FF, got #EBD8DAFF — artifacts: "
            ))
        #expect(lines[1].hasPrefix("FAIL basic/two-views [scale2]: "))
        #expect(lines[2] == "3 passed, 2 failed")
        for suffix in ["actual.png", "expected.png", "diff.png", "actual.layout.json", "expected.layout.json"] {
            #expect(w.read(".ivsim/failures/basic/two-views/scale1.\(suffix)") != nil, "\(suffix)")
        }
        #expect(w.read(".ivsim/failures/basic/two-views/scale1-hidden.actual.png") == nil)
        #expect(w.snapshot("Snapshots") == before, "check must never write baselines")
    }

    @Test func artifactsThatCannotBeWrittenAreReportedNotSwallowed() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[2, 2, 12, 11]")
        try w.write("artifacts-file", "not a folder")
        let file = try w.run(["check", "--artifacts", "artifacts-file"])
        #expect(file.status == 2)
        #expect(
            file.stderr
                == "ivsim: error: --artifacts 'artifacts-file' is a file, not a folder: give a folder (it is created if missing)\n"
        )
        // A file where the scenario's artifact folder would go: the failure says so.
        try FileManager.default.createDirectory(at: w.url("out"), withIntermediateDirectories: true)
        try w.write("out/basic", "in the way")
        let blocked = try w.run(["check", "--artifacts", "out", "one-view"])
        #expect(blocked.status == 1)
        #expect(blocked.stdout.contains("artifacts not written: "))
        #expect(blocked.stdout.contains("default.actual.png: cannot write (cannot create "))
    }

    @Test func layoutChangesAreReportedByPath() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[2, 2, 12, 11]")
        let result = try w.run(["check", "one-view"])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "FAIL basic/one-view [default]: layout differs at $.views[id=v].frame[3]: expected 12, got 11 (and 6 more); "
            ))
    }

    @Test func limitsAreRaisedFromTheCommandLineOnly() throws {
        let w = try Workspace()
        let lowered = try w.run(["validate", "--limit", "views=2", "Scenarios/basic/two-views.json"])
        #expect(lowered.status == 2)
        #expect(
            lowered.stderr.contains(
                "this view is one more than the 2 views a scenario may have: split the scenario (limit \"views\""))
        #expect(try w.run(["validate", "--limit", "views=3", "Scenarios/basic/two-views.json"]).status == 0)
        #expect(try w.run(["check", "--limit", "file-bytes=10"]).stderr.contains("more than the 10 a scenario may be"))
        let unknown = try w.run(["check", "--limit", "view=5"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "ivsim: error: --limit: unknown limit 'view' (did you mean \"views\"?) (limits: file-bytes, views, constraints, variants, image-bytes, layout-work, render-pixels, drawing-work)\n"
        )
        #expect(
            try w.run(["render", "--limit", "views=0", "Scenarios/basic/one-view.json", "-o", "out"]).stderr
                == "ivsim: error: --limit views needs a whole number from 1 to 9223372036854775807 (views in one scenario), found '0'\n"
        )
        #expect(
            try w.run(["check", "--jobs", "99999999999999999999"]).stderr
                == "ivsim: error: --jobs needs a whole number from 1 to 1024, found '99999999999999999999'\n")
    }

    @Test func aMissingBaselineFails() throws {
        let w = try Workspace()
        try FileManager.default.removeItem(at: w.url("Snapshots/basic/one-view/default.png"))
        let result = try w.run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "MISSING basic/one-view [default]: no baseline (default.png missing); run `ivsim record`\n"))
        #expect(result.stdout.hasSuffix("4 passed, 1 failed\n"))
    }

    @Test func badInputExitsWithTwoAndWritesNothing() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/one-view.json", "\"sampling\": \"nearest\"", "\"sampling\": \"nearst\"")
        let before = w.snapshot("Snapshots")
        let result = try w.run(["record"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "Scenarios/basic/one-view.json:4:115: error: $.root.subviews[0].sampling: unknown sampling \"nearst\" (did you mean \"nearest\"?)\n"
        )
        #expect(w.snapshot("Snapshots") == before)
        #expect(try w.run(["check"]).status == 2)
        #expect(try w.run(["validate", "Scenarios"]).status == 2)
    }

    @Test func ambiguousLayoutsWarnAndFailWithStrict() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("Loose"), withIntermediateDirectories: true)
        try w.write(
            "Loose/loose.json",
            """
            { "canvas": { "size": [100, 50] }, "acknowledgedWarnings": ["resampled"],
              "images": { "a": { "generate": { "solid": { "size": [10, 10], "color": "#FF0000" } } } },
              "root": { "subviews": [ { "id": "a", "type": "imageView", "image": "a" } ], "constraints": ["a.leading == superview.leading"] } }
            """)
        let warning =
            "Loose/loose.json:3:27: warning: $.root.subviews[0]: ambiguous layout: the constraints do not determine the y of "
            + "\"a\"'s alignment rect; add constraints for it\n"
        let loose = try w.run(["validate", "Loose/loose.json"])
        #expect(loose.status == 0)
        #expect(loose.stderr == warning)
        let strict = try w.run(["validate", "--strict", "Loose/loose.json"])
        #expect(strict.status == 2)
        #expect(
            strict.stderr
                == warning.replacingOccurrences(of: "warning:", with: "error:")
                .replacingOccurrences(of: "for it\n", with: "for it (an error with --strict)\n"))
        #expect(try w.run(["check", "--scenarios", "Loose", "--strict"]).status == 2)
        let layout = try w.run(["layout", "Loose/loose.json"])
        #expect(layout.status == 0)
        #expect(layout.stdout.contains("\"positionedBy\": \"constraints\""))
        #expect(layout.stdout.contains("\"ambiguous\": [\n"))
    }

    @Test func recordWritesOnlyWhatChanged() throws {
        let w = try Workspace()
        let unchanged = try w.run(["record"])
        #expect(unchanged.status == 0)
        #expect(unchanged.stdout == "0 recorded, 0 updated, 5 unchanged, 0 failed\n")
        let before = w.snapshot("Snapshots")
        try w.edit("Scenarios/basic/one-view.json", "\"sampling\": \"nearest\"", "\"sampling\": \"bilinear\"")
        let updated = try w.run(["record"])
        #expect(
            updated.stdout
                == "updated basic/one-view [default]: pixels and layout changed\n0 recorded, 1 updated, 4 unchanged, 0 failed\n"
        )
        let after = w.snapshot("Snapshots")
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == ["/basic/one-view/default.png", "/basic/one-view/default.layout.json"])
        #expect(try w.run(["check"]).status == 0)
        #expect(try w.run(["record"]).stdout == "0 recorded, 0 updated, 5 unchanged, 0 failed\n")
    }

    @Test func recordingTwiceInTwoProcessesWithDifferentThreadCountsGivesTheSameBytes() throws {
        let w = try Workspace()
        try FileManager.default.removeItem(at: w.url("Snapshots"))
        #expect(try w.run(["record", "--jobs", "1", "--snapshots", "A"]).status == 0)
        #expect(try w.run(["record", "--jobs", "4", "--snapshots", "B"]).status == 0)
        let a = w.snapshot("A"), b = w.snapshot("B")
        #expect(a.count == 10)
        #expect(a == b)
        let fixtures = Fixture().url("Snapshots")
        #expect(
            a["/basic/two-views/scale2.png"]
                == FileManager.default.contents(atPath: fixtures.path + "/basic/two-views/scale2.png"))
    }

    @Test func stalePruning() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("Snapshots/basic/gone"), withIntermediateDirectories: true)
        try w.write("Snapshots/basic/gone/default.png", "x")
        // Found after the run on one job, beside the rendering on more.
        for jobs in ["1", "2", "3"] {
            let check = try w.run(["check", "--jobs", jobs])
            #expect(check.status == 0)
            #expect(
                check.stdout.contains("note: 1 baseline file(s) belong to no scenario variant: basic/gone/default.png"))
        }
        let record = try w.run(["record", "--prune"])
        #expect(record.stdout.contains("deleted 1 stale baseline file(s): basic/gone/default.png"))
        #expect(w.read("Snapshots/basic/gone/default.png") == nil)
    }

    @Test func reportsForCI() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        let result = try w.run(["check", "--junit", "out/junit.xml", "--report-json", "out/report.json"])
        #expect(result.status == 1)
        let junit = String(decoding: w.read("out/junit.xml") ?? Data(), as: UTF8.self)
        #expect(junit.contains("<testsuites name=\"ivsim check\" tests=\"5\" failures=\"1\" errors=\"0\" time=\""))
        #expect(
            junit.contains(
                "<testcase name=\"default\" classname=\"basic/one-view\" file=\"Scenarios/basic/one-view.json\" time=\""
            ))
        #expect(junit.contains("<failure message=\"layout differs at $.views[id=v].frame[0]: expected 2, got 3"))
        #expect(junit.contains("<testsuite name=\"basic/two-views\" tests=\"4\" failures=\"0\" errors=\"0\" time=\""))
        let report = String(decoding: w.read("out/report.json") ?? Data(), as: UTF8.self)
        #expect(report.contains("\"failed\": 1,"))
    }

    @Test func usageErrors() throws {
        let w = try Workspace()
        let unknown = try w.run(["chek"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("ivsim: error: unknown command 'chek' (did you mean \"check\"?)"))
        let option = try w.run(["check", "--job", "2"])
        #expect(option.status == 2)
        #expect(
            option.stderr.hasPrefix(
                "ivsim: error: unknown option --job for check (did you mean \"--jobs\"?) (options: --artifacts, "))
        let folder = try w.run(["check", "--scenarios", "Nowhere"])
        #expect(folder.status == 2)
        #expect(
            folder.stderr
                == "ivsim: error: scenarios folder 'Nowhere' not found (run in the project's root, pass --scenarios DIR, "
                + "or set \"scenarios\" in ivsim.json; `ivsim init` writes one)\n")
        #expect(try w.run([]).status == 2)
        #expect(try w.run(["help"]).status == 0)
    }

    @Test func schemaMatchesTheCommittedFile() throws {
        let result = try CommandLineTests.run(["schema"], in: FileManager.default.temporaryDirectory)
        let repository = fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let committed = try String(
            contentsOf: repository.appendingPathComponent("Scenarios/scenario.schema.json"), encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.stdout == committed)
    }

    @Test func renderAndLayout() throws {
        let w = try Workspace()
        let render = try w.run(["render", "Scenarios/basic/two-views.json", "-o", "out"])
        #expect(render.status == 0)
        #expect(w.read("out/scale2-hidden.png") == w.read("Snapshots/basic/two-views/scale2-hidden.png"))
        #expect(
            w.read("out/scale2-hidden.layout.json") == w.read("Snapshots/basic/two-views/scale2-hidden.layout.json"))
        // Outside the scenarios folder, a scenario is named after its file.
        try FileManager.default.copyItem(at: w.url("Scenarios/basic/one-view.json"), to: w.url("loose.json"))
        let loose = try w.run(["layout", "loose.json"])
        #expect(loose.stdout.contains("\"scenario\": \"loose\","))
        let layout = try w.run(["layout", "Scenarios/basic/two-views.json", "--variant", "scale1"])
        #expect(layout.status == 0)
        #expect(layout.stdout.contains("\"imageRect\": [0, 0, 16, 16]"))
        let wrong = try w.run(["layout", "Scenarios/basic/two-views.json", "--variant", "scale3"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("no variant 'scale3'"))
    }

    /// Outputs kept between the check and the writing pass, or made again from a second load
    /// when they do not fit (CheckedOutputs): the same files and the same text.
    @Test func renderAndLayoutWriteTheSameWhetherOutputsAreKeptOrMadeAgain() throws {
        let w = try Workspace()
        let again = ["IVSIM_KEPT_OUTPUT_BYTES": "0"]
        for arguments in [
            ["Scenarios/basic"], ["Scenarios/basic/two-views.json"],
            ["Scenarios/basic/two-views.json", "--variant", "scale1"]
        ] {
            let kept = try w.run(["layout"] + arguments), remade = try w.run(["layout"] + arguments, environment: again)
            #expect(kept.status == 0 && kept.stdout == remade.stdout && !kept.stdout.isEmpty)
        }
        // Nested: {"scenario": {"variant": report, …}, …}, every report whole.
        let nested = try w.run(["layout", "Scenarios/basic"])
        let parsed = try JSONSerialization.jsonObject(with: Data(nested.stdout.utf8)) as? [String: [String: Any]]
        #expect(parsed?.keys.sorted() == ["basic/one-view", "basic/two-views"])
        #expect(try w.run(["render", "Scenarios/basic", "-o", "kept"]).status == 0)
        #expect(try w.run(["render", "Scenarios/basic", "-o", "remade"], environment: again).status == 0)
        #expect(w.snapshot("kept") == w.snapshot("remade") && w.snapshot("kept").count > 4)
    }

    @Test func assetsListsSetsAndWhatEachTraitCombinationPicks() throws {
        let repository = fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = repository.appendingPathComponent("Scenarios/asset-catalogs")
        let all = try CommandLineTests.run(["assets", "Media.xcassets"], in: folder)
        #expect(all.status == 0)
        #expect(all.stderr == "")
        #expect(
            all.stdout.hasPrefix(
                "Media.xcassets: 17 image sets, 7 colour sets, 1 other (not read by UIImage(named:) or UIColor(named:)): AppIcon.appiconset\n"
            ))
        // Empty sets (as Xcode's templates leave them) are notes, not errors; unassigned entries never picked.
        #expect(
            all.stdout.contains(
                "colour set \"WidgetBackground\" (Media.xcassets/Gamut/WidgetBackground.colorset)\n"
                    + "  empty: every entry is an empty slot (as Xcode's templates leave them); UIColor(named:) returns nil for it"
            ))
        #expect(
            all.stdout.contains(
                "    spare.png                 unassigned (Xcode's Unassigned well: not built into the app)\n"))
        // A single-scale PDF is drawn at each scale; the 2x PNG wins the scale both give.
        #expect(all.stdout.contains("    logo.pdf (drawn at 3x)    3x  (120×120 px)\n"))
        #expect(all.stdout.contains("    scale2                                  → logo@2x.png               (2x)\n"))
        #expect(
            all.stdout.contains("    scale1 dark                             → star-dark@2x.png          (2x dark)\n"))
        let fixed = try CommandLineTests.run(
            ["assets", "Media.xcassets", "--traits", "displayScale=3,userInterfaceStyle=dark"], in: folder)
        #expect(
            fixed.stdout.contains("    scale3 dark                             → star-dark@3x.png          (3x dark)\n")
        )
        #expect(!fixed.stdout.contains("scale1"))
        let typo = try CommandLineTests.run(
            ["assets", "Media.xcassets", "--traits", "userInterfaceStyle=drak"], in: folder)
        #expect(typo.status == 2)
        #expect(
            typo.stderr
                == "ivsim: error: unknown userInterfaceStyle \"drak\" (did you mean \"dark\"?) (values: light, dark)\n")
        let level = try CommandLineTests.run(
            ["assets", "Media.xcassets", "--traits", "userInterfaceLevel=elevated"], in: folder)
        #expect(level.status == 0)
        let levelTypo = try CommandLineTests.run(
            ["assets", "Media.xcassets", "--traits", "userInterfaceLevel=raised"], in: folder)
        #expect(levelTypo.status == 2)
        #expect(levelTypo.stderr == "ivsim: error: unknown userInterfaceLevel \"raised\" (values: base, elevated)\n")
    }

    /// A system colour reference lists its values in every contrast and level that differs.
    @Test func assetsListsSystemColourReferencesInEveryAppearance() throws {
        let repository = fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = repository.appendingPathComponent("Tests/ScenarioFormatTests/Fixtures")
        let all = try CommandLineTests.run(["assets", "Colors.xcassets"], in: folder)
        #expect(all.status == 0 && all.stderr == "")
        #expect(
            all.stdout.contains(
                "    colors[0]                 any                       secondarySystemGroupedBackground "
                    + "(light #FFFFFFFF, dark #1C1C1EFF; high-contrast: light #FFFFFFFF, dark #242426FF; "
                    + "elevated: light #FFFFFFFF, dark #2C2C2EFF; high-contrast elevated: light #FFFFFFFF, dark #363638FF)\n"
            ))
        #expect(
            all.stdout.contains(
                "systemTeal (light #30B0C7FF, dark #40C8E0FF; high-contrast: light #008299FF, dark #5DE6FFFF)\n"))
        let elevated = try CommandLineTests.run(
            ["assets", "Colors.xcassets", "--traits", "userInterfaceLevel=elevated"], in: folder)
        #expect(
            elevated.stdout.contains(
                "secondarySystemGroupedBackground (light #FFFFFFFF, dark #2C2C2EFF; "
                    + "high-contrast elevated: light #FFFFFFFF, dark #363638FF)\n"))
    }

    @Test func convertDecodesAJPEGAsStored() throws {
        let w = try Workspace()
        let corpus = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("../../Scenarios/formats/assets").standardizedFileURL
        try FileManager.default.copyItem(
            at: corpus.appendingPathComponent("arrow-exif6@2x.jpg"), to: w.url("arrow.jpg"))
        let convert = try w.run(["convert", "arrow.jpg", "arrow.rgba"])
        #expect(convert.status == 0)
        // Stored 36 × 60 (turned), the orientation printed, not applied.
        #expect(
            convert.stdout
                == "arrow.rgba: 36×60, 8640 bytes (JPEG baseline, colour, decoded as imageio, EXIF orientation 6 (not applied))\n"
        )
        #expect(w.read("arrow.rgba")?.count == 36 * 60 * 4)
        let png = try w.run(["convert", "arrow.jpg", "arrow.png"])
        #expect(png.status == 0)
        let bad = try w.run(["convert", "arrow.jpg", "arrow.bmp"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown output format '.bmp' (expected .png or .rgba)"))
        try Data(w.read("arrow.jpg")!.prefix(400)).write(to: w.url("cut.jpg"))
        let cut = try w.run(["convert", "cut.jpg", "cut.png"])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("cut.jpg: offset "))
    }

    @Test func pngInspectAndConvert() throws {
        let w = try Workspace()
        let inspect = try w.run(["png", "inspect", "Snapshots/basic/one-view/default.png"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("chunks:\n"))
        #expect(inspect.stdout.contains("decodes: yes, 32×32 RGBA8"))
        let convert = try w.run(["png", "convert", "Snapshots/basic/one-view/default.png", "raw.rgba"])
        #expect(convert.status == 0)
        #expect(w.read("raw.rgba")?.count == 32 * 32 * 4)
        try w.write("bad.png", "not a png")
        let bad = try w.run(["png", "inspect", "bad.png"])
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("error: not a PNG file: signature byte 0 is 0x6E, expected 0x89"))
    }
}
