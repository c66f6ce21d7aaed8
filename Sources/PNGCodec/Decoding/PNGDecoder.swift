import Deflate

// PNG decoding: chunks → structure → inflate → unfilter → RGBA8.
//
// Memory: the compressed IDAT payloads are concatenated (a copy of compressed bytes only); a
// non-interlaced image is inflated scanline by scanline through the inflater's 32 KiB window, so
// besides the output there are only two scanline buffers (none for 8-bit RGBA, whose scanlines
// are reconstructed in the output rows themselves). An interlaced image is inflated whole first,
// within the decoded-bytes limit, because its passes cover the output several times.

/// Decodes PNG files to straight RGBA8.
public struct PNGDecoder: Sendable {
    /// Bounds checked against IHDR before anything is allocated or inflated.
    public struct Limits: Sendable, Equatable {
        /// Largest width and height in pixels.
        public var maxWidth: Int
        public var maxHeight: Int
        /// Largest width × height.
        public var maxPixels: Int
        /// Largest decompressed image data (scanlines with their filter bytes).
        public var maxImageDataBytes: Int

        public init(
            maxWidth: Int = 1 << 16, maxHeight: Int = 1 << 16, maxPixels: Int = 1 << 26,
            maxImageDataBytes: Int = 1 << 29
        ) {
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.maxPixels = maxPixels
            self.maxImageDataBytes = maxImageDataBytes
        }

        /// 65,536 pixels a side, 64 Mi pixels (256 MiB of RGBA8), 512 MiB of image data.
        public static let `default` = Limits()

        func check(_ header: PNGHeader, at location: ChunkLocation) throws(PNGError) {
            func fail(_ reason: String) -> PNGError {
                .format(.exceedsLimits(location, width: header.width, height: header.height, reason: reason))
            }
            if header.width > maxWidth { throw fail("width \(header.width) > \(maxWidth)") }
            if header.height > maxHeight { throw fail("height \(header.height) > \(maxHeight)") }
            if header.width * header.height > maxPixels {
                throw fail("\(header.width * header.height) pixels > \(maxPixels)")
            }
            if header.imageDataSize > maxImageDataBytes {
                throw fail("\(header.imageDataSize) bytes of image data > \(maxImageDataBytes)")
            }
        }
    }

    /// The limits this decoder enforces.
    public var limits: Limits

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Decodes a PNG file (an iCCP profile is not inflated).
    public func decode(_ file: [UInt8]) throws(PNGError) -> RGBAImage {
        try decodeWithDetails(file, readingColorProfile: false).image
    }

    /// The header of a PNG file from its first bytes — the signature, an optional CgBI chunk and
    /// IHDR: `headerPrefixLength` bytes are enough — checked as `decode` checks it (framing, CRC,
    /// field values, limits); nothing after IHDR is read, so a file that decodes has this header
    /// but a file with this header may still fail to decode.
    public func header(_ prefix: [UInt8]) throws(PNGError) -> PNGHeader {
        try prefix.withUnsafeBufferPointer { (buffer) throws(PNGError) in
            let bytes = UnsafeRawBufferPointer(buffer)
            let lexed = ChunkLexer.lex(bytes)
            var index = 0
            if lexed.chunks.first?.chunk.type == .CgBI { index = 1 }
            guard index < lexed.chunks.count else {
                throw lexed.stop ?? .format(.missingIHDR(found: ChunkLocation("end of file", offset: bytes.count)))
            }
            let item = lexed.chunks[index], ihdr = item.chunk
            guard item.crcMatches else {
                throw .chunk(.crcMismatch(ihdr.location, declared: item.declaredCRC, computed: item.computedCRC))
            }
            guard ihdr.type == .IHDR else { throw .format(.missingIHDR(found: ihdr.location)) }
            guard ihdr.data.count == 13 else {
                throw .format(.invalidHeaderLength(ihdr.location, length: ihdr.data.count))
            }
            let header = try PNGHeader.parse(UnsafeRawBufferPointer(rebasing: bytes[ihdr.data]), at: ihdr.location)
            try limits.check(header, at: ihdr.location)
            return header
        }
    }

    /// How many leading bytes `header(_:)` needs: signature (8), CgBI (16), IHDR (25).
    public static let headerPrefixLength = 49

