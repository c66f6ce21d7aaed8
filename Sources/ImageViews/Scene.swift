import Raster

// Lays out a view tree and turns it into a display list in one walk (docs/LAYOUT.md and
// docs/RENDERING.md §7). Per drawn view, in order:
//   beginGroup(opacity)        if alpha < 1 (the view and its subviews composite as a group)
//   pushClip(bounds)           if clipsToBounds (the image and the subviews are clipped)
//   fill(bounds, background)   if backgroundColor has alpha > 0
//   drawImage(…)               if the image view shows an image with a non-empty rect
//   …subviews…
//   popClip, endGroup
// Hidden views and views whose opacity rounds to 0 draw nothing, nor do their subviews.

/// A laid-out view tree and what it draws.
public struct Scene: Sendable {
    public let layout: LayoutResult
    public let displayList: DisplayList
    /// Canvas background (premultiplied) drawn before the root view.
    public let background: PremultipliedColor

    /// Lays out `root` (its frame is set to the canvas) on a canvas of `canvasSize` points.
    public init(root: View, canvasSize: Size, traits: Traits, background: Color? = nil) {
        var builder = Builder(traits: traits)
        var root = root
        root.frame = Rect(origin: .zero, size: canvasSize)
        builder.visit(root, path: "root", origin: .zero, inheritedTint: Color.systemBlue, ancestorsDrawn: true)
        let scale = Double(traits.displayScale)
        layout = LayoutResult(canvasSize: canvasSize, traits: traits,
                              pixelWidth: Int((canvasSize.width * scale).rounded(.up)),
                              pixelHeight: Int((canvasSize.height * scale).rounded(.up)),
                              views: builder.views)
        displayList = builder.list
        self.background = background?.resolved(traits.userInterfaceStyle).premultiplied ?? .clear
    }

    /// Renders the display list.
    public func render() -> Bitmap {
        Renderer.render(displayList, width: layout.pixelWidth, height: layout.pixelHeight, background: background)
    }

    private struct Builder {
        let traits: Traits
        let scale: Double
        var views: [ViewLayout] = []
        var list = DisplayList()

        init(traits: Traits) {
            self.traits = traits
            scale = Double(traits.displayScale)
        }

        /// A rectangle in canvas points to 24.8 device pixels: each edge × scale, then quantised.
        func device(_ r: Rect) -> DeviceRect {
            DeviceRect(x0: quantize(r.minX * scale), y0: quantize(r.minY * scale),
                       x1: quantize(r.maxX * scale), y1: quantize(r.maxY * scale))
        }

        mutating func visit(_ view: View, path: String, origin: Point, inheritedTint: Color, ancestorsDrawn: Bool) {
            let style = traits.userInterfaceStyle
            let absolute = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            let tint = view.tintColor ?? inheritedTint
            let opacity = UInt8((min(max(view.alpha, 0), 1) * 255).rounded())
            let drawn = ancestorsDrawn && !view.isHidden && opacity > 0

            var imageLayout: ImageViewLayout?
            var drawImage: (Image, Rect)?
            if let imageView = view.imageView {
                let displayed = imageView.displayedImage
                let rect = displayed.flatMap { imageView.contentMode.imageRect(for: $0.size, in: view.bounds) }
                let key: String? = displayed == nil ? nil
                    : (imageView.isHighlighted && imageView.highlightedImage != nil ? "highlightedImage" : "image")
                imageLayout = ImageViewLayout(
                    contentMode: imageView.contentMode, isHighlighted: imageView.isHighlighted,
                    displayedImageKey: key,
                    image: displayed.map { ImageInfo(name: $0.name, size: $0.size, scale: $0.scale,
                                                     pixelWidth: $0.pixelSize.width, pixelHeight: $0.pixelSize.height) },
                    intrinsicContentSize: imageView.intrinsicContentSize, sizeThatFits: imageView.sizeThatFits,
                    imageRect: rect, sampling: imageView.sampling)
                if let displayed, let rect { drawImage = (displayed, rect) }
            }
            views.append(ViewLayout(
                id: view.id, path: path, kind: view.imageView == nil ? "view" : "imageView",
                frame: view.frame, absoluteFrame: absolute, bounds: view.bounds, alignmentRect: view.frame,
                isHidden: view.isHidden, alpha: view.alpha, clipsToBounds: view.clipsToBounds, isDrawn: drawn,
                backgroundColor: view.backgroundColor?.resolved(style), tintColor: tint.resolved(style),
                imageView: imageLayout))

            if drawn {
                if opacity < 255 { list.commands.append(.beginGroup(opacity: opacity)) }
                if view.clipsToBounds { list.commands.append(.pushClip(device(absolute))) }
                if let background = view.backgroundColor?.resolved(style), background.a > 0 {
                    list.commands.append(.fill(device(absolute), background.premultiplied))
                }
                if let (image, rect) = drawImage {
                    let index = list.index(of: image.pixels, named: image.name)
                    let source = PixelRect(x: 0, y: 0, width: image.pixelSize.width, height: image.pixelSize.height)
                    let destination = device(rect.offsetBy(dx: absolute.minX, dy: absolute.minY))
                    list.commands.append(.drawImage(ImageDraw(image: index, source: source, destination: destination,
                                                              sampling: view.imageView?.sampling ?? .bilinear)))
                }
            }
            for (index, subview) in view.subviews.enumerated() {
                visit(subview, path: "\(path).subviews[\(index)]", origin: absolute.origin, inheritedTint: tint,
                      ancestorsDrawn: drawn)
            }
            if drawn {
                if view.clipsToBounds { list.commands.append(.popClip) }
                if opacity < 255 { list.commands.append(.endGroup) }
            }
        }
    }
}
