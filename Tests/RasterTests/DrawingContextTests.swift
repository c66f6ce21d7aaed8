import Foundation
import Testing
@testable import Raster
import TestSupport

/// The drawing context's rules (docs/RENDERING.md §11), each against a second computation.
@Suite struct DrawingContextTests {
    static let limits = DrawingLimits.default
    static let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)

    @Test func sinesAreExactAtQuarterTurnsAndCloseToTheLibrarysElsewhere() {
        for (degrees, expected) in [
            (0.0, (0.0, 1.0)), (90, (1, 0)), (180, (0, -1)), (270, (-1, 0)), (-90, (-1, 0)), (720, (0, 1))
        ] {
            let (s, c) = Trigonometry.sinCos(degrees: degrees)
            #expect(s == expected.0 && c == expected.1, "\(degrees)°")
        }
        var worst = 0.0
        var degrees = -400.0
        while degrees < 400 {
            let (s, c) = Trigonometry.sinCos(degrees: degrees)
            let radians = degrees * .pi / 180
            worst = max(worst, abs(s - Foundation.sin(radians)), abs(c - Foundation.cos(radians)))
            degrees += 0.37
        }
        // The library's argument d·π/180 is itself rounded, by up to |x|·2^-53 (7 radians here:
        // 8e-16), which ours avoids by reducing the degrees first; both agree within that.
        #expect(worst < 2e-15)
    }

    @Test func anOpaqueContextStartsBlackAndKeepsItsAlpha() throws {
        var context = try DrawingContext(width: 2, height: 1, opaque: true, transform: .identity, limits: Self.limits)
        context.state.blendMode = .clear
        try context.fill(.rectangle(x: 0, y: 0, width: 1, height: 1), rule: .nonZero, color: Self.black)
        #expect(context.bitmap.pixels == [0xFF00_0000, 0xFF00_0000])
    }

    @Test func boundedModesLeaveWhatTheShapeDoesNotCover() throws {
        var context = try DrawingContext(width: 4, height: 1, opaque: false, transform: .identity, limits: Self.limits)
        try context.fill(
            .rectangle(x: 0, y: 0, width: 4, height: 1), rule: .nonZero,
            color: PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        context.state.blendMode = .copy
        context.state.alpha = 128
        // Copy half a pixel of half-transparent red over opaque blue, from x = 1 to 2.5.
        try context.fill(
            .rectangle(x: 1, y: 0, width: 1.5, height: 1), rule: .nonZero,
            color: PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        let p = context.bitmap.pixels.map(PremultipliedColor.init(packed:))
        #expect(p[0] == PremultipliedColor(r: 0, g: 0, b: 255, a: 255) && p[3] == p[0])
        #expect(p[1] == PremultipliedColor(r: 128, g: 0, b: 0, a: 128))
        // Half covered: blue + (copy result − blue) × 128/255, per channel, rounded.
        func mix(_ d: Int, _ r: Int) -> UInt8 { UInt8(d + Int((Double(r - d) * 128 / 255).rounded())) }
        #expect(p[2] == PremultipliedColor(r: mix(0, 128), g: 0, b: mix(255, 0), a: mix(255, 128)))
    }

    @Test func anAxialGradientIsTheExactParameterRoundedOnce() throws {
        var context = try DrawingContext(
            width: 256, height: 1, opaque: false, transform: .identity, limits: Self.limits)
        try context.draw(
            Gradient(
                shape: .axial(start: Point2(0, 0), end: Point2(256, 0)),
                stops: [
                    GradientStop(location: 0, r: 0, g: 0, b: 0, a: 255),
                    GradientStop(location: 1, r: 255, g: 255, b: 255, a: 255)
                ]))
        for x in 0..<256 {
            // t = (x + ½) / 256 exactly; the channel 255·t, rounded (two roundings, each by at most ½ a step).
            let expected = 255 * (Double(x) + 0.5) / 256
            #expect(abs(Double(context.bitmap[x, 0].r) - expected) <= 0.51, "pixel \(x)")
        }
    }

    @Test func aRadialGradientPaintsOnlyBetweenItsCircles() throws {
        var context = try DrawingContext(
            width: 21, height: 21, opaque: false, transform: .identity, limits: Self.limits)
        try context.draw(
            Gradient(
                shape: .radial(
                    startCenter: Point2(10.5, 10.5), startRadius: 2, endCenter: Point2(10.5, 10.5), endRadius: 10),
                stops: [
                    GradientStop(location: 0, r: 255, g: 0, b: 0, a: 255),
                    GradientStop(location: 1, r: 0, g: 0, b: 255, a: 255)
                ]))
        for (x, y) in [(10, 10), (15, 10), (17, 13), (0, 0), (10, 19)] {
            let d =
                ((Double(x) + 0.5 - 10.5) * (Double(x) + 0.5 - 10.5) + (Double(y) + 0.5 - 10.5)
                    * (Double(y) + 0.5 - 10.5))
                .squareRoot()
            let t = (d - 2) / 8
            let p = context.bitmap[x, y]
            if t < 0 || t > 1 {
                #expect(p == .clear, "(\(x), \(y)) at t \(t)")
            } else {
                #expect(
                    abs(Double(p.r) - 255 * (1 - t)) <= 1 && abs(Double(p.b) - 255 * t) <= 1,
                    "(\(x), \(y)) at t \(t): \(p)")
            }
        }
    }

    @Test func dashesAlternateFromThePhase() throws {
        func painted(phase: Double) throws -> [Bool] {
            var context = try DrawingContext(
                width: 20, height: 3, opaque: false, transform: .identity, limits: Self.limits)
            try context.stroke(
                ShapePath([.move(Point2(0, 1.5)), .line(Point2(20, 1.5))]),
                style: StrokeStyle(width: 1, dashes: [3, 2], dashPhase: phase), color: Self.black)
            return (0..<20).map { context.bitmap[$0, 1].a == 255 }
        }
        let on = [true, true, true, false, false]
        #expect(try painted(phase: 0) == Array((0..<4).map { _ in on }.joined()))
        #expect(try painted(phase: 1) == Array((0..<5).map { _ in on }.joined().dropFirst().prefix(20)))
    }

    @Test func anOddDashCountAlternatesAcrossRepeats() throws {
        var context = try DrawingContext(width: 20, height: 3, opaque: false, transform: .identity, limits: Self.limits)
        try context.stroke(
            ShapePath([.move(Point2(0, 1.5)), .line(Point2(20, 1.5))]), style: StrokeStyle(width: 1, dashes: [5]),
            color: Self.black)
        #expect((0..<20).map { context.bitmap[$0, 1].a == 255 } == (0..<20).map { ($0 / 5) % 2 == 0 })
    }

    @Test func aHairlineIsOnePixelAndALoneMoveDrawsNothing() throws {
        var context = try DrawingContext(
            width: 8, height: 8, opaque: false, transform: .scale(4, 4), limits: Self.limits)
        try context.stroke(
            ShapePath([.move(Point2(0, 1.125)), .line(Point2(2, 1.125))]), style: StrokeStyle(width: 0),
            color: Self.black)
        // Width 0 at 4x: a quarter point, one pixel, centred on y = 4.5 pixels: row 4 only.
        #expect((0..<8).map { context.bitmap[3, $0].a } == [0, 0, 0, 0, 255, 0, 0, 0])
        var dot = try DrawingContext(width: 8, height: 8, opaque: false, transform: .identity, limits: Self.limits)
        try dot.stroke(ShapePath([.move(Point2(4, 4))]), style: StrokeStyle(width: 4, cap: .round), color: Self.black)
        #expect(dot.bitmap.pixels.allSatisfy { $0 == 0 })
        try dot.stroke(
            ShapePath([.move(Point2(4, 4)), .line(Point2(4, 4))]), style: StrokeStyle(width: 4, cap: .round),
            color: Self.black)
        #expect(dot.bitmap[4, 4].a == 255)  // a segment of no length: a dot
    }

    @Test func farAwayGradientsNeitherOverflowNorPaintOutsideTheirRange() throws {
        var context = try DrawingContext(
            width: 8, height: 8, opaque: false,
            transform: AffineTransform.scale(0.01, 0.01).prepending(.translation(100_000, 100_000)),
            limits: Self.limits)
        try context.draw(
            Gradient(
                shape: .radial(startCenter: Point2(0, 0), startRadius: 0, endCenter: Point2(1, 0), endRadius: 1),
                stops: [
                    GradientStop(location: 0, r: 255, g: 0, b: 0, a: 255),
                    GradientStop(location: 1, r: 0, g: 0, b: 255, a: 255)
                ]))
        try context.draw(
            Gradient(
                shape: .axial(start: Point2(0, 0), end: Point2(1, 0)),
                stops: [
                    GradientStop(location: 0, r: 255, g: 0, b: 0, a: 255),
                    GradientStop(location: 1, r: 0, g: 0, b: 255, a: 255)
                ],
                extendsStart: true))
        // User x is about −99,950 everywhere: before both gradients' starts. The radial one paints
        // nothing there; the axial one, extended, its first colour.
        #expect(
            context.bitmap.pixels.allSatisfy { $0 == 0xFF00_00FF },
            "\(context.bitmap.pixels.prefix(4).map { String($0, radix: 16) })")
    }

    @Test func theMiterLimitTurnsASharpCornerIntoABevel() throws {
        // A 30° spike: 1/sin(15°) ≈ 3.86 times the width; a limit of 4 keeps the tip, 3 cuts it.
        func tip(limit: Double) throws -> UInt8 {
            var context = try DrawingContext(
                width: 60, height: 20, opaque: false, transform: .identity, limits: Self.limits)
            let dx = 30 * Trigonometry.sinCos(degrees: 75).sin, dy = 30 * Trigonometry.sinCos(degrees: 75).cos
            // Two segments meeting at (40, 10) with 30° between them.
            try context.stroke(
                ShapePath([.move(Point2(40 - dx, 10 - dy)), .line(Point2(40, 10)), .line(Point2(40 - dx, 10 + dy))]),
                style: StrokeStyle(width: 2, join: .miter, miterLimit: limit), color: Self.black)
            return context.bitmap[42, 9].a
        }
        // The tip reaches x = 40 + 1/sin 15° ≈ 43.9; a bevel ends at x ≈ 40.3.
        #expect(try tip(limit: 4) > 40)
        #expect(try tip(limit: 3) == 0)
    }

    @Test func imagesAreDrawnUprightOrFlipped() throws {
        // Red over blue.
        let image = SourceImage(Bitmap(width: 1, height: 2, pixels: [0xFF00_00FF, 0xFFFF_0000]), opaque: false)
        for (placement, top) in [(ImagePlacement.upright, UInt32(0xFF00_00FF)), (.flipped, 0xFFFF_0000)] {
            var context = try DrawingContext(
                width: 1, height: 2, opaque: false, transform: .identity, limits: Self.limits)
            try context.draw(image, x: 0, y: 0, width: 1, height: 2, placement: placement)
            #expect(context.bitmap.pixels[0] == top, "\(placement)")
        }
    }

    @Test func aTooLongPathIsRefusedBeforeItIsDrawn() throws {
        var context = try DrawingContext(
            width: 4, height: 4, opaque: false, transform: .identity,
            limits: DrawingLimits(lines: 10, steps: 1000, pixels: 1 << 26, work: DrawingLimits.defaultWork))
        var path = ShapePath([.move(Point2(0, 0))])
        for i in 0..<20 { path.elements.append(.line(Point2(Double(i % 4), Double(i % 3)))) }
        #expect(throws: DrawingFailure.self) { try context.fill(path, rule: .nonZero, color: Self.black) }
    }
}

