import PNGCodec

// GIF87a and GIF89a files: UIImage(named:), UIImage(contentsOfFile:) and UIImage(data:) show the
// first frame only (an animated GIF is one still image unless loaded as an animation). The image
// is the logical screen's size with the first frame at its position: indices through the frame's
// local colour table (else the global one; else a grey ramp, index i as (i, i, i), as Pillow
// reads a file without one), the graphic control extension's transparent index as alpha 0, and
// the screen outside the frame transparent. docs/FORMATS.md §GIF.

/// Decodes the first frame of a GIF file.
public struct GIFDecoder: Sendable {
    public var limits: ImageFormatLimits

    public init(limits: ImageFormatLimits = .default) {
        self.limits = limits
    }

    /// Whether the bytes start like a GIF file.
    public static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
    }

    /// The logical screen's size.
    public func size(_ bytes: [UInt8]) throws(ImageFormatError) -> (width: Int, height: Int) {
        let reader = try checked(bytes)
        let size = (try reader.u16(6, "the logical screen"), try reader.u16(8, "the logical screen"))
        try limits.check(width: size.0, height: size.1, format: "GIF", at: 6)
        return size
    }

    /// Decodes the first frame onto the logical screen.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        try decodeDeclaringAlpha(bytes).image
    }

    /// The first frame on the logical screen, and whether the file gives it transparency: a
    /// transparent index, a frame that leaves part of the screen uncovered, or data that ends
    /// before the frame does (docs/FORMATS.md §GIF).
    public func decodeDeclaringAlpha(_ bytes: [UInt8]) throws(ImageFormatError) -> (image: RGBAImage, hasAlpha: Bool) {
        let reader = try checked(bytes)
        let (width, height) = try size(bytes)
        let flags = try reader.u8(10, "the logical screen")
        var p = 13
        var globalTable: [UInt8]?
        if flags & 0x80 != 0 {
            let count = 2 << (flags & 7)
            globalTable = Array(try reader.slice(p, count * 3, "the global colour table"))
            p += count * 3
        }
        var transparent: Int?
        while true {
            let introducer = try reader.u8(p, "a block")
            switch introducer {
            case 0x21:
                let label = try reader.u8(p + 1, "an extension")
                p += 2
                if label == 0xF9, try reader.u8(p, "the graphic control extension") >= 4 {
                    let packed = try reader.u8(p + 1, "the graphic control extension")
                    transparent = packed & 1 != 0 ? try reader.u8(p + 4, "the graphic control extension") : nil
                }
                p = try Self.skipSubBlocks(reader, from: p)
            case 0x2C:
                let frame = try GIFFrame(reader, at: p, globalTable: globalTable)
                // The frame's indices are decoded even where they fall off the screen: bounded by
                // the limits, so that a small file cannot decode billions of them.
                if frame.width > 0, frame.height > 0 {
                    try limits.check(width: frame.width, height: frame.height, format: "GIF", at: p + 5)
                }
                let drawn = try frame.draw(reader, screenWidth: width, screenHeight: height, transparent: transparent)
                let covers = frame.left == 0 && frame.top == 0 && frame.width >= width && frame.height >= height
                return (drawn.image, transparent != nil || !covers || !drawn.complete)
            case 0x3B:
                throw ImageFormatError("GIF", .corrupt, at: p, "the file ends (trailer) before its first image")
            default:
                throw ImageFormatError(
                    "GIF", .corrupt, at: p,
                    "expected an extension (0x21), an image (0x2C) or the trailer (0x3B), found 0x\(String(introducer, radix: 16))"
                )
            }
        }
    }

    private func checked(_ bytes: [UInt8]) throws(ImageFormatError) -> ByteReader {
        guard Self.matches(bytes) else {
            throw ImageFormatError("GIF", .corrupt, at: 0, "not a GIF file (it does not start with GIF87a or GIF89a)")
        }
        return ByteReader(bytes, format: "GIF")
    }

    /// The offset after a chain of data sub-blocks (each a length byte, then that many bytes; 0 ends).
    static func skipSubBlocks(_ reader: ByteReader, from offset: Int) throws(ImageFormatError) -> Int {
        var p = offset
        while true {
            let length = try reader.u8(p, "a data sub-block")
            p += 1 + length
            if length == 0 { return p }
        }
    }
}

