import Testing
@testable import Raster

/// The two-tap weights of docs/RENDERING.md §4.2 and §11.8 against a second reading of the
/// documents: the fraction past the first tap rounded to the nearest eighth, halves up, looked up
/// in each table; and which axes of a drawing take Core Graphics' table.
@Suite struct BilinearWeightsTests {
    static let coreAnimation: [Double] = [0, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 3 / 4, 7 / 8, 15 / 16, 1]
    static let coreGraphics: [Double] = [0, 0, 1 / 8, 1 / 4, 1 / 2, 3 / 4, 7 / 8, 1, 1]

    @Test func everyFractionTakesItsTablesWeight() {
        for fraction in 0..<65536 {
            let eighths = Int((Double(fraction) / 8192 + 0.5).rounded(.down))
            #expect(BilinearWeights.coreAnimation.weight(fraction) == Int(Self.coreAnimation[eighths] * 256))
            #expect(BilinearWeights.coreGraphics.weight(fraction) == Int(Self.coreGraphics[eighths] * 256))
            #expect(BilinearWeights.exact.weight(fraction) == fraction / 256)
        }
    }

    /// A weight of 1 is the next pixel alone: the same value, with both taps inside the image.
    @Test func aWholeWeightMovesToTheNextTap() {
        // t = 7/8 past pixel 2's centre: Core Graphics weighs pixel 3 alone.
        let (a, b, f) = BilinearWeights.coreGraphics.taps((2 << 16) + 32768 + 57344, 10)
        #expect(a == 3 && b == 4 && f == 0)
        let (c, d, g) = BilinearWeights.coreAnimation.taps((2 << 16) + 32768 + 57344, 10)
        #expect(c == 2 && d == 3 && g == 240)
    }

    /// An axis is shrunk when its coordinate moves more than one image pixel a device pixel,
    /// judged on the step's length exactly.
    @Test func shrunkAxesAreWeighedExactly() {
        let one: Int64 = 1 << 32
        #expect(BilinearWeights.drawing(one, 0) == .coreGraphics)
        #expect(BilinearWeights.drawing(0, -one) == .coreGraphics)
        // (2^32 + 1)² = 2^64 + 2^33 + 1 is within the rounding's 2^34; (2^32 + 2)² is past it.
        #expect(BilinearWeights.drawing(one + 1, 0) == .coreGraphics)
        #expect(BilinearWeights.drawing(one + 2, 0) == .exact)
        #expect(BilinearWeights.drawing(-(one / 2), one / 2) == .coreGraphics)
        // 0.6² + 0.8² = 1 (scaled by 5·2^30: 3·2^30 and 4·2^30 long, 5·2^30 > 2^32 together).
        #expect(BilinearWeights.drawing(3 << 30, 4 << 30) == .exact)
        #expect(BilinearWeights.drawing(3 << 29, 4 << 29) == .coreGraphics)
        #expect(BilinearWeights.drawing(1 << 45, -(1 << 45)) == .exact)
    }

    /// An image drawn at its own size and turned by any angle is not shrunk, though each of its
    /// mapping's coefficients is rounded on its own; made 0.1 % smaller, it is.
    @Test func turnedAtItsOwnSizeIsNotShrunk() throws {
        for tenths in 0...3600 {
            let turn = AffineTransform.rotation(degrees: Double(tenths) / 10)
            for (scale, expected) in [(1.0, BilinearWeights.coreGraphics), (0.999, .exact)] {
                let mapping = PixelMapping(
                    try #require(
                        AffineTransform(
                            a: turn.a * scale, b: turn.b * scale, c: turn.c * scale, d: turn.d * scale, tx: 3, ty: 5
                        )
                        .inverted))
                #expect(
                    BilinearWeights.drawing(mapping.ux, mapping.uy) == expected,
                    "\(tenths) tenths of a degree, scale \(scale)")
                #expect(
                    BilinearWeights.drawing(mapping.vx, mapping.vy) == expected,
                    "\(tenths) tenths of a degree, scale \(scale)")
            }
        }
    }

    /// An image enlarged three times and turned 30°, drawn with one bilinear sample a pixel:
    /// every pixel inside it is the two-tap blend by Core Graphics' table at its mapped centre,
    /// computed here from the mapping in floating point.
    @Test func aTurnedEnlargementTakesTheTable() throws {
        let pixels: [UInt32] = (0..<64).map { i in
            let v = UInt32((i * 37) % 256)
            return v | (255 - v) << 8 | UInt32((i * 11) % 256) << 16 | 255 << 24
        }
        let image = SourceImage(Bitmap(width: 8, height: 8, pixels: pixels), opaque: true)
        let turn = AffineTransform.rotation(degrees: 30)
        var context = try DrawingContext(
            width: 40, height: 40, opaque: false,
            transform: AffineTransform(a: turn.a, b: turn.b, c: turn.c, d: turn.d, tx: 14, ty: 2), limits: .default)
        try context.draw(image, x: 0, y: 0, width: 24, height: 24, placement: .upright)
        let toImage = try #require(
            AffineTransform(a: turn.a, b: turn.b, c: turn.c, d: turn.d, tx: 14, ty: 2)
                .prepending(AffineTransform(a: 3, b: 0, c: 0, d: 3, tx: 0, ty: 0)).inverted)
        var checked = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let u = toImage.a * cx + toImage.c * cy + toImage.tx, v = toImage.b * cx + toImage.d * cy + toImage.ty
                // Pixels wholly inside the image, away from the table's rounding ties.
                guard u > 1, v > 1, u < 7, v < 7 else { continue }
                func taps(_ c: Double) -> (Int, Double)? {
                    let t = c - 0.5, i = t.rounded(.down), eighths = 8 * (t - i) + 0.5
                    guard abs(eighths - eighths.rounded()) > 0.01 else { return nil }
                    return (Int(i), Self.coreGraphics[Int(eighths.rounded(.down))])
                }
                guard let (i, fx) = taps(u), let (j, fy) = taps(v) else { continue }
                let p = context.bitmap[x, y]
                for (k, value) in [p.r, p.g, p.b, p.a].enumerated() {
                    func c(_ a: Int, _ b: Int) -> Double {
                        Double((pixels[min(b, 7) * 8 + min(a, 7)] >> UInt32(8 * k)) & 255)
                    }
                    let expected =
                        (c(i, j) * (1 - fx) + c(i + 1, j) * fx) * (1 - fy)
                        + (c(i, j + 1) * (1 - fx) + c(i + 1, j + 1) * fx) * fy
                    #expect(
                        abs(Double(value) - expected) <= 1, "(\(x), \(y)) channel \(k): \(value), expected \(expected)")
                }
                checked += 1
            }
        }
        #expect(checked > 150)
    }
}
