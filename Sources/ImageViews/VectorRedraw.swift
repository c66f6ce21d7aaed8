import Raster
import Synchronization

/// A vector image that an image view draws afresh at the size it shows it, as UIKit does for an
/// asset whose `preserves-vector-representation` is set (docs/SVG.md §Image sets): `draw` makes
/// the pixels for a size in pixels (nil when it cannot, and the bitmap is shown instead).
/// Drawings are made once per size and shared by every view and variant, on any thread.
public final class VectorRedraw: Sendable {
    private let draw: @Sendable (Int, Int) -> Bitmap?
    private let made = Mutex<[Int: SourceImage]>([:])
    /// The largest drawing, in pixels (2048 × 2048: a preserved vector filling an iPad's screen at
    /// 2x); larger sizes show the bitmap. With at most `maxKept` sizes kept, an image holds at
    /// most 16 × 2^22 × 12 bytes of drawings: each one's size alone decides, whatever order views
    /// and variants ask in, so the pixels stay the same on any number of threads.
    public static let maxPixels = 1 << 22
    public static let maxKept = 16

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
            if cache.count < Self.maxKept { cache[key] = image }
            return image
        }
    }
}
