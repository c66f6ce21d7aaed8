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
            #expect(result.stderr.contains("cannot write (it is a \(path == "fifo" ? "FIFO" : "symbolic link"), and ivsim replaces only "
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
        try FileManager.default.createSymbolicLink(at: w.url("Snapshots/basic/one-view"), withDestinationURL: w.url("elsewhere"))
        let result = try w.run(["record"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL basic/one-view [default]: ") && result.stdout.contains("leads out of the snapshots folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.url("elsewhere").path).isEmpty)
    }

    @Test func artifactsNeverGoAmongTheBaselines() throws {
        let w = try Workspace()
        let before = w.snapshot("Snapshots")
        try w.edit("Scenarios/basic/one-view.json", "[2, 2, 12, 12]", "[3, 2, 12, 12]")
        for folder in ["Snapshots", "Snapshots/basic", "."] {
            let result = try w.run(["check", "--artifacts", folder])
            #expect(result.status == 2, "\(folder)")
            #expect(result.stderr.contains("overlap: failure artifacts must not be written among the baselines"), "\(result.stderr)")
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
