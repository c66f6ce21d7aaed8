// The renderer's input: device-pixel drawing operations, already quantised. `ImageViews` builds
// it from a laid-out view tree; it is also written to the layout snapshot, so that a porting team
// can compare the exact operations as well as the pixels.

/// How an image is sampled.
public enum Sampling: String, Sendable, Equatable {
    /// Bilinear at destination pixel centres, clamped to the source rectangle.
    case bilinear
    /// The source pixel under the destination pixel centre.
    case nearest
}

/// One image draw.
public struct ImageDraw: Equatable, Sendable {
    /// Index into `DisplayList.images`.
    public var image: Int
    /// Source pixels drawn (sampling never reads outside them).
    public var source: PixelRect
    /// Where the source rectangle lands, in 24.8 device pixels.
    public var destination: DeviceRect
    public var sampling: Sampling
    /// Template drawing: the sampled alpha is a mask filled with this colour.
    public var tint: PremultipliedColor?

    public init(
        image: Int, source: PixelRect, destination: DeviceRect, sampling: Sampling = .bilinear,
        tint: PremultipliedColor? = nil
    ) {
        self.image = image
        self.source = source
        self.destination = destination
        self.sampling = sampling
        self.tint = tint
    }
}

/// An image repeated across a region: tiles of `tileWidth` × `tileHeight` (24.8 device pixels)
/// laid from the region's top-left corner, left to right and top to bottom, cut at the region's
/// right and bottom edges. Each tile is the draw of `source` into its own rectangle.
public struct TileDraw: Equatable, Sendable {
    public var image: Int
    public var source: PixelRect
    /// The region covered, in 24.8 device pixels; the first tile starts at its top-left corner.
    public var region: DeviceRect
    public var tileWidth: Int
    public var tileHeight: Int
    public var sampling: Sampling
    public var tint: PremultipliedColor?

    public init(
        image: Int, source: PixelRect, region: DeviceRect, tileWidth: Int, tileHeight: Int,
        sampling: Sampling = .bilinear, tint: PremultipliedColor? = nil
    ) {
        self.image = image
        self.source = source
        self.region = region
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.sampling = sampling
        self.tint = tint
    }
}

/// A drawing operation.
public enum DisplayCommand: Equatable, Sendable {
    /// Source-over a colour over the rectangle (exact area coverage at its edges).
    case fill(DeviceRect, PremultipliedColor)
    /// Source-over an image.
    case drawImage(ImageDraw)
    /// Source-over an image repeated across a region.
    case tileImage(TileDraw)
    /// Intersects the clip with a rectangle until the matching `popClip`.
    case pushClip(DeviceRect)
    /// Intersects the clip with a rounded rectangle until the matching `popClip` (§13).
    case pushRoundedClip(RoundedRect)
    case popClip
    /// A layer's border: the rounded rectangle minus the one inset by `width` (24.8), filled (§13).
    case border(RoundedRect, width: Int, PremultipliedColor)
    /// Draws the following commands into a transparent layer until `endGroup`, which composites
    /// the layer with this opacity (0…255).
    case beginGroup(opacity: UInt8)
    case endGroup
}

/// Operations and the images they draw.
public struct DisplayList: Sendable {
    public var images: [SourceImage]
    /// A name per image, for reports.
    public var imageNames: [String]
    public var commands: [DisplayCommand]

    public init(images: [SourceImage] = [], imageNames: [String] = [], commands: [DisplayCommand] = []) {
        self.images = images
        self.imageNames = imageNames
        self.commands = commands
    }

    /// Adds an image (once per identity and name: two scenario images may share decoded pixels,
    /// and each draw is reported under its own name) and returns its index.
    public mutating func index(of image: SourceImage, named name: String) -> Int {
        if let index = images.indices.first(where: { images[$0] === image && imageNames[$0] == name }) { return index }
        images.append(image)
        imageNames.append(name)
        return images.count - 1
    }
}
