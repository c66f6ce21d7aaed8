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
    /// UIView.isOpaque when the scenario sets it (nil: not set). A hint only: the view is
    /// composited as usual either way (docs/LAYOUT.md §Views).
    public var isOpaque: Bool? = nil
    /// nil: inherit the superview's (the root's default is systemBlue).
    public var tintColor: Color?
    /// `.automatic`: the superview's mode (the root's is normal).
    public var tintAdjustmentMode: TintAdjustmentMode
    public var semanticContentAttribute: SemanticContentAttribute
    /// Image-view state, for UIImageView.
    public var imageView: ImageView? {
        get { imageViewStorage.first }
        set { imageViewStorage = newValue.map { [$0] } ?? [] }
    }
    /// The image view held out of line (an array of none or one, copy-on-write), so that a plain
    /// view stays small: scenes of 100,000 views copy and store a tenth of the bytes.
    private var imageViewStorage: [ImageView]
    public var subviews: [View]
    /// Whether the frame is set (`frame`) or solved from constraints (`constraints`).
    public var positioning: Positioning
    /// How strongly the view resists growing past its intrinsic size, per axis.
    public var contentHuggingPriority: AxisPriorities
    /// How strongly the view resists shrinking below its intrinsic size, per axis.
    public var contentCompressionResistancePriority: AxisPriorities
    /// Layout margins and layout guides (UIView's defaults unless set).
    public var guides: ViewGuides {
        get { guidesStorage.first ?? .default }
        set { guidesStorage = newValue == .default ? [] : [newValue] }
    }
    /// Held out of line like `imageView`: most views keep the defaults.
    private var guidesStorage: [ViewGuides] = []
    /// Set for a UIStackView: its subviews are its arranged subviews.
    public var stack: StackSettings? {
        get { stackStorage.first }
        set { stackStorage = newValue.map { [$0] } ?? [] }
    }
    private var stackStorage: [StackSettings] = []
    /// The layer's corners and border, out of line (`layer`).
    var layerStorage: [LayerStyle] = []
    /// A background of UIColor(patternImage:): the image tiled over the bounds from their top-left
    /// corner, under the image and the subviews (docs/LAYOUT.md §Pattern backgrounds); it
    /// replaces `backgroundColor`, as setting either colour does in UIKit.
    public var backgroundPattern: Image? {
        get { patternStorage.first }
        set { patternStorage = newValue.map { [$0] } ?? [] }
    }
    private var patternStorage: [Image] = []

    public init(
        id: String? = nil, frame: Rect, backgroundColor: Color? = nil, alpha: Double = 1,
        isHidden: Bool = false, clipsToBounds: Bool = false, tintColor: Color? = nil,
        tintAdjustmentMode: TintAdjustmentMode = .automatic,
        semanticContentAttribute: SemanticContentAttribute = .unspecified,
        imageView: ImageView? = nil, subviews: [View] = [], positioning: Positioning = .frame,
        contentHuggingPriority: AxisPriorities = .defaultHugging,
        contentCompressionResistancePriority: AxisPriorities = .defaultCompressionResistance
    ) {
        self.id = id
        self.frame = frame
        self.backgroundColor = backgroundColor
        self.alpha = alpha
        self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds
        self.tintColor = tintColor
        self.tintAdjustmentMode = tintAdjustmentMode
        self.semanticContentAttribute = semanticContentAttribute
        self.imageViewStorage = imageView.map { [$0] } ?? []
        self.subviews = subviews
        self.positioning = positioning
        self.contentHuggingPriority = contentHuggingPriority
        self.contentCompressionResistancePriority = contentCompressionResistancePriority
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The view's own trait collection in `traits`: its effective layout direction (from its
    /// semanticContentAttribute) in place of the trait's. Named images and colours resolve
    /// against it.
    public func traits(in traits: Traits) -> Traits {
        var own = traits
        own.layoutDirection = semanticContentAttribute.layoutDirection(in: traits.layoutDirection)
        return own
    }

    /// Changes the view at `treePath` (indices of subviews from this view).
    public mutating func update(at treePath: ArraySlice<Int>, _ change: (inout View) -> Void) {
        guard let first = treePath.first else { return change(&self) }
        guard subviews.indices.contains(first) else { return }
        subviews[first].update(at: treePath.dropFirst(), change)
    }
}

