import Raster

// Lays out a view tree and turns it into a display list in one walk (docs/LAYOUT.md and
// docs/RENDERING.md §7). Per drawn view, in order:
//   beginGroup(opacity)        if alpha < 1 (the view and its subviews composite as a group)
//   pushClip(bounds)           if clipsToBounds (the image and the subviews are clipped)
//   fill(bounds, background)   if backgroundColor has alpha > 0
//   drawImage / tileImage …    the displayed image in its content-mode rectangle (nine slices
//                              for a resizable image), masked with a tint for template drawing
//   …subviews…
//   popClip
//   border(rounded rect, width, colour)   if layer.borderWidth > 0
//   endGroup
// With layer.cornerRadius, the clip is pushRoundedClip and the background is filled under a
// rounded clip of its own (docs/RENDERING.md §13).
// Hidden views and views whose opacity rounds to 0 draw nothing, nor do their subviews.

/// A laid-out view tree and what it draws.
public struct Scene: Sendable {
    public let layout: LayoutResult
    public let displayList: DisplayList
    /// Canvas background (premultiplied) drawn before the root view.
    public let background: PremultipliedColor
    /// What drawing preserved vectors afresh took (RedrawLedger).
    public let redraws: RedrawUse

    /// Lays out `root` (its frame is set to the canvas) on a canvas of `canvasSize` points; views
    /// positioned by constraints get their frames from `constraints` (AutoLayout).
    /// `safeAreaInsets` inset the canvas's safe area (docs/LAYOUT.md §Safe area). Preserved
    /// vectors are drawn afresh within `redraws`.
    public init(
        root: View, canvasSize: Size, traits: Traits, background: Color? = nil, constraints: [LayoutConstraint] = [],
        safeAreaInsets: EdgeInsets = .zero, redraws: RedrawAllowance = .default
    ) {
        var root = root
        root.frame = Rect(origin: .zero, size: canvasSize)
        let autoLayout = AutoLayout.layout(
            &root, constraints: constraints, traits: traits, safeAreaInsets: safeAreaInsets)
        var builder = Builder(
            traits: traits, geometry: GuideGeometry(root: root, canvasSafeArea: safeAreaInsets, traits: traits),
            redraws: RedrawLedger(redraws))
        builder.visit(
            root, path: "root", origin: .zero,
            inherited: Inherited(tint: Color.systemBlue, adjustment: .normal, drawn: true))
        let scale = Double(traits.displayScale)
        layout = LayoutResult(
            canvasSize: canvasSize, traits: traits,
            pixelWidth: Int((canvasSize.width * scale).rounded(.up)),
            pixelHeight: Int((canvasSize.height * scale).rounded(.up)),
            safeAreaInsets: safeAreaInsets, views: builder.views, autoLayout: autoLayout)
        displayList = builder.list
        self.redraws = builder.redraws.use
        self.background = background?.resolved(traits).premultiplied ?? .clear
    }

    /// Renders the display list, its bands on `threads` threads (the same pixels for any number).
    public func render(threads: Int = 1) -> Bitmap {
        Renderer.render(
            displayList, width: layout.pixelWidth, height: layout.pixelHeight, background: background, threads: threads)
    }

    /// What a view passes to its subviews.
    private struct Inherited {
        var tint: Color
        /// The effective mode: normal or dimmed.
        var adjustment: TintAdjustmentMode
        var drawn: Bool
    }

    private struct Builder {
        let traits: Traits
        let scale: Double
        /// Safe area insets and layout margins per view, in the order views are visited.
        let geometry: GuideGeometry
        var views: [ViewLayout] = []
        var list = DisplayList()
        var redraws: RedrawLedger

        init(traits: Traits, geometry: GuideGeometry, redraws: RedrawLedger) {
            self.traits = traits
            self.geometry = geometry
            self.redraws = redraws
            scale = Double(traits.displayScale)
        }

        /// A rectangle in canvas points to 24.8 device pixels: each edge × scale, then quantised.
        func device(_ r: Rect) -> DeviceRect {
            DeviceRect(
                x0: quantize(r.minX * scale), y0: quantize(r.minY * scale),
                x1: quantize(r.maxX * scale), y1: quantize(r.maxY * scale))
        }

