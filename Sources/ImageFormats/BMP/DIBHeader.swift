// The device-independent bitmap header that BMP files (after their 14-byte file header) and ICO
// and CUR entries share: BITMAPCOREHEADER (12 bytes, OS/2 1.x), BITMAPINFOHEADER (40) and its
// later versions V2 (52, RGB masks), V3 (56, an alpha mask), V4 (108) and V5 (124), and the
// OS/2 2.x header (64 bytes; only its uncompressed forms). docs/FORMATS.md §BMP.

/// What a DIB header says about the pixels that follow it.
struct DIBHeader {
    /// The header's own size in bytes (its first field).
    var size: Int
    var width: Int
    /// Rows as stored; positive even when the file stores them top-down.
    var height: Int
    var topDown: Bool
    var bitsPerPixel: Int
    var compression: Compression
    /// Palette entries: 2^bits when the header says 0.
    var colorsUsed: Int
    /// Red, green, blue and alpha masks for 16- and 32-bit pixels (alpha 0: opaque).
    var masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)?
    /// Where the palette starts and how many bytes an entry takes (3 in a core header, else 4).
    var paletteOffset: Int
    var paletteEntrySize: Int

    enum Compression: Int {
        case none = 0, rle8 = 1, rle4 = 2, bitfields = 3, jpeg = 4, png = 5, alphaBitfields = 6
    }

    /// Reads the header at `offset`.
    init(_ reader: ByteReader, at offset: Int) throws(ImageFormatError) {
        size = try reader.u32(offset, "the bitmap header's size")
        let format = reader.format
        switch size {
        case 12:
            width = try reader.u16(offset + 4, "the core header")
            height = try reader.u16(offset + 6, "the core header")
            topDown = false
            bitsPerPixel = try reader.u16(offset + 10, "the core header")
            compression = .none
            colorsUsed = 0
            paletteEntrySize = 3
        case 40, 52, 56, 64, 108, 124:
            try reader.need(offset, min(size, 40), "the bitmap header")
            width = try reader.i32(offset + 4, "the width")
            let rows = try reader.i32(offset + 8, "the height")
            topDown = rows < 0
            height = rows == Int(Int32.min) ? -1 : abs(rows)
            bitsPerPixel = try reader.u16(offset + 14, "the bit count")
            let code = try reader.u32(offset + 16, "the compression")
            guard let kind = Compression(rawValue: code), !(size == 64 && code != 0) else {
                throw ImageFormatError(
                    format, .unsupported, at: offset + 16,
                    "compression \(code) is not read (ivsim reads uncompressed, RLE8, RLE4 and bit-field BMPs)")
            }
            compression = kind
            colorsUsed = try reader.u32(offset + 32, "the palette size")
            paletteEntrySize = 4
        default:
            throw ImageFormatError(
                format, .unsupported, at: offset,
                "a bitmap header of \(size) bytes is not one of the versions (12, 40, 52, 56, 64, 108, 124 bytes)")
        }
        paletteOffset = offset + size
        guard width > 0, height > 0 else {
            throw ImageFormatError(format, .corrupt, at: offset + 4, "the image is \(width) × \(height) pixels")
        }
        try readMasks(reader, at: offset)
        if bitsPerPixel <= 8 {
            if colorsUsed == 0 || colorsUsed > 1 << bitsPerPixel { colorsUsed = 1 << bitsPerPixel }
        }
    }

    /// The masks of a bit-field image (from the header from V2 on, else the 12 or 16 bytes after a
    /// 40-byte header), or the fixed layouts of uncompressed 16- and 32-bit pixels.
    private mutating func readMasks(_ reader: ByteReader, at offset: Int) throws(ImageFormatError) {
        switch (compression, bitsPerPixel) {
        case (.none, 16): masks = (0x7C00, 0x03E0, 0x001F, 0)
        case (.none, 32): masks = (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0)
        case (.none, 1), (.none, 2), (.none, 4), (.none, 8), (.none, 24), (.rle8, 8), (.rle4, 4): break
        case (.bitfields, 16), (.bitfields, 32), (.alphaBitfields, 16), (.alphaBitfields, 32):
            let withAlpha = compression == .alphaBitfields || size >= 56
            let start = size >= 52 ? offset + 40 : offset + size
            let red = try reader.u32(start, "the red mask"), green = try reader.u32(start + 4, "the green mask")
            let blue = try reader.u32(start + 8, "the blue mask")
            let alpha = withAlpha ? try reader.u32(start + 12, "the alpha mask") : 0
            masks = (UInt32(red), UInt32(green), UInt32(blue), UInt32(alpha))
            if size == 40 { paletteOffset = start + (withAlpha ? 16 : 12) }
            for (name, mask) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)] {
                let shifted = mask >> mask.trailingZeroBitCount
                guard mask == 0 || shifted & (shifted + 1) == 0 else {
                    throw ImageFormatError(
                        reader.format, .corrupt, at: start,
                        "the \(name) mask 0x\(String(mask, radix: 16)) is not one run of bits")
                }
            }
        default:
            let what =
                compression == .none || compression == .bitfields || compression == .alphaBitfields
                ? "\(bitsPerPixel) bits a pixel" : "\(compression) compression at \(bitsPerPixel) bits a pixel"
            throw ImageFormatError(
                reader.format, .unsupported, at: offset + 14,
                "\(what) is not a BMP layout ivsim reads (1, 2, 4, 8, 16, 24 or 32 bits; RLE8 at 8, RLE4 at 4)")
        }
    }

    /// Bytes in one stored row: rows are padded to 4 bytes.
    var stride: Int { (width * bitsPerPixel + 31) / 32 * 4 }
}
