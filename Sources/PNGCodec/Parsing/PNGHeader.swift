/// PNG color types (IHDR byte 9).
public enum PNGColorType: UInt8, Sendable {
    case grayscale = 0
    case truecolor = 2
    case indexed = 3
    case grayscaleAlpha = 4
    case truecolorAlpha = 6

    /// Samples per pixel.
    public var channels: Int {
        switch self {
        case .grayscale, .indexed: 1
        case .grayscaleAlpha: 2
        case .truecolor: 3
        case .truecolorAlpha: 4
        }
    }

    /// Bit depths the PNG specification allows for this color type.
    public var allowedBitDepths: [Int] {
        switch self {
        case .grayscale: [1, 2, 4, 8, 16]
        case .indexed: [1, 2, 4, 8]
        case .truecolor, .grayscaleAlpha, .truecolorAlpha: [8, 16]
        }
    }
}

/// The contents of IHDR.
public struct PNGHeader: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: PNGColorType
    public var interlaced: Bool

    public init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }

    /// Bits per pixel.
    public var bitsPerPixel: Int { bitDepth * colorType.channels }

    /// Filter unit: bytes per complete pixel, at least 1 (PNG spec §9.2).
    public var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes of one scanline of `width` pixels, without the filter-type byte.
    public func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// Decompressed image data size: every pass's scanlines with their filter bytes.
    public var imageDataSize: Int {
        if !interlaced { return height * (1 + rowBytes(width: width)) }
        return Adam7.passes.reduce(0) { total, pass in
            let (w, h) = pass.size(width: width, height: height)
            return total + (w == 0 ? 0 : h * (1 + rowBytes(width: w)))
        }
    }

    /// Parses IHDR data (13 bytes, already length-checked).
    static func parse(_ d: UnsafeRawBufferPointer, at location: ChunkLocation) throws(PNGError) -> PNGHeader {
        let width = readUInt32(d, 0)
        let height = readUInt32(d, 4)
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .format(.invalidDimensions(location, width: width, height: height))
        }
        let bitDepth = d[8]
        guard let colorType = PNGColorType(rawValue: d[9]) else {
            throw .format(.invalidColorType(location, colorType: d[9]))
        }
        guard colorType.allowedBitDepths.contains(Int(bitDepth)) else {
            throw .format(.invalidBitDepth(location, bitDepth: bitDepth, colorType: d[9]))
        }
        guard d[10] == 0 else { throw .format(.invalidCompressionMethod(location, method: d[10])) }
        guard d[11] == 0 else { throw .format(.invalidFilterMethod(location, method: d[11])) }
        guard d[12] <= 1 else { throw .format(.invalidInterlaceMethod(location, method: d[12])) }
        return PNGHeader(
            width: Int(width), height: Int(height), bitDepth: Int(bitDepth),
            colorType: colorType, interlaced: d[12] == 1)
    }
}

/// The Adam7 interlacing passes (PNG spec §8.2).
enum Adam7 {
    struct Pass {
        let x0: Int, y0: Int, dx: Int, dy: Int

        /// Pixel size of the pass's reduced image.
        func size(width: Int, height: Int) -> (width: Int, height: Int) {
            ((width - x0 + dx - 1) / dx, (height - y0 + dy - 1) / dy)
        }
    }

    static let passes: [Pass] = [
        Pass(x0: 0, y0: 0, dx: 8, dy: 8), Pass(x0: 4, y0: 0, dx: 8, dy: 8),
        Pass(x0: 0, y0: 4, dx: 4, dy: 8), Pass(x0: 2, y0: 0, dx: 4, dy: 4),
        Pass(x0: 0, y0: 2, dx: 2, dy: 4), Pass(x0: 1, y0: 0, dx: 2, dy: 2),
        Pass(x0: 0, y0: 1, dx: 1, dy: 2)
    ]
}
