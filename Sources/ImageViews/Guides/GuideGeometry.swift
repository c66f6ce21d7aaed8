// Each view's safe area insets and effective layout margins, from the frames of the tree
// (docs/LAYOUT.md §Safe area, §Layout margins):
//   safe area insets — the root's are the canvas's; a subview's, per edge, the part of its
//     superview's inset band that it overlaps, never more than the superview's inset: with P the
//     superview's insets, H and W its size and f the subview's frame,
//       top = clamp(P.top − f.minY, 0, P.top), bottom = clamp(P.bottom − (H − f.maxY), 0, P.bottom),
//     left and right alike;
//   layout margins — the margins as set (directional ones resolved for the view's effective
//     layout direction); plus, when insetsLayoutMarginsFromSafeArea, the safe area inset of the
//     same side; then, when preservesSuperviewLayoutMargins, per side at least the superview's
//     effective margin less the distance from the superview's edge to the view's (the
//     "smallest amount needed" to keep the content inside the superview's margins).

/// Safe area insets and layout margins of every view, in pre-order (a view before its subviews).
struct GuideGeometry: Equatable {
    var safeAreaInsets: [EdgeInsets] = []
    var layoutMargins: [EdgeInsets] = []

    /// None: for systems without margins or safe area guides.
    init() {}

    /// The geometry of the tree under `root` (whose frame is the canvas) with the canvas's safe
    /// area inset by `canvasSafeArea`, the views' frames as they are.
    init(root: View, canvasSafeArea: EdgeInsets, traits: Traits) {
        visit(root, parent: nil, traits: traits, rootInsets: canvasSafeArea)
    }

    private mutating func visit(
        _ view: View, parent: (size: Size, insets: EdgeInsets, margins: EdgeInsets)?, traits: Traits,
        rootInsets: EdgeInsets
    ) {
        let frame = parent == nil ? Rect(origin: .zero, size: view.frame.size) : view.frame
        var insets = rootInsets
        if let parent {
            let p = parent.insets
            func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, 0), limit) }
            insets = EdgeInsets(
                top: clamp(p.top - frame.minY, p.top), left: clamp(p.left - frame.minX, p.left),
                bottom: clamp(p.bottom - (parent.size.height - frame.maxY), p.bottom),
                right: clamp(p.right - (parent.size.width - frame.maxX), p.right))
        }
        let settings = view.guides
        let direction = view.traits(in: traits).layoutDirection
        var margins = settings.layoutMargins.absolute(in: direction)
        if settings.insetsLayoutMarginsFromSafeArea {
            margins = EdgeInsets(
                top: margins.top + insets.top, left: margins.left + insets.left,
                bottom: margins.bottom + insets.bottom, right: margins.right + insets.right)
        }
        if settings.preservesSuperviewLayoutMargins, let parent {
            let p = parent.margins, size = parent.size
            margins = EdgeInsets(
                top: max(margins.top, p.top - frame.minY), left: max(margins.left, p.left - frame.minX),
                bottom: max(margins.bottom, p.bottom - (size.height - frame.maxY)),
                right: max(margins.right, p.right - (size.width - frame.maxX)))
        }
        safeAreaInsets.append(insets)
        layoutMargins.append(margins)
        for subview in view.subviews {
            visit(subview, parent: (frame.size, insets, margins), traits: traits, rootInsets: rootInsets)
        }
    }
}
