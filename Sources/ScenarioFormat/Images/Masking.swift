import AssetCatalogs
import ImageViews
import Raster
import Syntax

/// `masking`: a CGImage masked and made into a new UIImage (docs/SCENARIOS.md §Masked images) —
/// `UIImage(cgImage: image.cgImage!.masking(mask)!)` with an image (its grey samples the alpha)
/// or with an image mask made from one (`CGImage(maskWidth:…)`: the samples an inverse alpha), or
/// `UIImage(cgImage: image.cgImage!.copy(maskingColorComponents: ranges)!)` (chroma keying).
struct MaskingRecipe: Sendable {
    enum Mask: Sendable {
        /// masking(_:) with an image in DeviceGray: a sample S paints with alpha S.
        case image(String)
        /// masking(_:) with an image mask of the image's grey samples: S paints with alpha 1 − S.
        case imageMask(String)
        /// copy(maskingColorComponents:): [min, max] per red, green and blue, 0…255; a pixel
        /// inside all three ranges is not painted.
        case colors([Int])
    }

    let base: String
    let mask: Mask

    static let keys = ["image", "mask", "imageMask", "colorComponents"]

    /// The images the recipe reads, with their nodes.
    let references: [(name: String, node: JSONNode)]

    /// Reads `{"image": base, "mask" | "imageMask": name | "colorComponents": [6 numbers]}`; nil if
    /// invalid (reported).
    static func read(_ node: JSONNode, _ d: Diagnostics) -> MaskingRecipe? {
        guard let object = ObjectReader(node, allowed: keys, what: "a masking", d),
            let baseNode = object.required("image", d, hint: " (the name of the image to mask)"),
            let base = Read.string(baseNode, d, what: "an image name")
        else { return nil }
        let given = ["mask", "imageMask", "colorComponents"].filter(object.has)
        guard given.count == 1 else {
            d.error(
                node,
                given.isEmpty
                    ? "a masking needs one of \"mask\" (an image: CGImage.masking(_:)), \"imageMask\" (an image made an "
                        + "image mask: CGImage(maskWidth:…)) or \"colorComponents\" (copy(maskingColorComponents:))"
                    : "a masking takes one of \"mask\", \"imageMask\" and \"colorComponents\", not "
                        + given.map { "\"\($0)\"" }.joined(separator: " and "))
            return nil
        }
        let key = given[0], valueNode = object.at(key)
        switch key {
        case "colorComponents":
            guard
                let values = Read.numbers(
                    valueNode, d, count: 6, in: 0...255, integer: true,
                    what: "[min, max] for red, green and blue, each 0…255 (an 8-bit image's sample values)")
            else { return nil }
            return MaskingRecipe(base: base, mask: .colors(values.map { Int($0) }), references: [(base, baseNode)])
        default:
            guard let name = Read.string(valueNode, d, what: "an image name") else { return nil }
            return MaskingRecipe(
                base: base, mask: key == "mask" ? .image(name) : .imageMask(name),
                references: [(base, baseNode), (name, valueNode)])
        }
    }
}

extension ImageReader {
    /// The masked image: `base` and each of its variants masked (whichever an app loads, it masks
    /// that one), each with the mask's variant for its display scale. Nil when refused (reported
    /// at `node`).
    func masked(_ recipe: MaskingRecipe, base: Image, mask: Image?, name: String, node: JSONNode) -> Image? {
        guard base.frames.isEmpty, mask?.frames.isEmpty ?? true else {
            d.error(
                node,
                "an animated image has no CGImage (UIImage.cgImage is nil): mask one of its frames, or use a still image "
                    + "as the mask")
            return nil
        }
        var spent = 0
        func one(_ image: Image, scale: Int) -> Image? {
            // The new image's pixels (the base's size) are charged before they are made.
            let (w, h) = (image.pixels.width, image.pixels.height)
            guard budget.reserve(w * h * PixelBudget.bytesPerPixel, for: "\(w) × \(h) px", at: node) else {
                return nil
            }
            let limits = budget.drawingLimits(spent: spent)
            do throws(DrawingFailure) {
                let (bitmap, work) = try Self.mask(
                    image.pixels, with: recipe.mask, mask: mask?.resolved(for: Traits(displayScale: scale)),
                    limits: limits)
                spent += work
                var made = Image(name: name, pixels: SourceImage(bitmap, opaque: false))
                budget.markCharged(made.pixels)
                made.source = image.source
                made.drawing = DrawingRecord(work: work)
                return made
            } catch {
                if case let .tooComplex(message) = error {
                    d.error(node, message)
                } else {
                    drawingFailed(error, "the masking", scale: Double(scale), limits: limits, node: node)
                }
                return nil
            }
        }
        guard var result = one(base, scale: Traits().displayScale) else { return nil }
        for variant in base.variants {
            guard let made = one(variant.value, scale: variant.conditions.scale ?? Traits().displayScale) else {
                return nil
            }
            result.variants.append(AssetVariant(conditions: variant.conditions, value: made, source: variant.source))
        }
        return result
    }

