// The blurs (docs/COREIMAGE.md §Blurs). CIGaussianBlur's inputRadius is the standard deviation:
// Core Image's own output (cifilter.app, iOS 12.1, radius 20) fits a Gaussian of σ 19.9–20 within
// a level, its extent grown by 8σ and then to a multiple of 16 pixels a side; CIBoxBlur of radius
// 40 averages 39 pixels and grows the extent by 19 a side.

enum BlurFilters {
    /// The largest radius ivsim blurs with (K = 3,000 taps a side for the Gaussian).
    static let maxRadius = 1000.0

    static func radius(_ a: FilterArguments, _ name: String) throws(ChainFailure) -> Double {
        let r = Double(a.number("inputRadius"))
        guard r <= maxRadius else {
            throw .beyondLimit("\(name)'s inputRadius \(r) is more than the \(Int(maxRadius)) ivsim blurs with")
        }
        return r
    }

    static let all: [FilterDefinition] = [
        FilterDefinition(
            "CIGaussianBlur", .blur, [.inputImage, .number("inputRadius", 10, slider: 0...100)],
            .description("Core Image Filter Reference: spreads source pixels by a Gaussian distribution")
        ) { a throws(ChainFailure) in
            .convolve(.gaussian(sigma: try radius(a, "CIGaussianBlur")), try a.image("inputImage"))
        },
        FilterDefinition(
            "CIBoxBlur", .blur, [.inputImage, .number("inputRadius", 10, slider: 1...100)],
            .description("Core Image Filter Reference: blurs with a box-shaped convolution kernel")
        ) { a throws(ChainFailure) in
            .convolve(.box(radius: try radius(a, "CIBoxBlur")), try a.image("inputImage"))
        }
    ]
}
