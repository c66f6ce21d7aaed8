import Foundation
import Testing

@testable import ScenarioFormat

/// The scenario catalog's one readdir walk (DirectoryWalk) against what Foundation's enumerator
/// found before it: hidden files and folders, asset catalogs and excluded folders left out,
/// links to folders not entered, names with spaces and accents.
@Suite struct ScenarioCatalogWalkTests {
    @Test func theWalkFindsWhatFoundationsEnumeratorFound() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("ivsim-catalog-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        for folder in ["a/b", ".hidden", "Cat.xcassets/Icon.imageset", "snapshots/s", "e é"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in [
            "top.json", "a/one.json", "a/b/two.json", "a/b/two.layout.json", "a/s.schema.json", "ivsim.json",
            ".hidden/no.json", "a/.no.json", "Cat.xcassets/Icon.imageset/Contents.json", "Cat.xcassets/x.json",
            "snapshots/s/no.json", "e é/ü.json", "a/notes.txt"
        ] {
            try Data("{}".utf8).write(to: root.appendingPathComponent(file))
        }
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("a"))
        let found = ScenarioCatalog.entries(
            in: root, displayFolder: "S", excluding: [root.appendingPathComponent("snapshots")])
        #expect(found.map(\.name) == ["a/b/two", "a/one", "e é/ü", "top"])
        #expect(found.map(\.displayName) == ["S/a/b/two.json", "S/a/one.json", "S/e é/ü.json", "S/top.json"])
        #expect(found.allSatisfy { manager.fileExists(atPath: $0.url.path) })
        #expect(ScenarioCatalog.entries(in: root.appendingPathComponent("missing"), displayFolder: "").isEmpty)
    }
}
