import AssetCatalogs
import ImageViews
import Raster
import Syntax

/// A validated scenario: the canvas, the traits, the resolved images, the view tree and the
/// variants to snapshot (docs/SCENARIOS.md).
public struct Scenario: Sendable {
    /// The file as it was named when loaded (for messages).
    public var file: String
    /// Path under the scenarios folder without ".json" (names the snapshot folder).
    public var name: String
    public var description: String
    /// Canvas size in points.
    public var canvasSize: Size
    public var background: Color
    /// The canvas's safe area insets (docs/LAYOUT.md §Safe area).
    public var safeAreaInsets: EdgeInsets = .zero
    /// The device the canvas is (DevicePresets), when the scenario names one, and its orientation;
    /// the variant matrix may vary both instead.
    public var device: String?
    public var orientation: DeviceOrientation = .portrait
    /// Traits before the variant matrix applies.
    public var traits: Traits
    /// The images, in file order.
    public var images: [Image]
    /// The view tree (its frame is the canvas) before any variant state applies.
    public var root: View
    public var matrix: VariantMatrix
    public var states: [VariantState]
    /// Views sized by `sizeToFit`: sized again in each variant, for its traits (a named image
    /// may have another size there), before the variant's state applies.
    var sizeToFit: [SizeToFitPlacement] = []
    /// The constraints of every view's `constraints` list, in file order.
    public var constraints: [LayoutConstraint] = []
    /// Problems that do not stop the scenario (ambiguous layouts); errors with `strict`.
    public var warnings: [ScenarioDiagnostic] = []
    /// `snapshot` images, in the order they are made (SnapshotImages).
    public var snapshots: [SnapshotRequest] = []
    /// What drawing preserved vectors afresh may take in one variant (the scenario's limits).
    public var redraws: RedrawAllowance = .default
    /// Bytes the snapshots of one variant may hold (12 a pixel): what the scenario's `image-bytes`
    /// leaves after its images.
    public var snapshotBytes = Int.max

    /// Every variant to snapshot, in a fixed order (matrix order, then base state before the
    /// named states).
    public func variants() -> [Variant] {
        var result: [Variant] = []
        for combination in matrix.combinations(from: traits, device: device, orientation: orientation) {
            for state in [nil] + states.map(Optional.some) {
                let parts = combination.parts + (state.map { [$0.name] } ?? [])
                result.append(
                    Variant(
                        name: parts.isEmpty ? "default" : parts.joined(separator: "-"),
                        traits: combination.traits, state: state,
                        canvasSize: combination.canvas?.size ?? canvasSize,
                        safeAreaInsets: combination.canvas?.safeAreaInsets ?? safeAreaInsets))
            }
        }
        return result
    }

    /// The laid-out scene of a variant (its snapshots made first, SnapshotImages); preserved
    /// vectors are drawn afresh within `redraws` (the scenario's allowance when nil).
    public func scene(for variant: Variant, redraws: RedrawAllowance? = nil) -> Scene {
        snapshots.isEmpty
            ? layOut(root(for: variant, snapshots: []), variant, redraws: redraws ?? self.redraws)
            : sceneWithSnapshots(for: variant, redraws: redraws).scene
    }

    /// The view tree of a variant before layout: the snapshots made so far in place (`snapshots`,
    /// one per request, nil where not made), sized to fit for its traits, its state applied.
    func root(for variant: Variant, snapshots made: [Image?]) -> View {
        var root = self.root
        if !snapshots.isEmpty { replacingSnapshots(in: &root, made) }
        for placement in sizeToFit {
            root.update(at: placement.treePath[...]) { view in
                if let imageView = view.imageView?.resolved(for: view.traits(in: variant.traits)) {
                    view.frame = placement.frame(fitting: imageView.sizeThatFits)
                }
            }
        }
        if let state = variant.state {
            for assignment in state.assignments {
                root.apply(assignment)
            }
            if !snapshots.isEmpty { replacingSnapshots(in: &root, made) }
        }
        return root
    }
}

