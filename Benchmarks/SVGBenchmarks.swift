import Foundation
import PNGCodec
import Raster
import Vector

/// SVG drawing of the real files in Benchmarks/svg at 3x, against resvg with the medians
/// Benchmarks/resvg_svg.py writes into the data folder. resvg_py gives only PNG bytes, so the
/// compared row is the whole of `ivsim convert`'s work from bytes in memory — read, draw, encode
/// the PNG (level 6, convert's default) — and a second row times the drawing alone. Run from
/// the repository's root.
func svgBenchmarks() -> [Benchmark] {
    let folder = "Benchmarks/svg"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    var list: [Benchmark] = []
    for name in names {
        guard let file = FileManager.default.contents(atPath: "\(folder)/\(name).svg").map([UInt8].init) else {
            continue
        }
        final class Box { var text = "FAILED" }
        let made = Box(), drawn = Box()
        list.append(
            Benchmark(
                name: "svg to PNG '\(name)' at 3x", bytes: file.count,
                reference: ReferenceKey(operationPrefix: "SVG to PNG '\(name)' at 3x", library: "resvg_py"),
                run: {
                    guard let bitmap = try? SVGImage(file).render(scale: 3, limits: .default).bitmap else {
                        made.text = "FAILED"
                        return
                    }
                    let image = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.straightRGBA)
                    made.text = "\(bitmap.width)×\(bitmap.height), \(PNGEncoder(level: .default).encode(image).count) B"
                },
                output: { made.text }))
        list.append(
            Benchmark(
                name: "svg draw '\(name)' at 3x (no PNG)", bytes: file.count,
                run: {
                    let bitmap = try? SVGImage(file).render(scale: 3, limits: .default).bitmap
                    drawn.text = bitmap.map { "\($0.width)×\($0.height)" } ?? "FAILED"
                },
                output: { drawn.text }))
    }
    return list
}

/// The rows resvg_svg.py wrote (svg-results.json in the data folder), if it ran.
func svgReferenceRows(_ directory: String) -> [ReferenceResults.Row] {
    ReferenceResults(path: (directory as NSString).appendingPathComponent("svg-results.json")).rows
}
