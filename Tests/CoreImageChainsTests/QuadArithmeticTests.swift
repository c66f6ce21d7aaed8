import Raster
import TestSupport
import Testing
@testable import CoreImageChains

/// The four-pixel paths give each pixel the bits it had alone: the output level's one-step lookup
/// against counting every threshold, x^y on four lanes against one lane at a time, and every colour
/// kernel over a buffer against the same kernel pixel by pixel.
@Suite struct QuadArithmeticTests {
    /// The level a value takes by counting every threshold at or below it (clamped as `level` clamps).
    static func countedLevel(_ v: Float) -> UInt8 {
        guard v > 0 else { return 0 }
        guard v < 1 else { return 255 }
        return UInt8(WorkingSpace.thresholds.prefix(255).filter { $0 <= v }.count)
    }

    @Test func levelTakesOneStepFromItsBucket() {
        var values: [Float] = [0, -0.0, .leastNonzeroMagnitude, 1, 1.5, .nan, .infinity, Float(1).nextDown]
        for t in WorkingSpace.thresholds.prefix(255) { values += [t.nextDown, t, t.nextUp] }
        for i in 0...4096 { values += [Float(i) / 4096, (Float(i) / 4096).nextDown, (Float(i) / 4096).nextUp] }
        var rng = SeededGenerator(seed: 31)
        for _ in 0..<20_000 { values.append(Float.random(in: 0..<1, using: &rng)) }
        WorkingSpace.withLevelTables { tables in
            for v in values {
                #expect(WorkingSpace.level(v, tables) == Self.countedLevel(v), "value \(v)")
            }
        }
    }

    /// Bits equal, any NaN equal to any NaN.
    static func same(_ a: Float, _ b: Float) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }

    @Test func powerOfFourLanesIsEachLaneAlone() {
        let special: [Float] = [
            0, -0.0, 1, -1, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .infinity,
            -.infinity, .nan, 0.5, 2, 1e-30, 1e30
        ]
        let powers: [Float] = [
            0, -0.0, 1, 0.5, 2.2, 1 / 2.2, -3, 7.5, 1e20, -1e20, .greatestFiniteMagnitude, .infinity, -.infinity, .nan
        ]
        var rng = SeededGenerator(seed: 29)
        for _ in 0..<20_000 {
            let lanes = SIMD4<Float>(
                (0..<4).map { _ in
                    Int.random(in: 0..<4, using: &rng) == 0
                        ? special.randomElement(using: &rng)! : Float.random(in: -2...4, using: &rng)
                })
            let y =
                Bool.random(using: &rng) ? powers.randomElement(using: &rng)! : Float.random(in: -4...8, using: &rng)
            let four = Power32.pow(lanes, y)
            for i in 0..<4 {
                let alone = Power32.pow(SIMD4(lanes[i], 1, 1, 1), y).x
                #expect(Self.same(four[i], alone), "\(lanes[i])^\(y): \(four[i]) against \(alone)")
            }
        }
    }

    /// docs/COREIMAGE.md §Arithmetic's special cases, an infinite power's included.
    @Test func powerSpecialCases() {
        let finite = Power32.pow(SIMD4(1, 0, .infinity, 0.25), 2)
        #expect(finite == SIMD4(1, 0, .infinity, 0.0625))
        #expect(Power32.pow(SIMD4(1, 0, .infinity, -1), -2) == SIMD4(1, .infinity, 0, .infinity))
        let zero = Power32.pow(SIMD4(0, -3, .nan, 5), 0)
        #expect(zero[0] == 1 && zero[1] == 1 && zero[2].isNaN && zero[3] == 1)
        for y: Float in [.infinity, -.infinity] {
            let q = Power32.pow(SIMD4(1, 0, .infinity, -1), y)
            #expect(q[0].isNaN && q[1].isNaN && q[2].isNaN && q[3].isNaN, "\(q) for y = \(y)")
        }
    }

    @Test func colourKernelsOnBuffersAreThePixelsAlone() throws {
        var rng = SeededGenerator(seed: 37)
        let names = [
            "CIColorInvert", "CIExposureAdjust", "CIGammaAdjust", "CIColorMatrix", "CIColorControls", "CIHueAdjust",
            "CIColorMonochrome", "CIWhitePointAdjust", "CISepiaTone", "CIVibrance"
        ]
        // Mostly opaque pixels, some translucent, transparent, negative, extended and NaN alphas.
        let pixels: [WorkingPixel] = (0..<1_003).map { i in
            let a: Float = [1, 1, 0.4, 0, -0.2, .nan, 0.002][i % 7]
            var c = SIMD3<Float>((0..<3).map { _ in Float.random(in: -0.3...1.3, using: &rng) })
            if i % 11 == 3 { c.x = 1 }  // a colour of exactly 1 beside one of 0, in the same four
            if i % 11 == 4 { c.x = 0 }
            return WorkingPixel(c.x * a, c.y * a, c.z * a, a)
        }
        for name in names {
            let definition = try #require(FilterCatalog.filter(named: name))
            for power: Float in [0.45, 3, .infinity] where name == "CIGammaAdjust" || power == 0.45 {
                var values: [String: ParameterValue] = [
                    "inputEV": .number(0.7), "inputPower": .number(Double(power)), "inputAngle": .number(1.1),
                    "inputSaturation": .number(1.4), "inputContrast": .number(0.9), "inputBrightness": .number(0.05),
                    "inputIntensity": .number(0.6), "inputAmount": .number(0.8),
                    "inputColor": .color(ColorValue(red: 0.9, green: 0.5, blue: 0.2)),
                    "inputRVector": .vector([0.9, 0.1, 0, 0.1]), "inputBiasVector": .vector([0.01, 0, -0.02, 0.05])
                ]
                values = values.filter { key, _ in definition.parameters.contains { $0.key == key } }
                let recipe = try FilterChain(
                    input: .named("x"), steps: [FilterStep(filter: definition, values: values)]
                )
                .recipe(["x": Bitmap(width: 1, height: 1, pixels: [0xFFFF_FFFF])])
                guard case let .point(kernel, _) = recipe else {
                    Issue.record("\(name) is not a point kernel")
                    continue
                }
                var buffer = pixels
                buffer.withUnsafeMutableBufferPointer { kernel.apply($0) }
                for (p, q) in zip(pixels, buffer) {
                    let alone = kernel.apply(p)
                    let equal = (0..<4).allSatisfy { Self.same(alone[$0], q[$0]) }
                    #expect(equal, "\(name) (power \(power)) at \(p): \(q) in a buffer, \(alone) alone")
                }
            }
        }
    }
}
