import ImageViews
import Raster

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
    /// Traits before the variant matrix applies.
    public var traits: Traits
    /// The images, in file order.
    public var images: [Image]
    /// The view tree (its frame is the canvas) before any variant state applies.
    public var root: View
    public var matrix: VariantMatrix
    public var states: [VariantState]

    /// Every variant to snapshot, in a fixed order (matrix order, then base state before the
    /// named states).
    public func variants() -> [Variant] {
        var combinations: [(parts: [String], traits: Traits)] = [([], traits)]
        /// Multiplies the combinations by one trait dimension, if the matrix has it.
        func expand<T>(_ values: [T]?, named name: (T) -> String, _ set: (inout Traits, T) -> Void) {
            guard let values else { return }
            combinations = combinations.flatMap { c in values.map { v in
                var t = c.traits
                set(&t, v)
                return (c.parts + [name(v)], t)
            } }
        }
        expand(matrix.displayScale, named: { "scale\($0)" }) { $0.displayScale = $1 }
        expand(matrix.userInterfaceStyle, named: \.rawValue) { $0.userInterfaceStyle = $1 }
        expand(matrix.layoutDirection, named: { $0 == .leftToRight ? "ltr" : "rtl" }) { $0.layoutDirection = $1 }
        var result: [Variant] = []
        for combination in combinations {
            for state in [nil] + states.map(Optional.some) {
                let parts = combination.parts + (state.map { [$0.name] } ?? [])
                result.append(Variant(name: parts.isEmpty ? "default" : parts.joined(separator: "-"),
                                      traits: combination.traits, state: state))
            }
        }
        return result
    }

    /// The laid-out scene of a variant.
    public func scene(for variant: Variant) -> Scene {
        var root = self.root
        if let state = variant.state {
            for assignment in state.assignments {
                root.apply(assignment)
            }
        }
        return Scene(root: root, canvasSize: canvasSize, traits: variant.traits, background: background)
    }
}

/// Trait values to expand into variants (each present dimension multiplies the variants).
public struct VariantMatrix: Sendable, Equatable {
    public var displayScale: [Int]?
    public var userInterfaceStyle: [UserInterfaceStyle]?
    public var layoutDirection: [LayoutDirection]?

    public init() {}
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

    /// Property names a state may set (those in `ScenarioKeys.imageViewOnly` need an image view).
    static let names = [
        "isHighlighted", "isHidden", "clipsToBounds", "alpha", "contentMode", "image", "highlightedImage", "backgroundColor",
        "tintColor", "frame", "sampling", "tintAdjustmentMode", "semanticContentAttribute", "isAnimating", "animationTime",
        "animationDuration", "animationRepeatCount",
    ]
}

/// One variant: a name such as `scale2-dark-highlighted`, its traits and its state.
public struct Variant: Sendable {
    public var name: String
    public var traits: Traits
    public var state: VariantState?
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
        case let .backgroundColor(v): backgroundColor = v
        case let .tintColor(v): tintColor = v
        case let .frame(v): frame = v
        case let .sampling(v): imageView?.sampling = v
        case let .tintAdjustmentMode(v): tintAdjustmentMode = v
        case let .semanticContentAttribute(v): semanticContentAttribute = v
        case let .isAnimating(v): imageView?.isAnimating = v
        case let .animationTime(v): imageView?.animationTime = v
        case let .animationDuration(v): imageView?.animationDuration = v
        case let .animationRepeatCount(v): imageView?.animationRepeatCount = v
        }
    }
}
