import Foundation
import Testing
@testable import Baselines

/// The one walk of the baselines a run makes (FileOutput.listing, readdir) against Foundation's
/// own listing, and the strays it finds.
@Suite struct BaselineListingTests {
    @Test func theListingIsFoundationsSubpaths() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        for folder in ["a/b/c", "d", "e é"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in [
            "a/x.png", "a/b/y.layout.json", "a/b/c/.z.png.ivsim-tmp.1.abc", "d/.dat.nosync12", "e é/ü.png", "top.png"
        ] {
            try Data([1]).write(to: root.appendingPathComponent(file))
        }
        // A link to a folder is listed, not entered (as subpathsOfDirectory does).
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("a"))
        let ours = FileOutput.listing(of: root)
        let foundation = try manager.subpathsOfDirectory(atPath: root.path)
        #expect(ours.count == Set(ours).count)
        #expect(Set(ours) == Set(foundation), "\(ours.sorted()) vs \(foundation.sorted())")
        #expect(FileOutput.listing(of: root.appendingPathComponent("missing")).isEmpty)
        // Strays: the temporary file whose writer (process 1 is alive, so by its age: new) is not
        // yet stale is kept; `.dat.nosync` files are always strays.
        #expect(FileOutput.strays(in: root, among: ours) == ["d/.dat.nosync12"])
        #expect(FileOutput.isHidden(".a") && FileOutput.isHidden("x/.a") && !FileOutput.isHidden("x.a/b"))
    }
}