    /// `pixels` masked as `kind` says, with `mask`'s stored pixels (an image or image mask), and
    /// the work it took.
    static func mask(_ image: SourceImage, with kind: MaskingRecipe.Mask, mask: Image?, limits: DrawingLimits)
        throws(DrawingFailure) -> (Bitmap, Int)
    {
        let pixels = image.bitmap
        let (w, h) = (pixels.width, pixels.height)
        // A pass over the image's pixels (and one over the mask's), charged before either is made.
        let passes = w * h + (mask.map { $0.pixels.width * $0.pixels.height } ?? 0)
        guard passes <= limits.work else { throw .tooMuchWork(limit: limits.work) }
        if case let .colors(ranges) = kind {
            // An image "cannot have an alpha component" [Apple]: one whose source declares an alpha
            // channel is refused, whatever its pixels (RENDERING.md §11.8.1 lists which do).
            guard image.isOpaque else {
                throw .tooComplex(
                    "copy(maskingColorComponents:) takes an image without an alpha channel (Apple: it \"cannot have an "
                        + "alpha component\"); this one has one (a PNG with alpha or tRNS, a default renderer's drawing, "
                        + "…), so the call returns nil: mask a JPEG, an RGB PNG or an opaque renderer's drawing")
            }
            func inside(_ v: UInt32, _ i: Int) -> Bool {
                Int(v & 0xFF) >= ranges[2 * i] && Int(v & 0xFF) <= ranges[2 * i + 1]
            }
            let out = pixels.pixels.map { p in inside(p, 0) && inside(p >> 8, 1) && inside(p >> 16, 2) ? 0 : p }
            return (Bitmap(width: w, height: h, pixels: out), passes)
        }
        guard let mask else { return (pixels, 0) }
        let what = if case .image = kind { "masking(_:) with an image" } else { "an image mask" }
        let grey = try GreyMask.alphas(mask.pixels, what: what, name: mask.name)
        var alphas: [UInt8]
        var work = passes
        if grey.width == w && grey.height == h {
            alphas = grey.pixels.map { UInt8($0 >> 24) }
        } else {
            // "If the mask is not the same size as the image …, the mask is scaled to fit the
            // image" [Apple]: drawn into the image's pixels as an image is drawn (§11.8).
            var drawLimits = limits
            drawLimits.work = limits.work - passes
            var context = try DrawingContext(
                width: w, height: h, opaque: false, transform: .identity, limits: drawLimits)
            try context.draw(
                SourceImage(greyLevels: grey), x: 0, y: 0, width: Double(w), height: Double(h), placement: .upright)
            alphas = context.bitmap.pixels.map { UInt8($0 >> 24) }
            work += context.work
        }
        if case .imageMask = kind { alphas = alphas.map { 255 - $0 } }
        var out = pixels.pixels
        for i in out.indices {
            let p = out[i], a = alphas[i]
            out[i] =
                UInt32(mulDiv255(UInt8(p & 0xFF), a)) | UInt32(mulDiv255(UInt8(p >> 8 & 0xFF), a)) << 8
                | UInt32(mulDiv255(UInt8(p >> 16 & 0xFF), a)) << 16 | UInt32(mulDiv255(UInt8(p >> 24), a)) << 24
        }
        return (Bitmap(width: w, height: h, pixels: out), work)
    }
}

/// A mask given as an image: Core Graphics takes "an image … in the DeviceGray color space, [that]
/// may not have an alpha component" [Apple] (CGContext.clip(to:mask:), CGImage.masking(_:)).
enum GreyMask {
    /// The image's grey samples as white at that alpha (premultiplied: the sample in every
    /// channel); refused when the image has colour or transparency.
    static func alphas(_ image: SourceImage, what: String, name: String) throws(DrawingFailure) -> Bitmap {
        guard isGrey(image) else { throw .tooComplex(problem(what: what, name: name)) }
        return Bitmap(
            width: image.width, height: image.height,
            pixels: image.bitmap.pixels.map { p in
                let g = p & 0xFF
                return g | g << 8 | g << 16 | g << 24
            })
    }

    /// Whether every pixel is opaque grey.
    static func isGrey(_ image: SourceImage) -> Bool {
        image.bitmap.pixels.allSatisfy { p in
            p >> 24 == 255 && p & 0xFF == (p >> 8) & 0xFF && p & 0xFF == (p >> 16) & 0xFF
        }
    }

    /// The refusal of a mask with colour or transparency.
    static func problem(what: String, name: String) -> String {
        "\(what) takes a greyscale image without alpha (DeviceGray, Apple's requirement); \"\(name)\" has colour or "
            + "transparency: use a grey, opaque image"
    }
}