    /// Decodes a PNG file with its details (`DecodedPNG`); an iCCP chunk's profile is inflated
    /// (up to 16 MiB) only when `readingColorProfile`, and never applied here.
    public func decodeWithDetails(_ file: [UInt8], readingColorProfile: Bool = true) throws(PNGError) -> DecodedPNG {
        try file.withUnsafeBufferPointer { (buffer) throws(PNGError) in
            let bytes = UnsafeRawBufferPointer(buffer)
            let structure = try PNGStructure(
                try ChunkLexer.chunks(of: bytes), bytes: bytes, limits: limits, readingColorProfile: readingColorProfile
            )
            var problems = structure.problems
            let image = try ImageDataDecoder(structure, file: bytes).decode(problems: &problems)
            let hasAlpha =
                structure.transparency != nil
                || [.grayscaleAlpha, .truecolorAlpha].contains(structure.header.colorType)
            return DecodedPNG(
                image: image, header: structure.header, isCgBI: structure.isCgBI, hasAlpha: hasAlpha,
                colorProfile: structure.colorProfile, ignoredColorProfile: structure.ignoredColorProfile,
                problems: problems)
        }
    }
}

/// A PNG file decoded, with what `PNGDecoder.decodeWithDetails` finds besides its pixels.
public struct DecodedPNG: Sendable {
    public var image: RGBAImage
    public var header: PNGHeader
    /// Apple's CgBI variant.
    public var isCgBI: Bool
    /// Whether the file declares transparency: a colour type with alpha, or a tRNS chunk read.
    public var hasAlpha: Bool
    /// The ICC profile of the iCCP chunk read, inflated.
    public var colorProfile: [UInt8]?
    /// Why the file's iCCP chunk gave no profile (the problem line, also in `problems`), when the
    /// profile was to be read.
    public var ignoredColorProfile: String?
    /// The non-fatal problems found.
    public var problems: [String]
}

/// Inflates and reconstructs the image data of one file.
private struct ImageDataDecoder {
    let structure: PNGStructure
    let header: PNGHeader
    let inflater: Inflater
    /// Start of each IDAT's payload within the concatenated compressed data.
    let payloadStarts: [Int]
    /// The last IDAT (PNGStructure refuses a file without one), and the compressed data's length.
    let lastImageData: ChunkLocation
    let compressedCount: Int
    let converter: PixelConverter

    init(_ structure: PNGStructure, file: UnsafeRawBufferPointer) {
        self.structure = structure
        header = structure.header
        var compressed: [UInt8] = []
        compressed.reserveCapacity(structure.imageData.reduce(0) { $0 + $1.data.count })
        var starts: [Int] = []
        for chunk in structure.imageData {
            starts.append(compressed.count)
            compressed.append(contentsOf: UnsafeRawBufferPointer(rebasing: file[chunk.data]))
        }
        payloadStarts = starts
        lastImageData = structure.imageData.last?.location ?? structure.headerLocation
        compressedCount = compressed.count
        inflater = Inflater(
            compressed, format: structure.isCgBI ? .raw : .zlib,
            chunkSize: min(1 << 18, max(header.imageDataSize, 1)))
        converter = PixelConverter(header: header, palette: structure.palette, transparency: structure.transparency)
    }

    /// The IDAT chunk holding byte `offset` of the concatenated compressed data.
    func chunk(at offset: Int) -> ChunkLocation {
        var index = 0
        while index + 1 < payloadStarts.count && payloadStarts[index + 1] <= offset { index += 1 }
        return structure.imageData[index].location
    }

    /// Reads exactly `count` decompressed bytes (`consumed` so far) or throws.
    func read(_ destination: UnsafeMutablePointer<UInt8>, count: Int, consumed: Int) throws(PNGError) {
        let n: Int
        do {
            n = try inflater.read(into: UnsafeMutableRawBufferPointer(start: destination, count: count))
        } catch {
            throw .data(.compressedData(chunk(at: error.offset), error))
        }
        if n < count {
            throw .data(
                .notEnoughImageData(
                    lastImageData,
                    expected: header.imageDataSize, actual: consumed + n))
        }
    }

