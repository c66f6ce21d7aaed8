import AssetCatalogs
import Foundation
import PNGCodec
import ScenarioFormat
import Syntax

/// UIImage(named:) among a catalog of 1,000 image sets (and 100 colour sets), shaped like a
/// large app's: ten groups, two of them namespaces, each set a 1x and a 2x PNG of an icon. The
/// catalog is indexed once per run (AssetCache); what a scenario then pays for a named image is
/// the lookup, reading the set's Contents.json and decoding its files the first time, and only the
/// lookup afterwards. Each figure is a whole scenario parse; the last row is the same scenario with
/// a generated image instead, to subtract.
func assetBenchmarks() -> [Benchmark] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-bench-assets")
    guard let names = makeCatalog(in: folder.appendingPathComponent("Big.xcassets")) else { return [] }
    func scenario(_ image: String) -> [UInt8] {
        Array(
            """
            { "canvas": { "size": [40, 40] }, "assetCatalogs": ["Big.xcassets"],
              "images": { "icon": \(image) },
              "root": { "tintColor": { "named": "Color050" }, "subviews": [ { "type": "imageView", "frame": [4, 4, 32, 32], "image": "icon" } ] } }
            """.utf8)
    }
    func parse(_ text: [UInt8], _ cache: AssetCache) {
        let result = Result { () throws(ScenarioErrors) in
            try ScenarioLoader.parse(text, folder: folder, displayName: "bench.json", name: "bench", assets: cache)
        }
        if case let .failure(errors) = result { fatalError("benchmark scenario invalid: \(errors)") }
    }
    final class State: @unchecked Sendable {
        var cache = AssetCache()
        var next = 0
    }
    let state = State()
    let warm = AssetCache()
    parse(scenario("{ \"named\": \"\(names[500])\" }"), warm)
    let generated = scenario("{ \"generate\": { \"solid\": { \"size\": [32, 32], \"color\": \"#FF0000\" } } }")
    return [
        Benchmark(
            name: "index a catalog of 1000 image sets + 100 colour sets (once per run)",
            run: { parse(generated, AssetCache()) }),
        Benchmark(
            name: "named image among 1000 sets, first use of the set",
            setUp: {
                state.cache = AssetCache()
                parse(generated, state.cache)  // indexes the catalog, untimed
                state.next = (state.next + 7) % names.count
            },
            run: { parse(scenario("{ \"named\": \"\(names[state.next])\" }"), state.cache) }),
        Benchmark(
            name: "named image among 1000 sets, set read before",
            run: { parse(scenario("{ \"named\": \"\(names[500])\" }"), warm) }),
        Benchmark(
            name: "the same scenario with a generated image (to subtract)",
            run: { parse(generated, warm) })
    ]
}

/// Writes the catalog once (kept between runs) and returns the image names in it.
private func makeCatalog(in catalog: URL) -> [String]? {
    var names: [String] = []
    var files: [(String, [UInt8])] = [
        ("Contents.json", Array("{ \"info\" : { \"author\" : \"xcode\", \"version\" : 1 } }".utf8))
    ]
    for group in 0..<10 {
        let namespace = group < 2
        let groupName = "Group\(group)"
        files.append(
            (
                "\(groupName)/Contents.json",
                Array(
                    "{ \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\(namespace ? ", \"properties\" : { \"provides-namespace\" : true }" : "") }"
                        .utf8)
            ))
        for i in 0..<100 {
            let set = String(format: "Icon%04d", group * 100 + i)
            names.append(namespace ? "\(groupName)/\(set)" : set)
            files.append(
                (
                    "\(groupName)/\(set).imageset/Contents.json",
                    Array(
                        """
                        { "images" : [ { "filename" : "icon.png", "idiom" : "universal", "scale" : "1x" },
                                       { "filename" : "icon@2x.png", "idiom" : "universal", "scale" : "2x" },
                                       { "idiom" : "universal", "scale" : "3x" } ],
                          "info" : { "author" : "xcode", "version" : 1 } }
                        """.utf8)
                ))
            for (file, side) in [("icon.png", 24), ("icon@2x.png", 48)] {
                var pixels = [UInt8](repeating: 0, count: side * side * 4)
                for p in 0..<(side * side) {
                    let (x, y) = (p % side, p / side)
                    pixels[p * 4] = UInt8((x * 255) / side)
                    pixels[p * 4 + 1] = UInt8((i * 2) & 255)
                    pixels[p * 4 + 2] = UInt8((y * 255) / side)
                    pixels[p * 4 + 3] =
                        (x - side / 2) * (x - side / 2) + (y - side / 2) * (y - side / 2) < side * side / 4 ? 255 : 0
                }
                files.append(
                    (
                        "\(groupName)/\(set).imageset/\(file)",
                        PNGEncoder().encode(RGBAImage(width: side, height: side, pixels: pixels))
                    ))
            }
        }
    }
    for i in 0..<100 {
        files.append(
            (
                String(format: "Colors/Color%03d.colorset/Contents.json", i),
                Array(
                    """
                    { "colors" : [ { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0x\(String(format: "%02X", i))", "green" : "0.500", "red" : "\(i)" } }, "idiom" : "universal" },
                                   { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "color" : { "platform" : "ios", "reference" : "systemBlueColor" }, "idiom" : "universal" } ],
                      "info" : { "author" : "xcode", "version" : 1 } }
                    """.utf8)
            ))
    }
    let marker = catalog.appendingPathComponent(".complete-\(files.count)")
    if FileManager.default.fileExists(atPath: marker.path) { return names }
    try? FileManager.default.removeItem(at: catalog)
    do {
        for (path, bytes) in files {
            let url = catalog.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try Data().write(to: marker)
    } catch {
        print("cannot write the benchmark catalog: \(error)")
        return nil
    }
    return names
}
