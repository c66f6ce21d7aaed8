import PNGCodec

// Baseline TIFF as UIImage shows it: the first image of the file (the first directory), in strips
// or tiles, chunky or planar, uncompressed or LZW, Deflate or PackBits (horizontal prediction for
// 8- and 16-bit samples); bilevel and greyscale (1, 2, 4, 8, 16 bits; WhiteIsZero inverted), RGB
// (8, 16 bits) and palette colour (1, 2, 4, 8 bits), with an alpha sample, associated or not.
// Samples become straight RGBA8 by docs/FORMATS.md §TIFF: n-bit grey × 255 / (2^n − 1); 16-bit
// samples rounded, (v × 255 + 32767) / 65535; palette entries by their high byte unless all are
// under 256 (libtiff's reading of a colour map); associated alpha divided out, rounded, so that
// premultiplying again gives the file's samples back.

/// Decodes the first image of a TIFF file.
public struct TIFFDecoder: Sendable {
    public var limits: ImageFormatLimits

    public init(limits: ImageFormatLimits = .default) {
        self.limits = limits
    }

    /// Whether the bytes start like a classic TIFF file ("II*\0" or "MM\0*").
    public static func matches(_ bytes: [UInt8]) -> Bool { TIFFDirectory.isTIFF(bytes) }

    /// The first image's size.
    public func size(_ bytes: [UInt8]) throws(ImageFormatError) -> (width: Int, height: Int) {
        let directory = try TIFFDirectory(bytes)
        let size = (try directory.value(.imageWidth), try directory.value(.imageLength))
        try limits.check(width: size.0, height: size.1, format: "TIFF")
        return size
    }

    /// The first image and its Orientation tag (1–8, EXIF's meaning; 1 when absent or out of range).
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> (image: RGBAImage, orientation: Int) {
        let decoded = try decodeDeclaringAlpha(bytes)
        return (decoded.image, decoded.orientation)
    }

    /// `decode`, and whether the image has an alpha sample (TIFFLayout's rule).
    public func decodeDeclaringAlpha(_ bytes: [UInt8]) throws(ImageFormatError) -> (
        image: RGBAImage, orientation: Int, hasAlpha: Bool
    ) {
        let directory = try TIFFDirectory(bytes)
        let layout = try TIFFLayout(directory, limits: limits)
        var samples = TIFFSamples(layout)
        try layout.forEachChunk(directory) { chunk, data throws(ImageFormatError) in
            samples.place(chunk, data)
        }
        let orientation = try directory.value(.orientation, default: 1)
        return (samples.image(), (1...8).contains(orientation) ? orientation : 1, layout.alpha != .none)
    }
}
