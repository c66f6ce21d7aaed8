import Deflate

// Splits a PNG file into chunks, checking the signature, the framing and the CRCs.
//
// CRC policy: a CRC mismatch in any chunk is an error. libpng by default only warns for ancillary
// chunks and drops them, but a damaged ancillary chunk may be (or, with its type damaged, may
// have been) tRNS, and dropping it would change the pixels without a word: a snapshot tool must
// not do that. `PNGInspection` still lists every chunk with its CRC status.

/// One chunk of a PNG file.
public struct Chunk: Sendable {
    /// The chunk's type.
    public let type: ChunkType
    /// Byte offset of the chunk's length field in the file.
    public let offset: Int
    /// The data's byte range in the file.
    public let data: Range<Int>

    /// The chunk's name and offset, for messages.
    public var location: ChunkLocation { ChunkLocation(type.description, offset: offset) }
}

/// The chunks of a file, and what was wrong but not fatal.
struct ChunkList {
    var chunks: [Chunk]
    /// Ancillary chunks dropped for a bad CRC, bytes after IEND, and similar.
    var problems: [String]
}

/// A chunk as the lexer found it, with both CRCs.
struct LexedChunk {
    var chunk: Chunk
    var declaredCRC: UInt32
    var computedCRC: UInt32
    var crcMatches: Bool { declaredCRC == computedCRC }
}

enum ChunkLexer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks the signature and splits `bytes` into chunks up to and including IEND, applying the
    /// CRC policy.
    static func chunks(of bytes: UnsafeRawBufferPointer) throws(PNGError) -> ChunkList {
        let lexed = lex(bytes)
        var chunks: [Chunk] = []
        var problems: [String] = []
        for item in lexed.chunks {
            let location = item.chunk.location
            if !item.crcMatches {
                throw .chunk(.crcMismatch(location, declared: item.declaredCRC, computed: item.computedCRC))
            }
            chunks.append(item.chunk)
        }
        if let stop = lexed.stop { throw stop }
        if lexed.trailingBytes > 0 {
            problems.append(
                "offset \(bytes.count - lexed.trailingBytes): \(lexed.trailingBytes) bytes after IEND ignored")
        }
        return ChunkList(chunks: chunks, problems: problems)
    }

    /// Walks the chunks up to IEND or the first framing error (which ends the walk and is
    /// returned, not thrown, so that a report can still list what came before).
    static func lex(_ bytes: UnsafeRawBufferPointer) -> (chunks: [LexedChunk], stop: PNGError?, trailingBytes: Int) {
        var chunks: [LexedChunk] = []
        do {
            try checkSignature(bytes)
        } catch {
            return (chunks, error, 0)
        }
        var offset = 8
        while true {
            if offset == bytes.count {
                return (chunks, .chunk(.missingIEND(offset: offset)), 0)
            }
            guard bytes.count - offset >= 8 else {
                return (chunks, .chunk(.truncatedChunkHeader(offset: offset, available: bytes.count - offset)), 0)
            }
            let length = readUInt32(bytes, offset)
            let type = ChunkType(code: readUInt32(bytes, offset + 4))
            guard type.isValid else {
                return (chunks, .chunk(.invalidChunkType(offset: offset + 4, bytes: type.bytes)), 0)
            }
            let location = ChunkLocation(type.description, offset: offset)
            guard length <= 0x7FFF_FFFF else {
                return (chunks, .chunk(.invalidChunkLength(location, length: length)), 0)
            }
            let dataStart = offset + 8
            let available = bytes.count - dataStart
            guard available >= Int(length) + 4 else {
                return (chunks, .chunk(.truncatedChunk(location, declaredLength: Int(length), available: available)), 0)
            }
            let dataEnd = dataStart + Int(length)
            var crc = CRC32()
            crc.update(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<dataEnd]))
            let chunk = Chunk(type: type, offset: offset, data: dataStart..<dataEnd)
            chunks.append(LexedChunk(chunk: chunk, declaredCRC: readUInt32(bytes, dataEnd), computedCRC: crc.value))
            offset = dataEnd + 4
            if type == .IEND {
                return (chunks, nil, bytes.count - offset)
            }
        }
    }

    private static func checkSignature(_ bytes: UnsafeRawBufferPointer) throws(PNGError) {
        let count = min(bytes.count, 8)
        for i in 0..<count where bytes[i] != signature[i] {
            // A text-mode transfer rewrites CR (0D) and LF (0A) in bytes 4-7 and leaves the rest.
            let head = Array(bytes.prefix(8))
            let lineEndingBytes: Set<UInt8> = [0x0D, 0x0A]
            if i >= 4 && head.count == 8 && head[0..<4].elementsEqual(signature[0..<4]) && head[6] == 0x1A
                && [4, 5, 7].allSatisfy({ lineEndingBytes.contains(head[$0]) })
            {
                throw .chunk(.lineEndingsConverted(signature: head))
            }
            if i >= 4 && head.count >= 5 && head[0..<4].elementsEqual(signature[0..<4])
                && (head[4...].firstIndex(of: 0x1A).map { $0 != 6 } ?? false)
                && head[4...].prefix(while: { $0 != 0x1A }).allSatisfy(lineEndingBytes.contains)
            {
                // CR LF became LF, or LF became CR LF: the 1A byte moved.
                throw .chunk(.lineEndingsConverted(signature: head))
            }
            throw .chunk(.signatureMismatch(byte: i, found: bytes[i], expected: signature[i]))
        }
        if bytes.count < 8 {
            throw .chunk(.tooShort(count: bytes.count))
        }
    }
}

@inline(__always)
func readUInt32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
}

@inline(__always)
func readUInt16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
}
