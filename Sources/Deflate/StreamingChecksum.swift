// What Adler-32 and CRC-32 share: a running value fed raw bytes, and the two conveniences built
// on that (any byte sequence; the checksum of one sequence).

/// A checksum computed as bytes arrive.
public protocol StreamingChecksum {
    /// The checksum of everything fed so far.
    var value: UInt32 { get }
    /// A checksum of nothing yet.
    init()
    /// Feeds raw bytes into the checksum.
    mutating func update(_ buffer: UnsafeRawBufferPointer)
}

extension StreamingChecksum {
    /// The checksum of `bytes`.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var sum = Self()
        sum.update(bytes)
        return sum.value
    }

    /// Feeds `bytes` into the checksum (copied first if they are not contiguous).
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }
}
