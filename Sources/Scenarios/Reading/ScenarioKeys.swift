import ImageViews
import Raster
/// The keys each object of the format allows, shared by the reader (unknown-key errors) and the
/// JSON Schema (`ivsim schema`).
enum ScenarioKeys {
    static let document = ["$schema", "description", "canvas", "traits", "bundle", "assetCatalogs", "images", "metrics", "root",
                           "variants", "acknowledgedWarnings"]
    static let canvas = ["size", "background", "safeAreaInsets", "device", "orientation"]
    static let traits = TraitDimension.keys
    static let imageSource = ["file", "named", "generate", "from", "animated", "asset", "draw", "snapshot", "crop", "scale", "orientation", "horizontallyFlipped",
                              "capInsets", "resizingMode", "alignmentRectInsets", "renderingMode", "tintColor",
                              "flipsForRightToLeftLayoutDirection"]
    static let imageKinds = ["file", "named", "generate", "from", "animated", "asset", "draw", "snapshot"]
    static let snapshot = ["view", "scale", "rect"]
    static let animated = ["frames", "duration"]
    static let assetRegistration = ["image", "traits"]
    static let insets = ["top", "left", "bottom", "right"]
    static let generators = ["solid", "checkerboard", "linearGradient", "indexGrid", "path"]
    static let pathGenerator = ["size", "d", "color", "fillRule"]
    static let solid = ["size", "color"]
    static let checkerboard = ["size", "cell", "colors"]
    static let linearGradient = ["size", "colors", "direction"]
    static let indexGrid = ["size"]
    static let fillRules = FillRule.allCases.map(\.rawValue)
    static let view = ["id", "type", "frame", "center", "origin", "size", "sizeToFit", "backgroundColor", "alpha",
                       "isHidden", "clipsToBounds", "tintColor", "tintAdjustmentMode", "semanticContentAttribute",
                       "image", "highlightedImage", "isHighlighted", "contentMode", "sampling", "animationImages",
                       "highlightedAnimationImages", "animationDuration", "animationRepeatCount", "isAnimating",
                       "animationTime", "constraints", "contentHuggingPriority", "contentCompressionResistancePriority", "subviews",
                       "acknowledgedWarnings", "cornerRadius", "maskedCorners", "borderWidth", "borderColor", "cornerCurve"] + margins + stackView
    static let imageViewOnly = ["image", "highlightedImage", "isHighlighted", "contentMode", "sampling", "animationImages",
                                "highlightedAnimationImages", "animationDuration", "animationRepeatCount", "isAnimating",
                                "animationTime"]
    static let root = ["id", "backgroundColor", "tintColor", "tintAdjustmentMode", "semanticContentAttribute", "alpha",
                       "clipsToBounds", "constraints", "subviews"] + margins
    /// Layout margins and guides, on any view (the root included).
    static let margins = ["layoutMargins", "directionalLayoutMargins", "preservesSuperviewLayoutMargins",
                          "insetsLayoutMarginsFromSafeArea", "layoutGuides"]
    static let directionalInsets = ["top", "leading", "bottom", "trailing"]
    /// Keys that give a view its frame (a view without any is positioned by constraints).
    static let position = ["frame", "center", "origin", "size", "sizeToFit"]
    static let axisPriorities = ["horizontal", "vertical"]
    static let variants = ["matrix", "states"]
    static let matrix = ["device", "orientation"] + TraitDimension.keys
    static let state = ["name", "set"]
    static let dynamicColor = ["light", "dark"]
    static let namedColor = ["named"]
    static let viewTypes = ["view", "imageView", "stackView"]
    /// UIStackView's properties, on stack views only.
    static let stackView = ["axis", "distribution", "alignment", "spacing", "customSpacing", "isLayoutMarginsRelativeArrangement",
                            "isBaselineRelativeArrangement"]
    static let samplings = ["bilinear", "nearest"]
    static let directions = ["horizontal", "vertical"]
    static let cornerNames = ["topLeft", "topRight", "bottomLeft", "bottomRight"]
    static let cornerMaskNames = ["layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"]
}

