import Testing
import TestSupport
@testable import Raster

/// The renderer agrees bit for bit with a direct, per-pixel transcription of docs/RENDERING.md
/// (no tables, no lanes, no fast paths) on seeded random draws.
@Suite struct ReferenceRendererTests {
    /// RENDERING.md §Sampling, one pixel at a time. `covering` replaces the covered area (the
    /// destination inside the clip), as a tile's pixels are covered by the tiled region (§8).
    /// `opaque`: the image is declared without an alpha channel (so halved when shrunk, §4.1).
    static func referenceDraw(
        _ draw: ImageDraw, _ image: Bitmap, opaque: Bool = false, clip: DeviceRect, covering: DeviceRect? = nil,
        onto canvas: inout Bitmap
    ) {
        let d = draw.destination, s = draw.source
        let visible = covering ?? d.intersection(clip)
        if visible.isEmpty || s.isEmpty { return }
        func taps(_ p: Int, d0: Int, d1: Int, s0: Int, n: Int) -> (Int, Int, Int) {
            let k = (n << 24) / (d1 - d0)
            let u = (s0 << 16) + (((((p << 8) + 128) - d0) * k) >> 8)
            let last = s0 + n - 1
            if draw.sampling == .nearest {
                let t = min(max(u >> 16, s0), last)
                return (t, t, 0)
            }
            let t = u - 32768
            // Not shrinking: the fraction to the nearest eighth, weighed by §4.2's table (1 is 256).
            let weight =
                k <= 65536 ? [0, 16, 32, 64, 128, 192, 224, 240, 256][((t & 0xFFFF) + 4096) >> 13] : (t >> 8) & 0xFF
            return (min(max(t >> 16, s0), last), min(max((t >> 16) + 1, s0), last), weight)
        }
        let shrunk = covering == nil && draw.sampling == .bilinear ? referenceShrink(draw, image, opaque: opaque) : nil
        for y in (visible.y0 >> 8)..<((visible.y1 + 255) >> 8) {
            for x in (visible.x0 >> 8)..<((visible.x1 + 255) >> 8) {
                let cx = min(visible.x1, (x + 1) << 8) - max(visible.x0, x << 8)
                let cy = min(visible.y1, (y + 1) << 8) - max(visible.y0, y << 8)
                let (xa, xb, fx) = taps(x, d0: d.x0, d1: d.x1, s0: s.x, n: s.width)
                let (ya, yb, fy) = taps(y, d0: d.y0, d1: d.y1, s0: s.y, n: s.height)
                var sample = [0, 0, 0, 0]
                if let shrunk { sample = shrunk(x, y) }
                for c in 0..<4 where shrunk == nil {
                    func ch(_ px: Int, _ py: Int) -> Int {
                        Int((image.pixels[py * image.width + px] >> UInt32(8 * c)) & 0xFF)
                    }
                    let sum =
                        ch(xa, ya) * (256 - fx) * (256 - fy) + ch(xb, ya) * fx * (256 - fy)
                        + ch(xa, yb) * (256 - fx) * fy + ch(xb, yb) * fx * fy
                    sample[c] = (sum + 32768) >> 16
                }
                if let tint = draw.tint {
                    let t = [Int(tint.r), Int(tint.g), Int(tint.b), Int(tint.a)]
                    let m = sample[3]
                    sample = t.map { ($0 * m * 2 + 255) / 510 }
                }
                let cov = cx * cy
                sample = sample.map { ($0 * cov + 32768) >> 16 }
                let old = canvas.pixels[y * canvas.width + x]
                var result: UInt32 = 0
                for c in 0..<4 {
                    let dst = Int((old >> UInt32(8 * c)) & 0xFF)
                    let value = sample[c] + (dst * (255 - sample[3]) * 2 + 255) / 510
                    result |= UInt32(value) << UInt32(8 * c)
                }
                canvas.pixels[y * canvas.width + x] = result
            }
        }
    }

