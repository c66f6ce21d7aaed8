import Foundation
import ImageViews

/// A scenario written in Swift instead of a JSON file: the same format (docs/SCENARIOS.md), with
/// typed properties for what most scenarios use and `ScenarioJSON` for the rest. It is turned into
/// the file format (`json`) and read by the same loader, so it is validated, laid out and
/// rendered exactly as a file would be.
///
/// ```swift
/// var definition = ScenarioDefinition(canvas: CGSize(width: 200, height: 120))
/// definition.images = [.checkerboard("wide", width: 60, height: 20, cell: 5, colors: ["#E53935", "#FFFFFF"])]
/// definition.root.subviews = [
///     .imageView(id: "hero", image: "wide", contentMode: .scaleAspectFit, frame: CGRect(x: 10, y: 10, width: 180, height: 100)),
/// ]
/// let scenario = try IVSimScenario(definition, name: "hero")
/// #expect(try scenario.layout().view("hero")?.imageView?.imageRect == CGRect(x: 0, y: 20, width: 180, height: 60))
/// ```
public struct ScenarioDefinition: Sendable {
    /// What the scenario shows (the `description` key).
    public var description: String
    /// The canvas size in whole points.
    public var canvas: CGSize
    /// The canvas colour (`#RRGGBB`, `#RRGGBBAA` or a system colour name); default systemBackground.
    public var background: String?
    /// The root view's safe area insets (`canvas.safeAreaInsets`); default none.
    public var safeAreaInsets: EdgeInsets?
    /// `traits` of the format: `["displayScale": 3, "userInterfaceStyle": "dark"]`.
    public var traits: ScenarioJSON?
    /// The images, in order (later ones may derive from earlier ones).
    public var images: [ImageDefinition]
    /// The root view (its frame is the canvas).
    public var root: ViewDefinition
    /// `metrics` for Visual Format Language constraints: `["pad": 8]`.
    public var metrics: ScenarioJSON?
    /// `variants` of the format: a trait `matrix` and `states`.
    public var variants: ScenarioJSON?
    /// Asset catalog folders (relative to the scenario's folder) and a bundle folder.
    public var assetCatalogs: [String]
    /// A bundle folder for `named` lookups, relative to the scenario's folder.
    public var bundle: String?
    /// Warning kinds the whole scenario acknowledges (docs/SCENARIOS.md §Warnings).
    public var acknowledgedWarnings: [String]

    /// A scenario with a canvas of this size; the rest as given or empty.
    public init(
        canvas: CGSize, description: String = "", background: String? = nil, traits: ScenarioJSON? = nil,
        images: [ImageDefinition] = [], root: ViewDefinition = ViewDefinition(), metrics: ScenarioJSON? = nil,
        variants: ScenarioJSON? = nil, assetCatalogs: [String] = [], bundle: String? = nil,
        acknowledgedWarnings: [String] = []
    ) {
        self.canvas = canvas
        self.description = description
        self.background = background
        self.traits = traits
        self.images = images
        self.root = root
        self.metrics = metrics
        self.variants = variants
        self.assetCatalogs = assetCatalogs
        self.bundle = bundle
        self.acknowledgedWarnings = acknowledgedWarnings
    }

    /// The scenario in the file format.
    public var value: ScenarioJSON {
        var members: [ScenarioJSON.Member] = []
        func add(_ key: String, _ value: ScenarioJSON?) { if let value { members.append(.init(key, value)) } }
        if !description.isEmpty { add("description", .string(description)) }
        var canvasValue: ScenarioJSON = ["size": [.number(canvas.width), .number(canvas.height)]]
        if let background { canvasValue = canvasValue.setting("background", .string(background)) }
        if let i = safeAreaInsets {
            canvasValue = canvasValue.setting(
                "safeAreaInsets", [.number(i.top), .number(i.left), .number(i.bottom), .number(i.right)])
        }
        add("canvas", canvasValue)
        add("traits", traits)
        if !acknowledgedWarnings.isEmpty {
            add("acknowledgedWarnings", .array(acknowledgedWarnings.map(ScenarioJSON.string)))
        }
        if !assetCatalogs.isEmpty { add("assetCatalogs", .array(assetCatalogs.map(ScenarioJSON.string))) }
        add("bundle", bundle.map(ScenarioJSON.string))
        if !images.isEmpty { add("images", .object(images.map { .init($0.name, $0.value) })) }
        add("metrics", metrics)
        add("root", root.value)
        add("variants", variants)
        return .object(members)
    }