/// An image descriptor with its colour table.
struct GIFFrame {
    var left, top, width, height: Int
    var interlaced: Bool
    /// RGB triples; nil when the file has no table for the frame.
    var table: [UInt8]?
    /// Where the LZW minimum code size byte is.
    var dataOffset: Int

    init(_ reader: ByteReader, at offset: Int, globalTable: [UInt8]?) throws(ImageFormatError) {
        left = try reader.u16(offset + 1, "the image descriptor")
        top = try reader.u16(offset + 3, "the image descriptor")
        width = try reader.u16(offset + 5, "the image descriptor")
        height = try reader.u16(offset + 7, "the image descriptor")
        let packed = try reader.u8(offset + 9, "the image descriptor")
        interlaced = packed & 0x40 != 0
        dataOffset = offset + 10
        table = globalTable
        if packed & 0x80 != 0 {
            let count = 2 << (packed & 7)
            table = Array(try reader.slice(dataOffset, count * 3, "the local colour table"))
            dataOffset += count * 3
        }
    }

    /// The frame's pixels on a transparent screen; the part of the frame outside the screen is cut.
    /// `complete`: the data gave every pixel of the frame (a truncated frame leaves the rest transparent).
    func draw(_ reader: ByteReader, screenWidth: Int, screenHeight: Int, transparent: Int?) throws(ImageFormatError)
        -> (image: RGBAImage, complete: Bool)
    {
        var out = [UInt8](repeating: 0, count: screenWidth * screenHeight * 4)
        let minimumCodeSize = try reader.u8(dataOffset, "the LZW minimum code size")
        guard (2...8).contains(minimumCodeSize) || minimumCodeSize == 1 else {
            throw ImageFormatError(
                "GIF", .corrupt, at: dataOffset, "the LZW minimum code size is \(minimumCodeSize) (1 to 8)")
        }
        var indices = [UInt8](repeating: 0, count: width * height)
        var lzw = GIFLZW(reader, at: dataOffset + 1, minimumCodeSize: minimumCodeSize)
        let decoded = lzw.decode(into: &indices)
        // Each index's colour: the table's (opaque black past it; the grey ramp without one), alpha
        // 0 for the transparent index.
        var colours = [UInt8](repeating: 0, count: 256 * 4)
        for index in 0..<256 {
            let c = index * 4
            if let table {
                if index * 3 + 2 < table.count {
                    (colours[c], colours[c + 1], colours[c + 2]) = (
                        table[index * 3], table[index * 3 + 1], table[index * 3 + 2]
                    )
                }
            } else {
                (colours[c], colours[c + 1], colours[c + 2]) = (UInt8(index), UInt8(index), UInt8(index))
            }
            colours[c + 3] = index == transparent ? 0 : 255
        }
        let rowOrder = interlaced ? Self.interlacedRows(height) : Array(0..<height)
        let columns = max(0, min(width, screenWidth - left))
        for stored in 0..<height where stored * width < decoded {
            let y = top + rowOrder[stored]
            guard y < screenHeight else { continue }
            let available = min(columns, decoded - stored * width)
            var o = (y * screenWidth + left) * 4
            for x in 0..<available {
                let c = Int(indices[stored * width + x]) * 4
                (out[o], out[o + 1], out[o + 2], out[o + 3]) = (
                    colours[c], colours[c + 1], colours[c + 2], colours[c + 3]
                )
                o += 4
            }
        }
        return (RGBAImage(width: screenWidth, height: screenHeight, pixels: out), decoded >= width * height)
    }

    /// The screen row of each stored row of an interlaced frame: rows 0, 8, 16 …, then 4, 12 …,
    /// then 2, 6 …, then 1, 3 ….
    static func interlacedRows(_ height: Int) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(height)
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            rows += stride(from: start, to: height, by: step)
        }
        return rows
    }
}
