import Raster

/// What layout decided for one view (points unless stated).
public struct ViewLayout: Sendable {
    /// The scenario id, if the view has one.
    public var id: String?
    /// Where the view sits in the tree: "root", "root.subviews[1]", …
    public var path: String
    /// "view" or "imageView".
    public var kind: String
    /// Position in the superview's coordinates.
    public var frame: Rect
    /// Position in canvas coordinates.
    public var absoluteFrame: Rect
    public var bounds: Rect
    /// The frame inset by the alignment rect insets (equal to the frame without insets).
    public var alignmentRect: Rect
    public var isHidden: Bool
    public var alpha: Double
    public var clipsToBounds: Bool
    /// False when the view or an ancestor is hidden or fully transparent.
    public var isDrawn: Bool
    public var backgroundColor: RGBA?
    /// The effective tint: the view's own, else the nearest ancestor's, else systemBlue.
    public var tintColor: RGBA
    public var imageView: ImageViewLayout?
}

/// The image-view part of a view's layout.
public struct ImageViewLayout: Sendable {
    public var contentMode: ContentMode
    public var isHighlighted: Bool
    /// "image", "highlightedImage" or nil (nothing to show).
    public var displayedImageKey: String?
    public var image: ImageInfo?
    public var intrinsicContentSize: Size
    public var sizeThatFits: Size
    /// Where the displayed image is drawn, in the view's coordinates (nil: nothing drawn).
    public var imageRect: Rect?
    public var sampling: Sampling
}

/// A summary of an image for reports.
public struct ImageInfo: Sendable {
    public var name: String
    public var size: Size
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
}

/// The laid-out view tree, in pre-order (a view before its subviews, subviews in order).
public struct LayoutResult: Sendable {
    /// Canvas size in points.
    public var canvasSize: Size
    public var traits: Traits
    /// Canvas size in device pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var views: [ViewLayout]
}
