/// Finding bytes in bytes, compared byte for byte (no Unicode equivalence, no Foundation): a
/// scenario filter in a name's UTF-8 (Selection), a report's `provenance` member (Provenance).
enum ByteSearch {
    /// Where `key` (not empty) first starts in `bytes`; nil when it does not occur.
    static func firstIndex(of key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !key.isEmpty, bytes.count >= key.count else { return nil }
        for start in 0...(bytes.count - key.count) where bytes[start] == key[0] {
            var index = 1
            while index < key.count && bytes[start + index] == key[index] { index += 1 }
            if index == key.count { return start }
        }
        return nil
    }
}