        mutating func visit(_ view: View, path: String, origin: Point, inherited: Inherited) {
            let absolute = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            let tint = view.tintColor ?? inherited.tint
            let adjustment = view.tintAdjustmentMode == .automatic ? inherited.adjustment : view.tintAdjustmentMode
            let viewTraits = view.traits(in: traits)
            let direction = viewTraits.layoutDirection
            let effectiveTint =
                adjustment == .dimmed ? Tint.dimmed(tint.resolved(viewTraits)) : tint.resolved(viewTraits)
            let opacity = UInt8((min(max(view.alpha, 0), 1) * 255).rounded())
            let drawn = inherited.drawn && !view.isHidden && opacity > 0

            var imageLayout: ImageViewLayout?
            var drawing: ImageDrawing?
            var alignmentInsets = EdgeInsets.zero
            if let imageView = view.imageView?.resolved(for: viewTraits) {
                let displayed = imageView.displayed
                var image = displayed.image
                let mirrored = image?.flipsForRightToLeftLayoutDirection == true && direction == .rightToLeft
                let rect = image.flatMap { imageView.contentMode.imageRect(for: $0.size, in: view.bounds) }
                let layersTint = image?.drawTint(viewTint: effectiveTint, traits: viewTraits)
                var drawTint = layersTint
                // A multicolor symbol: its own colours, its tint layers in the tint — drawn in it only
                // where shown; as a template only if the allowance refuses the drawing.
                if let shown = image, let rendering = shown.multicolorRendering(tint: layersTint),
                    let tint = layersTint
                {
                    if !drawn {
                        drawTint = nil
                    } else if let tinted = redraws.tinted(rendering, tint: tint, image: shown, view: path) {
                        image = tinted
                        drawTint = nil
                    }
                }
                var slices: [Slice] = []
                if let image, let rect, let caps = image.capInsets {
                    let (w, h) = image.pixelSize
                    slices = Slicing.slices(
                        pixelWidth: w, pixelHeight: h, scale: image.scale,
                        caps: mirrored ? caps.mirrored : caps,
                        mode: image.resizingMode, destination: rect)
                }
                alignmentInsets = imageView.alignmentRectInsets(direction: direction)
                let frames = imageView.currentAnimationImages.count
                imageLayout = ImageViewLayout(
                    contentMode: imageView.contentMode, isHighlighted: imageView.isHighlighted,
                    displayedImageKey: displayed.source, frameIndex: displayed.frameIndex,
                    animation: frames == 0 && (imageView.stillImage?.frames.isEmpty ?? true)
                        ? nil
                        : AnimationLayout(
                            isAnimating: imageView.animates,
                            frameCount: frames > 0 ? frames : imageView.stillImage?.frames.count ?? 0,
                            duration: frames > 0
                                ? imageView.cycleDuration(frames) : imageView.stillImage?.duration ?? 0,
                            repeatCount: imageView.animationRepeatCount, time: imageView.animationTime,
                            finished: displayed.finished),
                    image: image.map { Self.info($0, traits: viewTraits) },
                    intrinsicContentSize: imageView.intrinsicContentSize, sizeThatFits: imageView.sizeThatFits,
                    imageRect: rect, sampling: imageView.sampling, drawnAsTemplate: drawTint != nil,
                    drawTint: layersTint,
                    isMirrored: mirrored, slices: slices)
                if let image, let rect {
                    drawing = ImageDrawing(
                        image: image, rect: rect, slices: slices, mirrored: mirrored, tint: drawTint,
                        sampling: imageView.sampling)
                    if drawn {  // a hidden or transparent view's image is not drawn, so not misaligned or resampled
                        let destination = device(rect.offsetBy(dx: absolute.minX, dy: absolute.minY))
                        // A preserved vector is drawn at the size it is shown: not resampled.
                        drawing?.redrawn =
                            slices.isEmpty ? redraws.redraw(image, destination: destination, view: path) : nil
                        let pixels = drawing?.redrawn.map { ($0.width, $0.height) } ?? image.pixelSize
                        imageLayout?.warnings = ImageWarning.drawing(
                            destination, pixels: pixels, resizable: !slices.isEmpty)
                    }
                }
                imageLayout?.warnings += ImageWarning.frames(of: imageView)
            }
            views.append(
                ViewLayout(
                    id: view.id, path: path, kind: view.imageView == nil ? "view" : "imageView",
                    positioning: path == "root" ? .frame : view.positioning,
                    frame: view.frame, absoluteFrame: absolute, bounds: view.bounds,
                    alignmentRectInsets: alignmentInsets, alignmentRect: view.frame.inset(by: alignmentInsets),
                    isHidden: view.isHidden, alpha: view.alpha, clipsToBounds: view.clipsToBounds, isDrawn: drawn,
                    backgroundColor: view.backgroundColor?.resolved(viewTraits), tintColor: effectiveTint,
                    tintAdjustmentMode: adjustment,
                    semanticContentAttribute: view.semanticContentAttribute, effectiveLayoutDirection: direction,
                    safeAreaInsets: geometry.safeAreaInsets[views.count],
                    layoutMargins: geometry.layoutMargins[views.count],
                    imageView: imageLayout))
            views[views.count - 1].isOpaque = view.isOpaque
            views[views.count - 1].backgroundPattern = view.backgroundPattern?.name

            let layer = view.layer
            let rounded =
                layer.cornerRadius > 0
                ? RoundedRect(
                    rect: device(absolute), radius: quantize(layer.cornerRadius * scale), corners: layer.maskedCorners,
                    curve: layer.cornerCurve)
                : nil
            if drawn {
                if opacity < 255 { list.commands.append(.beginGroup(opacity: opacity)) }
                if view.clipsToBounds {
                    list.commands.append(rounded.map { .pushRoundedClip($0) } ?? .pushClip(device(absolute)))
                }
                // The layer draws its background (a colour or a pattern) with its corners, under
                // a rounded clip of its own — inside the view's rounded clip too when it clips
                // (masksToBounds), so that the edge's coverage is the product of the two, as Core
                // Animation's renders show (docs/RENDERING.md §13).
                if let background = view.backgroundColor?.resolved(viewTraits), background.a > 0 {
                    if let rounded { list.commands.append(.pushRoundedClip(rounded)) }
                    list.commands.append(.fill(device(absolute), background.premultiplied))
                    if rounded != nil { list.commands.append(.popClip) }
                }
                if let pattern = view.backgroundPattern?.resolved(for: viewTraits), pattern.frames.isEmpty {
                    // UIColor(patternImage:): the image tiled from the bounds' top-left corner,
                    // clipped to the bounds (and the corners) as a background colour is.
                    let (w, h) = pattern.pixelSize
                    let slices = Slicing.slices(
                        pixelWidth: w, pixelHeight: h, scale: pattern.scale, caps: .zero, mode: .tile,
                        destination: view.bounds)
                    list.commands.append(rounded.map { .pushRoundedClip($0) } ?? .pushClip(device(absolute)))
                    draw(
                        ImageDrawing(
                            image: pattern, rect: view.bounds, slices: slices, mirrored: false, tint: nil,
                            sampling: .bilinear),
                        offset: absolute.origin)
                    list.commands.append(.popClip)
                }
                if let drawing { draw(drawing, offset: absolute.origin) }
            }
            let passed = Inherited(tint: tint, adjustment: adjustment, drawn: drawn)
            for (index, subview) in view.subviews.enumerated() {
                visit(subview, path: "\(path).subviews[\(index)]", origin: absolute.origin, inherited: passed)
            }
            if drawn {
                if view.clipsToBounds { list.commands.append(.popClip) }
                // Over the content and the subviews, inside the bounds, with the same corners (not
                // clipped again by the view's own rounded clip, whose shape it already has).
                if layer.borderWidth > 0 {
                    let color = layer.borderColor?.resolved(viewTraits) ?? RGBA(r: 0, g: 0, b: 0)
                    if color.a > 0 {
                        list.commands.append(
                            .border(
                                rounded ?? RoundedRect(rect: device(absolute), radius: 0),
                                width: quantize(layer.borderWidth * scale), color.premultiplied))
                    }
                }
                if opacity < 255 { list.commands.append(.endGroup) }
            }
        }

