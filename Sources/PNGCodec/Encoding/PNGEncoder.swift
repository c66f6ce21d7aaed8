import Deflate

// PNG encoding with deterministic bytes.
//
// The file is a function of the pixels and the options only: chunks IHDR, sRGB, PLTE and tRNS
// (indexed images), IDAT (split every 1 MiB), IEND — no time, text or physical-size chunks; the
// color type comes from `ColorAnalysis`, the filters from `ScanlineFilter`'s fixed heuristic, and
// the zlib stream from `Deflater` at a fixed level.
//
// Color-type reduction: dropping an all-opaque alpha channel and collapsing r = g = b to gray
// always make the data smaller, so they are always applied. An image with at most 256 colors is
// also encoded as an indexed image, and the smaller file is kept (on a tie, the non-indexed one).

/// Encodes RGBA8 images as PNG.
public struct PNGEncoder: Sendable {
    /// DEFLATE level of the image data.
    public var level: CompressionLevel
    /// Whether to write the smallest lossless color type instead of always 8-bit RGBA.
    public var reducesColorType: Bool

    public init(level: CompressionLevel = .default, reducesColorType: Bool = true) {
        self.level = level
        self.reducesColorType = reducesColorType
    }

    /// Largest IDAT payload.
    static let idatSize = 1 << 20

    /// Encodes `image` (straight RGBA8).
    public func encode(_ image: RGBAImage) -> [UInt8] {
        precondition(image.width > 0 && image.height > 0, "a PNG has at least one pixel")
        guard reducesColorType else {
            return encode(
                image,
                as: PNGHeader(
                    width: image.width, height: image.height, bitDepth: 8,
                    colorType: .truecolorAlpha, interlaced: false), palette: nil)
        }
        let analysis = ColorAnalysis(image)
        let colorType: PNGColorType
        switch (analysis.isGray, analysis.isOpaque) {
        case (true, true): colorType = .grayscale
        case (true, false): colorType = .grayscaleAlpha
        case (false, true): colorType = .truecolor
        case (false, false): colorType = .truecolorAlpha
        }
        let bitDepth = colorType == .grayscale ? analysis.grayBitDepth : 8
        let direct = encode(
            image,
            as: PNGHeader(
                width: image.width, height: image.height, bitDepth: bitDepth,
                colorType: colorType, interlaced: false), palette: nil)
        guard let palette = analysis.palette, !(colorType == .grayscale && bitDepth < 8) else { return direct }
        let indexDepth = palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
        let indexed = encode(
            image,
            as: PNGHeader(
                width: image.width, height: image.height, bitDepth: indexDepth,
                colorType: .indexed, interlaced: false), palette: palette)
        return indexed.count < direct.count ? indexed : direct
    }

    private func encode(_ image: RGBAImage, as header: PNGHeader, palette: [UInt32]?) -> [UInt8] {
        let scanlines = Scanlines.make(image, header: header, palette: palette)
        let compressed = scanlines.withUnsafeBytes { Deflater.compress($0, level: level, format: .zlib) }
        var writer = ChunkWriter()
        writer.bytes.reserveCapacity(compressed.count + 1024)
        writer.bytes += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr.appendUInt32(UInt32(header.width))
        ihdr.appendUInt32(UInt32(header.height))
        ihdr += [UInt8(header.bitDepth), header.colorType.rawValue, 0, 0, 0]
        writer.write(.IHDR, ihdr)
        writer.write(.sRGB, [0])  // rendering intent 0: perceptual
        if let palette {
            var plte: [UInt8] = []
            var trns: [UInt8] = []
            for color in palette {
                plte += [UInt8(color >> 24), UInt8((color >> 16) & 0xFF), UInt8((color >> 8) & 0xFF)]
                if color & 0xFF != 0xFF { trns.append(UInt8(color & 0xFF)) }
            }
            writer.write(.PLTE, plte)
            if !trns.isEmpty { writer.write(.tRNS, trns) }
        }
        var start = 0
        repeat {
            let end = min(start + PNGEncoder.idatSize, compressed.count)
            writer.write(.IDAT, compressed[start..<end])
            start = end
        } while start < compressed.count
        writer.write(.IEND, [])
        return writer.bytes
    }
}

