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
        let inWidth = input.region.width
        // Both passes add each tap to a whole row of sums before the next tap (every pixel's sum
        // still from t = −K up, in that order: the same values), so that the sums do not wait on
        // one another and every tap reads a row in order. A pixel at a time, the column pass read
        // one pixel from each of 2K + 1 rows, and both took two to three times as long (attack
        // round 16: a radius-20 blur of 3900² took 18 s).
        let width = region.width
        guard width > 0, region.height > 0 else { return WorkingImage(region) }  // no pixel, no buffer to point at
        // Rows: every row of the input, the region's columns.
        var rows = [WorkingPixel](repeating: .zero, count: width * input.region.height)
        input.pixels.withUnsafeBufferPointer { source in
            weights.withUnsafeBufferPointer { w in
                rows.withUnsafeMutableBufferPointer { out in
                    for row in 0..<input.region.height {
                        let base = source.baseAddress! + row * inWidth
                        Self.addTaps(w, into: out.baseAddress! + row * width, width: width) { base + $0 }
                    }
                }
            }
        }
        // Columns: the region's rows (the input's rows k … height − k − 1).
        var output = WorkingImage(region)
        rows.withUnsafeBufferPointer { source in
            weights.withUnsafeBufferPointer { w in
                output.pixels.withUnsafeMutableBufferPointer { out in
                    for row in 0..<region.height {
                        let base = source.baseAddress! + row * width
                        Self.addTaps(w, into: out.baseAddress! + row * width, width: width) { base + $0 * width }
                    }
                }
            }
        }
        return output
    }

    /// Adds tap t's row, `row(t)`, times w[t] to the `width` sums at `target`, for t = 0, 1, …
    /// in that order; four taps in one pass over the sums (each sum still adds them one after
    /// another, so the values are those of a tap at a time).
    @inline(__always)
    static func addTaps(
        _ w: UnsafeBufferPointer<Float>, into target: UnsafeMutablePointer<WorkingPixel>, width: Int,
        row: (Int) -> UnsafePointer<WorkingPixel>
    ) {
        var t = 0
        while t + 4 <= w.count {
            let (w0, w1, w2, w3) = (w[t], w[t + 1], w[t + 2], w[t + 3])
            let (r0, r1, r2, r3) = (row(t), row(t + 1), row(t + 2), row(t + 3))
            for column in 0..<width {
                var sum = target[column]
                sum += w0 * r0[column]
                sum += w1 * r1[column]
                sum += w2 * r2[column]
                sum += w3 * r3[column]
                target[column] = sum
            }
            t += 4
        }
        while t < w.count {
            let weight = w[t], from = row(t)
            for column in 0..<width { target[column] += weight * from[column] }
            t += 1
        }
    }
}
