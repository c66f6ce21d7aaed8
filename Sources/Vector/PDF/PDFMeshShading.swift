import Raster

// Free-form (type 4) and lattice-form (type 5) Gouraud-shaded triangle meshes (ISO 32000-1
// §8.7.4.5.5–6), read into the drawing context's TriangleMesh (docs/PDF.md §Shadings). The
// stream holds vertices, each starting on a byte boundary: (type 4) an edge flag of BitsPerFlag
// bits, then x and y of BitsPerCoordinate bits, then one value of BitsPerComponent bits per
// colour component, high bits first; each value v of n bits maps to Dmin + v·(Dmax − Dmin)/(2^n − 1)
// by /Decode. Flag 0 starts a triangle of three new vertices (the next two flags are not
// read); 1 makes a triangle of the last triangle's second and third vertices and a new one; 2,
// of its first and third and a new one. A lattice has rows of /VerticesPerRow vertices without
// flags, each cell two triangles. A mesh with a /Function (colours by a parameter t) is refused.

enum PDFMeshShading {
    /// Vertices a mesh may have; the real files seen have up to 81,243.
    static let maxVertices = 1 << 20
    /// Bytes a vertex and its triangles hold (a point, a colour, at most two triangles of three
    /// 32-bit indices), charged to the file's budget of decoded bytes before the mesh is made.
    static let bytesPerVertex = 16 + 4 + 24 + 1

    static func read(
        _ stream: PDFStream, type: Int, space: PDFColorSpace, file: PDFFile
    ) throws(PDFError) -> TriangleMesh {
        let d = stream.dictionary
        if try file.value(d, "Function") != nil {
            throw PDFError(
                "a mesh shading whose colours come from a /Function is not read (export the mesh with colours)")
        }
        func bits(_ key: String, _ allowed: [Int]) throws(PDFError) -> Int {
            guard let value = try file.value(d, key)?.integer, allowed.contains(value) else {
                throw PDFError(
                    "a type \(type) shading's /\(key) must be one of \(allowed.map(String.init).joined(separator: ", "))"
                )
            }
            return value
        }
        let coordinateBits = try bits("BitsPerCoordinate", [1, 2, 4, 8, 12, 16, 24, 32])
        let componentBits = try bits("BitsPerComponent", [1, 2, 4, 8, 12, 16])
        let flagBits = type == 4 ? try bits("BitsPerFlag", [2, 4, 8]) : 0
        var perRow = 0
        if type == 5 {
            guard let value = try file.value(d, "VerticesPerRow")?.integer, value >= 2 else {
                throw PDFError("a lattice-form shading's /VerticesPerRow must be at least 2")
            }
            perRow = value
        }
        let components = space.components
        guard let decode = try file.numbers(d, "Decode", of: "a mesh shading's "),
            decode.count == 4 + 2 * components, decode.allSatisfy(\.isFinite)
        else {
            throw PDFError(
                "a mesh shading needs a /Decode of \(4 + 2 * components) numbers (x, y and each colour component)")
        }
        let bytes = try file.decode(stream).bytes
        var reader = BitReader(bytes: bytes)
        let vertexBits = flagBits + 2 * coordinateBits + components * componentBits
        func value(_ raw: UInt64, _ n: Int, _ k: Int) -> Double {
            decode[2 * k] + Double(raw) * (decode[2 * k + 1] - decode[2 * k]) / Double((UInt64(1) << UInt64(n)) - 1)
        }
        let count = reader.remaining / max(1, (vertexBits + 7) / 8 * 8)
        guard count <= maxVertices else {
            throw PDFError("a mesh shading has more than \(maxVertices) vertices (docs/LIMITS.md)")
        }
        guard file.budget >= count * bytesPerVertex else { throw PDFFilters.tooLarge(file.budget) }
        file.budget -= count * bytesPerVertex
        var points: [Point2] = [], colors: [PremultipliedColor] = [], flags: [UInt8] = []
        points.reserveCapacity(count)
        colors.reserveCapacity(count)
        flags.reserveCapacity(count)
        while reader.remaining >= vertexBits {
            let start = reader.position
            flags.append(UInt8(truncatingIfNeeded: min(reader.read(flagBits), 255)))
            let x = value(reader.read(coordinateBits), coordinateBits, 0)
            let y = value(reader.read(coordinateBits), coordinateBits, 1)
            let c = (0..<components).map { k in value(reader.read(componentBits), componentBits, 2 + k) }
            let (r, g, b) = space.rgb(c)
            points.append(Point2(x, y))
            colors.append(PremultipliedColor(r: r, g: g, b: b, a: 255))
            reader.position = start + (vertexBits + 7) / 8 * 8  // the next vertex starts on a byte
        }
        try file.functionWork.charge(points.count)
        let triangles = type == 4 ? try freeForm(flags) : lattice(count: points.count, perRow: perRow)
        return TriangleMesh(points: points, colors: colors, triangles: triangles)
    }

    /// The triangles of a free-form mesh by its vertices' edge flags.
    static func freeForm(_ flags: [UInt8]) throws(PDFError) -> [(Int32, Int32, Int32)] {
        var triangles: [(Int32, Int32, Int32)] = []
        var i = 0
        while i < flags.count {
            switch flags[i] {
            case 0:
                guard i + 2 < flags.count else { return triangles }  // an incomplete last triangle
                triangles.append((Int32(i), Int32(i + 1), Int32(i + 2)))
                i += 3
            case 1, 2:
                guard let last = triangles.last else {
                    throw PDFError(
                        "a mesh shading's first vertex has edge flag \(flags[i]) (a new triangle needs flag 0)")
                }
                triangles.append(flags[i] == 1 ? (last.1, last.2, Int32(i)) : (last.0, last.2, Int32(i)))
                i += 1
            default:
                throw PDFError("a mesh shading has edge flag \(flags[i]) (0, 1 or 2)")
            }
        }
        return triangles
    }

    /// Two triangles per cell of a lattice of rows of `perRow` vertices (a last partial row unused).
    static func lattice(count: Int, perRow: Int) -> [(Int32, Int32, Int32)] {
        var triangles: [(Int32, Int32, Int32)] = []
        let rows = count / perRow
        guard rows >= 2 else { return [] }
        for row in 0..<(rows - 1) {
            for column in 0..<(perRow - 1) {
                let a = Int32(row * perRow + column), b = a + 1, c = a + Int32(perRow), d = c + 1
                triangles.append((a, b, c))
                triangles.append((b, c, d))
            }
        }
        return triangles
    }
}
