// CRC-32 as PNG (ISO 3309 / ITU-T V.42) and zlib's crc32() define it: reflected polynomial
// 0xEDB88320, initial value 0xFFFFFFFF, final complement.
//
// Slicing-by-8: eight 256-entry tables let the loop consume 8 bytes per step with independent
// table look-ups.

/// A running CRC-32 (the checksum of PNG chunks and gzip members).
public struct CRC32: StreamingChecksum, Sendable, Equatable {
    /// The checksum of everything fed so far (already complemented; 0 for no input).
    public private(set) var value: UInt32 = 0

    /// Starts a checksum.
    public init() {
        self.init(continuing: 0)
    }

    /// Continues from a previous `value`.
    public init(continuing value: UInt32) {
        self.value = value
    }

    /// Feeds raw bytes into the checksum.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard var p = buffer.baseAddress, buffer.count > 0 else { return }
        var count = buffer.count
        var crc = ~value
        CRC32.tables.withUnsafeBufferPointer { t in
            while count >= 8 {
                let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
                let lo = UInt32(truncatingIfNeeded: word) ^ crc
                let hi = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int((lo >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((lo >> 16) & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                p += 8
                count -= 8
            }
            while count > 0 {
                crc = t[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                p += 1
                count -= 1
            }
        }
        value = ~crc
    }

    /// Table k maps a byte to its CRC contribution k bytes further on; table 0 is the classic one.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 {
                c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
            }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = t[(k - 1) * 256 + n]
                t[k * 256 + n] = t[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return t
    }()
}
