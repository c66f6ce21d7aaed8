import Deflate

// Errors by stage. Reading a PNG goes through three stages, each with its own error type:
//   lexing    signature, chunk framing and CRCs         PNGChunkError
//   parsing   what the chunks say and their order       PNGFormatError
//   decoding  compressed data, filters, image data size  PNGDataError
// `PNGError` wraps them so that the decoder has one typed `throws`; every message names the chunk
// and the byte offset of its length field, e.g. `IDAT at offset 4123: CRC mismatch (...)`.

/// A chunk and where it starts in the file (the offset of its 4-byte length field).
public struct ChunkLocation: Equatable, Sendable, CustomStringConvertible {
    /// The chunk type, e.g. "IDAT".
    public var type: String
    /// Byte offset of the chunk's length field.
    public var offset: Int

    public init(_ type: String, offset: Int) {
        self.type = type
        self.offset = offset
    }

    public var description: String { "\(type) at offset \(offset)" }
}

/// Lexing errors: the signature and the chunk framing.
public enum PNGChunkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is shorter than the 8-byte signature.
    case tooShort(count: Int)
    /// A signature byte differs (and not in a way a text-mode transfer explains).
    case signatureMismatch(byte: Int, found: UInt8, expected: UInt8)
    /// The signature's CR/LF bytes were changed: the file went through a text-mode transfer.
    case lineEndingsConverted(signature: [UInt8])
    /// The file ends inside a chunk's length or type field.
    case truncatedChunkHeader(offset: Int, available: Int)
    /// The file ends inside a chunk's data or CRC.
    case truncatedChunk(ChunkLocation, declaredLength: Int, available: Int)
    /// A chunk length above 2^31 − 1 (PNG's limit).
    case invalidChunkLength(ChunkLocation, length: UInt32)
    /// A chunk type that is not four ASCII letters.
    case invalidChunkType(offset: Int, bytes: [UInt8])
    /// A chunk whose CRC does not match its type and data.
    case crcMismatch(ChunkLocation, declared: UInt32, computed: UInt32)
    /// The file ends after a chunk, without an IEND chunk.
    case missingIEND(offset: Int)

    public var description: String {
        switch self {
        case let .tooShort(count):
            return "not a PNG file: \(count) bytes, shorter than the 8-byte signature"
        case let .signatureMismatch(byte, found, expected):
            return "not a PNG file: signature byte \(byte) is 0x\(hex2(found)), expected 0x\(hex2(expected))"
        case let .lineEndingsConverted(signature):
            let bytes = signature.map { hex2($0) }.joined(separator: " ")
            return
                "PNG signature damaged by line-ending conversion (\(bytes)): the file was transferred as text; transfer it in binary mode"
        case let .truncatedChunkHeader(offset, available):
            return "offset \(offset): file ends inside a chunk header (\(available) of 8 bytes)"
        case let .truncatedChunk(location, declaredLength, available):
            return
                "\(location): file ends inside the chunk (length \(declaredLength) + 4-byte CRC, \(available) bytes left)"
        case let .invalidChunkLength(location, length):
            return "\(location): chunk length \(length) exceeds 2^31 - 1"
        case let .invalidChunkType(offset, bytes):
            return
                "offset \(offset): invalid chunk type \(bytes.map { hex2($0) }.joined(separator: " ")) (expected 4 ASCII letters)"
        case let .crcMismatch(location, declared, computed):
            return "\(location): CRC mismatch (declared 0x\(hex8(declared)), computed 0x\(hex8(computed)))"
        case let .missingIEND(offset):
            return "offset \(offset): file ends without an IEND chunk"
        }
    }
}

