import Raster

// Snapshots of views (docs/DRAWING.md §Snapshots): what
// `UIGraphicsImageRenderer(bounds:).image { view.drawHierarchy(in: view.bounds, afterScreenUpdates: true) }`
// gives after a layout pass — the view and its subviews as laid out, in the view's own
// coordinates, on a transparent image of its bounds (or of `rect` within them, as
// resizableSnapshotView(from:) takes a sub-rectangle), at a scale.

/// A laid-out view drawn on its own.
public enum ViewSnapshot {
    /// The image of the view with id `viewID` in `scene` (laid out from `root`), the pixel
    /// operations drawing it took (DisplayList.renderWork) and what drawing its preserved vectors
    /// afresh took (within `redraws`), or nil when no view has that id. `rect` (points, the view's
    /// bounds coordinates) defaults to its bounds.
    public static func render(
        viewID: String, root: View, scene: Scene, traits: Traits, scale: Int, rect: Rect?,
        redraws: RedrawAllowance = .default
    ) -> (Bitmap, Int, RedrawUse)? {
        var index = 0
        guard let (view, layout) = frozen(root, scene.layout.views, index: &index, find: viewID) else { return nil }
        let area = rect ?? Rect(origin: .zero, size: layout.frame.size)
        var placed = view
        placed.frame = Rect(x: -area.minX, y: -area.minY, width: layout.frame.width, height: layout.frame.height)
        // A transparent container stands for the window; it passes down the tint the view inherited.
        var container = View(frame: .zero, tintColor: Color(layout.tintColor), subviews: [placed])
        container.tintAdjustmentMode = .normal
        var snapshotTraits = traits
        snapshotTraits.displayScale = scale
        let made = Scene(root: container, canvasSize: area.size, traits: snapshotTraits, redraws: redraws)
        return (
            made.render(), made.displayList.renderWork(width: made.layout.pixelWidth, height: made.layout.pixelHeight),
            made.redraws
        )
    }

    /// The view with `viewID` (searched in visit order, which is the order of `layouts`) as a tree
    /// of views whose frames are their laid-out frames and whose layout is done: no constraints,
    /// no stacks, no sizing to fit.
    private static func frozen(_ view: View, _ layouts: [ViewLayout], index: inout Int, find viewID: String) -> (
        View, ViewLayout
    )? {
        let mine = index
        index += 1
        if view.id == viewID, mine < layouts.count {
            var inner = mine
            return (freeze(view, layouts, index: &inner), layouts[mine])
        }
        for subview in view.subviews {
            if let found = frozen(subview, layouts, index: &index, find: viewID) { return found }
        }
        return nil
    }

    private static func freeze(_ view: View, _ layouts: [ViewLayout], index: inout Int) -> View {
        var copy = view
        if index < layouts.count { copy.frame = layouts[index].frame }
        index += 1
        copy.positioning = .frame
        copy.stack = nil
        copy.subviews = view.subviews.map { freeze($0, layouts, index: &index) }
        return copy
    }
}

extension View {
    /// Replaces every image reference whose pixels are `placeholder` (image, highlighted image,
    /// animation frames) by `image`, or removes it when `image` is nil, in the whole tree.
    public mutating func replaceImage(_ placeholder: SourceImage, with image: Image?) {
        if var imageView = self.imageView {
            func swap(_ candidate: Image?) -> Image? {
                guard let candidate, candidate.pixels === placeholder else { return candidate }
                return image
            }
            imageView.image = swap(imageView.image)
            imageView.highlightedImage = swap(imageView.highlightedImage)
            imageView.animationImages = imageView.animationImages.compactMap { swap($0) }
            imageView.highlightedAnimationImages = imageView.highlightedAnimationImages.compactMap { swap($0) }
            self.imageView = imageView
        }
        for index in subviews.indices { subviews[index].replaceImage(placeholder, with: image) }
    }

    /// Whether the view or one in its subtree shows an image whose pixels are `placeholder`.
    public func shows(_ placeholder: SourceImage) -> Bool {
        if let imageView {
            let images =
                [imageView.image, imageView.highlightedImage].compactMap { $0 } + imageView.animationImages
                + imageView.highlightedAnimationImages
            if images.contains(where: { $0.pixels === placeholder }) { return true }
        }
        return subviews.contains { $0.shows(placeholder) }
    }
}
