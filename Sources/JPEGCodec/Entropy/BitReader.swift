// The bits of an entropy-coded segment (T.81 §F.2.2.5 and §B.1.1.5): bytes are read most
// significant bit first, a 0xFF data byte is followed by a stuffed 0x00 (with libjpeg, any number
// of 0xFF then 0x00 is one 0xFF byte), and any other byte after 0xFF is a marker that ends the
// segment. Past a marker or the end of the file the reader supplies
// zero bits, as libjpeg does, and counts them: a scan that consumes them is cut short.

struct BitReader {
    let data: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var position: Int
    /// Valid bits, left-aligned.
    var buffer: UInt64 = 0
    var count = 0
    /// Zero bits supplied after a marker or the end of the data (they follow every real bit).
    var padding = 0
    var atMarker = false

    init(_ data: UnsafeBufferPointer<UInt8>, at position: Int) {
        self.data = data
        self.position = position
    }

    /// Makes at least 57 bits available.
    @inline(__always) mutating func fill() {
        while count <= 56 {
            var byte: UInt64 = 0
            if !atMarker && position < data.count {
                let b = data[position]
                if b == 0xFF {
                    // Fill bytes: 0xFF repeated, then 0x00 is one 0xFF data byte (libjpeg accepts
                    // it, though T.81 does not), anything else a marker.
                    var q = position + 1
                    while q < data.count && data[q] == 0xFF { q += 1 }
                    if q < data.count && data[q] == 0x00 {
                        byte = 0xFF
                        position = q + 1
                    } else {
                        position = q - 1
                        atMarker = true
                        padding += 8
                    }
                } else {
                    byte = UInt64(b)
                    position += 1
                }
            } else {
                atMarker = true
                padding += 8
            }
            buffer |= byte << UInt64(56 - count)
            count += 8
        }
    }

    @inline(__always) func peek(_ n: Int) -> Int { Int(truncatingIfNeeded: buffer >> UInt64(64 - n)) }

    @inline(__always) mutating func skip(_ n: Int) {
        buffer <<= UInt64(n)
        count -= n
    }

    /// n bits (1...16) as an unsigned number.
    @inline(__always) mutating func bits(_ n: Int) -> Int {
        if count < n { fill() }
        let v = peek(n)
        skip(n)
        return v
    }

    @inline(__always) mutating func bit() -> Int { bits(1) }

    /// n bits as a signed value (T.81 §F.2.2.1, EXTEND); 0 bits give 0.
    @inline(__always) mutating func receiveExtend(_ n: Int) -> Int {
        if n == 0 { return 0 }
        let v = bits(n)
        return v < (1 << (n - 1)) ? v - (1 << n) + 1 : v
    }

    /// The next Huffman-coded symbol, or nil for a code the table does not have.
    @inline(__always) mutating func decode(_ table: HuffmanTable.Lookup) -> Int? {
        if count < 16 { fill() }
        let entry = Int(table.fast[peek(HuffmanTable.lookaheadBits)])
        if entry != 0 {
            skip(entry >> 8)
            return entry & 0xFF
        }
        var length = HuffmanTable.lookaheadBits + 1
        var code = Int32(peek(length))
        while code > table.maxCode[length] {
            length += 1
            if length > 16 { return nil }
            code = Int32(peek(length))
        }
        skip(length)
        return Int(table.symbols[Int(table.offset[length] + code)])
    }

    /// Whether zero bits supplied past the data's end have been used.
    var usedPadding: Bool { padding > count }

    /// Drops the bits left in the buffer: the padding of the segment that ends at a marker. The
    /// buffer never reads past a marker, so `position` is at the marker or, in a corrupt file,
    /// at bytes before it.
    mutating func reset() {
        buffer = 0
        count = 0
        padding = 0
        atMarker = false
    }
}
