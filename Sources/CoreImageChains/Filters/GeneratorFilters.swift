// The generator filters' keys and defaults (Core Image Filter Reference, category
// CICategoryGenerator; docs/COREIMAGE.md §Generators).

extension ParameterSpec {
    static let inputImage = ParameterSpec("inputImage", .image)
    static func color(_ key: String, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> ParameterSpec {
        ParameterSpec(key, .color, .color(ColorValue(red: r, green: g, blue: b, alpha: a)))
    }
    static func point(_ key: String, _ x: Double, _ y: Double) -> ParameterSpec {
        ParameterSpec(key, .vector(2), .vector([x, y]))
    }
    static func number(_ key: String, _ value: Double, slider: ClosedRange<Double>? = nil) -> ParameterSpec {
        ParameterSpec(key, .number, .number(value), slider: slider)
    }
}

enum GeneratorFilters {
    static let reference = "Core Image Filter Reference"

    static let all: [FilterDefinition] = [
        FilterDefinition(
            "CIConstantColorGenerator", .generator, [ParameterSpec("inputColor", .color)],
            .formula("\(reference): every pixel the colour")
        ) { a throws(ChainFailure) in .generator(.constant(a.color("inputColor"))) },
        FilterDefinition(
            "CICheckerboardGenerator", .generator, pattern,
            .description("\(reference): squares of alternating colours; size, colours and sharpness")
        ) { a throws(ChainFailure) in
            .generator(
                .checkerboard(
                    center: a.point("inputCenter"), color0: a.color("inputColor0"), color1: a.color("inputColor1"),
                    width: a.number("inputWidth"), sharpness: a.number("inputSharpness")))
        },
        FilterDefinition(
            "CIStripesGenerator", .generator, pattern,
            .description("\(reference): stripes; colours, spacing and contrast")
        ) { a throws(ChainFailure) in
            .generator(
                .stripes(
                    center: a.point("inputCenter"), color0: a.color("inputColor0"), color1: a.color("inputColor1"),
                    width: a.number("inputWidth"), sharpness: a.number("inputSharpness")))
        },
        linearGradient("CILinearGradient", smooth: false),
        linearGradient("CISmoothLinearGradient", smooth: true),
        FilterDefinition(
            "CIRadialGradient", .generator,
            [
                .point("inputCenter", 150, 150), .number("inputRadius0", 5, slider: 0...800),
                .number("inputRadius1", 100, slider: 0...800), .color("inputColor0", 1, 1, 1),
                .color("inputColor1", 0, 0, 0)
            ],
            .description("\(reference): a gradient between two circles with the same centre")
        ) { a throws(ChainFailure) in
            .generator(
                .radial(
                    center: a.point("inputCenter"), radius0: a.number("inputRadius0"),
                    radius1: a.number("inputRadius1"),
                    color0: a.color("inputColor0"), color1: a.color("inputColor1")))
        }
    ]

    /// The checkerboard's and the stripes' keys.
    static let pattern: [ParameterSpec] = [
        .point("inputCenter", 150, 150), .color("inputColor0", 1, 1, 1), .color("inputColor1", 0, 0, 0),
        .number("inputWidth", 80, slider: 0...800), .number("inputSharpness", 1, slider: 0...1)
    ]

    static func linearGradient(_ name: String, smooth: Bool) -> FilterDefinition {
        FilterDefinition(
            name, .generator,
            [
                .point("inputPoint0", 0, 0), .point("inputPoint1", 200, 200), .color("inputColor0", 1, 1, 1),
                .color("inputColor1", 0, 0, 0)
            ],
            .description(
                "\(reference): a gradient along the line from point 0 to point 1"
                    + (smooth ? ", varying as an S-curve (smoothstep)" : ""))
        ) { a throws(ChainFailure) in
            .generator(
                .linear(
                    point0: a.point("inputPoint0"), point1: a.point("inputPoint1"), color0: a.color("inputColor0"),
                    color1: a.color("inputColor1"), smooth: smooth))
        }
    }
}
