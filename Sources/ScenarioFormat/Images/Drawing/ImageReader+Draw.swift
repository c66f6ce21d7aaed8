import AssetCatalogs
import ImageViews
import Raster
import Syntax

/// How a drawing uses an image it names: drawn, as a clip mask, or as a pattern colour.
/// An image named by a drawing and what the drawing does with it: the key its check is kept by.
struct DrawnImageCheck: Hashable {
    let name: String
    let use: DrawnImageUse
}

enum DrawnImageUse {
    case drawn
    /// CGContext.draw(image.cgImage!, in:).
    case cgImage
    case clipMask
    /// A pattern colour (UIColor(patternImage:)).
    case pattern
    /// UIImage.drawAsPattern(in:).
    case drawnAsPattern
}

extension DrawReader {
    /// The image names a drawing's operations use, with their nodes (for errors) and how each is
    /// used, in order.
    static func imageReferences(_ node: JSONNode) -> [(name: String, node: JSONNode, use: DrawnImageUse)] {
        guard case let .object(members) = node.value,
            let operations = members.first(where: { $0.key == "operations" }),
            case let .array(items) = operations.value.value
        else { return [] }
        let uses: [String: DrawnImageUse] = [
            "draw": .drawn, "drawCGImage": .cgImage, "clipToMask": .clipMask, "drawAsPattern": .drawnAsPattern
        ]
        return items.compactMap { item in
            guard case let .object(keys) = item.value else { return nil }
            if let member = keys.first(where: { uses[$0.key] != nil }), case let .string(name) = member.value.value,
                let use = uses[member.key]
            {
                return (name, member.value, use)
            }
            // A pattern colour: {"color": {"pattern": name}}.
            guard let color = keys.first(where: { $0.key == "color" }), case let .object(fields) = color.value.value,
                let pattern = fields.first(where: { $0.key == "pattern" }), case let .string(name) = pattern.value.value
            else { return nil }
            return (name, pattern.value, .pattern)
        }
    }
}

extension ImageReader {
    /// Why `image` cannot be a pattern (`call`: UIColor(patternImage:), or drawAsPattern(in:)),
    /// or nil.
    static func patternProblem(_ image: Image, call: String = "UIColor(patternImage:)") -> String? {
        image.frames.isEmpty ? nil : "\(call) takes a still image: this one is animated (name one of its frames)"
    }

    /// Why `image` cannot be used as a drawing uses it, or nil: a pattern is a still image, a clip
    /// mask grey without alpha in every variant (clip(to:mask:), docs/DRAWING.md) — found when the
    /// scenario loads, with the path of the operation that names it.
    static func drawnImageProblem(_ image: Image, use: DrawnImageUse) -> String? {
        switch use {
        case .drawn: return nil
        case .cgImage: return cgImageProblem(image, "to draw with CGContext.draw")
        case .pattern: return patternProblem(image)
        case .drawnAsPattern: return patternProblem(image, call: "UIImage.drawAsPattern(in:)")
        case .clipMask:
            if let problem = cgImageProblem(image, "to clip with (clip(to:mask:))") { return problem }
            for pixels in [image.pixels] + image.variants.map(\.value.pixels) where !GreyMask.isGrey(pixels) {
                return GreyMask.problem(what: "clip(to:mask:)", name: image.name)
            }
            return nil
        }
    }

    /// Why `image` has no CGImage for a call that takes one (`role`), or nil: an animated image
    /// and a UIImage(ciImage:) have none (their cgImage is nil).
    static func cgImageProblem(_ image: Image, _ role: String) -> String? {
        if !image.frames.isEmpty {
            return "an animated image has no CGImage \(role) (UIImage.cgImage is nil): use one of its frames"
        }
        return image.hasNoCGImage ? noCGImage(image.name, role) : nil
    }

    /// The display scales a drawing without a `scale` is made for: UIGraphicsImageRenderer's default
    /// format takes the screen's scale, so the image has one variant per scale a device can have,
    /// and each view shows the one for its display scale.
    static let drawingScales = [1, 2, 3]