/// Rounded clips and borders (docs/RENDERING.md §13) against analytic coverage.
@Suite struct RoundedClipTests {
    /// A fill under a rounded clip is the rounded rectangle's coverage: every pixel within 8/255 of
    /// the analytic area (as fills are, DrawingModelTests), by the corner-mask rule.
    @Test func aFillUnderARoundedClipHasTheRoundedRectanglesCoverage() {
        for (x, y, w, h, r) in [
            (3.15, 4.85, 40.3, 25.6, 9.75), (2.0, 2.0, 8.0, 6.0, 2.0), (1.2, 2.7, 13.6, 9.1, 1.5),
            (2.4, 1.3, 11.0, 7.0, 3.5)
        ] {
            let rect = DeviceRect(x: x, y: y, width: w, height: h)
            let list = DisplayList(commands: [
                .pushRoundedClip(RoundedRect(rect: rect, radius: quantize(r))),
                .fill(
                    DeviceRect(x0: 0, y0: 0, x1: 64 * 256, y1: 64 * 256), PremultipliedColor(r: 0, g: 0, b: 0, a: 255)),
                .popClip
            ])
            let bitmap = Renderer.render(list, width: 50, height: 36)
            var worst = 0.0
            for py in 0..<36 {
                for px in 0..<50 {
                    let exact = RoundedCoverage.area(px: px, py: py, x: x, y: y, w: w, h: h, r: r)
                    worst = max(worst, abs(Double(bitmap[px, py].a) - 255 * exact))
                }
            }
            #expect(worst <= 8, "rounded rect \(w) × \(h) r \(r): \(worst)")
        }
    }

