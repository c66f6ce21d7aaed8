// What one scenario may ask for, in one place: the run limits whoever runs ivsim may raise and
// the fixed ranges of single values (docs/LIMITS.md). What the drawing limits hand to the drawing
// context is an extension in the scenario module (ScenarioLimits+Drawing).

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

    /// Pixels of the preserved vectors drawn afresh for one variant; nil is RedrawAllowance's
    /// 2^24 (ImageViews). Fixed for users (not among `names`: it bounds memory, as the sides of
    /// images do); tests lower it.
    package var redrawPixels: Int?

    /// The defaults.
    public static let `default` = ScenarioLimits()

    public init() {}

    /// The limits `--limit NAME=N` can set, by name, with what each counts.
    public static let names:
        [(name: String, what: String, keyPath: any WritableKeyPath<ScenarioLimits, Int> & Sendable)] = [
            ("file-bytes", "bytes of scenario JSON", \.fileBytes),
            ("views", "views in one scenario", \.views),
            ("constraints", "constraints in one scenario", \.constraints),
            ("variants", "variants of one scenario", \.variants),
            ("image-bytes", "bytes of image memory in one scenario", \.imageBytes),
            ("layout-work", "views plus ten times constraints, summed over one scenario's variants", \.layoutWork),
            ("render-pixels", "pixel operations to render one scenario's variants", \.renderPixels),
            (
                "drawing-work", "units of work drawing one scenario's vector files, drawn images and preserved vectors",
                \.drawingWork
            )
        ]

    /// The limit called `name` among `names`, or nil.
    public static func named(_ name: String) -> (
        name: String, what: String, keyPath: any WritableKeyPath<ScenarioLimits, Int> & Sendable
    )? {
        names.first { $0.name == name }
    }

    /// " (limits: file-bytes, views, …)" and a "did you mean" for an unknown limit's message.
    package static func knownNames(after name: String) -> String {
        let all = names.map(\.name)
        return Suggestions.didYouMean(name, among: all) + " (limits: \(all.joined(separator: ", ")))"
    }

    /// " (limit NAME, docs/LIMITS.md; raise it with --limit NAME=N)" for messages.
    package static func raise(_ name: String) -> String {
        " (limit \"\(name)\" in docs/LIMITS.md; whoever runs ivsim may raise it with --limit \(name)=N)"
    }

    /// Canvas side in points.
    package static let canvas: ClosedRange<Double> = 1...2048
    /// Any coordinate in points.
    package static let coordinate: ClosedRange<Double> = -100_000...100_000
    /// Any view size in points.
    package static let length: ClosedRange<Double> = 0...100_000
    /// Generated image side in pixels.
    package static let generatedPixels: ClosedRange<Double> = 1...4096
    /// Image scale (pixels per point).
    package static let imageScale: ClosedRange<Double> = 0.25...16
    /// Insets in points.
    package static let inset: ClosedRange<Double> = -10_000...10_000
    /// Animation durations and times in seconds.
    package static let seconds: ClosedRange<Double> = 0...86_400
    package static let repeatCount: ClosedRange<Double> = 0...1_000_000
    /// Lines a generated path or a drawing's operation flattens to, and its rasterizer steps
    /// (CoverageRasterizer.work).
    package static let pathLines = 1_000_000
    package static let pathSteps = 50_000_000
    /// Asset file pixels.
    package static let assetSide = 8192
    package static let assetPixels = 1 << 24
}