    /// Renders a drawing at its scale, or at each display scale as variants, charging the pixels
    /// to the scenario's budget before they are made.
    func renderDrawing(_ recipe: DrawingRecipe, name: String, images: [String: Image], node: JSONNode) -> Image? {
        rendered(at: recipe.scale, node: node, pixelSize: recipe.pixelSize(scale:)) { scale, spent in
            let traits = Traits(displayScale: min(3, max(1, Int(scale.rounded()))))
            let limits = budget.drawingLimits(spent: spent)
            do throws(DrawingRecipe.Failure) {
                let (bitmap, work) = try recipe.render(scale: scale, limits: limits) {
                    images[$0]?.resolved(for: traits)
                }
                // An opaque renderer's image has no alpha channel (UIGraphicsImageRendererFormat.opaque).
                var image = Image(name: name, pixels: SourceImage(bitmap, opaque: recipe.opaque), scale: scale)
                image.drawing = DrawingRecord(work: work)
                return image
            } catch {
                // Reported at the operation that failed, when one did.
                let at = error.operation.flatMap {
                    recipe.operationNodes.indices.contains($0) ? recipe.operationNodes[$0] : nil
                }
                drawingFailed(error.failure, "the drawing", scale: scale, limits: limits, node: at ?? node)
                return nil
            }
        }
    }

    /// An image made at `scale`, or (nil) at every display scale as variants (scaleVariants):
    /// each rendering's pixels (`pixelSize`) are charged to the scenario's budget before `make`
    /// makes it, given the work the image's renderings before it took; `make` reports its own
    /// failures and returns nil.
    func rendered(
        at scale: Double?, node: JSONNode, pixelSize: (Double) -> (width: Int, height: Int),
        make: (_ scale: Double, _ spent: Int) -> Image?
    ) -> Image? {
        let scales = scale.map { [$0] } ?? Self.drawingScales.map(Double.init)
        guard
            let made = renderings(
                scales.map { ($0, Traits?.none) }, node: node, pixelSize: pixelSize,
                make: {
                    s, _, spent in make(s, spent)
                })
        else { return nil }
        return Self.scaleVariants(made.map { ($0.scale, $0.image) }, fixed: scale != nil)
    }

    /// The renderings `keys` ask for (a scale, and the traits whose colours to use), in order: each
    /// one's pixels charged to the budget before `make` makes it, given the work of those before it.
    func renderings(
        _ keys: [(scale: Double, traits: Traits?)], node: JSONNode, pixelSize: (Double) -> (width: Int, height: Int),
        make: (_ scale: Double, _ traits: Traits?, _ spent: Int) -> Image?
    ) -> [(scale: Double, traits: Traits?, image: Image)]? {
        var made: [(scale: Double, traits: Traits?, image: Image)] = []
        var spent = 0
        for (s, traits) in keys {
            let (w, h) = pixelSize(s)
            let (pixels, tooMany) = w.multipliedReportingOverflow(by: h)
            let (bytes, overflow) = pixels.multipliedReportingOverflow(by: PixelBudget.bytesPerPixel)
            guard !tooMany, !overflow, budget.reserve(bytes, for: "\(w) × \(h) px", at: node),
                let image = make(s, traits, spent)
            else { return nil }
            budget.markCharged(image.pixels)
            spent += image.drawing?.work ?? 0
            made.append((s, traits, image))
        }
        return made
    }

    /// Reports a drawing that failed at `scale` (`what` names it), or, when the scenario's drawing
    /// work ran out, marks the refusal for the image (PixelBudget reports it there).
    func drawingFailed(_ error: DrawingFailure, _ what: String, scale: Double, limits: DrawingLimits, node: JSONNode) {
        if case .tooMuchWork = error {
            budget.drawingSpent = true
            if limits.work < d.limits.drawingWork {
                budget.drawingRefused = true  // the scenario's work ran out: reported at the image
                return
            }
        }
        d.error(
            node, "\(what) is too complex at scale \(JSONOutput.format(scale)): \(error)" + ScenarioLimits.raise(error))
    }
}
