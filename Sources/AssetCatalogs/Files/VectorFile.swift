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
    package static func vector(_ url: URL, shownAs relativePath: String) throws(Failure) -> Result<
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
    package static func unusable(_ url: URL, _ error: VectorReadError, shownAs relativePath: String) -> Failure {
        let format = VectorFormat(pathExtension: url.pathExtension) ?? .svg
        return .message("\"\(relativePath)\" is not a usable \(format.rawValue.uppercased()) file: \(error)")
    }

    /// Refuses a scale at which the drawing would pass what one drawing may cost in memory: 2^24
    /// pixels (as an image file), and the drawing context's 65,536 a side. A drawing is not held
    /// to an image file's 8,192 a side: a banner 2,960 points wide is 8,880 pixels at 3x and 7.75
    /// million pixels in all, which `convert` and UIKit draw (issue 27). Every scale is checked
    /// before any is drawn.
    package static func checkSize(_ document: any VectorImage, scale: Double, shownAs relativePath: String)
        throws(Failure)
    {
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
    package static func render(
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
    package static func overBudget(shownAs relativePath: String, scale: Double, limits: DrawingLimits, fullWork: Int)
        -> Failure
    {
        guard limits.work >= fullWork else { return .overBudget }
        let failure = DrawingFailure.tooMuchWork(limit: limits.work)
        return .workLimit(
            "\"\(relativePath)\" is too complex to draw at \(JSONOutput.format(scale))x: \(failure)"
                + ScenarioLimits.raise(failure))
    }

    /// Whether the path names an SVG or PDF file.
    package static func isVector(_ path: String) -> Bool {
        VectorFormat(pathExtension: (path as NSString).pathExtension) != nil
    }
}
