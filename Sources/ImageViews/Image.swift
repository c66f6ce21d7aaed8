import Raster

/// A UIImage: stored pixels, the scale they are meant for, and the properties UIKit's image
/// methods set (orientation, rendering mode, tint, insets, slicing, animation frames).
public struct Image: Sendable {
    /// The name the scenario gives the image (for reports).
    public var name: String
    /// Stored premultiplied pixels, shared between every view and variant that draws them.
    public var pixels: SourceImage
    /// Pixels per point (1, 2, 3, …): `size` is the oriented pixel size divided by it.
    public var scale: Double
    /// How the stored pixels are turned for display (`size` is the turned size).
    public var orientation: ImageOrientation
    public var renderingMode: RenderingMode
    /// `withTintColor(_:)`: the image is drawn as a mask filled with this colour (see `drawTint`).
    public var tintColor: Color?
    /// Distances (points) from the image's edges to the content that layout aligns.
    public var alignmentRectInsets: EdgeInsets
    /// Cap insets (points) of `resizableImage(withCapInsets:resizingMode:)`; nil: not resizable.
    public var capInsets: EdgeInsets?
    public var resizingMode: ResizingMode
    /// `imageFlippedForRightToLeftLayoutDirection()`: drawn mirrored in right-to-left views.
    public var flipsForRightToLeftLayoutDirection: Bool
    /// Frames of an animated image (`UIImage.animatedImage(with:duration:)`); empty otherwise.
    public var frames: [Image]
    /// Seconds one pass through `frames` takes.
    public var duration: Double
    /// The file the pixels came from when the image was looked up by name (for reports).
    public var source: String?
    /// A named image's variants (UIImageAsset): an image view shows the one its traits pick.
    /// Empty for images that do not depend on traits.
    public var variants: [AssetVariant<Image>] = []
    /// The traits the image was made for, when it is fixed to them (UIImage(named:in:
    /// compatibleWith:), imageAsset.image(with:)): they take the place of the view's traits when
    /// the variants are resolved (docs/ASSETS.md §Images fixed to traits).
    public var fixedTraits: TraitTest?
    /// Set for a vector image whose asset preserves its vector data: image views draw it afresh
    /// at the size they show it (VectorRedraw).
    public var vectorRedraw: VectorRedraw?
    /// For pixels that were drawn (an SVG or PDF file at a scale, a drawn image): the work the
    /// drawing took, shared by every copy, crop and variant made from it, so that a scenario is
    /// charged each drawing once (docs/LIMITS.md §Drawing work).
    public var drawing: DrawingRecord?
    /// UIImage.baselineOffsetFromBottom: the baseline's height above the image's bottom (a symbol's,
    /// or given by withBaselineOffset(fromBottom:)); nil when the image has no baseline.
    public var baselineOffsetFromBottom: Double?
    /// For a symbol image: its name, configuration and baseline (reports).
    public var symbol: SymbolDescription?
    /// For a symbol image: its outlines, which drawings fill instead of resampling the pixels.
    public var vectorDrawing: VectorDrawing?
    /// For a multicolor symbol: the image drawn with its tint layers in the tint it is shown
    /// with (`pixels` are its monochrome drawing, shown when it is drawn as original).
    public var tintedRendering: TintedRendering?

    public init(
        name: String, pixels: SourceImage, scale: Double = 1, orientation: ImageOrientation = .up,
        renderingMode: RenderingMode = .automatic, tintColor: Color? = nil, alignmentRectInsets: EdgeInsets = .zero,
        capInsets: EdgeInsets? = nil, resizingMode: ResizingMode = .tile,
        flipsForRightToLeftLayoutDirection: Bool = false,
        frames: [Image] = [], duration: Double = 0
    ) {
        self.name = name
        self.pixels = pixels
        self.scale = scale
        self.orientation = orientation
        self.renderingMode = renderingMode
        self.tintColor = tintColor
        self.alignmentRectInsets = alignmentRectInsets
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
        self.frames = frames
        self.duration = duration
    }