/// Parsing errors: chunk contents and order.
public enum PNGFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first chunk is not IHDR (or, in an Apple CgBI file, the second).
    case missingIHDR(found: ChunkLocation)
    /// IHDR data is not 13 bytes.
    case invalidHeaderLength(ChunkLocation, length: Int)
    /// Width or height is 0 or above 2^31 − 1.
    case invalidDimensions(ChunkLocation, width: UInt32, height: UInt32)
    /// A color type other than 0, 2, 3, 4 or 6.
    case invalidColorType(ChunkLocation, colorType: UInt8)
    /// A bit depth the color type does not allow.
    case invalidBitDepth(ChunkLocation, bitDepth: UInt8, colorType: UInt8)
    /// Compression method other than 0.
    case invalidCompressionMethod(ChunkLocation, method: UInt8)
    /// Filter method other than 0.
    case invalidFilterMethod(ChunkLocation, method: UInt8)
    /// Interlace method other than 0 or 1.
    case invalidInterlaceMethod(ChunkLocation, method: UInt8)
    /// The image is larger than the decoder's limits allow.
    case exceedsLimits(ChunkLocation, width: Int, height: Int, reason: String)
    /// A chunk that may appear once appears again.
    case duplicateChunk(ChunkLocation)
    /// A chunk where the PNG chunk-ordering rules do not allow it.
    case misplacedChunk(ChunkLocation, rule: String)
    /// A critical chunk this decoder does not know.
    case unknownCriticalChunk(ChunkLocation)
    /// A PLTE chunk whose length is not a multiple of 3 between 3 and 768.
    case invalidPaletteLength(ChunkLocation, length: Int)
    /// An indexed-color image without PLTE.
    case missingPalette(ChunkLocation)
    /// No IDAT chunk before IEND.
    case missingImageData(ChunkLocation)
    /// An Apple CgBI file with a color type other than RGB or RGBA at 8 bits.
    case unsupportedCgBI(ChunkLocation, colorType: UInt8, bitDepth: UInt8)

    public var description: String {
        switch self {
        case let .missingIHDR(found):
            return "\(found): first chunk must be IHDR"
        case let .invalidHeaderLength(location, length):
            return "\(location): IHDR length \(length), expected 13"
        case let .invalidDimensions(location, width, height):
            return "\(location): invalid size \(width)×\(height) (each side must be 1 to 2^31 - 1)"
        case let .invalidColorType(location, colorType):
            return "\(location): invalid color type \(colorType) (expected 0, 2, 3, 4 or 6)"
        case let .invalidBitDepth(location, bitDepth, colorType):
            let allowed =
                PNGColorType(rawValue: colorType)?.allowedBitDepths.map(String.init).joined(separator: ", ") ?? "?"
            return "\(location): invalid bit depth \(bitDepth) for color type \(colorType) (expected \(allowed))"
        case let .invalidCompressionMethod(location, method):
            return "\(location): invalid compression method \(method) (expected 0)"
        case let .invalidFilterMethod(location, method):
            return "\(location): invalid filter method \(method) (expected 0)"
        case let .invalidInterlaceMethod(location, method):
            return "\(location): invalid interlace method \(method) (expected 0 or 1)"
        case let .exceedsLimits(location, width, height, reason):
            return "\(location): image \(width)×\(height) exceeds the decoder's limits (\(reason))"
        case let .duplicateChunk(location):
            return "\(location): \(location.type) may appear only once"
        case let .misplacedChunk(location, rule):
            return "\(location): \(rule)"
        case let .unknownCriticalChunk(location):
            return "\(location): unknown critical chunk \(location.type)"
        case let .invalidPaletteLength(location, length):
            return "\(location): PLTE length \(length) is not a multiple of 3 between 3 and 768"
        case let .missingPalette(location):
            return "\(location): indexed-color image has no PLTE chunk"
        case let .missingImageData(location):
            return "\(location): no IDAT chunk before IEND"
        case let .unsupportedCgBI(location, colorType, bitDepth):
            return
                "\(location): Apple CgBI image with color type \(colorType), bit depth \(bitDepth) (only 8-bit RGB and RGBA are supported)"
        }
    }
}

/// Decoding errors: the compressed image data and what it decompresses to.
public enum PNGDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The zlib (or, for CgBI, raw DEFLATE) stream is invalid; `location` is the IDAT chunk
    /// holding the byte where the problem was found.
    case compressedData(ChunkLocation, DeflateError)
    /// A scanline starts with a filter type above 4.
    case invalidFilterType(ChunkLocation, row: Int, filterType: UInt8)
    /// The decompressed data ends before the last scanline.
    case notEnoughImageData(ChunkLocation, expected: Int, actual: Int)
    /// The decompressed data goes on after the last scanline.
    case tooMuchImageData(ChunkLocation, expected: Int)

    public var description: String {
        switch self {
        case let .compressedData(location, error):
            return "\(location): \(error.reason) (byte \(error.offset) of the compressed data)"
        case let .invalidFilterType(location, row, filterType):
            return "\(location): scanline \(row) has invalid filter type \(filterType) (expected 0 to 4)"
        case let .notEnoughImageData(location, expected, actual):
            return "\(location): image data decompresses to \(actual) bytes, expected \(expected)"
        case let .tooMuchImageData(location, expected):
            return "\(location): image data decompresses to more than the expected \(expected) bytes"
        }
    }
}

/// Any error from reading a PNG, by stage.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    case chunk(PNGChunkError)
    case format(PNGFormatError)
    case data(PNGDataError)

    public var description: String {
        switch self {
        case let .chunk(error): error.description
        case let .format(error): error.description
        case let .data(error): error.description
        }
    }
}
