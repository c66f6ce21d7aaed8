// Rendering a chain's output into pixels (docs/COREIMAGE.md §Rendering): what
// CIContext.createCGImage(_:from:) makes for a rectangle of Core Image's space — the rectangle's
// pixels, the top row first, premultiplied sRGB 8-bit as the default RGBA8 output format writes
// them. UIImage(ciImage:) is rendered the same way over the image's extent.

import Raster

public enum ChainRendering {
    /// The working images (16 bytes a pixel) a rendering may hold at once: 1 GiB, 22 full-screen
    /// 3x iPhone images.
    public static let maxWorkingBytes = 1 << 30

    /// Why a chain's output cannot become pixels.
    public enum Failure: Error, Equatable, Sendable {
        /// The output has no edge (a generator not cropped): createCGImage needs a rectangle.
        case infinite
        /// The output has no pixels (an empty extent, or a rectangle without area).
        case empty
        /// The rectangle has more pixels than `maxPixels`.
        case tooLarge(width: Double, height: Double)
        case chain(ChainFailure)
    }

    /// The output's extent, its images taken from `images`.
    public static func extent(of chain: FilterChain, images: [String: Bitmap]) throws(ChainFailure) -> Extent {
        try chain.recipe(images).extent
    }

    /// The whole pixels a rectangle of Core Image's space covers: CGRect.integral (edges moved out to
    /// whole numbers), as a bitmap context's pixels cover it.
    public static func region(x: Double, y: Double, width: Double, height: Double) -> PixelRegion? {
        let left = x.rounded(.down), bottom = y.rounded(.down)
        let right = (x + width).rounded(.up), top = (y + height).rounded(.up)
        let limit = Double(1 << 30)
        guard left.isFinite, bottom.isFinite, right.isFinite, top.isFinite, abs(left) < limit, abs(bottom) < limit,
            abs(right) < limit, abs(top) < limit, right > left, top > bottom
        else { return nil }
        return PixelRegion(x: Int(left), y: Int(bottom), width: Int(right - left), height: Int(top - bottom))
    }

    /// The pixels of `rect` (the output's extent when nil), at most `maxPixels` of them and
    /// `maxWork` pixel evaluations, and the evaluations made.
    public static func render(
        _ chain: FilterChain, rect: (x: Double, y: Double, width: Double, height: Double)?,
        images: [String: Bitmap], maxPixels: Int, maxWork: Int
    ) throws(Failure) -> (bitmap: Bitmap, work: Int) {
        let recipe: Recipe
        do { recipe = try chain.recipe(images) } catch { throw .chain(error) }
        let bounds: (x: Double, y: Double, width: Double, height: Double)
        if let rect {
            bounds = rect
        } else {
            switch recipe.extent {
            case .infinite: throw .infinite
            case let .rect(x, y, w, h): bounds = (x, y, w, h)
            }
        }
        guard let region = region(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height) else {
            if bounds.width > 0, bounds.height > 0 { throw .tooLarge(width: bounds.width, height: bounds.height) }
            throw .empty
        }
        let (pixels, overflow) = region.width.multipliedReportingOverflow(by: region.height)
        guard !overflow, pixels <= maxPixels else { throw .tooLarge(width: bounds.width, height: bounds.height) }
        // Working images: at most liveImages at once, none larger than the region grown by the reach.
        let reach = recipe.reach
        let (grown, tooWide) = (region.width + 2 * reach).multipliedReportingOverflow(by: region.height + 2 * reach)
        let (bytes, tooManyBytes) = grown.multipliedReportingOverflow(
            by: MemoryLayout<WorkingPixel>.stride * recipe.liveImages)
        let tooMany = tooManyBytes || tooWide
        guard !tooMany, bytes <= maxWorkingBytes else {
            throw .chain(.tooMuchMemory(bytes: tooMany ? .max : bytes, limit: maxWorkingBytes))
        }
        var work = Work(limit: maxWork)
        let image: WorkingImage
        do { image = try recipe.render(region, &work) } catch { throw .chain(error) }
        return (
            Bitmap(width: region.width, height: region.height, pixels: image.pixels.map(WorkingSpace.packed)),
            work.spent
        )
    }
}
