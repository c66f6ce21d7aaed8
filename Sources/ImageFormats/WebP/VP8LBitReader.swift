// VP8L's bit reader: bytes in order, each byte's bits least significant first; a value of n bits
// is built with its first bit least significant (RFC 9649 §1). Past the end of the data the
// reader supplies zeros, and once a read consumes any of them it is marked exhausted; the decoder
// checks that after each stage and refuses the file. `peek` looks ahead without consuming, for
// the prefix codes' lookup tables.

struct VP8LBitReader {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    private var buffer: UInt64 = 0
    private var count = 0
    /// Zero bits put in the buffer past the end of the data.
    private var padding = 0
    /// True once a read consumed bits past the end of the data.
    private(set) var exhausted = false

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    /// The next `n` bits (0…32) without consuming them.
    @inline(__always)
    mutating func peek(_ n: Int) -> Int {
        while count < n {
            if position < end {
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
            } else {
                padding += 8
            }
            count += 8
        }
        return Int(truncatingIfNeeded: buffer & (1 << UInt64(n) - 1))
    }

    /// Consumes `n` bits already peeked.
    @inline(__always)
    mutating func skip(_ n: Int) {
        buffer >>= UInt64(n)
        count -= n
        if count < padding {
            exhausted = true
            padding = count
        }
    }

    /// The next `n` bits (0…32) as an integer.
    mutating func bits(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        let value = peek(n)
        skip(n)
        return value
    }

    /// One bit.
    mutating func bit() -> Int { bits(1) }
}
