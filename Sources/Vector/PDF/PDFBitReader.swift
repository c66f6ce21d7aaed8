// Packed samples of a PDF stream (ISO 32000-1: sampled functions §7.10.2, mesh shadings
// §8.7.4.5.5): values of any number of bits, high bits first, read one after another.

/// Bits from the high bit of each byte down.
struct BitReader {
    let bytes: [UInt8]
    var position = 0  // in bits

    var remaining: Int { bytes.count * 8 - position }

    /// The next `count` bits (at most 32) as an unsigned number; zeros past the end.
    mutating func read(_ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count {
            let byte = position >> 3
            let bit = byte < bytes.count ? (bytes[byte] >> (7 - UInt8(position & 7))) & 1 : 0
            value = value << 1 | UInt64(bit)
            position += 1
        }
        return value
    }
}
