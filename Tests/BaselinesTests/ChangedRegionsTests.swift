import PNGCodec
import Raster
import Testing
@testable import Baselines

/// Boxes around changed pixels (docs/BASELINES.md §Changed regions).
@Suite struct ChangedRegionsTests {
    @Test func separateChangesGetSeparateTightBoxes() {
        var regions = ChangedRegions(width: 64, height: 40)
        for (x, y) in [(2, 3), (5, 4), (6, 6), (40, 30), (41, 31)] { regions.mark(x: x, y: y) }
        #expect(
            regions.boxes() == [
                PixelRect(x: 2, y: 3, width: 5, height: 4), PixelRect(x: 40, y: 30, width: 2, height: 2)
            ])
    }

    @Test func touchingCellsJoinDiagonallyToo() {
        var regions = ChangedRegions(width: 32, height: 32)
        regions.mark(x: 7, y: 7)  // cell (0, 0)
        regions.mark(x: 8, y: 8)  // cell (1, 1), a diagonal neighbour
        #expect(regions.boxes() == [PixelRect(x: 7, y: 7, width: 2, height: 2)])
    }

    @Test func manyRegionsBecomeOneBox() {
        var regions = ChangedRegions(width: 800, height: 16)
        for k in 0..<40 { regions.mark(x: k * 20, y: 1) }  // 40 cells, none touching
        #expect(regions.boxes() == [PixelRect(x: 0, y: 1, width: 781, height: 1)])
    }

    @Test func boxesHoldEveryChangedPixelOfRandomImages() {
        // Independent check: every differing pixel lies in some box, and every box's edges touch a
        // differing pixel (boxes are tight).
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for _ in 0..<40 {
            let width = 1 + next() % 70, height = 1 + next() % 50
            let expected = RGBAImage(
                width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
            var actual = expected
            var changed: [(Int, Int)] = []
            for _ in 0..<(next() % 12) {
                let x = next() % width, y = next() % height
                actual.pixels[(y * width + x) * 4] = 9
                changed.append((x, y))
            }
            let boxes = PixelDifference.compare(expected: expected, actual: actual).regions
            for (x, y) in changed {
                #expect(boxes.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height })
            }
            for box in boxes {
                let inside = changed.filter {
                    $0.0 >= box.x && $0.0 < box.x + box.width && $0.1 >= box.y && $0.1 < box.y + box.height
                }
                #expect(inside.contains { $0.0 == box.x } && inside.contains { $0.0 == box.x + box.width - 1 })
                #expect(inside.contains { $0.1 == box.y } && inside.contains { $0.1 == box.y + box.height - 1 })
            }
            #expect(changed.isEmpty == boxes.isEmpty)
        }
    }
}
