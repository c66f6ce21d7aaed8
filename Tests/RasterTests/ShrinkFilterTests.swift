import Testing
@testable import Raster

/// The shrinking filter (docs/RENDERING.md §11.8.1) against a second computation in floating
/// point: the same rule — along each axis that shrinks, the image resampled by Catmull-Rom to as
/// many samples as the destination has device pixels (rounded up), corner-aligned, and those
/// interpolated bilinearly, rows first and kept within 0…255; along an axis that does not shrink,
/// two taps weighed by Core Graphics' table at the fraction rounded to eighths (§11.8) — without
/// the fixed point, so the two agree within a level.
@Suite struct ShrinkFilterTests {
    static func catmullRom(_ x: Double) -> Double {
        let x = abs(x)
        return x < 1 ? 1.5 * x * x * x - 2.5 * x * x + 1 : x < 2 ? -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2 : 0
    }

    /// The weights of device pixel centre `c` (in source pixels) of an axis of `count` pixels
    /// reduced `r` times: where it does not shrink, two taps, the second weighing Core Graphics'
    /// table at the fraction rounded to eighths (the exact fraction where it shrinks to no fewer
    /// samples); else the image resampled to m = ⌈n / r⌉ samples
    /// (Catmull-Rom stretched by n / m, corner-aligned) and those samples interpolated bilinearly
    /// with the exact fraction.
    static func weights(centre c: Double, reduction r: Double, count: Int) -> [(Int, Double)] {
        func bilinear(_ c: Double, _ count: Int, quantised: Bool = false) -> [(Int, Double)] {
            let t = c - 0.5, i = Int(t.rounded(.down))
            let table: [Double] = [0, 0, 0.125, 0.25, 0.5, 0.75, 0.875, 1, 1]
            let fraction: Double = t - Double(i)
            let eighths = Int((8 * fraction + 0.5).rounded(.down))
            let f = quantised ? table[eighths] : fraction
            return [(min(max(i, 0), count - 1), 1 - f), (min(max(i + 1, 0), count - 1), f)]
        }
        let m = Int((Double(count) / r).rounded(.up))
        guard r > 1, m < count else { return bilinear(c, count, quantised: r <= 1) }
        let reduction = Double(count) / Double(m)
        func sample(_ j: Int) -> [(Int, Double)] {
            let centre = m == 1 ? Double(count) / 2 : 0.5 + Double(j) * Double(count - 1) / Double(m - 1)
            var taps: [(Int, Double)] = []
            for i in 0..<count {
                let w = catmullRom((Double(i) + 0.5 - centre) / reduction)
                if w != 0 { taps.append((i, w)) }
            }
            let sum = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, $0.1 / sum) }
        }
        return bilinear(c * Double(m) / Double(count), m).flatMap { j, f in sample(j).map { ($0.0, $0.1 * f) } }
    }

    /// `image` halved (2 × 2 means of each premultiplied channel, rounded half up; an odd last
    /// row or column left out) while the smaller of the reductions `rx`, `ry`, over the halvings
    /// so far, is more than 2 and both sides stay at least a pixel long (§11.8.1's pyramid) —
    /// when every pixel of it is opaque (the tests declare such images opaque: `source`); an
    /// image with any other alpha is not halved.
    static func halved(_ image: Bitmap, rx: Double, ry: Double) -> Bitmap {
        guard image.pixels.allSatisfy({ $0 >> 24 == 255 }) else { return image }
        var image = image, levels = 0.0
        while min(rx, ry) / Double(1 << Int(levels)) > 2, image.width >= 2, image.height >= 2 {
            let w = image.width / 2, h = image.height / 2
            var pixels: [UInt32] = []
            for j in 0..<h {
                for i in 0..<w {
                    let block = [
                        image[2 * i, 2 * j], image[2 * i + 1, 2 * j], image[2 * i, 2 * j + 1],
                        image[2 * i + 1, 2 * j + 1]
                    ]
                    let mean = { (channel: (PremultipliedColor) -> UInt8) in
                        UInt32((block.reduce(0) { $0 + Int(channel($1)) } + 2) / 4)
                    }
                    pixels.append(mean(\.r) | mean(\.g) << 8 | mean(\.b) << 16 | mean(\.a) << 24)
                }
            }
            image = Bitmap(width: w, height: h, pixels: pixels)
            levels += 1
        }
        return image
    }

    /// `image` drawn into the whole pixels (x, y, w, h), in floating point.
    static func model(_ image: Bitmap, x: Int, y: Int, w: Int, h: Int, flipped: Bool, canvas: (Int, Int)) -> [[Double]]
    {
        let image = halved(image, rx: Double(image.width) / Double(w), ry: Double(image.height) / Double(h))
        let rx = Double(image.width) / Double(w), ry = Double(image.height) / Double(h)
        var out = Array(repeating: [0.0, 0, 0, 0], count: canvas.0 * canvas.1)
        for py in y..<(y + h) {
            let device = Double(py - y) + 0.5
            let cy = (flipped ? Double(h) - device : device) * ry
            let wy = weights(centre: cy, reduction: ry, count: image.height)
            for px in x..<(x + w) {
                let wx = weights(centre: (Double(px - x) + 0.5) * rx, reduction: rx, count: image.width)
                out[py * canvas.0 + px] = pixel(image, wx, wy)
            }
        }
        return out
    }

    /// One pixel from its image-column weights `wx` and image-row weights `wy`: along the rows
    /// first, each channel kept within 0…255, then across them; each colour at most the alpha.
    static func pixel(_ image: Bitmap, _ wx: [(Int, Double)], _ wy: [(Int, Double)]) -> [Double] {
        var sum = [0.0, 0, 0, 0]
        for (j, b) in wy {
            var row = [0.0, 0, 0, 0]
            for (i, a) in wx {
                let p = image[i, j]
                for (k, v) in [p.r, p.g, p.b, p.a].enumerated() { row[k] += a * Double(v) }
            }
            for k in 0..<4 { sum[k] += b * min(max(row[k], 0), 255) }
        }
        let alpha = min(max(sum[3], 0), 255)
        return sum.enumerated().map { k, v in k == 3 ? alpha : min(max(v, 0), alpha) }
    }

    /// A premultiplied image of noise and a hard edge (what aliases most when shrunk); translucent
    /// noise unless `opaque`.
    static func image(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Bitmap {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var pixels: [UInt32] = []
        for j in 0..<height {
            for i in 0..<width {
                let a = opaque || (i + j) % 7 == 0 ? 255 : next() % 256
                let c = { (i / 3 + j / 2) % 2 == 0 ? next() % (a + 1) : a }
                pixels.append(c() | c() << 8 | c() << 16 | a << 24)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Enlarging axes go to an odd number of pixels or to a size whose centres never fall on an odd
    /// sixteenth (24 → 60): there, a tie of the table's rounding, floating point and the fixed
    /// point may round either way.
    @Test(arguments: [
        (61, 47, 20, 9), (350, 210, 50, 50), (40, 40, 39, 13), (33, 90, 33, 20), (24, 24, 60, 7), (500, 9, 3, 41)
    ])
    func agreesWithFloatingPoint(_ size: (Int, Int, Int, Int)) throws {
        let (sw, sh, w, h) = size
        for opaque in [false, true] {
            try agreesWithFloatingPoint(
                Self.image(width: sw, height: sh, seed: UInt64(sw * 1000 + sh), opaque: opaque), w: w, h: h)
        }
    }

    /// One image of `agreesWithFloatingPoint` drawn into w × h, upright and flipped.
    func agreesWithFloatingPoint(_ source: Bitmap, w: Int, h: Int) throws {
        let (sw, sh) = (source.width, source.height)
        for flipped in [false, true] {
            let canvas = (w + 4, h + 3)
            var context = try DrawingContext(
                width: canvas.0, height: canvas.1, opaque: false, transform: .identity, limits: .default)
            try context.draw(
                Self.source(source), x: 2, y: 1, width: Double(w), height: Double(h),
                placement: flipped ? .flipped : .upright)
            let expected = Self.model(source, x: 2, y: 1, w: w, h: h, flipped: flipped, canvas: canvas)
            var worst = 0.0
            for py in 0..<canvas.1 {
                for px in 0..<canvas.0 {
                    let p = context.bitmap[px, py]
                    for (k, v) in [p.r, p.g, p.b, p.a].enumerated() {
                        worst = max(worst, abs(Double(v) - expected[py * canvas.0 + px][k]))
                    }
                }
            }
            #expect(worst <= 1, "\(sw) × \(sh) into \(w) × \(h), flipped \(flipped): worst \(worst)")
        }
    }

    /// Drawn at its size or larger along both axes, an image is sampled bilinearly as before
    /// (§11.8): the filter changes nothing there, so what agreed with UIKit stays.
    @Test func enlargingIsBilinear() throws {
        let source = Self.source(Self.image(width: 9, height: 7, seed: 3))
        var filtered = try DrawingContext(width: 30, height: 30, opaque: false, transform: .identity, limits: .default)
        var bilinear = filtered
        try filtered.draw(source, x: 0.3, y: 1.7, width: 27.5, height: 7, placement: .upright)
        try bilinear.draw(source, x: 0.3, y: 1.7, width: 27.5, height: 7, placement: .upright, sampling: .bilinear)
        #expect(filtered.bitmap.pixels == bilinear.bitmap.pixels)
    }

    /// A draw turned a quarter round, against the floating-point model with the axes exchanged:
    /// device row Y takes the image-column weights of u = (Y + ½ − x)·W/w, device column X the
    /// image-row weights of v = (40 − (X + ½) − y)·H/h; rows first, kept within 0…255, as upright.
    @Test(arguments: [(61, 47, 20.0, 9.0), (90, 33, 31.5, 10.25), (40, 40, 39.0, 13.0)])
    func aQuarterTurnIsFilteredWithTheAxesExchanged(_ size: (Int, Int, Double, Double)) throws {
        let (width, height, w, h) = size
        for opaque in [false, true] {
            try quarterTurn(
                Self.image(width: width, height: height, seed: UInt64(width + 7 * height), opaque: opaque), w: w, h: h)
        }
    }

    /// One image of `aQuarterTurnIsFilteredWithTheAxesExchanged` drawn into w × h.
    func quarterTurn(_ original: Bitmap, w: Double, h: Double) throws {
        let (width, height) = (original.width, original.height)
        // User (x, y) → device (40 − y, x): the image's rows run right to left, its columns down.
        var context = try DrawingContext(
            width: 44, height: 44, opaque: false, transform: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 40, ty: 0),
            limits: .default)
        try context.draw(Self.source(original), x: 2, y: 1, width: w, height: h, placement: .upright)
        let source = Self.halved(original, rx: Double(width) / w, ry: Double(height) / h)
        let (sw, sh) = (source.width, source.height)
        var worst = 0.0, painted = 0
        for Y in 0..<44 {
            let wu = Self.weights(centre: (Double(Y) + 0.5 - 2) * Double(sw) / w, reduction: Double(sw) / w, count: sw)
            for X in 0..<44 {
                // Whole pixels only: the rectangle covers device x 39 − h … 39, y 2 … 2 + w.
                guard Double(X) >= 39 - h, Double(X) + 1 <= 39, Double(Y) >= 2, Double(Y) + 1 <= 2 + w else { continue }
                let wv = Self.weights(
                    centre: (40 - (Double(X) + 0.5) - 1) * Double(sh) / h, reduction: Double(sh) / h, count: sh)
                let expected = Self.pixel(source, wu, wv)
                let p = context.bitmap[X, Y]
                for (k, v) in [p.r, p.g, p.b, p.a].enumerated() { worst = max(worst, abs(Double(v) - expected[k])) }
                painted += 1
            }
        }
        #expect(painted > 50 && worst <= 1, "\(sw) × \(sh) into \(w) × \(h): worst \(worst) over \(painted) pixels")
    }

    /// Images turned at other angles keep one bilinear sample a pixel (the filter needs the axes
    /// kept apart or exchanged).
    @Test func turnedImagesAreSampledOnce() throws {
        let source = Self.source(Self.image(width: 80, height: 80, seed: 5))
        var filtered = try DrawingContext(
            width: 30, height: 30, opaque: false, transform: .rotation(degrees: 30), limits: .default)
        var bilinear = filtered
        try filtered.draw(source, x: 10, y: 0, width: 15, height: 15, placement: .upright)
        try bilinear.draw(source, x: 10, y: 0, width: 15, height: 15, placement: .upright, sampling: .bilinear)
        #expect(filtered.bitmap.pixels == bilinear.bitmap.pixels)
    }

    /// A box filtered whole, in bands on two threads, has the bytes of the same box filtered row
    /// by row as it is painted (what a box over FilteredImage.maxWhole pixels gets).
    @Test func bandsGiveTheBytesOfRowByRow() throws {
        let source = Self.source(Self.image(width: 301, height: 207, seed: 11))
        // 301 → 97.5 columns, 207 → 40.25 rows, from (1.25, 0.5): both axes shrink, edges partly covered.
        let toImage = AffineTransform(
            a: 301 / 97.5, b: 0, c: 0, d: 207 / 40.25, tx: -1.25 * 301 / 97.5, ty: -0.5 * 207 / 40.25)
        let mapping = PixelMapping(toImage)
        let box = PixelRect(x: 1, y: 0, width: 98, height: 41)
        let columns = FilterAxis(
            pixels: 1..<99, start: mapping.u0, step: mapping.ux, count: 301, magnification: .coreGraphics)
        let rows = FilterAxis(
            pixels: 0..<41, start: mapping.v0, step: mapping.vy, count: 207, magnification: .coreGraphics)
        var filter = FilteredImage(image: source, columns: columns, rows: rows, box: box)
        let whole = try #require(filter.whole())
        var byRow: [UInt32] = []
        for y in 0..<41 { for x in 1..<99 { byRow.append(filter.pixel(x, y)) } }
        #expect(whole == byRow)
    }

    /// The vectorised passes (eight products at a time, pairs added) against the fixed-point
    /// arithmetic of §11.8.1 written out one tap at a time: the same bytes, odd widths included.
    @Test(arguments: [
        (301, 207, 97.5, 40.25), (1024, 64, 600, 37), (50, 300, 49, 7), (33, 40, 5, 39.5), (9, 9, 3, 3),
        (2, 50, 1, 7), (3, 3, 1, 1), (17, 5, 5, 2), (8, 64, 3, 20), (1, 40, 1, 13), (640, 3, 7, 1), (5, 5, 4.5, 0.3),
        (60, 1, 20, 1), (31, 7, 9, 2)
    ])
    func passesAreTheFixedPointArithmetic(_ size: (Int, Int, Double, Double)) throws {
        let (sw, sh, w, h) = size
        let bitmap = Self.image(width: sw, height: sh, seed: UInt64(sw * 31 + sh))
        let mapping = PixelMapping(
            AffineTransform(a: Double(sw) / w, b: 0, c: 0, d: Double(sh) / h, tx: -0.25 * Double(sw) / w, ty: 0))
        let box = PixelRect(x: 0, y: 0, width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
        let columns = FilterAxis(
            pixels: 0..<box.width, start: mapping.u0, step: mapping.ux, count: sw, magnification: .coreGraphics)
        let rows = FilterAxis(
            pixels: 0..<box.height, start: mapping.v0, step: mapping.vy, count: sh, magnification: .coreGraphics)
        let whole = try #require(
            FilteredImage(image: SourceImage(bitmap, opaque: false), columns: columns, rows: rows, box: box).whole())
        func channel(_ p: UInt32, _ k: Int) -> Int { Int((p >> (8 * UInt32(k))) & 255) }
        // First pass: every image row, each device column, in 1/128 levels held to 0…32,640.
        let firstPass = (0..<sh).map { j in
            (0..<box.width).map { c in
                (0..<4).map { k in
                    var sum = 64
                    for t in columns.offsets[c]..<columns.offsets[c + 1] {
                        let x = columns.first[c] + t - columns.offsets[c]
                        sum += Int(columns.weights[t]) * channel(bitmap.pixels[j * sw + x], k)
                    }
                    return min(max(sum >> 7, 0), 32640)
                }
            }
        }
        var expected: [UInt32] = []
        for y in 0..<box.height {
            for c in 0..<box.width {
                let levels = (0..<4).map { k in
                    var sum = 1 << 20
                    for t in rows.offsets[y]..<rows.offsets[y + 1] {
                        sum += Int(rows.weights[t]) * firstPass[rows.first[y] + t - rows.offsets[y]][c][k]
                    }
                    return min(max(sum >> 21, 0), 255)
                }
                let a = levels[3]
                expected.append(
                    UInt32(min(levels[0], a)) | UInt32(min(levels[1], a)) << 8 | UInt32(min(levels[2], a)) << 16
                        | UInt32(a) << 24)
            }
        }
        #expect(whole == expected)
    }

    /// A draw the filter's bands composite as they make rows (source-over at full alpha, no clip:
    /// `paintSourceOver`) has the bytes of the same draw through the general paint loop (a clip
    /// of the whole canvas), over a canvas already painted; translucent and opaque images, on
    /// canvases with and without alpha.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func bandsPaintAsTheGeneralLoop(_ opaque: (image: Bool, canvas: Bool)) throws {
        let source = Self.source(Self.image(width: 301, height: 207, seed: 5, opaque: opaque.image))
        let backdrop = Self.source(Self.image(width: 120, height: 90, seed: 9))
        func drawn(clipped: Bool) throws -> [UInt32] {
            var context = try DrawingContext(
                width: 120, height: 90, opaque: opaque.canvas, transform: .identity, limits: .default)
            try context.draw(backdrop, x: 0, y: 0, width: 120, height: 90, placement: .upright)
            if clipped { try context.clip(to: .rectangle(x: 0, y: 0, width: 120, height: 90), rule: .nonZero) }
            try context.draw(source, x: 3, y: 2, width: 97, height: 41, placement: .upright)
            return context.bitmap.pixels
        }
        #expect(try drawn(clipped: true) == drawn(clipped: false))
    }

    /// A destination narrower than 1/512 of a pixel still resamples to one sample (it made none,
    /// and divided by zero, before this test).
    @Test func aSliverOfADestinationTakesOneSample() throws {
        #expect(FilterAxis.samples(count: 2, step: Int64(1) << 45) == 1)
        let axis = FilterAxis(pixels: 0..<3, start: 0, step: Int64(1) << 45, count: 2, magnification: .coreGraphics)
        #expect(axis.count == 3)
        var context = try DrawingContext(width: 4, height: 4, opaque: false, transform: .identity, limits: .default)
        try context.draw(
            Self.source(Self.image(width: 2, height: 2, seed: 1)), x: 1.2, y: 0, width: 0.0001, height: 4,
            placement: .upright)
    }

    /// `maxTaps`, which the work charged and the 2^24-cell refusal rest on, bounds every device
    /// pixel's taps — including the review's case, 600 pixels into 6 from a quarter pixel in, where
    /// two neighbouring samples lie 119.8 pixels apart.
    @Test func maxTapsBoundsEveryPixel() {
        for (count, width, offset) in [
            (600, 6.0, 0.25), (4800, 6.0, 0.25), (1000, 3.3, 0.7), (97, 2.5, 0.0), (65536, 7.0, 0.5), (300, 97.5, 1.25)
        ] {
            let step = Int64((Double(count) / width * 4_294_967_296).rounded())
            let start = Int64(((0.5 - offset) * Double(count) / width * 4_294_967_296).rounded())
            let axis = FilterAxis(
                pixels: 0..<Int(width.rounded(.up)) + 1, start: start, step: step, count: count,
                magnification: .coreGraphics)
            #expect(
                axis.widest <= FilterAxis.maxTaps(step: step, count: count),
                "\(count) into \(width): \(axis.widest) taps")
        }
    }

    /// The weights of a device pixel sum to 2^14 exactly, whatever the reduction and phase.
    @Test func weightsSumToOne() {
        for step: Int64 in [(1 << 32) + 1, 3 << 31, (7 << 32) + 12345, 1 << 40] {
            let axis = FilterAxis(
                pixels: 0..<17, start: 123_456_789, step: step, count: 1 << 9, magnification: .coreGraphics)
            for p in 0..<17 {
                #expect(
                    axis.weights[axis.offsets[p]..<axis.offsets[p + 1]].reduce(0) { $0 + Int64($1) } == FilterAxis.one)
            }
        }
    }

    /// An image squeezed to a pixel along one axis while stretched along the other keeps at most
    /// 2^24 filtered cells, and says so when it would need more.
    @Test func unevenSqueezesAreRefused() throws {
        let tall = Self.source(Bitmap(width: 1, height: 60_000))
        var context = try DrawingContext(width: 4_000, height: 2, opaque: false, transform: .identity, limits: .default)
        #expect(throws: DrawingFailure.self) {
            try context.draw(tall, x: 0, y: 0, width: 4_000, height: 0.5, placement: .upright)
        }
        try context.draw(tall, x: 0, y: 0, width: 20, height: 1, placement: .upright)
    }

    /// Only images declared opaque are halved (§11.8.1), whatever their pixels: one with an alpha
    /// channel is not, even when every alpha is 255 (an RGBA PNG); a grey mask held as alpha
    /// (`greyLevels`) is opaque, and so are its transformed and halved copies.
    @Test func onlyOpaqueImagesAreHalved() {
        let reduction = UInt64(5) << 32  // five image pixels a device pixel: two halvings
        let opaque = Self.image(width: 64, height: 64, seed: 9, opaque: true)
        var translucent = opaque
        translucent.pixels[100] = 0x8000_0080
        #expect(ShrinkPyramid.levels(reduction: reduction, of: SourceImage(opaque, opaque: true)) == 2)
        #expect(ShrinkPyramid.levels(reduction: reduction, of: SourceImage(opaque, opaque: false)) == 0)
        #expect(ShrinkPyramid.levels(reduction: reduction, of: SourceImage(translucent, opaque: false)) == 0)
        let mask = SourceImage(greyLevels: translucent)
        #expect(ShrinkPyramid.levels(reduction: reduction, of: mask) == 2)
        #expect(mask.transformed(.rotateClockwise).isOpaque && mask.halved(1).isOpaque)
        #expect(!SourceImage(translucent, opaque: false).transformed(.flipVertical).isOpaque)
    }

    /// `bitmap` as an image declared opaque exactly when every pixel is (so `halved` above, which
    /// looks at the pixels, models it).
    static func source(_ bitmap: Bitmap) -> SourceImage {
        SourceImage(bitmap, opaque: bitmap.everyPixelOpaque)
    }
}