/// Builds the filtered scanlines (filter byte + row) of an image in a target format.
private enum Scanlines {
    static func make(_ image: RGBAImage, header: PNGHeader, palette: [UInt32]?) -> [UInt8] {
        let width = image.width
        let rowBytes = header.rowBytes(width: width)
        let stride = header.filterStride
        let adaptive = header.colorType != .indexed && header.bitDepth >= 8
        let lookup = palette.map(PaletteLookup.init)
        var output = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        var current = [UInt8](repeating: 0, count: rowBytes)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        image.pixels.withUnsafeBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<image.height {
                    let source = pixels.baseAddress! + y * width * 4
                    let line = out.baseAddress! + y * (rowBytes + 1)
                    current.withUnsafeMutableBufferPointer { row in
                        pack(source, width: width, header: header, lookup: lookup, into: row.baseAddress!)
                    }
                    current.withUnsafeBufferPointer { row in
                        previous.withUnsafeBufferPointer { above in
                            if adaptive {
                                ScanlineFilter.filterAdaptively(
                                    row.baseAddress!, previous: above.baseAddress!,
                                    count: rowBytes, stride: stride, into: line)
                            } else {
                                ScanlineFilter.apply(
                                    0, row.baseAddress!, previous: above.baseAddress!,
                                    count: rowBytes, stride: stride, into: line)
                            }
                        }
                    }
                    swap(&current, &previous)
                }
            }
        }
        return output
    }

    /// Writes one row of RGBA pixels in the target format.
    private static func pack(
        _ source: UnsafePointer<UInt8>, width: Int, header: PNGHeader,
        lookup: PaletteLookup?, into row: UnsafeMutablePointer<UInt8>
    ) {
        switch header.colorType {
        case .truecolorAlpha:
            row.update(from: source, count: width * 4)
        case .truecolor:
            for x in 0..<width {
                row[x * 3] = source[x * 4]
                row[x * 3 + 1] = source[x * 4 + 1]
                row[x * 3 + 2] = source[x * 4 + 2]
            }
        case .grayscaleAlpha:
            for x in 0..<width {
                row[x * 2] = source[x * 4]
                row[x * 2 + 1] = source[x * 4 + 3]
            }
        case .grayscale:
            pack(width: width, depth: header.bitDepth, into: row) { x in
                UInt8(Int(source[x * 4]) * ((1 << header.bitDepth) - 1) / 255)
            }
        case .indexed:
            guard let lookup else { return }
            pack(width: width, depth: header.bitDepth, into: row) { x in
                let p = source + x * 4
                return lookup.index(of: UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3]))
            }
        }
    }

    /// Packs one sample per pixel at `depth` bits, MSB first, zero-padding the last byte.
    @inline(__always)
    private static func pack(width: Int, depth: Int, into row: UnsafeMutablePointer<UInt8>, sample: (Int) -> UInt8) {
        if depth == 8 {
            for x in 0..<width { row[x] = sample(x) }
            return
        }
        let perByte = 8 / depth
        for byte in 0..<((width * depth + 7) / 8) {
            var value: UInt8 = 0
            for k in 0..<perByte {
                let x = byte * perByte + k
                let s = x < width ? sample(x) : 0
                value |= s << UInt8(8 - depth * (k + 1))
            }
            row[byte] = value
        }
    }
}

/// Maps an RGBA value to its palette index (open addressing; lookups only, so no ordering
/// reaches the output).
private struct PaletteLookup {
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var indices = [Int16](repeating: -1, count: 1024)

    init(_ palette: [UInt32]) {
        for (index, value) in palette.enumerated() {
            var slot = PaletteLookup.slot(value)
            while indices[slot] >= 0 { slot = (slot + 1) & 1023 }
            keys[slot] = value
            indices[slot] = Int16(index)
        }
    }

    @inline(__always)
    private static func slot(_ value: UInt32) -> Int { Int((value &* 0x9E37_79B1) >> 22) }

    @inline(__always)
    func index(of value: UInt32) -> UInt8 {
        var slot = PaletteLookup.slot(value)
        while keys[slot] != value || indices[slot] < 0 { slot = (slot + 1) & 1023 }
        return UInt8(indices[slot])
    }
}

/// Appends chunks (length, type, data, CRC) to a byte buffer.
struct ChunkWriter {
    var bytes: [UInt8] = []

    mutating func write<Data: Collection>(_ type: ChunkType, _ data: Data) where Data.Element == UInt8 {
        bytes.appendUInt32(UInt32(data.count))
        let typeBytes = type.bytes
        bytes += typeBytes
        bytes += data
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        bytes.appendUInt32(crc.value)
    }
}

extension Array where Element == UInt8 {
    mutating func appendUInt32(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