    /// An animated image: its pixels and size are its first frame's.
    public static func animated(name: String, frames: [Image], duration: Double) -> Image {
        var image = frames[0]
        image.name = name
        image.variants = []  // the frames resolve on their own (a named first frame keeps its variants there)
        image.frames = frames
        image.duration = duration
        return image
    }

    /// The image for `traits` (the view's, with its effective layout direction): the best
    /// variant of a named image (docs/ASSETS.md §Matching), and each frame of an animated image
    /// resolved the same way; other images are returned unchanged.
    public func resolved(for traits: Traits) -> Image {
        var image = self
        // An image made for other traits (UIImage(named:in:compatibleWith:), imageAsset.image(with:))
        // is resolved with them in place of the view's.
        let traits = fixedTraits?.applied(to: traits) ?? traits
        if let index = variants.bestMatch(for: traits) {
            image = variants[index].value
        }
        if !image.frames.isEmpty {
            image.frames = image.frames.map { $0.resolved(for: traits) }
        }
        return image
    }

    /// Applies `change` to the image, to each of its variants and to each animation frame (the
    /// UIImage methods act on whichever of them is shown).
    public mutating func modify(_ change: (inout Image) -> Void) {
        frames = frames.map { frame in
            var frame = frame
            frame.modify(change)
            return frame
        }
        for index in variants.indices {
            variants[index].value.modify(change)
        }
        change(&self)
    }

    /// Gives the image and each of its variants `name` (the name a scenario calls it by);
    /// animation frames keep theirs, as the report names the frame shown.
    public mutating func rename(_ name: String) {
        self.name = name
        for index in variants.indices {
            variants[index].value.rename(name)
        }
    }

    /// Displayed pixel size (after orientation).
    public var pixelSize: (width: Int, height: Int) {
        orientation.transform.swapsAxes ? (pixels.height, pixels.width) : (pixels.width, pixels.height)
    }

    /// Size in points: displayed pixel size ÷ scale.
    public var size: Size {
        let (w, h) = pixelSize
        return Size(width: Double(w) / scale, height: Double(h) / scale)
    }

    /// The displayed pixels, mirrored when `mirrored` (a right-to-left flip).
    public func displayPixels(mirrored: Bool) -> SourceImage {
        let transform = mirrored ? orientation.transform.thenFlippedHorizontally : orientation.transform
        return pixels.transformed(transform)
    }

    /// The colour the image is drawn with as a mask, if any (docs/LAYOUT.md §Rendering mode):
    /// an alwaysTemplate image takes the view's tint, even if it has its own (the view's tint
    /// wins); any other image with a `tintColor` takes that colour; a symbol image in the
    /// automatic mode is a template and takes the view's tint (docs/SYMBOLS.md §Rendering modes),
    /// but a symbol in palette colours keeps them, and a hierarchical one its colour, in every
    /// mode; otherwise nil (original).
    public func drawTint(viewTint: RGBA, traits: Traits) -> RGBA? {
        if symbol?.ownColors == true { return nil }  // a multicolor symbol's tint layers follow the rules below
        if symbol?.hierarchical == true, let tintColor { return tintColor.resolved(traits) }
        if renderingMode == .alwaysTemplate { return viewTint }
        if let tintColor { return tintColor.resolved(traits) }
        return renderingMode == .automatic && symbol != nil ? viewTint : nil
    }
}

/// One drawing's work units (docs/LIMITS.md §Drawing work), by identity.
public final class DrawingRecord: Sendable {
    public let work: Int

    public init(work: Int) {
        self.work = work
    }
}

extension Image {
    /// The image as a view tinted `tint` shows it: a multicolor symbol drawn in its own colours with
    /// its tint layers in `tint`, unless it is drawn as original (`alwaysOriginal`: Apple's
    /// preferringMulticolor() "requires" a template or automatic rendering mode; docs/SYMBOLS.md
    /// §Rendering modes); nil for every other image, and when the drawing fails.
    public func multicolorRendering(tint: RGBA?) -> TintedRendering? {
        guard let tintedRendering, tint != nil, renderingMode != .alwaysOriginal else { return nil }
        return tintedRendering
    }
}