    /// The scenario file's text.
    public var json: String { value.text }
}

/// One named image of a scenario: where its pixels come from and what is done to it
/// (docs/SCENARIOS.md §Images).
public struct ImageDefinition: Sendable {
    /// The image's name, which views and other images use.
    public var name: String
    /// The source and its options as the format writes them (`["file": "icon@2x.png"]`,
    /// `["from": "icon", "renderingMode": "alwaysTemplate"]`, …).
    public var value: ScenarioJSON

    /// An image from its file-format value.
    public init(_ name: String, _ value: ScenarioJSON) {
        self.name = name
        self.value = value
    }

    /// A PNG file, relative to the scenario's folder (`@2x`/`@3x` in the name set its scale).
    public static func file(_ name: String, _ path: String) -> ImageDefinition {
        ImageDefinition(name, ["file": .string(path)])
    }

    /// An image looked up as UIImage(named:) does, in the scenario's asset catalogs and bundle.
    public static func named(_ name: String, _ assetName: String) -> ImageDefinition {
        ImageDefinition(name, ["named": .string(assetName)])
    }

    /// A solid colour, `width × height` pixels.
    public static func solid(_ name: String, width: Int, height: Int, color: String) -> ImageDefinition {
        ImageDefinition(
            name,
            [
                "generate": [
                    "solid": ["size": [.number(Double(width)), .number(Double(height))], "color": .string(color)]
                ]
            ])
    }

    /// A checkerboard of two colours in `cell`-pixel squares.
    public static func checkerboard(_ name: String, width: Int, height: Int, cell: Int, colors: [String])
        -> ImageDefinition
    {
        ImageDefinition(
            name,
            [
                "generate": [
                    "checkerboard": [
                        "size": [.number(Double(width)), .number(Double(height))],
                        "cell": .number(Double(cell)), "colors": .array(colors.map(ScenarioJSON.string))
                    ]
                ]
            ])
    }

    /// The output of Core Image filters (docs/COREIMAGE.md): CIImage(image:) of `input` (an image of
    /// the scenario; nil when the first filter is a generator), then each filter in order, each
    /// given as the format writes one (`["filter": "CIGaussianBlur", "inputRadius": 4]`); rendered by
    /// createCGImage(_:from: `rect`) ([x, y, width, height] in Core Image's space, y up; nil: the
    /// output's extent) into a UIImage of `scale`.
    public static func coreImage(
        _ name: String, input: String?, filters: [ScenarioJSON], rect: [Double]? = nil, scale: Double? = nil
    ) -> ImageDefinition {
        var chain: ScenarioJSON = ["filters": .array(filters)]
        if let input { chain = chain.setting("input", .string(input)) }
        if let rect { chain = chain.setting("rect", .array(rect.map(ScenarioJSON.number))) }
        if let scale { chain = chain.setting("scale", .number(scale)) }
        return ImageDefinition(name, ["coreImage": chain])
    }

    /// Derived from another image with some of UIImage's methods applied (`["renderingMode":
    /// "alwaysTemplate"]`, `["capInsets": [4, 4, 4, 4], "resizingMode": "stretch"]`, …).
    public static func from(_ name: String, _ base: String, _ changes: ScenarioJSON) -> ImageDefinition {
        var value: ScenarioJSON = ["from": .string(base)]
        if case let .object(members) = changes {
            for member in members { value = value.setting(member.key, member.value) }
        }
        return ImageDefinition(name, value)
    }
}

/// A view of the tree: a plain view or an image view, positioned by a frame or by constraints.
public struct ViewDefinition: Sendable {
    /// UIView.ContentMode, UIKit's 13 cases: the model's own type.
    public typealias ContentMode = ImageViews.ContentMode

