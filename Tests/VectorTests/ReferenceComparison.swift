import Foundation
import PNGCodec
import Raster
import Testing
import TestSupport
import Vector

/// How far a rendering is from a reference renderer's PNG, compared premultiplied: the mean of each
/// pixel's largest channel difference, the largest, and how many pixels differ by more than 32.
struct ReferenceComparison {
    var mean: Double
    var worst: Int
    var far: Int
    var pixels: Int

    init(_ ours: Bitmap, _ reference: RGBAImage) {
        let a = Self.premultiplied(RGBAImage(width: ours.width, height: ours.height, pixels: ours.straightRGBA))
        let b = Self.premultiplied(reference)
        var total = 0, far = 0, worst = 0
        pixels = ours.width * ours.height
        for p in 0..<pixels {
            let d = (0..<4).map { abs(a[4 * p + $0] - b[4 * p + $0]) }.max()!
            total += d
            worst = max(worst, d)
            if d > 32 { far += 1 }
        }
        mean = Double(total) / Double(max(1, pixels))
        self.worst = worst
        self.far = far
    }

    static func premultiplied(_ image: RGBAImage) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(image.pixels.count)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = Int(image.pixels[i + 3])
            for k in 0..<3 { out.append((Int(image.pixels[i + k]) * a + 127) / 255) }
            out.append(a)
        }
        return out
    }

    var summary: String { "mean \(String(format: "%.3f", mean)), worst \(worst), \(far) of \(pixels) beyond 32" }
}

/// A corpus of vector files with a reference renderer's PNGs at 1x and 2x (index.json lists
/// `file`, `width` and `height` in points): each file read, drawn by ivsim at both scales and
/// compared; `check` states the bounds. Setting IVSIM_REFERENCE_OUT to a folder writes ivsim's
/// renderings there; IVSIM_PRINT_REFERENCE prints every comparison.
enum ReferenceCorpus {
    struct Entry: Decodable {
        var file: String
        var width: Int
        var height: Int
    }

    static func compare(
        _ folderName: String, atLeast count: Int, read: ([UInt8]) throws -> any VectorImage,
        check: (Entry, Int, ReferenceComparison) -> Void
    ) throws {
        let folder = Fixture().url(folderName)
        let index = try JSONDecoder().decode(
            [Entry].self, from: Data(contentsOf: folder.appendingPathComponent("index.json")))
        #expect(index.count >= count)
        var report: [String] = []
        for entry in index {
            let image: any VectorImage
            do {
                image = try read(Array(try Data(contentsOf: folder.appendingPathComponent(entry.file))))
            } catch {
                Issue.record("\(entry.file): \(error)")
                continue
            }
            #expect(image.width == Double(entry.width) && image.height == Double(entry.height), "\(entry.file)")
            for scale in [1, 2] {
                let stem = (entry.file as NSString).deletingPathExtension
                let reference = try PNGDecoder().decode(
                    Array(try Data(contentsOf: folder.appendingPathComponent("\(stem)@\(scale)x.png"))))
                let ours = try image.render(scale: Double(scale), limits: .default).bitmap
                try #require(
                    ours.width == reference.width && ours.height == reference.height, "\(entry.file) @\(scale)x")
                if let out = ProcessInfo.processInfo.environment["IVSIM_REFERENCE_OUT"] {
                    let png = PNGEncoder().encode(
                        RGBAImage(width: ours.width, height: ours.height, pixels: ours.straightRGBA))
                    try Data(png).write(to: URL(fileURLWithPath: out).appendingPathComponent("\(stem)@\(scale)x.png"))
                }
                let comparison = ReferenceComparison(ours, reference)
                report.append("\(entry.file) @\(scale)x: \(comparison.summary)")
                check(entry, scale, comparison)
            }
        }
        if ProcessInfo.processInfo.environment["IVSIM_PRINT_REFERENCE"] != nil { print(report.joined(separator: "\n")) }
    }
}