/// UIImageView's state.
public struct ImageView: Sendable {
    public var image: Image?
    public var highlightedImage: Image?
    public var isHighlighted: Bool
    public var contentMode: ContentMode
    /// How the image is resampled (ivsim's per-view choice; UIKit's default is bilinear).
    public var sampling: Sampling
    public var animationImages: [Image]
    public var highlightedAnimationImages: [Image]
    /// Seconds per cycle; 0 means the number of images × 1/30 s.
    public var animationDuration: Double
    /// Cycles to play; 0 means forever.
    public var animationRepeatCount: Int
    /// `startAnimating()` called (true), `stopAnimating()` called (false), or neither (nil: UIKit's
    /// own state — an animated `image` with a duration plays by itself; `animates`).
    public var isAnimating: Bool?
    /// Seconds since the animation started: the instant the scenario shows.
    public var animationTime: Double
    /// adjustsImageSizeForAccessibilityContentSizeCategory: the intrinsic size grows at the
    /// accessibility content size categories (docs/LAYOUT.md §Content size categories).
    public var adjustsImageSizeForAccessibilityContentSizeCategory = false
    /// The content size category the view is resolved for (`resolved(for:)`).
    public private(set) var contentSizeCategory = ContentSizeCategory.large

    public init(
        image: Image? = nil, highlightedImage: Image? = nil, isHighlighted: Bool = false,
        contentMode: ContentMode = .scaleToFill, sampling: Sampling = .bilinear,
        animationImages: [Image] = [], highlightedAnimationImages: [Image] = [], animationDuration: Double = 0,
        animationRepeatCount: Int = 0, isAnimating: Bool? = nil, animationTime: Double = 0
    ) {
        self.image = image
        self.highlightedImage = highlightedImage
        self.isHighlighted = isHighlighted
        self.contentMode = contentMode
        self.sampling = sampling
        self.animationImages = animationImages
        self.highlightedAnimationImages = highlightedAnimationImages
        self.animationDuration = animationDuration
        self.animationRepeatCount = animationRepeatCount
        self.isAnimating = isAnimating
        self.animationTime = animationTime
    }

    /// The view with every named image resolved for `traits` (the view's own, with its effective
    /// layout direction): what UIImageView shows from a UIImage with an image asset.
    public func resolved(for traits: Traits) -> ImageView {
        var view = self
        view.image = image?.resolved(for: traits)
        view.highlightedImage = highlightedImage?.resolved(for: traits)
        view.animationImages = animationImages.map { $0.resolved(for: traits) }
        view.highlightedAnimationImages = highlightedAnimationImages.map { $0.resolved(for: traits) }
        view.contentSizeCategory = traits.preferredContentSizeCategory
        return view
    }

    /// What the image's size is multiplied by for layout: 1, or with
    /// `adjustsImageSizeForAccessibilityContentSizeCategory` at an accessibility category, the
    /// factor UIFontMetrics.default scales by there (docs/LAYOUT.md §Content size categories).
    public var imageSizeFactor: Double {
        adjustsImageSizeForAccessibilityContentSizeCategory && contentSizeCategory.isAccessibilityCategory
            ? contentSizeCategory.bodyScale : 1
    }

    /// The still image shown: the highlighted image when highlighted and set, else the image.
    public var stillImage: Image? {
        isHighlighted ? (highlightedImage ?? image) : image
    }

    /// Whether the highlighted animation images are the sequence in use.
    private var usesHighlightedAnimation: Bool { isHighlighted && !highlightedAnimationImages.isEmpty }

    /// The animation sequence in use: the highlighted one when highlighted and set, else the normal one.
    public var currentAnimationImages: [Image] {
        usesHighlightedAnimation ? highlightedAnimationImages : animationImages
    }

    /// Whether the view animates: as `startAnimating()` / `stopAnimating()` left it, else whether
    /// the still image shown is an animated image whose duration is greater than 0 — "the image
    /// view automatically starts playing the animation" (Apple, UIImageView.init(image:)).
    public var animates: Bool {
        isAnimating ?? (stillImage.map { !$0.frames.isEmpty && $0.duration > 0 } ?? false)
    }

    /// What the view shows at `animationTime` (docs/LAYOUT.md §Highlighted and animated images).
    public var displayed: DisplayedImage {
        let frames = currentAnimationImages
        if animates && !frames.isEmpty {
            if let index = Self.frameIndex(
                time: animationTime, count: frames.count, duration: cycleDuration(frames.count),
                repeats: animationRepeatCount)
            {
                return DisplayedImage(
                    image: frames[index],
                    source: usesHighlightedAnimation ? "highlightedAnimationImages" : "animationImages",
                    frameIndex: index, finished: false)
            }
            return still(finished: true)
        }
        return still(finished: false)
    }

