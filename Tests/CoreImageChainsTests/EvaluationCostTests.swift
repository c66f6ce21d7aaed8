import Raster
import Testing

@testable import CoreImageChains

/// What a chain's rendering is charged (docs/LIMITS.md §Core Image chains): each node's pixels at
/// its kind's units. Attack round 16: every pixel was 1 unit, and 64 gamma filters over 4096² ran
/// 43 s within the limit.
@Suite struct EvaluationCostTests {
    static let image = Bitmap(width: 16, height: 16, pixels: [UInt32](repeating: 0xFF40_8020, count: 256))

    static func work(_ steps: [FilterStep]) throws -> Int {
        let chain = FilterChain(input: .named("in"), steps: steps)
        return try ChainRendering.render(
            chain, rect: (0, 0, 16, 16), images: ["in": image, "bg": image], maxPixels: 1 << 20, maxWork: 1 << 40
        ).work
    }

    static func step(_ name: String, _ values: [String: ParameterValue] = [:]) throws -> FilterStep {
        FilterStep(filter: try #require(FilterCatalog.filter(named: name)), values: values)
    }

    @Test func eachKindOfNodeCostsItsUnitsAPixel() throws {
        let pixels = 16 * 16, image = EvaluationCost.pixel  // an image's pixels, converted for each reader
        #expect(try Self.work([]) == pixels * image)
        #expect(try Self.work([Self.step("CIColorInvert")]) == pixels * (image + EvaluationCost.pixel))
        #expect(try Self.work([Self.step("CIGammaAdjust")]) == pixels * (image + EvaluationCost.power))
        let background: [String: ParameterValue] = ["inputBackgroundImage": .image(.named("bg"))]
        #expect(
            try Self.work([Self.step("CISourceOverCompositing", background)])
                == pixels * (2 * image + EvaluationCost.pixel))
        #expect(
            try Self.work([Self.step("CIMultiplyBlendMode", background)]) == pixels * (2 * image + EvaluationCost.blend)
        )
        #expect(
            try Self.work([Self.step("CIHueBlendMode", background)])
                == pixels * (2 * image + EvaluationCost.wholeBlend))
        // A run of colour filters: each filter its own units.
        #expect(
            try Self.work([Self.step("CIGammaAdjust"), Self.step("CIColorInvert"), Self.step("CIGammaAdjust")])
                == pixels * (image + 2 * EvaluationCost.power + EvaluationCost.pixel))
    }
}
