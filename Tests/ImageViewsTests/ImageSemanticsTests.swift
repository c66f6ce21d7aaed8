import Raster
import Testing
@testable import ImageViews

/// Resizable images, rendering mode and tint, animation, alignment insets, orientation and
/// right-to-left: exact values for each decision in docs/LAYOUT.md.
@Suite struct ImageSemanticsTests {
    /// A w × h image whose pixel (x, y) is opaque with r = x, g = y.
    static func grid(_ w: Int, _ h: Int, scale: Double = 1) -> Image {
        var pixels: [UInt32] = []
        for y in 0..<h { for x in 0..<w { pixels.append(UInt32(x) | UInt32(y) << 8 | 0xFF00_0000) } }
        return Image(
            name: "grid", pixels: SourceImage(Bitmap(width: w, height: h, pixels: pixels), opaque: false), scale: scale)
    }

    func slices(_ w: Int, _ h: Int, scale: Double = 1, caps: EdgeInsets, mode: ResizingMode = .tile, into d: Rect)
        -> [Slice]
    {
        Slicing.slices(pixelWidth: w, pixelHeight: h, scale: scale, caps: caps, mode: mode, destination: d)
    }

    // MARK: Resizable images

    @Test func stretchKeepsCornersAndStretchesEdgesOneWay() {
        let s = slices(
            40, 40, caps: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), mode: .stretch,
            into: Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(
            s.map(\.name) == [
                "topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom", "bottomRight"
            ])
        #expect(
            s[0].destination == Rect(x: 0, y: 0, width: 10, height: 10) && s[0].horizontal == .natural
                && s[0].vertical == .natural)
        #expect(
            s[1].destination == Rect(x: 10, y: 0, width: 80, height: 10) && s[1].horizontal == .stretch
                && s[1].vertical == .natural)
        #expect(
            s[3].destination == Rect(x: 0, y: 10, width: 10, height: 40) && s[3].horizontal == .natural
                && s[3].vertical == .stretch)
        #expect(
            s[4].source == PixelRect(x: 10, y: 10, width: 20, height: 20)
                && s[4].destination == Rect(x: 10, y: 10, width: 80, height: 40))
        #expect(
            s[8].source == PixelRect(x: 30, y: 30, width: 10, height: 10)
                && s[8].destination == Rect(x: 90, y: 50, width: 10, height: 10))
        #expect(s.allSatisfy { $0.tileSize == nil })
    }

    @Test func tileIsTheDefaultAndTilesStartAtEachSlice() {
        let s = slices(
            40, 40, scale: 2, caps: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5),
            into: Rect(x: 3, y: 4, width: 50, height: 30))
        // Caps are 10 px = 5 pt; the middle is 20 px = 10 pt tiles.
        let center = s.first { $0.name == "center" }!
        #expect(center.destination == Rect(x: 8, y: 9, width: 40, height: 20))
        #expect(
            center.horizontal == .tile && center.vertical == .tile && center.tileSize == Size(width: 10, height: 10))
        let top = s.first { $0.name == "top" }!
        #expect(top.horizontal == .tile && top.vertical == .natural && top.tileSize == Size(width: 10, height: 5))
    }

    @Test func onePixelMiddleStretchesEvenInTileMode() {
        let s = slices(
            21, 3, caps: EdgeInsets(top: 1, left: 10, bottom: 1, right: 10),
            into: Rect(x: 0, y: 0, width: 60, height: 9))
        let center = s.first { $0.name == "center" }!
        #expect(center.source == PixelRect(x: 10, y: 1, width: 1, height: 1))
        #expect(center.horizontal == .stretch && center.vertical == .stretch && center.tileSize == nil)
    }

    @Test func zeroInsetsTileTheWholeImage() {
        let s = slices(8, 6, caps: .zero, into: Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(s.count == 1 && s[0].name == "center" && s[0].source == PixelRect(x: 0, y: 0, width: 8, height: 6))
        #expect(s[0].tileSize == Size(width: 8, height: 6))
    }

    @Test func capsShrinkInProportionWhenTheDestinationIsTooSmall() {
        // Caps 10 + 30 = 40 pt into 20 pt: 5 and 15 pt, no middle.
        let s = slices(
            60, 10, caps: EdgeInsets(top: 0, left: 10, bottom: 0, right: 30), mode: .stretch,
            into: Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(s.map(\.name) == ["left", "right"])
        #expect(s[0].destination == Rect(x: 0, y: 0, width: 5, height: 10))
        #expect(s[1].destination == Rect(x: 5, y: 0, width: 15, height: 10))
    }

    @Test func fractionalCapsRoundToWholePixels() {
        // 2.6 pt at scale 1 → 3 px; 1.25 pt at scale 2 → 2.5 → 3 px (half away from zero).
        let s = slices(
            20, 20, caps: EdgeInsets(top: 0, left: 2.6, bottom: 0, right: 0), mode: .stretch,
            into: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(s[0].source.width == 3)
        let t = slices(
            20, 20, scale: 2, caps: EdgeInsets(top: 0, left: 1.25, bottom: 0, right: 0), mode: .stretch,
            into: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(t[0].source.width == 3 && t[0].destination.width == 1.5)
    }

    /// A 12 × 12 image with 4-pixel caps: corner pixels drawn at natural size on whole pixels are
    /// the source pixels, and the stretched middle never shows a cap's pixels.
    @Test func cornersAreExactAndSlicesNeverBleed() {
        var image = Self.grid(12, 12)
        image.capInsets = EdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        image.resizingMode = .stretch
        let root = View(
            frame: .zero,
            subviews: [View(frame: Rect(x: 2, y: 3, width: 37, height: 29), imageView: ImageView(image: image))])
        let bitmap = Scene(root: root, canvasSize: Size(width: 41, height: 35), traits: Traits(displayScale: 1))
            .render()
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(bitmap[2 + x, 3 + y] == PremultipliedColor(r: UInt8(x), g: UInt8(y), b: 0, a: 255))
                #expect(
                    bitmap[2 + 33 + x, 3 + 25 + y] == PremultipliedColor(r: UInt8(8 + x), g: UInt8(8 + y), b: 0, a: 255)
                )
            }
        }
        for y in 7..<28 {
            for x in 6..<35 {
                let p = bitmap[x, y]
                #expect((4...7).contains(Int(p.r)) && (4...7).contains(Int(p.g)), "(\(x), \(y)) = \(p)")
            }
        }
    }

    @Test func seamsFallOnWholePixelsAndShowNoBackground() {
        // An opaque 12 × 12 image with 4-pixel caps at scale 2, in a view at 1.5 pt on a 3x screen:
        // the outer edges stay at 4.5 and 66 px, the seams (10.5 and 60 px: caps of 2 pt = 6 px)
        // round half up to 11 and 60, and no pixel inside the view shows the white background.
        for mode in [ResizingMode.stretch, .tile] {
            var image = Image(
                name: "solid",
                pixels: SourceImage(
                    Bitmap(
                        width: 12, height: 12,
                        pixels: [UInt32](repeating: 0xFF40_2010, count: 144)), opaque: false), scale: 2)
            image.capInsets = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
            image.resizingMode = mode
            let root = View(
                frame: .zero,
                subviews: [
                    View(frame: Rect(x: 1.5, y: 1.5, width: 20.5, height: 20.5), imageView: ImageView(image: image))
                ])
            let scene = Scene(
                root: root, canvasSize: Size(width: 24, height: 24), traits: Traits(displayScale: 3),
                background: Color(RGBA(r: 255, g: 255, b: 255)))
            var edges = Set<Int>()
            for command in scene.displayList.commands {
                switch command {
                case let .drawImage(draw): edges.formUnion([draw.destination.x0, draw.destination.x1])
                case let .tileImage(tile): edges.formUnion([tile.region.x0, tile.region.x1])
                default: break
                }
            }
            #expect(edges.sorted() == [1152, 2816, 15360, 16896], "\(mode)")
            let bitmap = scene.render()
            for y in 5..<66 {
                for x in 5..<66 {
                    #expect(
                        bitmap[x, y] == PremultipliedColor(r: 0x10, g: 0x20, b: 0x40, a: 255), "\(mode) (\(x), \(y))")
                }
            }
        }
    }

    @Test func aZeroCapLeavesTheFractionalEdgeWhereItIs() {
        // Caps only at the right and bottom: the left and top edges (1.5 pt on a 1x screen) are no
        // seam, so the middle starts at 1.5 px, half covering pixel 1, as an unsliced image would.
        var image = Self.grid(8, 8)
        image.capInsets = EdgeInsets(top: 0, left: 0, bottom: 2, right: 2)
        image.resizingMode = .stretch
        let root = View(
            frame: .zero,
            subviews: [View(frame: Rect(x: 1.5, y: 1.5, width: 10, height: 10), imageView: ImageView(image: image))])
        let scene = Scene(root: root, canvasSize: Size(width: 14, height: 14), traits: Traits(displayScale: 1))
        let drawn = scene.displayList.commands.compactMap { command -> DeviceRect? in
            if case let .drawImage(draw) = command { return draw.destination }
            return nil
        }
        // Middle, right, bottom, corner: the inner seams (9.5 px) round up to 10.
        #expect(
            drawn == [
                DeviceRect(x0: 384, y0: 384, x1: 2560, y1: 2560), DeviceRect(x0: 2560, y0: 384, x1: 2944, y1: 2560),
                DeviceRect(x0: 384, y0: 2560, x1: 2560, y1: 2944), DeviceRect(x0: 2560, y0: 2560, x1: 2944, y1: 2944)
            ])
    }

    @Test func capsThatTileAlongTheOtherAxisSpanTheirPlacedSlice() {
        // The left cap tiles vertically only: across its 6.5 placed pixels (4.5…11, the seam rounded
        // up) it is one tile, so red (the source column) never wraps back to 0; likewise green
        // down the top cap.
        var image = Self.grid(12, 12, scale: 2)
        image.capInsets = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        let root = View(
            frame: .zero,
            subviews: [View(frame: Rect(x: 1.5, y: 1.5, width: 20.5, height: 20.5), imageView: ImageView(image: image))]
        )
        let bitmap = Scene(root: root, canvasSize: Size(width: 24, height: 24), traits: Traits(displayScale: 3))
            .render()
        for y in 11..<60 {
            let reds = (5..<11).map { Int(bitmap[$0, y].r) }
            #expect(reds == reds.sorted() && reds.last! > 0, "row \(y): \(reds)")
        }
        for x in 11..<60 {
            let greens = (5..<11).map { Int(bitmap[x, $0].g) }
            #expect(greens == greens.sorted() && greens.last! > 0, "column \(x): \(greens)")
        }
    }

    @Test func modesThatDoNotScaleIgnoreTheCaps() {
        var image = Self.grid(10, 10)
        image.capInsets = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        let plain = Self.grid(10, 10)
        for mode in [ContentMode.center, .topLeft, .bottomRight] {
            func render(_ i: Image) -> Bitmap {
                Scene(
                    root: View(
                        frame: .zero,
                        subviews: [
                            View(
                                frame: Rect(x: 3, y: 3, width: 30, height: 20),
                                imageView: ImageView(image: i, contentMode: mode))
                        ]),
                    canvasSize: Size(width: 36, height: 26), traits: Traits(displayScale: 2)
                ).render()
            }
            #expect(render(image) == render(plain), "\(mode)")
        }
    }

    // MARK: Rendering mode and tint

    @Test func templateAndTintFollowTheDecisionTable() {
        let viewTint = RGBA(r: 0, g: 122, b: 255)
        let own = Color(RGBA(r: 255, g: 0, b: 0))
        var image = Self.grid(2, 2)
        #expect(image.drawTint(viewTint: viewTint, traits: Traits()) == nil)
        image.renderingMode = .alwaysTemplate
        #expect(image.drawTint(viewTint: viewTint, traits: Traits()) == viewTint)
        image.tintColor = own
        #expect(image.drawTint(viewTint: viewTint, traits: Traits()) == viewTint)  // the view's tint wins
        image.renderingMode = .alwaysOriginal
        #expect(image.drawTint(viewTint: viewTint, traits: Traits()) == own.light)  // withTintColor still masks
        image.renderingMode = .automatic
        #expect(image.drawTint(viewTint: viewTint, traits: Traits()) == own.light)
    }

    @Test func dimmedTintIsTheLumaGrey() {
        // systemBlue light (0, 122, 255): (54·0 + 183·122 + 19·255 + 128) >> 8 = 106.
        #expect(Tint.dimmed(RGBA(r: 0, g: 122, b: 255)) == RGBA(r: 106, g: 106, b: 106))
        let root = View(
            frame: .zero, tintAdjustmentMode: .dimmed,
            subviews: [
                View(
                    frame: Rect(x: 0, y: 0, width: 1, height: 1),
                    subviews: [View(frame: Rect(x: 0, y: 0, width: 1, height: 1), tintAdjustmentMode: .normal)])
            ])
        let views = Scene(root: root, canvasSize: Size(width: 2, height: 2), traits: Traits()).layout.views
        #expect(views[1].tintColor == RGBA(r: 106, g: 106, b: 106) && views[1].tintAdjustmentMode == .dimmed)
        #expect(views[2].tintColor == RGBA(r: 0, g: 122, b: 255) && views[2].tintAdjustmentMode == .normal)
    }

    // MARK: Animation

    @Test func animationFramesFollowTheClock() {
        let frames = (0..<4).map { i -> Image in
            var f = Self.grid(1, 1); f.name = "f\(i)"; return f
        }
        var view = ImageView(image: Self.grid(2, 2), animationImages: frames)
        #expect(view.displayed.source == "image")  // not animating
        view.isAnimating = true
        // Duration 0: 4 × 1/30 s; each frame 1/30 s.
        #expect(view.cycleDuration(4) == 4.0 / 30)
        view.animationTime = 0.05  // 1.5 frames in
        #expect(view.displayed.frameIndex == 1)
        view.animationTime = 0.2  // 6 frames in: frame 2 of the second cycle
        #expect(view.displayed.frameIndex == 2)
        view.animationRepeatCount = 1
        #expect(view.displayed.source == "image" && view.displayed.finished)
        view.animationDuration = 1
        view.animationTime = 0.99
        #expect(view.displayed.frameIndex == 3)
    }

    @Test func highlightedAnimationAndAnimatedImages() {
        let frames = (0..<3).map { i -> Image in
            var f = Self.grid(1, 1); f.name = "a\(i)"; return f
        }
        let other = (0..<2).map { i -> Image in
            var f = Self.grid(1, 1); f.name = "h\(i)"; return f
        }
        var view = ImageView(
            isHighlighted: true, animationImages: frames, highlightedAnimationImages: other, isAnimating: true,
            animationTime: 0.04)
        #expect(view.displayed.source == "highlightedAnimationImages" && view.displayed.image?.name == "h1")
        // An animated UIImage with a duration plays by itself (UIImageView.init(image:)), looping:
        // 3 frames over 3 s, so 2.5 s in shows the third and 4.2 s the second.
        let animated = Image.animated(name: "anim", frames: frames, duration: 3)
        view = ImageView(image: animated)
        #expect(view.animates && view.displayed.image?.name == "a0" && view.displayed.frameIndex == 0)
        view.animationTime = 2.5
        #expect(view.displayed.image?.name == "a2")
        view.animationTime = 4.2
        #expect(view.displayed.image?.name == "a1")
        view.isAnimating = false  // stopAnimating(): the first frame
        #expect(!view.animates && view.displayed.image?.name == "a0")
        // A duration of 0 never plays, whatever the clock says.
        view = ImageView(image: Image.animated(name: "still", frames: frames, duration: 0), animationTime: 2.5)
        #expect(!view.animates && view.displayed.image?.name == "a0")
        // Animation images still need startAnimating().
        view = ImageView(image: Self.grid(2, 2), animationImages: frames, animationTime: 0.04)
        #expect(!view.animates && view.displayed.source == "image")
    }

    // MARK: Alignment insets and intrinsic size

    @Test func alignmentInsetsShrinkTheIntrinsicSize() {
        var image = Self.grid(40, 30, scale: 2)  // 20 × 15 pt
        image.alignmentRectInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let view = ImageView(image: image)
        #expect(view.intrinsicContentSize == Size(width: 14, height: 11))
        #expect(view.sizeThatFits == Size(width: 20, height: 15))
        let layout = Scene(
            root: View(
                frame: .zero, subviews: [View(frame: Rect(x: 10, y: 10, width: 20, height: 15), imageView: view)]),
            canvasSize: Size(width: 40, height: 40), traits: Traits()
        ).layout.views[1]
        #expect(layout.alignmentRect == Rect(x: 12, y: 11, width: 14, height: 11))
    }

    // MARK: Orientation and right-to-left

    @Test func orientedSizesAndFlips() {
        var image = Self.grid(30, 20)
        for orientation in ImageOrientation.allCases {
            image.orientation = orientation
            let rotated = [ImageOrientation.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
            #expect(
                image.size == (rotated ? Size(width: 20, height: 30) : Size(width: 30, height: 20)), "\(orientation)")
            #expect(orientation.horizontallyFlipped.horizontallyFlipped == orientation)
        }
        #expect(ImageOrientation.left.horizontallyFlipped == .leftMirrored)
        #expect(ImageOrientation.up.horizontallyFlipped == .upMirrored)
        image.orientation = .right
        // Displayed pixel (0, 0) of a quarter turn clockwise is stored (0, h − 1).
        #expect(image.displayPixels(mirrored: false).bitmap[0, 0] == PremultipliedColor(r: 0, g: 19, b: 0, a: 255))
        #expect(
            image.displayPixels(mirrored: true).bitmap
                == image.displayPixels(mirrored: false).bitmap.transformed(.flipHorizontal))
    }

    @Test func rightToLeftMirrorsOnlyFlippingImagesInRightToLeftViews() {
        var image = Self.grid(10, 10)
        image.flipsForRightToLeftLayoutDirection = true
        func mirrored(_ attribute: SemanticContentAttribute, _ direction: LayoutDirection, flips: Bool = true) -> Bool?
        {
            var i = image
            i.flipsForRightToLeftLayoutDirection = flips
            let root = View(
                frame: .zero,
                subviews: [
                    View(
                        frame: Rect(x: 0, y: 0, width: 10, height: 10), semanticContentAttribute: attribute,
                        imageView: ImageView(image: i))
                ])
            return Scene(
                root: root, canvasSize: Size(width: 10, height: 10), traits: Traits(layoutDirection: direction)
            )
            .layout.views[1].imageView?.isMirrored
        }
        #expect(mirrored(.unspecified, .rightToLeft) == true)
        #expect(mirrored(.unspecified, .leftToRight) == false)
        #expect(mirrored(.forceLeftToRight, .rightToLeft) == false)
        #expect(mirrored(.playback, .rightToLeft) == false)
        #expect(mirrored(.forceRightToLeft, .leftToRight) == true)
        #expect(mirrored(.unspecified, .rightToLeft, flips: false) == false)
    }

    @Test func theAnimationFrameIsDefinedForEveryDuration() {
        // floor(fmod(q, n)) with q = time × n / duration: floor(q) mod n wherever that fits an
        // integer, and defined where it does not (a duration of 1e-300 s trapped before).
        #expect(ImageView.frameIndex(time: 0.75, count: 4, duration: 1, repeats: 0) == 3)
        #expect(ImageView.frameIndex(time: 10.5, count: 4, duration: 1, repeats: 0) == 2)  // floor(42) mod 4
        for step in 0..<200 {
            let time = Double(step) * 0.37
            #expect(
                ImageView.frameIndex(time: time, count: 7, duration: 2.5, repeats: 0) == Int(
                    (time * 7 / 2.5).rounded(.down)) % 7)
        }
        // q = 2e300, an even number
        #expect(ImageView.frameIndex(time: 1, count: 2, duration: 1e-300, repeats: 0) == 0)
        #expect(ImageView.frameIndex(time: 1, count: 3, duration: 5e-324, repeats: 0) == 0)  // q overflows: frame 0
        #expect(ImageView.frameIndex(time: 86_400, count: 1_000, duration: 1e-14, repeats: 0) != nil)
    }
}
