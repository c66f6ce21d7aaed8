import PNGCodec

// WebP files (the RIFF container of the WebP Container Specification): a simple lossless file
// ("VP8L"), or an extended one ("VP8X": flags and the canvas size) whose image is lossless. Lossy
// data ("VP8 ") and animations are refused with their names; an ICC profile is not applied (the
// samples are taken as sRGB). docs/FORMATS.md §WebP.

/// Decodes lossless WebP files.
public struct WebPDecoder: Sendable {
    public var limits: ImageFormatLimits

    public init(limits: ImageFormatLimits = .default) {
        self.limits = limits
    }

    /// Whether the bytes start like a WebP file ("RIFF", a size, "WEBP").
    public static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    /// The image's size from its headers.
    public func size(_ bytes: [UInt8]) throws(ImageFormatError) -> (width: Int, height: Int) {
        let (start, end) = try losslessData(bytes)
        var decoder = VP8LDecoder(bytes, from: start, to: end, limits: limits)
        let size = try decoder.header()
        try limits.check(width: size.width, height: size.height, format: "WebP", at: start)
        return size
    }

    /// Decodes the image.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        let (start, end) = try losslessData(bytes)
        var decoder = VP8LDecoder(bytes, from: start, to: end, limits: limits)
        let (width, height, argb) = try decoder.decode()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (i, p) in argb.enumerated() {
            pixels[4 * i] = UInt8(p >> 16 & 0xFF)
            pixels[4 * i + 1] = UInt8(p >> 8 & 0xFF)
            pixels[4 * i + 2] = UInt8(p & 0xFF)
            pixels[4 * i + 3] = UInt8(p >> 24)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Where the VP8L data is: the file's chunks walked in order.
    private func losslessData(_ bytes: [UInt8]) throws(ImageFormatError) -> (Int, Int) {
        guard Self.matches(bytes) else {
            throw ImageFormatError("WebP", .corrupt, at: 0, "not a WebP file (it does not start with RIFF … WEBP)")
        }
        let reader = ByteReader(bytes, format: "WebP")
        let riffEnd = min(bytes.count, 8 + (try reader.u32(4, "the RIFF header")))
        var p = 12
        var extended = false
        while p + 8 <= riffEnd {
            let tag = String(decoding: bytes[p..<(p + 4)], as: UTF8.self)
            let size = try reader.u32(p + 4, "a chunk header")
            let start = p + 8
            guard size <= riffEnd - start else {
                throw ImageFormatError(
                    "WebP", .truncated, at: p, "the \(tag) chunk of \(size) bytes runs past the end of the file")
            }
            switch tag {
            case "VP8L": return (start, start + size)
            case "VP8 ":
                throw ImageFormatError(
                    "WebP", .unsupported, at: p,
                    "lossy WebP (a VP8 chunk) is not read yet: ivsim reads lossless WebP; export the image as PNG or JPEG"
                )
            case "VP8X":
                extended = true
                let flags = try reader.u8(start, "the VP8X chunk")
                if flags & 0x02 != 0 {
                    throw ImageFormatError(
                        "WebP", .unsupported, at: p, "an animated WebP is not read: export its first frame as PNG")
                }
            case "ALPH":
                throw ImageFormatError(
                    "WebP", .unsupported, at: p,
                    "lossy WebP with alpha (an ALPH chunk) is not read yet: export it as PNG")
            default: break  // ICCP, EXIF, XMP and unknown chunks are skipped
            }
            p = start + size + (size & 1)
        }
        throw ImageFormatError(
            "WebP", extended ? .corrupt : .truncated, at: min(p, bytes.count),
            "the file has no image data (no VP8L chunk)")
    }
}
