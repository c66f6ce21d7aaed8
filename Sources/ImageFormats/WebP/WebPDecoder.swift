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
        try Self.checkCanvas(image.canvas, size)
        return size
    }

    /// A still image must be its VP8X canvas's size, as libwebp requires.
    private static func checkCanvas(
        _ canvas: (width: Int, height: Int)?, _ size: (width: Int, height: Int)
    ) throws(ImageFormatError) {
        guard let canvas, canvas != size else { return }
        throw ImageFormatError(
            "WebP", .corrupt,
            "the VP8X canvas is \(canvas.width) × \(canvas.height) pixels, the image \(size.width) × \(size.height)")
    }

    /// Decodes the image.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        try decodeDeclaringAlpha(bytes).image
    }

    /// The image, and whether the file declares alpha: its VP8X chunk's alpha flag, a lossless
    /// image's alpha_is_used bit or an ALPH chunk, any of them (libwebp's WebPGetFeatures goes by
    /// the lossless bit when there is one, Pillow's demuxer by the VP8X flag; where they disagree
    /// the image keeps its alpha). A lossy file with none of them has no alpha.
    public func decodeDeclaringAlpha(_ bytes: [UInt8]) throws(ImageFormatError) -> (image: RGBAImage, hasAlpha: Bool) {
        let image = try chunks(bytes)
        let declared =
            (image.flags.map { $0 & 0x10 != 0 } ?? false)
            || (!image.lossy && image.data.count >= 5 && bytes[image.data.lowerBound + 4] & 0x10 != 0)
        let hasAlpha = declared || image.alpha != nil
        if image.lossy {
            let frame = try VP8Decoder(
                bytes: bytes, start: image.data.lowerBound, end: image.data.upperBound, limits: limits
            ).decode()
            try Self.checkCanvas(image.canvas, (frame.width, frame.height))
            var pixels = frame.rgba
            if let alpha = image.alpha {
                let plane = try WebPAlpha.plane(
                    bytes, from: alpha.lowerBound, to: alpha.upperBound, width: frame.width, height: frame.height,
                    limits: limits)
                for i in 0..<(frame.width * frame.height) { pixels[4 * i + 3] = plane[i] }
            }
            return (RGBAImage(width: frame.width, height: frame.height, pixels: pixels), hasAlpha)
        }
        var decoder = VP8LDecoder(bytes, from: image.data.lowerBound, to: image.data.upperBound, limits: limits)
        let (width, height, argb) = try decoder.decode()
        try Self.checkCanvas(image.canvas, (width, height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (i, p) in argb.enumerated() {
            pixels[4 * i] = UInt8(p >> 16 & 0xFF)
            pixels[4 * i + 1] = UInt8(p >> 8 & 0xFF)
            pixels[4 * i + 2] = UInt8(p & 0xFF)
            pixels[4 * i + 3] = UInt8(p >> 24)
        }
        // A lossless image whose file declares no alpha is shown opaque, whatever alpha its
        // pixels store (Pillow, reading the same flags, makes it RGB).
        if !hasAlpha { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
        return (RGBAImage(width: width, height: height, pixels: pixels), hasAlpha)
    }

    /// Where the image data (and a lossy image's alpha) are: the file's chunks walked in order.
    private func chunks(_ bytes: [UInt8]) throws(ImageFormatError) -> (
        data: Range<Int>, lossy: Bool, alpha: Range<Int>?, canvas: (width: Int, height: Int)?, flags: UInt8?
    ) {
        guard Self.matches(bytes) else {
            throw ImageFormatError("WebP", .corrupt, at: 0, "not a WebP file (it does not start with RIFF … WEBP)")
        }
        let reader = ByteReader(bytes, format: "WebP")
        let riffEnd = min(bytes.count, 8 + (try reader.u32(4, "the RIFF header")))
        var p = 12
        var extended = false
        var alpha: Range<Int>?
        var canvas: (width: Int, height: Int)?
        var extendedFlags: UInt8?
        while p + 8 <= riffEnd {
            let tagBytes = bytes[p..<(p + 4)]
            let tag =
                tagBytes.allSatisfy({ (0x20...0x7E).contains($0) })
                ? String(decoding: tagBytes, as: UTF8.self)
                : tagBytes.map { String($0, radix: 16) }.joined(separator: " ")
            let size = try reader.u32(p + 4, "a chunk header")
            let start = p + 8
            guard size <= riffEnd - start else {
                throw ImageFormatError(
                    "WebP", .truncated, at: p, "the \(tag) chunk of \(size) bytes runs past the end of the RIFF data")
            }
            switch tag {
            case "VP8L": return (start..<(start + size), false, nil, canvas, extendedFlags)
            case "VP8 ": return (start..<(start + size), true, alpha, canvas, extendedFlags)
            case "VP8X":
                extended = true
                let flags = try reader.u8(start, "the VP8X chunk")
                extendedFlags = UInt8(flags)
                if flags & 0x02 != 0 {
                    throw ImageFormatError(
                        "WebP", .unsupported, at: p, "an animated WebP is not read: export its first frame as PNG")
                }
                // The canvas, 24-bit width and height less one, which a still image must fill.
                let w = try reader.u16(start + 4, "the VP8X chunk") | (try reader.u8(start + 6, "the VP8X chunk")) << 16
                let h = try reader.u16(start + 7, "the VP8X chunk") | (try reader.u8(start + 9, "the VP8X chunk")) << 16
                canvas = (w + 1, h + 1)
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
