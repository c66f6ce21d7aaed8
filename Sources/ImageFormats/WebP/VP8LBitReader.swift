// VP8L's bit reader: bytes in order, each byte's bits least significant first; a value of n bits
// is built with its first bit least significant (RFC 9649 §1). Reading past the end gives zeros
// and marks the reader as exhausted; the decoder checks it after each stage and refuses the file.

struct VP8LBitReader {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    private var buffer: UInt64 = 0
    private var count = 0
    /// True once a read needed bits past the end of the data.
    private(set) var exhausted = false

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    /// The next `n` bits (0…32) as an integer.
    mutating func bits(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        while count < n {
            if position < end {
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
            } else {
                exhausted = true
            }
            count += 8
        }
        let value = Int(truncatingIfNeeded: buffer & (1 << UInt64(n) - 1))
        buffer >>= UInt64(n)
        count -= n
        return value
    }

    /// One bit.
    mutating func bit() -> Int { bits(1) }
}
