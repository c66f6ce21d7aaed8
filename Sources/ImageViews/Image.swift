import Raster

/// A UIImage: a bitmap and the scale its pixels are meant for.
public struct Image: Sendable {
    /// The name the scenario gives the image (for reports).
    public var name: String
    /// Premultiplied pixels, shared between every view and variant that draws them.
    public var pixels: SourceImage
    /// Pixels per point (1, 2, 3, …): `size` is the pixel size divided by it.
    public var scale: Double

    public init(name: String, pixels: SourceImage, scale: Double = 1) {
        self.name = name
        self.pixels = pixels
        self.scale = scale
    }

    /// Size in pixels.
    public var pixelSize: (width: Int, height: Int) { (pixels.width, pixels.height) }

    /// Size in points: pixel size ÷ scale.
    public var size: Size {
        Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }
}
