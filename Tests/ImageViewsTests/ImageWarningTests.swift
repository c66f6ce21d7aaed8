import Raster
import Testing
@testable import ImageViews

/// The image warnings of docs/LAYOUT.md §Image warnings, each rule at its boundary.
@Suite struct ImageWarningTests {
    typealias T = AutoLayoutTests

    /// The warnings of one image view with `image` in `frame`, laid out at `scale`.
    static func warnings(
        _ image: Image, frame: Rect, mode: ContentMode = .scaleToFill, scale: Int = 1,
        animation: [Image] = []
    ) -> [ImageWarning] {
        let view = View(frame: frame, imageView: ImageView(image: image, contentMode: mode, animationImages: animation))
        let layout = Scene(
            root: View(frame: .zero, subviews: [view]), canvasSize: Size(width: 200, height: 200),
            traits: Traits(displayScale: scale)
        ).layout
        return layout.views[1].imageView?.warnings ?? []
    }

    @Test func anImageAtItsOwnSizeOnWholePixelsIsFine() {
        #expect(Self.warnings(T.image(20, 10), frame: Rect(x: 5, y: 5, width: 20, height: 10)).isEmpty)
        // At 2x, half points are whole pixels; a 2x image at its point size is its pixel size.
        var retina = T.image(40, 20)
        retina.scale = 2
        #expect(Self.warnings(retina, frame: Rect(x: 5.5, y: 5, width: 20, height: 10), scale: 2).isEmpty)
    }

    @Test func anImageThatIsNotDrawnIsNotCheckedForHowItIsDrawn() {
        // The same stretched image hidden, or under a transparent superview: no warning.
        for (hidden, alpha) in [(true, 1.0), (false, 0.0)] {
            var view = View(
                frame: Rect(x: 0, y: 0, width: 40, height: 40), imageView: ImageView(image: T.image(20, 20)))
            view.isHidden = hidden
            var parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50), subviews: [view])
            parent.alpha = alpha
            let layout = Scene(
                root: View(frame: .zero, subviews: [parent]), canvasSize: Size(width: 60, height: 60),
                traits: Traits(displayScale: 1)
            ).layout
            #expect(layout.views[2].imageView?.warnings == [], "hidden \(hidden), alpha \(alpha)")
        }
    }

    @Test func aHugeDrawnRectangleIsJudgedWithoutOverflow() {
        // ~3·10^9 device pixels a side: pixel counts past Int's range when multiplied.
        let warnings = Self.warnings(T.image(4, 4), frame: Rect(x: 0, y: 0, width: 1e9, height: 1e9), scale: 3)
        #expect(warnings.map(\.kind) == ["resampled"])
    }

    @Test func theHighlightedStillImageIsTheOneChecked() {
        // An animated highlightedImage with frames of two sizes, shown: warned as highlightedImage;
        // the plain image (not shown) is not checked.
        let frames = Image.animated(name: "f", frames: [T.image(10, 10), T.image(12, 12)], duration: 1)
        let view = View(
            frame: Rect(x: 0, y: 0, width: 12, height: 12),
            imageView: ImageView(image: frames, highlightedImage: frames, isHighlighted: true, contentMode: .center))
        let layout = Scene(
            root: View(frame: .zero, subviews: [view]), canvasSize: Size(width: 20, height: 20), traits: Traits()
        ).layout
        #expect(
            layout.views[1].imageView?.warnings.compactMap { warning -> String? in
                if case let .unequalFrames(sequence, _, _) = warning { return sequence }
                return nil
            } == ["highlightedImage"])
    }

    @Test func offTheGridIsMisalignedAndNothingElse() {
        // Centred: 15 pt in 20 pt sits at 2.5 — half a pixel at 1x (the simulator's magenta).
        let warnings = Self.warnings(T.image(15, 15), frame: Rect(x: 0, y: 0, width: 20, height: 20), mode: .center)
        #expect(warnings == [.misaligned(devicePixels: Rect(x: 2.5, y: 2.5, width: 15, height: 15))])
        #expect(
            warnings[0].message.hasPrefix(
                "misaligned image: drawn at (2.5, 2.5, 15, 15) device pixels, off the pixel grid"))
    }

    @Test func aScaledImageIsResampledAndAFourfoldOneOversized() {
        // A 1x image on a 2x screen: drawn at twice its pixels (the simulator's yellow).
        #expect(
            Self.warnings(T.image(20, 10), frame: Rect(x: 0, y: 0, width: 20, height: 10), scale: 2) == [
                .resampled(width: 2, height: 2)
            ])
        // Shrunk to half on each side: resampled, and 4× the pixels it needs (the threshold).
        let shrunk = Self.warnings(T.image(40, 40), frame: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(
            shrunk == [
                .resampled(width: 0.5, height: 0.5),
                .oversized(source: .init(width: 40, height: 40), drawn: .init(width: 20, height: 20))
            ])
        #expect(
            shrunk[1].message
                == "oversized image: 40 × 40 px drawn on 20 × 20 px, 4× the pixels it needs (memory it does not use)")
        // Just under four times: resampled only.
        #expect(
            Self.warnings(T.image(39, 40), frame: Rect(x: 0, y: 0, width: 20, height: 20)).map(\.kind) == ["resampled"])
    }

    @Test func aResizableImageStretchesByDesign() {
        var resizable = T.image(10, 10)
        resizable.capInsets = EdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        #expect(Self.warnings(resizable, frame: Rect(x: 0, y: 0, width: 60, height: 20)).isEmpty)
    }

    @Test func animationFramesOfDifferentSizes() {
        let frames = [T.image(10, 10), T.image(12, 10), T.image(10, 10)]
        let warnings = Self.warnings(T.image(10, 10), frame: Rect(x: 0, y: 0, width: 10, height: 10), animation: frames)
        #expect(
            warnings == [
                .unequalFrames(
                    sequence: "animationImages", sizes: [Size(width: 10, height: 10), Size(width: 12, height: 10)],
                    scales: [1])
            ])
        #expect(
            warnings[0].message
                == "unequal animation frames in animationImages: 10 × 10 pt, 12 × 10 pt (Apple: all images of an "
                + "animation should share one size and scale)")
    }
}
