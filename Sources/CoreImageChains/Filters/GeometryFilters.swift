// The geometry filters (docs/COREIMAGE.md §Geometry).

enum GeometryFilters {
    static let all: [FilterDefinition] = [
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
