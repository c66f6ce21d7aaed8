import PNGCodec

// The formats this module reads, told apart by their first bytes as ImageIO tells them (never by
// the file's extension), with one entry point each for the size and the pixels.

/// GIF, BMP, ICO/CUR, TIFF, WebP or Photoshop: the bitmap formats ImageIO reads besides PNG and JPEG.
public enum BitmapFormat: String, Sendable, CaseIterable {
    case gif = "GIF", bmp = "BMP", ico = "ICO", cur = "CUR", tiff = "TIFF", webp = "WebP", psd = "PSD"

    /// The format the bytes start like, or nil.
    public init?(sniffing bytes: [UInt8]) {
        if GIFDecoder.matches(bytes) {
            self = .gif
        } else if BMPDecoder.matches(bytes) {
            self = .bmp
        } else if TIFFDecoder.matches(bytes) {
            self = .tiff
        } else if WebPDecoder.matches(bytes) {
            self = .webp
        } else if PSDDecoder.matches(bytes) {
            self = .psd
        } else if ICODecoder.matches(bytes) {
            self = bytes[2] == 2 ? .cur : .ico
        } else {
            return nil
        }
    }

    /// The image's size in pixels from its headers.
    public func size(_ bytes: [UInt8], limits: ImageFormatLimits = .default) throws(ImageFormatError) -> (
        width: Int, height: Int
    ) {
        switch self {
        case .gif: try GIFDecoder(limits: limits).size(bytes)
        case .bmp: try BMPDecoder(limits: limits).size(bytes)
        case .ico, .cur: try ICODecoder(limits: limits).size(bytes)
        case .tiff: try TIFFDecoder(limits: limits).size(bytes)
        case .webp: try WebPDecoder(limits: limits).size(bytes)
        case .psd: try PSDDecoder(limits: limits).size(bytes)
        }
    }

    /// The image UIImage shows, its orientation (1–8, EXIF's meaning: a TIFF's Orientation tag; 1
    /// for the other formats) and whether the file gives it an alpha channel, whatever its pixels
    /// (each decoder's `decodeDeclaringAlpha` says what declares one; docs/FORMATS.md).
    public func decode(_ bytes: [UInt8], limits: ImageFormatLimits = .default) throws(ImageFormatError) -> (
        image: RGBAImage, orientation: Int, hasAlpha: Bool
    ) {
        switch self {
        case .gif: Self.upright(try GIFDecoder(limits: limits).decodeDeclaringAlpha(bytes))
        case .bmp: Self.upright(try BMPDecoder(limits: limits).decodeDeclaringAlpha(bytes))
        case .ico, .cur: Self.upright(try ICODecoder(limits: limits).decodeDeclaringAlpha(bytes))
        case .tiff: try TIFFDecoder(limits: limits).decodeDeclaringAlpha(bytes)
        case .webp: Self.upright(try WebPDecoder(limits: limits).decodeDeclaringAlpha(bytes))
        case .psd: Self.upright(try PSDDecoder(limits: limits).decodeDeclaringAlpha(bytes))
        }
    }

    private static func upright(_ decoded: (image: RGBAImage, hasAlpha: Bool)) -> (
        image: RGBAImage, orientation: Int, hasAlpha: Bool
    ) {
        (decoded.image, 1, decoded.hasAlpha)
    }
}
