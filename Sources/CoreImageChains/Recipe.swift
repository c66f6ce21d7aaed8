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

/// a + b, or Int.max when it overflows.
@inline(__always)
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
}

/// What evaluating one pixel of a node costs, in units of `drawing-work` (about a nanosecond of one
/// core each), measured on 2048² renders of 16-filter chains (docs/LIMITS.md §Drawing work):
/// colour filters 1–3.5 ns a pixel on two cores, CIGammaAdjust's x^y 16, blend modes 9–14, the
/// non-separable ones 28, Porter-Duff compositing and gradients about 2, an image's pixels
/// (converted to linear light for each node that reads them) and a composite over them 22 at 4096².
/// Each was charged 1 until attack rounds 16 and 17 (64 gamma filters over 4096² ran 43 s within
/// the budget, 36 composites over an image 13 s).
enum EvaluationCost {
    /// A colour filter's pixel, a mask blend's, a generator's, a Porter-Duff composite's, an
    /// image's.
    static let pixel = 8
    /// A pixel of a filter that takes x^y.
    static let power = 32
    /// A pixel of a separable blend mode.
    static let blend = 32
    /// A pixel of a hue, saturation, colour or luminosity blend.
    static let wholeBlend = 64
    /// A pixel of an affine transform's bilinear sampling (four taps): 13 ns measured for 50
    /// identity transforms over 4096² (44 s within the limit at 4, attack round 17).
    static let resample = 16
}

/// A pixel-to-pixel function (colour filters), applied to four pixels at once, each lane as the
/// pixel alone (PixelQuad).
struct PointKernel: Sendable {
    var cost = EvaluationCost.pixel
    let quad: @Sendable (inout PixelQuad) -> Void

    /// The kernel over every quad of `quads`, in place.
    @inline(__always)
    func apply(_ quads: UnsafeMutableBufferPointer<PixelQuad>) {
        let quad = self.quad
        for i in quads.indices { quad(&quads[i]) }
    }

    /// The kernel over every pixel of `pixels`, in place.
    func apply(_ pixels: UnsafeMutableBufferPointer<WorkingPixel>) {
        PixelQuad.forEachBlock(pixels) { apply($0) }
    }

    /// The kernel's value at one pixel.
    func apply(_ pixel: WorkingPixel) -> WorkingPixel {
        var quad = PixelQuad(
            r: SIMD4(repeating: pixel.x), g: SIMD4(repeating: pixel.y), b: SIMD4(repeating: pixel.z),
            a: SIMD4(repeating: pixel.w))
        self.quad(&quad)
        return WorkingPixel(quad.r[0], quad.g[0], quad.b[0], quad.a[0])
    }
}

