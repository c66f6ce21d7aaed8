import PNGCodec

// WebP files (the RIFF container of the WebP Container Specification): a simple lossless file
// ("VP8L"), a simple lossy one ("VP8 "), or an extended one ("VP8X": flags and the canvas size)
// whose image is either, a lossy image with its alpha in an ALPH chunk before it. Animations are
// refused; an ICC profile is not applied (the samples are taken as sRGB). docs/FORMATS.md §WebP.

/// Decodes WebP files, lossless and lossy.
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
        let image = try chunks(bytes)
        let size: (width: Int, height: Int)
        if image.lossy {
            size = try VP8Decoder(
                bytes: bytes, start: image.data.lowerBound, end: image.data.upperBound, limits: limits
            )
            .size()
        } else {
            var decoder = VP8LDecoder(bytes, from: image.data.lowerBound, to: image.data.upperBound, limits: limits)
            size = try decoder.header()
        }
        try limits.check(width: size.width, height: size.height, format: "WebP", at: image.data.lowerBound)
        return size
    }

    /// Decodes the image.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        let image = try chunks(bytes)
        if image.lossy {
            let frame = try VP8Decoder(
                bytes: bytes, start: image.data.lowerBound, end: image.data.upperBound, limits: limits
            ).decode()
            var pixels = frame.rgba
            if let alpha = image.alpha {
                let plane = try WebPAlpha.plane(
                    bytes, from: alpha.lowerBound, to: alpha.upperBound, width: frame.width, height: frame.height,
                    limits: limits)
                for i in 0..<(frame.width * frame.height) { pixels[4 * i + 3] = plane[i] }
            }
            return RGBAImage(width: frame.width, height: frame.height, pixels: pixels)
        }
        var decoder = VP8LDecoder(bytes, from: image.data.lowerBound, to: image.data.upperBound, limits: limits)
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

    /// Where the image data (and a lossy image's alpha) are: the file's chunks walked in order.
    private func chunks(_ bytes: [UInt8]) throws(ImageFormatError) -> (
        data: Range<Int>, lossy: Bool, alpha: Range<Int>?
    ) {
        guard Self.matches(bytes) else {
            throw ImageFormatError("WebP", .corrupt, at: 0, "not a WebP file (it does not start with RIFF … WEBP)")
        }
        let reader = ByteReader(bytes, format: "WebP")
        let riffEnd = min(bytes.count, 8 + (try reader.u32(4, "the RIFF header")))
        var p = 12
        var extended = false
        var alpha: Range<Int>?
        while p + 8 <= riffEnd {
            let tag = String(decoding: bytes[p..<(p + 4)], as: UTF8.self)
            let size = try reader.u32(p + 4, "a chunk header")
            let start = p + 8
            guard size <= riffEnd - start else {
                throw ImageFormatError(
                    "WebP", .truncated, at: p, "the \(tag) chunk of \(size) bytes runs past the end of the file")
            }
            switch tag {
            case "VP8L": return (start..<(start + size), false, nil)
            case "VP8 ": return (start..<(start + size), true, alpha)
            case "VP8X":
                extended = true
                let flags = try reader.u8(start, "the VP8X chunk")
                if flags & 0x02 != 0 {
                    throw ImageFormatError(
                        "WebP", .unsupported, at: p, "an animated WebP is not read: export its first frame as PNG")
                }
            case "ALPH": alpha = start..<(start + size)
            default: break  // ICCP, EXIF, XMP and unknown chunks are skipped
            }
            p = start + size + (size & 1)
        }
        throw ImageFormatError(
            "WebP", extended ? .corrupt : .truncated, at: min(p, bytes.count),
            "the file has no image data (no VP8 or VP8L chunk)")
    }
}
