import Raster

/// What drawing preserved vectors afresh (VectorRedraw) may take in one scene, that is one
/// variant or one snapshot (docs/LIMITS.md §Preserved vectors): work units of drawing in all, and
/// pixels of distinct drawings held at once by its display list.
public struct RedrawAllowance: Sendable, Equatable {
    public var work: Int
    public var pixels: Int

    public init(work: Int, pixels: Int) {
        self.work = work
        self.pixels = pixels
    }

    /// 4 × 10^9 units (DrawingLimits.defaultWork; a scenario gives what its `drawing-work` has
    /// left) and 2^24 pixels (192 MiB of drawings: four of
    /// 2048 × 2048, or a thousand 128-pixel icons).
    public static let `default` = RedrawAllowance(work: DrawingLimits.defaultWork, pixels: 1 << 24)
}

/// What a scene's preserved vectors took, and the first drawing refused for want of allowance.
public struct RedrawUse: Sendable, Equatable {
    public var work = 0
    public var pixels = 0
    /// The first drawing refused (its view shows the bitmap instead); nil when none was.
    public var refusal: RedrawRefusal?

    public init() {}
}

/// A preserved vector not drawn afresh because the allowance was spent.
public struct RedrawRefusal: Sendable, Equatable {
    /// The view's path in the tree ("root.subviews[3]").
    public var view: String
    public var image: String
    public var width: Int
    public var height: Int
    /// True when the work allowance was spent, false when the pixels were.
    public var work: Bool
    /// True for a multicolor symbol drawn in a view's tint (TintedRendering), false for a
    /// preserved vector drawn at the size a view shows it.
    public var multicolor = false
}

/// The drawings a scene's builder made, in the order its views are visited: each distinct
/// (vector, size) drawn once per scene and charged to the allowance, so the answer depends only
/// on the tree, never on what other scenes or threads drew first.
struct RedrawLedger {
    let allowance: RedrawAllowance
    private(set) var use = RedrawUse()
    private var drawn: [Key: SourceImage] = [:]
    private var tinted: [TintKey: Image] = [:]

    private struct TintKey: Hashable {
        let rendering: ObjectIdentifier
        let tint: RGBA
    }

    private struct Key: Hashable {
        let redraw: ObjectIdentifier
        let width: Int
        let height: Int
    }

    init(_ allowance: RedrawAllowance) {
        self.allowance = allowance
    }

    /// `image` drawn afresh at the pixel size `destination` spans, or nil when the bitmap is shown:
    /// the image preserves no vector, the size is the bitmap's or out of range, the drawing fails
    /// at that size, or the allowance is spent (then `use.refusal` says so; later requests are
    /// not drawn).
    mutating func redraw(_ image: Image, destination: DeviceRect, view: String) -> SourceImage? {
        guard let redraw = image.vectorRedraw, let (w, h) = Scene.redrawSize(destination), (w, h) != image.pixelSize
        else { return nil }
        let key = Key(redraw: ObjectIdentifier(redraw), width: w, height: h)
        if let hit = drawn[key] { return hit }
        guard use.refusal == nil else { return nil }
        guard use.pixels + w * h <= allowance.pixels else {
            use.refusal = RedrawRefusal(view: view, image: image.name, width: w, height: h, work: false)
            return nil
        }
        switch redraw.pixels(width: w, height: h, work: allowance.work - use.work) {
        case let .drawn(pixels, work):
            use.work += work
            use.pixels += w * h
            drawn[key] = pixels
            return pixels
        case .overBudget:
            use.refusal = RedrawRefusal(view: view, image: image.name, width: w, height: h, work: true)
            return nil
        case .failed:
            return nil
        }
    }

    /// A multicolor symbol's image with its tint layers in `tint` (TintedRendering), charged once
    /// per scene: its pixels and its drawing's work. Nil when it cannot be drawn or the allowance
    /// is spent (then `use.refusal` says so and the view shows the image as a template).
    mutating func tinted(_ rendering: TintedRendering, tint: RGBA, image: Image, view: String) -> Image? {
        let key = TintKey(rendering: ObjectIdentifier(rendering), tint: tint)
        if let hit = tinted[key] { return hit }
        guard use.refusal == nil, let made = rendering.image(tint: tint) else { return nil }
        let (w, h) = (made.pixels.width, made.pixels.height)
        let work = made.drawing?.work ?? 0
        guard use.pixels + w * h <= allowance.pixels, use.work + work <= allowance.work else {
            use.refusal = RedrawRefusal(
                view: view, image: image.name, width: w, height: h, work: use.work + work > allowance.work,
                multicolor: true)
            return nil
        }
        use.pixels += w * h
        use.work += work
        tinted[key] = made
        return made
    }
}
