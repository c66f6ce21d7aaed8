import Testing
import TestSupport
@testable import Raster

/// Orientation transforms are exact permutations; tiling follows its per-pixel definition.
@Suite struct TileAndTransformTests {
    // Stored 3 × 2 pixels numbered 1…6 row by row:  1 2 3 / 4 5 6
    let stored = Bitmap(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    func grid(_ b: Bitmap) -> [[UInt32]] {
        (0..<b.height).map { y in Array(b.pixels[(y * b.width)..<((y + 1) * b.width)]) }
    }

    @Test func everyTransformRearrangesExactly() {
        #expect(grid(stored.transformed(.identity)) == [[1, 2, 3], [4, 5, 6]])
        #expect(grid(stored.transformed(.rotate180)) == [[6, 5, 4], [3, 2, 1]])
        #expect(grid(stored.transformed(.rotateCounterClockwise)) == [[3, 6], [2, 5], [1, 4]])
        #expect(grid(stored.transformed(.rotateClockwise)) == [[4, 1], [5, 2], [6, 3]])
        #expect(grid(stored.transformed(.flipHorizontal)) == [[3, 2, 1], [6, 5, 4]])
        #expect(grid(stored.transformed(.flipVertical)) == [[4, 5, 6], [1, 2, 3]])
        #expect(grid(stored.transformed(.transpose)) == [[1, 4], [2, 5], [3, 6]])
        #expect(grid(stored.transformed(.transverse)) == [[6, 3], [5, 2], [4, 1]])
    }

    @Test func flippingAfterATransformIsAnotherTransform() {
        for transform in PixelTransform.allCases {
            #expect(
                stored.transformed(transform.thenFlippedHorizontally)
                    == stored.transformed(transform).transformed(.flipHorizontal),
                "\(transform)")
        }
    }

    @Test func transformedImagesAreMadeOnce() {
        let image = SourceImage(stored, opaque: false)
        #expect(image.transformed(.rotateClockwise) === image.transformed(.rotateClockwise))
        #expect(image.transformed(.identity) === image)
    }

    /// Draws every tile of `tile` by hand, clipped to the region.
    func byHand(_ tile: TileDraw) -> [DisplayCommand] {
        var commands: [DisplayCommand] = [.pushClip(tile.region)]
        var y = tile.region.y0
        while y < tile.region.y1 {
            var x = tile.region.x0
            while x < tile.region.x1 {
                commands.append(
                    .drawImage(
                        ImageDraw(
                            image: tile.image, source: tile.source,
                            destination: DeviceRect(x0: x, y0: y, x1: x + tile.tileWidth, y1: y + tile.tileHeight),
                            sampling: tile.sampling, tint: tile.tint)))
                x += tile.tileWidth
            }
            y += tile.tileHeight
        }
        return commands + [.popClip]
    }

    /// A random tiling, its image and a clip; `aligned` puts every tile edge on a whole pixel.
    func randomTiling(_ random: inout SeededGenerator, round: Int, aligned: Bool) -> (TileDraw, DeviceRect) {
        func coordinate(_ range: ClosedRange<Int>) -> Int {
            let v = Int.random(in: range, using: &random)
            return aligned ? v & ~255 : v
        }
        let x0 = coordinate(-300...2000), y0 = coordinate(-300...2000)
        let tile = TileDraw(
            image: 0,
            source: PixelRect(
                x: Int.random(in: 0...2, using: &random), y: 1, width: Int.random(in: 1...4, using: &random), height: 3),
            region: DeviceRect(
                x0: x0, y0: y0, x1: x0 + Int.random(in: 1...4000, using: &random),
                y1: y0 + Int.random(in: 1...4000, using: &random)),
            tileWidth: max(aligned ? 256 : 40, coordinate(40...1200)),
            tileHeight: max(aligned ? 256 : 40, coordinate(40...1200)),
            sampling: round % 2 == 0 ? .bilinear : .nearest,
            tint: round % 5 == 0 ? PremultipliedColor(straightR: 200, g: 40, b: 10, a: 200) : nil)
        let clip = DeviceRect(
            x0: Int.random(in: 0...600, using: &random), y0: 0, x1: Int.random(in: 1800...4096, using: &random),
            y1: 4096)
        return (tile, clip)
    }

