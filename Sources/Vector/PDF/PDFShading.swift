import Raster

// Axial (type 2) and radial (type 3) shadings (ISO 32000-1 §8.7.4.5.3–4) as the drawing context's
// gradients: Coords in the shading's space, the function (one, or one per colour component) over
// Domain turned into stops at (t − t0) / (t1 − t0), Extend as drawsBefore/AfterStart; free-form
// and lattice-form triangle meshes (types 4 and 5) as its TriangleMesh (PDFMeshShading.swift).
// /BBox clips; /Background is not painted (it only matters for a pattern's cells outside the
// shape's gradient, which design tools do not export). Other shading types are refused.

struct PDFShading {
    /// What the shading paints.
    enum Kind {
        case gradient(Gradient)
        case mesh(TriangleMesh)
    }

    var kind: Kind
    /// The shading's /BBox in its space, if it has one.
    var box: (Double, Double, Double, Double)?

    static let maxStops = 1024

    static func read(_ object: PDFObject, file: PDFFile, colorSpace: (PDFObject) throws(PDFError) -> PDFColorSpace)
        throws(PDFError) -> PDFShading
    {
        guard let d = try file.resolve(object).dictionary, let type = try file.value(d, "ShadingType")?.integer else {
            throw PDFError("a shading is not a dictionary with /ShadingType")
        }
        guard (2...5).contains(type) else {
            throw PDFError(
                "shading type \(type) is not read (ivsim reads axial, radial and triangle-mesh shadings, types 2 to 5)")
        }
        guard let spaceObject = d["ColorSpace"] else { throw PDFError("a shading has no /ColorSpace") }
        let space = try colorSpace(spaceObject)
        func numbers(_ key: String) throws(PDFError) -> [Double]? { try file.numbers(d, key, of: "a shading's ") }
        var box: (Double, Double, Double, Double)?
        if let b = try numbers("BBox"), b.count == 4 {
            box = (min(b[0], b[2]), min(b[1], b[3]), abs(b[2] - b[0]), abs(b[3] - b[1]))
        }
        if type >= 4 {
            guard [.gray, .rgb, .cmyk].contains(space) || space.isProfiledRGB else {
                throw PDFError("a mesh shading's colour space must be gray, RGB or CMYK")
            }
            guard let stream = try file.resolve(object).stream else {
                throw PDFError("a type \(type) shading must be a stream (its vertices)")
            }
            return PDFShading(
                kind: .mesh(try PDFMeshShading.read(stream, type: type, space: space, file: file)), box: box)
        }
        guard space == .gray || space == .rgb || space.isProfiledRGB else {
            throw PDFError("a shading's colour space must be gray or RGB")
        }
        let coords = try numbers("Coords") ?? []
        guard coords.count == (type == 2 ? 4 : 6) else {
            throw PDFError("a type \(type) shading needs \(type == 2 ? 4 : 6) /Coords")
        }
        let domain = try numbers("Domain") ?? [0, 1]
        guard domain.count == 2, domain[0] != domain[1], (domain[1] - domain[0]).isFinite else {
            throw PDFError("a shading's /Domain must be two different numbers")
        }
        let extend =
            try file.value(d, "Extend")?.array?.map { (item: PDFObject) throws(PDFError) -> Bool in
                if case let .bool(b) = try file.resolve(item) { b } else { false }
            } ?? [false, false]
        guard let functionObject = try file.value(d, "Function") else { throw PDFError("a shading has no /Function") }
        let stops = try stops(functionObject, domain: (domain[0], domain[1]), space: space, file: file)
        let shape: GradientShape =
            type == 2
            ? .axial(start: Point2(coords[0], coords[1]), end: Point2(coords[2], coords[3]))
            : .radial(
                startCenter: Point2(coords[0], coords[1]), startRadius: coords[2],
                endCenter: Point2(coords[3], coords[4]), endRadius: coords[5])
        if type == 3, coords[2] < 0 || coords[5] < 0 { throw PDFError("a radial shading's radii must not be negative") }
        return PDFShading(
            kind: .gradient(
                Gradient(
                    shape: shape, stops: stops, extendsStart: extend.first ?? false,
                    extendsEnd: extend.count > 1 ? extend[1] : false)), box: box)
    }

    /// The function's colours as stops over the domain.
    static func stops(_ object: PDFObject, domain: (Double, Double), space: PDFColorSpace, file: PDFFile)
        throws(PDFError) -> [GradientStop]
    {
        var points: [(Double, [Double])]
        if let items = try file.resolve(object).array {
            // One function per component: sampled together at even steps.
            let functions = try items.map { (item: PDFObject) throws(PDFError) -> PDFFunction in
                try PDFFunction.read(item, file: file)
            }
            guard functions.count == space.components else {
                throw PDFError("a shading has \(functions.count) functions for \(space.components) colour components")
            }
            let steps = PDFFunction.curveSamples * 4
            points = (0...steps).map { i in
                let t = domain.0 + (domain.1 - domain.0) * Double(i) / Double(steps)
                return (t, functions.map { $0.evaluate(t).first ?? 0 })
            }
        } else {
            let function = try PDFFunction.read(object, file: file)
            points = function.breakpoints(domain.0, domain.1)
        }
        guard !points.isEmpty else { throw PDFError("a shading's function gives no colours") }
        try file.functionWork.charge(points.count)  // also refuses once a calculator has spent the budget
        if points.count > maxStops {
            // Thinned evenly, ends kept.
            let step = Double(points.count - 1) / Double(maxStops - 1)
            points = (0..<maxStops).map { points[Int((Double($0) * step).rounded())] }
        }
        return points.filter { $0.0.isFinite }.map { t, c in
            let (r, g, b) = space.rgb(c)
            return GradientStop(location: (t - domain.0) / (domain.1 - domain.0), r: r, g: g, b: b, a: 255)
        }
    }
}
