// The colour adjustment and colour effect filters (docs/COREIMAGE.md §Colour). Each works on the
// un-premultiplied colour of a pixel and premultiplies the result by the pixel's alpha again, so a
// transparent pixel stays transparent and the filter keeps its input's extent (CIColorMatrix
// alone may change alpha).

import Raster

enum ColorFilters {
    static let reference = "Core Image Filter Reference"

    /// A kernel applying `f` to un-premultiplied colour; transparent pixels are left as they are.
    static func straight(_ f: @escaping @Sendable (SIMD3<Float>) -> SIMD3<Float>) -> PointKernel {
        PointKernel { p in
            guard p.w > 0 else { return .zero }
            let c = f(SIMD3(p.x, p.y, p.z) / p.w) * p.w
            return WorkingPixel(c.x, c.y, c.z, p.w)
        }
    }

    static func filter(
        _ name: String, _ keys: [ParameterSpec], _ evidence: Evidence,
        _ kernel: @escaping @Sendable (FilterArguments) -> PointKernel
    ) -> FilterDefinition {
        FilterDefinition(name, .color, [.inputImage] + keys, evidence) { a throws(ChainFailure) in
            .point(kernel(a), try a.image("inputImage"))
        }
    }

    /// Rec. 709 luma weights for linear light, which Core Image's colour filters use for grey.
    static let luma = SIMD3<Float>(0.2125, 0.7154, 0.0721)

    static let all: [FilterDefinition] = [
        filter("CIColorInvert", [], .formula("\(reference): each colour component c becomes 1 − c")) { _ in
            straight { 1 - $0 }
        },
        filter(
            "CIExposureAdjust", [.number("inputEV", 0, slider: -10...10)],
            .formula("\(reference): s.rgb · 2^EV")
        ) { a in
            let factor = Float(Power32.exp2(Double(a.number("inputEV"))))
            return straight { $0 * factor }
        },
        filter(
            "CIGammaAdjust", [.number("inputPower", 1, slider: 0.25...4)],
            .formula("\(reference): pow(s.rgb, power)")
        ) { a in
            let power = a.number("inputPower")
            return straight { c in Self.signedPow(c, power) }
        },
        filter(
            "CIColorMatrix",
            [
                ParameterSpec("inputRVector", .vector(4), .vector([1, 0, 0, 0])),
                ParameterSpec("inputGVector", .vector(4), .vector([0, 1, 0, 0])),
                ParameterSpec("inputBVector", .vector(4), .vector([0, 0, 1, 0])),
                ParameterSpec("inputAVector", .vector(4), .vector([0, 0, 0, 1])),
                ParameterSpec("inputBiasVector", .vector(4), .vector([0, 0, 0, 0]))
            ],
            .formula("\(reference): s.r = dot(s, R), s.g = dot(s, G), s.b = dot(s, B), s.a = dot(s, A), s = s + bias")
        ) { a in
            let r = a.vector4("inputRVector"), g = a.vector4("inputGVector"), b = a.vector4("inputBVector")
            let alpha = a.vector4("inputAVector"), bias = a.vector4("inputBiasVector")
            return PointKernel { p in
                let s = p.w > 0 ? WorkingPixel(p.x / p.w, p.y / p.w, p.z / p.w, p.w) : .zero
                let t = WorkingPixel(dot(s, r), dot(s, g), dot(s, b), dot(s, alpha)) + bias
                return WorkingPixel(t.x * t.w, t.y * t.w, t.z * t.w, t.w)
            }
        },
        filter(
            "CIColorControls",
            [
                .number("inputSaturation", 1, slider: 0...2), .number("inputBrightness", 0, slider: -1...1),
                .number("inputContrast", 1, slider: 0.25...4)
            ],
            .description(
                "\(reference): saturation mixes from grey (0) to the original (1); brightness adds a bias; contrast "
                    + "scales about a mid grey")
        ) { a in
            let saturation = a.number("inputSaturation"), brightness = a.number("inputBrightness")
            let contrast = a.number("inputContrast")
            return straight { c in
                let grey = dot(c, Self.luma)
                let saturated = grey + (c - grey) * saturation
                return (saturated + brightness - 0.5) * contrast + 0.5
            }
        },
        filter(
            "CIHueAdjust", [.number("inputAngle", 0, slider: -Double.pi...Double.pi)],
            .description("\(reference): changes the overall hue or tint of the source pixels (an angle in radians)")
        ) { a in
            let m = Self.hueRotation(radians: Double(a.number("inputAngle")))
            return straight { c in SIMD3(dot(m.0, c), dot(m.1, c), dot(m.2, c)) }
        },
        filter(
            "CIColorMonochrome", [ParameterSpec("inputColor", .color), .number("inputIntensity", 1, slider: 0...1)],
            .description("\(reference): remaps colours so they fall within shades of a single colour")
        ) { a in
            let tint = a.color("inputColor"), intensity = a.number("inputIntensity")
            let tone = tint.w > 0 ? SIMD3(tint.x, tint.y, tint.z) / tint.w : .zero
            return straight { c in
                let grey = dot(c, Self.luma)
                return c + (tone * grey - c) * intensity
            }
        },
        filter(
            "CIWhitePointAdjust", [.color("inputColor", 1, 1, 1)],
            .description(
                "\(reference): maps all colours using a new reference white; Core Image's own output (cifilter.app, iOS "
                    + "12.1) is the colour's linear components times each pixel's")
        ) { a in
            let white = a.color("inputColor")
            let scale = white.w > 0 ? SIMD3(white.x, white.y, white.z) / white.w : .zero
            return straight { $0 * scale }
        },
        filter(
            "CISepiaTone", [.number("inputIntensity", 1, slider: 0...1)],
            .description("\(reference): maps the colours to shades of brown; ivsim's reading, the usual sepia matrix")
        ) { a in
            let intensity = a.number("inputIntensity")
            return straight { c in
                let sepia = SIMD3(
                    dot(c, Self.sepia.0), dot(c, Self.sepia.1), dot(c, Self.sepia.2))
                return c + (sepia - c) * intensity
            }
        },
        filter(
            "CIVibrance", [.number("inputAmount", 0, slider: -1...1)],
            .description(
                "\(reference): adjusts the saturation while keeping pleasing skin tones; ivsim's reading, the "
                    + "less saturated colours moved more")
        ) { a in
            let amount = a.number("inputAmount")
            return straight { c in
                let largest = max(c.x, c.y, c.z)
                let mean = (c.x + c.y + c.z) / 3
                let t = (largest - mean) * (-3 * amount)
                return c + (SIMD3(repeating: largest) - c) * t
            }
        }
    ]

