import Raster
import Testing
import TestSupport
@testable import ImageViews

/// The nine-slice grid is exact (docs/LAYOUT.md §Resizable images): every edge and extent is the
/// double nearest to its exact value. Hand-computed cases for the shapes issue 18 reported, then
/// the production numbers against SlicingModel — an independent transcription in exact
/// rationals — on seeded random images, caps and destinations, directly and through Scene.
@Suite struct SlicingExactnessTests {
    func slices(_ w: Int, _ h: Int, scale: Double = 1, caps: EdgeInsets, mode: ResizingMode = .stretch, into d: Rect)
        -> [Slice]
    {
        Slicing.slices(pixelWidth: w, pixelHeight: h, scale: scale, caps: caps, mode: mode, destination: d)
    }

    // MARK: The reported shapes

    @Test func shrunkCapsMeetAtOneEdgeWithNoResidueSlice() {
        // Caps of 2 + 2 pt into 3.588 pt at x = 0.6: each shrinks to 3.588 × 2/4 = 1.794 (halving
        // the double 3.588 is exact), and both meet at 0.6 + 1.794, whose nearest double is 2.394.
        // Binary64 formulas measured the room as 4.188 − 0.6 = 3.5879999999999996, shrank the caps
        // to 1.7939999999999998, and put the left cap's edge at 2.3939999999999997 but the right
        // cap's at 4.188 − 1.7939999999999998 = 2.394: a top slice 4.440892098500626e-16 wide.
        let s = slices(
            4, 4, caps: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
            into: Rect(x: 0.6, y: 0, width: 3.588, height: 10))
        #expect(s.map(\.name) == ["topLeft", "topRight", "left", "right", "bottomLeft", "bottomRight"])
        #expect(s[0].destination == Rect(x: 0.6, y: 0, width: 1.794, height: 1) && s[0].right == 2.394)
        #expect(s[1].destination == Rect(x: 2.394, y: 0, width: 1.794, height: 1) && s[1].right == 4.188)
        #expect(s.allSatisfy { $0.destination.width > 0 && $0.destination.height > 0 })
    }

