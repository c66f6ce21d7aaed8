import Foundation
import Raster
import TestSupport
import Testing
@testable import CoreImageChains

/// The geometry filters (docs/COREIMAGE.md §Geometry) against a second computation in binary64:
/// each output centre taken back through the inverse the model computes itself, the input's
/// premultiplied linear pixels mixed bilinearly there (transparent beyond the input).
@Suite struct GeometryModelTests {
    typealias Pixel = FilterModelTests.Pixel
    static let size = FilterModelTests.size

    /// The input's premultiplied pixel whose centre is (i + ½, j + ½) in Core Image's space.
    static func premultiplied(_ pixels: [Pixel], _ i: Int, _ j: Int) -> [Double] {
        guard (0..<size).contains(i), (0..<size).contains(j) else { return [0, 0, 0, 0] }
        let p = pixels[(size - 1 - j) * size + i]
        return [p.r * p.a, p.g * p.a, p.b * p.a, p.a]
    }

    /// The model's bilinear sample at (u, v) (a point of Core Image's space), straight again.
    static func sample(_ pixels: [Pixel], _ u: Double, _ v: Double) -> Pixel {
        let su = u - 0.5, sv = v - 0.5
        let i = Int(su.rounded(.down)), j = Int(sv.rounded(.down))
        let fx = su - su.rounded(.down), fy = sv - sv.rounded(.down)
        let p00 = premultiplied(pixels, i, j), p10 = premultiplied(pixels, i + 1, j)
        let p01 = premultiplied(pixels, i, j + 1), p11 = premultiplied(pixels, i + 1, j + 1)
        let m = (0..<4).map {
            (p00[$0] * (1 - fx) + p10[$0] * fx) * (1 - fy) + (p01[$0] * (1 - fx) + p11[$0] * fx) * fy
        }
        return m[3] > 0 ? (m[0] / m[3], m[1] / m[3], m[2] / m[3], m[3]) : (0, 0, 0, 0)
    }

    /// The model of an output pixel i over the rectangle (0, 0, size, size), given the inverse map.
    static func model(_ pixels: [Pixel], inverse: @escaping (Double, Double) -> (Double, Double)) -> (Int) -> Pixel {
        { i in
            let x = Double(i % size) + 0.5, y = Double(size) - Double(i / size) - 0.5
            let (u, v) = inverse(x, y)
            return sample(pixels, u, v)
        }
    }

