import Raster

/// The keys of a `draw` image source (docs/SCENARIOS.md §Drawn images).
enum DrawKeys {
    static let renderer = ["size", "bounds", "scale", "opaque", "preferredRange", "operations"]
    static let shapes = ["rect", "roundedRect", "ellipse", "path"]
    static let shape = shapes + ["cornerRadius", "corners", "fillRule", "flatness"]
    static let corners = ["topLeft", "topRight", "bottomLeft", "bottomRight"]
    static let compositing = ["blendMode", "alpha"]
    static let fill = ["fill", "color"] + compositing
    static let stroke =
        ["stroke", "color", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"] + compositing
    static let drawImage = ["draw", "at", "in"] + compositing
    static let drawCGImage = ["drawCGImage", "in"] + compositing
    static let drawCurrentImage = ["drawCurrentImage", "at", "in"] + compositing
    static let clip = ["clip"]
    static let clipToMask = ["clipToMask", "in"]
    static let drawAsPattern = ["drawAsPattern", "in"]
    static let shadowBody = ["offset", "blur", "color"]
    static let linearGradient = ["linearGradient"] + compositing
    static let radialGradient = ["radialGradient"] + compositing
    static let linearGradientBody = ["colors", "locations", "start", "end", "drawsBeforeStart", "drawsAfterEnd"]
    static let radialGradientBody = [
        "colors", "locations", "startCenter", "startRadius", "endCenter", "endRadius", "drawsBeforeStart",
        "drawsAfterEnd"
    ]
    static let transforms = ["translate", "rotate", "scale"]
    /// CGInterpolationQuality's cases, as `interpolationQuality` takes them.
    static let interpolationQualities = ["default", "none", "low", "medium", "high"]
    static let transparencyLayer = ["beginTransparencyLayer"] + compositing
    /// The key that names an operation, first match wins in this order.
    static let operationKinds =
        [
            "fill", "stroke", "draw", "drawCGImage", "drawCurrentImage", "drawAsPattern", "clip", "clipToMask",
            "linearGradient",
            "radialGradient",
            "beginTransparencyLayer", "interpolationQuality", "setShouldAntialias", "setShadow"
        ] + transforms
    static let words = ["save", "restore", "endTransparencyLayer"]
    static let blendModes = BlendMode.allCases.map(\.rawValue)
    static let lineCaps = LineCap.allCases.map(\.rawValue)
    static let lineJoins = LineJoin.allCases.map(\.rawValue)
    /// Operations in one drawing.
    static let maxOperations = 10_000
    static let maxDashes = 64
}
