// What the chunks of a PNG say, checked against the chunk-ordering rules (PNG spec §5.6).
//
// Policy, following libpng's defaults so that files decode as they do elsewhere:
// - problems with critical chunks (IHDR, PLTE of an indexed image, IDAT, IEND, unknown critical
//   chunks) are errors;
// - an ancillary chunk that is malformed or out of place is ignored and reported in `problems`;
//   for tRNS this changes no pixel that libpng would show;
// - a PLTE in a grayscale image and a malformed suggested palette in a truecolor image are
//   ignored likewise.

/// Transparency from a tRNS chunk.
enum Transparency: Equatable {
    /// Alpha of the first palette entries (the rest are opaque).
    case palette([UInt8])
    /// The gray sample value (at the image's bit depth) that is fully transparent.
    case gray(UInt16)
    /// The RGB sample values (at the image's bit depth) that are fully transparent.
    case rgb(UInt16, UInt16, UInt16)
}

/// The decoded chunk structure of a PNG file.
struct PNGStructure {
    var header: PNGHeader
    var headerLocation: ChunkLocation
    /// Apple's CgBI variant: raw DEFLATE, BGR(A) sample order, premultiplied alpha.
    var isCgBI: Bool
    /// RGB triples of PLTE (indexed images only; entries beyond 2^bitDepth dropped).
    var palette: [UInt8]
    var transparency: Transparency?
    /// The ICC profile of an iCCP chunk that is read (ColorProfileChunk), inflated.
    var colorProfile: [UInt8]?
    /// Why the file's iCCP chunk was not read (its reason, also among `problems`), when there is
    /// one, `readingColorProfile` was set and no profile came of it.
    var ignoredColorProfile: String?
    var imageData: [Chunk]
    var end: Chunk
    var chunks: [Chunk]
    var problems: [String]

    /// Interprets `list`, the chunks of `bytes`; an iCCP chunk's profile is inflated and checked
    /// only when `readingColorProfile` (its place is checked either way).
    init(
        _ list: ChunkList, bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits, readingColorProfile: Bool = true
    ) throws(PNGError) {
        chunks = list.chunks
        problems = list.problems
        // The lexer stops at IEND, so it is the last chunk.
        end = chunks[chunks.count - 1]
        var index = 0
        isCgBI = false
        if chunks[0].type == .CgBI {
            isCgBI = true
            index = 1
        }
        guard index < chunks.count, chunks[index].type == .IHDR else {
            throw .format(.missingIHDR(found: chunks[min(index, chunks.count - 1)].location))
        }
        let ihdr = chunks[index]
        headerLocation = ihdr.location
        guard ihdr.data.count == 13 else {
            throw .format(.invalidHeaderLength(ihdr.location, length: ihdr.data.count))
        }
        header = try PNGHeader.parse(UnsafeRawBufferPointer(rebasing: bytes[ihdr.data]), at: ihdr.location)
        try limits.check(header, at: ihdr.location)
        if isCgBI && (header.bitDepth != 8 || !(header.colorType == .truecolor || header.colorType == .truecolorAlpha))
        {
            throw .format(
                .unsupportedCgBI(
                    ihdr.location, colorType: header.colorType.rawValue,
                    bitDepth: UInt8(header.bitDepth)))
        }

        palette = []
        transparency = nil
        colorProfile = nil
        ignoredColorProfile = nil
        imageData = []
        var paletteChunk: Chunk?
        var transparencyChunk: Chunk?
        var profileChunk: Chunk?
        var imageDataEnded = false
        for chunk in chunks[(index + 1)...] {
            let location = chunk.location
            let data = UnsafeRawBufferPointer(rebasing: bytes[chunk.data])
            if chunk.type != .IDAT && !imageData.isEmpty { imageDataEnded = true }
            switch chunk.type {
            case .IHDR:
                throw .format(.duplicateChunk(location))
            case .CgBI:
                throw .format(.misplacedChunk(location, rule: "CgBI must come before IHDR"))
            case .PLTE:
                if paletteChunk != nil { throw .format(.duplicateChunk(location)) }
                if !imageData.isEmpty { throw .format(.misplacedChunk(location, rule: "PLTE must come before IDAT")) }
                paletteChunk = chunk
                try readPalette(data, at: location)
            case .tRNS:
                if transparencyChunk != nil {
                    problems.append("\(location): second tRNS ignored")
                } else if !imageData.isEmpty {
                    problems.append("\(location): tRNS after IDAT ignored")
                } else if header.colorType == .indexed && paletteChunk == nil {
                    problems.append("\(location): tRNS before PLTE ignored")
                } else {
                    transparencyChunk = chunk
                    readTransparency(data, at: location)
                }
            case .iCCP:
                if profileChunk != nil {
                    problems.append("\(location): second iCCP ignored")
                } else if paletteChunk != nil || !imageData.isEmpty {
                    problems.append("\(location): iCCP after PLTE or IDAT ignored")
                    if readingColorProfile && ignoredColorProfile == nil {
                        ignoredColorProfile = problems[problems.count - 1]
                    }
                } else {
                    profileChunk = chunk
                    if readingColorProfile {
                        switch ColorProfileChunk.read(data, colorType: header.colorType) {
                        case let .profile(profile, note):
                            colorProfile = profile
                            if let note { problems.append("\(location): \(note)") }
                        case let .ignored(reason):
                            problems.append("\(location): \(reason)")
                            ignoredColorProfile = problems[problems.count - 1]
                        }
                    }
                }
            case .IDAT:
                if imageDataEnded {
                    throw .format(.misplacedChunk(location, rule: "IDAT chunks must be consecutive"))
                }
                imageData.append(chunk)
            case .IEND:
                break
            default:
                if chunk.type.isCritical { throw .format(.unknownCriticalChunk(location)) }
            }
        }
        if header.colorType == .indexed && palette.isEmpty {
            throw .format(.missingPalette(end.location))
        }
        if imageData.isEmpty {
            throw .format(.missingImageData(end.location))
        }
    }

