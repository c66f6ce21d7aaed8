import CoreImageChains
import Foundation
import Raster

/// Core Image chains (docs/COREIMAGE.md) over a full iPhone screen at 3x, 1170 × 2532: five
/// filters in a row (issue 29 asks for under 100 ms), and the two blurs alone. The input is a
/// generated gradient-and-noise image (no file), the output rendered to 8-bit sRGB as
/// createCGImage(_:from:) makes it.
func coreImageBenchmarks() -> [Benchmark] {
    let (width, height) = (1170, 2532)
    var state: UInt32 = 1
    let pixels = (0..<(width * height)).map { i -> UInt32 in
        state = state &* 1_664_525 &+ 1_013_904_223
        let x = UInt32(i % width), y = UInt32(i / width)
        let r = (x * 255 / UInt32(width)) ^ (state >> 29), g = (y * 255 / UInt32(height)) ^ (state >> 27 & 7)
        return r | g << 8 | (255 - r / 2) << 16 | 0xFF00_0000
    }
    let photo = Bitmap(width: width, height: height, pixels: pixels)
    func step(_ name: String, _ values: [String: ParameterValue] = [:]) -> FilterStep? {
        FilterCatalog.filter(named: name).map { FilterStep(filter: $0, values: values) }
    }
    let five = [
        step("CIColorControls", ["inputSaturation": .number(1.3), "inputContrast": .number(1.1)]),
        step("CIExposureAdjust", ["inputEV": .number(0.3)]),
        step("CIHueAdjust", ["inputAngle": .number(0.4)]),
        step("CIGammaAdjust", ["inputPower": .number(0.9)]),
        step(
            "CIBlendWithMask",
            [
                "inputMaskImage": .image(
                    .chain(
                        FilterChain(
                            input: nil,
                            steps: [
                                step(
                                    "CIRadialGradient",
                                    [
                                        "inputCenter": .vector([585, 1266]), "inputRadius0": .number(409.5),
                                        "inputRadius1": .number(1266)
                                    ])
                            ].compactMap { $0 })))
            ])
    ].compactMap { $0 }
    final class Box { var bitmap: Bitmap? }
    let made = Box()
    func row(_ name: String, _ steps: [FilterStep]) -> Benchmark {
        Benchmark(
            name: name,
            run: {
                made.bitmap = try? ChainRendering.render(
                    FilterChain(input: .named("photo"), steps: steps), rect: nil, images: ["photo": photo],
                    maxPixels: 1 << 24, maxWork: 1 << 40
                ).bitmap
            },
            output: { made.bitmap.map { "\($0.width)×\($0.height)" } ?? "FAILED" })
    }
    return [
        row("Core Image: 5 filters (controls, exposure, hue, gamma, vignette mask) over 1170×2532", five),
        row("Core Image: CIGaussianBlur radius 10 over 1170×2532", [step("CIGaussianBlur")].compactMap { $0 }),
        row("Core Image: CIBoxBlur radius 10 over 1170×2532", [step("CIBoxBlur")].compactMap { $0 })
    ]
}
