// Rendering a chain's output into pixels (docs/COREIMAGE.md §Rendering): what
// CIContext.createCGImage(_:from:) makes for a rectangle of Core Image's space — the rectangle's
// pixels, the top row first, premultiplied sRGB 8-bit as the default RGBA8 output format writes
// them. UIImage(ciImage:) is rendered the same way over the image's extent.

import Dispatch
import Raster

public enum ChainRendering {
    /// The working images (16 bytes a pixel) a rendering may hold at once: 1 GiB, 22 full-screen
    /// 3x iPhone images.
    public static let maxWorkingBytes = 1 << 30
    /// Bands rendered at once.
    static let workers = 4

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
        // Bands of rows, rendered apart (a pixel's value never depends on the region it is rendered
        // in), at most `workers` at once: their number and size depend on the recipe alone, so the
        // work counted and the memory checked are the same on every machine.
        let reach = recipe.reach
        let bandHeight = max(64, 4 * min(reach, 1 << 20))
        let bands = stride(from: 0, to: region.height, by: bandHeight).map { top in
            PixelRegion(
                x: region.x, y: region.y + region.height - min(region.height, top + bandHeight),
                width: region.width, height: min(bandHeight, region.height - top))
        }
        // Working images: at most liveImages at once in each band, none larger than the band grown
        // by the reach.
        let (grown, tooWide) = (region.width + 2 * reach).multipliedReportingOverflow(
            by: min(bandHeight, region.height) + 2 * reach)
        // Transforms read regions of their own shape: the largest any node makes for a band.
        let largest = tooWide ? Int.max : bands.reduce(grown) { max($0, recipe.largestRegion($1)) }
        let (bytes, tooManyBytes) = largest.multipliedReportingOverflow(
            by: MemoryLayout<WorkingPixel>.stride * recipe.liveImages * workers)
        let tooMany = tooManyBytes || tooWide || largest == .max
        guard !tooMany, bytes <= maxWorkingBytes else {
            throw .chain(.tooMuchMemory(bytes: tooMany ? .max : bytes, limit: maxWorkingBytes))
        }
        let work = bands.reduce(0) { saturatingAdd($0, recipe.cost($1)) }
        guard work <= maxWork else { throw .chain(.tooMuchWork(limit: maxWork)) }
        let width = region.width, count = region.count
        let packed = [UInt32](unsafeUninitializedCapacity: count) { buffer, written in
            nonisolated(unsafe) let target = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: min(workers, bands.count)) { worker in
                for index in stride(from: worker, to: bands.count, by: workers) {
                    let band = bands[index]
                    let first = (region.y + region.height - band.y - band.height) * width  // its top row
                    recipe.render(band).pixels.withUnsafeBufferPointer { WorkingSpace.pack($0, into: target + first) }
                }
            }
            written = count
        }
        return (Bitmap(width: width, height: region.height, pixels: packed), work)
    }
}