/// Trait values to expand into variants (each present dimension multiplies the variants, in the
/// fixed order of the traits: displayScale, userInterfaceStyle, layoutDirection,
/// userInterfaceIdiom, horizontalSizeClass, verticalSizeClass, accessibilityContrast,
/// userInterfaceLevel).
public struct VariantMatrix: Sendable, Equatable {
    /// One varied trait: its key and its values as the scenario writes them, in file order.
    public struct Dimension: Sendable, Equatable {
        public var key: String
        public var values: [String]
    }

    public var dimensions: [Dimension] = []
    /// Devices (DevicePresets names) and orientations the matrix varies, before the traits.
    public var devices: [String] = []
    public var orientations: [DeviceOrientation] = []

    public init() {}

    /// How many trait combinations the matrix gives (the product of its value counts).
    public var combinationCount: Int {
        dimensions.reduce(1) { $0 * $1.values.count } * max(devices.count, 1) * max(orientations.count, 1)
    }

    /// Every combination of the varied traits applied to `traits`, with the variant-name parts
    /// each gives, in the fixed dimension order (the first dimension varies slowest): the device
    /// and orientation first, then the traits. `device` and `orientation` are the scenario's own
    /// (its canvas) when the matrix does not vary them; a device sets `canvas`.
    public func combinations(from traits: Traits, device: String? = nil, orientation: DeviceOrientation = .portrait)
        -> [(parts: [String], traits: Traits, canvas: (size: Size, safeAreaInsets: EdgeInsets)?)]
    {
        var combinations: [(parts: [String], traits: Traits, canvas: (size: Size, safeAreaInsets: EdgeInsets)?)] = []
        let deviceList: [String?] = devices.isEmpty ? [device] : devices
        let orientationList = orientations.isEmpty ? [orientation] : orientations
        for name in deviceList {
            for orientation in orientationList {
                var t = traits
                var parts: [String] = []
                var canvas: (size: Size, safeAreaInsets: EdgeInsets)?
                if let preset = name.flatMap(DevicePresets.named) {
                    preset.apply(orientation, to: &t)
                    canvas = (preset.canvasSize(orientation), preset.safeAreaInsets(orientation))
                    if !devices.isEmpty { parts.append(preset.variantName) }
                }
                if !orientations.isEmpty { parts.append(orientation.rawValue) }
                combinations.append((parts, t, canvas))
            }
        }
        for dimension in TraitDimension.all {
            guard let values = values(of: dimension.key) else { continue }
            combinations = combinations.flatMap { c in
                values.map { v in
                    var t = c.traits
                    dimension.apply(&t, v)
                    return (c.parts + [dimension.variantName(v)], t, c.canvas)
                }
            }
        }
        return combinations
    }

    /// The values of the trait `key`, if the matrix varies it.
    public func values(of key: String) -> [String]? {
        dimensions.first { $0.key == key }?.values
    }
}

/// A named set of view property changes applied on top of the scenario.
public struct VariantState: Sendable {
    public var name: String
    public var assignments: [PropertyAssignment]
}

/// One property of one view set to a value (`"hero.isHighlighted": true`).
public struct PropertyAssignment: Sendable {
    public var viewID: String
    public var value: PropertyValue
}

/// A settable view property and its new value.
public enum PropertyValue: Sendable {
    case isHighlighted(Bool)
    case isHidden(Bool)
    case clipsToBounds(Bool)
    case alpha(Double)
    case contentMode(ContentMode)
    case image(Image?)
    case highlightedImage(Image?)
    case backgroundColor(Color?)
    case tintColor(Color?)
    case frame(Rect)
    case sampling(Sampling)
    case tintAdjustmentMode(TintAdjustmentMode)
    case semanticContentAttribute(SemanticContentAttribute)
    case isAnimating(Bool)
    case animationTime(Double)
    case animationDuration(Double)
    case animationRepeatCount(Int)
    case cornerRadius(Double)
    case maskedCorners(RectCorners)
    case cornerCurve(CornerCurve)
    case borderWidth(Double)
    case borderColor(Color?)
    case adjustsImageSize(Bool)
    /// backgroundColor = UIColor(patternImage:).
    case backgroundPattern(Image)