    /// The id constraints, states and `VariantLayout.view(_:)` use.
    public var id: String?
    /// A UIImageView (else a plain UIView).
    public var isImageView: Bool
    /// The frame; nil for a view placed by constraints.
    public var frame: CGRect?
    /// `#RRGGBB`, `#RRGGBBAA` or a system colour name.
    public var backgroundColor: String?
    /// The view's alpha (0…1).
    public var alpha: Double?
    /// Whether the view is hidden.
    public var isHidden: Bool?
    /// Whether content and subviews are clipped to the bounds.
    public var clipsToBounds: Bool?
    /// The tint, for template images in it and its subviews.
    public var tintColor: String?
    /// The image's name in the scenario (image views).
    public var image: String?
    /// The image shown while highlighted.
    public var highlightedImage: String?
    /// How the image is placed in the view (default scaleToFill).
    public var contentMode: ContentMode?
    /// Constraints in equation or Visual Format form, with `superview` meaning this view
    /// (`"hero.width == 0.5 * superview.width"`, `"H:|-20-[hero]-20-|"`).
    public var constraints: [String]
    /// The subviews, drawn in order.
    public var subviews: [ViewDefinition]
    /// Any other key of the format for this view (`["sizeToFit": true, "semanticContentAttribute": "forceRightToLeft"]`).
    public var more: ScenarioJSON?

    /// A view with the given properties; nil leaves UIKit's default.
    public init(
        id: String? = nil, isImageView: Bool = false, frame: CGRect? = nil, backgroundColor: String? = nil,
        alpha: Double? = nil,
        isHidden: Bool? = nil, clipsToBounds: Bool? = nil, tintColor: String? = nil, image: String? = nil,
        highlightedImage: String? = nil, contentMode: ContentMode? = nil, constraints: [String] = [],
        subviews: [ViewDefinition] = [], more: ScenarioJSON? = nil
    ) {
        self.id = id
        self.isImageView = isImageView
        self.frame = frame
        self.backgroundColor = backgroundColor
        self.alpha = alpha
        self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds
        self.tintColor = tintColor
        self.image = image
        self.highlightedImage = highlightedImage
        self.contentMode = contentMode
        self.constraints = constraints
        self.subviews = subviews
        self.more = more
    }

    /// A plain view.
    public static func view(
        id: String? = nil, frame: CGRect? = nil, backgroundColor: String? = nil, clipsToBounds: Bool? = nil,
        constraints: [String] = [], subviews: [ViewDefinition] = [], more: ScenarioJSON? = nil
    ) -> ViewDefinition {
        ViewDefinition(
            id: id, frame: frame, backgroundColor: backgroundColor, clipsToBounds: clipsToBounds,
            constraints: constraints,
            subviews: subviews, more: more)
    }

    /// An image view.
    public static func imageView(
        id: String? = nil, image: String? = nil, contentMode: ContentMode? = nil, frame: CGRect? = nil,
        backgroundColor: String? = nil, clipsToBounds: Bool? = nil, tintColor: String? = nil,
        constraints: [String] = [], subviews: [ViewDefinition] = [], more: ScenarioJSON? = nil
    ) -> ViewDefinition {
        ViewDefinition(
            id: id, isImageView: true, frame: frame, backgroundColor: backgroundColor, clipsToBounds: clipsToBounds,
            tintColor: tintColor, image: image, contentMode: contentMode, constraints: constraints, subviews: subviews,
            more: more)
    }

    /// The view in the file format.
    public var value: ScenarioJSON {
        var value: ScenarioJSON = .object([])
        func add(_ key: String, _ item: ScenarioJSON?) { if let item { value = value.setting(key, item) } }
        add("id", id.map(ScenarioJSON.string))
        if isImageView { add("type", "imageView") }
        add("frame", frame.map { [.number($0.minX), .number($0.minY), .number($0.width), .number($0.height)] })
        add("backgroundColor", backgroundColor.map(ScenarioJSON.string))
        add("alpha", alpha.map(ScenarioJSON.number))
        add("isHidden", isHidden.map(ScenarioJSON.bool))
        add("clipsToBounds", clipsToBounds.map(ScenarioJSON.bool))
        add("tintColor", tintColor.map(ScenarioJSON.string))
        add("image", image.map(ScenarioJSON.string))
        add("highlightedImage", highlightedImage.map(ScenarioJSON.string))
        add("contentMode", contentMode.map { .string($0.name) })
        if case let .object(members)? = more {
            for member in members { value = value.setting(member.key, member.value) }
        }
        if !subviews.isEmpty { add("subviews", .array(subviews.map(\.value))) }
        if !constraints.isEmpty { add("constraints", .array(constraints.map(ScenarioJSON.string))) }
        return value
    }
}