    private func still(finished: Bool) -> DisplayedImage {
        guard let image = stillImage else {
            return DisplayedImage(image: nil, source: nil, frameIndex: nil, finished: finished)
        }
        let key = isHighlighted && highlightedImage != nil ? "highlightedImage" : "image"
        if !image.frames.isEmpty {
            // An animated UIImage: plays (looping) while the view animates, else shows its first
            // frame; a duration of 0 never plays.
            let index =
                animates
                ? Self.frameIndex(time: animationTime, count: image.frames.count, duration: image.duration, repeats: 0)
                    ?? 0
                : 0
            return DisplayedImage(image: image.frames[index], source: key, frameIndex: index, finished: finished)
        }
        return DisplayedImage(image: image, source: key, frameIndex: nil, finished: finished)
    }

    /// animationDuration, or count × 1/30 s when it is 0 [Apple].
    public func cycleDuration(_ count: Int) -> Double {
        animationDuration > 0 ? animationDuration : Double(count) / 30
    }

    /// The frame shown `time` seconds into an animation, or nil once `repeats` cycles (> 0) are
    /// over: floor(time × count / duration) mod count, computed as floor(fmod(q, count)) with
    /// q = time × count / duration — the same number for every q an Int holds, exact (fmod is), and
    /// defined for the q no Int holds (a duration of 1e-300 s); a q that is not finite shows frame 0.
    static func frameIndex(time: Double, count: Int, duration: Double, repeats: Int) -> Int? {
        guard count > 0 else { return nil }
        guard duration > 0 else { return 0 }
        if repeats > 0 && time >= duration * Double(repeats) { return nil }
        let quotient = max(time, 0) * Double(count) / duration
        guard quotient.isFinite else { return 0 }
        return min(count - 1, Int(quotient.truncatingRemainder(dividingBy: Double(count)).rounded(.down)))
    }

    /// The image layout sizes itself to: `image`, else the first animation image (Decision:
    /// not `highlightedImage`, as UIKit's own reimplementations agree).
    var sizingImage: Image? { image ?? animationImages.first }

    /// The sizing image's size less its alignment rect insets, times `imageSizeFactor`, or
    /// (−1, −1) without one.
    public var intrinsicContentSize: Size {
        guard let image = sizingImage else { return .noIntrinsicMetric }
        let insets = image.alignmentRectInsets, k = imageSizeFactor
        return Size(
            width: (image.size.width - insets.left - insets.right) * k,
            height: (image.size.height - insets.top - insets.bottom) * k)
    }

    /// The sizing image's baseline above the bottom of the view's alignment rect: its
    /// baselineOffsetFromBottom less the bottom inset (the image's bottom taken at the view's, as
    /// when the view is sized to it; docs/LAYOUT.md §Baselines), times `imageSizeFactor`; nil when
    /// the image has none.
    public func baselineAboveAlignmentBottom(direction: LayoutDirection) -> Double? {
        guard let offset = sizingImage?.baselineOffsetFromBottom else { return nil }
        return offset * imageSizeFactor - alignmentRectInsets(direction: direction).bottom
    }

    /// The sizing image's alignment rect insets (zero without one), mirrored when the image flips
    /// for right-to-left and `direction` is right-to-left, times `imageSizeFactor`: the view's
    /// alignment rect insets.
    public func alignmentRectInsets(direction: LayoutDirection) -> EdgeInsets {
        guard let image = sizingImage else { return .zero }
        let flips = image.flipsForRightToLeftLayoutDirection && direction == .rightToLeft
        let insets = flips ? image.alignmentRectInsets.mirrored : image.alignmentRectInsets
        let k = imageSizeFactor
        return k == 1
            ? insets
            : EdgeInsets(top: insets.top * k, left: insets.left * k, bottom: insets.bottom * k, right: insets.right * k)
    }

    /// UIImageView.sizeThatFits: the sizing image's size (`image`, else the first animation
    /// image) times `imageSizeFactor`, zero without one.
    public var sizeThatFits: Size {
        guard let size = sizingImage?.size else { return .zero }
        let k = imageSizeFactor
        return Size(width: size.width * k, height: size.height * k)
    }
}

/// What an image view shows at a moment.
public struct DisplayedImage: Sendable {
    public var image: Image?
    /// "image", "highlightedImage", "animationImages", "highlightedAnimationImages", or nil.
    public var source: String?
    /// The animation frame shown, if the image comes from a sequence.
    public var frameIndex: Int?
    /// True when an animation with a finite repeat count has run out (the still image shows).
    public var finished: Bool
}
