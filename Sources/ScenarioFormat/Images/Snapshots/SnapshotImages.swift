import AssetCatalogs
import ImageViews
import Raster
import Syntax

// `snapshot` image sources (docs/DRAWING.md §Snapshots): images of views of the same scenario,
// made per variant after a layout pass, in an order where every view snapshotted shows only
// snapshots made before it (a cycle is refused when the scenario loads).

/// One `snapshot` image: the view it shows and how.
public struct SnapshotRequest: Sendable {
    /// The image's name in the scenario.
    public var name: String
    /// The id of the view drawn.
    public var viewID: String
    /// Pixels per point; nil: the variant's display scale.
    public var scale: Int?
    /// The part of the view's bounds drawn (points); nil: all of it.
    public var rect: Rect?
    /// resizableSnapshotView(from:afterScreenUpdates:withCapInsets:): the snapshot stretches
    /// between these insets (points) wherever it is shown larger or smaller; nil: not resizable.
    public var capInsets: EdgeInsets? = nil
    /// The pixels views hold until the snapshot is made (identity only; never drawn).
    public let placeholder: SourceImage

    /// The image a view holds until its snapshot is made: 1 × 1 transparent, called `name`.
    var placeholderImage: Image { Image(name: name, pixels: placeholder) }
}

/// What became of one snapshot in one variant.
public enum SnapshotOutcome: Sendable {
    case made(name: String, width: Int, height: Int, work: Int)
    /// The view has no area at that scale, or more than `maxSide` pixels a side: no image.
    case refused(name: String, reason: String)
}

enum SnapshotImages {
    /// Largest side of a snapshot, in pixels.
    static let maxSide = 4096
    /// Snapshots in one scenario (each is a layout pass per variant).
    static let maxCount = 16
}

extension Scenario {
    /// The laid-out scene of a variant, what became of each snapshot on the way, and what drawing
    /// preserved vectors afresh took in all the scenes laid out for it, each given what the ones
    /// before left of `redraws` (the scenario's allowance when nil).
    public func sceneWithSnapshots(for variant: Variant, redraws: RedrawAllowance? = nil)
        -> (scene: Scene, snapshots: [SnapshotOutcome], redraws: RedrawUse)
    {
        var made: [Image?] = Array(repeating: nil, count: snapshots.count)
        var outcomes: [SnapshotOutcome] = []
        var allowance = redraws ?? self.redraws
        var used = RedrawUse()
        var snapshotBytes = 0
        func spend(_ use: RedrawUse) {
            used.work += use.work
            used.pixels = max(used.pixels, use.pixels)  // each scene's drawings are held while it is
            used.refusal = used.refusal ?? use.refusal
            allowance.work -= use.work
        }
        for (k, request) in snapshots.enumerated() {
            let root = root(for: variant, snapshots: made)
            let scene = layOut(root, variant, redraws: allowance)
            spend(scene.redraws)
            let scale = request.scale ?? variant.traits.displayScale
            guard let layout = scene.layout.views.first(where: { $0.id == request.viewID }) else { continue }
            let size = request.rect?.size ?? layout.frame.size
            let (w, h) = (
                Int((size.width * Double(scale)).rounded(.up)), Int((size.height * Double(scale)).rounded(.up))
            )
            guard w >= 1, h >= 1, w <= SnapshotImages.maxSide, h <= SnapshotImages.maxSide else {
                outcomes.append(
                    .refused(
                        name: request.name,
                        reason: w < 1 || h < 1
                            ? "the view (or rect) has no area in this variant, so the snapshot is an empty image; ivsim shows none"
                            : "the snapshot would be \(w) × \(h) pixels, more than \(SnapshotImages.maxSide) a side (docs/LIMITS.md)"
                    ))
                continue
            }
            guard snapshotBytes + w * h * PixelBudget.bytesPerPixel <= self.snapshotBytes else {
                outcomes.append(
                    .refused(
                        name: request.name,
                        reason: "the snapshots of this variant up to this one would hold "
                            + "\(PixelBudget.mebibytes(snapshotBytes + w * h * PixelBudget.bytesPerPixel)), more than the "
                            + "\(PixelBudget.mebibytes(self.snapshotBytes)) the scenario's image-bytes leaves after its images: smaller or fewer "
                            + "snapshots, or split the scenario" + ScenarioLimits.raise("image-bytes")))
                continue
            }
            snapshotBytes += w * h * PixelBudget.bytesPerPixel
            if let (bitmap, work, use) = ViewSnapshot.render(
                viewID: request.viewID, root: root, scene: scene, traits: variant.traits,
                scale: scale, rect: request.rect, redraws: allowance)
            {
                var use = use
                use.refusal?.view = "snapshot \"\(request.name)\""  // a path in the snapshot's own tree
                spend(use)
                var image = Image(name: request.name, pixels: SourceImage(bitmap, opaque: false), scale: Double(scale))
                if let caps = request.capInsets {  // "stretchable insets" [Apple]: stretched, not tiled
                    image.capInsets = caps
                    image.resizingMode = .stretch
                }
                made[k] = image
                outcomes.append(.made(name: request.name, width: bitmap.width, height: bitmap.height, work: work))
            } else {
                outcomes.append(
                    .refused(name: request.name, reason: "no view has the id \"\(request.viewID)\" in this variant"))
            }
        }
        let scene = layOut(root(for: variant, snapshots: made), variant, redraws: allowance)
        spend(scene.redraws)
        return (scene, outcomes, used)
    }

    func layOut(_ root: View, _ variant: Variant, redraws: RedrawAllowance) -> Scene {
        Scene(
            root: root, canvasSize: variant.canvasSize, traits: variant.traits, background: background,
            constraints: constraints, safeAreaInsets: variant.safeAreaInsets, redraws: redraws)
    }

    /// Puts each snapshot made so far in place of its placeholder (nil: not made yet, no image).
    func replacingSnapshots(in view: inout View, _ made: [Image?]) {
        for (request, image) in zip(snapshots, made) {
            view.replaceImage(request.placeholder, with: image)
        }
    }
}