    @Test func aMiddleIsTheExactDifferenceNotOneOfRoundedEdges() {
        // 1-pt caps in 4.8 pt at x = 4: the middle is 4.8 − 2, exactly the double 2.8, from 5 to
        // 4 + 4.8 − 1, exactly the double 7.8. Binary64 edges rounded 4 + 4.8 to 8.8 first, so
        // the right cap started at 7.800000000000001 and the middle was 2.8000000000000007.
        let s = slices(
            3, 1, caps: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1), into: Rect(x: 4, y: 0, width: 4.8, height: 1))
        #expect(s.map(\.name) == ["left", "center", "right"])
        #expect(s[0].destination == Rect(x: 4, y: 0, width: 1, height: 1) && s[0].right == 5)
        #expect(s[1].destination == Rect(x: 5, y: 0, width: 2.8, height: 1) && s[1].right == 7.8)
        #expect(s[2].destination == Rect(x: 7.8, y: 0, width: 1, height: 1) && s[2].right == 4 + 4.8)
    }

    @Test func capsInThirdsAreTheNearestDoubles() {
        // 7 and 8 px at scale 3 fill 5 pt exactly: no middle; 7/3 and 8/3 are not doubles, so the
        // caps are their nearest ones, and the seam is the double nearest to 0.5 + 7/3 — one
        // rounding, not 0.5 + (7/3 rounded).
        let s = slices(
            15, 3, scale: 3, caps: EdgeInsets(top: 0, left: 7.0 / 3, bottom: 0, right: 8.0 / 3),
            into: Rect(x: 0.5, y: 0, width: 5, height: 1))
        #expect(s.map(\.name) == ["left", "right"])
        #expect(
            s[0].destination == Rect(x: 0.5, y: 0, width: 2.3333333333333335, height: 1)
                && s[0].right == 2.8333333333333335)
        #expect(
            s[1].destination == Rect(x: 2.8333333333333335, y: 0, width: 2.6666666666666665, height: 1)
                && s[1].right == 5.5)
    }

    @Test func aPositiveExactExtentIsListedHoweverSmall() {
        // 5.666666666666667 is 17/3 + 2.96e-16: caps of 8 + 9 px at scale 3 leave a middle that
        // small — (3 × 5.666666666666667 − 17)/3 rounded once — from 8/3 rounded to
        // 5.666666666666667 − 3 (exact).
        let s = slices(
            20, 1, scale: 3, caps: EdgeInsets(top: 0, left: 8.0 / 3, bottom: 0, right: 3),
            into: Rect(x: 0, y: 0, width: 17.0 / 3, height: 1))
        #expect(s.map(\.name) == ["left", "center", "right"])
        #expect(
            s[1].destination.width == 2.9605947323337506e-16 && s[1].destination.minX == 2.6666666666666665
                && s[1].right == 2.666666666666667)
    }

    @Test func dyadicRoundingMatchesBinary64WhereOneOperationSuffices() {
        // A single binary64 operation is correctly rounded, so Dyadic must agree with it.
        var random = SeededGenerator(seed: 0xD1AD_1C)
        for _ in 0..<2000 {
            let x = Double.random(in: -1e6...1e6, using: &random), y = Double.random(in: 1e-3...1e3, using: &random)
            let n = Int.random(in: 1...1_000_000, using: &random)
            #expect((Dyadic(x) + Dyadic(y)).nearest(dividedBy: Dyadic(1)) == x + y, "\(x) + \(y)")
            #expect((Dyadic(x) * Dyadic(y)).nearest(dividedBy: Dyadic(1)) == x * y, "\(x) × \(y)")
            #expect(Dyadic(x).nearest(dividedBy: Dyadic(y)) == x / y, "\(x) ÷ \(y)")
            #expect(Dyadic(n).nearest(dividedBy: Dyadic(3)) == Double(n) / 3, "\(n) ÷ 3")
        }
        // Ties to even, subnormal results, and the smallest subnormal rounding to zero or up.
        #expect((Dyadic(0x1p54) + Dyadic(2)).nearest(dividedBy: Dyadic(4)) == 0x1p52)  // 2^52 + 1/2
        #expect((Dyadic(0x1p54) + Dyadic(6)).nearest(dividedBy: Dyadic(4)) == 0x1p52 + 2)  // 2^52 + 3/2
        #expect((Dyadic(1) + Dyadic(0x1p-53)).nearest(dividedBy: Dyadic(1)) == 1)
        #expect((Dyadic(1) + Dyadic(0x1p-53) + Dyadic(0x1p-100)).nearest(dividedBy: Dyadic(1)) == 1 + 0x1p-52)
        #expect(Dyadic(0x1p-1070).nearest(dividedBy: Dyadic(3)) == 0x1p-1070 / 3)
        #expect(Dyadic(0x1p-1074).nearest(dividedBy: Dyadic(2)) == 0)
        #expect(Dyadic(0x1p-1074 * 3).nearest(dividedBy: Dyadic(2)) == 0x1p-1073)
    }

    // MARK: The independent model

    /// Random inputs shaped like the corpus's and the issue's: decimal, dyadic and third-point
    /// origins and sizes; caps in whole pixels, decimals, larger than the image or the
    /// destination, or filling it exactly.
    struct Draw {
        var random: SeededGenerator

        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        mutating func scale() -> Double {
            chance(0.85) ? [1, 2, 3][int(0...2)] : [0.25, 0.3, 0.5, 1.5, 2.5, 4][int(0...5)]
        }

        /// A decimal with up to three fractional digits, or a multiple of 1/8 or 1/3, in ±limit.
        mutating func coordinate(_ limit: Double) -> Double {
            let n = Double(int(-Int(limit * 1000)...Int(limit * 1000)))
            switch int(0...3) {
            case 0: return n / 1000
            case 1: return (n / 100).rounded() / 10
            case 2: return (n / 125).rounded() / 8
            default: return (n / 333).rounded() / 3
            }
        }

        /// A cap inset (points) for an image edge of `pixels` pixels.
        mutating func inset(pixels: Int, scale: Double) -> Double {
            switch int(0...5) {
            case 0: return 0
            case 1, 2: return Double(int(0...pixels / 2)) / scale
            case 3: return abs(coordinate(Double(pixels) / scale / 2 + 1))
            case 4: return Double(int(pixels...pixels * 3 + 4)) / scale  // larger than the image
            default: return Double(int(1...3)) / scale
            }
        }

        /// A destination extent: decimal or third, the natural size, exactly the caps, just
        /// around them, tiny, or zero.
        mutating func size(natural: Double, caps: Double) -> Double {
            switch int(0...7) {
            case 0, 1: return abs(coordinate(60))
            case 2: return natural
            case 3: return caps
            case 4: return caps * Double([0.5, 0.999, 1.001, 0.3][int(0...3)])
            case 5: return Double(int(1...9)) / 1000
            case 6: return max(0, caps + Double(int(-3...3)) / 10)
            default: return chance(0.2) ? 0 : Double(int(1...60)) / 3
            }
        }
    }

    @Test func slicesMatchTheExactModel() {
        let seed: UInt64 = 0x51_1CE5
        var draw = Draw(random: SeededGenerator(seed: seed))
        let cases = 6000
        var representable = 0, inexact = 0, shrunk = 0, slicesSeen = 0, failures = 0
        for round in 0..<cases {
            let scale = draw.scale()
            let w = draw.chance(0.1) ? draw.int(1...2) : draw.int(1...24),
                h = draw.chance(0.1) ? draw.int(1...2) : draw.int(1...24)
            let caps = EdgeInsets(
                top: draw.inset(pixels: h, scale: scale), left: draw.inset(pixels: w, scale: scale),
                bottom: draw.inset(pixels: h, scale: scale), right: draw.inset(pixels: w, scale: scale))
            let mode: ResizingMode = draw.chance(0.5) ? .tile : .stretch
            let destination = Rect(
                x: draw.coordinate(20), y: draw.coordinate(20),
                width: draw.size(natural: Double(w) / scale, caps: caps.left + caps.right),
                height: draw.size(natural: Double(h) / scale, caps: caps.top + caps.bottom))
            let actual = Slicing.slices(
                pixelWidth: w, pixelHeight: h, scale: scale, caps: caps, mode: mode, destination: destination)
            let model = SlicingModel(
                pixelWidth: w, pixelHeight: h, scale: scale, caps: caps, mode: mode, destination: destination)
            let found = model.differences(actual, representable: &representable, inexact: &inexact)
            shrunk += (model.columns.shrunk ? 1 : 0) + (model.rows.shrunk ? 1 : 0)
            slicesSeen += actual.count
            if !found.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        "seed \(seed) round \(round): \(w)×\(h) px at \(scale), caps \(caps), \(mode), into \(destination): \(found.prefix(3).joined(separator: "; "))"
                    )
                }
            }
        }
        #expect(failures == 0, "seed \(seed): \(failures) of \(cases) cases differ from the exact model")
        // The draw covers what the rules distinguish (counts for this seed, as a floor).
        #expect(
            slicesSeen > 12_000 && shrunk > 3_000 && representable > 50_000 && inexact > 25_000,
            "seed \(seed): \(slicesSeen) slices, \(shrunk) shrunk axes, \(representable) exact and \(inexact) rounded values"
        )
    }

    @Test func scenesReportTheModelAndDrawNoEmptySlice() {
        // Through Scene: content modes, mirroring in right-to-left, display scales 1–3; the
        // report's slices are the model's (with mirrored caps), and every image command covers
        // some area, with seams placed from the slices' edges (docs/RENDERING.md §8).
        let seed: UInt64 = 0x5CE4_E5
        var draw = Draw(random: SeededGenerator(seed: seed))
        let cases = 1500
        var failures = 0, mirrored = 0, representable = 0, inexact = 0
        for round in 0..<cases {
            let scale = draw.scale()
            let w = draw.int(1...16), h = draw.int(1...16)
            var image = Image(
                name: "solid",
                pixels: SourceImage(
                    Bitmap(width: w, height: h, pixels: [UInt32](repeating: 0xFF80_4020, count: w * h)), opaque: false),
                scale: scale)
            image.capInsets = EdgeInsets(
                top: draw.inset(pixels: h, scale: scale), left: draw.inset(pixels: w, scale: scale),
                bottom: draw.inset(pixels: h, scale: scale), right: draw.inset(pixels: w, scale: scale))
            image.resizingMode = draw.chance(0.5) ? .tile : .stretch
            image.flipsForRightToLeftLayoutDirection = draw.chance(0.5)
            let contentMode = [ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill, .redraw][draw.int(0...3)]
            let frame = Rect(
                x: abs(draw.coordinate(10)), y: abs(draw.coordinate(10)), width: 0.1 + abs(draw.coordinate(30)),
                height: 0.1 + abs(draw.coordinate(30)))
            let traits = Traits(
                displayScale: draw.int(1...3), layoutDirection: draw.chance(0.5) ? .rightToLeft : .leftToRight)
            let root = View(
                frame: .zero,
                subviews: [View(frame: frame, imageView: ImageView(image: image, contentMode: contentMode))])
            let scene = Scene(root: root, canvasSize: Size(width: 48, height: 48), traits: traits)

            var found: [String] = []
            guard let layout = scene.layout.views[1].imageView, let rect = layout.imageRect else {
                Issue.record("seed \(seed) round \(round): no image rectangle")
                continue
            }
            let isMirrored = image.flipsForRightToLeftLayoutDirection && traits.layoutDirection == .rightToLeft
            mirrored += isMirrored ? 1 : 0
            if layout.isMirrored != isMirrored { found.append("isMirrored \(layout.isMirrored)") }
            let caps = image.capInsets ?? .zero
            let model = SlicingModel(
                pixelWidth: w, pixelHeight: h, scale: scale,
                caps: isMirrored
                    ? EdgeInsets(top: caps.top, left: caps.right, bottom: caps.bottom, right: caps.left) : caps,
                mode: image.resizingMode, destination: rect)
            found += model.differences(layout.slices, representable: &representable, inexact: &inexact)

            let drawn = scene.displayList.commands.compactMap { command -> DeviceRect? in
                switch command {
                case let .drawImage(d): d.destination
                case let .tileImage(t): t.region
                default: nil
                }
            }
            if drawn.contains(where: { $0.x1 <= $0.x0 || $0.y1 <= $0.y0 }) { found.append("an empty image command") }
            let expected = Self.deviceRects(
                layout.slices, rect: rect, origin: frame.origin, scale: Double(traits.displayScale))
            if drawn != expected { found.append("device rectangles \(drawn), expected \(expected)") }
            if !found.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        "seed \(seed) round \(round): \(w)×\(h) px at \(scale), caps \(caps), \(contentMode) in \(frame), \(traits.displayScale)x \(traits.layoutDirection): \(found.prefix(3).joined(separator: "; "))"
                    )
                }
            }
        }
        #expect(failures == 0, "seed \(seed): \(failures) of \(cases) scenes differ")
        #expect(mirrored > 200 && inexact > 1000, "seed \(seed): \(mirrored) mirrored, \(inexact) rounded values")
    }

    /// docs/RENDERING.md §8 for one image view: outer edges from the image rectangle, seams from
    /// the slices' edges (edge + view origin, × scale, quantised; unless that is an outer edge —
    /// a zero cap — rounded half up to a whole pixel; kept in order), empty rectangles skipped.
    static func deviceRects(_ slices: [Slice], rect: Rect, origin: Point, scale: Double) -> [DeviceRect] {
        let r = rect.offsetBy(dx: origin.x, dy: origin.y)
        func grid(_ outer0: Double, _ outer1: Double, _ seam1: Double?, _ seam2: Double?) -> [Int] {
            let e0 = quantize(outer0 * scale), e3 = quantize(outer1 * scale)
            // Whole pixels as a multiple of 256 nearest to v, halves up — unless v is an outer edge.
            func whole(_ v: Int) -> Int { v == e0 || v == e3 ? v : 256 * Int(((Double(v) + 128) / 256).rounded(.down)) }
            let s1 = min(max(whole(seam1.map { quantize($0 * scale) } ?? e0), e0), e3)
            let s2 = min(max(whole(seam2.map { quantize($0 * scale) } ?? e3), s1), e3)
            return [e0, s1, s2, e3]
        }
        let xs = grid(
            r.minX, r.maxX, slices.first { $0.column == 0 }.map { $0.right + origin.x },
            slices.first { $0.column == 2 }.map { $0.destination.minX + origin.x })
        let ys = grid(
            r.minY, r.maxY, slices.first { $0.row == 0 }.map { $0.bottom + origin.y },
            slices.first { $0.row == 2 }.map { $0.destination.minY + origin.y })
        return slices.map { DeviceRect(x0: xs[$0.column], y0: ys[$0.row], x1: xs[$0.column + 1], y1: ys[$0.row + 1]) }
            .filter { $0.x1 > $0.x0 && $0.y1 > $0.y0 }
    }
}
