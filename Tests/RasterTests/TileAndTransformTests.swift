import Testing
import TestSupport
@testable import Raster

/// Orientation transforms are exact permutations; tiling in one pass equals drawing every tile.
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
            #expect(stored.transformed(transform.thenFlippedHorizontally) == stored.transformed(transform).transformed(.flipHorizontal),
                    "\(transform)")
        }
    }

    @Test func transformedImagesAreMadeOnce() {
        let image = SourceImage(stored)
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
                commands.append(.drawImage(ImageDraw(image: tile.image, source: tile.source,
                                                     destination: DeviceRect(x0: x, y0: y, x1: x + tile.tileWidth, y1: y + tile.tileHeight),
                                                     sampling: tile.sampling, tint: tile.tint)))
                x += tile.tileWidth
            }
            y += tile.tileHeight
        }
        return commands + [.popClip]
    }

    @Test func tilingEqualsDrawingEachTile() {
        let seed: UInt64 = 0x711E
        var random = SeededGenerator(seed: seed)
        let image = SourceImage(Bitmap(width: 6, height: 5, straightRGBA: (0..<120).map { _ in UInt8.random(in: 0...255, using: &random) }))
        for round in 0..<60 {
            let aligned = round % 3 != 0
            func coordinate(_ range: ClosedRange<Int>) -> Int {
                let v = Int.random(in: range, using: &random)
                return aligned ? v & ~255 : v
            }
            let x0 = coordinate(-300...2000), y0 = coordinate(-300...2000)
            let tile = TileDraw(image: 0, source: PixelRect(x: Int.random(in: 0...2, using: &random), y: 1, width: Int.random(in: 1...4, using: &random), height: 3),
                                region: DeviceRect(x0: x0, y0: y0, x1: x0 + Int.random(in: 1...4000, using: &random), y1: y0 + Int.random(in: 1...4000, using: &random)),
                                tileWidth: max(256, coordinate(100...1200)), tileHeight: max(256, coordinate(100...1200)),
                                sampling: round % 2 == 0 ? .bilinear : .nearest,
                                tint: round % 5 == 0 ? PremultipliedColor(straightR: 200, g: 40, b: 10, a: 200) : nil)
            let clip = DeviceRect(x0: Int.random(in: 0...600, using: &random), y0: 0, x1: Int.random(in: 1800...4096, using: &random), y1: 4096)
            let background = PremultipliedColor(r: 20, g: 40, b: 60, a: 255)
            let oneCommand = Renderer.render(DisplayList(images: [image], imageNames: ["t"], commands: [.pushClip(clip), .tileImage(tile), .popClip]),
                                             width: 16, height: 16, background: background)
            let eachTile = Renderer.render(DisplayList(images: [image], imageNames: ["t"], commands: [.pushClip(clip)] + byHand(tile) + [.popClip]),
                                           width: 16, height: 16, background: background)
            #expect(oneCommand == eachTile, "seed \(seed) round \(round) aligned \(aligned)")
        }
    }

    @Test func tilesStartAtTheRegionCornerAndAreCutAtTheFarEdges() {
        // A 2 × 1 image (A, B) tiled at natural size over 5 × 1 pixels starting at x = 1.
        let a: UInt32 = 0xFF00_00FF, b: UInt32 = 0xFFFF_0000
        let tile = TileDraw(image: 0, source: PixelRect(x: 0, y: 0, width: 2, height: 1),
                            region: DeviceRect(x0: 256, y0: 0, x1: 6 * 256, y1: 256), tileWidth: 512, tileHeight: 256)
        let bitmap = Renderer.render(DisplayList(images: [SourceImage(Bitmap(width: 2, height: 1, pixels: [a, b]))], imageNames: ["t"],
                                                 commands: [.tileImage(tile)]), width: 7, height: 1)
        #expect(bitmap.pixels == [0, a, b, a, b, a, 0])
    }
}
