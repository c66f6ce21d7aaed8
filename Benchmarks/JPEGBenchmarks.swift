import Foundation
import JPEGCodec

/// JPEG decoding of a 12-megapixel photo (4:2:0, baseline and progressive) against Pillow's
/// libjpeg-turbo, with the files and medians Benchmarks/pillow_jpeg.py writes into the data folder.
func jpegBenchmarks(_ directory: String) -> [Benchmark] {
    var list: [Benchmark] = []
    for name in ["photo-12mp", "photo-12mp-progressive"] {
        let path = (directory as NSString).appendingPathComponent(name)
        guard let file = FileManager.default.contents(atPath: path + ".jpg").map([UInt8].init),
            let expected = FileManager.default.contents(atPath: path + ".rgb").map([UInt8].init)
        else { continue }
        final class Box { var image: JPEGImage? }
        let decoded = Box()
        list.append(
            Benchmark(
                name: "jpeg decode '\(name)' 4000x3000 4:2:0 q90", pixels: 4000 * 3000,
                reference: ReferenceKey(operationPrefix: "JPEG decode '\(name)' 4000x3000", library: "Pillow"),
                run: { decoded.image = try? JPEGDecoder().decode(file) },
                output: { decoded.image?.samples == expected ? "bit-identical" : "MISMATCH" }))
        // The decode scenarios use: chroma upsampled within blocks, as UIKit shows a JPEG
        // (docs/JPEG.md §Upsampling as UIKit shows it), against the same libjpeg-turbo time.
        let shown = Box()
        list.append(
            Benchmark(
                name: "jpeg decode '\(name)' as UIKit shows it (imageio)", pixels: 4000 * 3000,
                reference: ReferenceKey(operationPrefix: "JPEG decode '\(name)' 4000x3000", library: "Pillow"),
                run: { shown.image = try? JPEGDecoder(upsampling: .imageIO).decode(file) },
                output: {
                    guard let samples = shown.image?.samples, samples.count == expected.count else { return "MISMATCH" }
                    let differing = zip(samples, expected).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
                    return "\(differing) samples differ from libjpeg-turbo's (chroma at block edges)"
                }))
    }
    return list
}

/// The rows pillow_jpeg.py wrote (jpeg-results.json in the data folder), if it ran.
func jpegReferenceRows(_ directory: String) -> [ReferenceResults.Row] {
    ReferenceResults(path: (directory as NSString).appendingPathComponent("jpeg-results.json")).rows
}