    private mutating func readPalette(_ data: UnsafeRawBufferPointer, at location: ChunkLocation) throws(PNGError) {
        switch header.colorType {
        case .grayscale, .grayscaleAlpha:
            problems.append("\(location): PLTE in a grayscale image ignored")
        case .truecolor, .truecolorAlpha:
            if data.count % 3 != 0 || data.count < 3 || data.count > 768 {
                problems.append("\(location): malformed suggested palette (\(data.count) bytes) ignored")
            }
        case .indexed:
            guard data.count % 3 == 0, data.count >= 3, data.count <= 768 else {
                throw .format(.invalidPaletteLength(location, length: data.count))
            }
            let allowed = 1 << header.bitDepth
            if data.count / 3 > allowed {
                problems.append(
                    "\(location): \(data.count / 3) palette entries, more than bit depth \(header.bitDepth) can index; extra entries ignored"
                )
            }
            palette = Array(data.prefix(min(data.count, allowed * 3)))
        }
    }

    /// Reads tRNS. Key values are kept as written: one above the bit depth's range matches no
    /// pixel (as in libpng and Pillow) and is reported.
    private mutating func readTransparency(_ data: UnsafeRawBufferPointer, at location: ChunkLocation) {
        let maxSample = UInt16((1 << header.bitDepth) - 1)
        func checkRange(_ values: UInt16...) {
            if values.contains(where: { $0 > maxSample }) {
                problems.append("\(location): tRNS key exceeds the \(header.bitDepth)-bit range and matches no pixel")
            }
        }
        switch header.colorType {
        case .indexed:
            if data.count > palette.count / 3 {
                problems.append(
                    "\(location): tRNS has \(data.count) entries for a \(palette.count / 3)-entry palette; ignored")
            } else {
                transparency = .palette(Array(data))
            }
        case .grayscale:
            if data.count == 2 {
                transparency = .gray(readUInt16(data, 0))
                checkRange(readUInt16(data, 0))
            } else {
                problems.append("\(location): tRNS for a grayscale image must be 2 bytes, not \(data.count); ignored")
            }
        case .truecolor:
            if data.count == 6 {
                transparency = .rgb(readUInt16(data, 0), readUInt16(data, 2), readUInt16(data, 4))
                checkRange(readUInt16(data, 0), readUInt16(data, 2), readUInt16(data, 4))
            } else {
                problems.append("\(location): tRNS for a truecolor image must be 6 bytes, not \(data.count); ignored")
            }
        case .grayscaleAlpha, .truecolorAlpha:
            problems.append("\(location): tRNS in an image with an alpha channel ignored")
        }
    }
}
