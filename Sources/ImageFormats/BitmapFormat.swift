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

    /// The image UIImage shows and its orientation (1–8, EXIF's meaning: a TIFF's Orientation tag;
    /// 1 for the other formats).
    public func decode(_ bytes: [UInt8], limits: ImageFormatLimits = .default) throws(ImageFormatError) -> (
        image: RGBAImage, orientation: Int
    ) {
        switch self {
        case .gif: (try GIFDecoder(limits: limits).decode(bytes), 1)
        case .bmp: (try BMPDecoder(limits: limits).decode(bytes), 1)
        case .ico, .cur: (try ICODecoder(limits: limits).decode(bytes), 1)
        case .tiff: try TIFFDecoder(limits: limits).decode(bytes)
        case .webp: (try WebPDecoder(limits: limits).decode(bytes), 1)
        case .psd: (try PSDDecoder(limits: limits).decode(bytes), 1)
        }
    }
}
