// Separable blurs (docs/COREIMAGE.md §Blurs): a symmetric kernel of 2K + 1 binary32 weights run
// along rows, then along columns, over premultiplied working pixels; pixels outside the input's
// extent are transparent, so edges fade as Core Image's do. Each output pixel sums its taps from
// k = −K to K, in that order.

/// A separable kernel and the extent it gives its output.
struct Convolution: Sendable {
    /// weights[K + k] for k = −K … K.
    let weights: [Float]
    /// How far the output's extent reaches past the input's: left and bottom, then the rounding of
    /// width and height to a multiple (1: none).
    let outset: Double
    let sizeMultiple: Double

    var reach: Int { weights.count / 2 }

    /// The Gaussian of standard deviation σ, K = ⌈3σ⌉, weights e^(−k²/2σ²) (Power32.exp in binary64)
    /// divided by their sum (added from k = −K), rounded to binary32; σ below 1/64 is no blur.
    static func gaussian(sigma: Double) -> Convolution {
        guard sigma >= 1.0 / 64 else { return Convolution(weights: [1], outset: 0, sizeMultiple: 1) }
        let reach = Int((3 * sigma).rounded(.up))
        let raw = (-reach...reach).map { k in Power32.exp(-Double(k * k) / (2 * sigma * sigma)) }
        let sum = raw.reduce(0, +)
        return Convolution(weights: raw.map { Float($0 / sum) }, outset: 8 * sigma, sizeMultiple: 16)
    }

    /// A box of N = 2⌊(r − 1)/2⌋ + 1 equal weights 1/N (r below 1 is taken as 1: no blur).
    static func box(radius: Double) -> Convolution {
        let half = radius >= 1 ? Int(((radius - 1) / 2).rounded(.down)) : 0
        let n = 2 * half + 1
        return Convolution(
            weights: [Float](repeating: Float(1 / Double(n)), count: n), outset: Double(half), sizeMultiple: 1)
    }

    func extent(of input: Extent) -> Extent {
        guard case let .rect(x, y, w, h) = input, !input.isEmpty else { return input }
        func rounded(_ v: Double) -> Double { (v / sizeMultiple).rounded(.up) * sizeMultiple }
        return .rect(x: x - outset, y: y - outset, width: rounded(w + 2 * outset), height: rounded(h + 2 * outset))
    }

    /// The region of the input the taps of `region` read.
    func source(of region: PixelRegion) -> PixelRegion {
        PixelRegion(
            x: region.x - reach, y: region.y - reach, width: region.width + 2 * reach, height: region.height + 2 * reach
        )
    }

    /// Rows, then columns: `input` covers source(of: region).
    func apply(_ input: WorkingImage, to region: PixelRegion) -> WorkingImage {
        let taps = weights.count
        let inWidth = input.region.width
        // Rows: every row of the input, the region's columns.
        var rows = [WorkingPixel](repeating: .zero, count: region.width * input.region.height)
        input.pixels.withUnsafeBufferPointer { source in
            weights.withUnsafeBufferPointer { w in
                for row in 0..<input.region.height {
                    let base = row * inWidth
                    for column in 0..<region.width {
                        var sum = WorkingPixel.zero
                        for t in 0..<taps { sum += w[t] * source[base + column + t] }
                        rows[row * region.width + column] = sum
                    }
                }
            }
        }
        // Columns: the region's rows (the input's rows k … height − k − 1).
        var output = WorkingImage(region)
        rows.withUnsafeBufferPointer { source in
            weights.withUnsafeBufferPointer { w in
                for row in 0..<region.height {
                    for column in 0..<region.width {
                        var sum = WorkingPixel.zero
                        for t in 0..<taps { sum += w[t] * source[(row + t) * region.width + column] }
                        output.pixels[row * region.width + column] = sum
                    }
                }
            }
        }
        return output
    }
}
