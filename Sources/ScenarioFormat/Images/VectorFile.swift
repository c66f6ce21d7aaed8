import Foundation
import ImageViews
import Raster
import Syntax
import Vector

// Vector files (SVG and PDF), in scenarios' `file` sources and in image sets (docs/SVG.md,
// docs/PDF.md): read and checked once, drawn at each scale they are shown at, within the limits
// bitmaps have.

extension AssetFile {
    /// Reads and checks an SVG or PDF document (by its extension): the document, or why it is
    /// not usable (what the file holds, the same for every path it is shown as); a file that
    /// cannot be read throws.
    static func vector(_ url: URL, shownAs relativePath: String) throws(Failure) -> Result<
        any VectorImage, VectorReadError
    > {
        let format = VectorFormat(pathExtension: url.pathExtension) ?? .svg
        let bytes = try contents(url, shownAs: relativePath, upTo: nil)
        do throws(VectorReadError) {
            return .success(try format.read(bytes))
        } catch {
            return .failure(error)
        }
    }

    /// The failure for a document that was read but is not usable.
    static func unusable(_ url: URL, _ error: VectorReadError, shownAs relativePath: String) -> Failure {
        let format = VectorFormat(pathExtension: url.pathExtension) ?? .svg
        return .message("\"\(relativePath)\" is not a usable \(format.rawValue.uppercased()) file: \(error)")
    }

    /// Refuses a scale at which the drawing would pass what one drawing may cost in memory: 2^24
    /// pixels (as an image file), and the drawing context's 65,536 a side. A drawing is not held
    /// to an image file's 8,192 a side: a banner 2,960 points wide is 8,880 pixels at 3x and 7.75
    /// million pixels in all, which `convert` and UIKit draw (issue 27). Every scale is checked
    /// before any is drawn.
    static func checkSize(_ document: any VectorImage, scale: Double, shownAs relativePath: String) throws(Failure) {
        let (w, h) = document.pixelSize(scale: scale)
        let side = DrawingContext.maxSide
        guard w <= side, h <= side, w * h <= ScenarioLimits.assetPixels else {
            throw .message(
                "\"\(relativePath)\" drawn at \(JSONOutput.format(scale))x is \(w) × \(h) pixels, more than a drawing may have "
                    + "(\(ScenarioLimits.assetPixels) pixels, \(side) a side; docs/LIMITS.md)")
        }
    }

    /// The document drawn at `scale` within `limits`, and the work it took. Past the work it is
    /// refused as too complex when `limits.work` is one drawing's whole budget (`fullWork`), and
    /// as `overBudget` when it was what the scenario had left (PixelBudget reports that).
    static func render(
        _ document: any VectorImage, scale: Double, shownAs relativePath: String,
        limits: DrawingLimits, fullWork: Int
    ) throws(Failure) -> (Bitmap, Int) {
        try checkSize(document, scale: scale, shownAs: relativePath)
        do throws(DrawingFailure) {
            return try document.render(scale: scale, limits: limits)
        } catch {
            if case .tooMuchWork = error {
                throw overBudget(shownAs: relativePath, scale: scale, limits: limits, fullWork: fullWork)
            }
            throw .message(
                "\"\(relativePath)\" is too complex to draw at \(JSONOutput.format(scale))x: \(error)"
                    + ScenarioLimits.raise(error))
        }
    }

    /// The refusal of a drawing that needs more than `limits.work`.
    static func overBudget(shownAs relativePath: String, scale: Double, limits: DrawingLimits, fullWork: Int) -> Failure
    {
        guard limits.work >= fullWork else { return .overBudget }
        let failure = DrawingFailure.tooMuchWork(limit: limits.work)
        return .workLimit(
            "\"\(relativePath)\" is too complex to draw at \(JSONOutput.format(scale))x: \(failure)"
                + ScenarioLimits.raise(failure))
    }

    /// Whether the path names an SVG or PDF file.
    static func isVector(_ path: String) -> Bool {
        VectorFormat(pathExtension: (path as NSString).pathExtension) != nil
    }
}

extension ImageReader {
    /// A `file` source that is an SVG or a PDF: drawn at `scale` when given (UIImage(data:scale:)'s
    /// counterpart), else at every display scale as variants, as a single-scale vector image set
    /// is (docs/SVG.md §Scale).
    func vectorFile(_ url: URL, path: String, name: String, scale: Double?, node: JSONNode) -> Image? {
        guard budget.admitDocument(url, at: node) else { return nil }
        let document: any VectorImage
        switch assets.cache.vector(url, area: assets.area, shownAs: path) {
        case let .success(value): document = value
        case let .failure(failure):
            d.error(node, failure.message)
            return nil
        }
        for s in scale.map({ [$0] }) ?? Self.drawingScales.map(Double.init) {
            do throws(AssetFile.Failure) {
                try AssetFile.checkSize(document, scale: s, shownAs: path)
            } catch {
                d.error(node, error.message)
                return nil
            }
        }
        return rendered(at: scale, node: node, pixelSize: document.pixelSize(scale:)) { s, spent in
            switch assets.cache.renderedVector(
                url, area: assets.area, shownAs: path, scale: s, limits: budget.drawingLimits(spent: spent),
                fullWork: d.limits.drawingWork)
            {
            case let .success(file):
                var image = Image(name: name, pixels: file.pixels, scale: s).withSource(path)
                image.drawing = file.drawing
                return image
            case .failure(.overBudget):
                budget.drawingRefused = true
                return nil
            case let .failure(failure):
                if case .workLimit = failure { budget.drawingSpent = true }
                d.error(node, failure.message)
                return nil
            }
        }
    }

    /// One image, or (for renderings at the display scales) the one for the default traits with
    /// every rendering as a variant for its scale.
    static func scaleVariants(_ made: [(Double, Image)], fixed: Bool) -> Image? {
        guard let first = made.first else { return nil }
        guard !fixed else { return first.1 }
        var image = made.first { Int($0.0) == Traits().displayScale }?.1 ?? first.1
        image.variants = made.map {
            AssetVariant(
                conditions: AssetConditions(scale: Int($0.0)), value: $0.1,
                source: $0.1.source ?? "drawn at \(Int($0.0))x")
        }
        return image
    }
}
