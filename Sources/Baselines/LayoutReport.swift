import ImageViews
import Raster
import ScenarioFormat
import Syntax

// The `.layout.json` snapshot: the layout result in points and the display list in device pixels,
// for porting teams to compare numbers without pixels (docs/BASELINES.md). Keys are written in a
// fixed order and numbers in their shortest round-trip form.

enum LayoutReport {
    /// The report of one variant. `pixels` holds the bitmap's size and digest, plus the baseline
    /// PNG's CRC-32 once recorded; `provenance` what made it.
    static func make(
        _ scenario: Scenario, _ variant: Variant, _ scene: Scene, digest: String, pngCRC32: String?,
        provenance: Provenance = .current
    ) -> JSONOutput {
        let layout = scene.layout
        var pixels: [(String, JSONOutput)] = [
            ("size", pair(Double(layout.pixelWidth), Double(layout.pixelHeight))),
            ("digest", .string("xxh64:" + digest))
        ]
        if let pngCRC32 { pixels.append(("pngCRC32", .string(pngCRC32))) }
        return .object(
            [
                ("scenario", .string(scenario.name)),
                ("variant", .string(variant.name)),
                ("description", .string(scenario.description)),
                (
                    "units",
                    .object([
                        (
                            "views",
                            .string(
                                "points; rectangles are [x, y, width, height] in the superview (frame) or canvas (absoluteFrame)"
                            )
                        ),
                        (
                            "displayList",
                            .string(
                                "device pixels; rectangles are [left, top, right, bottom], multiples of 1/256; colours premultiplied [r, g, b, a]"
                            )
                        )
                    ])
                ),
                (
                    "traits",
                    .object(
                        [
                            ("displayScale", .number(Double(variant.traits.displayScale))),
                            ("userInterfaceStyle", .string(variant.traits.userInterfaceStyle.rawValue)),
                            ("layoutDirection", .string(variant.traits.layoutDirection.rawValue)),
                            ("userInterfaceIdiom", .string(variant.traits.userInterfaceIdiom.rawValue)),
                            ("horizontalSizeClass", .string(variant.traits.horizontalSizeClass.rawValue)),
                            ("verticalSizeClass", .string(variant.traits.verticalSizeClass.rawValue)),
                            ("accessibilityContrast", .string(variant.traits.accessibilityContrast.rawValue)),
                            ("userInterfaceLevel", .string(variant.traits.userInterfaceLevel.rawValue))
                        ]
                            // Present when it is not the default, Large (docs/BASELINES.md).
                            + (variant.traits.preferredContentSizeCategory == .large
                                ? []
                                : [
                                    (
                                        "preferredContentSizeCategory",
                                        .string(variant.traits.preferredContentSizeCategory.rawValue)
                                    )
                                ]))
                ),
                (
                    "canvas",
                    .object([
                        ("size", pair(layout.canvasSize.width, layout.canvasSize.height)),
                        ("pixelSize", pair(Double(layout.pixelWidth), Double(layout.pixelHeight))),
                        ("background", .string(scenario.background.resolved(variant.traits).description)),
                        ("safeAreaInsets", insets(layout.safeAreaInsets))
                    ])
                ),
                ("views", .array(layout.views.map(view)))
            ] + (layout.autoLayout.map { [("autoLayout", autoLayout($0))] } ?? []) + [
                ("displayList", .array(displayList(scene.displayList))),
                ("provenance", provenance.json),
                ("pixels", .object(pixels))
            ])
    }

    static func pair(_ a: Double, _ b: Double) -> JSONOutput { .array([.number(a), .number(b)]) }

    static func rect(_ r: Rect) -> JSONOutput {
        .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
    }

    static func size(_ s: Size) -> JSONOutput { pair(s.width, s.height) }

    static func pixelRect(_ r: PixelRect) -> JSONOutput {
        .array([r.x, r.y, r.width, r.height].map { .number(Double($0)) })
    }

    /// A symbol image's name, configuration and baseline (docs/SYMBOLS.md), and `"multicolor": true`
    /// for a multicolor one.
    static func symbol(_ s: SymbolDescription) -> JSONOutput {
        .object(
            [
                ("name", .string(s.name)), ("pointSize", .number(s.pointSize)), ("weight", .string(s.weight)),
                ("scale", .string(s.scale)), ("baselineOffsetFromBottom", .number(s.baselineOffsetFromBottom))
            ] + (s.multicolor ? [("multicolor", .bool(true))] : []))
    }

