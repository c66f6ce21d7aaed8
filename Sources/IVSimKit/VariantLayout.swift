import Foundation
import ImageViews

/// One variant's layout as typed values: what the `.layout.json` baseline holds for each view,
/// in points (docs/BASELINES.md lists every field; `json` is that file's text).
public struct VariantLayout: Sendable {
    /// The variant's name (`scale2-dark`, `default`, …).
    public var variant: String
    /// The canvas in points.
    public var canvasSize: CGSize
    /// Device pixels per point.
    public var displayScale: Int
    /// Every view in pre-order: a view before its subviews, subviews in order; the root first.
    public var views: [LaidOutView]
    /// The constraints the solver held, when the scenario uses Auto Layout.
    public var constraints: [SolvedConstraint]
    /// Views whose frame the constraints do not determine, by id (or tree path without an id).
    public var ambiguousViews: [String]
    /// The canvas's safe area insets.
    public var safeAreaInsets: EdgeInsets
    /// The layout guides the scenario added, with their solved frames.
    public var layoutGuides: [LaidOutGuide]
    /// The layout report exactly as `ivsim record` writes it.
    public var json: String

    /// The view with this id.
    public func view(_ id: String) -> LaidOutView? {
        views.first { $0.id == id }
    }

    init(variant: String, result: LayoutResult, json: String) {
        self.variant = variant
        canvasSize = CGSize(width: result.canvasSize.width, height: result.canvasSize.height)
        displayScale = result.traits.displayScale
        views = result.views.map(LaidOutView.init)
        constraints = result.autoLayout?.constraints.map(SolvedConstraint.init) ?? []
        ambiguousViews = result.autoLayout?.ambiguities.map { $0.id ?? $0.path } ?? []
        safeAreaInsets = result.safeAreaInsets
        layoutGuides = result.autoLayout?.layoutGuides.map(LaidOutGuide.init) ?? []
        self.json = json
    }
}

/// One view's layout.
public struct LaidOutView: Sendable, Equatable {
    /// The id the scenario gave it.
    public var id: String?
    /// Its place in the tree: `root`, `root.subviews[1]`, ….
    public var path: String
    /// `view` or `imageView`.
    public var type: String
    /// Whether Auto Layout placed it (translatesAutoresizingMaskIntoConstraints = false).
    public var isPositionedByConstraints: Bool
    /// In the superview's coordinates.
    public var frame: CGRect
    /// In the canvas's coordinates.
    public var absoluteFrame: CGRect
    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: CGRect
    /// The frame less the image's alignment rect insets.
    public var alignmentRect: CGRect
    /// The view's alpha (0…1).
    public var alpha: Double
    /// Whether the view is hidden.
    public var isHidden: Bool
    /// Whether content and subviews are clipped to the bounds.
    public var clipsToBounds: Bool
    /// False when the view or an ancestor is hidden or fully transparent.
    public var isDrawn: Bool
    /// How far the unsafe bands (status bar, sensor housing, home indicator) reach into the view from each edge.
    public var safeAreaInsets: EdgeInsets
    /// The effective layout margins (with the safe area and the superview's margins applied),
    /// left and right resolved.
    public var layoutMargins: EdgeInsets
    /// The image view's part, for image views.
    public var imageView: LaidOutImageView?

    init(_ layout: ImageViews.ViewLayout) {
        id = layout.id
        path = layout.path
        type = layout.kind
        isPositionedByConstraints = layout.positioning == .constraints
        frame = CGRect(layout.frame)
        absoluteFrame = CGRect(layout.absoluteFrame)
        bounds = CGRect(layout.bounds)
        alignmentRect = CGRect(layout.alignmentRect)
        alpha = layout.alpha
        isHidden = layout.isHidden
        clipsToBounds = layout.clipsToBounds
        isDrawn = layout.isDrawn
        safeAreaInsets = layout.safeAreaInsets
        layoutMargins = layout.layoutMargins
        imageView = layout.imageView.map(LaidOutImageView.init)
    }
}

/// An image view's part of the layout.
public struct LaidOutImageView: Sendable, Equatable {
    /// UIKit's name of the content mode (`scaleAspectFit`, …).
    public var contentMode: String
    /// Whether the image view is highlighted.
    public var isHighlighted: Bool
    /// Which property the shown image comes from (`image`, `highlightedImage`, `animationImages`,
    /// `highlightedAnimationImages`), nil when nothing is shown.
    public var displayedImage: String?
    /// The shown image's name in the scenario.
    public var imageName: String?
    /// The shown image's size in points.
    public var imageSize: CGSize?
    /// (-1, -1) when the view has no intrinsic size (no image).
    public var intrinsicContentSize: CGSize
    /// `sizeThatFits(_:)` of the image view: the image's size.
    public var sizeThatFits: CGSize
    /// Where the image is drawn, in the view's coordinates; nil when nothing is drawn.
    public var imageRect: CGRect?
    /// Whether the image is drawn as a template (its alpha filled with the tint).
    public var drawnAsTemplate: Bool

    init(_ layout: ImageViews.ImageViewLayout) {
        contentMode = layout.contentMode.name
        isHighlighted = layout.isHighlighted
        displayedImage = layout.displayedImageKey
        imageName = layout.image?.name
        imageSize = layout.image.map { CGSize(width: $0.size.width, height: $0.size.height) }
        intrinsicContentSize = CGSize(
            width: layout.intrinsicContentSize.width, height: layout.intrinsicContentSize.height)
        sizeThatFits = CGSize(width: layout.sizeThatFits.width, height: layout.sizeThatFits.height)
        imageRect = layout.imageRect.map(CGRect.init)
        drawnAsTemplate = layout.drawnAsTemplate
    }
}

/// A constraint the solver held, with whether the layout satisfies it.
public struct SolvedConstraint: Sendable, Equatable {
    /// As the report writes it: `hero.width == 0.5 * superview.width @750`, `hero.frame.minX == 20`, ….
    public var label: String
    /// `constraint` (the scenario's), `autoresizingMask`, `contentHugging`, `compressionResistance`, `nonNegativeSize`,
    /// `layoutGuide` (a margins or safe area guide tied to its view).
    public var kind: String
    /// 1 to 1000; 1000 is required.
    public var priority: Double
    /// Whether the layout satisfies it (within 10⁻⁶ point).
    public var isSatisfied: Bool
    /// How far from satisfied, in points.
    public var violation: Double

    init(_ constraint: ConstraintLayout) {
        label = constraint.label
        kind = constraint.kind.rawValue
        priority = constraint.priority
        isSatisfied = constraint.isSatisfied
        violation = constraint.violation
    }
}

/// Distances from each edge, in points (UIEdgeInsets): the model's own type.
public typealias EdgeInsets = ImageViews.EdgeInsets

/// A layout guide the scenario added (UILayoutGuide) and where the constraints put it.
public struct LaidOutGuide: Sendable, Equatable {
    /// The name the scenario gave it.
    public var name: String
    /// The owning view's id, when it has one.
    public var ownerID: String?
    /// The guide's place in the tree: `root.layoutGuides[0]`.
    public var path: String
    /// In the owning view's coordinates (not rounded to the pixel grid: nothing draws a guide).
    public var layoutFrame: CGRect

    init(_ guide: LayoutGuideFrame) {
        name = guide.name
        ownerID = guide.ownerID
        path = guide.path
        layoutFrame = CGRect(guide.frame)
    }
}

extension CGRect {
    init(_ rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }
}
