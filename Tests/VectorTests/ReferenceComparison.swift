import PNGCodec
import Raster

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
