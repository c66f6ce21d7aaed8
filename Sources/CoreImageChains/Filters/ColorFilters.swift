// The colour adjustment and colour effect filters (docs/COREIMAGE.md §Colour). Each works on the
// un-premultiplied colour of a pixel and premultiplies the result by the pixel's alpha again, so a
// transparent pixel stays transparent and the filter keeps its input's extent (CIColorMatrix
// alone may change alpha).

import Raster

enum ColorFilters {
    static let reference = "Core Image Filter Reference"

    /// A kernel applying `f` to un-premultiplied colour, four pixels at once: each colour divided
    /// by its alpha, `f`, then multiplied by it again; a pixel whose alpha is not above 0 becomes
    /// transparent (its lanes go through `f` as white, and the result is dropped).
    static func straight(cost: Int = EvaluationCost.pixel, _ f: @escaping @Sendable (inout ColourQuad) -> Void)
        -> PointKernel
    {
        PointKernel(cost: cost) { q in
            let live = q.a .> 0
            let one = SIMD4<Float>(repeating: 1)
            let a = one.replacing(with: q.a, where: live)
            var c = ColourQuad(
                one.replacing(with: q.r, where: live) / a, one.replacing(with: q.g, where: live) / a,
                one.replacing(with: q.b, where: live) / a)
            f(&c)
            q = PixelQuad(
                r: SIMD4.zero.replacing(with: c.r * a, where: live),
                g: SIMD4.zero.replacing(with: c.g * a, where: live),
                b: SIMD4.zero.replacing(with: c.b * a, where: live), a: SIMD4.zero.replacing(with: a, where: live))
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
            straight { c in c = ColourQuad(1 - c.r, 1 - c.g, 1 - c.b) }
        },
        filter(
            "CIExposureAdjust", [.number("inputEV", 0, slider: -10...10)],
            .formula("\(reference): s.rgb · 2^EV")
        ) { a in
            let factor = Float(Power32.exp2(Double(a.number("inputEV"))))
            return straight { c in c = ColourQuad(c.r * factor, c.g * factor, c.b * factor) }
        },
        filter(
            "CIGammaAdjust", [.number("inputPower", 1, slider: 0.25...4)],
            .formula("\(reference): pow(s.rgb, power)")
        ) { a in
            let power = a.number("inputPower")
            return straight(cost: EvaluationCost.power) { c in
                c = ColourQuad(Self.signedPow(c.r, power), Self.signedPow(c.g, power), Self.signedPow(c.b, power))
            }
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
            return PointKernel { q in
                // s = (colour / alpha, alpha), or 0 where alpha is not above 0.
                let live = q.a .> 0
                let w = SIMD4<Float>(repeating: 1).replacing(with: q.a, where: live)
                let (sr, sg) = (
                    SIMD4.zero.replacing(with: q.r / w, where: live), SIMD4.zero.replacing(with: q.g / w, where: live)
                )
                let (sb, sa) = (
                    SIMD4.zero.replacing(with: q.b / w, where: live), SIMD4.zero.replacing(with: q.a, where: live)
                )
                func dot(_ v: SIMD4<Float>) -> SIMD4<Float> { sr * v.x + sg * v.y + sb * v.z + sa * v.w }
                let ta = dot(alpha) + bias.w
                q = PixelQuad(r: (dot(r) + bias.x) * ta, g: (dot(g) + bias.y) * ta, b: (dot(b) + bias.z) * ta, a: ta)
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
            let luma = Self.luma  // read once, not per call
            return straight { c in
                let grey = c.dot(luma)
                func adjusted(_ v: SIMD4<Float>) -> SIMD4<Float> {
                    let saturated = grey + (v - grey) * saturation
                    return (saturated + brightness - 0.5) * contrast + 0.5
                }
                c = ColourQuad(adjusted(c.r), adjusted(c.g), adjusted(c.b))
            }
        },
        filter(
            "CIHueAdjust", [.number("inputAngle", 0, slider: -Double.pi...Double.pi)],
            .description("\(reference): changes the overall hue or tint of the source pixels (an angle in radians)")
        ) { a in
            let m = Self.hueRotation(radians: Double(a.number("inputAngle")))
            return straight { c in c = ColourQuad(c.dot(m.0), c.dot(m.1), c.dot(m.2)) }
        },
        filter(
            "CIColorMonochrome", [ParameterSpec("inputColor", .color), .number("inputIntensity", 1, slider: 0...1)],
            .description("\(reference): remaps colours so they fall within shades of a single colour")
        ) { a in
            let tint = a.color("inputColor"), intensity = a.number("inputIntensity")
            let tone = tint.w > 0 ? SIMD3(tint.x, tint.y, tint.z) / tint.w : .zero
            let luma = Self.luma
            return straight { c in
                let grey = c.dot(luma)
                c = ColourQuad(
                    c.r + (tone.x * grey - c.r) * intensity, c.g + (tone.y * grey - c.g) * intensity,
                    c.b + (tone.z * grey - c.b) * intensity)
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
            return straight { c in c = c * scale }
        },
        filter(
            "CISepiaTone", [.number("inputIntensity", 1, slider: 0...1)],
            .description("\(reference): maps the colours to shades of brown; ivsim's reading, the usual sepia matrix")
        ) { a in
            let intensity = a.number("inputIntensity")
            let matrix = Self.sepia
            return straight { c in
                let sepia = ColourQuad(c.dot(matrix.0), c.dot(matrix.1), c.dot(matrix.2))
                c = ColourQuad(
                    c.r + (sepia.r - c.r) * intensity, c.g + (sepia.g - c.g) * intensity,
                    c.b + (sepia.b - c.b) * intensity)
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
                let largest = SIMD4.swiftMax(SIMD4.swiftMax(c.r, c.g), c.b)  // max(r, g, b)
                let mean = (c.r + c.g + c.b) / 3
                let t = (largest - mean) * (-3 * amount)
                c = ColourQuad(c.r + (largest - c.r) * t, c.g + (largest - c.g) * t, c.b + (largest - c.b) * t)
            }
        }
    ]

    /// The sepia matrix's rows (the common one: Microsoft's published coefficients).
    static let sepia = (
        SIMD3<Float>(0.393, 0.769, 0.189), SIMD3<Float>(0.349, 0.686, 0.168), SIMD3<Float>(0.272, 0.534, 0.131)
    )

    /// |x|^power with x's sign, lane by lane (extended-range values below 0 mirror those above).
    @inline(__always)
    static func signedPow(_ x: SIMD4<Float>, _ power: Float) -> SIMD4<Float> {
        let magnitude = Power32.pow(
            unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self), power)
        return magnitude.replacing(with: -magnitude, where: x .< 0)
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
