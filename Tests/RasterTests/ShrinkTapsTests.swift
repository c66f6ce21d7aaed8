import TestSupport
import Testing

@testable import Raster

/// A shrinking axis's taps (FilterAxis) against docs/RENDERING.md §11.8.1 written out a second
/// time, one device pixel at a time, from the document's formulas: no sample made once and kept,
/// no scratch reused, every intermediate an Int. The two must give the same first pixel and the
/// same weights for every device pixel.
@Suite struct ShrinkTapsTests {
    /// §11.8.1's taps of device pixel `p` of an axis of `n` image pixels whose device pixel
    /// centres map to `u0 + p·step` (2^-32 image pixels): its first image pixel and the weights
    /// of it and the pixels after it. An axis that does not shrink weighs its second tap by
    /// `table` at the fraction rounded to eighths (§11.8 for drawings, §4.2 for image views).
    static func taps(_ p: Int, u0: Int, step: Int, n: Int, table: [Int]) -> (first: Int, weights: [Int]) {
        func fdiv(_ a: Int, _ b: Int) -> Int { let q = a / b; return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q }
        let centre = (u0 + p * step) >> 16  // C(p), 16.16
        /// Two taps by a table of the fraction rounded to eighths; `nil`: the exact fraction.
        func bilinear(_ u: Int, _ count: Int, _ table: [Int]?) -> (Int, [Int]) {
            let t = u - 32768, eighths = ((t & 65535) + 4096) >> 13
            // A weight of 1 is the next pixel alone.
            let weight = table?[eighths] ?? ((t >> 8) & 255)
            let i = weight == 256 ? (t >> 16) + 1 : t >> 16, f = weight % 256
            let a = min(max(i, 0), count - 1), b = min(max(i + 1, 0), count - 1)
            return a == b ? (a, [1 << 14]) : (a, [(256 - f) << 6, f << 6])
        }
        let width = fdiv((n << 40) + abs(step) / 2, abs(step))  // W, 1/256 device pixels
        let m = max(1, (width + 255) / 256)
        guard abs(step) > 1 << 32, m < n else {
            return bilinear(centre, n, abs(step) > 1 << 32 ? nil : table)
        }
        let reduction = fdiv(n << 16, m)  // R
        func sampleCentre(_ j: Int) -> Int { m == 1 ? n * 32768 : 32768 + fdiv(j * (n - 1) * 65536, m - 1) }
        func catmullRom(_ x: Int) -> Int {
            let x2 = (x * x) >> 16, x3 = (x2 * x) >> 16
            if x < 65536 { return fdiv(3 * x3 - 5 * x2 + 131072, 2) }
            if x < 131072 { return fdiv(-x3 + 5 * x2 - 8 * x + 262144, 2) }
            return 0
        }
        /// Rounded weights made to sum to 2^14 by the largest (the first of equals).
        func normalised(_ w: [Int]) -> [Int] {
            var w = w
            var largest = 0
            for i in w.indices where w[i] > w[largest] { largest = i }
            w[largest] += (1 << 14) - w.reduce(0, +)
            return w
        }
        func sample(_ j: Int) -> (first: Int, weights: [Int]) {
            let c = sampleCentre(j)
            let lo = max(0, fdiv(c - 32768 - 2 * reduction, 65536))
            let hi = min(n - 1, fdiv(c - 32768 + 2 * reduction, 65536) + 1)
            var taps =
                lo <= hi
                ? (lo...hi).map { i in (i, catmullRom(fdiv(abs(i * 65536 + 32768 - c) * 65536, reduction))) } : []
            while let first = taps.first, first.1 == 0 { taps.removeFirst() }
            while let last = taps.last, last.1 == 0 { taps.removeLast() }
            let s = taps.reduce(0) { $0 + $1.1 }
            guard s > 0 else { return (min(max(c >> 16, 0), n - 1), [1 << 14]) }
            return (taps[0].0, normalised(taps.map { fdiv(2 * $0.1 * (1 << 14) + s, 2 * s) }))
        }
        let v = fdiv(centre * m + 128 * n, 256 * n) * 256
        let t = v - 32768
        let j0 = min(max(t >> 16, 0), m - 1), j1 = min(max((t >> 16) + 1, 0), m - 1)
        let f = j0 == j1 ? 0 : (t >> 8) & 255
        let a = sample(j0), nearest = min(max(sampleCentre(j0) >> 16, 0), n - 1)
        var result = a
        if f > 0 {
            let b = sample(j1)
            let lo = min(a.first, b.first)
            let hi = max(a.first + a.weights.count, b.first + b.weights.count)
            let mixed = (lo..<hi).map { i -> Int in
                let wa = a.weights.indices.contains(i - a.first) ? a.weights[i - a.first] : 0
                let wb = b.weights.indices.contains(i - b.first) ? b.weights[i - b.first] : 0
                return fdiv((256 - f) * wa + f * wb + 128, 256)
            }
            result = (lo, normalised(mixed))
        }
        if result.weights.reduce(0, { $0 + max($1, 0) }) > (1 << 15) - 1 { return (nearest, [1 << 14]) }
        return result
    }

    @Test func everyDevicePixelTakesTheDocumentedTaps() {
        var random = SeededGenerator(seed: 11_08_01)
        for _ in 0..<400 {
            let n = Int.random(in: 2...900, using: &random)
            // Half the axes enlarged or at their size (the tables), half shrunk.
            let reduction = Double.random(in: Bool.random(using: &random) ? 0.3...1 : 1...12, using: &random)
            let step = Int((reduction * 4_294_967_296).rounded()) * (Bool.random(using: &random) ? 1 : -1)
            let u0 = Int.random(in: -(1 << 34)...(1 << 35), using: &random)
            let pixels = 0..<(Int((Double(n) / reduction).rounded(.up)) + 2)
            let coreGraphics = Bool.random(using: &random)
            let axis = FilterAxis(
                pixels: pixels, start: Int64(u0), step: Int64(step), count: n,
                magnification: coreGraphics ? .coreGraphics : .coreAnimation)
            let table =
                coreGraphics ? [0, 0, 32, 64, 128, 192, 224, 256, 256] : [0, 16, 32, 64, 128, 192, 224, 240, 256]
            for p in pixels {
                let expected = Self.taps(p, u0: u0, step: step, n: n, table: table)
                let weights = axis.weights[axis.offsets[p]..<axis.offsets[p + 1]].map { Int($0) }
                guard axis.first[p] == expected.first, weights == expected.weights else {
                    Issue.record(
                        "n \(n), step \(step), u0 \(u0), pixel \(p): \(axis.first[p]) \(weights), expected \(expected)")
                    return
                }
            }
        }
    }
}
