import AssetCatalogs
import CoreImageChains
import ImageViews
import Raster
import Syntax

extension ImageReader {
    /// Renders a Core Image source: its chain's output as createCGImage(_:from:) or UIImage(ciImage:)
    /// makes it (docs/COREIMAGE.md §Rendering). CIImage(image:) takes an input's CGImage — the pixels
    /// of the variant a screen of that scale shows, as stored (its orientation not applied) — so a
    /// chain reading images is rendered once per display scale (variants, each of scale 1 unless
    /// `scale` says otherwise: UIImage(cgImage:) on a 3x screen is three times the size in points);
    /// a chain of generators only, once.
    func renderCoreImage(_ recipe: CoreImageRecipe, name: String, inputs: [String: Image], node: JSONNode) -> Image? {
        for (base, image) in inputs.sorted(by: { $0.key < $1.key }) where !image.frames.isEmpty {
            d.error(
                node,
                "\"\(base)\" is animated: CIImage(image:) of an animated UIImage is nil (it has no CGImage); use one of its frames"
            )
            return nil
        }
        let varies = inputs.values.contains { !$0.variants.isEmpty }
        let scales = varies ? Self.drawingScales : [Traits().displayScale]
        var made: [(scale: Int, image: Image)] = []
        var spent = 0
        for displayScale in scales {
            let traits = Traits(displayScale: displayScale)
            let bitmaps = inputs.mapValues { $0.resolved(for: traits).pixels.bitmap }
            guard let image = renderChain(recipe, name: name, bitmaps: bitmaps, spent: spent, node: node) else {
                return nil
            }
            spent += image.drawing?.work ?? 0
            made.append((displayScale, image))
        }
        guard varies, let first = made.first else { return made.first?.image }
        var image = made.first { $0.scale == Traits().displayScale }?.image ?? first.image
        image.variants = made.map {
            AssetVariant(
                conditions: AssetConditions(scale: $0.scale), value: $0.image, source: "Core Image at \($0.scale)x")
        }
        return image
    }

    /// One rendering of the chain over `bitmaps`, its pixels charged to the scenario's budget first.
    private func renderChain(
        _ recipe: CoreImageRecipe, name: String, bitmaps: [String: Bitmap], spent: Int, node: JSONNode
    ) -> Image? {
        let limits = budget.drawingLimits(spent: spent)
        // UIImage(ciImage:)'s size is its extent's: ivsim's images are whole pixels, so an extent
        // between pixels is refused rather than shown at a size UIKit would not give it.
        if recipe.route == .ciImage,
            case let .rect(x, y, w, h)? = try? ChainRendering.extent(of: recipe.chain, images: bitmaps),
            [x, y, w, h].contains(where: { $0 != $0.rounded() })
        {
            d.error(
                node,
                "the output's extent [\(JSONOutput.format(x)), \(JSONOutput.format(y)), \(JSONOutput.format(w)), "
                    + "\(JSONOutput.format(h))] is not on whole pixels, so UIImage(ciImage:) would be \(JSONOutput.format(w)) × "
                    + "\(JSONOutput.format(h)) points at scale 1, a size ivsim's whole-pixel images cannot have: crop it to whole "
                    + "pixels with CICrop, or render it with \"render\": \"cgImage\" (createCGImage takes the pixels around it)"
            )
            return nil
        }
        let output: (bitmap: Bitmap, work: Int)
        do throws(ChainRendering.Failure) {
            output = try ChainRendering.render(
                recipe.chain, rect: recipe.rect, images: bitmaps, maxPixels: limits.pixels, maxWork: limits.work)
        } catch {
            coreImageFailed(error, limits: limits, node: node)
            return nil
        }
        let (pixels, overflow) = output.bitmap.pixels.count.multipliedReportingOverflow(by: PixelBudget.bytesPerPixel)
        guard !overflow,
            budget.reserve(pixels, for: "\(output.bitmap.width) × \(output.bitmap.height) px", at: node)
        else { return nil }
        var image = Image(name: name, pixels: SourceImage(output.bitmap, opaque: false), scale: recipe.scale ?? 1)
        budget.markCharged(image.pixels)
        image.drawing = DrawingRecord(work: output.work)
        image.source = recipe.route == .cgImage ? "CIContext.createCGImage" : Image.ciImageSource
        return image
    }

    private func coreImageFailed(_ error: ChainRendering.Failure, limits: DrawingLimits, node: JSONNode) {
        switch error {
        case .infinite:
            d.error(
                node,
                "the chain's output has an infinite extent (a generator not cropped, or a filter that colours transparent "
                    + "pixels, such as a colour matrix with an alpha bias): give \"rect\" ([x, y, width, height], "
                    + "createCGImage(_:from:)'s rectangle) or end the chain with {\"filter\": \"CICrop\", \"inputRectangle\": […]}"
            )
        case .empty:
            d.error(node, "the chain's output is empty (its extent has no pixels), so createCGImage returns nil")
        case let .tooLarge(width, height):
            d.error(
                node,
                "the output is \(JSONOutput.format(width)) × \(JSONOutput.format(height)) pixels, more than the "
                    + "\(limits.pixels) a drawn image may have (docs/LIMITS.md): render a smaller rect")
        case .chain(.tooMuchWork):
            if limits.work < d.limits.drawingWork {
                budget.drawingSpent = true
                budget.drawingRefused = true  // the scenario's work ran out: reported at the image
                return
            }
            d.error(
                node,
                "the chain is too complex: it needs more than \(limits.work) pixel evaluations (docs/LIMITS.md)"
                    + ScenarioLimits.raise(DrawingFailure.tooMuchWork(limit: limits.work)))
        case let .chain(.tooMuchMemory(bytes, limit)):
            d.error(
                node,
                "the chain would hold \(bytes) bytes of working images at once, more than \(limit) (docs/LIMITS.md): "
                    + "render a smaller rect, or nest fewer compositing filters")
        case let .chain(.beyondLimit(what)):
            d.error(node, "\(what) (docs/LIMITS.md)")
        case let .chain(.missingImage(name)):
            d.error(node, "the chain reads \"\(name)\", which is not an image of the scenario")
        }
    }
}

extension Image {
    /// The `source` of a UIImage(ciImage:).
    static let ciImageSource = "UIImage(ciImage:)"

    /// Whether the image is a UIImage(ciImage:), or derived from one without a new CGImage: its
    /// `cgImage` is nil, so nothing that starts from the CGImage (masking, cropping) can use it.
    var hasNoCGImage: Bool { source == Self.ciImageSource }
}

extension ImageReader {
    /// The refusal of a UIImage(ciImage:) where a CGImage is needed (`role`: "to mask", "to crop");
    /// `origin` is the image whose chain rendered it, when `name` is derived from that one.
    static func noCGImage(_ name: String, _ role: String, origin: String? = nil) -> String {
        guard let origin, origin != name else {
            return "\"\(name)\" is a UIImage(ciImage:) (or derived from one), whose cgImage is nil: it has no CGImage "
                + "\(role) (an app's cgImage! would trap); render its chain with \"render\": \"cgImage\" "
                + "(CIContext.createCGImage) instead"
        }
        return
            "\"\(name)\" is derived from \"\(origin)\", a UIImage(ciImage:) whose cgImage is nil: it has no CGImage "
            + "\(role) (an app's cgImage! would trap); render \"\(origin)\"'s chain with \"render\": \"cgImage\" "
            + "(CIContext.createCGImage) instead"
    }
}
