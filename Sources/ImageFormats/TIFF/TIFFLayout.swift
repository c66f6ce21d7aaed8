// What the first directory's tags say about the image's samples and where its chunks (strips or
// tiles) are, checked before anything is allocated: each refusal names the tag and the value.

struct TIFFLayout {
    enum Colour {
        case whiteIsZero, blackIsZero, rgb, palette

        /// For messages.
        var name: String {
            switch self {
            case .whiteIsZero: "a WhiteIsZero image"
            case .blackIsZero: "a BlackIsZero image"
            case .rgb: "an RGB image"
            case .palette: "a palette image"
            }
        }
    }
    enum Alpha { case none, associated, unassociated }

    var width, height: Int
    var colour: Colour
    var bits: Int
    /// Samples a pixel has in the file (colour, alpha, then any extra samples ignored).
    var samplesPerPixel: Int
    /// Colour samples (1 or 3).
    var colourSamples: Int
    var alpha: Alpha
    var planar: Bool
    var compression: TIFFCompression
    var predictor: Bool
    /// 3 × 2^bits colour map entries (red, then green, then blue), 16 bits each.
    var colorMap: [Int] = []
    /// 8 for a 16-bit colour map, 0 for one whose entries are all 8-bit values.
    var colorMapShift = 8
    /// Chunk width and height: a tile's, or the image's width and RowsPerStrip.
    var chunkWidth, chunkHeight: Int
    var tiled: Bool