        /// Appends the commands that draw an image: one draw, or one per slice.
        mutating func draw(_ drawing: ImageDrawing, offset: Point) {
            let image = drawing.image
            let pixels = image.displayPixels(mirrored: drawing.mirrored)
            let index = list.index(of: pixels, named: image.name)
            let tint = drawing.tint?.premultiplied
            if drawing.slices.isEmpty {
                var (w, h) = image.pixelSize
                var index = index
                let destination = device(drawing.rect.offsetBy(dx: offset.x, dy: offset.y))
                // A preserved vector is drawn afresh at the pixel size it is shown at.
                if let drawn = drawing.redrawn {
                    index = list.index(
                        of: drawing.mirrored ? drawn.transformed(PixelTransform.flipHorizontal) : drawn,
                        named: image.name)
                    (w, h) = (drawn.width, drawn.height)
                }
                list.commands.append(
                    .drawImage(
                        ImageDraw(
                            image: index, source: PixelRect(x: 0, y: 0, width: w, height: h),
                            destination: destination, sampling: drawing.sampling, tint: tint)))
                return
            }
            let outer = device(drawing.rect.offsetBy(dx: offset.x, dy: offset.y))
            var columns = [outer.x0, outer.x0, outer.x1, outer.x1], rows = [outer.y0, outer.y0, outer.y1, outer.y1]
            // The grid's edges as Slicing rounded them (never x + width, which rounds again).
            for slice in drawing.slices {
                if slice.column == 0 { columns[1] = quantize((slice.right + offset.x) * scale) }
                if slice.column == 2 { columns[2] = quantize((slice.destination.minX + offset.x) * scale) }
                if slice.row == 0 { rows[1] = quantize((slice.bottom + offset.y) * scale) }
                if slice.row == 2 { rows[2] = quantize((slice.destination.minY + offset.y) * scale) }
            }
            columns = Self.seams(columns)
            rows = Self.seams(rows)
            for slice in drawing.slices {
                let destination = DeviceRect(
                    x0: columns[slice.column], y0: rows[slice.row],
                    x1: columns[slice.column + 1], y1: rows[slice.row + 1])
                if destination.isEmpty { continue }
                if let tile = slice.tileSize {
                    // Along an axis that does not tile, the one tile spans the slice as placed.
                    list.commands.append(
                        .tileImage(
                            TileDraw(
                                image: index, source: slice.source, region: destination,
                                tileWidth: slice.horizontal == .tile
                                    ? max(1, quantize(tile.width * scale)) : destination.x1 - destination.x0,
                                tileHeight: slice.vertical == .tile
                                    ? max(1, quantize(tile.height * scale)) : destination.y1 - destination.y0,
                                sampling: drawing.sampling, tint: tint)))
                } else {
                    list.commands.append(
                        .drawImage(
                            ImageDraw(
                                image: index, source: slice.source, destination: destination,
                                sampling: drawing.sampling, tint: tint)))
                }
            }
        }

