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
            let r = a.doubles("inputRectangle")
            let rect: Extent =
                r.count == 4 && r[2] > 0 && r[3] > 0 ? .rect(x: r[0], y: r[1], width: r[2], height: r[3]) : .empty
            return .crop(rect, try a.image("inputImage"))
        }
    ]
}
