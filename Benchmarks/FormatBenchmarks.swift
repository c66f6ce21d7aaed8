import Foundation
import ImageFormats

/// Decoding lossy and lossless WebP, LZW TIFF and GIF against Pillow (libwebp, libtiff, Pillow's
/// GIF reader), with the files and medians Benchmarks/pillow_formats.py writes into the data folder.
/// Each row checks its pixels against Pillow's (equal where alpha is not 0).
func formatBenchmarks(_ directory: String) -> [Benchmark] {
    var list: [Benchmark] = []
    let files = [
        ("photo-12mp-lossy.webp", 4000, 3000), ("photo-3mp-lossless.webp", 2000, 1500),
        ("photo-3mp-lzw.tif", 2000, 1500), ("photo-3mp.gif", 2000, 1500)
    ]
    for (name, width, height) in files {
        let path = (directory as NSString).appendingPathComponent(name)
        guard let file = FileManager.default.contents(atPath: path).map([UInt8].init),
            let expected = FileManager.default.contents(atPath: path + ".rgba").map([UInt8].init),
            let format = BitmapFormat(sniffing: file)
        else { continue }
        final class Box { var pixels: [UInt8]? }
        let decoded = Box()
        list.append(
            Benchmark(
                name: "format decode '\(name)' \(width)x\(height)", pixels: width * height,
                reference: ReferenceKey(operationPrefix: "format decode '\(name)'", library: "Pillow"),
                run: { decoded.pixels = try? format.decode(file).image.pixels },
                output: {
                    guard let pixels = decoded.pixels, pixels.count == expected.count else { return "MISMATCH" }
                    for i in stride(from: 0, to: pixels.count, by: 4)
                    where expected[i + 3] != pixels[i + 3]
                        || (expected[i + 3] != 0 && pixels[i..<(i + 3)] != expected[i..<(i + 3)])
                    {
                        return "MISMATCH at pixel \(i / 4)"
                    }
                    return "bit-identical"
                }))
    }
    return list
}

/// The rows pillow_formats.py wrote (formats-results.json in the data folder), if it ran.
func formatReferenceRows(_ directory: String) -> [ReferenceResults.Row] {
    ReferenceResults(path: (directory as NSString).appendingPathComponent("formats-results.json")).rows
}
