// Adler-32 as RFC 1950 §8.2 defines it: s1 = 1 + Σ bytes, s2 = Σ s1, both mod 65521,
// value = s2 << 16 | s1.
//
// The modulo is taken once per NMAX = 5552 bytes, the largest run for which s2 cannot overflow
// 32 bits (zlib's bound); inside a run the loop is unrolled 8 ways.

/// A running Adler-32 (the checksum in the zlib container's trailer).
public struct Adler32: StreamingChecksum, Sendable, Equatable {
    /// The checksum of everything fed so far (1 for no input).
    public private(set) var value: UInt32

    private static let modulus: UInt32 = 65521
    private static let nmax = 5552

    /// Starts a checksum.
    public init() {
        self.init(continuing: 1)
    }

    /// Continues from a previous `value`.
    public init(continuing value: UInt32) {
        self.value = value
    }

    /// Feeds raw bytes into the checksum.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let p = base.assumingMemoryBound(to: UInt8.self)
        var s1 = value & 0xFFFF
        var s2 = value >> 16
        var index = 0
        let count = buffer.count
        while index < count {
            let end = index + min(Adler32.nmax, count - index)
            while index + 8 <= end {
                // s2 gains s1 eight times plus the bytes weighted 8…1.
                let b0 = UInt32(p[index]), b1 = UInt32(p[index + 1])
                let b2 = UInt32(p[index + 2]), b3 = UInt32(p[index + 3])
                let b4 = UInt32(p[index + 4]), b5 = UInt32(p[index + 5])
                let b6 = UInt32(p[index + 6]), b7 = UInt32(p[index + 7])
                s2 &+=
                    8 &* s1 &+ 8 &* b0 &+ 7 &* b1 &+ 6 &* b2 &+ 5 &* b3
                    &+ 4 &* b4 &+ 3 &* b5 &+ 2 &* b6 &+ b7
                s1 &+= b0 &+ b1 &+ b2 &+ b3 &+ b4 &+ b5 &+ b6 &+ b7
                index += 8
            }
            while index < end {
                s1 &+= UInt32(p[index])
                s2 &+= s1
                index += 1
            }
            s1 %= Adler32.modulus
            s2 %= Adler32.modulus
        }
        value = s2 << 16 | s1
    }
}