    static func insets(_ e: EdgeInsets) -> JSONOutput {
        .array([.number(e.top), .number(e.left), .number(e.bottom), .number(e.right)])
    }

    /// The solver's report: every constraint with its priority and whether it holds, and the
    /// ambiguous views.
    private static func autoLayout(_ report: AutoLayoutReport) -> JSONOutput {
        .object([
            (
                "constraints",
                .array(
                    report.constraints.map { c in
                        .object([
                            ("constraint", .string(c.label)),
                            ("kind", .string(c.kind.rawValue)),
                            ("source", .string(c.source)),
                            ("priority", .number(c.priority)),
                            ("satisfied", .bool(c.isSatisfied)),
                            ("violation", .number(c.violation))
                        ])
                    })
            ),
            (
                "ambiguous",
                .array(
                    report.ambiguities.map { a in
                        .object([
                            ("path", .string(a.path)), ("id", a.id.map(JSONOutput.string) ?? .null),
                            ("unknowns", .array(a.unknowns.map(JSONOutput.string)))
                        ])
                    })
            ),
            (
                "layoutGuides",
                .array(
                    report.layoutGuides.map { g in
                        .object([
                            ("name", .string(g.name)), ("path", .string(g.path)), ("owner", .string(g.ownerPath)),
                            ("ownerID", g.ownerID.map(JSONOutput.string) ?? .null), ("layoutFrame", rect(g.frame))
                        ])
                    })
            ),
            ("passes", .number(Double(report.passes)))
        ])
    }

    private static func view(_ v: ViewLayout) -> JSONOutput {
        var members: [(String, JSONOutput)] =
            [
                ("path", .string(v.path)),
                ("id", v.id.map(JSONOutput.string) ?? .null),
                ("type", .string(v.kind))
            ] + (v.positioning == .constraints ? [("positionedBy", .string("constraints"))] : []) + [
                ("frame", rect(v.frame)),
                ("absoluteFrame", rect(v.absoluteFrame)),
                ("bounds", rect(v.bounds)),
                ("alignmentRectInsets", insets(v.alignmentRectInsets)),
                ("alignmentRect", rect(v.alignmentRect)),
                ("alpha", .number(v.alpha)),
                ("isHidden", .bool(v.isHidden)),
                ("clipsToBounds", .bool(v.clipsToBounds))
            ] + (v.isOpaque.map { [("isOpaque", .bool($0))] } ?? []) + [
                ("isDrawn", .bool(v.isDrawn)),
                ("backgroundColor", v.backgroundColor.map { .string($0.description) } ?? .null)
            ] + (v.backgroundPattern.map { [("backgroundPattern", .string($0))] } ?? []) + [
                ("tintColor", .string(v.tintColor.description)),
                ("tintAdjustmentMode", .string(v.tintAdjustmentMode.rawValue)),
                ("semanticContentAttribute", .string(v.semanticContentAttribute.rawValue)),
                ("effectiveLayoutDirection", .string(v.effectiveLayoutDirection.rawValue)),
                ("safeAreaInsets", insets(v.safeAreaInsets)),
                ("layoutMargins", insets(v.layoutMargins))
            ]
        if let image = v.imageView {
            members += [
                ("contentMode", .string(image.contentMode.name)),
                ("isHighlighted", .bool(image.isHighlighted)),
                ("displayedImage", image.displayedImageKey.map(JSONOutput.string) ?? .null),
                ("frameIndex", image.frameIndex.map { .number(Double($0)) } ?? .null),
                (
                    "animation",
                    image.animation.map { a in
                        .object([
                            ("isAnimating", .bool(a.isAnimating)), ("frameCount", .number(Double(a.frameCount))),
                            ("duration", .number(a.duration)), ("repeatCount", .number(Double(a.repeatCount))),
                            ("time", .number(a.time)), ("finished", .bool(a.finished))
                        ])
                    } ?? .null
                ),
                (
                    "image",
                    image.image.map { info in
                        .object(
                            [("name", .string(info.name))] + (info.source.map { [("source", .string($0))] } ?? []) + [
                                ("size", size(info.size)),
                                ("scale", .number(info.scale)),
                                ("pixelSize", pair(Double(info.pixelWidth), Double(info.pixelHeight))),
                                ("orientation", .string(info.orientation.name)),
                                ("renderingMode", .string(info.renderingMode.rawValue)),
                                ("tintColor", info.tintColor.map { .string($0.description) } ?? .null),
                                ("capInsets", info.capInsets.map(insets) ?? .null),
                                ("resizingMode", .string(info.resizingMode.rawValue)),
                                ("flipsForRightToLeftLayoutDirection", .bool(info.flipsForRightToLeftLayoutDirection))
                            ]
                                + (info.baselineOffsetFromBottom.map { [("baselineOffsetFromBottom", .number($0))] }
                                    ?? [])
                                + (info.symbol.map { [("symbol", symbol($0))] } ?? []))
                    } ?? .null
                ),
                ("intrinsicContentSize", size(image.intrinsicContentSize)),
                ("sizeThatFits", size(image.sizeThatFits)),
                ("imageRect", image.imageRect.map(rect) ?? .null),
                ("sampling", .string(image.sampling.rawValue)),
                ("drawnAsTemplate", .bool(image.drawnAsTemplate)),
                ("drawTint", image.drawTint.map { .string($0.description) } ?? .null),
                ("isMirrored", .bool(image.isMirrored)),
                (
                    "slices",
                    .array(
                        image.slices.map { slice in
                            .object([
                                ("name", .string(slice.name)),
                                ("source", pixelRect(slice.source)),
                                ("destination", rect(slice.destination)),
                                ("horizontal", .string(slice.horizontal.rawValue)),
                                ("vertical", .string(slice.vertical.rawValue)),
                                ("tileSize", slice.tileSize.map(size) ?? .null)
                            ])
                        })
                ),
                (
                    "warnings",
                    .array(
                        image.warnings.map { warning in
                            .object([("kind", .string(warning.kind)), ("message", .string(warning.message))])
                        })
                )
            ]
        }
        return .object(members)
    }

