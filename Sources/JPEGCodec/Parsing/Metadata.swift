// What the application segments before the first scan say about showing the image: JFIF (APP0),
// EXIF orientation (the first APP1 "Exif", tag 0x0112 of IFD0: TIFF 6.0 / EXIF 2.3 §4.6.4), ICC
// profile (APP2 "ICC_PROFILE" chunks, ICC.1:2010 Annex B.4) and Adobe's colour transform (APP14,
// Adobe Technical Note 5116).

struct Metadata {
    var sawJFIF = false
    var adobeTransform: Int?
    /// The first APP1 "Exif" segment's orientation (1 when it has none).
    var orientation = 1
    var sawExif = false
    /// ICC chunks: sequence number, the count they declare, their data.
    var iccChunks: [(sequence: Int, count: Int, data: [UInt8])] = []

    mutating func read(marker: UInt8, segment: UnsafeBufferPointer<UInt8>) {
        func starts(with text: [UInt8]) -> Bool {
            segment.count >= text.count && zip(segment.prefix(text.count), text).allSatisfy { $0 == $1 }
        }
        switch marker {
        case 0xE0 where segment.count >= 14 && starts(with: Array("JFIF\0".utf8)):
            sawJFIF = true  // libjpeg's examine_app0 wants the whole 14-byte header
        case 0xE1 where !sawExif && starts(with: Array("Exif\0\0".utf8)):
            sawExif = true
            orientation = Self.exifOrientation(UnsafeBufferPointer(rebasing: segment[6...])) ?? 1
        case 0xE2 where starts(with: Array("ICC_PROFILE\0".utf8)) && segment.count >= 14:
            iccChunks.append((Int(segment[12]), Int(segment[13]), Array(segment[14...])))
        case 0xEE where starts(with: Array("Adobe".utf8)) && segment.count >= 12:
            adobeTransform = Int(segment[11])
        default:
            break
        }
    }

    /// The ICC profile: the chunks joined in sequence order, or nil as libjpeg's
    /// jpeg_read_icc_profile gives nil — no chunks, chunks that declare different counts, a
    /// sequence number of 0, above the count or twice, a number missing, or no bytes at all.
    var iccProfile: [UInt8]? {
        guard let count = iccChunks.first?.count, count > 0, iccChunks.allSatisfy({ $0.count == count }) else {
            return nil
        }
        var parts = [[UInt8]?](repeating: nil, count: count + 1)
        for chunk in iccChunks {
            guard chunk.sequence >= 1, chunk.sequence <= count, parts[chunk.sequence] == nil else { return nil }
            parts[chunk.sequence] = chunk.data
        }
        guard parts.dropFirst().allSatisfy({ $0 != nil }) else { return nil }
        let profile = parts.dropFirst().flatMap { $0 ?? [] }
        return profile.isEmpty ? nil : profile
    }

    /// The Orientation tag of a TIFF structure's first IFD: 1...8, or nil when it is missing or
    /// another value.
    static func exifOrientation(_ tiff: UnsafeBufferPointer<UInt8>) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ p: Int) -> Int? {
            guard p >= 0, p + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[p]) | Int(tiff[p + 1]) << 8 : Int(tiff[p]) << 8 | Int(tiff[p + 1])
        }
        func u32(_ p: Int) -> Int? {
            guard let a = u16(p), let b = u16(p + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for i in 0..<entries {
            let entry = ifd + 2 + 12 * i
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
