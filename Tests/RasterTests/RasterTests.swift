import Testing
import TestSupport
@testable import Raster

/// Pins the exact pixel values of docs/RENDERING.md.
@Suite struct RasterTests {
    let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)

    func px(_ value: Double) -> Int { quantize(value) }

    func render(
        _ width: Int, _ height: Int, _ commands: [DisplayCommand], images: [SourceImage] = [],
        background: PremultipliedColor = .clear
    ) -> Bitmap {
        Renderer.render(
            DisplayList(images: images, imageNames: images.map { _ in "" }, commands: commands),
            width: width, height: height, background: background)
    }

    @Test func quantisationRoundsHalfToEven() {
        #expect(quantize(10.5) == 2688)
        #expect(quantize(1.0 / 512) == 0)  // 0.5 → 0
        #expect(quantize(3.0 / 512) == 2)  // 1.5 → 2
        #expect(quantize(-3.0 / 512) == -2)
        #expect(quantize(.nan) == 0)
        #expect(quantize(1e300) == 1 << 40)
    }

    @Test func fillCoverageAtFractionalEdges() {
        // x from 0.5 to 2.25: coverage 1/2, 1, 1/4, 0 of an opaque red.
        let bitmap = render(4, 1, [.fill(DeviceRect(x0: px(0.5), y0: 0, x1: px(2.25), y1: 256), red)])
        #expect(bitmap.pixels.map { $0 >> 24 } == [128, 255, 64, 0])
        #expect(bitmap[0, 0] == PremultipliedColor(r: 128, g: 0, b: 0, a: 128))
    }

    @Test func cornerCoverageIsTheProductOfEdges() {
        // A quarter of the pixel in x and half in y: 255 × 64 × 128 / 65536 = 31.875 → 32.
        let bitmap = render(1, 1, [.fill(DeviceRect(x0: px(0.75), y0: px(0.5), x1: px(3), y1: px(3)), red)])
        #expect(bitmap[0, 0].a == 32)
    }

    @Test func sourceOverRoundsExactly() {
        // Premultiplied 50% red (128, 0, 0, 128) over opaque blue: blue × 127 / 255 = 126.5 → 127.
        let halfRed = PremultipliedColor(straightR: 255, g: 0, b: 0, a: 128)
        #expect(halfRed == PremultipliedColor(r: 128, g: 0, b: 0, a: 128))
        let bitmap = render(
            1, 1, [.fill(DeviceRect.canvas(width: 1, height: 1), halfRed)],
            background: PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        #expect(bitmap[0, 0] == PremultipliedColor(r: 128, g: 0, b: 127, a: 255))
    }

    @Test func div255IsExactForAllProducts() {
        for a in 0...255 {
            for b in 0...255 {
                let x = a * b
                let expected = (2 * x + 255) / 510  // round(x / 255), no ties
                #expect(Int(div255(UInt32(x))) == expected)
            }
        }
    }

    @Test func bilinearSamplesAtPixelCentres() {
        // A black and a white pixel stretched to 4 pixels: centres map to 0.25, 0.75, 1.25, 1.75,
        // whose fractions from the texel centres, 1/4 and 3/4, weigh 1/8 and 7/8 as Core Animation
        // magnifies (RENDERING.md §4.2).
        let image = SourceImage(Bitmap(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF]), opaque: false)
        let draw = ImageDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 2, height: 1),
            destination: DeviceRect(x0: 0, y0: 0, x1: px(4), y1: px(1)))
        let bitmap = render(4, 1, [.drawImage(draw)], images: [image])
        #expect(bitmap.pixels.map { $0 & 0xFF } == [0, 32, 223, 255])
        #expect(bitmap.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    @Test func nearestTakesThePixelUnderTheCentre() {
        let image = SourceImage(Bitmap(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF]), opaque: false)
        let draw = ImageDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 2, height: 1),
            destination: DeviceRect(x0: 0, y0: 0, x1: px(4), y1: px(1)), sampling: .nearest)
        #expect(render(4, 1, [.drawImage(draw)], images: [image]).pixels.map { $0 & 0xFF } == [0, 0, 255, 255])
    }

    @Test func naturalSizeOnWholePixelsIsAnExactCopy() {
        var random = SeededGenerator(seed: 0x5EED)
        var straight = [UInt8]()
        for _ in 0..<(7 * 5) {
            straight += [
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random), [0, 1, 128, 254, 255][Int.random(in: 0..<5, using: &random)]
            ]
        }
        let source = Bitmap(width: 7, height: 5, straightRGBA: straight)
        for sampling in [Sampling.bilinear, .nearest] {
            let draw = ImageDraw(
                image: 0, source: PixelRect(x: 0, y: 0, width: 7, height: 5),
                destination: DeviceRect(x0: px(3), y0: px(2), x1: px(10), y1: px(7)), sampling: sampling)
            let bitmap = render(12, 9, [.drawImage(draw)], images: [SourceImage(source, opaque: false)])
            for y in 0..<5 {
                for x in 0..<7 { #expect(bitmap[x + 3, y + 2] == source[x, y], "\(sampling) (\(x), \(y))") }
            }
        }
    }

    @Test func samplingNeverReadsOutsideTheSourceRectangle() {
        // Left half red, right half green; drawing only the left half stretched must stay red.
        let pixels: [UInt32] = [0xFF00_00FF, 0xFF00_FF00, 0xFF00_00FF, 0xFF00_FF00]
        let image = SourceImage(Bitmap(width: 2, height: 2, pixels: pixels), opaque: false)
        let draw = ImageDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 1, height: 2),
            destination: DeviceRect(x0: 0, y0: 0, x1: px(5), y1: px(3)))
        #expect(render(5, 3, [.drawImage(draw)], images: [image]).pixels.allSatisfy { $0 == 0xFF00_00FF })
    }

    @Test func groupOpacityCompositesOnce() {
        // Two overlapping opaque fills in a group at opacity 128: the overlap is not darker.
        let blue = PremultipliedColor(r: 0, g: 0, b: 255, a: 255)
        let bitmap = render(
            3, 1,
            [
                .beginGroup(opacity: 128),
                .fill(DeviceRect(x0: 0, y0: 0, x1: px(2), y1: px(1)), red),
                .fill(DeviceRect(x0: px(1), y0: 0, x1: px(3), y1: px(1)), blue),
                .endGroup
            ])
        #expect(bitmap[0, 0] == PremultipliedColor(r: 128, g: 0, b: 0, a: 128))
        #expect(bitmap[1, 0] == PremultipliedColor(r: 0, g: 0, b: 128, a: 128))
        #expect(bitmap[2, 0] == PremultipliedColor(r: 0, g: 0, b: 128, a: 128))
    }

    @Test func aGroupLeavesItsLayerClearForTheNext() {
        // Layers are cleared by the group that drew in them (not on every beginGroup): a group at
        // opacity 0 that drew, then a later group at the same depth over other pixels, must not
        // show the first group's pixels.
        let bitmap = render(
            4, 1,
            [
                .beginGroup(opacity: 0),
                .fill(DeviceRect(x0: 0, y0: 0, x1: px(2), y1: px(1)), red),
                .endGroup,
                .beginGroup(opacity: 255),
                .fill(DeviceRect(x0: px(3), y0: 0, x1: px(4), y1: px(1)), red),
                .endGroup,
                .beginGroup(opacity: 255),
                .endGroup
            ])
        #expect(bitmap.pixels.map { $0 >> 24 } == [0, 0, 0, 255])
        #expect(
            DisplayList(commands: [.fill(DeviceRect(x0: -px(5), y0: 0, x1: px(2.5), y1: px(1)), red)]).renderWork(
                width: 4, height: 1)
                == 9 * 4 + 3 + 1)  // the canvas nine times, the fill's pixels on it (rounded out), one band
        // A 4096-pixel-wide image shown 2 pixels wide: each of the 10 rows blends the 4096 source
        // columns the two pixels span (the kernel's work), not 2.
        let minified = ImageDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 4096, height: 4096),
            destination: DeviceRect(x0: 0, y0: 0, x1: px(2), y1: px(10)))
        // Each pixel drawn costs four (sampled, tinted, composited).
        #expect(
            DisplayList(commands: [.drawImage(minified)]).renderWork(width: 4, height: 10)
                == 9 * 40 + 10 * (4 * 2 + 4096) + 1)
        // Tiles are one pass however small they are: a 2-pixel source in tiles of 1/256 pixel over
        // the 4 × 10 canvas costs its pixels and the source's width a row, not a cost per tile.
        let tiles = TileDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 2, height: 2),
            region: DeviceRect(x0: 0, y0: 0, x1: px(4), y1: px(10)), tileWidth: 1, tileHeight: 1)
        #expect(
            DisplayList(commands: [.tileImage(tiles)]).renderWork(width: 4, height: 10) == 9 * 40 + 10 * (4 * 4 + 2) + 1
        )
        // Drawn wholly off the canvas: nothing but the command's dispatch (a NaN from 0 / 0 trapped).
        let offCanvas = ImageDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 8, height: 8),
            destination: DeviceRect(x0: px(50), y0: 0, x1: px(58), y1: px(8)))
        #expect(DisplayList(commands: [.drawImage(offCanvas)]).renderWork(width: 4, height: 10) == 9 * 40 + 1)
    }

    /// A group costs four a pixel of the box of what is drawn in it (composited and cleared at its
    /// end), nested groups' boxes included: 90 nested full-canvas groups counted nothing before
    /// (attack round 18).
    @Test func groupsCostTheBoxOfWhatIsDrawnInThem() {
        let left = DeviceRect(x0: 0, y0: 0, x1: px(1), y1: px(2)),
            right = DeviceRect(x0: px(3), y0: 0, x1: px(4), y1: px(1))
        func work(_ commands: [DisplayCommand]) -> Int {
            DisplayList(commands: commands).renderWork(width: 4, height: 10)
        }
        let base = 9 * 40
        // Two fills of 2 and 1 pixels whose box is 4 × 2, each command dispatched once (one band).
        #expect(
            work([.beginGroup(opacity: 128), .fill(left, red), .fill(right, red), .endGroup]) == base + 3 + 4 * 8 + 4)
        // Nested: the inner group's box (1 × 2) and the outer's, which holds it (1 × 2 again).
        #expect(
            work([.beginGroup(opacity: 128), .beginGroup(opacity: 128), .fill(left, red), .endGroup, .endGroup])
                == base + 2 + 4 * 2 + 4 * 2 + 5)
        // Nothing drawn, nothing composited; a group left open is closed (and counted) at the end.
        #expect(work([.beginGroup(opacity: 128), .endGroup]) == base + 2)
        #expect(work([.beginGroup(opacity: 128), .fill(left, red)]) == base + 2 + 4 * 2 + 2)
        // An unbalanced end closes nothing.
        #expect(work([.endGroup, .fill(left, red)]) == base + 2 + 2)
        // The bound holds the renderer's work: 90 nested groups over one fill cost 90 boxes.
        let nested =
            Array(repeating: DisplayCommand.beginGroup(opacity: 250), count: 90)
            + [.fill(DeviceRect.canvas(width: 4, height: 10), red)] + Array(repeating: .endGroup, count: 90)
        #expect(work(nested) == base + 40 + 90 * 4 * 40 + 181)
    }

    /// Attack round 19: the masks rendering prepares are bounded (34 one-pixel borders over a
    /// 6144² canvas held 1.4 GB), and a draw under rounded clips looks at each active mask in each
    /// band (95 nested clips over thousands of views took 31 s uncounted).
    @Test func preparedMasksAndActiveCornersAreCounted() {
        let shape = RoundedRect(rect: DeviceRect(x0: -px(2), y0: 0, x1: px(3), y1: px(20)), radius: 0)
        // A border's mask is its rectangle on the canvas (3 × 10 here); none for a zero width.
        #expect(DisplayList(commands: [.border(shape, width: 256, red)]).preparedMaskBytes(width: 4, height: 10) == 30)
        #expect(DisplayList(commands: [.border(shape, width: 0, red)]).preparedMaskBytes(width: 4, height: 10) == 0)
        let full = RoundedRect(rect: DeviceRect.canvas(width: 6144, height: 6144), radius: 0)
        let borders = DisplayList(commands: Array(repeating: .border(full, width: 256, red), count: 4))
        #expect(borders.preparedMaskBytes(width: 6144, height: 6144) > DisplayList.maxPreparedMaskBytes)
        // Under two rounded clips, a fill looks at their eight masks in each band.
        let clip = RoundedRect(rect: DeviceRect.canvas(width: 4, height: 10), radius: px(1))
        let fill = DisplayCommand.fill(DeviceRect(x0: 0, y0: 0, x1: px(1), y1: px(1)), red)
        let under = DisplayList(commands: [.pushRoundedClip(clip), .pushRoundedClip(clip), fill, .popClip, .popClip])
        let alone = DisplayList(commands: [.pushRoundedClip(clip), .pushRoundedClip(clip), .popClip, .popClip, fill])
        let side = min(clip.cornerExtent / 256 + 2, 10)  // as renderWork bounds a corner box
        #expect(
            under.renderWork(width: 4, height: 10) - alone.renderWork(width: 4, height: 10)
                == 2 * (2 * 4 * side * side) + 8)
    }

    @Test func nestedClipsIntersect() {
        let bitmap = render(
            5, 1,
            [
                .pushClip(DeviceRect(x0: px(1), y0: 0, x1: px(3.5), y1: px(1))),
                .pushClip(DeviceRect(x0: px(2), y0: 0, x1: px(5), y1: px(1))),
                .fill(DeviceRect.canvas(width: 5, height: 1), red),
                .popClip,
                .fill(DeviceRect(x0: 0, y0: 0, x1: px(1.5), y1: px(1)), PremultipliedColor(r: 0, g: 255, b: 0, a: 255)),
                .popClip
            ])
        #expect(bitmap.pixels.map { $0 >> 24 } == [0, 128, 255, 128, 0])  // green covers half of pixel 1
        #expect(bitmap[1, 0].g == 128 && bitmap[1, 0].r == 0)  // green clipped to [1, 1.5)
    }

    @Test func tintFillsTheAlphaMask() {
        let image = SourceImage(Bitmap(width: 1, height: 1, straightRGBA: [10, 200, 30, 128]), opaque: false)
        let tint = PremultipliedColor(r: 0, g: 122, b: 255, a: 255)
        let draw = ImageDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 1, height: 1),
            destination: DeviceRect.canvas(width: 1, height: 1), tint: tint)
        #expect(
            render(1, 1, [.drawImage(draw)], images: [image])[0, 0] == PremultipliedColor(r: 0, g: 61, b: 128, a: 128))
    }

    @Test func straightRoundTripOfOpaqueAndTransparentPixels() {
        let bitmap = Bitmap(width: 3, height: 1, straightRGBA: [1, 2, 3, 255, 9, 9, 9, 0, 200, 100, 50, 128])
        #expect(bitmap.straightRGBA == [1, 2, 3, 255, 0, 0, 0, 0, 199, 100, 50, 128])
    }
}