    /// RENDERING.md §4.1, one pixel at a time: when an axis shrinks, the image halved while more
    /// than a halving is left (whole images declared opaque only; 2 × 2 means, half up, odd edges
    /// left out), then §11.8.1's two passes over the filter's taps at §4's mapping; nil when §4.1
    /// does not apply.
    static func referenceShrink(_ draw: ImageDraw, _ original: Bitmap, opaque: Bool) -> ((Int, Int) -> [Int])? {
        let d = draw.destination
        var image = original, s = draw.source
        var kx = (s.width << 24) / (d.x1 - d.x0), ky = (s.height << 24) / (d.y1 - d.y0)
        guard kx > 65536 || ky > 65536 else { return nil }
        if s == PixelRect(x: 0, y: 0, width: image.width, height: image.height), opaque {
            var halvings = 0
            while min(kx, ky) > (2 * 65536) << halvings, image.width >= 2, image.height >= 2 {
                let w = image.width / 2, h = image.height / 2
                var pixels = [UInt32](repeating: 0, count: w * h)
                for y in 0..<h {
                    for x in 0..<w {
                        for c in 0..<4 {
                            func ch(_ px: Int, _ py: Int) -> Int {
                                Int((image.pixels[py * image.width + px] >> UInt32(8 * c)) & 0xFF)
                            }
                            let mean =
                                (ch(2 * x, 2 * y) + ch(2 * x + 1, 2 * y) + ch(2 * x, 2 * y + 1)
                                    + ch(2 * x + 1, 2 * y + 1) + 2) / 4
                            pixels[y * w + x] |= UInt32(mean) << UInt32(8 * c)
                        }
                    }
                }
                halvings += 1
                image = Bitmap(width: w, height: h, pixels: pixels)
            }
            s = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
            kx = (s.width << 24) / (d.x1 - d.x0)
            ky = (s.height << 24) / (d.y1 - d.y0)
        }
        func axis(_ d0: Int, _ k: Int, _ s0: Int, _ n: Int) -> FilterAxis {
            var axis = FilterAxis(
                pixels: 0..<16, start: Int64((128 - d0) * k) << 8, step: Int64(k) << 16, count: n,
                magnification: .coreAnimation)
            axis.offset(by: s0)
            return axis
        }
        let columns = axis(d.x0, kx, s.x, s.width), rows = axis(d.y0, ky, s.y, s.height)
        return { x, y in
            let levels = (0..<4).map { c -> Int in
                func ch(_ px: Int, _ py: Int) -> Int {
                    Int((image.pixels[py * image.width + px] >> UInt32(8 * c)) & 0xFF)
                }
                var sum = 1 << 20
                for t in rows.offsets[y]..<rows.offsets[y + 1] {
                    let row = rows.first[y] + t - rows.offsets[y]
                    var first = 64
                    for u in columns.offsets[x]..<columns.offsets[x + 1] {
                        first += Int(columns.weights[u]) * ch(columns.first[x] + u - columns.offsets[x], row)
                    }
                    sum += Int(rows.weights[t]) * min(max(first >> 7, 0), 32640)
                }
                return min(max(sum >> 21, 0), 255)
            }
            return levels.enumerated().map { $0.offset == 3 ? $0.element : min($0.element, levels[3]) }
        }
    }

    @Test func randomDrawsMatchTheReference() {
        let seed: UInt64 = 0xB111_EA12
        var random = SeededGenerator(seed: seed)
        var shrunk = 0, halved = 0
        for round in 0..<400 {
            // Every fourth draw shows a whole image of up to 40 × 40 pixels in a few pixels, so that
            // it is halved before it is filtered (§4.1) when it is opaque, as every other one is;
            // every other such image is declared with an alpha channel, so not halved.
            let small = round % 4 == 1, opaquePixels = round % 8 == 1, opaque = round % 16 == 1
            let w = Int.random(in: 1...(small ? 40 : 9), using: &random)
            let h = Int.random(in: 1...(small ? 40 : 9), using: &random)
            var straight: [UInt8] = []
            for _ in 0..<(w * h) {
                straight += [
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random),
                    opaquePixels ? 255 : [0, 60, 200, 255, 255][Int.random(in: 0..<5, using: &random)]
                ]
            }
            let image = Bitmap(width: w, height: h, straightRGBA: straight)
            let sx = Int.random(in: 0..<w, using: &random), sy = Int.random(in: 0..<h, using: &random)
            let source =
                small
                ? PixelRect(x: 0, y: 0, width: w, height: h)
                : PixelRect(
                    x: sx, y: sy, width: Int.random(in: 1...(w - sx), using: &random),
                    height: Int.random(in: 1...(h - sy), using: &random))
            let x0 = Int.random(in: -600...3000, using: &random), y0 = Int.random(in: -600...3000, using: &random)
            let destination = DeviceRect(
                x0: x0, y0: y0, x1: x0 + Int.random(in: 1...(small ? 1500 : 6000), using: &random),
                y1: y0 + Int.random(in: 1...(small ? 1500 : 6000), using: &random))
            let clip = DeviceRect(
                x0: Int.random(in: 0...1000, using: &random), y0: Int.random(in: 0...1000, using: &random),
                x1: Int.random(in: 1500...4096, using: &random), y1: Int.random(in: 1500...4096, using: &random))
            let sampling: Sampling = round % 3 == 0 ? .nearest : .bilinear
            let tint: PremultipliedColor? =
                round % 5 == 0 ? PremultipliedColor(straightR: 10, g: 200, b: 90, a: 170) : nil
            let draw = ImageDraw(image: 0, source: source, destination: destination, sampling: sampling, tint: tint)
            let background = PremultipliedColor(straightR: 40, g: 80, b: 120, a: UInt8(truncatingIfNeeded: round * 4))

            var expected = Bitmap(width: 16, height: 16, pixels: [UInt32](repeating: background.packed, count: 256))
            Self.referenceDraw(
                draw, image, opaque: opaque, clip: clip.intersection(.canvas(width: 16, height: 16)), onto: &expected)
            if sampling == .bilinear, Self.referenceShrink(draw, image, opaque: opaque) != nil {
                shrunk += 1
                let kx = (source.width << 24) / (destination.x1 - destination.x0)
                let ky = (source.height << 24) / (destination.y1 - destination.y0)
                if min(kx, ky) > 2 * 65536, source == PixelRect(x: 0, y: 0, width: w, height: h), opaque {
                    halved += 1
                }
            }
            let actual = Renderer.render(
                DisplayList(
                    images: [SourceImage(image, opaque: opaque)], imageNames: ["i"],
                    commands: [.pushClip(clip), .drawImage(draw), .popClip]),
                width: 16, height: 16, background: background)
            let differing = zip(actual.pixels, expected.pixels).enumerated().filter { $0.element.0 != $0.element.1 }
            #expect(
                differing.isEmpty,
                "seed \(seed) round \(round): \(differing.count) pixels differ, first at index \(differing.first?.offset ?? -1)"
            )
        }
        #expect(shrunk >= 40 && halved >= 5, "draws shrunk: \(shrunk), halved first: \(halved)")
    }
}

