import Deflate

// The compressions ivsim reads in TIFF strips and tiles, each decoding one chunk into exactly the
// bytes the chunk holds uncompressed: data past that is ignored, data short of it leaves zeros
// (as libtiff reads a short strip, with a warning; docs/FORMATS.md §TIFF):
//   1      none
//   5      LZW, TIFF's flavour: codes most significant bit first, 9 to 12 bits, the width growing
//          one code early (at 511, 1023, 2047), clear 256, end 257
//   8      Deflate (zlib), and 32946, the older code for the same
//   32773  PackBits: a count byte n, then n + 1 literal bytes (n 0…127) or one byte repeated
//          1 − n times (n −127…−1); −128 is skipped

enum TIFFCompression: Int {
    case none = 1, lzw = 5, deflate = 8, deflateOld = 32946, packBits = 32773

    /// The name of a compression code ivsim does not read, for messages.
    static func name(_ code: Int) -> String {
        switch code {
        case 2: "CCITT modified Huffman (2)"
        case 3: "CCITT Group 3 (3)"
        case 4: "CCITT Group 4 (4)"
        case 6: "old-style JPEG (6)"
        case 7: "JPEG (7)"
        case 34712: "JPEG 2000 (34712)"
        case 50000: "Zstandard (50000)"
        case 34925: "LZMA (34925)"
        case 50001: "WebP (50001)"
        default: "code \(code)"
        }
    }

    /// `expected` bytes decoded from `data`.
    func decode(_ data: ArraySlice<UInt8>, expected: Int, at offset: Int) throws(ImageFormatError) -> [UInt8] {
        switch self {
        case .none:
            var out = Array(data.prefix(expected))
            if out.count < expected { out += [UInt8](repeating: 0, count: expected - out.count) }
            return out
        case .packBits: return Self.packBits(data, expected: expected)
        case .lzw: return Self.lzw(data, expected: expected)
        case .deflate, .deflateOld:
            var out = [UInt8](repeating: 0, count: expected)
            let inflater = Inflater(data, format: .zlib, chunkSize: min(max(expected, 4096), 1 << 18))
            do {
                _ = try out.withUnsafeMutableBytes { buffer throws(DeflateError) in try inflater.read(into: buffer) }
            } catch {
                throw ImageFormatError("TIFF", .corrupt, at: offset, "a Deflate strip or tile: \(error)")
            }
            return out
        }
    }

    static func packBits(_ data: ArraySlice<UInt8>, expected: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected)
        PackBits.decode(data, into: &out, start: 0, count: expected)
        return out
    }

    static func lzw(_ data: ArraySlice<UInt8>, expected: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected)  // what the data does not reach stays 0
        out.withUnsafeMutableBufferPointer { lzw(data, into: $0) }
        return out
    }

    private static func lzw(_ data: ArraySlice<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) {
        let expected = out.count
        var count = 0
        let table = LZWDictionary(roots: 256, firstEntry: 258)
        var bitBuffer: UInt64 = 0, bitCount = 0
        var p = data.startIndex
        var size = 9
        decoding: while count < expected {
            while bitCount < size {
                guard p < data.endIndex else { break decoding }
                bitBuffer = bitBuffer << 8 | UInt64(data[p])
                p += 1
                bitCount += 8
            }
            let code = Int(truncatingIfNeeded: bitBuffer >> UInt64(bitCount - size)) & (1 << size - 1)
            bitCount -= size
            if code == 256 {
                size = 9
                table.clear()
                continue
            }
            if code == 257 { break }
            guard table.expand(code, into: out, count: &count) else { break }
            // The early change: the width grows one code before the table needs it.
            if table.next + 1 >= 1 << size, size < 12 { size += 1 }
        }
    }
}