    /// Property names a state may set (those in `ScenarioKeys.imageViewOnly` need an image view).
    static let names = [
        "isHighlighted", "isHidden", "clipsToBounds", "alpha", "contentMode", "image", "highlightedImage",
        "backgroundColor",
        "tintColor", "frame", "sampling", "tintAdjustmentMode", "semanticContentAttribute", "isAnimating",
        "animationTime",
        "animationDuration", "animationRepeatCount", "cornerRadius", "maskedCorners", "cornerCurve", "borderWidth",
        "borderColor",
        "adjustsImageSizeForAccessibilityContentSizeCategory"
    ]
}

/// One variant: a name such as `scale2-dark-highlighted`, its traits and its state.
public struct Variant: Sendable {
    public var name: String
    public var traits: Traits
    public var state: VariantState?
    /// The canvas in points and its safe area insets: the scenario's, or its device's in the
    /// variant's orientation.
    public var canvasSize: Size
    public var safeAreaInsets: EdgeInsets
}

/// A view positioned with `sizeToFit`: where it is in the tree and what stays put when it resizes.
struct SizeToFitPlacement: Sendable {
    /// The point the scenario gives: the view's center, or its origin (zero when neither is given,
    /// as for UIImageView(image:)).
    enum Anchor: Sendable {
        case center(Point)
        case origin(Point)

        /// The frame of a view of `size` placed at this anchor.
        func frame(fitting size: Size) -> Rect {
            switch self {
            case let .center(c):
                Rect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
            case let .origin(o): Rect(x: o.x, y: o.y, width: size.width, height: size.height)
            }
        }
    }

    /// Index path from the root.
    var treePath: [Int]
    var anchor: Anchor
    /// `"integral": true`: the frame made integral once placed (CGRect.integral).
    var integral = false

    /// The frame of a view of `size` placed by this placement.
    func frame(fitting size: Size) -> Rect {
        let frame = anchor.frame(fitting: size)
        return integral ? frame.integral : frame
    }
}

extension View {
    /// Applies `assignment` to the view with its id in this tree.
    mutating func apply(_ assignment: PropertyAssignment) {
        if id == assignment.viewID {
            set(assignment.value)
            return
        }
        for index in subviews.indices {
            subviews[index].apply(assignment)
        }
    }

    /// Sets one property of this view (image-view properties only on an image view).
    mutating func set(_ value: PropertyValue) {
        switch value {
        case let .isHighlighted(v): imageView?.isHighlighted = v
        case let .isHidden(v): isHidden = v
        case let .clipsToBounds(v): clipsToBounds = v
        case let .alpha(v): alpha = v
        case let .contentMode(v): imageView?.contentMode = v
        case let .image(v): imageView?.image = v
        case let .highlightedImage(v): imageView?.highlightedImage = v
        case let .backgroundColor(v):
            backgroundColor = v
            backgroundPattern = nil
        case let .backgroundPattern(v):
            backgroundPattern = v
            backgroundColor = nil
        case let .tintColor(v): tintColor = v
        case let .frame(v): frame = v
        case let .sampling(v): imageView?.sampling = v
        case let .tintAdjustmentMode(v): tintAdjustmentMode = v
        case let .semanticContentAttribute(v): semanticContentAttribute = v
        case let .isAnimating(v): imageView?.isAnimating = v
        case let .animationTime(v): imageView?.animationTime = v
        case let .animationDuration(v): imageView?.animationDuration = v
        case let .animationRepeatCount(v): imageView?.animationRepeatCount = v
        case let .cornerRadius(v): layer.cornerRadius = v
        case let .maskedCorners(v): layer.maskedCorners = v
        case let .cornerCurve(v): layer.cornerCurve = v
        case let .borderWidth(v): layer.borderWidth = v
        case let .borderColor(v): layer.borderColor = v
        case let .adjustsImageSize(v): imageView?.adjustsImageSizeForAccessibilityContentSizeCategory = v
        }
    }
}
