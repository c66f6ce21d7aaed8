import Foundation
import Testing
import TestSupport

/// The command line as a project uses it: help and version, selection and shards, output to
/// standard output, quiet and colours, the project configuration and `init`, provenance, and the
/// rough edges a new user found (docs/CLI.md).
@Suite struct ProjectCommandTests {
    typealias Workspace = CommandLineTests.Workspace

    @Test func everyCommandPrintsItsUsageForHelp() throws {
        let w = try Workspace()
        for command in ["check", "record", "render", "layout", "validate", "init", "schema", "assets", "png"] {
            for flag in ["--help", "-h"] {
                let result = try w.run([command, flag])
                #expect(result.status == 0, "\(command) \(flag)")
                #expect(result.stdout.hasPrefix("usage: ivsim \(command)"), "\(command) \(flag): \(result.stdout)")
                #expect(result.stderr == "")
            }
        }
        #expect(try w.run(["check", "nested", "--help"]).stdout.hasPrefix("usage: ivsim check"))
        #expect(try w.run(["help", "record"]).stdout.hasPrefix("usage: ivsim record"))
        let version = try w.run(["--version"])
        #expect(
            version.status == 0 && version.stdout.hasPrefix("ivsim 0.") && version.stdout.contains("(rendering rules "))
    }

    @Test func filtersTakeScenarioAndVariantPatternsAndShardsSplitTheRun() throws {
        let w = try Workspace()
        #expect(try w.run(["check", "basic/two-views:scale1"]).stdout == "1 passed, 0 failed\n")
        // scale1, scale2; not scale1-hidden, default
        #expect(try w.run(["check", "basic/*:scale?"]).stdout == "2 passed, 0 failed\n")
        #expect(try w.run(["check", "two:*-hidden", "one"]).stdout == "3 passed, 0 failed\n")
        #expect(try w.run(["check", "**"]).stdout == "5 passed, 0 failed\n")
        let none = try w.run(["check", "basic/two-views:scale9"])
        #expect(
            none.status == 2
                && none.stderr.contains("no scenarios found in 'Scenarios' matching basic/two-views:scale9"))
        let shards = try (1...3).map { try w.run(["check", "--shard", "\($0)/3", "--report-json", "-"]) }
        let counted = shards.map { $0.stdout.components(separatedBy: "\"variant\": ").count - 1 }
        #expect(counted.reduce(0, +) == 5)
        let bad = try w.run(["check", "--shard", "4/3"])
        #expect(bad.status == 2 && bad.stderr.contains("--shard needs I/N with 1 ≤ I ≤ N ≤ 10000"))
    }

    @Test func reportsGoToStandardOutputForADash() throws {
        let w = try Workspace()
        let json = try w.run(["check", "--report-json", "-"])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{\n  \"mode\": \"check\""))
        #expect(json.stderr.contains("5 passed, 0 failed"))  // the run's lines move to standard error
        #expect(w.read("-") == nil)
        let junit = try w.run(["check", "--junit", "-"])
        #expect(junit.stdout.hasPrefix("<?xml") && w.read("-") == nil)
        let two = try w.run(["check", "--junit", "-", "--report-json", "-"])
        #expect(two.status == 2 && two.stderr.contains("only one report can go to standard output"))
    }

    @Test func quietPrintsOnlyFailures() throws {
        let w = try Workspace()
        let quiet = try w.run(["check", "--quiet"])
        #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        let failing = try w.run(["check", "-q"])
        #expect(failing.status == 1)
        #expect(
            failing.stdout.split(separator: "\n").count == 1
                && failing.stdout.hasPrefix("FAIL basic/one-view [default]"))
    }

    @Test func coloursOnlyOnATerminalAndNeverWithNoColor() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        #expect(!(try w.run(["check"]).stdout.contains("\u{1B}[")))  // a pipe: no colours
        // `script` gives the command a pseudo-terminal (util-linux).
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let command = "'\(CommandLineTests.binary.path)' check"
        let tty = try CommandLineTests.runProgram(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: w.root, environment: ["NO_COLOR": ""])
        #expect(tty.stdout.contains("\u{1B}[31mFAIL basic/one-view [default]"), "\(tty.stdout)")
        let noColor = try CommandLineTests.runProgram(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: w.root, environment: ["NO_COLOR": "1"])
        #expect(
            noColor.stdout.contains("FAIL basic/one-view [default]") && !noColor.stdout.contains("\u{1B}[3"),
            "\(noColor.stdout)")
    }

    @Test func aProgressLineShowsOnATerminalAndIsErased() throws {
        let w = try Workspace()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let command = "'\(CommandLineTests.binary.path)' check --jobs 1"
        let tty = try CommandLineTests.runProgram(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: w.root,
            environment: ["IVSIM_PROGRESS_DELAY_MS": "0", "NO_COLOR": "1"])
        // Scenarios done of the run's scenarios (a scenario's variants are known only once it loads).
        #expect(tty.stdout.contains("\r\u{1B}[2K[1/2] check"), "\(tty.stdout)")
        // erased before the totals
        #expect(tty.stdout.contains("\r\u{1B}[2K[2/2] check\r\u{1B}[2K5 passed, 0 failed"), "\(tty.stdout)")
        let quiet = try CommandLineTests.runProgram(
            "/usr/bin/script", ["-qec", command + " --quiet", "/dev/null"], in: w.root,
            environment: ["IVSIM_PROGRESS_DELAY_MS": "0"])
        #expect(!quiet.stdout.contains("[1/2]"))
        // not a terminal
        #expect(!(try w.run(["check"], environment: ["IVSIM_PROGRESS_DELAY_MS": "0"]).stderr.contains("[1/2]")))
    }

    @Test func theScenariosFolderMayHoldTheBaselines() throws {
        // `--scenarios .`: layout reports, the snapshots and artifacts folders and ivsim.json are not
        // scenarios. The scenarios are named from "." (Scenarios/basic/one-view), so their baselines
        // are not there yet: missing, not invalid.
        let w = try Workspace()
        try w.write("ivsim.json", "{}")
        _ = try w.run(["check"])  // leaves nothing; a failing run would leave artifacts under .ivsim
        let result = try w.run(["check", "--scenarios", "."])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("0 passed, 5 failed\n"), "\(result.stdout)")
        #expect(result.stdout.contains("MISSING Scenarios/basic/one-view [default]"))
        #expect(result.stderr == "")
        #expect(try w.run(["validate", "."]).stdout == "2 valid, 0 invalid (0 errors)\n")
    }

    @Test func foldersWithoutScenariosAreErrors() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("Empty"), withIntermediateDirectories: true)
        for command in [["validate", "Empty"], ["render", "Empty", "-o", "out"], ["layout", "Empty"]] {
            let result = try w.run(command)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("no scenario files in 'Empty'"), "\(command): \(result.stderr)")
        }
        let missing = try w.run(["validate", "Scenarios/basic/one-veiw.json"])
        #expect(
            missing.status == 2
                && missing.stderr.contains(
                    "'Scenarios/basic/one-veiw.json' not found (did you mean \"one-view.json\"?)")
        )
        #expect(try w.run(["validate"]).stdout == "2 valid, 0 invalid (0 errors)\n")  // the scenarios folder by default
    }

    @Test func layoutOfAFolderPrintsEveryScenario() throws {
        let w = try Workspace()
        let result = try w.run(["layout", "Scenarios/basic"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?.keys.sorted() == ["basic/one-view", "basic/two-views"])
        #expect(
            (object?["basic/two-views"] as? [String: Any])?.keys.sorted() == [
                "scale1", "scale1-hidden", "scale2", "scale2-hidden"
            ])
        let one =
            try JSONSerialization.jsonObject(
                with: Data(try w.run(["layout", "Scenarios/basic/one-view.json"]).stdout.utf8)) as? [String: Any]
        #expect(one?["variant"] as? String == "default")
    }

    @Test func filteredRunsNoteAndPruneStaleBaselinesOfTheirSelectionAndLeaveNoEmptyFolders() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(
            at: w.url("Snapshots/basic/gone/deeper"), withIntermediateDirectories: true)
        try w.write("Snapshots/basic/gone/deeper/default.png", "x")
        try w.write("Snapshots/basic/two-views/scale3.png", "x")
        let filtered = try w.run(["check", "two-views"])
        #expect(
            filtered.stdout.contains(
                "note: 1 baseline file(s) belong to no scenario variant: basic/two-views/scale3.png "
                    + "(delete them with `ivsim record --prune` and the same filters)"))
        let pruned = try w.run(["record", "two-views", "--prune"])
        #expect(pruned.stdout.contains("deleted 1 stale baseline file(s): basic/two-views/scale3.png"))
        #expect(w.read("Snapshots/basic/two-views/scale3.png") == nil)
        #expect(w.read("Snapshots/basic/gone/deeper/default.png") != nil)  // outside the selection: kept
        let all = try w.run(["record", "--prune"])
        #expect(all.stdout.contains("deleted 1 stale baseline file(s): basic/gone/deeper/default.png"))
        #expect(!FileManager.default.fileExists(atPath: w.url("Snapshots/basic/gone").path))  // empty folders go too
        #expect(FileManager.default.fileExists(atPath: w.url("Snapshots/basic/one-view").path))
    }

    @Test func aScenarioFileWithAOneCharacterNameLoads() throws {
        // Foundation's NSString.deletingLastPathComponent traps on "x" (Swift 6.3 on Linux): the
        // display folder of a scenario named so must not use it.
        let w = try Workspace()
        try FileManager.default.copyItem(at: w.url("Scenarios/basic/one-view.json"), to: w.url("x"))
        let result = try w.run(["validate", "x"])
        #expect(result.status == 0 && result.stdout == "1 valid, 0 invalid (0 errors)\n", "\(result.stderr)")
        #expect(try w.run(["validate", "y"]).status == 2)
    }

    @Test func canvasErrorsNameBothSides() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/one-view.json", "[16, 16]", "[5000, 9000]")
        let result = try w.run(["validate", "Scenarios/basic/one-view.json"])
        #expect(
            result.stderr.contains("$.canvas.size[0]: the width 5000 is out of range: expected a number from 1 to 2048")
        )
        #expect(
            result.stderr.contains(
                "$.canvas.size[1]: the height 9000 is out of range: expected a number from 1 to 2048"))
    }

    @Test func initWritesAProjectThatRecordsAndChecks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("App/Assets.xcassets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let initialised = try CommandLineTests.run(
            [
                "init", "--scenarios", "UITests/Scenarios", "--snapshots", "UITests/Snapshots",
                "--asset-root", "App/Assets.xcassets"
            ], in: root)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(
            initialised.stdout.contains("wrote ivsim.json")
                && initialised.stdout.contains("wrote UITests/Scenarios/example.json"))
        let config = String(
            decoding: FileManager.default.contents(atPath: root.appendingPathComponent("ivsim.json").path) ?? Data(),
            as: UTF8.self)
        #expect(config.contains("\"assetRoots\": [\"App/Assets.xcassets\"]"))
        let record = try CommandLineTests.run(["record"], in: root)
        #expect(
            record.status == 0 && record.stdout.hasSuffix("6 recorded, 0 updated, 0 unchanged, 0 failed\n"),
            "\(record.stdout)\(record.stderr)")
        #expect(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent("UITests/Snapshots/example/scale2-fill.png").path))
        #expect(try CommandLineTests.run(["check"], in: root).stdout == "6 passed, 0 failed\n")
        let again = try CommandLineTests.run(["init"], in: root)
        #expect(again.status == 0 && again.stdout.contains("kept ivsim.json (it exists)"))
    }

    @Test func assetRootsLetScenariosReadOutsideTheirFolderAndNameTheKey() throws {
        let w = try Workspace()
        let png = try #require(w.read("Snapshots/basic/one-view/default.png"))
        try FileManager.default.createDirectory(at: w.url("App/Images"), withIntermediateDirectories: true)
        try png.write(to: w.url("App/Images/logo.png"))
        try w.edit(
            "Scenarios/basic/one-view.json", "{ \"generate\": { \"indexGrid\": { \"size\": [4, 4] } } }",
            "{ \"file\": \"../../App/Images/logo.png\" }")
        let refused = try w.run(["validate", "Scenarios/basic/one-view.json"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "\"../../App/Images/logo.png\" is outside the scenario's folder (basic/): keep assets next to the "
                    + "scenario, or add the folder that holds it to \"assetRoots\" in the project's ivsim.json"))
        try w.write("ivsim.json", "{ \"assetRoots\": [\"App/Images\"] }")
        let allowed = try w.run(["validate", "Scenarios/basic/one-view.json"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        try w.write("ivsim.json", "{ \"assetRoots\": [\"App/Imagez\"], \"snapshot\": \"x\" }")
        let bad = try w.run(["check"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains(
                "ivsim.json:1:18: error: $.assetRoots[0]: folder \"App/Imagez\" not found (relative to ivsim.json's folder) "
                    + "(did you mean \"Images\"?)"), "\(bad.stderr)")
        #expect(bad.stderr.contains("unknown key \"snapshot\"") && bad.stderr.contains("did you mean \"snapshots\"?"))
    }

    /// `symbolRoots` in ivsim.json: every scenario's systemName finds the project's exported templates.
    @Test func projectSymbolRootsServeEveryScenario() throws {
        let w = try Workspace()
        let template = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("SymbolsTests/Fixtures/templates/ivsim.ring.plus.svg"), encoding: .utf8)
        try FileManager.default.createDirectory(at: w.url("App/Symbols"), withIntermediateDirectories: true)
        try w.write("App/Symbols/ivsim.ring.plus.svg", template)
        try w.edit(
            "Scenarios/basic/one-view.json", "{ \"generate\": { \"indexGrid\": { \"size\": [4, 4] } } }",
            "{ \"systemName\": \"ivsim.ring.plus\" }")
        let missing = try w.run(["validate", "Scenarios/basic/one-view.json"])
        #expect(
            missing.status == 2 && missing.stderr.contains("no symbol named \"ivsim.ring.plus\""), "\(missing.stderr)")
        try w.write("ivsim.json", "{ \"symbolRoots\": [\"App/Symbols\"] }")
        let found = try w.run(["validate", "Scenarios/basic/one-view.json"])
        #expect(found.status == 0, "\(found.stderr)")
    }

    @Test func aDiffOnAnOlderBaselineSaysSo() throws {
        let w = try Workspace()
        try w.edit("Snapshots/basic/one-view/default.layout.json", "\"renderingRules\": 14", "\"renderingRules\": 1")
        #expect(try w.run(["check", "one-view"]).status == 0)  // an older baseline that still matches passes
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        let result = try w.run(["check", "one-view"])
        #expect(result.stdout.contains("; baseline made by an older rendering version (ivsim 0."))
        // record keeps the provenance of a baseline it does not change, and writes its own into one it changes.
        try w.edit("Snapshots/basic/two-views/scale1.layout.json", "\"ivsim\": \"", "\"ivsim\": \"0.0.1-")
        _ = try w.run(["record"])
        let kept = String(decoding: w.read("Snapshots/basic/two-views/scale1.layout.json") ?? Data(), as: UTF8.self)
        #expect(kept.contains("\"ivsim\": \"0.0.1-"))
        let rewritten = String(
            decoding: w.read("Snapshots/basic/one-view/default.layout.json") ?? Data(), as: UTF8.self)
        #expect(rewritten.contains("\"renderingRules\": 14"))
        // Same pixels, other numbers (a report field the older version did not write): the new provenance.
        try w.edit("Snapshots/basic/two-views/scale1.layout.json", "\"layoutMargins\": [8, 8, 8, 8],", "")
        _ = try w.run(["record"])
        let refreshed = String(
            decoding: w.read("Snapshots/basic/two-views/scale1.layout.json") ?? Data(), as: UTF8.self)
        #expect(!refreshed.contains("\"ivsim\": \"0.0.1-") && refreshed.contains("\"renderingRules\": 14"))
    }

    @Test func theHTMLReportHoldsTheFailureAndNothingExternal() throws {
        let w = try Workspace()
        try w.edit("Scenarios/basic/two-views.json", "\"#1E88E5\"", "\"#E53935\"")
        let result = try w.run(["check", "--report-html", "out/report.html", "two-views:scale2"])
        #expect(result.status == 1)
        let html = String(decoding: w.read("out/report.html") ?? Data(), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("id=\"basic/two-views:scale2\""))
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 3)  // expected, actual, diff
        #expect(html.contains("<span class=\"region\" style=\"left:"))
        for external in ["src=\"http", "href=\"http", "src=\"/", "@import", "url(http"] {
            #expect(!html.contains(external), "\(external)")
        }
    }
}
