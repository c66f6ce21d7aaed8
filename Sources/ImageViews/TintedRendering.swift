import Synchronization

/// An image whose pixels depend on the tint it is shown with, not only on its traits: a multicolor
/// symbol, whose tint layers take the view's tint colour while its other layers keep their own
/// colours (docs/SYMBOLS.md §Rendering modes). `make` draws the image for a tint; each tint is
/// drawn once and shared by every view that shows the image in it, on any thread. A scene charges
/// each tint's pixels to its redraw allowance (RedrawLedger).
public final class TintedRendering: Sendable {
    public typealias Make = @Sendable (_ tint: RGBA) -> Image?

    private let make: Make
    private let made = Mutex<[UInt32: Image]>([:])
    /// Tints kept per image; others are drawn again when asked for.
    public static let maxKept = 16

    public init(_ make: @escaping Make) {
        self.make = make
    }

    /// The image drawn with its tint layers in `tint`; nil when it cannot be drawn.
    public func image(tint: RGBA) -> Image? {
        let key = UInt32(tint.r) << 24 | UInt32(tint.g) << 16 | UInt32(tint.b) << 8 | UInt32(tint.a)
        if let kept = made.withLock({ $0[key] }) { return kept }
        guard let image = make(tint) else { return nil }
        return made.withLock { kept in
            if let first = kept[key] { return first }  // another thread drew it first: share one
            if kept.count < Self.maxKept { kept[key] = image }
            return image
        }
    }
}
