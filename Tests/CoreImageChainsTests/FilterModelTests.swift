import Foundation
import Raster
import TestSupport
import Testing
@testable import CoreImageChains

/// Every filter against a second computation written from docs/COREIMAGE.md in binary64 with the
/// platform's pow, sin and cos: seeded random images (mostly opaque, a quarter translucent) and
/// parameters; every channel within one level, or, across a discontinuity of a blend function that
/// binary32 and binary64 may fall on different sides of, at most 1 in 1,000 channels further.
@Suite struct FilterModelTests {
    typealias RGB = (r: Double, g: Double, b: Double)
    typealias Pixel = (r: Double, g: Double, b: Double, a: Double)  // straight colour, linear light

    static let size = 24

    static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// A random bitmap and its pixels as the model reads them (the stored premultiplied bytes
    /// un-premultiplied with rounding, as docs/COREIMAGE.md §Working space says).
    static func image(_ rng: inout SeededGenerator) -> (Bitmap, [Pixel]) {
        var bytes: [UInt8] = []
        for _ in 0..<(size * size) {
            let a: UInt8 = Int.random(in: 0..<4, using: &rng) == 0 ? UInt8.random(in: 1...254, using: &rng) : 255
            bytes += [
                UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                UInt8.random(in: 0...255, using: &rng), a
            ]
        }
        let bitmap = Bitmap(width: size, height: size, straightRGBA: bytes)
        let pixels = bitmap.pixels.map { p -> Pixel in
            let a = Int(p >> 24)
            func s(_ c: UInt32) -> Double { Double(min(255, (Int(c & 0xFF) * 255 + a / 2) / a)) / 255 }
            return (decode(s(p)), decode(s(p >> 8)), decode(s(p >> 16)), Double(a) / 255)
        }
        return (bitmap, pixels)
    }

    /// The model's output pixel as createCGImage writes it: alpha clamped to [0, 1]; the
    /// premultiplied colour divided by the clamped alpha, clamped, encoded and premultiplied again.
    static func packed(_ p: Pixel) -> [Int] {
        let a = max(0, min(1, p.a.isNaN ? 0 : p.a))
        let a8 = Int((a * 255 + 0.5).rounded(.down))
        guard a8 > 0 else { return [0, 0, 0, 0] }
        func channel(_ c: Double) -> Int {
            let unclamped = c * p.a / a
            let straight = unclamped.isNaN ? 0 : max(0, min(1, unclamped))
            let e = Int((255 * encode(straight) + 0.5).rounded(.down))
            return (e * a8 + 127) / 255
        }
        return [channel(p.r), channel(p.g), channel(p.b), a8]
    }

