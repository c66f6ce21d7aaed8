import AssetCatalogs
import ImageViews
import Symbols
import Syntax

/// The JSON Schema (draft 2020-12) of the scenario format, printed by `ivsim schema` and
/// committed as `Scenarios/scenario.schema.json`, which every corpus file names in "$schema" so
/// that editors complete and check it. Object properties come from the same key lists the reader
/// enforces, so the two cannot drift apart (a test checks it).
public enum ScenarioSchema {
    public static func document() -> JSONOutput {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://github.com/ivsim/ivsim/Scenarios/scenario.schema.json")),
            ("title", .string("ivsim scenario")),
            (
                "description",
                .string("A UIImageView scenario: canvas, traits, images, view tree and variants (docs/SCENARIOS.md).")
            ),
            ("type", .string("object")),
            ("required", .array(["canvas", "root"].map(JSONOutput.string))),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                properties(
                    ScenarioKeys.document,
                    [
                        "$schema": .object([
                            ("type", .string("string")),
                            ("description", .string("Path or URL of this schema, for editors."))
                        ]),
                        "description": .object([
                            ("type", .string("string")),
                            ("description", .string("What the scenario shows, for reviewers."))
                        ]),
                        "canvas": ref("canvas"),
                        "traits": ref("traits"),
                        "bundle": .object([
                            ("type", .string("string")),
                            (
                                "description",
                                .string(
                                    "Folder (relative to the scenario) that `named` images are looked up in after the catalogs."
                                )
                            )
                        ]),
                        "assetCatalogs": .object([
                            ("type", .string("array")), ("minItems", .number(1)), ("uniqueItems", .bool(true)),
                            ("items", .object([("type", .string("string")), ("pattern", .string("\\.xcassets/?$"))])),
                            (
                                "description",
                                .string("Xcode .xcassets folders (relative to the scenario), searched in order.")
                            )
                        ]),
                        "bundles": .object([
                            ("type", .string("object")),
                            (
                                "additionalProperties",
                                closedObject(
                                    ["folder", "assetCatalogs"],
                                    [
                                        "folder": .object([("type", .string("string"))]),
                                        "assetCatalogs": .object([
                                            ("type", .string("array")), ("minItems", .number(1)),
                                            ("uniqueItems", .bool(true)),
                                            (
                                                "items",
                                                .object([
                                                    ("type", .string("string")), ("pattern", .string("\\.xcassets/?$"))
                                                ])
                                            )
                                        ])
                                    ], required: [],
                                    description:
                                        "A bundle besides the main one (a framework's): its folder of loose files and its catalogs"
                                )
                            ),
                            (
                                "description",
                                .string(
                                    "The app's other bundles by name, for `named` images and colours with \"bundle\" "
                                        + "(UIImage(named:in:compatibleWith:), ASSETS.md §Several bundles)."
                                )
                            )
                        ]),
                        "symbolRoots": .object([
                            ("type", .string("array")), ("minItems", .number(1)),
                            ("items", .object([("type", .string("string"))])),
                            (
                                "description",
                                .string(
                                    "Folders (relative to the scenario) of symbol templates exported from the SF Symbols app "
                                        + "(<name>.svg), searched by systemName before the catalogs' symbol sets (SYMBOLS.md)."
                                )
                            )
                        ]),
                        "symbolStandIns": .object([
                            ("type", .string("boolean")),
                            (
                                "description",
                                .string(
                                    "Draw a system symbol found nowhere as ivsim's stand-in (a crossed square), with a "
                                        + "symbolStandIn warning, instead of an error (SYMBOLS.md).")
                            )
                        ]),
                        "images": .object([
                            ("type", .string("object")),
                            ("description", .string("Image names to sources.")),
                            ("additionalProperties", ref("imageSource"))
                        ]),
                        "metrics": .object([
                            ("type", .string("object")),
                            (
                                "description",
                                .string(
                                    "Names for numbers in Visual Format Language constraints, e.g. {\"margin\": 20}.")
                            ),
                            ("propertyNames", .object([("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$"))])),
                            ("additionalProperties", .object([("type", .string("number"))]))
                        ]),
                        "root": ref("root"),
                        "variants": ref("variants"),
                        "acknowledgedWarnings": ref("acknowledgedWarnings")
                    ])
            ),
            ("$defs", .object(definitions()))
        ])
    }

    /// The schema of one value of a trait.
    private static func traitValue(_ dimension: TraitDimension) -> JSONOutput {
        dimension.isNumeric
            ? .object([("enum", .array(dimension.values.map { .number(Double($0) ?? 0) }))])
            : enumeration(dimension.values)
    }

    static func ref(_ name: String) -> JSONOutput { .object([("$ref", .string("#/$defs/\(name)"))]) }

    static func properties(_ keys: [String], _ schemas: [String: JSONOutput]) -> JSONOutput {
        .object(keys.map { key in (key, schemas[key] ?? .object([])) })
    }

    static func closedObject(
        _ keys: [String], _ schemas: [String: JSONOutput], required: [String] = [],
        description: String? = nil
    ) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("type", .string("object"))]
        if let description { members.append(("description", .string(description))) }
        if !required.isEmpty { members.append(("required", .array(required.map(JSONOutput.string)))) }
        members.append(("additionalProperties", .bool(false)))
        members.append(("properties", properties(keys, schemas)))
        return .object(members)
    }

    static func numbers(
        _ count: Int, minimum: Double? = nil, maximum: Double? = nil, integer: Bool = false,
        description: String
    ) -> JSONOutput {
        var item: [(String, JSONOutput)] = [("type", .string(integer ? "integer" : "number"))]
        if let minimum { item.append(("minimum", .number(minimum))) }
        if let maximum { item.append(("maximum", .number(maximum))) }
        return .object([
            ("type", .string("array")), ("description", .string(description)),
            ("items", .object(item)), ("minItems", .number(Double(count))), ("maxItems", .number(Double(count)))
        ])
    }

    static func enumeration(_ values: [String], description: String? = nil) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("enum", .array(values.map(JSONOutput.string)))]
        if let description { members.insert(("description", .string(description)), at: 0) }
        return .object(members)
    }

    static let boolean = JSONOutput.object([("type", .string("boolean"))])

    /// An `acknowledgedWarnings` list of `kinds`, holding `scope`.
    private static func acknowledgedWarnings(_ kinds: [String], _ scope: String) -> JSONOutput {
        .object([
            ("type", .string("array")), ("uniqueItems", .bool(true)), ("items", enumeration(kinds)),
            (
                "description",
                .string(
                    "Warnings that are meant (docs/SCENARIOS.md §Warnings), \(scope): not printed, not errors "
                        + "with --strict; image warnings stay in the layout report.")
            )
        ])
    }

    private static func definitions() -> [(String, JSONOutput)] {
        let pixelSize = numbers(
            2, minimum: ScenarioLimits.generatedPixels.lowerBound, maximum: ScenarioLimits.generatedPixels.upperBound,
            integer: true, description: "[width, height] in pixels")
        let twoColors = JSONOutput.object([
            ("type", .string("array")), ("items", ref("fixedColor")),
            ("minItems", .number(2)), ("maxItems", .number(2))
        ])
        let contentMode = JSONOutput.object([
            ("description", .string("UIView.ContentMode by name or raw value 0…12")),
            (
                "anyOf",
                .array([
                    enumeration(ContentMode.allCases.map(\.name)),
                    .object([("type", .string("integer")), ("minimum", .number(0)), ("maximum", .number(12))])
                ])
            )
        ])
        let viewSchemas: [String: JSONOutput] = [
            "id": .object([
                ("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_-]+$")),
                ("description", .string("Names the view in variant states and reports."))
            ]),
            "type": enumeration(ScenarioKeys.viewTypes),
            "frame": numbers(
                4, minimum: ScenarioLimits.coordinate.lowerBound, maximum: ScenarioLimits.coordinate.upperBound,
                description: "[x, y, width, height] in points, in the superview"),
            "center": numbers(2, description: "[x, y] in points, with size or sizeToFit"),
            "origin": numbers(2, description: "[x, y] in points, with size or sizeToFit"),
            "size": numbers(
                2, minimum: 0, maximum: ScenarioLimits.length.upperBound, description: "[width, height] in points"),
            "sizeToFit": .object([
                ("const", .bool(true)), ("description", .string("Take the image's size (UIImageView(image:))."))
            ]),
            "integral": .object([
                ("const", .bool(true)),
                ("description", .string("view.frame = view.frame.integral once placed (CGRect.integral)"))
            ]),
            "backgroundColor": .object([
                (
                    "anyOf",
                    .array([
                        ref("color"),
                        closedObject(
                            ["pattern"], ["pattern": .object([("type", .string("string"))])], required: ["pattern"],
                            description:
                                "UIColor(patternImage:) of this image: tiled over the bounds from their top-left corner "
                                + "(LAYOUT.md §Pattern backgrounds)")
                    ])
                )
            ]),
            "alpha": .object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))]),
            "isHidden": boolean,
            "clipsToBounds": boolean,
            "isOpaque": boolean,
            "cornerRadius": .object([
                ("type", .string("number")), ("minimum", .number(0)),
                (
                    "description",
                    .string(
                        "layer.cornerRadius in points: rounds the background and border, and with "
                            + "clipsToBounds the content and subviews (RENDERING.md §13)")
                )
            ]),
            "maskedCorners": .object([
                ("type", .string("array")), ("uniqueItems", .bool(true)),
                ("items", enumeration(ScenarioKeys.cornerNames + ScenarioKeys.cornerMaskNames)),
                ("description", .string("layer.maskedCorners: the corners rounded (default all)"))
            ]),
            "borderWidth": .object([
                ("type", .string("number")), ("minimum", .number(0)),
                ("description", .string("layer.borderWidth in points, drawn inside the bounds over the content"))
            ]),
            "borderColor": ref("color"),
            "preferredSymbolConfiguration": ref("symbolConfiguration"),
            "cornerCurve": enumeration(
                ["circular", "continuous"],
                description:
                    "layer.cornerCurve: circular (quarter circles, the default) or continuous (the iOS 7 corner, reaching 1.53 radii along each side)"
            ),
            "tintColor": ref("color"),
            "image": .object([("type", .string("string")), ("description", .string("An image name from \"images\"."))]),
            "highlightedImage": .object([("type", .string("string"))]),
            "isHighlighted": boolean,
            "contentMode": contentMode,
            "sampling": enumeration(ScenarioKeys.samplings),
            "subviews": .object([("type", .string("array")), ("items", ref("view"))]),
            "constraints": .object([
                ("type", .string("array")),
                (
                    "description",
                    .string(
                        "Auto Layout constraints: equations such as \"hero.leading == superview.leading + 20\" or "
                            + "\"icon.width == 0.5 * hero.width + 4 @ 750\", or Visual Format Language such as "
                            + "\"H:|-20-[hero]-8-[icon(>=44)]-|\"; superview is the view holding the list. "
                            + "A view without frame, center, origin, size or sizeToFit is positioned by constraints.")
                ),
                ("items", .object([("type", .string("string")), ("minLength", .number(1))]))
            ]),
            "contentHuggingPriority": ref("axisPriorities"),
            "contentCompressionResistancePriority": ref("axisPriorities"),
            "tintAdjustmentMode": enumeration(TintAdjustmentMode.allCases.map(\.rawValue)),
            "semanticContentAttribute": enumeration(SemanticContentAttribute.allCases.map(\.rawValue)),
            "animationImages": .object([
                ("type", .string("array")), ("minItems", .number(1)), ("items", .object([("type", .string("string"))]))
            ]),
            "highlightedAnimationImages": .object([
                ("type", .string("array")), ("minItems", .number(1)), ("items", .object([("type", .string("string"))]))
            ]),
            "animationDuration": .object([
                ("type", .string("number")), ("minimum", .number(0)),
                ("description", .string("Seconds per cycle; 0: frames × 1/30 s."))
            ]),
            "animationRepeatCount": .object([
                ("type", .string("integer")), ("minimum", .number(0)), ("description", .string("0: forever."))
            ]),
            "adjustsImageSizeForAccessibilityContentSizeCategory": .object([
                ("type", .string("boolean")),
                (
                    "description",
                    .string(
                        "UIAccessibilityContentSizeCategoryImageAdjusting: at the accessibility content size categories "
                            + "the intrinsic size grows by UIFontMetrics.default's factor (body size / 17; docs/LAYOUT.md)."
                    )
                )
            ]),
            "isAnimating": .object([
                ("type", .string("boolean")),
                (
                    "description",
                    .string(
                        "true: startAnimating() was called; false: stopAnimating(); absent: neither "
                            + "(an animated image with a duration plays by itself).")
                )
            ]),
            "animationTime": .object([
                ("type", .string("number")), ("minimum", .number(0)),
                ("description", .string("Seconds since the animation started."))
            ]),
            "acknowledgedWarnings": ref("viewAcknowledgedWarnings"),
            "layoutMargins": .object([
                (
                    "description",
                    .string(
                        "UIView.layoutMargins: left and right never swap; default 8 on every side. "
                            + "Constraints use them as \"superview.margins.leading\".")
                ),
                ("allOf", .array([ref("insets")]))
            ]),
            "directionalLayoutMargins": .object([
                (
                    "description",
                    .string("UIView.directionalLayoutMargins: leading and trailing swap sides under right-to-left.")
                ),
                (
                    "anyOf",
                    .array([
                        numbers(4, description: "[top, leading, bottom, trailing] in points"),
                        closedObject(
                            ScenarioKeys.directionalInsets,
                            Dictionary(
                                uniqueKeysWithValues: ScenarioKeys.directionalInsets.map {
                                    ($0, JSONOutput.object([("type", .string("number"))]))
                                }))
                    ])
                )
            ]),
            "preservesSuperviewLayoutMargins": .object([
                ("type", .string("boolean")),
                (
                    "description",
                    .string(
                        "Keep the content inside the superview's margins too (default false).")
                )
            ]),
            "insetsLayoutMarginsFromSafeArea": .object([
                ("type", .string("boolean")),
                (
                    "description",
                    .string(
                        "Measure the margins from the safe area (default true).")
                )
            ]),
            "axis": .object([
                (
                    "description",
                    .string("Stack views: the direction the arranged subviews (the subviews) are laid out in.")
                ),
                ("enum", .array(LayoutAxis.allCases.map { .string($0.rawValue) }))
            ]),
            "distribution": .object([
                ("description", .string("Stack views: how the arranged subviews share the axis.")),
                ("enum", .array(StackDistribution.allCases.map { .string($0.rawValue) }))
            ]),
            "alignment": .object([
                (
                    "description",
                    .string(
                        "Stack views: how the arranged subviews line up across the axis "
                            + "(firstBaseline and lastBaseline: horizontal stacks only).")
                ),
                ("enum", .array(StackAlignment.allCases.map { .string($0.rawValue) }))
            ]),
            "spacing": .object([
                ("type", .string("number")),
                (
                    "description",
                    .string(
                        "Stack views: points between arranged subviews (a minimum for equalSpacing and equalCentering); may be negative."
                    )
                )
            ]),
            "customSpacing": .object([
                ("type", .string("object")), ("additionalProperties", .object([("type", .string("number"))])),
                ("description", .string("Stack views: {\"arranged subview id\": points} after that view."))
            ]),
            "isLayoutMarginsRelativeArrangement": .object([
                ("type", .string("boolean")),
                (
                    "description",
                    .string(
                        "Stack views: lay out within the layout margins (default false).")
                )
            ]),
            "isBaselineRelativeArrangement": .object([
                ("type", .string("boolean")),
                (
                    "description",
                    .string(
                        "Stack views: spacing between baselines (image views have none: no change).")
                )
            ]),
            "layoutGuides": .object([
                ("type", .string("array")),
                (
                    "description",
                    .string(
                        "UILayoutGuides the view adds; constraints name them like views (\"content.leading\"); "
                            + "names share the ids' namespace.")
                ),
                ("items", .object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_-]+$"))]))
            ])
        ]
        let stateValue = JSONOutput.object([
            (
                "description",
                .string(
                    "Value for \"<view id>.<property>\"; properties: "
                        + PropertyValue.names.joined(separator: ", "))
            )
        ])
        let symbolConfiguration = closedObject(
            ImageReader.symbolConfigurationKeys,
            [
                "pointSize": .object([
                    ("type", .string("number")),
                    ("minimum", .number(SymbolConfiguration.pointSizes.lowerBound)),
                    ("maximum", .number(SymbolConfiguration.pointSizes.upperBound))
                ]),
                "textStyle": enumeration(SymbolTextStyle.allCases.map(\.rawValue)),
                "weight": enumeration(SymbolWeight.allCases.map(\.rawValue)),
                "scale": enumeration(["small", "medium", "large", "default", "unspecified"]),
                "hierarchicalColor": ref("color"),
                "paletteColors": .object([
                    ("type", .string("array")), ("items", ref("color")), ("minItems", .number(1)),
                    ("maxItems", .number(3))
                ]),
                "multicolor": .object([("const", .bool(true))])
            ],
            description:
                "UIImage.SymbolConfiguration: a point size or a text style, a weight, a scale, a hierarchical colour, "
                + "palette colours or multicolor (SYMBOLS.md); on an image, withConfiguration(_:); on an image view, preferredSymbolConfiguration"
        )
        return [
            ("symbolConfiguration", symbolConfiguration),
            (
                "acknowledgedWarnings",
                acknowledgedWarnings(WarningKinds.scenario, "for every view, and the asset names")
            ),
            ("viewAcknowledgedWarnings", acknowledgedWarnings(WarningKinds.view, "for this view")),
            (
                "color",
                .object([
                    (
                        "description",
                        .string(
                            "#RRGGBB, #RRGGBBAA, a UIKit system colour, a light/dark pair, a colour set of the asset catalogs, "
                                + "or a dynamic provider's cases"
                        )
                    ),
                    (
                        "anyOf",
                        .array([
                            ref("fixedColor"),
                            closedObject(
                                ScenarioKeys.dynamicColor,
                                ["light": ref("fixedColor"), "dark": ref("fixedColor")],
                                required: ScenarioKeys.dynamicColor),
                            closedObject(
                                ScenarioKeys.namedColor,
                                [
                                    "named": .object([("type", .string("string"))]),
                                    "bundle": .object([
                                        ("type", .string("string")),
                                        (
                                            "description",
                                            .string("UIColor(named:in:compatibleWith:): one of the scenario's bundles")
                                        )
                                    ])
                                ],
                                required: ["named"],
                                description: "UIColor(named:): a .colorset of the scenario's assetCatalogs"),
                            closedObject(
                                ["provider"],
                                [
                                    "provider": .object([
                                        ("type", .string("array")), ("minItems", .number(1)), ("maxItems", .number(64)),
                                        (
                                            "items",
                                            closedObject(
                                                ["when", "color"], ["when": ref("traits"), "color": ref("color")],
                                                required: ["color"])
                                        )
                                    ])
                                ], required: ["provider"],
                                description:
                                    "UIColor(dynamicProvider:): the first case whose traits the view has; the last case, without \"when\", is the default (COLORS.md)"
                            )
                        ])
                    )
                ])
            ),
            (
                "insets",
                .object([
                    (
                        "description",
                        .string("[top, left, bottom, right] in points, or an object with any of those keys")
                    ),
                    (
                        "anyOf",
                        .array([
                            numbers(4, description: "[top, left, bottom, right] in points"),
                            closedObject(
                                ScenarioKeys.insets,
                                Dictionary(
                                    uniqueKeysWithValues: ScenarioKeys.insets.map {
                                        ($0, JSONOutput.object([("type", .string("number"))]))
                                    }))
                        ])
                    )
                ])
            ),
            (
                "fixedColor",
                .object([
                    (
                        "anyOf",
                        .array([
                            .object([
                                ("type", .string("string")), ("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))
                            ]),
                            enumeration(Color.systemColorNames)
                        ])
                    )
                ])
            ),
            (
                "canvas",
                closedObject(
                    ScenarioKeys.canvas,
                    [
                        "size": numbers(
                            2, minimum: ScenarioLimits.canvas.lowerBound, maximum: ScenarioLimits.canvas.upperBound,
                            integer: true, description: "[width, height] in whole points"),
                        "background": ref("color"),
                        "device": .object([
                            (
                                "description",
                                .string(
                                    "A device (docs/DEVICES.md): sets the size, safe area, display scale, idiom "
                                        + "and size classes.")
                            ),
                            ("enum", .array(DevicePresets.names.map(JSONOutput.string)))
                        ]),
                        "orientation": enumeration(DeviceOrientation.allCases.map(\.rawValue)),
                        "safeAreaInsets": .object([
                            (
                                "description",
                                .string(
                                    "The root view's safe area insets [top, left, bottom, right] "
                                        + "(the sensor housing, the home indicator); views inside get "
                                        + "the part that overlaps them. Default none.")
                            ),
                            ("allOf", .array([ref("insets")]))
                        ])
                    ])
            ),
            (
                "traits",
                closedObject(
                    ScenarioKeys.traits,
                    Dictionary(uniqueKeysWithValues: TraitDimension.all.map { ($0.key, traitValue($0)) }))
            ),
            (
                "imageSource",
                .object([
                    ("type", .string("object")),
                    (
                        "description",
                        .string(
                            "Exactly one of file, named, systemName, classProperty, generate, from, animated, asset, draw, snapshot, coreImage; optionally "
                                + "UIImage methods' keys."
                        )
                    ),
                    ("additionalProperties", .bool(false)),
                    (
                        "properties",
                        properties(
                            ScenarioKeys.imageSource,
                            [
                                "file": .object([
                                    ("type", .string("string")),
                                    (
                                        "description",
                                        .string(
                                            "UIImage(contentsOfFile:): a PNG, JPEG, GIF, BMP, ICO, CUR, TIFF, WebP or Photoshop path relative to the scenario (docs/FORMATS.md); @2x/@3x sets the scale; a PNG's @2x/@3x, "
                                                + "~iphone/~ipad siblings are variants (unless scale is given). A .svg or .pdf file is drawn at 1x, 2x and 3x as "
                                                + "variants (at scale only, when given).")
                                    )
                                ]),
                                "named": .object([
                                    ("type", .string("string")),
                                    (
                                        "description",
                                        .string(
                                            "UIImage(named:): an image set of the assetCatalogs, else a symbol set, else a PNG in "
                                                + "the bundle folder"
                                        )
                                    )
                                ]),
                                "traits": .object([
                                    ("type", .string("object")),
                                    (
                                        "description",
                                        .string(
                                            "With `named` or `from`: the traits the image is made for (UIImage(named:in:compatibleWith:), "
                                                + "imageAsset.image(with:)); its variants are resolved with them in place of the view's (ASSETS.md)"
                                        )
                                    )
                                ]),
                                "bundle": .object([
                                    ("type", .string("string")),
                                    (
                                        "description",
                                        .string(
                                            "With `named`: UIImage(named:in:compatibleWith:), the image looked up in one of the "
                                                + "scenario's bundles only")
                                    )
                                ]),
                                "systemName": .object([
                                    ("type", .string("string")),
                                    (
                                        "description",
                                        .string(
                                            "UIImage(systemName:): <name>.svg in the symbolRoots, else a symbol set of the "
                                                + "assetCatalogs (SYMBOLS.md)")
                                    )
                                ]),
                                "classProperty": .object([
                                    ("enum", .array(ScenarioKeys.classProperties.map(JSONOutput.string))),
                                    (
                                        "description",
                                        .string(
                                            "UIImage.add, .remove, .actions, .checkmark, .strokedCheckmark: the template "
                                                + "UIImage.<property>.svg in the symbolRoots, else a symbol set of that name "
                                                + "(SYMBOLS.md)")
                                    )
                                ]),
                                "symbolConfiguration": ref("symbolConfiguration"),
                                "baselineOffsetFromBottom": .object([
                                    ("type", .string("number")),
                                    ("minimum", .number(ScenarioLimits.inset.lowerBound)),
                                    ("maximum", .number(ScenarioLimits.inset.upperBound)),
                                    (
                                        "description",
                                        .string(
                                            "withBaselineOffset(fromBottom:): the baseline's height above the image's bottom, "
                                                + "in points (LAYOUT.md §Baselines)")
                                    )
                                ]),
                                "generate": ref("generator"),
                                "draw": ref("drawing"),
                                "coreImage": ref("coreImage"),
                                "masking": closedObject(
                                    MaskingRecipe.keys,
                                    [
                                        "image": .object([
                                            ("type", .string("string")), ("description", .string("The image masked"))
                                        ]),
                                        "mask": .object([
                                            ("type", .string("string")),
                                            (
                                                "description",
                                                .string(
                                                    "CGImage.masking(_:) with this grey, opaque image: its samples are the alpha"
                                                )
                                            )
                                        ]),
                                        "imageMask": .object([
                                            ("type", .string("string")),
                                            (
                                                "description",
                                                .string(
                                                    "CGImage.masking(_:) with an image mask (CGImage(maskWidth:…)) of this grey "
                                                        + "image's samples: an inverse alpha (black paints)")
                                            )
                                        ]),
                                        "colorComponents": .object([
                                            ("type", .string("array")), ("minItems", .number(6)),
                                            ("maxItems", .number(6)),
                                            (
                                                "items",
                                                .object([
                                                    ("type", .string("integer")), ("minimum", .number(0)),
                                                    ("maximum", .number(255))
                                                ])
                                            ),
                                            (
                                                "description",
                                                .string(
                                                    "copy(maskingColorComponents:): [min, max] of red, green and blue; pixels "
                                                        + "inside all three ranges are not painted")
                                            )
                                        ])
                                    ], required: ["image"],
                                    description:
                                        "UIImage(cgImage:) of a CGImage masked by an image, an image mask or colour ranges "
                                        + "(SCENARIOS.md §Masked images)"),
                                "snapshot": closedObject(
                                    ScenarioKeys.snapshot,
                                    [
                                        "view": .object([
                                            ("type", .string("string")),
                                            ("description", .string("The id of the view drawn"))
                                        ]),
                                        "scale": .object([("enum", .array([1, 2, 3].map { .number(Double($0)) }))]),
                                        "rect": numbers(
                                            4,
                                            description:
                                                "[x, y, width, height] in the view's bounds, in points (default: the bounds)"
                                        ),
                                        "capInsets": ref("insets")
                                    ], required: ["view"],
                                    description:
                                        "drawHierarchy(in:afterScreenUpdates:) of a view after layout, per variant, "
                                        + "at the screen's scale unless given (DRAWING.md §Snapshots)"),
                                "from": .object([
                                    ("type", .string("string")), ("description", .string("Another image's name."))
                                ]),
                                "scale": .object([
                                    ("type", .string("number")),
                                    ("minimum", .number(ScenarioLimits.imageScale.lowerBound)),
                                    ("maximum", .number(ScenarioLimits.imageScale.upperBound))
                                ]),
                                "animated": closedObject(
                                    ScenarioKeys.animated,
                                    [
                                        "frames": .object([
                                            ("type", .string("array")), ("minItems", .number(1)),
                                            ("items", .object([("type", .string("string"))]))
                                        ]),
                                        "named": .object([
                                            ("type", .string("string")),
                                            (
                                                "description",
                                                .string(
                                                    "UIImage.animatedImageNamed(_:duration:): the images name0 … name1024 that UIImage(named:) finds"
                                                )
                                            )
                                        ]),
                                        "duration": .object([("type", .string("number")), ("minimum", .number(0))])
                                    ],
                                    description:
                                        "UIImage.animatedImage(with:duration:) of \"frames\", or animatedImageNamed(_:duration:) of \"named\"; duration 0 never plays"
                                ),
                                "asset": .object([
                                    ("type", .string("array")), ("minItems", .number(1)),
                                    (
                                        "description",
                                        .string(
                                            "UIImageAsset: images registered with traits (register(_:with:)), picked per view by the "
                                                + "catalog matching rules; the first where none holds.")
                                    ),
                                    (
                                        "items",
                                        closedObject(
                                            ScenarioKeys.assetRegistration,
                                            [
                                                "image": .object([
                                                    ("type", .string("string")),
                                                    ("description", .string("Another image's name."))
                                                ]),
                                                "traits": closedObject(
                                                    ImageAssetRegistration.traitKeys,
                                                    Dictionary(
                                                        uniqueKeysWithValues:
                                                            TraitDimension.all.filter {
                                                                ImageAssetRegistration.traitKeys.contains($0.key)
                                                            }.map { ($0.key, traitValue($0)) }))
                                            ], required: ["image"])
                                    )
                                ]),
                                "crop": numbers(
                                    4, minimum: ScenarioLimits.coordinate.lowerBound,
                                    maximum: ScenarioLimits.coordinate.upperBound,
                                    description:
                                        "UIImage(cgImage: cgImage.cropping(to: [x, y, width, height])): a rectangle in the stored "
                                        + "pixels, made integral and cut to the image; the new image has scale 1, orientation up and no other "
                                        + "UIImage property until the keys here give them"),
                                "orientation": enumeration(
                                    ImageOrientation.allCases.map(\.name),
                                    description: "UIImage.Orientation of the stored pixels"),
                                "horizontallyFlipped": .object([
                                    ("const", .bool(true)),
                                    ("description", .string("withHorizontallyFlippedOrientation()"))
                                ]),
                                "capInsets": ref("insets"),
                                "resizingMode": enumeration(ResizingMode.allCases.map(\.rawValue)),
                                "alignmentRectInsets": ref("insets"),
                                "renderingMode": enumeration(RenderingMode.allCases.map(\.rawValue)),
                                "tintColor": ref("color"),
                                "flipsForRightToLeftLayoutDirection": boolean
                            ])
                    ),
                    ("oneOf", .array(ScenarioKeys.imageKinds.map { .object([("required", .array([.string($0)]))]) }))
                ])
            ),
            (
                "generator",
                .object([
                    ("type", .string("object")),
                    ("additionalProperties", .bool(false)),
                    ("minProperties", .number(1)), ("maxProperties", .number(1)),
                    (
                        "properties",
                        properties(
                            ScenarioKeys.generators,
                            [
                                "solid": closedObject(
                                    ScenarioKeys.solid, ["size": pixelSize, "color": ref("fixedColor")],
                                    required: ["size", "color"]),
                                "checkerboard": closedObject(
                                    ScenarioKeys.checkerboard,
                                    [
                                        "size": pixelSize, "colors": twoColors,
                                        "cell": .object([
                                            ("type", .string("integer")), ("minimum", .number(1)),
                                            ("maximum", .number(4096))
                                        ])
                                    ], required: ["size", "cell", "colors"]),
                                "linearGradient": closedObject(
                                    ScenarioKeys.linearGradient,
                                    [
                                        "size": pixelSize, "colors": twoColors,
                                        "direction": enumeration(ScenarioKeys.directions)
                                    ], required: ["size", "colors"]),
                                "indexGrid": closedObject(
                                    ScenarioKeys.indexGrid, ["size": pixelSize], required: ["size"],
                                    description:
                                        "Every pixel distinct: r = x mod 256, g = y mod 256, b from the high bits"),
                                "path": closedObject(
                                    ScenarioKeys.pathGenerator,
                                    [
                                        "size": pixelSize,
                                        "d": .object([
                                            ("type", .string("string")),
                                            (
                                                "description",
                                                .string(
                                                    "SVG path data in the image's pixels (M L H V C S Q T Z, upper or lower case; "
                                                        + "arcs become cubic Béziers)")
                                            )
                                        ]),
                                        "color": ref("color"),
                                        "fillRule": enumeration(ScenarioKeys.fillRules)
                                    ], required: ["size", "d", "color"],
                                    description:
                                        "The path filled with the colour, exact area coverage (RENDERING.md §10)")
                            ])
                    )
                ])
            )
        ] + drawingDefinitions() + coreImageDefinitions() + [
            ("view", closedObject(ScenarioKeys.view, viewSchemas)),
            (
                "priority",
                .object([
                    ("description", .string("1…1000 (1000 = required) or a UILayoutPriority name")),
                    (
                        "anyOf",
                        .array([
                            .object([("type", .string("number")), ("minimum", .number(1)), ("maximum", .number(1000))]),
                            enumeration(LayoutPriority.names.map(\.name))
                        ])
                    )
                ])
            ),
            (
                "axisPriorities",
                .object([
                    (
                        "description",
                        .string(
                            "One priority for both axes, or per axis (defaults: hugging 250, compression resistance 750)"
                        )
                    ),
                    (
                        "anyOf",
                        .array([
                            ref("priority"),
                            closedObject(
                                ScenarioKeys.axisPriorities,
                                ["horizontal": ref("priority"), "vertical": ref("priority")])
                        ])
                    )
                ])
            ),
            (
                "root",
                closedObject(
                    ScenarioKeys.root, viewSchemas.filter { ScenarioKeys.root.contains($0.key) },
                    description: "The root view; it always fills the canvas.")
            ),
            (
                "variants",
                closedObject(
                    ScenarioKeys.variants,
                    [
                        "matrix": closedObject(
                            ScenarioKeys.matrix,
                            Dictionary(
                                uniqueKeysWithValues: TraitDimension.all.map { dimension in
                                    (
                                        dimension.key,
                                        JSONOutput.object([
                                            ("type", .string("array")), ("items", traitValue(dimension)),
                                            ("minItems", .number(1)), ("uniqueItems", .bool(true))
                                        ])
                                    )
                                }
                                    + [
                                        ("device", DevicePresets.names),
                                        ("orientation", DeviceOrientation.allCases.map(\.rawValue))
                                    ].map { key, names in
                                        (
                                            key,
                                            JSONOutput.object([
                                                ("type", .string("array")), ("items", enumeration(names)),
                                                ("minItems", .number(1)), ("uniqueItems", .bool(true))
                                            ])
                                        )
                                    })),
                        "states": .object([
                            ("type", .string("array")), ("minItems", .number(1)),
                            (
                                "items",
                                closedObject(
                                    ScenarioKeys.state,
                                    [
                                        "name": .object([
                                            ("type", .string("string")), ("pattern", .string("^[a-z0-9-]+$"))
                                        ]),
                                        "set": .object([
                                            ("type", .string("object")),
                                            (
                                                "propertyNames",
                                                .object([
                                                    (
                                                        "pattern",
                                                        .string(
                                                            "^[A-Za-z0-9_-]+\\.(\(PropertyValue.names.joined(separator: "|")))$"
                                                        )
                                                    )
                                                ])
                                            ),
                                            ("additionalProperties", stateValue)
                                        ])
                                    ], required: ["name", "set"])
                            )
                        ])
                    ])
            )
        ]
    }
}
