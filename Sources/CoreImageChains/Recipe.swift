// What a CIImage is: a recipe, evaluated only when rendered (docs/COREIMAGE.md §Recipes). Each node
// knows its extent and renders any region asked of it, asking its inputs for the same region
// (pointwise filters and compositing) or the region its samples read (transforms, blurs). Regions
// outside a node's extent are transparent and cost nothing.

import Raster

/// A chain that cannot be rendered.
public enum ChainFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// More pixel evaluations than the budget allows.
    case tooMuchWork(limit: Int)
    /// An image parameter names an image the caller does not have.
    case missingImage(String)
    /// The working buffers alive at once would take more than `limit` bytes.
    case tooMuchMemory(bytes: Int, limit: Int)
    /// A value beyond what ivsim renders (docs/LIMITS.md), described.
    case beyondLimit(String)

    public var description: String {
        switch self {
        case let .tooMuchWork(limit): "it needs more than \(limit) pixel evaluations"
        case let .missingImage(name): "no image \"\(name)\""
        case let .tooMuchMemory(bytes, limit):
            "its working images would hold \(bytes) bytes at once, more than \(limit)"
        case let .beyondLimit(what): what
        }
    }
}

/// The pixel evaluations a rendering may make (each node's region, pixel by pixel, weighted by its
/// kernel's taps), charged before each node renders.
struct Work {
    let limit: Int
    private(set) var spent = 0

    mutating func charge(_ pixels: Int, taps: Int = 1) throws(ChainFailure) {
        let (cost, overflow) = pixels.multipliedReportingOverflow(by: taps)
        guard !overflow, cost <= limit - spent else { throw .tooMuchWork(limit: limit) }
        spent += cost
    }
}

/// A pixel-to-pixel function (colour filters).
struct PointKernel: Sendable {
    let apply: @Sendable (WorkingPixel) -> WorkingPixel
}

/// A two-image function: the source over the background (compositing and blend modes), and the
/// extent of the result from the inputs' extents.
struct CompositeKernel: Sendable {
    let apply: @Sendable (_ source: WorkingPixel, _ background: WorkingPixel) -> WorkingPixel
    let extent: @Sendable (_ source: Extent, _ background: Extent) -> Extent
}

/// A three-image function: an image, a background and a mask (CIBlendWithMask and its kin).
struct MaskKernel: Sendable {
    let apply: @Sendable (_ image: WorkingPixel, _ background: WorkingPixel, _ mask: WorkingPixel) -> WorkingPixel
}

indirect enum Recipe: Sendable {
    /// CIImage(cgImage:): the bitmap's pixels over [0, 0, width, height], its top row at the top.
    case bitmap(Bitmap)
    case generator(Generator)
    case point(PointKernel, Recipe)
    case composite(CompositeKernel, source: Recipe, background: Recipe)
    case masked(MaskKernel, image: Recipe, background: Recipe, mask: Recipe)
    /// CICrop and CIImage.cropped(to:): the input inside a rectangle, nothing outside.
    case crop(Extent, Recipe)
    /// A separable blur.
    case convolve(Convolution, Recipe)
    /// An image with nothing in it (CIImage.empty(), a missing optional input).
    case empty

    var extent: Extent {
        switch self {
        case let .bitmap(b): .rect(x: 0, y: 0, width: Double(b.width), height: Double(b.height))
        case let .generator(g): g.extent
        case let .point(kernel, input): kernel.keepsClear ? input.extent : .infinite
        case let .composite(kernel, source, background): kernel.extent(source.extent, background.extent)
        case let .masked(_, image, background, _): image.extent.union(background.extent)
        case let .crop(rect, input): input.extent.intersection(rect)
        case let .convolve(kernel, input): kernel.extent(of: input.extent)
        case .empty: .empty
        }
    }

    /// How far, in pixels, the regions the recipe's nodes render reach past the region asked of it
    /// (the blurs' taps, added along the deepest path).
    var reach: Int {
        switch self {
        case .bitmap, .generator, .empty: 0
        case let .point(_, input), let .crop(_, input): input.reach
        case let .convolve(kernel, input): kernel.reach + input.reach
        case let .composite(_, source, background): max(source.reach, background.reach)
        case let .masked(_, image, background, mask): max(image.reach, background.reach, mask.reach)
        }
    }

    /// The most working images alive at once while the recipe renders a region: each node's
    /// result, and what a compositing node holds (its background, then its source) while it renders
    /// its next input.
    var liveImages: Int {
        switch self {
        case .bitmap, .generator, .empty: 1
        case let .point(_, input), let .crop(_, input): input.liveImages
        case let .convolve(_, input): max(input.liveImages, 3)  // the input, the row pass, the output
        case let .composite(_, source, background): max(background.liveImages, 1 + source.liveImages)
        case let .masked(_, image, background, mask):
            max(background.liveImages, 1 + image.liveImages, 2 + mask.liveImages)
        }
    }

    /// The working pixels of `region`, charged to `work` as they are made.
    func render(_ region: PixelRegion, _ work: inout Work) throws(ChainFailure) -> WorkingImage {
        let extent = self.extent
        if extent.isEmpty || extent.intersection(region.extent).isEmpty { return WorkingImage(region) }
        try work.charge(region.count)
        var image: WorkingImage
        switch self {
        case let .bitmap(bitmap):
            image = WorkingImage(region)
            let left = max(region.x, 0), right = min(region.x + region.width, bitmap.width)
            let bottom = max(region.y, 0), top = min(region.y + region.height, bitmap.height)
            for y in bottom..<top {
                let sourceRow = (bitmap.height - 1 - y) * bitmap.width
                var i = image.index(left, y)
                for x in left..<right {
                    image.pixels[i] = WorkingSpace.working(bitmap.pixels[sourceRow + x])
                    i += 1
                }
            }
        case let .generator(generator):
            image = WorkingImage(region, generator.pixel)
        case let .point(kernel, input):
            image = try input.render(region, &work)
            for i in image.pixels.indices { image.pixels[i] = kernel.apply(image.pixels[i]) }
        case let .composite(kernel, source, background):
            image = try background.render(region, &work)
            let top = try source.render(region, &work)
            for i in image.pixels.indices { image.pixels[i] = kernel.apply(top.pixels[i], image.pixels[i]) }
        case let .masked(kernel, picture, background, mask):
            image = try background.render(region, &work)
            let top = try picture.render(region, &work)
            let m = try mask.render(region, &work)
            for i in image.pixels.indices {
                image.pixels[i] = kernel.apply(top.pixels[i], image.pixels[i], m.pixels[i])
            }
        case let .crop(_, input):
            image = try input.render(region, &work)
        case let .convolve(kernel, input):
            let source = kernel.source(of: region)
            try work.charge(source.height * region.width + region.count, taps: kernel.weights.count)
            image = kernel.apply(try input.render(source, &work), to: region)
        case .empty:
            image = WorkingImage(region)
        }
        image.clear(outside: extent)
        return image
    }
}

extension PointKernel {
    /// Whether the kernel maps transparent to transparent, so the result keeps the input's extent.
    /// Core Image's colour filters do (they work on un-premultiplied colour and premultiply again);
    /// a colour matrix with an alpha bias does not, and its result is infinite.
    var keepsClear: Bool { apply(.zero) == .zero }
}
