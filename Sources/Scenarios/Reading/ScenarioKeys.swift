/// The keys each object of the format allows, shared by the reader (unknown-key errors) and the
/// JSON Schema (`ivsim schema`).
enum ScenarioKeys {
    static let document = ["$schema", "description", "canvas", "traits", "images", "root", "variants"]
    static let canvas = ["size", "background"]
    static let traits = ["displayScale", "userInterfaceStyle", "layoutDirection"]
    static let imageSource = ["file", "generate", "from", "scale"]
    static let imageKinds = ["file", "generate", "from"]
    static let generators = ["solid", "checkerboard", "linearGradient", "indexGrid"]
    static let solid = ["size", "color"]
    static let checkerboard = ["size", "cell", "colors"]
    static let linearGradient = ["size", "colors", "direction"]
    static let indexGrid = ["size"]
    static let view = ["id", "type", "frame", "center", "origin", "size", "sizeToFit", "backgroundColor", "alpha",
                       "isHidden", "clipsToBounds", "tintColor", "image", "highlightedImage", "isHighlighted",
                       "contentMode", "sampling", "subviews"]
    static let imageViewOnly = ["image", "highlightedImage", "isHighlighted", "contentMode", "sampling"]
    static let root = ["id", "backgroundColor", "tintColor", "alpha", "clipsToBounds", "subviews"]
    static let variants = ["matrix", "states"]
    static let matrix = ["displayScale", "userInterfaceStyle", "layoutDirection"]
    static let state = ["name", "set"]
    static let dynamicColor = ["light", "dark"]
    static let viewTypes = ["view", "imageView"]
    static let samplings = ["bilinear", "nearest"]
    static let directions = ["horizontal", "vertical"]
}

/// Bounds on numbers (points unless stated), refused beyond them.
enum ScenarioLimits {
    /// Canvas side in points.
    static let canvas: ClosedRange<Double> = 1...2048
    /// Any coordinate in points.
    static let coordinate: ClosedRange<Double> = -100_000...100_000
    /// Any view size in points.
    static let length: ClosedRange<Double> = 0...100_000
    /// Generated image side in pixels.
    static let generatedPixels: ClosedRange<Double> = 1...4096
    /// Image scale (pixels per point).
    static let imageScale: ClosedRange<Double> = 0.25...16
    /// Asset file pixels.
    static let assetSide = 8192
    static let assetPixels = 1 << 24
}
