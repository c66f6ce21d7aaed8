import Raster
import Synchronization

/// A vector image that an image view draws afresh at the size it shows it, as UIKit does for an
/// asset whose `preserves-vector-representation` is set (docs/SVG.md §Image sets): `draw` makes
/// the pixels for a size in pixels (nil when it cannot, and the bitmap is shown instead).
/// Drawings are made once per size and shared by every view and variant, on any thread.
public final class VectorRedraw: Sendable {
    private let draw: @Sendable (Int, Int) -> Bitmap?
    private let made = Mutex<[Int: SourceImage]>([:])

    public init(_ draw: @escaping @Sendable (Int, Int) -> Bitmap?) {
        self.draw = draw
    }

    /// The vector drawn to `width` × `height` pixels.
    public func pixels(width: Int, height: Int) -> SourceImage? {
        let key = width << 32 | height
        if let hit = made.withLock({ $0[key] }) { return hit }
        guard let bitmap = draw(width, height) else { return nil }
        let image = SourceImage(bitmap)
        return made.withLock { cache in
            if let stored = cache[key] { return stored }
            if cache.count < 64 { cache[key] = image }  // at most 64 sizes kept per image
            return image
        }
    }
}
