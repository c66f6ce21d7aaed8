import Foundation
import ImageViews
import Raster
import Syntax
import Vector
import AssetCatalogs

// A `file` image source that is an SVG or a PDF (docs/SVG.md §Scale, docs/PDF.md).

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
