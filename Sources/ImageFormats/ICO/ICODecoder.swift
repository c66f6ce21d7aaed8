import PNGCodec

// ICO and CUR files: a directory of entries, each a PNG file or a DIB (a BMP without its file
// header, twice as tall as the image: the colour rows, then a 1-bit AND mask in which 1 is
// transparent; 32-bit entries carry alpha in their fourth byte instead). One entry is shown:
// docs/FORMATS.md §ICO says which and why.

/// Decodes the entry of an ICO or CUR file that UIImage shows.
public struct ICODecoder: Sendable {
    public var limits: ImageFormatLimits

    public init(limits: ImageFormatLimits = .default) {
        self.limits = limits
    }

    /// Whether the bytes start like an ICO (type 1) or CUR (type 2) file with at least one entry.
    public static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[0] == 0 && bytes[1] == 0 && (bytes[2] == 1 || bytes[2] == 2) && bytes[3] == 0
            && (bytes[4] != 0 || bytes[5] != 0)
    }

    /// One directory entry.
    struct Entry {
        var index: Int
        var width: Int
        var height: Int
        var offset: Int
        var length: Int
    }

    /// Whether an entry's data starts with the PNG signature.
    static func isPNG(_ data: ArraySlice<UInt8>) -> Bool {
        data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// The chosen entry's size, from the directory.
    public func size(_ bytes: [UInt8]) throws(ImageFormatError) -> (width: Int, height: Int) {
        let (reader, entry) = try chosen(bytes)
        if Self.isPNG(reader.bytes.dropFirst(entry.offset).prefix(entry.length)) {
            // The PNG's own IHDR: width and height, big-endian, 16 bytes in.
            let png = ByteReader(reader.bytes, format: reader.format, bigEndian: true)
            let size = (
                try png.u32(entry.offset + 16, "entry 0's PNG header"),
                try png.u32(entry.offset + 20, "entry 0's PNG header")
            )
            try limits.check(width: size.0, height: size.1, format: reader.format, at: entry.offset + 16)
            return size
        }
        let header = try DIBHeader(reader, at: entry.offset)
        try limits.check(width: header.width, height: header.height / 2, format: reader.format, at: entry.offset + 4)
        return (header.width, header.height / 2)
    }

    /// Decodes the chosen entry.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        try decodeDeclaringAlpha(bytes).image
    }

    /// The chosen entry, and whether it has transparency: a PNG entry as its PNG declares it; a
    /// DIB entry always (its AND mask, or the alpha of 32-bit pixels).
    public func decodeDeclaringAlpha(_ bytes: [UInt8]) throws(ImageFormatError) -> (image: RGBAImage, hasAlpha: Bool) {
        let (reader, entry) = try chosen(bytes)
        let format = reader.format
        let data = try reader.slice(entry.offset, entry.length, "entry \(entry.index)'s data")
        if Self.isPNG(data) {
            do {
                let png = try PNGDecoder(
                    limits: .init(maxWidth: limits.maxWidth, maxHeight: limits.maxHeight, maxPixels: limits.maxPixels)
                ).decodeWithDetails(Array(data), readingColorProfile: false)
                return (png.image, png.hasAlpha)
            } catch {
                throw ImageFormatError(format, .corrupt, at: entry.offset, "entry \(entry.index), a PNG: \(error)")
            }
        }
        var header = try DIBHeader(reader, at: entry.offset)
        let height = header.height / 2
        try limits.check(width: header.width, height: height, format: format, at: entry.offset + 4)
        header.height = height
        if header.bitsPerPixel == 32, header.compression == .none { header.masks?.alpha = 0xFF00_0000 }
        let pixelOffset =
            header.paletteOffset + (header.bitsPerPixel <= 8 ? header.colorsUsed * header.paletteEntrySize : 0)
        var image = try BMPDecoder.pixels(reader, header, at: pixelOffset)
        guard header.bitsPerPixel != 32 else { return (image, true) }
        // The AND mask: 1 bit a pixel, rows padded to 4 bytes, in the colour rows' order.
        let maskOffset = pixelOffset + header.stride * height
        let maskStride = (header.width + 31) / 32 * 4
        try reader.need(maskOffset, maskStride * height, "entry \(entry.index)'s AND mask")
        for row in 0..<height {
            let y = header.topDown ? row : height - 1 - row
            for x in 0..<header.width where reader.bytes[maskOffset + row * maskStride + x >> 3] >> (7 - x & 7) & 1 == 1
            {
                image.pixels[(y * header.width + x) * 4 + 3] = 0
            }
        }
        return (image, true)
    }

    /// The directory and the entry shown: the first (ImageIO's image index 0, which UIImage shows;
    /// docs/FORMATS.md §ICO gives the evidence and what is unverified).
    private func chosen(_ bytes: [UInt8]) throws(ImageFormatError) -> (ByteReader, Entry) {
        let isCursor = bytes.count > 2 && bytes[2] == 2
        let reader = ByteReader(bytes, format: isCursor ? "CUR" : "ICO")
        guard Self.matches(bytes) else {
            throw ImageFormatError(
                reader.format, .corrupt, at: 0, "not an ICO or CUR file (no icon directory with entries)")
        }
        let at = 6
        let width = try reader.u8(at, "entry 0"), height = try reader.u8(at + 1, "entry 0")
        let first = Entry(
            index: 0, width: width == 0 ? 256 : width, height: height == 0 ? 256 : height,
            offset: try reader.u32(at + 12, "entry 0"), length: try reader.u32(at + 8, "entry 0"))
        return (reader, first)
    }
}