    func randomImage(_ random: inout SeededGenerator) -> Bitmap {
        Bitmap(width: 6, height: 5, straightRGBA: (0..<120).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// RENDERING.md §8 one pixel at a time: the pixel is sampled in the tile holding its centre
    /// (the first tile for centres before the region) and covered by the region and the clip.
    func referenceTiles(_ tile: TileDraw, _ image: Bitmap, clip: DeviceRect, onto canvas: inout Bitmap) {
        let visible = tile.region.intersection(clip)
        if visible.isEmpty { return }
        func tileStart(_ p: Int, _ origin: Int, _ size: Int) -> Int {
            let centre = (p << 8) + 128
            return origin + (centre < origin ? 0 : (centre - origin) / size * size)
        }
        for y in (visible.y0 >> 8)..<((visible.y1 + 255) >> 8) {
            for x in (visible.x0 >> 8)..<((visible.x1 + 255) >> 8) {
                let tx = tileStart(x, tile.region.x0, tile.tileWidth),
                    ty = tileStart(y, tile.region.y0, tile.tileHeight)
                let pixel = DeviceRect(x0: x << 8, y0: y << 8, x1: (x + 1) << 8, y1: (y + 1) << 8)
                let draw = ImageDraw(
                    image: 0, source: tile.source,
                    destination: DeviceRect(x0: tx, y0: ty, x1: tx + tile.tileWidth, y1: ty + tile.tileHeight),
                    sampling: tile.sampling, tint: tile.tint)
                ReferenceRendererTests.referenceDraw(
                    draw, image, clip: visible, covering: visible.intersection(pixel), onto: &canvas)
            }
        }
    }

    @Test func tilingMatchesThePerPixelDefinition() {
        let seed: UInt64 = 0x711E
        var random = SeededGenerator(seed: seed)
        let image = randomImage(&random)
        let background = PremultipliedColor(r: 20, g: 40, b: 60, a: 255)
        for round in 0..<120 {
            let (tile, clip) = randomTiling(&random, round: round, aligned: round % 3 == 0)
            let rendered = Renderer.render(
                DisplayList(
                    images: [SourceImage(image, opaque: false)], imageNames: ["t"],
                    commands: [.pushClip(clip), .tileImage(tile), .popClip]),
                width: 16, height: 16, background: background)
            var expected = Bitmap(width: 16, height: 16, pixels: [UInt32](repeating: background.packed, count: 256))
            referenceTiles(tile, image, clip: clip, onto: &expected)
            let differing = zip(rendered.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(
                differing == 0,
                "seed \(seed) round \(round) tile \(tile.tileWidth) × \(tile.tileHeight) at \(tile.region): \(differing) pixels differ"
            )
        }
    }

    @Test func wholePixelTilesEqualDrawingEachTile() {
        let seed: UInt64 = 0x711F
        var random = SeededGenerator(seed: seed)
        let image = SourceImage(randomImage(&random), opaque: false)
        let background = PremultipliedColor(r: 20, g: 40, b: 60, a: 255)
        var compared = 0
        for round in 0..<40 {
            let (tile, clip) = randomTiling(&random, round: round, aligned: true)
            // A drawn image that shrinks is filtered (RENDERING.md §4.1); a tile is sampled once
            // a pixel whatever its size (§8), so only tiles at their size or larger compare.
            let shrinks = tile.tileWidth < tile.source.width << 8 || tile.tileHeight < tile.source.height << 8
            if tile.sampling == .bilinear && shrinks { continue }
            compared += 1
            let oneCommand = Renderer.render(
                DisplayList(
                    images: [image], imageNames: ["t"], commands: [.pushClip(clip), .tileImage(tile), .popClip]),
                width: 16, height: 16, background: background)
            let eachTile = Renderer.render(
                DisplayList(
                    images: [image], imageNames: ["t"], commands: [.pushClip(clip)] + byHand(tile) + [.popClip]),
                width: 16, height: 16, background: background)
            let differing = zip(oneCommand.pixels, eachTile.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "seed \(seed) round \(round): \(differing) pixels differ")
        }
        #expect(compared >= 20)
    }

    @Test func tilesBetweenPixelsMeetWithoutSeams() {
        // An opaque 2 × 2 image tiled at 3.5 × 3.5 pixels over 16 × 16: drawing each tile on its
        // own would leave half-covered pixels at every other tile edge; one pass leaves none.
        let colour: UInt32 = 0xFF20_8040
        let tile = TileDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 2, height: 2),
            region: DeviceRect(x0: 0, y0: 0, x1: 16 * 256, y1: 16 * 256), tileWidth: 896, tileHeight: 896)
        let bitmap = Renderer.render(
            DisplayList(
                images: [
                    SourceImage(
                        Bitmap(width: 2, height: 2, pixels: [UInt32](repeating: colour, count: 4)), opaque: false)
                ],
                imageNames: ["t"], commands: [.tileImage(tile)]), width: 16, height: 16)
        #expect(bitmap.pixels.allSatisfy { $0 == colour })
    }

    @Test func tilesStartAtTheRegionCornerAndAreCutAtTheFarEdges() {
        // A 2 × 1 image (A, B) tiled at natural size over 5 × 1 pixels starting at x = 1.
        let a: UInt32 = 0xFF00_00FF, b: UInt32 = 0xFFFF_0000
        let tile = TileDraw(
            image: 0, source: PixelRect(x: 0, y: 0, width: 2, height: 1),
            region: DeviceRect(x0: 256, y0: 0, x1: 6 * 256, y1: 256), tileWidth: 512, tileHeight: 256)
        let bitmap = Renderer.render(
            DisplayList(
                images: [SourceImage(Bitmap(width: 2, height: 1, pixels: [a, b]), opaque: false)], imageNames: ["t"],
                commands: [.tileImage(tile)]), width: 7, height: 1)
        #expect(bitmap.pixels == [0, a, b, a, b, a, 0])
    }
}
