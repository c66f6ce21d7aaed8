import Foundation
import Testing
import TestSupport

/// What ivsim writes, and where it refuses to (docs/RELIABILITY.md §Writes): an independent
/// attacker's findings, kept.
@Suite struct OutputSafetyTests {
    typealias Workspace = CommandLineTests.Workspace

    @Test func onlyRegularFilesAreReplaced() throws {
        let w = try Workspace()
        // A FIFO and a symbolic link named as reports stay what they are.
        #expect(mkfifo(w.url("fifo").path, 0o644) == 0)
        try w.write("target.xml", "keep")
        try FileManager.default.createSymbolicLink(at: w.url("link.xml"), withDestinationURL: w.url("target.xml"))
        for path in ["fifo", "link.xml"] {
            let result = try w.run(["check", "--junit", path])
            #expect(result.status == 2, "\(path)")
            #expect(
                result.stderr.contains(
                    "cannot write (it is a \(path == "fifo" ? "FIFO" : "symbolic link"), and ivsim replaces only "
                        + "regular files"), "\(result.stderr)")
        }
        var status = stat()
        #expect(lstat(w.url("fifo").path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        #expect(String(decoding: w.read("target.xml") ?? Data(), as: UTF8.self) == "keep")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: w.url("link.xml").path)) != nil)
    }

    @Test func baselinesAreNotWrittenThroughALinkOutOfTheSnapshots() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: w.url("Snapshots/basic/one-view"))
        try FileManager.default.createSymbolicLink(
            at: w.url("Snapshots/basic/one-view"), withDestinationURL: w.url("elsewhere"))
        let result = try w.run(["record"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("FAIL basic/one-view [default]: ")
                && result.stdout.contains("leads out of the snapshots folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("elsewhere").path).isEmpty)
    }

    @Test func aLinkedGroupFolderIsSeenBeforeItsFirstBaseline() throws {
        // Snapshots/basic is a link elsewhere and basic/one-view does not exist yet: the real path
        // of the folder to be made is outside (Foundation's resolvingSymlinksInPath missed it).
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: w.url("Snapshots/basic"))
        try FileManager.default.createSymbolicLink(at: w.url("Snapshots/basic"), withDestinationURL: w.url("elsewhere"))
        let result = try w.run(["record"])
        #expect(result.status == 1 && result.stdout.contains("leads out of the snapshots folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("elsewhere").path).isEmpty)
    }

    @Test func filesAreSizedByWhatTheyLeadToAndReadBounded() throws {
        // A sparse 3 GiB file (no disk used) behind a link named as a scenario, as ivsim.json, and
        // as a PNG: each refused by its size before it is read.
        let w = try Workspace()
        let big = w.url("big.bin")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        try FileManager.default.createSymbolicLink(at: w.url("Scenarios/big.json"), withDestinationURL: big)
        let scenario = try w.run(["validate", "Scenarios/big.json"])
        #expect(
            scenario.stderr.contains(
                "Scenarios/big.json: error: the file is 3221225472 bytes, more than the 16777216 a scenario may be"))
        try FileManager.default.createSymbolicLink(at: w.url("ivsim.json"), withDestinationURL: big)
        let config = try w.run(["check"])
        #expect(
            config.status == 2
                && config.stderr.contains(
                    "ivsim.json: error: the file is 3221225472 bytes, more than the 1048576 a configuration")
        )
        try FileManager.default.removeItem(at: w.url("ivsim.json"))
        #expect(mkfifo(w.url("fifo.png").path, 0o644) == 0)
        let fifo = try w.run(["png", "inspect", "fifo.png"])  // refused at once, never blocks on the FIFO
        #expect(fifo.status == 2 && fifo.stderr.contains("fifo.png: it is a FIFO, not a file"))
    }

    @Test func artifactsNeverGoAmongTheBaselines() throws {
        let w = try Workspace()
        let before = w.snapshot("Snapshots")
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        for folder in ["Snapshots", "Snapshots/basic", "."] {
            let result = try w.run(["check", "--artifacts", folder])
            #expect(result.status == 2, "\(folder)")
            #expect(
                result.stderr.contains("overlap: failure artifacts must not be written among the baselines"),
                "\(result.stderr)")
        }
        #expect(w.snapshot("Snapshots") == before)
    }

    @Test func smallerRoughEdges() throws {
        let w = try Workspace()
        let empty = try w.run(["render", "Scenarios/basic/one-view.json", "-o", ""])
        #expect(empty.status == 2 && empty.stderr.contains("render needs scenarios and a folder"))
        try w.write("bad.png", "\u{89}PNG\r\n\u{1A}\nnot really")
        let inspect = try w.run(["png", "inspect", "bad.png"])
        #expect(inspect.status == 2 && inspect.stderr.hasPrefix("bad.png: error: "), "\(inspect.stderr)")
    }
}

