import Foundation
import Raster
import Testing
@testable import Vector

/// SVG arcs as cubic Béziers (docs/RENDERING.md §11): checked against the ellipse's own equation,
/// computed here with the C library (a second computation).
@Suite struct EllipticalArcTests {
    /// Points along the arc's Béziers (16 per piece), and the pieces.
    static func points(_ d: String) throws -> (points: [(Double, Double)], pieces: Int) {
        let data = try PathData(d)
        var points: [(Double, Double)] = []
        var last = (0.0, 0.0)
        var pieces = 0
        for segment in data.segments {
            switch segment {
            case let .move(x, y): last = (x, y)
            case let .cubic(c1x, c1y, c2x, c2y, x, y):
                pieces += 1
                for i in 0...16 {
                    let t = Double(i) / 16, u = 1 - t
                    points.append(
                        (
                            u * u * u * last.0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x,
                            u * u * u * last.1 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y
                        ))
                }
                last = (x, y)
            default: break
            }
        }
        return (points, pieces)
    }

    @Test func aHalfCircleWithSweepOneGoesOverTheTop() throws {
        let (points, pieces) = try Self.points("M 0 50 A 50 50 0 0 1 100 50")
        #expect(pieces == 2)
        for (x, y) in points {
            let r = ((x - 50) * (x - 50) + (y - 50) * (y - 50)).squareRoot()
            #expect(abs(r - 50) < 0.02, "(\(x), \(y)) is \(r) from the centre")  // a cubic quarter circle: 2.7e-4 r
            #expect(y <= 50 + 1e-9)  // over the top (y down: smaller y)
        }
        #expect(points.last! == (100, 50))
    }

    @Test func flagsPickTheFourArcs() throws {
        // From (0, 0) to (10, 10) on circles of radius 10: the centres are (10, 0) and (0, 10).
        for (large, sweep, centre, longWay) in [
            (0, 0, (10.0, 0.0), false), (0, 1, (0.0, 10.0), false),
            (1, 0, (0.0, 10.0), true), (1, 1, (10.0, 0.0), true)
        ] {
            let (points, pieces) = try Self.points("M 0 0 A 10 10 0 \(large) \(sweep) 10 10")
            #expect(pieces == (longWay ? 4 : 1), "flags \(large) \(sweep)")  // 270°: two halves of 135°, each halved
            for (x, y) in points {
                let r = ((x - centre.0) * (x - centre.0) + (y - centre.1) * (y - centre.1)).squareRoot()
                #expect(abs(r - 10) < 0.005, "flags \(large) \(sweep): (\(x), \(y))")
            }
        }
    }

    @Test func aRotatedEllipseAndRadiiTooSmall() throws {
        // Rotated 30°: every point satisfies the rotated ellipse's equation (radii 20, 10).
        let (points, _) = try Self.points("M 80 60 A 20 10 30 1 1 60 40")
        // The centre from the C library's sines, for comparison.
        let phi = 30 * Double.pi / 180
        let (x1p, y1p) = (cos(phi) * 10 + sin(phi) * 10, -sin(phi) * 10 + cos(phi) * 10)
        let lambda = x1p * x1p / 400 + y1p * y1p / 100
        #expect(lambda < 1)
        // same flags: −
        let f = ((400 * 100 - 400 * y1p * y1p - 100 * x1p * x1p) / (400 * y1p * y1p + 100 * x1p * x1p)).squareRoot()
        let (cxp, cyp) = (-f * 20 * y1p / 10, f * 10 * x1p / 20)
        let (cx, cy) = (cos(phi) * cxp - sin(phi) * cyp + 70, sin(phi) * cxp + cos(phi) * cyp + 50)
        for (x, y) in points {
            let (dx, dy) = (x - cx, y - cy)
            let (ex, ey) = (cos(phi) * dx + sin(phi) * dy, -sin(phi) * dx + cos(phi) * dy)
            #expect(abs((ex * ex / 400 + ey * ey / 100).squareRoot() - 1) < 0.001, "(\(x), \(y))")
        }
        // Radii too small for the endpoints are scaled up: a half ellipse through both.
        let (scaled, _) = try Self.points("M 0 0 A 1 1 0 0 1 10 0")
        for (x, y) in scaled { #expect(abs(((x - 5) * (x - 5) + y * y).squareRoot() - 5) < 0.01) }
        // A radius of 0 is a line; equal endpoints are nothing.
        #expect(try PathData("M 0 0 A 0 5 0 0 1 10 0").segments.last == .line(10, 0))
        #expect(try PathData("M 3 3 A 5 5 0 0 1 3 3").segments == [.move(3, 3)])
        // Flags may touch the numbers after them.
        #expect(try PathData("M0 0a10 10 0 1010 10").segments == PathData("M 0 0 a 10 10 0 1 0 10 10").segments)
    }
}
