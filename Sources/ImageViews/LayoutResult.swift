import Raster

/// What layout decided for one view (points unless stated).
public struct ViewLayout: Sendable {
    /// The scenario id, if the view has one.
    public var id: String?
    /// Where the view sits in the tree: "root", "root.subviews[1]", …
    public var path: String
    /// "view" or "imageView".
    public var kind: String
    /// Whether the frame was set or solved from constraints.
    public var positioning: Positioning
    /// Position in the superview's coordinates.
    public var frame: Rect
    /// Position in canvas coordinates.
    public var absoluteFrame: Rect
    public var bounds: Rect
    /// The image's alignment rect insets (zero for plain views).
    public var alignmentRectInsets: EdgeInsets
    /// The frame inset by the alignment rect insets.
    public var alignmentRect: Rect
    public var isHidden: Bool
    public var alpha: Double
    public var clipsToBounds: Bool
    /// UIView.isOpaque if the scenario set it.
    public var isOpaque: Bool? = nil
    /// The image of a pattern background (UIColor(patternImage:)), by name; nil without one.
    public var backgroundPattern: String? = nil
    /// False when the view or an ancestor is hidden or fully transparent.
    public var isDrawn: Bool
    public var backgroundColor: RGBA?
    /// The effective tint: the view's own, else the nearest ancestor's, else systemBlue; dimmed
    /// when the effective adjustment mode is dimmed.
    public var tintColor: RGBA
    /// The effective tint adjustment mode: normal or dimmed.
    public var tintAdjustmentMode: TintAdjustmentMode
    public var semanticContentAttribute: SemanticContentAttribute
    public var effectiveLayoutDirection: LayoutDirection
    /// How far the unsafe bands reach into the view from each edge (docs/LAYOUT.md §Safe area).
    public var safeAreaInsets: EdgeInsets
    /// The effective layout margins, left and right resolved (docs/LAYOUT.md §Layout margins).
    public var layoutMargins: EdgeInsets
    public var imageView: ImageViewLayout?
}

/// The image-view part of a view's layout.
public struct ImageViewLayout: Sendable {
    public var contentMode: ContentMode
    public var isHighlighted: Bool
    /// Where the shown image comes from: "image", "highlightedImage", "animationImages",
    /// "highlightedAnimationImages", or nil (nothing to show).
    public var displayedImageKey: String?
    /// The animation frame shown, if any.
    public var frameIndex: Int?
    public var animation: AnimationLayout?
    public var image: ImageInfo?
    public var intrinsicContentSize: Size
    public var sizeThatFits: Size
    /// Where the displayed image is drawn, in the view's coordinates (nil: nothing drawn).
    public var imageRect: Rect?
    public var sampling: Sampling
    /// Whether the image is drawn as a mask, and with which colour (a multicolor symbol is drawn in
    /// its own colours, not as a mask: `drawTint` is then the colour of its tint layers).
    public var drawnAsTemplate: Bool
    public var drawTint: RGBA?
    /// True when a right-to-left flip mirrors the image.
    public var isMirrored: Bool
    /// The slices of a resizable image (view coordinates), empty otherwise.
    public var slices: [Slice]
    /// What a user should hear about how the image is shown (docs/LAYOUT.md §Image warnings).
    public var warnings: [ImageWarning] = []
}

/// An image view's animation state.
public struct AnimationLayout: Sendable {
    public var isAnimating: Bool
    public var frameCount: Int
    /// Seconds per cycle actually used.
    public var duration: Double
    public var repeatCount: Int
    public var time: Double
    /// A finite repeat count has run out.
    public var finished: Bool
}

/// A summary of an image for reports.
public struct ImageInfo: Sendable {
    public var name: String
    public var size: Size
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var orientation: ImageOrientation
    public var renderingMode: RenderingMode
    public var tintColor: RGBA?
    public var capInsets: EdgeInsets?
    public var resizingMode: ResizingMode
    public var flipsForRightToLeftLayoutDirection: Bool
    /// The file a named image's shown variant came from.
    public var source: String?
    /// For a symbol image, what it was made from.
    public var symbol: SymbolDescription? = nil
    /// UIImage.baselineOffsetFromBottom, when the image has a baseline.
    public var baselineOffsetFromBottom: Double? = nil
}

/// The laid-out view tree, in pre-order (a view before its subviews, subviews in order).
public struct LayoutResult: Sendable {
    /// Canvas size in points.
    public var canvasSize: Size
    public var traits: Traits
    /// Canvas size in device pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The canvas's safe area insets.
    public var safeAreaInsets: EdgeInsets
    public var views: [ViewLayout]
    /// The constraint solver's report, when the scenario uses constraints.
    public var autoLayout: AutoLayoutReport?
}
