import Deflate
import PNGCodec
import Raster

/// How two straight RGBA images differ.
struct PixelDifference: Sendable {
    var differingPixels: Int
    var totalPixels: Int
    /// Largest absolute difference in any channel.
    var maxChannelDelta: Int
    /// The first differing pixel in row order, with both values.
    var first: (x: Int, y: Int, expected: [UInt8], actual: [UInt8])?
    var sizeMismatch: (expected: (Int, Int), actual: (Int, Int))?
    /// Boxes around the changed areas (`ChangedRegions`), in pixels of the actual image.
    var regions: [PixelRect] = []

    var isEqual: Bool { differingPixels == 0 && sizeMismatch == nil }

    /// One line for the report.
    var summary: String {
        if let sizes = sizeMismatch {
            return
                "size differs: expected \(sizes.expected.0)×\(sizes.expected.1) pixels, got \(sizes.actual.0)×\(sizes.actual.1)"
        }
        var text = "\(differingPixels) of \(totalPixels) pixels differ (max channel delta \(maxChannelDelta))"
        if let first {
            text +=
                ", first at (\(first.x), \(first.y)): expected \(hexColor(first.expected)), got \(hexColor(first.actual))"
        }
        return text
    }

    /// Compares two images exactly.
    static func compare(expected: RGBAImage, actual: RGBAImage) -> PixelDifference {
        guard expected.width == actual.width && expected.height == actual.height else {
            return PixelDifference(
                differingPixels: max(expected.width * expected.height, actual.width * actual.height),
                totalPixels: actual.width * actual.height, maxChannelDelta: 255, first: nil,
                sizeMismatch: ((expected.width, expected.height), (actual.width, actual.height)))
        }
        var result = PixelDifference(differingPixels: 0, totalPixels: actual.width * actual.height, maxChannelDelta: 0)
        var regions = ChangedRegions(width: actual.width, height: actual.height)
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for i in 0..<(actual.width * actual.height) {
                    let o = i * 4
                    if e[o] == a[o] && e[o + 1] == a[o + 1] && e[o + 2] == a[o + 2] && e[o + 3] == a[o + 3] { continue }
                    result.differingPixels += 1
                    regions.mark(x: i % actual.width, y: i / actual.width)
                    for c in 0..<4 {
                        result.maxChannelDelta = max(result.maxChannelDelta, abs(Int(e[o + c]) - Int(a[o + c])))
                    }
                    if result.first == nil {
                        result.first = (
                            i % actual.width, i / actual.width, Array(e[o..<(o + 4)]), Array(a[o..<(o + 4)])
                        )
                    }
                }
            }
        }
        if result.differingPixels > 0 { result.regions = regions.boxes() }
        return result
    }

    /// A picture of the differences: equal pixels as a faint grey copy of the expected image,
    /// differing pixels in solid magenta, areas outside one of the images in solid cyan.
    static func diffImage(expected: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
                    out[o] = 0; out[o + 1] = 255; out[o + 2] = 255; out[o + 3] = 255
                    continue
                }
                let e = (y * expected.width + x) * 4, a = (y * actual.width + x) * 4
                if expected.pixels[e..<(e + 4)].elementsEqual(actual.pixels[a..<(a + 4)]) {
                    // Luma of the expected pixel over white, compressed to the light end (192…255).
                    let alpha = Int(expected.pixels[e + 3])
                    let luma =
                        (Int(expected.pixels[e]) * 77 + Int(expected.pixels[e + 1]) * 150 + Int(expected.pixels[e + 2])
                            * 29) >> 8
                    let over = (luma * alpha + 255 * (255 - alpha)) / 255
                    let grey = UInt8(192 + over / 4)
                    out[o] = grey; out[o + 1] = grey; out[o + 2] = grey; out[o + 3] = 255
                } else {
                    out[o] = 255; out[o + 1] = 0; out[o + 2] = 255; out[o + 3] = 255
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}

func hexColor(_ bytes: [UInt8]) -> String {
    "#" + bytes.map(hex2).joined()
}

extension Bitmap {
    /// The pixels as the straight RGBA8 image the PNG codec reads and writes.
    var rgbaImage: RGBAImage { RGBAImage(width: width, height: height, pixels: straightRGBA) }
}
