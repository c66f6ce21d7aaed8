// Recognising an embedded ICC profile (ICC.1:2010, §7: a 128-byte header, then a tag table of
// (signature, offset, size)): by its colorants, not its name. A profile whose red, green and blue
// colorant tags (rXYZ, gXYZ, bXYZ: XYZType, s15Fixed16 numbers, PCS-adapted to D50) are within
// 0.002 of Display P3's is Display P3, within 0.002 of sRGB's is sRGB; a grey profile (data colour
// space 'GRAY') is grey. docs/JPEG.md §Colour profiles.

/// What an ICC profile describes, as far as ivsim uses it.
public enum ICCProfileKind: Equatable, Sendable {
    case sRGB
    case displayP3
    case gray
    /// Any other profile, with its description (or data colour space) for messages.
    case other(String)

    /// D50-adapted colorants (X, Y, Z of red, green, blue) of the two RGB spaces recognised: as
    /// Apple's "Display P3" profile and the ICC's sRGB v4 profile store them.
    static let displayP3Colorants: [[Double]] = [
        [0.515121, 0.241196, -0.001053], [0.291977, 0.692245, 0.041885], [0.157104, 0.066574, 0.784073]
    ]
    static let sRGBColorants: [[Double]] = [
        [0.436066, 0.222488, 0.013916], [0.385147, 0.716873, 0.097076], [0.143066, 0.060608, 0.714096]
    ]
    static let tolerance = 0.002

    /// Reads the profile; anything it cannot read is `.other`.
    public init(profile bytes: [UInt8]) {
        func u32(_ p: Int) -> UInt32? { Self.u32(bytes, p) }
        func text(_ p: Int) -> String {
            guard p + 4 <= bytes.count else { return "?" }
            return String(String(decoding: bytes[p..<(p + 4)], as: UTF8.self).filter { $0 != " " })
        }
        guard bytes.count >= 132, text(36) == "acsp", let count = u32(128), count <= 1000 else {
            self = .other("an unreadable profile")
            return
        }
        var tags: [String: (offset: Int, size: Int)] = [:]
        for i in 0..<Int(count) {
            let entry = 132 + 12 * i
            guard let offset = u32(entry + 4), let size = u32(entry + 8) else { break }
            tags[text(entry)] = (Int(offset), Int(size))
        }
        let space = text(16)
        if space == "GRAY" {
            self = .gray
            return
        }
        func xyz(_ tag: String) -> [Double]? {
            guard let t = tags[tag], t.size >= 20, text(t.offset) == "XYZ" else { return nil }
            return (0..<3).compactMap { k in u32(t.offset + 8 + 4 * k).map { Double(Int32(bitPattern: $0)) / 65536 } }
        }
        if space == "RGB", let r = xyz("rXYZ"), let g = xyz("gXYZ"), let b = xyz("bXYZ"), r.count == 3, g.count == 3,
            b.count == 3
        {
            func near(_ reference: [[Double]]) -> Bool {
                zip([r, g, b], reference).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) <= Self.tolerance } }
            }
            if near(Self.displayP3Colorants) { self = .displayP3; return }
            if near(Self.sRGBColorants) { self = .sRGB; return }
        }
        self = .other(Self.description(bytes, tags: tags) ?? "a profile for colour space \(space)")
    }

    /// The big-endian 32-bit number at `p`, or nil past the end.
    static func u32(_ bytes: [UInt8], _ p: Int) -> UInt32? {
        guard p >= 0, p + 4 <= bytes.count else { return nil }
        return UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
    }

    /// The 'desc' tag's text (v2 textDescriptionType or v4 multiLocalizedUnicodeType, first record).
    static func description(_ bytes: [UInt8], tags: [String: (offset: Int, size: Int)]) -> String? {
        guard let t = tags["desc"], t.offset >= 0, t.offset + 12 <= bytes.count else { return nil }
        let type = String(decoding: bytes[t.offset..<(t.offset + 4)], as: UTF8.self)
        func u32(_ p: Int) -> Int { Self.u32(bytes, p).map(Int.init) ?? 0 }
        if type == "desc" {
            let n = u32(t.offset + 8)
            guard n > 0, n < 256, t.offset + 12 + n <= bytes.count else { return nil }
            return String(decoding: bytes[(t.offset + 12)..<(t.offset + 11 + n)], as: UTF8.self)
        }
        if type == "mluc", t.offset + 28 <= bytes.count {
            let length = u32(t.offset + 20), offset = u32(t.offset + 24)
            let start = t.offset + offset
            guard length > 0, length < 512, start + length <= bytes.count else { return nil }
            let units = stride(from: start, to: start + length - 1, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }
        return nil
    }
}
