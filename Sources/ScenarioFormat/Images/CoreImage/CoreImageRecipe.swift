import CoreImageChains

/// A `coreImage` image source (docs/SCENARIOS.md §Core Image): a chain of CIFilters and how its
/// output becomes a UIImage.
struct CoreImageRecipe {
    /// How the output becomes a UIImage.
    enum Route: String, CaseIterable {
        /// CIContext().createCGImage(output, from: rect), then UIImage(cgImage:scale:orientation:).
        case cgImage
        /// UIImage(ciImage:scale:orientation:): the output's extent, rendered when drawn or shown;
        /// its `cgImage` is nil, its `ciImage` the chain.
        case ciImage
    }

    var chain: FilterChain
    var route: Route
    /// createCGImage's rectangle in Core Image's space, [x, y, width, height] (nil: the output's extent).
    var rect: (x: Double, y: Double, width: Double, height: Double)?
    /// The UIImage's scale (nil: 1, the scale UIImage(cgImage:) and UIImage(ciImage:) give).
    var scale: Double?
}

/// The keys of a `coreImage` source and of its filters (docs/SCENARIOS.md §Core Image).
enum CoreImageKeys {
    static let source = ["input", "filters", "render", "rect", "scale"]
    static let chain = ["input", "filters"]
    /// An image parameter given as another image's `ciImage` property.
    static let ciImageOf = ["ciImageOf"]
    static let maxFilters = 64
    static let maxDepth = 8
    static let maxTotalFilters = 256
}