    /// A border of radius 0 is the rectangle minus the inset one: exact area coverage.
    /// Rings 1.5 and 0.25 pixels wide (the second with both edges in one pixel, where the
    /// even-odd rule over summed coverage gave 230 for 74, attack round 11): the outer area less
    /// the inner one, within a level.
    @Test(arguments: [384, 64]) func aSquareBorderIsTheRingsArea(_ border: Int) {
        let outer = DeviceRect(x: 1.25, y: 1.5, width: 10, height: 6.5)
        let list = DisplayList(commands: [
            .border(RoundedRect(rect: outer, radius: 0), width: border, PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        ])
        let bitmap = Renderer.render(list, width: 13, height: 10)
        func overlap(_ p: Int, _ a: Double, _ b: Double) -> Double { max(0, min(Double(p + 1), b) - max(Double(p), a)) }
        let w = Double(border) / 256
        for py in 0..<10 {
            for px in 0..<13 {
                let whole = overlap(px, 1.25, 11.25) * overlap(py, 1.5, 8)
                let hole = overlap(px, 1.25 + w, 11.25 - w) * overlap(py, 1.5 + w, 8 - w)
                let expected = (255 * (whole - hole)).rounded()
                #expect(abs(Double(bitmap[px, py].a) - expected) <= 1, "(\(px), \(py)) width \(w)")
            }
        }
    }
}

/// The exact area of a rounded rectangle inside a pixel, by integrating in x with fine steps in
/// closed form per column strip (a second computation, not the rasterizer): the rectangle minus,
/// in each corner square, the part outside the quarter circle.
enum RoundedCoverage {
    static func area(px: Int, py: Int, x: Double, y: Double, w: Double, h: Double, r: Double) -> Double {
        // Integrate the shape's vertical extent over x within the pixel, in 2,000 midpoint steps.
        let steps = 2000
        var total = 0.0
        for i in 0..<steps {
            let sx = Double(px) + (Double(i) + 0.5) / Double(steps)
            guard sx > x, sx < x + w else { continue }
            var top = y, bottom = y + h
            let dx = sx < x + r ? x + r - sx : (sx > x + w - r ? sx - (x + w - r) : 0)
            if dx > 0 {
                let inset = r - (r * r - dx * dx).squareRoot()
                top += inset
                bottom -= inset
            }
            total += max(0, min(Double(py + 1), bottom) - max(Double(py), top))
        }
        return total / Double(steps)
    }
}

/// WideArithmetic.clampedMulDiv's 64-bit path against exact 128-bit integers: the same value
/// wherever it applies, and no trap where it does not (the cases an independent review found; its
/// Python model of both paths agreed on 2.9 million others). Random divisors stay below 2^61, as
/// the gradients' do (the 128-bit path doubles them).
@Suite struct ClampedMulDivTests {
    /// round(a·b / c), halves up, clamped to ±2^40, in Int128.
    static func model(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        let (a, b, c) = (Int128(a), Int128(b), Int128(c))
        let (bb, cc) = c < 0 ? (-b, -c) : (b, c)
        let n = 2 * a * bb + cc, d = 2 * cc
        var q = n / d
        if n % d != 0, n < 0 { q -= 1 }
        return Int64(min(max(q, -(1 << 40)), 1 << 40))
    }