/// Rendering in bands of any height gives the same pixels as rendering the canvas at once.
@Suite struct BandTests {
    @Test func bandsDoNotChangeAnyPixel() {
        var random = SeededGenerator(seed: 0xBA4D)
        let image = SourceImage(
            Bitmap(width: 5, height: 4, straightRGBA: (0..<80).map { _ in UInt8.random(in: 0...255, using: &random) }),
            opaque: false)
        func rect() -> DeviceRect {
            let x = Int.random(in: -500...3000, using: &random), y = Int.random(in: -500...6000, using: &random)
            return DeviceRect(
                x0: x, y0: y, x1: x + Int.random(in: 1...3000, using: &random),
                y1: y + Int.random(in: 1...4000, using: &random))
        }
        for round in 0..<40 {
            var commands: [DisplayCommand] = []
            var open = (clips: 0, groups: 0)
            for _ in 0..<12 {
                switch Int.random(in: 0..<8, using: &random) {
                case 0:
                    commands.append(
                        .fill(
                            rect(),
                            PremultipliedColor(
                                straightR: UInt8.random(in: 0...255, using: &random), g: 90, b: 200,
                                a: [255, 128, 30][Int.random(in: 0..<3, using: &random)])))
                case 1:
                    commands.append(
                        .drawImage(
                            ImageDraw(
                                image: 0, source: PixelRect(x: 0, y: 0, width: 5, height: 4), destination: rect(),
                                sampling: round % 2 == 0 ? .bilinear : .nearest)))
                case 2: commands.append(.pushClip(rect())); open.clips += 1
                case 3: if open.clips > 0 { commands.append(.popClip); open.clips -= 1 }
                case 4:
                    commands.append(.beginGroup(opacity: UInt8.random(in: 0...255, using: &random))); open.groups += 1
                case 5: if open.groups > 0 { commands.append(.endGroup); open.groups -= 1 }
                case 6:
                    commands.append(
                        .pushRoundedClip(RoundedRect(rect: rect(), radius: Int.random(in: 0...2000, using: &random))));
                    open.clips += 1
                default:
                    commands.append(
                        .border(
                            RoundedRect(rect: rect(), radius: Int.random(in: 0...1500, using: &random)),
                            width: Int.random(in: 1...600, using: &random),
                            PremultipliedColor(r: 0, g: 100, b: 0, a: 200)))
                }
            }
            let list = DisplayList(images: [image], imageNames: ["i"], commands: commands)
            let whole = Renderer.render(
                list, width: 13, height: 23, background: PremultipliedColor(r: 10, g: 20, b: 30, a: 255), bandRows: 23)
            for rows in [1, 2, 3, 7, 22] {
                for threads in [1, 2, 3] {
                    let banded = Renderer.render(
                        list, width: 13, height: 23, background: PremultipliedColor(r: 10, g: 20, b: 30, a: 255),
                        bandRows: rows, threads: threads)
                    #expect(banded == whole, "round \(round), bands of \(rows) rows on \(threads) threads")
                }
            }
        }
    }
}
