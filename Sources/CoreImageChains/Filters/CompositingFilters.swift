// The compositing filters (categories CICategoryCompositeOperation and the blend-with-mask filters;
// docs/COREIMAGE.md §Compositing): inputImage is the source, inputBackgroundImage the background.

enum CompositingFilters {
    static let keys: [ParameterSpec] = [.inputImage, ParameterSpec("inputBackgroundImage", .image)]
    static let pdf = "the PDF blend mode of ISO 32000-1 §11.3.5, which Apple's reference cites"

    static let all: [FilterDefinition] =
        porterDuff + [
            blend("CIMultiplyBlendMode", BlendFunctions.multiply),
            blend("CIScreenBlendMode", BlendFunctions.screen),
            blend("CIOverlayBlendMode", BlendFunctions.overlay),
            blend("CIDarkenBlendMode", BlendFunctions.darken),
            blend("CILightenBlendMode", BlendFunctions.lighten),
            blend("CIColorDodgeBlendMode", BlendFunctions.colorDodge),
            blend("CIColorBurnBlendMode", BlendFunctions.colorBurn),
            blend("CIHardLightBlendMode", BlendFunctions.hardLight),
            blend("CISoftLightBlendMode", BlendFunctions.softLight),
            blend("CIDifferenceBlendMode", BlendFunctions.difference),
            blend("CIExclusionBlendMode", BlendFunctions.exclusion),
            blendWhole("CIHueBlendMode", BlendFunctions.hue),
            blendWhole("CISaturationBlendMode", BlendFunctions.saturation),
            blendWhole("CIColorBlendMode", BlendFunctions.color),
            blendWhole("CILuminosityBlendMode", BlendFunctions.luminosity),
            described("CILinearBurnBlendMode", BlendFunctions.linearBurn),
            described("CILinearDodgeBlendMode", BlendFunctions.linearDodge),
            described("CISubtractBlendMode", BlendFunctions.subtract),
            described("CIDivideBlendMode", BlendFunctions.divide),
            described("CIPinLightBlendMode", BlendFunctions.pinLight),
            described("CILinearLightBlendMode", BlendFunctions.linearLight),
            described("CIVividLightBlendMode", BlendFunctions.vividLight)
        ] + MaskFilters.all

    static func blend(_ name: String, _ f: @escaping BlendFunctions.Separable) -> FilterDefinition {
        composite(
            name, .formula(pdf), BlendFunctions.separable(f), cost: EvaluationCost.blend, extent: { $0.union($1) })
    }

    /// A mode Apple describes without a formula, put through the PDF's basic compositing formula as
    /// its runtime description says.
    static func described(_ name: String, _ f: @escaping BlendFunctions.Separable) -> FilterDefinition {
        composite(
            name, .description("Core Image's runtime description; ivsim's reading in docs/COREIMAGE.md"),
            BlendFunctions.separable(f), cost: EvaluationCost.blend, extent: { $0.union($1) })
    }

    static func blendWhole(
        _ name: String, _ f: @escaping @Sendable (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float>
    ) -> FilterDefinition {
        composite(
            name, .formula(pdf), BlendFunctions.whole(f), cost: EvaluationCost.wholeBlend, extent: { $0.union($1) })
    }

    static func composite(
        _ name: String, _ evidence: Evidence, _ apply: @escaping @Sendable (WorkingPixel, WorkingPixel) -> WorkingPixel,
        cost: Int = EvaluationCost.pixel, extent: @escaping @Sendable (Extent, Extent) -> Extent
    ) -> FilterDefinition {
        FilterDefinition(name, .compositing, keys, evidence) { a throws(ChainFailure) in
            .composite(
                CompositeKernel(cost: cost, apply: apply, extent: extent), source: try a.image("inputImage"),
                background: try a.image("inputBackgroundImage"))
        }
    }

    /// Porter and Duff's operators and Core Image's arithmetic ones, on premultiplied colour.
    static let porterDuff: [FilterDefinition] = [
        composite(
            "CISourceOverCompositing", .formula("Porter–Duff source over: S + B · (1 − αs)"),
            { s, b in s + b * (1 - s.w) }, extent: { $0.union($1) }),
        composite(
            "CISourceInCompositing", .formula("Porter–Duff source in: S · αb"),
            { s, b in s * b.w }, extent: { $0.intersection($1) }),
        composite(
            "CISourceOutCompositing", .formula("Porter–Duff source out: S · (1 − αb)"),
            { s, b in s * (1 - b.w) }, extent: { s, _ in s }),
        composite(
            "CISourceAtopCompositing", .formula("Porter–Duff source atop: S · αb + B · (1 − αs)"),
            { s, b in s * b.w + b * (1 - s.w) }, extent: { _, b in b }),
        composite(
            "CIAdditionCompositing", .formula("Apple's reference: the colour components added, S + B"),
            { s, b in s + b }, extent: { $0.union($1) }),
        composite(
            "CIMultiplyCompositing", .formula("Apple's reference: the colour components multiplied, S · B"),
            { s, b in s * b }, extent: { $0.intersection($1) }),
        composite(
            "CIMaximumCompositing", .formula("Apple's reference: the larger of each component, max(S, B)"),
            { s, b in pointwiseMax(s, b) }, extent: { $0.union($1) }),
        composite(
            "CIMinimumCompositing", .formula("Apple's reference: the smaller of each component, min(S, B)"),
            { s, b in pointwiseMin(s, b) }, extent: { $0.intersection($1) })
    ]
}
