// The work a drawing may do (docs/LIMITS.md §Drawing work). A drawing context charges every
// operation its cost before doing it, against one budget for the whole drawing
// (`DrawingLimits.work`), so a file of a few kilobytes whose operations would run for minutes is
// refused once the budget is spent, after at most a few seconds, and never depends on a clock.
//
// Costs are whole work units, chosen so that one unit is about a nanosecond of this
// implementation's time on the machine docs/PERFORMANCE.md describes (so the default budget is
// a few seconds of drawing). Each is an upper bound of what the operation does, computed from
// numbers known before it runs:
//
//   a path:            lines × `line` (flattening), rasterizer steps × `step` (CoverageRasterizer.work:
//                      per line the rows and columns it spans, plus the box's pixels)
//   a stroke:          lines before dashing × `line`, at most (length / period + 2) × the pattern's
//                      lengths dash pieces × `dashPiece`, then its outline as a path
//   painting:          pixels visited (the shape's box inside the clip's) × the paint's cost per pixel
//   a clip:            its path, then the pixels of its box (union and intersection) × `maskPixel`
//   a layer:           the canvas's pixels × `layerPixel` when it begins (twice for a
//                      non-isolated one, whose paintings are charged their per-pixel cost twice),
//                      and painting its pixels when it ends (the box of those painted, or the
//                      clip's box under the modes that change what a transparent source covers)
//   compositing:       every pixel painted adds `blend(mode)` under a blend mode other than normal
//   a mask from a layer (SVG masks, PDF soft masks): the canvas's pixels × `maskPixel`
//   an image drawn smaller: its taps made × `filterTap`, twice the source rows filtered × the
//                      box's width × the most taps a column has (two bands may filter a row each),
//                      the box's pixels × twice the most taps a row has (bounds computed from the
//                      reduction, RENDERING.md §11.8.1)

public enum DrawingCost {
    /// Any shape's coverage, whatever its size (paths made, masks set up).
    public static let operation = 4_000
    /// One element of a document or one operator replayed, whatever it draws (an SVG element
    /// styled, a PDF `q`, `cm` or `Q`).
    public static let node = 1_500
    /// One style declaration applied to an element as it is drawn (its value parsed again).
    public static let declaration = 1_500
    /// One line of a flattened path or outline, before rasterizing (flattened, sorted by row).
    public static let line = 150
    /// One element of a path looked at before it is flattened (its lines counted: a curve's
    /// pieces by Wang's formula).
    public static let pathElement = 20
    /// One rasterizer step (CoverageRasterizer.work).
    public static let step = 50
    /// One dash piece (split, outlined with its caps).
    public static let dashPiece = 1_000
    /// One pixel composited with a colour.
    public static let colorPixel = 4
    /// One pixel composited with an image sample (bilinear or nearest; an image drawn at an
    /// angle reads its source out of order).
    public static let imagePixel = 16
    /// One tap of the shrinking filter made (a weight divided out and normalised); using a tap
    /// costs two units in the horizontal pass (run by each of two bands) and two in the vertical
    /// one (RENDERING.md §11.8.1).
    public static let filterTap = 24
    /// One pixel composited with an axial gradient's colour.
    public static let axialPixel = 14
    /// A gradient's table of colours, made once for a paint of more than 131,074 pixels
    /// (GradientShader.tabulated: 65,537 colours, each a search among the stops).
    public static let gradientTable = 3_000_000
    /// A gradient's stops, for each paint: they are sorted and quantised, 40 + 16 × log2(n) a stop.
    public static func gradientStops(_ count: Int) -> Int {
        DrawingContext.cost(count, 40 + 16 * log2(count))
    }

    /// What a pixel of a gradient without a table adds: its colour is searched among the stops,
    /// 4 × log2(n).
    static func gradientSearch(_ count: Int) -> Int { 4 * log2(count) }

    /// ⌈log2(n + 1)⌉, the bits of n (at least 1).
    static func log2(_ n: Int) -> Int { Int.bitWidth - max(n, 1).leadingZeroBitCount }
    /// One pixel composited with a radial gradient's colour (its parameter has a square root, in
    /// 128-bit arithmetic where the products pass 64 bits): 42 ns measured on a 2048² canvas of
    /// five full radial fills whose products all pass 64 bits (docs/LIMITS.md §Drawing work).
    public static let radialPixel = 48
    /// One pixel of a mask made or multiplied.
    public static let maskPixel = 4
    /// One pixel of an image a drawing clips to (`clip(to:mask:)`): its grey check, its alpha
    /// plane, and the image made of them to be drawn (16-bit lanes included) — about 20 ns a pixel
    /// measured for a 4095² mask clipped into one pixel, where 4 were charged and 3,000 such clips
    /// ran 44 s before the budget was spent (attack round 16). Its drawing is charged besides.
    public static let maskImagePixel = 24
    /// One pixel of the canvas, or of a transparency layer begun (memory cleared, and the layer
    /// composited when it ends: 2.4 ns a pixel measured for a 1-pixel element's layer on a
    /// 4096² canvas, attack round 15, when it was charged 1).
    public static let layerPixel = 3

    /// What compositing one pixel adds under `mode`: nothing for source-over, more for the modes
    /// computed channel by channel in integers, most for the non-separable ones (hue, saturation,
    /// colour, luminosity), whose blend takes a few hundred operations.
    package static func blend(_ mode: BlendMode) -> Int {
        switch mode {
        case .normal: 0
        case .hue, .saturation, .color, .luminosity: 80
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn, .destinationOut,
            .destinationAtop,
            .xor, .plusLighter, .plusDarker:
            4
        default: 8
        }
    }

    /// The cost per pixel of painting with `paint`.
    static func perPixel(_ paint: Paint) -> Int {
        switch paint {
        case .color, .mesh: colorPixel
        case .pattern: imagePixel
        case let .gradient(gradient, _):
            switch gradient.shape {
            case .axial: axialPixel
            case .radial: radialPixel
            }
        }
    }
}

extension DrawingContext {
    /// Charges `units` of work to the drawing's budget; throws when the budget would be passed
    /// (nothing is charged then, and the operation is not done).
    public mutating func charge(_ units: Int) throws(DrawingFailure) {
        let (total, overflow) = work.addingReportingOverflow(max(0, units))
        guard !overflow, total <= limits.work else { throw .tooMuchWork(limit: limits.work) }
        work = total
    }

    /// `count` × `cost`, saturating (a count from a hostile file may be huge).
    static func cost(_ count: Int, _ cost: Int) -> Int {
        let (product, overflow) = max(0, count).multipliedReportingOverflow(by: cost)
        return overflow ? .max : product
    }
}
