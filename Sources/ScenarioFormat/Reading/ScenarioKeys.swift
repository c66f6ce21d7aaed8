import AssetCatalogs
import ImageViews
import Raster
/// The keys each object of the format allows, shared by the reader (unknown-key errors) and the
/// JSON Schema (`ivsim schema`).
enum ScenarioKeys {
    static let document = [
        "$schema", "description", "canvas", "traits", "bundle", "assetCatalogs", "bundles", "symbolRoots",
        "symbolStandIns",
        "images", "metrics", "root",
        "variants", "acknowledgedWarnings"
    ]
    static let canvas = ["size", "background", "safeAreaInsets", "device", "orientation"]
    static let traits = TraitDimension.keys
    static let imageSource = [
        "file", "named", "bundle", "traits", "systemName", "classProperty", "generate", "from", "animated", "asset",
        "draw", "snapshot",
        "coreImage", "masking", "crop", "scale",
        "orientation", "horizontallyFlipped", "symbolConfiguration", "baselineOffsetFromBottom",
        "capInsets", "resizingMode", "alignmentRectInsets", "renderingMode", "tintColor",
        "flipsForRightToLeftLayoutDirection"
    ]
    static let imageKinds = [
        "file", "named", "systemName", "classProperty", "generate", "from", "animated", "asset", "draw", "snapshot",
        "coreImage", "masking"
    ]
    /// UIImage's class properties that are system images (UIImage's "PreconfiguredSystemImages").
    static let classProperties = ["actions", "add", "remove", "checkmark", "strokedCheckmark"]
    static let snapshot = ["view", "scale", "rect", "capInsets"]
    static let animated = ["frames", "named", "duration"]
    static let assetRegistration = ["image", "traits"]
    static let insets = ["top", "left", "bottom", "right"]
    static let generators = ["solid", "checkerboard", "linearGradient", "indexGrid", "path"]
    static let pathGenerator = ["size", "d", "color", "fillRule"]
    static let solid = ["size", "color"]
    static let checkerboard = ["size", "cell", "colors"]
    static let linearGradient = ["size", "colors", "direction"]
    static let indexGrid = ["size"]
    static let fillRules = FillRule.allCases.map(\.rawValue)
    static let view =
        [
            "id", "type", "frame", "center", "origin", "size", "sizeToFit", "integral", "backgroundColor", "alpha",
            "isHidden", "clipsToBounds", "isOpaque", "tintColor", "tintAdjustmentMode", "semanticContentAttribute",
            "image", "highlightedImage", "isHighlighted", "contentMode", "sampling", "animationImages",
            "highlightedAnimationImages", "animationDuration", "animationRepeatCount", "isAnimating",
            "animationTime", "constraints", "contentHuggingPriority", "contentCompressionResistancePriority",
            "subviews",
            "acknowledgedWarnings", "cornerRadius", "maskedCorners", "borderWidth", "borderColor", "cornerCurve",
            "preferredSymbolConfiguration", "adjustsImageSizeForAccessibilityContentSizeCategory"
        ] + margins + stackView
    static let imageViewOnly = [
        "image", "highlightedImage", "isHighlighted", "contentMode", "sampling", "animationImages",
        "highlightedAnimationImages", "animationDuration", "animationRepeatCount", "isAnimating",
        "animationTime", "preferredSymbolConfiguration", "adjustsImageSizeForAccessibilityContentSizeCategory"
    ]
    static let root =
        [
            "id", "backgroundColor", "tintColor", "tintAdjustmentMode", "semanticContentAttribute", "alpha",
            "clipsToBounds", "constraints", "subviews"
        ] + margins
    /// Layout margins and guides, on any view (the root included).
    static let margins = [
        "layoutMargins", "directionalLayoutMargins", "preservesSuperviewLayoutMargins",
        "insetsLayoutMarginsFromSafeArea", "layoutGuides"
    ]
    static let directionalInsets = ["top", "leading", "bottom", "trailing"]
    /// Keys that give a view its frame (a view without any is positioned by constraints).
    static let position = ["frame", "center", "origin", "size", "sizeToFit"]
    static let axisPriorities = ["horizontal", "vertical"]
    static let variants = ["matrix", "states"]
    static let matrix = ["device", "orientation"] + TraitDimension.keys
    static let state = ["name", "set"]
    static let dynamicColor = ["light", "dark"]
    static let namedColor = ["named", "bundle"]
    static let viewTypes = ["view", "imageView", "stackView"]
    /// UIStackView's properties, on stack views only.
    static let stackView = [
        "axis", "distribution", "alignment", "spacing", "customSpacing", "isLayoutMarginsRelativeArrangement",
        "isBaselineRelativeArrangement"
    ]
    static let samplings = ["bilinear", "nearest"]
    static let directions = ["horizontal", "vertical"]
    static let cornerNames = ["topLeft", "topRight", "bottomLeft", "bottomRight"]
    static let cornerMaskNames = [
        "layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"
    ]
}
