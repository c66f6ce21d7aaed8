import Testing
import TestSupport
@testable import Raster

/// Filter primitives (docs/RENDERING.md §11.14) against second computations: the blur against the
/// same three box passes per axis in floating point without rounding between them (within half a
/// level a pass), the colour matrix and the compositing operators against their formulas in reals
/// (within a level), offsets and floods exactly.
@Suite struct FilterEffectsTests {
    static func image(_ random: inout SeededGenerator, width: Int, height: Int) -> FilterImage {
        var pixels: [UInt32] = []
        for _ in 0..<(width * height) {
            let a = UInt32([0, 40, 128, 255, 255][Int.random(in: 0..<5, using: &random)])
            let r = UInt32.random(in: 0...a, using: &random), g = UInt32.random(in: 0...a, using: &random)
            let b = UInt32.random(in: 0...a, using: &random)
            pixels.append(r | g << 8 | b << 16 | a << 24)
        }
        return FilterImage(box: PixelRect(x: 3, y: 2, width: width, height: height), pixels: pixels)
    }

    static func channel(_ p: UInt32, _ c: Int) -> Double { Double(p >> (8 * UInt32(c)) & 0xFF) }

    @Test(arguments: [(0.4, 3.0), (1.0, 1.0), (2.5, 0.0), (6.0, 9.0)])
    func blurIsThreeBoxPasses(_ sigma: (Double, Double)) {
        var random = SeededGenerator(seed: 0xB1A5)
        let source = Self.image(&random, width: 23, height: 17)
        let dx = FilterImage.boxSize(sigma.0), dy = FilterImage.boxSize(sigma.1)
        let blurred = source.gaussianBlur(dx: dx, dy: dy)
        // The model: each pass a mean over its window, transparent outside, no rounding.
        func passes(_ d: Int) -> [(Int, Int)] {
            d % 2 == 1
                ? Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3)
                : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        }
        let (w, h) = (source.box.width, source.box.height)
        var values = (0..<4).map { c in source.pixels.map { Self.channel($0, c) } }
        for c in 0..<4 {
            if dx > 0 {
                for (l, r) in passes(dx) {
                    var next = values[c]
                    for y in 0..<h {
                        for x in 0..<w {
                            next[y * w + x] =
                                (max(0, x - l)...min(w - 1, x + r)).reduce(0.0) { $0 + values[c][y * w + $1] }
                                / Double(l + r + 1)
                        }
                    }
                    values[c] = next
                }
            }
            if dy > 0 {
                for (l, r) in passes(dy) {
                    var next = values[c]
                    for y in 0..<h {
                        for x in 0..<w {
                            next[y * w + x] =
                                (max(0, y - l)...min(h - 1, y + r)).reduce(0.0) { $0 + values[c][$1 * w + x] }
                                / Double(l + r + 1)
                        }
                    }
                    values[c] = next
                }
            }
        }
        var worst = 0.0
        for i in 0..<(w * h) {
            for c in 0..<4 { worst = max(worst, abs(Self.channel(blurred.pixels[i], c) - values[c][i])) }
        }
        // Each of the six passes rounds to nearest and a mean does not grow an error it is given:
        // at most 0.5 a pass.
        #expect(worst <= 3, "σ \(sigma): worst \(worst)")
        #expect(FilterImage.boxSize(2) == 4 && FilterImage.boxSize(0.26) == 0 && FilterImage.boxSize(0.27) == 1)
    }

    @Test func colorMatrixAndCompositingFollowTheirFormulas() {
        var random = SeededGenerator(seed: 0xC011)
        let a = Self.image(&random, width: 9, height: 7), b = Self.image(&random, width: 9, height: 7)
        let matrix: [Double] = [0.5, 0.2, 0, 0, 0.1, 0, 1, 0, 0, 0, 0.3, 0.3, 0.3, 0, 0, 0, 0, 0, 0.8, 0.1]
        let made = a.colorMatrix(matrix)
        for (i, p) in a.pixels.enumerated() {
            let alpha = Self.channel(p, 3)
            var v: [Double] = []
            for c in 0..<3 { v.append(alpha == 0 ? 0 : min(255, Self.channel(p, c) * 255 / alpha)) }
            v.append(alpha)
            var out: [Double] = []
            for row in 0..<4 {
                var sum: Double = matrix[5 * row + 4] * 255
                for column in 0..<4 { sum += matrix[5 * row + column] * v[column] }
                out.append(min(255, max(0, sum)))
            }
            let expected: [Double] = [out[0] * out[3] / 255, out[1] * out[3] / 255, out[2] * out[3] / 255, out[3]]
            for c in 0..<4 { #expect(abs(Self.channel(made.pixels[i], c) - expected[c]) <= 1.5) }
        }
        typealias Formula = (Double, Double, Double, Double) -> Double
        let over: Formula = { x, y, ax, _ in x + y * (1 - ax) }
        let inside: Formula = { x, _, _, ay in x * ay }
        let outside: Formula = { x, _, _, ay in x * (1 - ay) }
        let atop: Formula = { x, y, ax, ay in x * ay + y * (1 - ax) }
        let xor: Formula = { x, y, ax, ay in x * (1 - ay) + y * (1 - ax) }
        let ops: [(CompositeOperator, Formula)] = [
            (.over, over), (.in, inside), (.out, outside), (.atop, atop), (.xor, xor)
        ]
        for (op, formula) in ops {
            let made = a.composite(b, op)
            for i in a.pixels.indices {
                let ax = Self.channel(a.pixels[i], 3) / 255, ay = Self.channel(b.pixels[i], 3) / 255
                for c in 0..<4 {
                    let expected = min(255, formula(Self.channel(a.pixels[i], c), Self.channel(b.pixels[i], c), ax, ay))
                    #expect(abs(Self.channel(made.pixels[i], c) - expected) <= 1.01, "\(op) pixel \(i) channel \(c)")
                }
            }
        }
    }

    @Test func offsetsMoveWholePixelsAndFloodsFill() {
        var random = SeededGenerator(seed: 0x0FF5)
        let a = Self.image(&random, width: 6, height: 5)
        let moved = a.offset(dx: 2, dy: -1)
        for y in 0..<5 {
            for x in 0..<6 {
                let from = (x - 2, y + 1)
                let expected = (0..<6).contains(from.0) && (0..<5).contains(from.1) ? a.pixels[from.1 * 6 + from.0] : 0
                #expect(moved.pixels[y * 6 + x] == expected)
            }
        }
        let flood = FilterImage.flood(PremultipliedColor(r: 10, g: 20, b: 30, a: 40), box: a.box)
        #expect(flood.pixels.allSatisfy { $0 == 0x281E_140A })
        #expect(a.alphaOnly.pixels == a.pixels.map { $0 & 0xFF00_0000 })
    }
}