    @Test func agreesWithExactArithmetic() {
        let cases: [(Int64, Int64, Int64)] = [
            (-(1 << 46), 65536, 1 << 40), (1 << 46, 65536, 1 << 40), (-3, 65536, 7), (3, -65536, -7), (-5, 1, 2),
            (5, 1, -2),
            (1, .min, 1), (1, .max, -1), (.max, 1, 3), (.min + 1, 1, 3), (-(1 << 30), 1 << 31, (1 << 60) - 1),
            (7, 65536, 1 << 60)
        ]
        for (a, b, c) in cases {
            #expect(WideArithmetic.clampedMulDiv(a, b, c) == Self.model(a, b, c), "\(a) · \(b) / \(c)")
        }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<100_000 {
            let a = Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)
            var b = Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)
            var c = Int64(bitPattern: generator.next()) >> Int64(3 + generator.next() % 61)
            if b == .min { b = 0 }
            if c == 0 { c = 1 }
            #expect(WideArithmetic.clampedMulDiv(a, b, c) == Self.model(a, b, c), "\(a) · \(b) / \(c)")
        }
    }
}

/// A gradient's colour table gives exactly what per-pixel interpolation gives, for every t.
@Suite struct GradientTableTests {
    @Test func theTableIsTheInterpolation() {
        let stops = [
            GradientStop(location: 0, r: 255, g: 0, b: 0, a: 255),
            GradientStop(location: 0.3, r: 10, g: 200, b: 40, a: 128),
            GradientStop(location: 0.3, r: 0, g: 0, b: 255, a: 255),
            GradientStop(location: 1, r: 250, g: 250, b: 5, a: 30)
        ]
        for shape in [
            GradientShape.axial(start: Point2(3, 5), end: Point2(90, 40)),
            .radial(startCenter: Point2(20, 20), startRadius: 2, endCenter: Point2(30, 25), endRadius: 60)
        ] {
            let gradient = Gradient(shape: shape, stops: stops, extendsStart: true, extendsEnd: false)
            let plain = GradientShader(gradient, toUser: .scale(0.37, 0.41))
            let tabulated = plain.tabulated(for: 1 << 20)
            #expect(tabulated.table?.count == 65537)
            for t in Int64(-10)...65546 {
                #expect(t < 0 || t > 65536 || tabulated.table![Int(t)] == plain.color(at: t)!)
            }
            for y in stride(from: 0, to: 300, by: 7) {
                for x in stride(from: 0, to: 300, by: 5) {
                    #expect(tabulated.shade(x, y) == plain.shade(x, y))
                }
            }
        }
    }
}