    init(_ d: TIFFDirectory, limits: ImageFormatLimits) throws(ImageFormatError) {
        func refuse(_ message: String) -> ImageFormatError { ImageFormatError("TIFF", .unsupported, message) }
        width = try d.value(.imageWidth)
        height = try d.value(.imageLength)
        try limits.check(width: width, height: height, format: "TIFF")
        samplesPerPixel = try d.value(.samplesPerPixel, default: 1)
        guard (1...16).contains(samplesPerPixel) else {
            throw ImageFormatError("TIFF", .corrupt, "\(TIFFTag.samplesPerPixel) is \(samplesPerPixel) (1 to 16)")
        }
        let bitsPerSample = try d.values(.bitsPerSample, upTo: max(1, samplesPerPixel))
        let first = bitsPerSample.first ?? 1
        bits = first
        guard bitsPerSample.allSatisfy({ $0 == first }) else {
            throw refuse("BitsPerSample (258) differs between samples (\(bitsPerSample)); ivsim reads equal samples")
        }
        let code = try d.value(.compression, default: 1)
        guard let compression = TIFFCompression(rawValue: code) else {
            throw refuse(
                "\(TIFFCompression.name(code)) compression is not read (ivsim reads none, LZW, Deflate and PackBits): save it with one of these"
            )
        }
        self.compression = compression
        let photometric = try d.value(.photometric, default: -1)
        switch photometric {
        case 0: colour = .whiteIsZero
        case 1: colour = .blackIsZero
        case 2: colour = .rgb
        case 3: colour = .palette
        case -1: throw ImageFormatError("TIFF", .corrupt, "the first image directory has no \(TIFFTag.photometric)")
        default:
            let name =
                [4: "a transparency mask", 5: "CMYK", 6: "YCbCr", 8: "CIE L*a*b*"][photometric] ?? "\(photometric)"
            throw refuse(
                "\(TIFFTag.photometric) \(name) is not read (ivsim reads WhiteIsZero, BlackIsZero, RGB and palette images)"
            )
        }
        colourSamples = colour == .rgb ? 3 : 1
        let allowed: [Int] =
            switch colour {
            case .rgb: [8, 16]
            case .palette: [1, 2, 4, 8]
            case .whiteIsZero, .blackIsZero: [1, 2, 4, 8, 16]
            }
        guard allowed.contains(bits) else {
            throw refuse("\(bits) bits a sample in \(colour.name) is not read (ivsim reads \(allowed))")
        }
        guard samplesPerPixel >= colourSamples else {
            throw ImageFormatError(
                "TIFF", .corrupt, "\(TIFFTag.samplesPerPixel) is \(samplesPerPixel) for \(colour.name)")
        }
        // Alpha: the first extra sample, as libtiff's RGBA interface reads it: ExtraSamples 1 is
        // associated, 2 unassociated, 0 (unspecified) associated when there are more than three
        // samples; without the tag, a fourth sample of an RGB image is associated alpha.
        let extra = try d.values(.extraSamples).first
        if samplesPerPixel == colourSamples || colour == .palette {
            alpha = .none
        } else {
            switch extra {
            case 1?: alpha = .associated
            case 2?: alpha = .unassociated
            case 0?: alpha = samplesPerPixel > 3 ? .associated : .none
            case nil: alpha = samplesPerPixel == 4 && colour == .rgb ? .associated : .none
            default: alpha = .none
            }
        }
        let format = try d.value(.sampleFormat, default: 1)
        guard format == 1 else {
            throw refuse("\(TIFFTag.sampleFormat) \(format) is not read (ivsim reads unsigned integer samples, 1)")
        }
        guard try d.value(.fillOrder, default: 1) == 1 else {
            throw refuse("\(TIFFTag.fillOrder) 2 (least significant bit first) is not read")
        }
        planar = try d.value(.planarConfiguration, default: 1) == 2
        let predictorCode = try d.value(.predictor, default: 1)
        guard predictorCode == 1 || (predictorCode == 2 && bits >= 8) else {
            throw refuse(
                "\(TIFFTag.predictor) \(predictorCode) is not read at \(bits) bits (ivsim reads 1, and 2 for 8- and 16-bit samples)"
            )
        }
        predictor = predictorCode == 2
        if colour == .palette {
            colorMap = try d.values(.colorMap, upTo: 3 << bits)
            guard colorMap.count == 3 << bits else {
                throw ImageFormatError(
                    "TIFF", .corrupt, "\(TIFFTag.colorMap) has \(colorMap.count) values, expected \(3 << bits)")
            }
            // 16-bit entries by their high byte; a map whose entries are all under 256 was written
            // with 8-bit values and is taken as it is (libtiff's checkcmap and cvtcmap).
            colorMapShift = colorMap.allSatisfy { $0 < 256 } ? 0 : 8
        }
        tiled = d.has(.tileWidth) || d.has(.tileOffsets)
        if tiled {
            chunkWidth = try d.value(.tileWidth)
            chunkHeight = try d.value(.tileLength)
            guard chunkWidth > 0, chunkHeight > 0, chunkWidth <= 1 << 16, chunkHeight <= 1 << 16,
                chunkWidth * chunkHeight <= limits.maxPixels
            else {
                throw ImageFormatError(
                    "TIFF", .exceedsLimits,
                    "tiles of \(chunkWidth) × \(chunkHeight) pixels (at most \(limits.maxPixels) pixels a tile)")
            }
        } else {
            chunkWidth = width
            chunkHeight = max(1, min(height, try d.value(.rowsPerStrip, default: height)))
        }
        bigEndianSamples = d.reader.bigEndian
        maxChunkBytes = min(1 << 28, limits.maxPixels * 8)
        guard chunkRowBytes * chunkHeight <= maxChunkBytes else {
            throw ImageFormatError(
                "TIFF", .exceedsLimits,
                "a strip or tile of \(chunkRowBytes * chunkHeight) bytes uncompressed, more than the \(maxChunkBytes) ivsim reads"
            )
        }
        let chunks = (width + chunkWidth - 1) / chunkWidth * ((height + chunkHeight - 1) / chunkHeight)
        guard chunks * (planar ? samplesPerPixel : 1) <= Self.maxChunks else {
            throw ImageFormatError(
                "TIFF", .exceedsLimits,
                "\(chunks * (planar ? samplesPerPixel : 1)) strips or tiles, more than the \(Self.maxChunks) ivsim reads"
            )
        }
    }

    /// The most strips or tiles an image may have: 2^21 (a 64 Mi-pixel image in 32-pixel tiles
    /// needs 65,536).
    static let maxChunks = 1 << 21

    /// Samples in one chunk's row: one plane's, or every sample's.
    var samplesPerChunkPixel: Int { planar ? 1 : samplesPerPixel }
    var chunkRowBytes: Int { (chunkWidth * samplesPerChunkPixel * bits + 7) / 8 }

    /// Where one chunk goes: its plane and the image pixel of its top left.
    struct Chunk {
        var plane, x, y: Int
        var rowBytes, rows: Int
    }

