// The geometry filters (docs/COREIMAGE.md §Geometry).

import Raster

enum GeometryFilters {
    /// A transform node of `map`, refused when the map is singular or not finite.
    static func resampled(_ map: AffineMap, _ input: Recipe, _ name: String) throws(ChainFailure) -> Recipe {
        guard let sampling = Resampling(map) else {
            throw .beyondLimit("\(name)'s transform has no inverse (it flattens the image, or is not finite)")
        }
        return .resample(sampling, input)
    }

    /// A rotation by `radians` (counterclockwise in Core Image's y-up space), sine and cosine from
    /// Raster's Trigonometry.
    static func rotation(_ radians: Double) -> (sin: Double, cos: Double) {
        Trigonometry.sinCos(degrees: radians * (180 / Double.pi))
    }

    /// The input with its colour (premultiplied) times a shade's factor, its alpha and extent kept.
    static func shaded(_ input: Recipe, _ shade: Generator) -> Recipe {
        .composite(
            CompositeKernel(
                apply: { s, f in WorkingPixel(s.x * f.x, s.y * f.x, s.z * f.x, s.w) }, extent: { source, _ in source }),
            source: input, background: .generator(shade))
    }

    static let all: [FilterDefinition] = [
        FilterDefinition(
            "CIVignette", .stylize,
            [.inputImage, .number("inputIntensity", 0, slider: -1...1), .number("inputRadius", 1, slider: 0...2)],
            .description("Core Image Filter Reference: applies a vignette shading to the corners of an image")
        ) { a throws(ChainFailure) in
            let input = try a.image("inputImage")
            guard case let .rect(x, y, w, h) = input.extent else {
                throw .beyondLimit("CIVignette needs an input with an extent (crop a generator first)")
            }
            // Around the extent's centre, reaching the corners at radius 1.
            let half = Float((w * w + h * h).squareRoot() / 2)
            let center = SIMD2<Float>(Float(x + w / 2), Float(y + h / 2))
            return shaded(
                input,
                .shade(
                    center: center, inner: 0, outer: half * a.number("inputRadius"),
                    intensity: a.number("inputIntensity")))
        },
        FilterDefinition(
            "CIVignetteEffect", .stylize,
            [
                .inputImage, .point("inputCenter", 150, 150), .number("inputRadius", 150, slider: 0...2000),
                .number("inputIntensity", 1, slider: -1...1), .number("inputFalloff", 0.5, slider: 0...1)
            ],
            .description(
                "Core Image Filter Reference: modifies the brightness of an image around the periphery of a specified region"
            )
        ) { a throws(ChainFailure) in
            let radius = a.number("inputRadius")
            return shaded(
                try a.image("inputImage"),
                .shade(
                    center: a.point("inputCenter"), inner: radius * (1 - clamp01(a.number("inputFalloff"))),
                    outer: radius, intensity: a.number("inputIntensity")))
        },
        FilterDefinition(
            "CIAffineTransform", .geometry,
            [.inputImage, ParameterSpec("inputTransform", .transform, .transform([1, 0, 0, 1, 0, 0]))],
            .formula("Core Image Filter Reference: applies an affine transform to an image (CGAffineTransform)")
        ) { a throws(ChainFailure) in
            let t = a.doubles("inputTransform").map { Double(Float($0)) }
            guard t.count == 6 else { return try a.image("inputImage") }
            return try resampled(
                AffineMap(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5]), try a.image("inputImage"),
                "CIAffineTransform")
        },
        FilterDefinition(
            "CILanczosScaleTransform", .geometry,
            [
                .inputImage, .number("inputScale", 1, slider: 0.05...1.5),
                .number("inputAspectRatio", 1, slider: 0.05...2)
            ],
            .description(
                "Core Image Filter Reference: produces a high-quality, scaled version of a source image (Lanczos)")
        ) { a throws(ChainFailure) in
            let scale = Double(a.number("inputScale")), aspect = Double(a.number("inputAspectRatio"))
            let (sx, sy) = (scale * aspect, scale)
            let range = LanczosScale.smallestScale...LanczosScale.largestScale
            guard range.contains(sx), range.contains(sy) else {
                throw .beyondLimit(
                    "CILanczosScaleTransform scales by \(sx) × \(sy); ivsim scales by 1/500 to 1,000 along each axis")
            }
            return .lanczos(LanczosScale(sx: sx, sy: sy), try a.image("inputImage"))
        },
        FilterDefinition(
            "CIStraightenFilter", .geometry, [.inputImage, .number("inputAngle", 0, slider: -Double.pi...Double.pi)],
            .description(
                "Core Image Filter Reference: rotates the source image by the angle; the image is scaled and cropped so "
                    + "that the rotated image fits the extent of the input image")
        ) { a throws(ChainFailure) in
            let input = try a.image("inputImage")
            guard case let .rect(x, y, w, h) = input.extent, !input.extent.isEmpty else {
                if input.extent.isEmpty { return .empty }
                throw .beyondLimit("CIStraightenFilter needs an input with an extent (crop a generator first)")
            }
            let (sine, cosine) = rotation(Double(a.number("inputAngle")))
            let (s, c) = (abs(sine), abs(cosine))
            // The smallest scale at which the turned image still covers the input's rectangle.
            let scale = max((w * c + h * s) / w, (w * s + h * c) / h)
            let (cx, cy) = (x + w / 2, y + h / 2)
            let map = AffineMap(
                a: cosine * scale, b: sine * scale, c: -sine * scale, d: cosine * scale,
                tx: cx - (cosine * scale * cx - sine * scale * cy), ty: cy - (sine * scale * cx + cosine * scale * cy))
            return .crop(input.extent, try resampled(map, input, "CIStraightenFilter"))
        },
        FilterDefinition(
            "CICrop", .geometry,
            [
                .inputImage,
                ParameterSpec(
                    "inputRectangle", .vector(4), .vector([-8.98847e307, -8.98847e307, 1.79769e308, 1.79769e308]))
            ],
            .formula(
                "Core Image Filter Reference: the input inside the rectangle [x, y, width, height], nothing outside")
        ) { a throws(ChainFailure) in
            // A negative width or height is standardised, as CGRect's functions do.
            let r = a.doubles("inputRectangle")
            var rect = Extent.empty
            if r.count == 4 {
                let x = min(r[0], r[0] + r[2]), y = min(r[1], r[1] + r[3])
                let width = abs(r[2]), height = abs(r[3])
                if width > 0 && height > 0 && width.isFinite && height.isFinite {
                    rect = .rect(x: x, y: y, width: width, height: height)
                }
            }
            return .crop(rect, try a.image("inputImage"))
        }
    ]
}
