// A TIFF file's header ("II" or "MM", 42, the first directory's offset) and its first image file
// directory: entries of (tag, type, count, value or offset), read lazily so that a tag declaring
// a billion values costs nothing until it is used, and then only the values asked for.

/// The first image file directory of a classic TIFF file.
struct TIFFDirectory {
    /// One entry: where its values are and how they are stored.
    struct Entry {
        var type: Int
        var count: Int
        /// The offset of the first value (inside the entry when the values fit in 4 bytes).
        var valueOffset: Int
    }

    let reader: ByteReader
    /// Entries by tag (looked up by tag only; their order never reaches output).
    private var entries: [Int: Entry] = [:]

    init(_ bytes: [UInt8]) throws(ImageFormatError) {
        guard bytes.count >= 8 else {
            throw ImageFormatError("TIFF", .truncated, at: 0, "the file ends inside the 8-byte header")
        }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: throw ImageFormatError("TIFF", .corrupt, at: 0, "not a TIFF file (it does not start with II or MM)")
        }
        reader = ByteReader(bytes, format: "TIFF", bigEndian: bigEndian)
        let version = try reader.u16(2, "the header")
        guard version == 42 else {
            throw ImageFormatError(
                "TIFF", version == 43 ? .unsupported : .corrupt, at: 2,
                version == 43
                    ? "a BigTIFF file (version 43) is not read: save it as a classic TIFF"
                    : "the version is \(version), expected 42")
        }
        let offset = try reader.u32(4, "the header")
        let count = try reader.u16(offset, "the first image directory")
        try reader.need(offset + 2, count * 12, "the first image directory's \(count) entries")
        for index in 0..<count {
            let at = offset + 2 + index * 12
            let tag = try reader.u16(at, "a directory entry"), type = try reader.u16(at + 2, "a directory entry")
            let values = try reader.u32(at + 4, "a directory entry")
            let size = Self.size(ofType: type)
            let inline = size > 0 && values <= 4 / size
            let valueOffset = inline ? at + 8 : try reader.u32(at + 8, "a directory entry")
            if entries[tag] == nil { entries[tag] = Entry(type: type, count: values, valueOffset: valueOffset) }
        }
    }

    static func isTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 42, 0]) || bytes.starts(with: [0x4D, 0x4D, 0, 42])
    }

    /// Bytes a value of a TIFF field type takes (0 for types ivsim does not read).
    static func size(ofType type: Int) -> Int {
        switch type {
        case 1, 2, 6, 7: 1  // BYTE, ASCII, SBYTE, UNDEFINED
        case 3, 8: 2  // SHORT, SSHORT
        case 4, 9: 4  // LONG, SLONG
        default: 0
        }
    }

    func has(_ tag: TIFFTag) -> Bool { entries[tag.rawValue] != nil }

    /// How many values the tag has (0 when absent).
    func count(_ tag: TIFFTag) -> Int { entries[tag.rawValue]?.count ?? 0 }

    /// The tag's first `limit` values as integers (BYTE, SHORT or LONG), all of them when fewer.
    func values(_ tag: TIFFTag, upTo limit: Int = 1) throws(ImageFormatError) -> [Int] {
        guard let entry = entries[tag.rawValue] else { return [] }
        let size = Self.size(ofType: entry.type)
        guard size > 0, entry.type != 2 else {
            throw ImageFormatError(
                "TIFF", .corrupt, at: entry.valueOffset, "\(tag) has field type \(entry.type), expected a whole number")
        }
        let n = min(entry.count, limit)
        try reader.need(entry.valueOffset, n * size, "the values of \(tag)")
        var result: [Int] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            let at = entry.valueOffset + i * size
            switch size {
            case 1: result.append(try reader.u8(at, "\(tag)"))
            case 2: result.append(try reader.u16(at, "\(tag)"))
            default: result.append(try reader.u32(at, "\(tag)"))
            }
        }
        return result
    }

    /// The tag's single value, or `default` when the tag is absent.
    func value(_ tag: TIFFTag, default fallback: Int? = nil) throws(ImageFormatError) -> Int {
        if let first = try values(tag).first { return first }
        if let fallback { return fallback }
        throw ImageFormatError("TIFF", .corrupt, "the first image directory has no \(tag)")
    }
}

/// The tags ivsim reads.
enum TIFFTag: Int, CustomStringConvertible {
    case imageWidth = 256, imageLength = 257, bitsPerSample = 258, compression = 259
    case photometric = 262, fillOrder = 266, stripOffsets = 273, orientation = 274, samplesPerPixel = 277
    case rowsPerStrip = 278, stripByteCounts = 279, planarConfiguration = 284, predictor = 317
    case colorMap = 320, tileWidth = 322, tileLength = 323, tileOffsets = 324, tileByteCounts = 325
    case extraSamples = 338, sampleFormat = 339

    var description: String {
        switch self {
        case .imageWidth: "ImageWidth (256)"
        case .imageLength: "ImageLength (257)"
        case .bitsPerSample: "BitsPerSample (258)"
        case .compression: "Compression (259)"
        case .photometric: "PhotometricInterpretation (262)"
        case .fillOrder: "FillOrder (266)"
        case .stripOffsets: "StripOffsets (273)"
        case .orientation: "Orientation (274)"
        case .samplesPerPixel: "SamplesPerPixel (277)"
        case .rowsPerStrip: "RowsPerStrip (278)"
        case .stripByteCounts: "StripByteCounts (279)"
        case .planarConfiguration: "PlanarConfiguration (284)"
        case .predictor: "Predictor (317)"
        case .colorMap: "ColorMap (320)"
        case .tileWidth: "TileWidth (322)"
        case .tileLength: "TileLength (323)"
        case .tileOffsets: "TileOffsets (324)"
        case .tileByteCounts: "TileByteCounts (325)"
        case .extraSamples: "ExtraSamples (338)"
        case .sampleFormat: "SampleFormat (339)"
        }
    }
}