/// Names from file names reach the run's lines escaped.
@Suite struct RunLineTests {
    @Test func controlCharactersInScenarioAndBaselineNamesAreEscaped() throws {
        let w = try CommandLineTests.Workspace()
        let text = ##"{"canvas":{"size":[4,4]},"root":{"backgroundColor":"#FF0000"}}"##
        try w.write("Scenarios/nl\nFAIL forged [x]: injected.json", text)
        try w.write("Scenarios/esc\u{1B}[31mRED.json", text)
        try w.write("Snapshots/basic/x\nFAIL stale forged.png", "")
        let result = try w.run(["check"])
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("FAIL forged") || $0.hasPrefix("FAIL stale") }, "\(result.stdout)")
        #expect(result.stdout.contains("MISSING nl\\nFAIL forged [x]: injected [default]"))
        #expect(result.stdout.contains("MISSING esc\\u{1B}[31mRED [default]") && !result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("basic/x\\nFAIL stale forged.png"))
    }
}

/// The second attacker round's findings about projects and paths, kept.
@Suite struct ProjectSafetyTests {
    typealias Workspace = CommandLineTests.Workspace

    @Test func aConfigurationsFoldersStayInsideTheProject() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("victim"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: w.url("project"), withIntermediateDirectories: true)
        for (key, value) in [
            ("snapshots", "../victim"), ("snapshots", "/tmp"), ("assetRoots", "[\"../victim\"]"), ("artifacts", "~/x")
        ] {
            let json = key == "assetRoots" ? "{ \"\(key)\": \(value) }" : "{ \"\(key)\": \"\(value)\" }"
            try w.write("project/ivsim.json", json)
            let result = try CommandLineTests.run(["check"], in: w.url("project"))
            #expect(
                result.status == 2 && result.stderr.contains("leads outside the project"), "\(json): \(result.stderr)")
        }
        let roots = (0..<101).map { _ in "\".\"" }.joined(separator: ", ")
        try w.write("ivsim.json", "{ \"assetRoots\": [\(roots)] }")
        #expect(try w.run(["check"]).stderr.contains("101 asset roots, more than the 100 a project may have"))
    }

    @Test func linksInTheArtifactsFolderAreNotWrittenThrough() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url(".ivsim/failures"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: w.url("outside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: w.url(".ivsim/failures/basic"), withDestinationURL: w.url("outside"))
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        let result = try w.run(["check"])
        #expect(
            result.status == 1 && result.stdout.contains("artifacts not written: ")
                && result.stdout.contains("leads out of the artifacts folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("outside").path).isEmpty)
    }

    @Test func defaultFoldersLinkedOutOfTheProjectAreRefused() throws {
        let w = try Workspace()
        try FileManager.default.moveItem(at: w.url("Snapshots"), to: w.url("elsewhere"))
        let victim = w.url("elsewhere").deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "ivsim-victim-\(UUID().uuidString)")
        try FileManager.default.moveItem(at: w.url("elsewhere"), to: victim)
        defer { try? FileManager.default.removeItem(at: victim) }
        try FileManager.default.createSymbolicLink(at: w.url("Snapshots"), withDestinationURL: victim)
        let before = try FileManager.default.subpathsOfDirectory(atPath: victim.path).sorted()
        let record = try w.run(["record"])
        #expect(record.status == 2 && record.stderr.contains("'Snapshots' leads outside the project"))
        // given on the command line: the user's choice
        #expect(try w.run(["check", "--snapshots", "Snapshots"]).status == 0)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: victim.path).sorted() == before)
    }

    @Test func pruneDeletesNothingWhenNothingRan() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("Empty"), withIntermediateDirectories: true)
        let before = w.snapshot("Snapshots")
        let result = try w.run(["record", "--prune", "--scenarios", "Empty"])
        #expect(result.status == 2 && result.stderr.contains("no scenarios found in 'Empty'"))
        #expect(w.snapshot("Snapshots") == before)
    }

    @Test func artifactsThroughALinkIntoTheBaselinesAreRefused() throws {
        let w = try Workspace()
        try FileManager.default.createSymbolicLink(at: w.url("slink"), withDestinationURL: w.url("Snapshots"))
        let result = try w.run(["check", "--artifacts", "slink/failures"])
        #expect(result.status == 2 && result.stderr.contains("overlap"))
    }

    @Test func aMissingFileThroughALinkOutIsRefusedWithoutListingWhereItLeads() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("outside"), withIntermediateDirectories: true)
        try w.write("outside/topsecret-plan.png", "")
        try FileManager.default.createSymbolicLink(
            at: w.url("Scenarios/basic/link"), withDestinationURL: w.url("outside"))
        try w.edit(
            "Scenarios/basic/one-view.json", "{ \"generate\": { \"indexGrid\": { \"size\": [4, 4] } } }",
            "{ \"file\": \"link/topsecret-plam.png\" }")
        let result = try w.run(["validate", "Scenarios/basic/one-view.json"])
        #expect(result.status == 2 && result.stderr.contains("is outside the scenario's folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("topsecret-plan"))
    }

    @Test func twoFilesOfOneNameAreRefusedByRenderAndLayout() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(at: w.url("d1"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: w.url("d2"), withIntermediateDirectories: true)
        for folder in ["d1", "d2"] {
            try FileManager.default.copyItem(at: w.url("Scenarios/basic/one-view.json"), to: w.url(folder + "/a.json"))
        }
        for command in [["render", "d1", "d2", "-o", "out"], ["layout", "d1", "d2"]] {
            let result = try w.run(command)
            #expect(
                result.status == 2 && result.stderr.contains("'d1/a.json' and 'd2/a.json' would both be named 'a'"),
                "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: w.url("out").path))
    }

    @Test func initRefusesWhatItCannotMakeBeforeWritingAnything() throws {
        let w = try Workspace()
        let empty = try w.run(["init", "--scenarios", ""])
        #expect(empty.status == 2 && empty.stderr.contains("configuration ivsim would refuse"))
        try FileManager.default.createDirectory(at: w.url("ivsim.json"), withIntermediateDirectories: true)
        #expect(try w.run(["init"]).stderr.contains("'ivsim.json' is a folder"))
        try FileManager.default.removeItem(at: w.url("ivsim.json"))
        try w.write("UI", "a file")
        let blocked = try w.run(["init", "--scenarios", "UI/Scenarios"])
        #expect(blocked.status == 2 && blocked.stderr.contains("is a file: init makes a folder there"))
        #expect(!FileManager.default.fileExists(atPath: w.url("ivsim.json").path))  // nothing half-made
    }

    @Test func validateCountsScenarioFilesNotCatalogFiles() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(
            at: w.url("Scenarios/c/Cat.xcassets/A.imageset"), withIntermediateDirectories: true)
        try w.write("Scenarios/c/Cat.xcassets/Contents.json", "{ bad")
        try w.write("Scenarios/c/Cat.xcassets/A.imageset/Contents.json", "{ bad")
        try w.write(
            "Scenarios/c/x.json",
            #"{ "canvas": { "size": [4, 4] }, "assetCatalogs": ["Cat.xcassets"], "images": { "a": { "named": "A" } }, "root": {} }"#
        )
        let result = try w.run(["validate", "Scenarios/c/x.json"])
        #expect(result.stdout.hasPrefix("0 valid, 1 invalid ("), "\(result.stdout)")
    }
}