    /// The sepia matrix's rows (the common one: Microsoft's published coefficients).
    static let sepia = (
        SIMD3<Float>(0.393, 0.769, 0.189), SIMD3<Float>(0.349, 0.686, 0.168), SIMD3<Float>(0.272, 0.534, 0.131)
    )

    /// |x|^power with x's sign, channel by channel (extended-range values below 0 mirror those above).
    static func signedPow(_ x: SIMD3<Float>, _ power: Float) -> SIMD3<Float> {
        let magnitude = Power32.pow(SIMD3(abs(x.x), abs(x.y), abs(x.z)), power)
        return SIMD3(
            x.x < 0 ? -magnitude.x : magnitude.x, x.y < 0 ? -magnitude.y : magnitude.y,
            x.z < 0 ? -magnitude.z : magnitude.z)
    }

    /// The rotation by `radians` about the grey axis (1, 1, 1)/√3 of linear RGB (Rodrigues' formula),
    /// as rows; the sine and cosine from Raster's Trigonometry.
    static func hueRotation(radians: Double) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
        let (s, c) = Trigonometry.sinCos(degrees: radians * (180 / Double.pi))
        let third = (1 - c) / 3, root = s / 3.0.squareRoot()
        let diagonal = Float(c + third), plus = Float(third + root), minus = Float(third - root)
        return (SIMD3(diagonal, minus, plus), SIMD3(plus, diagonal, minus), SIMD3(minus, plus, diagonal))
    }
}
