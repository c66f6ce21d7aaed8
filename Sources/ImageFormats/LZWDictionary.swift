// The string table GIF's and TIFF's LZW share: each entry a prefix code and a last byte (its
// first byte and length kept too), written back to front at its place in the output.
// The formats differ only in how codes are packed and when their width grows, which their
// decoders keep (GIFLZW, TIFFCompression). The table lives in one fixed allocation this class
// owns, so that the decoding loop writes it without the copy-on-write checks of arrays (measured:
// they took a quarter of a TIFF's LZW time).

final class LZWDictionary {
    /// Codes below this are single bytes (256 for TIFF, 2^minimum code size for GIF).
    let roots: Int
    /// The first code an entry gets after a clear.
    let firstEntry: Int
    /// The code the next entry will get (at most 4,096: the table is then full).
    private(set) var next: Int
    private var previous = -1
    private let prefix = UnsafeMutablePointer<Int16>.allocate(capacity: 4096)
    /// Each entry's string length.
    private let lengths = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
    /// suffix[0..<4096], first[4096..<8192].
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * 4096)

    init(roots: Int, firstEntry: Int) {
        self.roots = roots
        self.firstEntry = firstEntry
        next = firstEntry
        prefix.initialize(repeating: -1, count: 4096)
        lengths.initialize(repeating: 1, count: 4096)
        bytes.initialize(repeating: 0, count: 2 * 4096)
        for i in 0..<roots {
            bytes[i] = UInt8(truncatingIfNeeded: i)
            bytes[4096 + i] = UInt8(truncatingIfNeeded: i)
        }
    }

    deinit {
        prefix.deallocate()
        lengths.deallocate()
        bytes.deallocate()
    }

    /// After a clear code: no entries, no previous code.
    func clear() {
        next = firstEntry
        previous = -1
    }

    /// Writes the bytes of `code` to `out` from `count` on (no further than its end; `count`
    /// moves past them) and adds the entry the code defines. False when the code cannot be decoded
    /// here (past the table, or not a byte right after a clear): the data ends there.
    func expand(_ code: Int, into out: UnsafeMutableBufferPointer<UInt8>, count: inout Int) -> Bool {
        let suffix = bytes, first = bytes + 4096
        var current = code
        // The string is written from its last byte back to its first, at its place in `out` (the
        // bytes past the end of `out` are not written).
        var length: Int
        var end: Int
        if previous < 0 {
            guard code < roots else { return false }
            length = 1
            end = count
        } else {
            guard code <= next, code < 4096 else { return false }
            if code == next {
                // Defined by its own use: the previous string and that string's first byte.
                length = Int(lengths[previous]) + 1
                end = count + length - 1
                if end < out.count { out[end] = first[previous] }
                end -= 1
                current = previous
            } else {
                length = Int(lengths[code])
                end = count + length - 1
            }
        }
        while current >= roots {
            if end < out.count { out[end] = suffix[current] }
            end -= 1
            current = Int(prefix[current])
        }
        if end < out.count { out[end] = UInt8(truncatingIfNeeded: current) }
        let head = UInt8(truncatingIfNeeded: current)
        count = min(count + length, out.count)
        if previous >= 0, next < 4096 {
            prefix[next] = Int16(previous)
            suffix[next] = head
            first[next] = first[previous]
            lengths[next] = lengths[previous] + 1
            next += 1
        }
        previous = code
        return true
    }
}
