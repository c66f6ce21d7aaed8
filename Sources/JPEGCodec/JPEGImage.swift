/// A decoded JPEG: 8-bit samples, rows top to bottom, as stored (the EXIF orientation is reported,
/// not applied), with what the file says about how to show them.
public struct JPEGImage: Equatable, Sendable {
    /// Width and height in pixels, as stored.
    public let width: Int
    public let height: Int
    /// 1 (grayscale: one byte per pixel) or 3 (RGB: three bytes per pixel, R G B).
    public let channels: Int
    /// `width * height * channels` bytes, row-major, no padding.
    public var samples: [UInt8]
    /// The EXIF orientation tag (1–8; 1 when the file has none or an invalid value).
    public var orientation: Int
    /// The embedded ICC profile (its APP2 chunks joined in sequence order), if any.
    public var iccProfile: [UInt8]?
    /// How the file was coded, for reports: "baseline", "extended" or "progressive".
    public var process: String

    public init(
        width: Int, height: Int, channels: Int, samples: [UInt8], orientation: Int = 1,
        iccProfile: [UInt8]? = nil, process: String = "baseline"
    ) {
        precondition(channels == 1 || channels == 3, "JPEGImage holds 1 or 3 channels")
        precondition(
            width >= 0 && height >= 0 && samples.count == width * height * channels,
            "JPEGImage needs width * height * channels samples")
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
        self.orientation = orientation
        self.iccProfile = iccProfile
        self.process = process
    }

    /// The samples as straight RGBA8 (alpha 255): grey copied to R, G and B.
    public var rgba: [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { o in
            samples.withUnsafeBufferPointer { s in
                if channels == 1 {
                    for i in 0..<(width * height) {
                        let v = s[i]
                        o[4 * i] = v; o[4 * i + 1] = v; o[4 * i + 2] = v
                    }
                } else {
                    for i in 0..<(width * height) {
                        o[4 * i] = s[3 * i]; o[4 * i + 1] = s[3 * i + 1]; o[4 * i + 2] = s[3 * i + 2]
                    }
                }
            }
        }
        return out
    }
}
