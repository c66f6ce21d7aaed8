import Testing
@testable import ScenarioFormat
import Syntax

/// Attack round 10 (docs/RELIABILITY.md): patterns, masks, shadows and Core Image images used
/// where UIKit could not use them, and the messages of drawings that fail while they are drawn.
@Suite struct DrawingAttackTests {
    static func errors(_ images: String, views: String = "", limits: ScenarioLimits = .default) -> [String] {
        AttackRegressionTests.errors(
            """
            { "canvas": { "size": [64, 64] }, "traits": { "displayScale": 1 },
              "images": { "red": { "generate": { "solid": { "size": [4, 4], "color": "#FF0000" } } },
                          "grey": { "generate": { "solid": { "size": [4, 4], "color": "#808080" } } }, \(images) },
              "root": { "subviews": [\(views)] } }
            """, limits: limits)
    }

    /// A pattern whose tile is smaller than a pixel is one stretched draw, sampled at every pixel:
    /// charged four a pixel (measured: 3.7 times a fill's pixel), where it was charged one and 800
    /// such full-canvas views ran for minutes.
    @Test func aSubPixelPatternIsChargedAsTheImageDrawItIs() {
        let images =
            "\"dot\": { \"generate\": { \"solid\": { \"size\": [1, 1], \"color\": \"#FF000080\" } }, \"scale\": 16 }"
        let view = "{ \"frame\": [0, 0, 64, 64], \"backgroundColor\": { \"pattern\": \"dot\" } }"
        var limits = ScenarioLimits.default
        limits.renderPixels = 12 * 64 * 64  // the canvas (9 a pixel) and three a pixel more
        #expect(
            Self.errors(images, views: view, limits: limits).first?.contains("more than the 49152 pixel operations")
                == true)
        limits.renderPixels = 14 * 64 * 64
        #expect(Self.errors(images, views: view, limits: limits).isEmpty)
    }

    @Test func aSnapshotIsNoPatternBackground() {
        let found = Self.errors(
            "\"snap\": { \"snapshot\": { \"view\": \"v\" } }",
            views: """
                { "id": "v", "frame": [0, 0, 20, 20], "backgroundColor": "#0000FF" },
                { "frame": [20, 20, 40, 40], "backgroundColor": { "pattern": "snap" } }
                """)
        #expect(found.count == 1)
        #expect(
            found.first?.contains(
                "$.root.subviews[1].backgroundColor.pattern: \"snap\" is a snapshot, made for each variant after layout"
            )
                == true, "\(found)")
    }

    /// UIImage(ciImage:) has a nil cgImage: masking, cropping or CGContext.draw of it would trap.
    @Test func aCIImageHasNoCGImageToMaskCropOrDraw() {
        let found = Self.errors(
            """
            "ci": { "coreImage": { "input": "grey", "filters": [{ "filter": "CIVignette" }], "render": "ciImage" } },
            "masked": { "masking": { "image": "ci", "mask": "grey" } },
            "mask": { "masking": { "image": "grey", "mask": "ci" } },
            "cropped": { "from": "ci", "crop": [0, 0, 2, 2] },
            "drawn": { "draw": { "size": [4, 4], "operations": [{ "drawCGImage": "ci", "in": [0, 0, 4, 4] }] } },
            "clip": { "draw": { "size": [4, 4], "operations": [{ "clipToMask": "ci", "in": [0, 0, 4, 4] }] } },
            "fine": { "draw": { "size": [4, 4], "operations": [{ "draw": "ci", "in": [0, 0, 4, 4] }] } }
            """)
        #expect(
            found.map { $0.split(separator: ": ").dropFirst(2).first ?? "" } == [
                "$.images.masked.masking.image", "$.images.mask.masking.mask", "$.images.cropped.crop",
                "$.images.drawn.draw.operations[0].drawCGImage", "$.images.clip.draw.operations[0].clipToMask"
            ], "\(found)")
        #expect(found.allSatisfy { $0.contains("whose cgImage is nil") })
    }

    /// An animated image has no CGImage either (attack round 11): clipToMask and drawCGImage of
    /// one are refused, as crop and masking refuse it.
    @Test func anAnimatedImageHasNoCGImageToClipOrDraw() {
        let found = Self.errors(
            """
            "spin": { "animated": { "frames": ["red", "grey"], "duration": 1 } },
            "d": { "draw": { "size": [4, 4], "operations": [{ "clipToMask": "spin", "in": [0, 0, 4, 4] },
              { "drawCGImage": "spin", "in": [0, 0, 4, 4] }] } }
            """)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains("an animated image has no CGImage") }, "\(found)")
    }

    /// Each problem of a drawing's images is reported at its operation, when the scenario loads:
    /// animated patterns (as views refuse them), colour clip masks, and every unknown name.
    @Test func everyImageProblemOfADrawingIsReportedAtItsOperation() {
        let found = Self.errors(
            """
            "spin": { "animated": { "frames": ["red", "grey"], "duration": 1 } },
            "d": { "draw": { "size": [10, 10], "operations": [
              { "fill": { "rect": [0, 0, 10, 10] }, "color": { "pattern": "spin" } },
              { "drawAsPattern": "spin", "in": [0, 0, 5, 5] },
              { "clipToMask": "red", "in": [0, 0, 1, 1] },
              { "fill": { "rect": [0, 0, 1, 1] }, "color": { "pattern": "nope" } },
              { "drawAsPattern": "dd", "in": [0, 0, 1, 1] },
              { "draw": "zz", "at": [0, 0] } ] } }
            """)
        let expected = [
            ("operations[0].color.pattern", "takes a still image"),
            ("operations[1].drawAsPattern", "UIImage.drawAsPattern(in:) takes a still image"),
            ("operations[2].clipToMask", "takes a greyscale image without alpha"),
            ("operations[3].color.pattern", "unknown image \"nope\""),
            ("operations[4].drawAsPattern", "unknown image \"dd\""),
            ("operations[5].draw", "unknown image \"zz\"")
        ]
        #expect(found.count == expected.count, "\(found)")
        for ((path, what), line) in zip(expected, found) {
            #expect(line.contains("$.images.d.draw.\(path): ") && line.contains(what), "\(line)")
        }
    }

    /// An image named by many operations for one use is checked once (attack round 16: 3,000
    /// clips to one 4096² mask checked its pixels 3,000 times at load, 40 s), and its problem is
    /// still reported at every operation that names it; a fit mask named again is accepted again.
    @Test func anImageNamedByManyOperationsIsReportedAtEach() {
        let clips = (0..<60).map { i in "{ \"clipToMask\": \"\(i % 2 == 0 ? "red" : "grey")\", \"in\": [0, 0, 1, 1] }" }
        let found = Self.errors(
            """
            "d": { "draw": { "size": [4, 4], "operations": [\(clips.joined(separator: ", "))] } }
            """)
        #expect(found.count == 30, "\(found.prefix(3))")
        for (k, line) in found.enumerated() {
            #expect(
                line.contains("$.images.d.draw.operations[\(2 * k)].clipToMask: ")
                    && line.contains("takes a greyscale image without alpha"), "\(line)")
        }
    }

    /// Failures found while drawing name the operation and what failed: a pattern's cell too
    /// large (not "the drawing"), and a shadow's own layer past the eight open ones.
    @Test func drawingFailuresNameTheOperation() {
        let cell = Self.errors(
            """
            "big": { "generate": { "solid": { "size": [256, 256], "color": "#FF0000" } }, "scale": 0.25 },
            "d": { "draw": { "size": [16, 16], "scale": 16, "operations": [
              "save", { "fill": { "rect": [0, 0, 1, 1] }, "color": { "pattern": "big" } }, "restore" ] } }
            """)
        #expect(cell.count == 1)
        #expect(
            cell.first?.contains(
                "$.images.d.draw.operations[1]: the drawing is too complex at scale 16: the pattern's cell, \"big\" at 16384 × 16384 pixels"
            ) == true, "\(cell)")
        let layers = Array(repeating: "{ \"beginTransparencyLayer\": {} }", count: 8).joined(separator: ", ")
        let ends = Array(repeating: "\"endTransparencyLayer\"", count: 8).joined(separator: ", ")
        let shadow = Self.errors(
            """
            "d": { "draw": { "size": [20, 20], "scale": 1, "operations": [\(layers),
              { "setShadow": { "offset": [1, 1], "blur": 1 } }, { "fill": { "rect": [0, 0, 5, 5] }, "color": "#FF0000" }, \(ends)] } }
            """)
        #expect(shadow.count == 1)
        #expect(
            shadow.first?.contains(
                "$.images.d.draw.operations[9]: the drawing is too complex at scale 1: a shadow is drawn through a transparency layer of its own"
            ) == true, "\(shadow)")
    }

    /// Attack round 11: a continuous corner's outline is flattened and clipped as a polygon, and
    /// huge radii made thousands of points a corner (60 views of 100,000 points: 115 s in debug,
    /// charged 670 units each). Now at most 64 lines a cubic, and each continuous shape is charged
    /// its outline's construction (RoundedRect.pathWork) in `render-pixels`.
    @Test func aHugeContinuousCornerIsBoundedAndCharged() {
        let view = """
            { "frame": [0, 0, 100000, 100000], "backgroundColor": "#FF0000", "cornerRadius": 50000, "cornerCurve": "continuous" }
            """
        func errors(renderPixels: Int) -> [String] {
            var limits = ScenarioLimits.default
            limits.renderPixels = renderPixels
            return AttackRegressionTests.errors(
                """
                { "canvas": { "size": [1, 1] }, "traits": { "displayScale": 3 }, "root": { "subviews": [\(view)] } }
                """, limits: limits)
        }
        #expect(errors(renderPixels: 600_000).first?.contains("more than the 600000 pixel operations") == true)
        #expect(errors(renderPixels: 2_000_000).isEmpty)
    }
}
