import Raster

/// A UIView: position, appearance and subviews. An image view is a view with `imageView` set.
public struct View: Sendable {
    /// The scenario's id for the view (used in reports and variant states).
    public var id: String?
    /// Position and size in the superview's coordinates, in points.
    public var frame: Rect
    public var backgroundColor: Color?
    /// Opacity 0…1 applied to the view and its subviews as a group.
    public var alpha: Double
    public var isHidden: Bool
    public var clipsToBounds: Bool
    /// nil: inherit the superview's (the root's default is systemBlue).
    public var tintColor: Color?
    /// Image-view state, for UIImageView.
    public var imageView: ImageView?
    public var subviews: [View]

    public init(id: String? = nil, frame: Rect, backgroundColor: Color? = nil, alpha: Double = 1,
                isHidden: Bool = false, clipsToBounds: Bool = false, tintColor: Color? = nil,
                imageView: ImageView? = nil, subviews: [View] = []) {
        self.id = id
        self.frame = frame
        self.backgroundColor = backgroundColor
        self.alpha = alpha
        self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds
        self.tintColor = tintColor
        self.imageView = imageView
        self.subviews = subviews
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
}

/// UIImageView's state.
public struct ImageView: Sendable {
    public var image: Image?
    public var highlightedImage: Image?
    public var isHighlighted: Bool
    public var contentMode: ContentMode
    /// How the image is resampled (ivsim's per-view choice; UIKit's default is bilinear).
    public var sampling: Sampling

    public init(image: Image? = nil, highlightedImage: Image? = nil, isHighlighted: Bool = false,
                contentMode: ContentMode = .scaleToFill, sampling: Sampling = .bilinear) {
        self.image = image
        self.highlightedImage = highlightedImage
        self.isHighlighted = isHighlighted
        self.contentMode = contentMode
        self.sampling = sampling
    }

    /// The image shown: the highlighted image when highlighted and set, else the image.
    public var displayedImage: Image? {
        isHighlighted ? (highlightedImage ?? image) : image
    }

    /// The image's size, or (−1, −1) without an image. Decision (docs/LAYOUT.md): it follows
    /// `image`, not `highlightedImage`.
    public var intrinsicContentSize: Size {
        image?.size ?? .noIntrinsicMetric
    }

    /// UIImageView.sizeThatFits: the image's size, zero without one.
    public var sizeThatFits: Size {
        image?.size ?? .zero
    }
}
