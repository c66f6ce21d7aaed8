import Testing
import TestSupport
@testable import Raster

/// Triangle meshes (docs/RENDERING.md §11.9.1) against a second computation in floating point: a
/// pixel whose centre lies inside triangles takes the last one's colours weighted by the centre's
/// barycentric coordinates; a centre inside none is not painted. Centres within a hair of an edge
/// are left out (the integer tie rule decides them), and are checked apart: a mesh of triangles
/// sharing edges leaves no pixel inside it unpainted.
@Suite struct TriangleMeshTests {
    static func randomMesh(_ random: inout SeededGenerator, triangles: Int) -> TriangleMesh {
        var points: [Point2] = [], colors: [PremultipliedColor] = [], list: [(Int32, Int32, Int32)] = []
        for t in 0..<triangles {
            for _ in 0..<3 {
                points.append(
                    Point2(Double.random(in: -4...36, using: &random), Double.random(in: -4...28, using: &random)))
                colors.append(
                    PremultipliedColor(
                        r: UInt8.random(in: 0...255, using: &random), g: UInt8.random(in: 0...255, using: &random),
                        b: UInt8.random(in: 0...255, using: &random), a: 255))
            }
            list.append((Int32(3 * t), Int32(3 * t + 1), Int32(3 * t + 2)))
        }
        return TriangleMesh(points: points, colors: colors, triangles: list)
    }

    /// The floating-point model's colour at device point (x, y), or nil; `unsure` when the point
    /// is within `margin` pixels of an edge of a triangle that may decide it.
    static func model(_ mesh: TriangleMesh, scale: Double, x: Double, y: Double) -> (color: [Double]?, unsure: Bool) {
        let margin = 0.005  // vertices are quantised to 1/256 pixel: edges move by up to 1/362
        for (j0, j1, j2) in mesh.triangles.reversed() {
            let (i0, i1, i2) = (Int(j0), Int(j1), Int(j2))
            let a = mesh.points[i0], b = mesh.points[i1], c = mesh.points[i2]
            let (ax, ay, bx, by, cx, cy) = (
                a.x * scale, a.y * scale, b.x * scale, b.y * scale, c.x * scale, c.y * scale
            )
            let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            if abs(area) < 1e-6 { continue }
            let wa = ((cx - bx) * (y - by) - (cy - by) * (x - bx)) / area
            let wb = ((ax - cx) * (y - cy) - (ay - cy) * (x - cx)) / area
            let wc = 1 - wa - wb
            // Distances to the edges, in pixels.
            func distance(_ w: Double, _ px: Double, _ py: Double, _ qx: Double, _ qy: Double) -> Double {
                abs(w * area) / max(1e-12, ((qx - px) * (qx - px) + (qy - py) * (qy - py)).squareRoot())
            }
            let near = min(distance(wa, bx, by, cx, cy), distance(wb, cx, cy, ax, ay), distance(wc, ax, ay, bx, by))
            let inside = wa >= 0 && wb >= 0 && wc >= 0
            if near < margin { return (nil, true) }
            if inside {
                let ca = mesh.colors[i0], cb = mesh.colors[i1], cc = mesh.colors[i2]
                let channels: [(PremultipliedColor) -> UInt8] = [\.r, \.g, \.b]
                return (channels.map { wa * Double($0(ca)) + wb * Double($0(cb)) + wc * Double($0(cc)) } + [255], false)
            }
        }
        return (nil, false)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func pixelCentresTakeTheLastTrianglesBarycentricColour(scale: Double) throws {
        var random = SeededGenerator(seed: 0x3E5 + UInt64(scale))
        var checked = 0, painted = 0
        for round in 0..<12 {
            let mesh = Self.randomMesh(&random, triangles: 1 + round % 5)
            let (w, h) = (Int(32 * scale), Int(24 * scale))
            var context = try DrawingContext(
                width: w, height: h, opaque: false,
                transform: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0),
                limits: .default)
            try context.fill(
                ShapePath.rectangle(x: 0, y: 0, width: 32, height: 24), rule: .nonZero, paint: .mesh(mesh, .identity))
            for py in 0..<h {
                for px in 0..<w {
                    let (expected, unsure) = Self.model(mesh, scale: scale, x: Double(px) + 0.5, y: Double(py) + 0.5)
                    if unsure { continue }
                    let p = context.bitmap[px, py]
                    checked += 1
                    guard let expected else {
                        #expect(p.a == 0, "round \(round) @\(scale)x (\(px), \(py)): painted outside every triangle")
                        continue
                    }
                    painted += 1
                    let worst = zip([p.r, p.g, p.b, p.a].map(Double.init), expected).map { abs($0 - $1) }.max()!
                    #expect(worst <= 1, "round \(round) @\(scale)x (\(px), \(py)): \(p) against \(expected)")
                }
            }
        }
        #expect(checked > 5000 && painted > 1000)
    }

    /// A square of 32 × 32 triangles fanned around inner points (every edge shared by two
    /// triangles, many through pixel centres): every pixel inside is painted once, none outside.
    @Test func sharedEdgesLeaveNoSeam() throws {
        var points: [Point2] = [], colors: [PremultipliedColor] = [], triangles: [(Int32, Int32, Int32)] = []
        for j in 0...8 {
            for i in 0...8 {
                points.append(
                    Point2(Double(i) * 2 + (j % 2 == 0 ? 0 : 0.5) * Double(min(i, 8 - i) > 0 ? 1 : 0), Double(j) * 2))
                colors.append(PremultipliedColor(r: UInt8(i * 30), g: UInt8(j * 30), b: 90, a: 255))
            }
        }
        for j in 0..<8 {
            for i in 0..<8 {
                let a = Int32(j * 9 + i), b = a + 1, c = a + 9, d = c + 1
                triangles.append((a, b, c))
                triangles.append((b, d, c))
            }
        }
        let mesh = TriangleMesh(points: points, colors: colors, triangles: triangles)
        var context = try DrawingContext(
            width: 16, height: 16, opaque: false, transform: .identity, limits: .default)
        try context.draw(mesh)
        #expect(context.bitmap.pixels.allSatisfy { $0 >> 24 == 255 }, "every pixel of the 16 × 16 square is painted")
    }
}