/// What one scenario may ask for (docs/LIMITS.md). The instance limits bound the work and memory
/// of a run and can be raised by whoever runs ivsim (`--limit NAME=N`, `ScenarioLoader`'s
/// `limits:`), never by the scenario; the static ranges bound single values and are fixed.
public struct ScenarioLimits: Sendable, Equatable {
    /// Bytes of scenario JSON: 16 MiB (a 100,000-view file is 7.1 MB and loads in about 0.6 s).
    public var fileBytes = 16 << 20
    /// Views in the tree, the root included: 100,000.
    public var views = 100_000
    /// Constraints after Visual Format Language lines are expanded: 10,000. The solver's rows can
    /// grow with the length of a chain (docs/CASSOWARY.md §Row length): 10,000 constraints in a
    /// chain take about 0.2 s, 32,000 take seconds and a gigabyte.
    public var constraints = 10_000
    /// Variants of one scenario (trait combinations × (1 + states)): each is laid out when the
    /// scenario loads and rendered by check, record and render.
    public var variants = 4096
    /// Bytes of memory one scenario's images may hold, decoded or generated, with the rotated
    /// and mirrored copies drawing makes (12 per pixel, PixelBudget.bytesPerPixel; each distinct
    /// image once): 768 MiB, 64 Mi pixels — 21 full iPhone screens at 3x, or four 4096² images.
    public var imageBytes = 768 << 20
    /// Layout work when the scenario loads: each variant's views plus ten times its constraints,
    /// summed over the variants: 2,000,000 — 20 variants of 100,000 views, or of 10,000
    /// constraints (each variant is laid out when the scenario loads, and again to render).
    public var layoutWork = 2_000_000
    /// Pixel operations to render every variant (DisplayList.renderWork, summed): 2^32, about
    /// 115 full iPhone screens at 3x with ten full-screen layers each.
    public var renderPixels = 1 << 32
    /// Work units (about a nanosecond each, docs/LIMITS.md §Drawing work) of drawing the
    /// scenario's SVG and PDF files, drawn images and preserved vectors, summed, each drawing
    /// made within what is left: 6 × 10^9, a few seconds (the heaviest real file tried takes
    /// 1.8 × 10^9 at 1x, 2x and 3x together).
    public var drawingWork = 6_000_000_000

    /// The defaults.
    public static let `default` = ScenarioLimits()

    public init() {}

    /// The limits `--limit NAME=N` can set, by name, with what each counts.
    public static let names: [(name: String, what: String, keyPath: any WritableKeyPath<ScenarioLimits, Int> & Sendable)] = [
        ("file-bytes", "bytes of scenario JSON", \.fileBytes),
        ("views", "views in one scenario", \.views),
        ("constraints", "constraints in one scenario", \.constraints),
        ("variants", "variants of one scenario", \.variants),
        ("image-bytes", "bytes of image memory in one scenario", \.imageBytes),
        ("layout-work", "views plus ten times constraints, summed over one scenario's variants", \.layoutWork),
        ("render-pixels", "pixel operations to render one scenario's variants", \.renderPixels),
        ("drawing-work", "units of work drawing one scenario's vector files, drawn images and preserved vectors", \.drawingWork),
    ]

    /// " (limit NAME, docs/LIMITS.md; raise it with --limit NAME=N)" for messages.
    static func raise(_ name: String) -> String { " (limit \"\(name)\" in docs/LIMITS.md; whoever runs ivsim may raise it with --limit \(name)=N)" }

    /// How to get past a drawing's refusal: the work budget is a run limit; the others are fixed.
    static func raise(_ failure: DrawingFailure) -> String {
        switch failure {
        case .tooMuchWork: raise("drawing-work")
        case .tooComplex: " (docs/LIMITS.md)"  // each says what to do
        case .tooManyPixels: " (docs/LIMITS.md): draw it smaller"
        }
    }

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
    /// Insets in points.
    static let inset: ClosedRange<Double> = -10_000...10_000
    /// Animation durations and times in seconds.
    static let seconds: ClosedRange<Double> = 0...86_400
    static let repeatCount: ClosedRange<Double> = 0...1_000_000
    /// Lines a generated path or a drawing's operation flattens to, and its rasterizer steps
    /// (CoverageRasterizer.work).
    static let pathLines = 1_000_000
    static let pathSteps = 50_000_000
    /// Asset file pixels.
    static let assetSide = 8192
    static let assetPixels = 1 << 24

    /// The limits of one drawing (an SVG or PDF file at a scale, a drawn image, a preserved
    /// vector drawn afresh): per operation `pathLines` and `pathSteps`, at most `assetPixels`, and
    /// `drawingWork` units of work (PixelBudget gives each drawing what the scenario has left).
    var drawing: DrawingLimits {
        DrawingLimits(lines: Self.pathLines, steps: Self.pathSteps, pixels: Self.assetPixels, work: drawingWork)
    }

    /// Pixels of the preserved vectors drawn afresh for one variant (RedrawAllowance): 2^24, fixed
    /// (not among `names`: it bounds memory, as the sides of images do).
    var redrawPixels = RedrawAllowance.default.pixels

    /// What drawing preserved vectors afresh may take per variant: `drawingWork`, and `redrawPixels`.
    var redraws: RedrawAllowance { RedrawAllowance(work: drawingWork, pixels: redrawPixels) }
}
