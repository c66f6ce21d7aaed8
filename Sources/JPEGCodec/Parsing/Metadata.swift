// What the application segments say about showing the image: JFIF (APP0), EXIF orientation
// (APP1, tag 0x0112 of IFD0: TIFF 6.0 / EXIF 2.3 §4.6.4), ICC profile (APP2 "ICC_PROFILE" chunks,
// ICC.1:2010 Annex B.4) and Adobe's colour transform (APP14, Adobe Technical Note 5116).

struct Metadata {
    var sawJFIF = false
    var adobeTransform: Int?
    var orientation = 1
    /// ICC chunks by sequence number (1-based), with the count they declare.
    var iccChunks: [(sequence: Int, data: [UInt8])] = []

    mutating func read(marker: UInt8, segment: UnsafeBufferPointer<UInt8>) {
        func starts(with text: [UInt8]) -> Bool {
            segment.count >= text.count && zip(segment.prefix(text.count), text).allSatisfy { $0 == $1 }
        }
        switch marker {
        case 0xE0 where starts(with: Array("JFIF\0".utf8)):
            sawJFIF = true
        case 0xE1 where starts(with: Array("Exif\0\0".utf8)) && orientation == 1:
            orientation = Self.exifOrientation(UnsafeBufferPointer(rebasing: segment[6...])) ?? 1
        case 0xE2 where starts(with: Array("ICC_PROFILE\0".utf8)) && segment.count >= 14:
            iccChunks.append((Int(segment[12]), Array(segment[14...])))
        case 0xEE where starts(with: Array("Adobe".utf8)) && segment.count >= 12:
            adobeTransform = Int(segment[11])
        default:
            break
        }
    }

    /// The ICC profile: the chunks in sequence order, or nil when there are none or their numbers
    /// are not 1...n each once (libjpeg's jpeg_read_icc_profile rule: such a profile is ignored).
    var iccProfile: [UInt8]? {
        guard !iccChunks.isEmpty else { return nil }
        let sorted = iccChunks.sorted { $0.sequence < $1.sequence }
        guard sorted.enumerated().allSatisfy({ $0.offset + 1 == $0.element.sequence }) else { return nil }
        return sorted.flatMap(\.data)
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
