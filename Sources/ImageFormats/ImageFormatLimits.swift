/// The largest image a reader in this module decodes; checked from the header, before any pixel
/// buffer is made.
public struct ImageFormatLimits: Sendable, Equatable {
    /// Largest width and height in pixels.
    public var maxWidth: Int
    public var maxHeight: Int
    /// Largest width × height.
    public var maxPixels: Int

    public init(maxWidth: Int = 1 << 16, maxHeight: Int = 1 << 16, maxPixels: Int = 1 << 26) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
    }

    /// 65,536 pixels a side, 64 Mi pixels (256 MiB of RGBA8), as PNGDecoder's defaults.
    public static let `default` = ImageFormatLimits()

    /// Refuses a size over the limits (or not positive) before anything that size is allocated.
    func check(width: Int, height: Int, format: String, at offset: Int? = nil) throws(ImageFormatError) {
        guard width > 0, height > 0 else {
            throw ImageFormatError(format, .corrupt, at: offset, "the image is \(width) × \(height) pixels (empty)")
        }
        guard width <= maxWidth, height <= maxHeight,
            width.multipliedReportingOverflow(by: height).partialValue
                <= maxPixels, !width.multipliedReportingOverflow(by: height).overflow
        else {
            throw ImageFormatError(
                format, .exceedsLimits, at: offset,
                "\(width) × \(height) pixels is over the limits (\(maxWidth) × \(maxHeight), \(maxPixels) pixels)")
        }
    }
}