        /// The four edges of a nine-slice grid along one axis (24.8) with the two inner edges — the
        /// seams between slices — rounded half up to whole pixels and kept in order between the
        /// outer edges: every pixel then belongs to one slice, and slices meet without seams. An
        /// inner edge equal to an outer one (a zero cap: Slicing's edges are exact, so it is the
        /// same number) is no seam and stays where it is, so the image keeps its fractional edge.
        static func seams(_ edges: [Int]) -> [Int] {
            let (e0, e3) = (edges[0], edges[3])
            func seam(_ v: Int) -> Int { v == e0 || v == e3 ? v : ((v + fixedOne / 2) >> 8) << 8 }
            let first = min(max(seam(edges[1]), e0), e3)
            let second = min(max(seam(edges[2]), first), e3)
            return [e0, first, second, e3]
        }

        static func info(_ image: Image, traits: Traits) -> ImageInfo {
            ImageInfo(
                name: image.name, size: image.size, scale: image.scale, pixelWidth: image.pixelSize.width,
                pixelHeight: image.pixelSize.height, orientation: image.orientation, renderingMode: image.renderingMode,
                tintColor: image.tintColor?.resolved(traits), capInsets: image.capInsets,
                resizingMode: image.resizingMode,
                flipsForRightToLeftLayoutDirection: image.flipsForRightToLeftLayoutDirection, source: image.source,
                symbol: image.symbol, baselineOffsetFromBottom: image.baselineOffsetFromBottom)
        }
    }
}

/// An image to draw in a view: where, how, with which slices.
private struct ImageDrawing {
    var image: Image
    /// In view coordinates.
    var rect: Rect
    /// In view coordinates.
    var slices: [Slice]
    var mirrored: Bool
    var tint: RGBA?
    var sampling: Sampling
    /// A preserved vector drawn afresh at the size it is shown (RedrawLedger), else nil.
    var redrawn: SourceImage?
}

extension Scene {
    /// The pixels a destination rectangle spans, each side rounded to whole pixels (at least 1, at
    /// most 8,192, and at most VectorRedraw.maxPixels in all: beyond, the bitmap is shown).
    static func redrawSize(_ r: DeviceRect) -> (Int, Int)? {
        let w = (r.x1 - r.x0 + 128) >> 8, h = (r.y1 - r.y0 + 128) >> 8
        guard w >= 1, h >= 1, w <= 8192, h <= 8192, w * h <= VectorRedraw.maxPixels else { return nil }
        return (w, h)
    }
}

/// Tint adjustments.
enum Tint {
    /// The dimmed tint (UIView.TintAdjustmentMode.dimmed). Apple does not publish its formula;
    /// Decision (docs/LAYOUT.md §Tint): a grey of the tint's luma, alpha kept, with BT.709 weights
    /// on the 8-bit sRGB values: Y = (54·R + 183·G + 19·B + 128) >> 8.
    static func dimmed(_ c: RGBA) -> RGBA {
        let r = 54 * Int(c.r), g = 183 * Int(c.g), b = 19 * Int(c.b)
        let y = UInt8((r + g + b + 128) >> 8)
        return RGBA(r: y, g: y, b: y, a: c.a)
    }
}
