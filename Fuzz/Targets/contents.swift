// libFuzzer target: one Contents.json, read as an image set's, a colour set's and a catalog's
// own, through a scenario that uses all three (the catalog reader, image-set and colour-set
// readers and the variant choice), with a 2x2 PNG beside it in the image set.
import Foundation
import PNGCodec
import ScenarioFormat

private let catalog: URL = {
    // A memory file system when there is one: every input is written three times.
    let temporary = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let root = URL(fileURLWithPath: temporary).appendingPathComponent("ivsim-fuzz-contents-\(getpid())/Fuzz.xcassets")
    for set in ["a.imageset", "c.colorset"] {
        try! FileManager.default.createDirectory(
            at: root.appendingPathComponent(set), withIntermediateDirectories: true)
    }
    let png = PNGEncoder().encode(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)))
    for name in ["a.png", "a@2x.png", "a@3x.png", "b.png"] {
        try! Data(png).write(to: root.appendingPathComponent("a.imageset/" + name))
    }
    return root
}()

private let scenarioText = Array(
    """
    {"canvas": {"size": [8, 8]},
     "assetCatalogs": ["Fuzz.xcassets"],
     "images": {"a": {"named": "a"}},
     "root": {"subviews": [{"type": "imageView", "frame": [0, 0, 4, 4], "image": "a", "backgroundColor": {"named": "c"}}]},
     "variants": {"matrix": {"displayScale": [1, 2, 3], "userInterfaceStyle": ["light", "dark"]}}}
    """.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let contents = Data(bytes: data, count: size)
    for file in ["a.imageset/Contents.json", "c.colorset/Contents.json", "Contents.json"] {
        try! contents.write(to: catalog.appendingPathComponent(file))
    }
    if let scenario = try? ScenarioLoader.parse(
        scenarioText, folder: catalog.deletingLastPathComponent(),
        displayName: "fuzz.json", name: "fuzz")
    {
        for variant in scenario.variants() { _ = scenario.scene(for: variant).render() }
    }
    return 0
}
