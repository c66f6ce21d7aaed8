import Raster

/// An image that can draw itself as vectors into a drawing context (a symbol image): UIImage's
/// draw(at:) and draw(in:) fill its outlines at the destination instead of resampling its
/// pixels, so it stays sharp at any size and angle (docs/SYMBOLS.md §Drawing symbols).
public final class VectorDrawing: Sendable {
    /// Draws the image's box into the rectangle (x, y, width, height) of the context's user
    /// space, filled with `color` (premultiplied); with `multicolor`, a multicolor symbol's layers
    /// in their own colours and only its tint layers in `color` (false: the image is drawn as
    /// original, where Apple's multicolor configuration has no effect).
    public typealias Draw =
        @Sendable (
            _ context: inout DrawingContext, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
            _ color: PremultipliedColor, _ multicolor: Bool
        ) throws(DrawingFailure) -> Void

    public let draw: Draw

    public init(_ draw: @escaping Draw) {
        self.draw = draw
    }
}