    @Test(arguments: 0..<8) func affineTransforms(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 7000 + seed)
        let (bitmap, pixels) = FilterModelTests.image(&rng)
        func r(_ range: ClosedRange<Double>) -> Double { Double(Float(Double.random(in: range, using: &rng))) }
        let angle = r(-3.2...3.2), sx = r(0.6...1.6), sy = r(0.6...1.6), shear = r(-0.3...0.3)
        let t = [
            Double(Float(cos(angle) * sx)), Double(Float(sin(angle) * sx)), Double(Float(-sin(angle) * sy + shear)),
            Double(Float(cos(angle) * sy)), r(-6...18), r(-6...18)
        ]
        // The inverse of [a b c d tx ty] by Cramer's rule.
        let det = t[0] * t[3] - t[1] * t[2]
        try FilterModelTests.check(
            "CIAffineTransform", ["inputTransform": .transform(t)], images: ["in": bitmap], input: "in",
            model: Self.model(pixels) { x, y in
                let (px, py) = (x - t[4], y - t[5])
                return ((t[3] * px - t[2] * py) / det, (-t[1] * px + t[0] * py) / det)
            }, rect: (0, 0, Double(Self.size), Double(Self.size)))
        // The identity gives the input back exactly.
        try FilterModelTests.check(
            "CIAffineTransform", [:], images: ["in": bitmap], input: "in", model: { pixels[$0] },
            rect: (0, 0, Double(Self.size), Double(Self.size)))
    }

    @Test(arguments: 0..<6) func straightening(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 7100 + seed)
        let (bitmap, pixels) = FilterModelTests.image(&rng)
        let angle = Double(Float(Double.random(in: -1.5...1.5, using: &rng)))
        let w = Double(Self.size), (s, c) = (abs(sin(angle)), abs(cos(angle)))
        let scale = max((w * c + w * s) / w, (w * s + w * c) / w)
        try FilterModelTests.check(
            "CIStraightenFilter", ["inputAngle": .number(angle)], images: ["in": bitmap], input: "in",
            model: Self.model(pixels) { x, y in
                // Rotated by −angle and shrunk by the scale about the centre.
                let (dx, dy) = ((x - w / 2) / scale, (y - w / 2) / scale)
                return (w / 2 + cos(angle) * dx + sin(angle) * dy, w / 2 - sin(angle) * dx + cos(angle) * dy)
            })
    }

    /// Lanczos-3 in binary64 with the platform's sine.
    static func lanczos(_ x: Double) -> Double {
        let ax = abs(x)
        if ax >= 3 { return 0 }
        if ax == 0 { return 1 }
        return sin(Double.pi * ax) / (Double.pi * ax) * sin(Double.pi * ax / 3) / (Double.pi * ax / 3)
    }

    /// The normalised weights of output pixel X along an axis of `scale`: (first input pixel, weights).
    static func taps(_ X: Int, _ scale: Double) -> (Int, [Double]) {
        let f = max(1, 1 / scale), u = (Double(X) + 0.5) / scale
        let lo = Int((u - 0.5 - 3 * f).rounded(.up)), hi = Int((u - 0.5 + 3 * f).rounded(.down))
        let raw = (lo...hi).map { lanczos((Double($0) + 0.5 - u) / f) }
        let sum = raw.reduce(0, +)
        return (lo, raw.map { $0 / sum })
    }

    @Test(arguments: 0..<6) func lanczosScaling(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 7200 + seed)
        let (bitmap, pixels) = FilterModelTests.image(&rng)
        let scale = Double(Float(Double.random(in: 0.3...1.8, using: &rng)))
        let aspect = Double(Float(Double.random(in: 0.7...1.3, using: &rng)))
        let (sx, sy) = (scale * aspect, scale)
        let n = Double(Self.size)
        let (w, h) = ((n * sx).rounded(.up), (n * sy).rounded(.up))
        try FilterModelTests.check(
            "CILanczosScaleTransform", ["inputScale": .number(scale), "inputAspectRatio": .number(aspect)],
            images: ["in": bitmap], input: "in",
            model: { i in
                let X = i % Int(w), Y = Int(h) - 1 - i / Int(w)
                let (fx, wx) = Self.taps(X, sx), (fy, wy) = Self.taps(Y, sy)
                var m = [0.0, 0, 0, 0]
                for (b, weightY) in wy.enumerated() {
                    for (a, weightX) in wx.enumerated() {
                        let p = Self.premultiplied(pixels, fx + a, fy + b)
                        for c in 0..<4 { m[c] += weightY * weightX * p[c] }
                    }
                }
                return m[3] > 0 ? (m[0] / m[3], m[1] / m[3], m[2] / m[3], m[3]) : (0, 0, 0, 0)
            })
    }

    @Test(arguments: 0..<6) func vignettes(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 7300 + seed)
        let (bitmap, pixels) = FilterModelTests.image(&rng)
        func r(_ range: ClosedRange<Double>) -> Double { Double(Float(Double.random(in: range, using: &rng))) }
        let n = Double(Self.size)
        func shaded(_ i: Int, center: (Double, Double), inner: Double, outer: Double, intensity: Double) -> Pixel {
            let p = pixels[i]
            let x = Double(i % Self.size) + 0.5, y = n - Double(i / Self.size) - 0.5
            let d = ((x - center.0) * (x - center.0) + (y - center.1) * (y - center.1)).squareRoot()
            var t = outer != inner ? (d - inner) / (outer - inner) : (d < inner ? 0 : 1)
            t = max(0, min(1, t))
            t = t * t * (3 - 2 * t)
            let f = 1 - intensity * t
            return (p.r * f, p.g * f, p.b * f, p.a)
        }
        let (intensity, radius) = (r(-1...1), r(0.2...2))
        try FilterModelTests.check(
            "CIVignette", ["inputIntensity": .number(intensity), "inputRadius": .number(radius)],
            images: ["in": bitmap], input: "in",
            model: { i in
                shaded(
                    i, center: (n / 2, n / 2), inner: 0, outer: (2 * n * n).squareRoot() / 2 * radius,
                    intensity: intensity)
            })
        let (cx, cy, rr, falloff) = (r(0...n), r(0...n), r(2...20), r(0...1))
        try FilterModelTests.check(
            "CIVignetteEffect",
            [
                "inputCenter": .vector([cx, cy]), "inputRadius": .number(rr), "inputIntensity": .number(intensity),
                "inputFalloff": .number(falloff)
            ], images: ["in": bitmap], input: "in",
            model: { i in shaded(i, center: (cx, cy), inner: rr * (1 - falloff), outer: rr, intensity: intensity) })
    }

    @Test func extentsAndRefusals() throws {
        let filter = try #require(FilterCatalog.filter(named: "CIAffineTransform"))
        let bitmap = Bitmap(width: 10, height: 6)
        // Scaled by 1.5 and moved by (0.25, 0): [0.25, 0, 15, 9], its edges out to [0, 0, 16, 9].
        let scaled = FilterChain(
            input: .named("in"),
            steps: [FilterStep(filter: filter, values: ["inputTransform": .transform([1.5, 0, 0, 1.5, 0.25, 0])])])
        #expect(
            try ChainRendering.extent(of: scaled, images: ["in": bitmap]) == .rect(x: 0, y: 0, width: 16, height: 9))
        let flat = FilterChain(
            input: .named("in"),
            steps: [FilterStep(filter: filter, values: ["inputTransform": .transform([1, 0, 2, 0, 0, 0])])])
        #expect(throws: ChainFailure.self) { try ChainRendering.extent(of: flat, images: ["in": bitmap]) }
        // A huge reduction of a generator reads too much: refused by its memory, not rendered.
        let checker = try #require(FilterCatalog.filter(named: "CICheckerboardGenerator"))
        let tiny = FilterChain(
            input: nil,
            steps: [
                FilterStep(filter: checker, values: [:]),
                FilterStep(filter: filter, values: ["inputTransform": .transform([1e-9, 0, 0, 1e-9, 0, 0])])
            ])
        #expect(throws: ChainRendering.Failure.self) {
            try ChainRendering.render(tiny, rect: (0, 0, 8, 8), images: [:], maxPixels: 1 << 20, maxWork: 1 << 26)
        }
    }
}
