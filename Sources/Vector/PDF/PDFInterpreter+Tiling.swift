import Raster

// Coloured tiling patterns (PatternType 1, PaintType 1; ISO 32000-1 §8.7.3): the cell's content
// stream compiled once in pattern space, clipped to its /BBox, and a fill painted with the
// pattern drawn as copies of the cell at (i·XStep, j·YStep) — every copy whose box meets the
// path's box — inside the path (docs/PDF.md §Patterns). Uncoloured patterns (PaintType 2) and
// tiling patterns on strokes are refused.

extension PDFInterpreter {
    /// Copies of a cell one fill may draw.
    static let maxTiles = 4096
    /// Copies × the cell's operations one fill may replay.
    static let maxTiledOperations = 4_000_000

    /// A tiling pattern's colour: its cell compiled, and its space's transform to the page.
    mutating func tiling(
        _ raw: PDFObject, _ d: [String: PDFObject], resources: [String: PDFObject]?, toPage: AffineTransform
    ) throws(PDFError) -> PDFColor {
        guard try file.value(d, "PaintType")?.integer == 1 else {
            throw PDFError(
                "an uncoloured tiling pattern (PaintType 2) is not read (ivsim reads coloured ones: export the pattern's colours)"
            )
        }
        guard case let .stream(stream) = try file.resolve(raw) else {
            throw PDFError("a tiling pattern is not a stream (its cell's content)")
        }
        guard let b = try file.numbers(d["BBox"]), b.count == 4, b.allSatisfy(\.isFinite) else {
            throw PDFError("a tiling pattern needs a /BBox of four numbers")
        }
        let box = (x: min(b[0], b[2]), y: min(b[1], b[3]), width: abs(b[2] - b[0]), height: abs(b[3] - b[1]))
        guard let xStep = try file.value(d, "XStep")?.number, let yStep = try file.value(d, "YStep")?.number,
            xStep.isFinite, yStep.isFinite, xStep != 0, yStep != 0
        else {
            throw PDFError("a tiling pattern needs an /XStep and a /YStep that are numbers other than 0")
        }
        // The cell in pattern space: its content with the pattern's resources, its patterns and
        // soft masks relative to the pattern's space.
        let outerCTM = state.ctm
        state.ctm = toPage
        defer { state.ctm = outerCTM }
        let cell = try nested(
            stream, number: raw.referenceNumber, place: "pattern",
            resources: try file.value(d, "Resources")?.dictionary ?? resources, transform: .identity,
            clip: ShapePath.rectangle(x: box.x, y: box.y, width: box.width, height: box.height),
            freshCompositing: true)
        return .tiling(PDFTiling(cell: cell, box: box, xStep: xStep, yStep: yStep), toPage)
    }

    /// The operations of filling `path` (current user space) with a tiling pattern: inside the
    /// path, a copy of the cell for each (i, j) whose box, moved by (i·XStep, j·YStep), meets the
    /// path's box in pattern space (the box of its points and control points), composited as a
    /// group when the fill has an alpha below 1 or a blend mode.
    func tiledFill(_ path: ShapePath, _ rule: FillRule, _ tiling: PDFTiling, toPage: AffineTransform)
        throws(PDFError) -> [PDFOperation]
    {
        guard let fromPage = state.ctm.inverted, let toPattern = toPage.inverted else { return [] }
        let patternToUser = fromPage.prepending(toPage)
        let userToPattern = toPattern.prepending(state.ctm)
        var lo = (x: Double.infinity, y: Double.infinity), hi = (x: -Double.infinity, y: -Double.infinity)
        for element in path.elements {
            let points: [Point2]
            switch element {
            case let .move(p), let .line(p): points = [p]
            case let .quad(c, p): points = [c, p]
            case let .cubic(c1, c2, p): points = [c1, c2, p]
            case .close: points = []
            }
            for p in points {
                let q = userToPattern.apply(p.x, p.y)
                lo = (min(lo.x, q.x), min(lo.y, q.y))
                hi = (max(hi.x, q.x), max(hi.y, q.y))
            }
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return [] }
        // Copy i covers [box.x + i·step, box.x + box.width + i·step] along x (steps may be negative).
        func copies(_ lo: Double, _ hi: Double, _ start: Double, _ size: Double, _ step: Double) -> ClosedRange<Double>?
        {
            let a = (lo - start - size) / step, b = (hi - start) / step
            let first = min(a, b).rounded(.up), last = max(a, b).rounded(.down)
            return first <= last ? first...last : nil
        }
        guard let columns = copies(lo.x, hi.x, tiling.box.x, tiling.box.width, tiling.xStep),
            let rows = copies(lo.y, hi.y, tiling.box.y, tiling.box.height, tiling.yStep)
        else { return [] }
        let count = (columns.upperBound - columns.lowerBound + 1) * (rows.upperBound - rows.lowerBound + 1)
        guard count <= Double(Self.maxTiles),
            count * Double(tiling.cell.count) <= Double(Self.maxTiledOperations)
        else {
            throw PDFError(
                "a tiling pattern would draw more than \(Self.maxTiles) copies of its cell (or "
                    + "\(Self.maxTiledOperations) operations) in one fill (docs/LIMITS.md): use larger cells")
        }
        var transforms: [AffineTransform] = []
        for j in Int(rows.lowerBound)...Int(rows.upperBound) {
            for i in Int(columns.lowerBound)...Int(columns.upperBound) {
                transforms.append(
                    patternToUser.prepending(
                        AffineTransform(
                            a: 1, b: 0, c: 0, d: 1, tx: Double(i) * tiling.xStep, ty: Double(j) * tiling.yStep)))
            }
        }
        let tiles = PDFOperation.tiles(tiling.cell, transforms)
        let how = PDFCompositing(alpha: state.fillAlpha, blendMode: state.blendMode)
        return [.save, .clip(path, rule), how == .normal ? tiles : .group([tiles], how, nonIsolated: false), .restore]
    }
}