    static func bytes(_ p: UInt32) -> [Int] {
        [Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24)]
    }

    /// Compares the module's rendering of `steps` over the image(s) with `model` pixel by pixel.
    static func check(
        _ name: String, _ values: [String: ParameterValue], images: [String: Bitmap], input: String?,
        model: (_ index: Int) -> Pixel, rect: (Double, Double, Double, Double)? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let filter = try #require(FilterCatalog.filter(named: name))
        let chain = FilterChain(input: input.map(ImageInput.named), steps: [FilterStep(filter: filter, values: values)])
        let ours = try ChainRendering.render(chain, rect: rect, images: images, maxPixels: 1 << 20, maxWork: 1 << 26)
            .bitmap
        var far = 0, worst = 0
        for i in ours.pixels.indices {
            let expected = packed(model(i)), got = bytes(ours.pixels[i])
            let d = zip(expected, got).map { abs($0 - $1) }.max() ?? 0
            worst = max(worst, d)
            if d > 1 { far += 1 }
        }
        #expect(
            far * 1000 <= ours.pixels.count * 4, "\(name): \(far) pixels off by more than 1 (worst \(worst))",
            sourceLocation: sourceLocation)
    }

    static func pixel(_ c: RGB, _ a: Double) -> Pixel { (c.r, c.g, c.b, a) }
    static func rgb(_ p: Pixel) -> RGB { (p.r, p.g, p.b) }

    /// Colour filters: f on straight colour, alpha kept.
    static func colorFilter(
        _ name: String, _ values: [String: ParameterValue], seed: UInt64, _ f: @escaping (RGB) -> RGB
    ) throws {
        var rng = SeededGenerator(seed: seed)
        let (bitmap, pixels) = image(&rng)
        try check(name, values, images: ["in": bitmap], input: "in") { i in
            let p = pixels[i]
            return pixel(f(rgb(p)), p.a)
        }
    }

    @Test(arguments: 0..<8) func colourAdjustments(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 1000 + seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        try Self.colorFilter("CIColorInvert", [:], seed: seed) { (1 - $0.r, 1 - $0.g, 1 - $0.b) }
        let ev = r(-3...3)
        try Self.colorFilter("CIExposureAdjust", ["inputEV": .number(ev)], seed: seed) {
            let f = pow(2, ev)
            return ($0.r * f, $0.g * f, $0.b * f)
        }
        let power = r(0.25...4)
        try Self.colorFilter("CIGammaAdjust", ["inputPower": .number(power)], seed: seed) {
            (pow($0.r, power), pow($0.g, power), pow($0.b, power))
        }
        let (s, b, c) = (r(0...2), r(-0.5...0.5), r(0.25...4))
        try Self.colorFilter(
            "CIColorControls",
            ["inputSaturation": .number(s), "inputBrightness": .number(b), "inputContrast": .number(c)],
            seed: seed
        ) { p in
            let grey = 0.2125 * p.r + 0.7154 * p.g + 0.0721 * p.b
            func f(_ v: Double) -> Double { ((grey + (v - grey) * s) + b - 0.5) * c + 0.5 }
            return (f(p.r), f(p.g), f(p.b))
        }
        let angle = r(-Double.pi...Double.pi)
        try Self.colorFilter("CIHueAdjust", ["inputAngle": .number(angle)], seed: seed) { p in
            // Rotation about the unit grey axis k by Rodrigues: v cos + (k × v) sin + k (k·v)(1 − cos).
            let k = 1 / 3.0.squareRoot()
            let dotKV = k * (p.r + p.g + p.b)
            let cross = (k * (p.b - p.g), k * (p.r - p.b), k * (p.g - p.r))
            let (cs, sn) = (cos(angle), sin(angle))
            return (
                p.r * cs + cross.0 * sn + k * dotKV * (1 - cs), p.g * cs + cross.1 * sn + k * dotKV * (1 - cs),
                p.b * cs + cross.2 * sn + k * dotKV * (1 - cs)
            )
        }
        let tone = (r(0...1), r(0...1), r(0...1)), intensity = r(0...1)
        let toneLinear = (Self.decode(tone.0), Self.decode(tone.1), Self.decode(tone.2))
        try Self.colorFilter(
            "CIColorMonochrome",
            [
                "inputColor": .color(ColorValue(red: tone.0, green: tone.1, blue: tone.2)),
                "inputIntensity": .number(intensity)
            ],
            seed: seed
        ) { p in
            let grey = 0.2125 * p.r + 0.7154 * p.g + 0.0721 * p.b
            return (
                p.r + (toneLinear.0 * grey - p.r) * intensity, p.g + (toneLinear.1 * grey - p.g) * intensity,
                p.b + (toneLinear.2 * grey - p.b) * intensity
            )
        }
    }

    /// White point (Core Image's own output fits it: docs/COREIMAGE.md), sepia and vibrance.
    @Test(arguments: 0..<8) func whitePointSepiaAndVibrance(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 5000 + seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        let white = (r(0...1), r(0...1), r(0...1))
        let w = (Self.decode(white.0), Self.decode(white.1), Self.decode(white.2))
        try Self.colorFilter(
            "CIWhitePointAdjust", ["inputColor": .color(ColorValue(red: white.0, green: white.1, blue: white.2))],
            seed: seed
        ) { ($0.r * w.0, $0.g * w.1, $0.b * w.2) }
        let intensity = r(0...1)
        try Self.colorFilter("CISepiaTone", ["inputIntensity": .number(intensity)], seed: seed) { p in
            let sepia = (
                0.393 * p.r + 0.769 * p.g + 0.189 * p.b, 0.349 * p.r + 0.686 * p.g + 0.168 * p.b,
                0.272 * p.r + 0.534 * p.g + 0.131 * p.b
            )
            return (
                p.r + (sepia.0 - p.r) * intensity, p.g + (sepia.1 - p.g) * intensity, p.b + (sepia.2 - p.b) * intensity
            )
        }
        let amount = r(-1...1)
        try Self.colorFilter("CIVibrance", ["inputAmount": .number(amount)], seed: seed) { p in
            let largest = max(p.r, p.g, p.b), mean = (p.r + p.g + p.b) / 3
            let t = (largest - mean) * (-3 * amount)
            return (p.r + (largest - p.r) * t, p.g + (largest - p.g) * t, p.b + (largest - p.b) * t)
        }
    }

    @Test(arguments: 0..<8) func colourMatrixChangesAlphaToo(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 2000 + seed)
        func v() -> [Double] { (0..<4).map { _ in Double.random(in: -0.5...1, using: &rng) } }
        let (rv, gv, bv, av) = (v(), v(), v(), v().map { abs($0) })
        let bias = [0.1, -0.1, 0.05, 0].map { $0 * Double(seed % 3) }
        let (bitmap, pixels) = Self.image(&rng)
        let values: [String: ParameterValue] = [
            "inputRVector": .vector(rv), "inputGVector": .vector(gv), "inputBVector": .vector(bv),
            "inputAVector": .vector(av),
            "inputBiasVector": .vector(bias)
        ]
        try Self.check("CIColorMatrix", values, images: ["in": bitmap], input: "in") { i in
            let p = pixels[i], s = [p.r, p.g, p.b, p.a]
            func dot(_ w: [Double]) -> Double { zip(s, w).map { $0 * $1 }.reduce(0, +) }
            return (dot(rv) + bias[0], dot(gv) + bias[1], dot(bv) + bias[2], dot(av) + bias[3])
        }
    }

    // MARK: Compositing

    /// The PDF's blend functions, straight from ISO 32000-1 §11.3.5.
    static let separable: [String: @Sendable (Double, Double) -> Double] = [
        "CIMultiplyBlendMode": { b, s in b * s },
        "CIScreenBlendMode": { b, s in b + s - b * s },
        "CIOverlayBlendMode": { b, s in hardLight(s, b) },
        "CIDarkenBlendMode": { b, s in min(b, s) },
        "CILightenBlendMode": { b, s in max(b, s) },
        "CIColorDodgeBlendMode": { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) },
        "CIColorBurnBlendMode": { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) },
        "CIHardLightBlendMode": { b, s in hardLight(b, s) },
        "CISoftLightBlendMode": { b, s in
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        },
        "CIDifferenceBlendMode": { b, s in abs(b - s) },
        "CIExclusionBlendMode": { b, s in b + s - 2 * b * s },
        "CILinearBurnBlendMode": { b, s in b + s - 1 },
        "CILinearDodgeBlendMode": { b, s in b + s },
        "CISubtractBlendMode": { b, s in b - s },
        "CIDivideBlendMode": { b, s in s > 0 ? b / s : (b > 0 ? 1 : 0) },
        "CIPinLightBlendMode": { b, s in s < 0.5 ? min(b, 2 * s) : max(b, 2 * s - 1) },
        "CILinearLightBlendMode": { b, s in b + 2 * s - 1 },
        "CIVividLightBlendMode": { b, s in
            s <= 0.5
                ? (b >= 1 ? 1 : (2 * s <= 0 ? 0 : 1 - min(1, (1 - b) / (2 * s))))
                : (b == 0 ? 0 : (2 * s - 1 >= 1 ? 1 : min(1, b / (1 - (2 * s - 1)))))
        }
    ]

    static func hardLight(_ b: Double, _ s: Double) -> Double {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }
    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        var c = c
        if n < 0 && l > n {
            c = (l + (c.r - l) * l / (l - n), l + (c.g - l) * l / (l - n), l + (c.b - l) * l / (l - n))
        }
        if x > 1 && x > l {
            c = (
                l + (c.r - l) * (1 - l) / (x - l), l + (c.g - l) * (1 - l) / (x - l), l + (c.b - l) * (1 - l) / (x - l)
            )
        }
        return c
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c); return clipColor((c.r + d, c.g + d, c.b + d))
    }
    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        let x = max(c.r, c.g, c.b), n = min(c.r, c.g, c.b)
        guard x > n else { return (0, 0, 0) }
        return ((c.r - n) * s / (x - n), (c.g - n) * s / (x - n), (c.b - n) * s / (x - n))
    }
    static let whole: [String: @Sendable (RGB, RGB) -> RGB] = [
        "CIHueBlendMode": { b, s in setLum(setSat(s, sat(b)), lum(b)) },
        "CISaturationBlendMode": { b, s in setLum(setSat(b, sat(s)), lum(b)) },
        "CIColorBlendMode": { b, s in setLum(s, lum(b)) },
        "CILuminosityBlendMode": { b, s in setLum(b, lum(s)) }
    ]

    /// Porter–Duff and Core Image's arithmetic operators on premultiplied colour (s, b).
    static let premultiplied: [String: @Sendable (Double, Double, Double, Double) -> Double] = [
        "CISourceOverCompositing": { s, b, sa, _ in s + b * (1 - sa) },
        "CISourceInCompositing": { s, _, _, ba in s * ba },
        "CISourceOutCompositing": { s, _, _, ba in s * (1 - ba) },
        "CISourceAtopCompositing": { s, b, sa, ba in s * ba + b * (1 - sa) },
        "CIAdditionCompositing": { s, b, _, _ in s + b },
        "CIMultiplyCompositing": { s, b, _, _ in s * b },
        "CIMaximumCompositing": { s, b, _, _ in max(s, b) },
        "CIMinimumCompositing": { s, b, _, _ in min(s, b) }
    ]

    @Test(arguments: 0..<4) func compositingAndBlendModes(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 3000 + seed)
        let (source, sp) = Self.image(&rng)
        let (background, bp) = Self.image(&rng)
        let images = ["s": source, "b": background]
        let values: [String: ParameterValue] = ["inputBackgroundImage": .image(.named("b"))]
        func blended(_ i: Int, _ mixed: RGB) -> Pixel {
            let s = sp[i], b = bp[i]
            let a = s.a + b.a - s.a * b.a
            func c(_ sc: Double, _ bc: Double, _ m: Double) -> Double {
                ((1 - b.a) * sc * s.a + (1 - s.a) * bc * b.a + s.a * b.a * m) / a
            }
            return (c(s.r, b.r, mixed.r), c(s.g, b.g, mixed.g), c(s.b, b.b, mixed.b), a)
        }
        for (name, f) in Self.separable.sorted(by: { $0.key < $1.key }) {
            try Self.check(name, values, images: images, input: "s") { i in
                blended(i, (f(bp[i].r, sp[i].r), f(bp[i].g, sp[i].g), f(bp[i].b, sp[i].b)))
            }
        }
        for (name, f) in Self.whole.sorted(by: { $0.key < $1.key }) {
            try Self.check(name, values, images: images, input: "s") { i in
                blended(i, f(Self.rgb(bp[i]), Self.rgb(sp[i])))
            }
        }
        for (name, f) in Self.premultiplied.sorted(by: { $0.key < $1.key }) {
            try Self.check(name, values, images: images, input: "s") { i in
                let s = sp[i], b = bp[i]
                let a = f(s.a, b.a, s.a, b.a)
                func c(_ sc: Double, _ bc: Double) -> Double { f(sc * s.a, bc * b.a, s.a, b.a) / a }
                return (c(s.r, b.r), c(s.g, b.g), c(s.b, b.b), a)
            }
        }
        let channels = [
            "CIBlendWithRedMask": 0, "CIBlendWithMask": 1, "CIBlendWithBlueMask": 2, "CIBlendWithAlphaMask": 3
        ]
        let (mask, mp) = Self.image(&rng)
        for (name, channel) in channels.sorted(by: { $0.key < $1.key }) {
            try Self.check(
                name, values.merging(["inputMaskImage": .image(.named("m"))]) { $1 },
                images: images.merging(["m": mask]) { $1 },
                input: "s"
            ) { i in
                let m = [mp[i].r * mp[i].a, mp[i].g * mp[i].a, mp[i].b * mp[i].a, mp[i].a][channel]
                let s = sp[i], b = bp[i]
                let a = b.a + (s.a - b.a) * m
                func c(_ sc: Double, _ bc: Double) -> Double { (bc * b.a + (sc * s.a - bc * b.a) * m) / a }
                return (c(s.r, b.r), c(s.g, b.g), c(s.b, b.b), a)
            }
        }
    }

    // MARK: Generators

    @Test(arguments: 0..<8) func gradients(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 4000 + seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        let c0 = (r(0...1), r(0...1), r(0...1), r(0...1)), c1 = (r(0...1), r(0...1), r(0...1), r(0...1))
        let colors: [String: ParameterValue] = [
            "inputColor0": .color(ColorValue(red: c0.0, green: c0.1, blue: c0.2, alpha: c0.3)),
            "inputColor1": .color(ColorValue(red: c1.0, green: c1.1, blue: c1.2, alpha: c1.3))
        ]
        let w = Double(Self.size)
        // Premultiplied linear ends, mixed, as docs/COREIMAGE.md §Generators says.
        let p0 = [Self.decode(c0.0) * c0.3, Self.decode(c0.1) * c0.3, Self.decode(c0.2) * c0.3, c0.3]
        let p1 = [Self.decode(c1.0) * c1.3, Self.decode(c1.1) * c1.3, Self.decode(c1.2) * c1.3, c1.3]
        func mixed(_ t: Double) -> Pixel {
            let m = (0..<4).map { p0[$0] + (p1[$0] - p0[$0]) * t }
            return m[3] > 0 ? (m[0] / m[3], m[1] / m[3], m[2] / m[3], m[3]) : (0, 0, 0, 0)
        }
        func centre(_ i: Int) -> (x: Double, y: Double) {
            (Double(i % Self.size) + 0.5, w - Double(i / Self.size) - 0.5)
        }
        let (a, b) = ((r(-4...w + 4), r(-4...w + 4)), (r(-4...w + 4), r(-4...w + 4)))
        for smooth in [false, true] {
            try Self.check(
                smooth ? "CISmoothLinearGradient" : "CILinearGradient",
                colors.merging(["inputPoint0": .vector([a.0, a.1]), "inputPoint1": .vector([b.0, b.1])]) { $1 },
                images: [:],
                input: nil,
                model: { i in
                    let p = centre(i), d = (b.0 - a.0, b.1 - a.1)
                    var t = ((p.x - a.0) * d.0 + (p.y - a.1) * d.1) / (d.0 * d.0 + d.1 * d.1)
                    t = max(0, min(1, t))
                    return mixed(smooth ? t * t * (3 - 2 * t) : t)
                }, rect: (0, 0, w, w))
        }
        let (r0, r1) = (r(0...10), r(10...30))
        try Self.check(
            "CIRadialGradient",
            colors.merging([
                "inputCenter": .vector([a.0, a.1]), "inputRadius0": .number(r0), "inputRadius1": .number(r1)
            ]) { $1 },
            images: [:], input: nil,
            model: { i in
                let p = centre(i)
                let distance = ((p.x - a.0) * (p.x - a.0) + (p.y - a.1) * (p.y - a.1)).squareRoot()
                return mixed(max(0, min(1, (distance - r0) / (r1 - r0))))
            }, rect: (0, 0, w, w))
    }
}
