import PNGCodec

// BMP files: the 14-byte file header ("BM", the offset of the pixels), a DIB header, a palette for
// 1- to 8-bit images, then rows bottom-up (top-down when the height is negative), each padded to
// 4 bytes. Pixels become straight RGBA8 by docs/FORMATS.md §BMP: palette entries as they are
// (their fourth byte is reserved, so opaque); 5- and 6-bit channels of 16-bit pixels, and any
// bit-field channel, scaled by value × 255 / max, truncated (as Pillow scales them); 32-bit pixels
// without an alpha mask opaque.

/// Decodes BMP files and the DIB entries of ICO and CUR files.
public struct BMPDecoder: Sendable {
    public var limits: ImageFormatLimits

    public init(limits: ImageFormatLimits = .default) {
        self.limits = limits
    }

    /// Whether the bytes start like a BMP file.
    public static func matches(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x42, 0x4D]) }

    /// The image's size from its headers.
    public func size(_ bytes: [UInt8]) throws(ImageFormatError) -> (width: Int, height: Int) {
        let header = try DIBHeader(fileHeaderChecked(bytes), at: 14)
        try limits.check(width: header.width, height: header.height, format: "BMP", at: 18)
        return (header.width, header.height)
    }

    /// Decodes a whole BMP file.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        try decodeDeclaringAlpha(bytes).image
    }

    /// The whole file, and whether it declares alpha (an alpha mask of 16- or 32-bit pixels).
    public func decodeDeclaringAlpha(_ bytes: [UInt8]) throws(ImageFormatError) -> (image: RGBAImage, hasAlpha: Bool) {
        let reader = try fileHeaderChecked(bytes)
        let header = try DIBHeader(reader, at: 14)
        try limits.check(width: header.width, height: header.height, format: "BMP", at: 18)
        let pixelOffset = try reader.u32(10, "the file header")
        return (try Self.pixels(reader, header, at: pixelOffset), (header.masks?.alpha ?? 0) != 0)
    }

    private func fileHeaderChecked(_ bytes: [UInt8]) throws(ImageFormatError) -> ByteReader {
        guard Self.matches(bytes) else {
            throw ImageFormatError("BMP", .corrupt, at: 0, "not a BMP file (it does not start with \"BM\")")
        }
        return ByteReader(bytes, format: "BMP")
    }

    /// The image a DIB header and the pixels at `offset` make (a file's or an icon entry's).
    static func pixels(_ reader: ByteReader, _ header: DIBHeader, at offset: Int) throws(ImageFormatError)
        -> RGBAImage
    {
        let palette = try Self.palette(reader, header)
        let (width, height) = (header.width, header.height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        switch header.compression {
        case .rle8, .rle4:
            try BMPRunLength.decode(reader, header, at: offset, palette: palette, into: &out)
            return RGBAImage(width: width, height: height, pixels: out)
        default: break
        }
        let stride = header.stride
        try reader.need(offset, stride * height, "the pixel rows (\(height) rows of \(stride) bytes)")
        let bytes = reader.bytes
        let bits = header.bitsPerPixel
        let channels = header.masks.map { masks in
            [
                MaskChannel(masks.red, isAlpha: false), MaskChannel(masks.green, isAlpha: false),
                MaskChannel(masks.blue, isAlpha: false), MaskChannel(masks.alpha, isAlpha: true)
            ]
        }
        for row in 0..<height {
            let start = offset + row * stride
            let y = header.topDown ? row : height - 1 - row
            var o = y * width * 4
            for x in 0..<width {
                switch bits {
                case 1, 2, 4, 8:
                    let bit = x * bits
                    let index = Int(bytes[start + bit >> 3]) >> (8 - bits - bit & 7) & (1 << bits - 1)
                    Self.put(palette, index, &out, o)
                case 24:
                    let p = start + x * 3
                    (out[o], out[o + 1], out[o + 2], out[o + 3]) = (bytes[p + 2], bytes[p + 1], bytes[p], 255)
                default:
                    let p = start + x * bits / 8
                    var value = UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8
                    if bits == 32 { value |= UInt32(bytes[p + 2]) << 16 | UInt32(bytes[p + 3]) << 24 }
                    if let channels {
                        for c in 0..<4 { out[o + c] = channels[c].value(value) }
                    }
                }
                o += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// The palette as RGBA8 entries, opaque (the fourth byte of an entry is reserved).
    static func palette(_ reader: ByteReader, _ header: DIBHeader) throws(ImageFormatError) -> [UInt8] {
        guard header.bitsPerPixel <= 8 else { return [] }
        let entry = header.paletteEntrySize
        let table = try reader.slice(header.paletteOffset, header.colorsUsed * entry, "the palette")
        var palette = [UInt8]()
        palette.reserveCapacity(header.colorsUsed * 4)
        var i = table.startIndex
        while i < table.endIndex {
            palette += [table[i + 2], table[i + 1], table[i], 255]
            i += entry
        }
        return palette
    }

    /// Writes palette entry `index`; an index past the palette is opaque black.
    @inline(__always)
    static func put(_ palette: [UInt8], _ index: Int, _ out: inout [UInt8], _ o: Int) {
        if index * 4 < palette.count {
            (out[o], out[o + 1], out[o + 2], out[o + 3]) =
                (palette[index * 4], palette[index * 4 + 1], palette[index * 4 + 2], 255)
        } else {
            (out[o], out[o + 1], out[o + 2], out[o + 3]) = (0, 0, 0, 255)
        }
    }
}

/// One channel of a bit-field pixel: its mask, shift and largest value; scaled to 8 bits by
/// value × 255 / max, truncated. A zero mask reads 0 for a colour and 255 (opaque) for alpha.
struct MaskChannel {
    let mask: UInt32
    let shift: UInt32
    let max: UInt64
    let isAlpha: Bool

    init(_ mask: UInt32, isAlpha: Bool) {
        self.mask = mask
        self.isAlpha = isAlpha
        shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
        max = UInt64(mask >> shift)
    }

    @inline(__always)
    func value(_ pixel: UInt32) -> UInt8 {
        guard max > 0 else { return isAlpha ? 255 : 0 }
        return UInt8(UInt64((pixel & mask) >> shift) * 255 / max)
    }
}
