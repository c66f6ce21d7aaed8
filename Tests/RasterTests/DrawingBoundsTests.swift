import Testing
@testable import Raster

/// What lets a drawing context visit only the pixels an operation can change (ClipMask.swift,
/// DrawingContext.endTransparencyLayer), each checked against the full computation.
@Suite struct DrawingBoundsTests {
    /// Every premultiplied pixel with channels in steps of 17 (and their alphas).
    static var destinations: [UInt32] {
        var out: [UInt32] = []
        for a in stride(from: 0, through: 255, by: 17) {
            for r in stride(from: 0, through: a, by: 17) {
                for g in stride(from: 0, through: a, by: 51) {
                    for b in stride(from: 0, through: a, by: 85) {
                        out.append(UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
                    }
                }
            }
        }
        return out
    }

    @Test func aTransparentSourceKeepsTheDestinationUnderTheModesThatSaySo() {
        // A layer's unpainted pixels are transparent: compositing them is skipped under these modes.
        for mode in BlendMode.allCases where mode.transparentSourceKeepsDestination {
            for d in Self.destinations {
                #expect(mode.apply(0, d) == d, "\(mode) \(String(d, radix: 16))")
            }
        }
        // And not under the others: copy clears what a transparent source covers.
        #expect(BlendMode.copy.apply(0, 0xFF00_00FF) == 0)
    }

    @Test func aUnionClipIsTheLargestCoverageOfItsPathsAlone() throws {
        // Each path's coverage is merged into the union as it is made (attack round 16: holding
        // every child's mask took 1 GB): paths of different boxes, one partly and one wholly off
        // the canvas, one empty, one even-odd, against each path clipped alone and the largest
        // coverage taken pixel by pixel.
        var ring = ShapePath.ellipse(x: 2, y: 3, width: 9, height: 8)
        ring.elements += ShapePath.ellipse(x: 4, y: 5, width: 4, height: 3).elements
        let paths: [(ShapePath, FillRule)] = [
            (.ellipse(x: 0.5, y: 0.25, width: 5.5, height: 4), .nonZero),
            (.rectangle(x: 9.3, y: -3, width: 8, height: 6.6), .nonZero),
            (.rectangle(x: 20, y: 20, width: 3, height: 3), .nonZero),
            (ShapePath(), .nonZero),
            (ring, .evenOdd),
            (.rectangle(x: 3, y: 10, width: 2, height: 2), .nonZero)
        ]
        func alpha(_ clip: [(ShapePath, FillRule)]) throws -> [UInt8] {
            var context = try DrawingContext(
                width: 14, height: 13, opaque: false, transform: .identity, limits: .default)
            try context.clip(toUnionOf: clip)
            try context.fill(
                .rectangle(x: 0, y: 0, width: 14, height: 13), rule: .nonZero,
                color: PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
            return context.bitmap.pixels.map { UInt8($0 >> 24) }
        }
        let alone = try paths.map { try alpha([$0]) }
        let expected = (0..<(14 * 13)).map { i in alone.map { $0[i] }.max()! }
        let union = try alpha(paths)
        #expect(union == expected)
        #expect(union.contains(where: { $0 > 0 && $0 < 255 }) && union.contains(255) && union.contains(0))
    }

    @Test func aLayerCompositesTheSameAsWhenEveryPixelWasComposited() throws {
        // A layer painted in one corner, composited under each mode through a clip, against the
        // same layer composited pixel by pixel over the whole canvas.
        for mode in BlendMode.allCases {
            var context = try DrawingContext(width: 8, height: 8, opaque: false, transform: .identity, limits: .default)
            try context.fill(
                .rectangle(x: 0, y: 0, width: 8, height: 8), rule: .nonZero,
                color: PremultipliedColor(r: 40, g: 90, b: 160, a: 200))
            try context.clip(to: .rectangle(x: 1, y: 1, width: 6.5, height: 6), rule: .nonZero)
            let below = context.bitmap, clip = context.state.clip!
            context.state.blendMode = mode
            context.state.alpha = 180
            try context.beginTransparencyLayer()
            try context.fill(
                .ellipse(x: 0.5, y: 0.5, width: 3, height: 3), rule: .nonZero,
                color: PremultipliedColor(r: 200, g: 30, b: 10, a: 230))
            let layer = context.bitmap
            try context.endTransparencyLayer()
            for y in 0..<8 {
                for x in 0..<8 {
                    let inside =
                        x >= clip.box.x && x < clip.box.x + clip.box.width && y >= clip.box.y
                        && y < clip.box.y + clip.box.height
                    let cov = inside ? clip.value(x, y) : 0
                    let d = below.pixels[y * 8 + x]
                    var expected = d
                    if cov > 0 {
                        let s = scaleLanes(layer.pixels[y * 8 + x], by: 180)
                        expected =
                            mode.transparentSourceKeepsDestination
                            ? mode.apply(cov == 255 ? s : scaleLanes(s, by: UInt32(cov)), d)
                            : DrawingContext.mix(d, mode.apply(s, d), cov)
                    }
                    #expect(context.bitmap.pixels[y * 8 + x] == expected, "\(mode) (\(x), \(y))")
                }
            }
        }
    }

    @Test func aCanvasMaskKeepsTheBoxOfItsValues() {
        var mask = [UInt8](repeating: 0, count: 6 * 5)
        mask[1 * 6 + 2] = 9
        mask[3 * 6 + 4] = 200
        let clip = ClipMask(canvas: mask, width: 6, height: 5)
        #expect(clip.box == PixelRect(x: 2, y: 1, width: 3, height: 3))
        for y in 0..<5 {
            for x in 0..<6 where x >= 2 && x < 5 && y >= 1 && y < 4 { #expect(clip.value(x, y) == mask[y * 6 + x]) }
        }
        #expect(ClipMask(canvas: [0, 0, 0, 0], width: 2, height: 2).box.isEmpty)
        let a = ClipMask(box: PixelRect(x: 0, y: 0, width: 2, height: 1), alpha: [255, 128])
        let b = ClipMask(box: PixelRect(x: 1, y: 0, width: 2, height: 1), alpha: [128, 255])
        let both = a.intersected(with: b)
        #expect(both.box == PixelRect(x: 1, y: 0, width: 1, height: 1) && both.alpha == [mulDiv255(128, 128)])
    }
}