    private static func edges(_ r: DeviceRect) -> JSONOutput {
        .array([r.x0, r.y0, r.x1, r.y1].map { .number(Double($0) / 256) })
    }

    private static func color(_ c: PremultipliedColor) -> JSONOutput {
        .array([c.r, c.g, c.b, c.a].map { .number(Double($0)) })
    }

    /// A rounded rectangle's rect, radius (device pixels) and rounded corners.
    private static func rounded(_ shape: RoundedRect) -> [(String, JSONOutput)] {
        let names: [(RectCorners, String)] = [
            (.topLeft, "topLeft"), (.topRight, "topRight"), (.bottomLeft, "bottomLeft"), (.bottomRight, "bottomRight")
        ]
        return [
            ("rect", edges(shape.rect)), ("radius", .number(Double(shape.radius) / 256)),
            ("corners", .array(names.filter { shape.corners.contains($0.0) }.map { .string($0.1) }))
        ] + (shape.curve == .circular ? [] : [("curve", .string(shape.curve.rawValue))])  // circular unsaid
    }

    private static func displayList(_ list: DisplayList) -> [JSONOutput] {
        list.commands.map { command in
            switch command {
            case let .fill(rect, c):
                return .object([("op", .string("fill")), ("rect", edges(rect)), ("color", color(c))])
            case let .drawImage(draw):
                return .object([
                    ("op", .string("drawImage")),
                    ("image", .string(list.imageNames[draw.image])),
                    ("source", pixelRect(draw.source)),
                    ("rect", edges(draw.destination)),
                    ("sampling", .string(draw.sampling.rawValue)),
                    ("tint", draw.tint.map(color) ?? .null)
                ])
            case let .tileImage(tile):
                return .object([
                    ("op", .string("tileImage")),
                    ("image", .string(list.imageNames[tile.image])),
                    ("source", pixelRect(tile.source)),
                    ("rect", edges(tile.region)),
                    ("tileSize", .array([tile.tileWidth, tile.tileHeight].map { .number(Double($0) / 256) })),
                    ("sampling", .string(tile.sampling.rawValue)),
                    ("tint", tile.tint.map(color) ?? .null)
                ])
            case let .pushClip(rect):
                return .object([("op", .string("pushClip")), ("rect", edges(rect))])
            case let .pushRoundedClip(shape):
                return .object([("op", .string("pushRoundedClip"))] + rounded(shape))
            case .popClip:
                return .object([("op", .string("popClip"))])
            case let .border(shape, width, c):
                return .object(
                    [("op", .string("border"))] + rounded(shape) + [
                        ("width", .number(Double(width) / 256)), ("color", color(c))
                    ])
            case let .beginGroup(opacity):
                return .object([("op", .string("beginGroup")), ("opacity", .number(Double(opacity)))])
            case .endGroup:
                return .object([("op", .string("endGroup"))])
            }
        }
    }
}