    /// Decodes each chunk in file order and hands it over.
    func forEachChunk(
        _ d: TIFFDirectory, _ body: (Chunk, [UInt8]) throws(ImageFormatError) -> Void
    ) throws(ImageFormatError) {
        let across = (width + chunkWidth - 1) / chunkWidth, down = (height + chunkHeight - 1) / chunkHeight
        let planes = planar ? samplesPerPixel : 1
        let count = across * down * planes
        // All the chunks' work within one budget: the bytes each decodes (the rows inside the
        // image only: a tile's rows below it are never decoded) and a fixed 4 KiB a chunk for
        // setting it up; at most four times the image's samples and 64 MiB (docs/LIMITS.md).
        let imageBytes = width * height * samplesPerPixel * max(1, bits / 8)
        let budget = 4 * imageBytes + (1 << 26)
        var spent = 0
        func overBudget() -> ImageFormatError {
            ImageFormatError(
                "TIFF", .exceedsLimits,
                "its strips or tiles decode more than \(budget) bytes (four times the image's samples and 64 MiB): "
                    + "\(count) chunks of \(chunkWidth) × \(chunkHeight) pixels for a \(width) × \(height) image")
        }
        // The chunks' set-up alone, before their offsets are read.
        guard count * 4096 <= budget else { throw overBudget() }
        let offsetsTag: TIFFTag = tiled ? .tileOffsets : .stripOffsets
        let countsTag: TIFFTag = tiled ? .tileByteCounts : .stripByteCounts
        let offsets = try d.values(offsetsTag, upTo: count)
        guard offsets.count == count else {
            throw ImageFormatError(
                "TIFF", .corrupt, "\(offsetsTag) has \(offsets.count) values, the image needs \(count)")
        }
        var counts = try d.values(countsTag, upTo: count)
        if counts.count < count {
            // Without byte counts (a baseline requirement some writers skip), an uncompressed
            // chunk is as long as its rows.
            guard compression == .none, counts.isEmpty else {
                throw ImageFormatError(
                    "TIFF", .corrupt, "\(countsTag) has \(counts.count) values, the image needs \(count)")
            }
            counts = [Int](repeating: chunkRowBytes * chunkHeight, count: count)
        }
        for index in 0..<count {
            let plane = index / (across * down), within = index % (across * down)
            let top = within / across * chunkHeight
            let chunk = Chunk(
                plane: plane, x: within % across * chunkWidth, y: top, rowBytes: chunkRowBytes,
                rows: min(chunkHeight, height - top))
            let expected = chunk.rowBytes * chunk.rows
            spent += expected + 4096
            guard spent <= budget else { throw overBudget() }
            let start = min(offsets[index], d.reader.count)
            let available = d.reader.count - start
            // A chunk whose data lies past the end decodes from none: zeros, as a short chunk's rest.
            let data = d.reader.bytes[start..<(start + min(counts[index], available))]
            var decoded = try compression.decode(data, expected: expected, at: start)
            if predictor { undoPrediction(&decoded, chunk) }
            try body(chunk, decoded)
        }
    }

    /// Horizontal differencing undone: each sample adds the same sample of the pixel to its left,
    /// in 8 or 16 bits (16-bit samples in the file's byte order).
    private func undoPrediction(_ data: inout [UInt8], _ chunk: Chunk) {
        let stride = samplesPerChunkPixel
        for row in 0..<chunk.rows {
            let base = row * chunk.rowBytes
            if bits == 8 {
                for i in stride..<(chunkWidth * stride) { data[base + i] &+= data[base + i - stride] }
            } else {
                for i in stride..<(chunkWidth * stride) {
                    let (a, b) = (base + 2 * i, base + 2 * (i - stride))
                    let bigEndian = bigEndianSamples
                    let value = sample16(data, a, bigEndian) &+ sample16(data, b, bigEndian)
                    (data[a], data[a + 1]) =
                        bigEndian ? (UInt8(value >> 8), UInt8(value & 255)) : (UInt8(value & 255), UInt8(value >> 8))
                }
            }
        }
    }

    var bigEndianSamples = false
    /// The most bytes one strip or tile may hold uncompressed: 8 bytes a pixel of the largest image
    /// (four 16-bit samples), at most 256 MiB.
    var maxChunkBytes = 0
}

@inline(__always)
func sample16(_ data: [UInt8], _ at: Int, _ bigEndian: Bool) -> UInt16 {
    bigEndian ? UInt16(data[at]) << 8 | UInt16(data[at + 1]) : UInt16(data[at + 1]) << 8 | UInt16(data[at])
}
