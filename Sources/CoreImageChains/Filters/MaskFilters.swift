// Blending through a mask (docs/COREIMAGE.md §Masks). Apple's reference: "When a mask value is 0.0,
// the result is the background. When the mask value is 1.0, the result is the image", the value
// taken from the mask's green channel (CIBlendWithMask), alpha (CIBlendWithAlphaMask), red or blue.
// ivsim reads the mask's premultiplied working value, clamped to [0, 1] (NaN as 0), and mixes linearly:
//
//   result = B + (S − B) · m

enum MaskFilters {
    static let keys: [ParameterSpec] = CompositingFilters.keys + [ParameterSpec("inputMaskImage", .image)]
    static let source = "Apple's CIFilter reference (blendWithMask(), maskImage)"

    static let all: [FilterDefinition] = [
        masked("CIBlendWithMask", channel: 1, "the green channel"),
        masked("CIBlendWithAlphaMask", channel: 3, "the alpha channel"),
        masked("CIBlendWithRedMask", channel: 0, "the red channel"),
        masked("CIBlendWithBlueMask", channel: 2, "the blue channel")
    ]

    static func masked(_ name: String, channel: Int, _ which: String) -> FilterDefinition {
        FilterDefinition(
            name, .compositing, keys, .formula("\(source): \(which) of the mask mixes background and image")
        ) {
            a throws(ChainFailure) in
            .masked(
                MaskKernel { image, background, mask in
                    let m = clamp01(mask[channel])
                    return background + (image - background) * m
                }, image: try a.image("inputImage"), background: try a.image("inputBackgroundImage"),
                mask: try a.image("inputMaskImage"))
        }
    }
}