    func decode(problems: inout [String]) throws(PNGError) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        try pixels.withUnsafeMutableBufferPointer { (buffer) throws(PNGError) in
            let out = buffer.baseAddress!
            if header.interlaced {
                try decodeInterlaced(into: out)
            } else {
                try decodeProgressive(into: out)
            }
            try checkEnd(problems: &problems)
            if structure.isCgBI {
                convertCgBI(out, count: header.width * header.height)
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    private func checkEnd(problems: inout [String]) throws(PNGError) {
        var extra: UInt8 = 0
        let n: Int
        do {
            n = try withUnsafeMutableBytes(of: &extra) { (b) throws(DeflateError) in try inflater.read(into: b) }
        } catch {
            throw .data(.compressedData(chunk(at: error.offset), error))
        }
        if n > 0 {
            throw .data(.tooMuchImageData(lastImageData, expected: header.imageDataSize))
        }
        let total = compressedCount
        if inflater.consumedInput < total {
            problems.append(
                "\(lastImageData): \(total - inflater.consumedInput) bytes after the end of the compressed data ignored"
            )
        }
    }

    private func filterType(_ type: UInt8, row: Int, consumed: Int) throws(PNGError) -> UInt8 {
        if type > 4 {
            throw .data(.invalidFilterType(chunk(at: max(0, inflater.consumedInput - 1)), row: row, filterType: type))
        }
        return type
    }

    /// Non-interlaced: one scanline at a time.
    private func decodeProgressive(into out: UnsafeMutablePointer<UInt8>) throws(PNGError) {
        let width = header.width
        let rowBytes = header.rowBytes(width: width)
        let stride = header.filterStride
        let outRow = width * 4
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        zeros.initialize(repeating: 0, count: rowBytes)
        defer { zeros.deallocate() }
        var filter: UInt8 = 0
        var consumed = 0
        // 8-bit RGBA (not CgBI-swapped yet, which happens after): scanlines are the output rows.
        if header.colorType == .truecolorAlpha && header.bitDepth == 8 {
            for y in 0..<header.height {
                try read(&filter, count: 1, consumed: consumed)
                let row = out + y * outRow
                try read(row, count: rowBytes, consumed: consumed + 1)
                consumed += 1 + rowBytes
                let type = try filterType(filter, row: y, consumed: consumed)
                if type != 0 {
                    unfilter(row, previous: y == 0 ? zeros : row - outRow, count: rowBytes, stride: stride, type: type)
                }
            }
            return
        }
        var current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
        var previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
        previous.initialize(repeating: 0, count: rowBytes + 1)
        current.initialize(repeating: 0, count: rowBytes + 1)
        defer {
            current.deallocate()
            previous.deallocate()
        }
        for y in 0..<header.height {
            try read(current, count: rowBytes + 1, consumed: consumed)
            consumed += rowBytes + 1
            let type = try filterType(current[0], row: y, consumed: consumed)
            if type != 0 {
                unfilter(current + 1, previous: previous + 1, count: rowBytes, stride: stride, type: type)
            }
            converter.convert(current + 1, count: width, into: out + y * outRow)
            swap(&current, &previous)
        }
    }

    /// Adam7: all passes inflated at once, then each reconstructed and scattered.
    private func decodeInterlaced(into out: UnsafeMutablePointer<UInt8>) throws(PNGError) {
        let total = header.imageDataSize
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
        defer { data.deallocate() }
        try read(data, count: total, consumed: 0)
        let stride = header.filterStride
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: header.rowBytes(width: header.width) + 1)
        zeros.initialize(repeating: 0, count: header.rowBytes(width: header.width) + 1)
        defer { zeros.deallocate() }
        var offset = 0
        var row = 0
        for pass in Adam7.passes {
            let (w, h) = pass.size(width: header.width, height: header.height)
            if w == 0 || h == 0 { continue }
            let rowBytes = header.rowBytes(width: w)
            for y in 0..<h {
                let line = data + offset
                let type = try filterType(line[0], row: row, consumed: offset)
                if type != 0 {
                    unfilter(
                        line + 1, previous: y == 0 ? zeros : line - rowBytes, count: rowBytes,
                        stride: stride, type: type)
                }
                let outY = pass.y0 + y * pass.dy
                converter.convert(line + 1, count: w, into: out + outY * header.width * 4, x0: pass.x0, dx: pass.dx)
                offset += rowBytes + 1
                row += 1
            }
        }
    }
}