/// A two-image function: the source over the background (compositing and blend modes), and the
/// extent of the result from the inputs' extents.
struct CompositeKernel: Sendable {
    var cost = EvaluationCost.pixel
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
    /// CIAffineTransform: the input mapped by an affine transform, sampled bilinearly.
    case resample(Resampling, Recipe)
    /// CILanczosScaleTransform: the input scaled along each axis by a Lanczos-3 kernel.
    case lanczos(LanczosScale, Recipe)
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
        case let .resample(sampling, input): sampling.extent(of: input.extent)
        case let .lanczos(scale, input): scale.extent(of: input.extent)
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
        case let .resample(_, input), let .lanczos(_, input): input.reach  // own reads: `largestRegion`
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
        case let .resample(_, input): max(input.liveImages, 2)  // the input's pixels, the output
        case let .lanczos(_, input): max(input.liveImages, 3)  // the input, the rows pass, the output
        case let .composite(_, source, background): max(background.liveImages, 1 + source.liveImages)
        case let .masked(_, image, background, mask):
            max(background.liveImages, 1 + image.liveImages, 2 + mask.liveImages)
        }
    }

    /// The pixel evaluations rendering `region` makes (each node's region, pixel by pixel, a blur's
    /// weighted by its taps; nothing where a node's extent misses the region), Int.max past it.
    func cost(_ region: PixelRegion) -> Int {
        let extent = self.extent
        if extent.isEmpty || extent.intersection(region.extent).isEmpty { return 0 }
        let own = region.count
        /// The region's pixels at `units` each.
        func evaluations(_ units: Int) -> Int {
            let (product, overflow) = own.multipliedReportingOverflow(by: units)
            return overflow ? .max : product
        }
        switch self {
        case .empty: return own
        case .bitmap, .generator: return evaluations(EvaluationCost.pixel)
        case let .crop(_, input): return saturatingAdd(own, input.cost(region))
        case let .point(kernel, input): return saturatingAdd(evaluations(kernel.cost), input.cost(region))
        case let .composite(kernel, source, background):
            return saturatingAdd(
                evaluations(kernel.cost), saturatingAdd(background.cost(region), source.cost(region)))
        case let .masked(_, image, background, mask):
            return saturatingAdd(
                evaluations(EvaluationCost.pixel),
                saturatingAdd(background.cost(region), saturatingAdd(image.cost(region), mask.cost(region))))
        case let .convolve(kernel, input):
            let source = kernel.source(of: region)
            let (taps, overflow) = saturatingAdd(source.height * region.width, region.count)
                .multipliedReportingOverflow(by: kernel.weights.count)
            return saturatingAdd(own, saturatingAdd(overflow ? .max : taps, input.cost(source)))
        case let .resample(sampling, input):
            // Four taps a pixel, and the input over the region its samples read.
            guard let source = sampling.source(of: region, input: input.extent) else { return own }
            let (count, overflow) = source.width.multipliedReportingOverflow(by: source.height)
            guard !overflow, count < Int.max / 4 else { return .max }
            return saturatingAdd(evaluations(EvaluationCost.resample), input.cost(source))
        case let .lanczos(scale, input):
            guard let source = scale.source(of: region, input: input.extent) else { return own }
            // Each pass's taps over the pixels it makes (rows: the source's rows × the region's columns).
            let passes = saturatingAdd(source.height * region.width, region.count)
            let (taps, overflow) = passes.multipliedReportingOverflow(by: scale.taps())
            return saturatingAdd(saturatingAdd(own, overflow ? .max : taps), input.cost(source))
        }
    }

    /// The most pixels one node renders at once for `region` (what bounds the working memory of
    /// transforms, whose reads do not follow the region's shape), Int.max past it.
    func largestRegion(_ region: PixelRegion) -> Int {
        let extent = self.extent
        if extent.isEmpty || extent.intersection(region.extent).isEmpty { return 0 }
        let (own, overflow) = region.width.multipliedReportingOverflow(by: region.height)
        if overflow { return .max }
        switch self {
        case .bitmap, .generator, .empty: return own
        case let .point(_, input), let .crop(_, input): return max(own, input.largestRegion(region))
        case let .composite(_, source, background):
            return max(own, source.largestRegion(region), background.largestRegion(region))
        case let .masked(_, image, background, mask):
            return max(own, image.largestRegion(region), background.largestRegion(region), mask.largestRegion(region))
        case let .convolve(kernel, input):
            let source = kernel.source(of: region)
            let (count, overflow) = source.width.multipliedReportingOverflow(by: source.height)
            return overflow ? .max : max(own, count, input.largestRegion(source))
        case let .resample(sampling, input):
            guard let source = sampling.source(of: region, input: input.extent) else { return own }
            let (count, overflow) = source.width.multipliedReportingOverflow(by: source.height)
            return overflow ? .max : max(own, count, input.largestRegion(source))
        case let .lanczos(scale, input):
            guard let source = scale.source(of: region, input: input.extent) else { return own }
            let (count, overflow) = source.width.multipliedReportingOverflow(by: source.height)
            let (rows, rowsOverflow) = source.height.multipliedReportingOverflow(by: region.width)
            return overflow || rowsOverflow ? .max : max(own, count, rows, input.largestRegion(source))
        }
    }

    /// The working pixels of `region`.
    func render(_ region: PixelRegion) -> WorkingImage {
        let extent = self.extent
        if extent.isEmpty || extent.intersection(region.extent).isEmpty { return WorkingImage(region) }
        var image: WorkingImage
        switch self {
        case let .bitmap(bitmap):
            image = WorkingImage(region)
            let left = max(region.x, 0), right = min(region.x + region.width, bitmap.width)
            let bottom = max(region.y, 0), top = min(region.y + region.height, bitmap.height)
            if left < right && bottom < top {
                WorkingSpace.linearOfLevel.withUnsafeBufferPointer { linear in
                    bitmap.pixels.withUnsafeBufferPointer { source in
                        image.pixels.withUnsafeMutableBufferPointer { pixels in
                            for y in bottom..<top {
                                let sourceRow = (bitmap.height - 1 - y) * bitmap.width
                                let i = WorkingImage.index(left, y, in: region) - left
                                for x in left..<right {
                                    pixels[i + x] = WorkingSpace.working(source[sourceRow + x], linear.baseAddress!)
                                }
                            }
                        }
                    }
                }
            }
        case let .generator(generator):
            image = generator.image(region)
        case .point:
            // A run of colour filters is applied four pixels at a time, a block of them at once,
            // the first (innermost) filter first; each pixel is read and written once for the run.
            var kernels: [PointKernel] = []
            var node = self
            while case let .point(kernel, input) = node {
                kernels.append(kernel)
                node = input
            }
            kernels.reverse()
            image = node.render(region)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                PixelQuad.forEachBlock(pixels) { quads in
                    for kernel in kernels { kernel.apply(quads) }
                }
            }
        case let .composite(kernel, source, background):
            image = background.render(region)
            let top = source.render(region)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                top.pixels.withUnsafeBufferPointer { top in
                    for i in pixels.indices { pixels[i] = kernel.apply(top[i], pixels[i]) }
                }
            }
        case let .masked(kernel, picture, background, mask):
            image = background.render(region)
            let top = picture.render(region)
            let m = mask.render(region)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                top.pixels.withUnsafeBufferPointer { top in
                    m.pixels.withUnsafeBufferPointer { m in
                        for i in pixels.indices { pixels[i] = kernel.apply(top[i], pixels[i], m[i]) }
                    }
                }
            }
        case let .crop(_, input):
            image = input.render(region)
        case let .convolve(kernel, input):
            image = kernel.apply(input.render(kernel.source(of: region)), to: region)
        case let .resample(sampling, input):
            image = sampling.apply(
                sampling.source(of: region, input: input.extent).map { input.render($0) }, to: region)
        case let .lanczos(scale, input):
            image = scale.apply(scale.source(of: region, input: input.extent).map { input.render($0) }, to: region)
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
