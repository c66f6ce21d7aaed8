// GIF's variable-length LZW: codes of minimumCodeSize + 1 bits upward to 12, least significant
// bit first, across data sub-blocks; a clear code resets the table, the end code stops. A code
// past the table ends the image there (as do the end of the data and the end of the sub-blocks):
// the pixels not reached stay transparent, as browsers show a damaged or truncated GIF.

struct GIFLZW {
    let reader: ByteReader
    let minimumCodeSize: Int
    /// The next data sub-block's length byte.
    var blockOffset: Int
    var blockEnd = 0
    var position = 0
    var bitBuffer: UInt32 = 0
    var bitCount = 0
    var exhausted = false

    init(_ reader: ByteReader, at offset: Int, minimumCodeSize: Int) {
        self.reader = reader
        self.minimumCodeSize = minimumCodeSize
        blockOffset = offset
        position = offset
        blockEnd = offset
    }

    /// The next data byte, crossing sub-blocks; nil at the end of the data.
    private mutating func nextByte() -> UInt8? {
        let bytes = reader.bytes
        while position == blockEnd {
            guard !exhausted, blockEnd < bytes.count, bytes[blockEnd] != 0 else {
                exhausted = true
                return nil
            }
            let length = Int(bytes[blockEnd])
            position = blockEnd + 1
            blockEnd = min(bytes.count, position + length)
            if position == blockEnd {
                exhausted = true
                return nil
            }
        }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func code(_ size: Int) -> Int? {
        while bitCount < size {
            guard let byte = nextByte() else { return nil }
            bitBuffer |= UInt32(byte) << UInt32(bitCount)
            bitCount += 8
        }
        let value = Int(bitBuffer & (1 << UInt32(size) - 1))
        bitBuffer >>= UInt32(size)
        bitCount -= size
        return value
    }

    /// The indices, into `out` until it is full or the data ends; returns how many were decoded.
    mutating func decode(into indices: inout [UInt8]) -> Int {
        indices.withUnsafeMutableBufferPointer { decode(into: $0) }
    }

    private mutating func decode(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let clear = 1 << minimumCodeSize, end = clear + 1
        let table = LZWDictionary(roots: clear, firstEntry: end + 1)
        var size = minimumCodeSize + 1
        var count = 0
        while count < out.count, let c = code(size) {
            if c == clear {
                size = minimumCodeSize + 1
                table.clear()
                continue
            }
            if c == end { break }
            guard table.expand(c, into: out, count: &count) else { break }
            // The width grows when the table reaches the next power of two.
            if table.next == 1 << size, size < 12 { size += 1 }
        }
        return count
    }
}
