import Syntax
// The JSON Schema of a `draw` image source (docs/SCENARIOS.md §Drawn images).
extension ScenarioSchema {
    static func drawingDefinitions() -> [(String, JSONOutput)] {
        let point = numbers(2, description: "[x, y] in points")
        let rect = numbers(4, description: "[x, y, width, height] in points")
        // A fill's or stroke's colour: a fixed colour, or UIColor(patternImage:) of an image.
        let paintColor = JSONOutput.object([
            (
                "anyOf",
                .array([
                    ref("fixedColor"),
                    closedObject(
                        ["pattern"], ["pattern": .object([("type", .string("string"))])], required: ["pattern"],
                        description: "UIColor(patternImage:) of this image (DRAWING.md §Pattern colours)")
                ])
            )
        ])
        let compositing: [String: JSONOutput] = [
            "blendMode": enumeration(
                DrawKeys.blendModes, description: "CGBlendMode (RENDERING.md §12); default normal"),
            "alpha": .object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))])
        ]
        func operation(_ keys: [String], _ schemas: [String: JSONOutput], required: [String], description: String)
            -> JSONOutput
        {
            closedObject(
                keys, schemas.merging(compositing.filter { keys.contains($0.key) }) { a, _ in a }, required: required,
                description: description)
        }
        let gradientCommon: [String: JSONOutput] = [
            "colors": .object([("type", .string("array")), ("minItems", .number(2)), ("items", ref("fixedColor"))]),
            "locations": .object([
                ("type", .string("array")),
                (
                    "items",
                    .object([
                        ("type", .string("number")), ("minimum", .number(0)),
                        ("maximum", .number(1))
                    ])
                )
            ]),
            "drawsBeforeStart": boolean, "drawsAfterEnd": boolean
        ]
        let radius = JSONOutput.object([("type", .string("number")), ("minimum", .number(0))])
        return [
            (
                "drawing",
                closedObject(
                    DrawKeys.renderer,
                    [
                        "size": numbers(
                            2, minimum: 0.001, maximum: 4096,
                            description: "UIGraphicsImageRenderer(size:): [width, height] in points"),
                        "bounds": rect,
                        "scale": .object([
                            ("type", .string("number")),
                            (
                                "description",
                                .string(
                                    "Pixels per point; default the screen's (one image "
                                        + "per display scale, as variants)")
                            )
                        ]),
                        "opaque": .object([
                            ("type", .string("boolean")),
                            ("description", .string("No alpha channel: starts black, stays opaque"))
                        ]),
                        "preferredRange": enumeration(["standard", "automatic"]),
                        "operations": .object([("type", .string("array")), ("items", ref("drawOperation"))])
                    ], required: ["operations"],
                    description: "UIGraphicsImageRenderer: operations drawn in order (docs/DRAWING.md)")
            ),
            (
                "drawShape",
                closedObject(
                    DrawKeys.shape,
                    [
                        "rect": rect, "ellipse": rect, "roundedRect": rect,
                        "cornerRadius": radius,
                        "corners": .object([("type", .string("array")), ("items", enumeration(DrawKeys.corners))]),
                        "path": .object([
                            ("type", .string("string")),
                            ("description", .string("SVG path data in points (UIBezierPath)"))
                        ]),
                        "fillRule": enumeration(ScenarioKeys.fillRules),
                        "flatness": .object([
                            ("type", .string("number")), ("minimum", .number(0.01)), ("maximum", .number(100)),
                            (
                                "description",
                                .string(
                                    "UIBezierPath.flatness in device pixels (default 0.6) for fill and stroke; 0.25 draws as "
                                        + "Core Graphics' own paths (docs/DRAWING.md §Shapes). Not on a clip.")
                            )
                        ])
                    ], description: "One of rect, roundedRect (with cornerRadius), ellipse, path")
            ),
            (
                "drawOperation",
                .object([
                    (
                        "anyOf",
                        .array([
                            enumeration(
                                DrawKeys.words,
                                description: "CGContext saveGState / restoreGState / endTransparencyLayer"),
                            operation(
                                DrawKeys.fill, ["fill": ref("drawShape"), "color": paintColor],
                                required: ["fill", "color"],
                                description: "UIBezierPath.fill(with:alpha:)"),
                            operation(
                                DrawKeys.stroke,
                                [
                                    "stroke": ref("drawShape"), "color": paintColor, "lineWidth": radius,
                                    "lineCap": enumeration(DrawKeys.lineCaps),
                                    "lineJoin": enumeration(DrawKeys.lineJoins), "miterLimit": radius,
                                    "dash": .object([("type", .string("array")), ("items", radius)]),
                                    "dashPhase": .object([("type", .string("number"))])
                                ], required: ["stroke", "color"], description: "UIBezierPath.stroke(with:alpha:)"),
                            operation(
                                DrawKeys.drawImage,
                                ["draw": .object([("type", .string("string"))]), "at": point, "in": rect],
                                required: ["draw"],
                                description: "UIImage.draw(at:) or draw(in:blendMode:alpha:)"),
                            operation(
                                DrawKeys.drawCGImage,
                                ["drawCGImage": .object([("type", .string("string"))]), "in": rect],
                                required: ["drawCGImage", "in"],
                                description:
                                    "CGContext.draw(cgImage, in:): the stored pixels, upside down in UIKit's coordinates"
                            ),
                            operation(
                                DrawKeys.drawCurrentImage,
                                ["drawCurrentImage": .object([("const", .bool(true))]), "at": point, "in": rect],
                                required: ["drawCurrentImage"],
                                description:
                                    "context.currentImage.draw(at:) or draw(in:): what the operations before it drew"),
                            closedObject(
                                DrawKeys.clip, ["clip": ref("drawShape")], required: ["clip"],
                                description: "UIBezierPath.addClip()"),
                            closedObject(
                                DrawKeys.clipToMask, ["clipToMask": .object([("type", .string("string"))]), "in": rect],
                                required: ["clipToMask", "in"],
                                description: "CGContext.clip(to:mask:) with a grey image without alpha"),
                            operation(
                                DrawKeys.drawAsPattern,
                                ["drawAsPattern": .object([("type", .string("string"))]), "in": rect],
                                required: ["drawAsPattern", "in"],
                                description:
                                    "UIImage.drawAsPattern(in:): the rectangle filled with the image tiled (DRAWING.md)"
                            ),
                            operation(
                                DrawKeys.linearGradient,
                                [
                                    "linearGradient": closedObject(
                                        DrawKeys.linearGradientBody,
                                        gradientCommon.merging([
                                            "start": point, "end": point
                                        ]) { a, _ in a }, required: ["colors", "start", "end"])
                                ], required: ["linearGradient"],
                                description: "CGContext.drawLinearGradient over the clip"),
                            operation(
                                DrawKeys.radialGradient,
                                [
                                    "radialGradient": closedObject(
                                        DrawKeys.radialGradientBody,
                                        gradientCommon.merging([
                                            "startCenter": point, "endCenter": point, "startRadius": radius,
                                            "endRadius": radius
                                        ]) { a, _ in a },
                                        required: ["colors", "startCenter", "startRadius", "endCenter", "endRadius"])
                                ], required: ["radialGradient"],
                                description: "CGContext.drawRadialGradient over the clip"),
                            operation(
                                DrawKeys.transparencyLayer,
                                [
                                    "beginTransparencyLayer": .object([
                                        ("type", .string("object")), ("maxProperties", .number(0))
                                    ])
                                ],
                                required: ["beginTransparencyLayer"],
                                description:
                                    "CGContext.beginTransparencyLayer: later operations draw into a layer that \"endTransparencyLayer\" composites with this alpha and blend mode"
                            ),
                            closedObject(
                                ["interpolationQuality"],
                                ["interpolationQuality": enumeration(DrawKeys.interpolationQualities)],
                                required: ["interpolationQuality"],
                                description:
                                    "CGContext.interpolationQuality for the images drawn after it (saved and restored with the graphics state): "
                                    + "none (nearest sample), low (one bilinear sample a pixel), default, medium and high (bilinear, filtered where the image is drawn smaller; RENDERING.md §11.8)"
                            ),
                            closedObject(
                                ["setShadow"],
                                [
                                    "setShadow": .object([
                                        (
                                            "anyOf",
                                            .array([
                                                .object([("type", .string("null"))]),
                                                closedObject(
                                                    DrawKeys.shadowBody,
                                                    [
                                                        "offset": numbers(
                                                            2,
                                                            description:
                                                                "[width, height] in points, positive right and down"),
                                                        "blur": .object([
                                                            ("type", .string("number")), ("minimum", .number(0)),
                                                            ("maximum", .number(1000))
                                                        ]),
                                                        "color": ref("fixedColor")
                                                    ], required: ["offset"],
                                                    description: "default colour: black at a third of full alpha")
                                            ])
                                        )
                                    ])
                                ],
                                required: ["setShadow"],
                                description:
                                    "CGContext.setShadow(offset:blur:color:) for the operations after it (graphics state); null "
                                    + "turns it off (RENDERING.md §11.12.1)"
                            ),
                            closedObject(
                                ["setShouldAntialias"], ["setShouldAntialias": .object([("type", .string("boolean"))])],
                                required: ["setShouldAntialias"],
                                description:
                                    "CGContext.setShouldAntialias for the shapes, clips and image edges drawn after it (saved and "
                                    + "restored with the graphics state): false paints each pixel whose centre is inside, whole "
                                    + "(RENDERING.md §11.1.1)"
                            ),
                            closedObject(
                                ["translate"], ["translate": point], required: ["translate"],
                                description: "CGContext.translateBy"),
                            closedObject(
                                ["rotate"], ["rotate": .object([("type", .string("number"))])], required: ["rotate"],
                                description: "CGContext.rotate(by:) in degrees; positive turns clockwise on screen"),
                            closedObject(
                                ["scale"], ["scale": numbers(2, description: "[sx, sy]")], required: ["scale"],
                                description: "CGContext.scaleBy")
                        ])
                    )
                ])
            )
        ]
    }
}
