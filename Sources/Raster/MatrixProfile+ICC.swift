// Reading a matrix/TRC RGB profile from ICC bytes (ICC.1:2010 §7: a 128-byte header, a tag count,
// then 12-byte entries of signature, offset and size; big-endian). Read: the data colour space
// ('RGB ') and connection space ('XYZ '); rXYZ, gXYZ, bXYZ (XYZType, §10.31: 'XYZ ', 4 reserved
// bytes, three s15Fixed16Numbers); rTRC, gTRC, bTRC as 'curv' (§10.6: a uint32 count, then that
// many uint16 — none: identity; one: a u8Fixed8 gamma; more: a table) or 'para' (§10.18: a uint16
// function type, 2 reserved bytes, its s15Fixed16 parameters). Anything else — a LUT-based profile,
// a missing or malformed tag, a tag outside the data — makes no profile (nil), and the caller keeps
// its fallback. Every read is bounded by the data; a table has at most 65,536 entries.

extension MatrixProfile {
    /// The largest `curv` table read.
    public static let maxTableEntries = 65_536

    /// The profile in `bytes`, or nil when it is not a readable matrix/TRC RGB profile.
    public convenience init?(iccProfile bytes: [UInt8]) {
        func u32(_ p: Int) -> UInt32? {
            guard p >= 0, p + 4 <= bytes.count else { return nil }
            return UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8
                | UInt32(bytes[p + 3])
        }
        func u16(_ p: Int) -> Int? {
            guard p >= 0, p + 2 <= bytes.count else { return nil }
            return Int(bytes[p]) << 8 | Int(bytes[p + 1])
        }
        func signature(_ p: Int) -> String? {
            guard p >= 0, p + 4 <= bytes.count else { return nil }
            return String(decoding: bytes[p..<(p + 4)], as: UTF8.self)
        }
        func fixed(_ p: Int) -> Double? { u32(p).map { Double(Int32(bitPattern: $0)) / 65536 } }
        guard bytes.count >= 132, signature(36) == "acsp", signature(16) == "RGB ", signature(20) == "XYZ ",
            let count = u32(128), count <= 1000
        else { return nil }
        var tags: [String: (offset: Int, size: Int)] = [:]
        for i in 0..<Int(count) {
            let entry = 132 + 12 * i
            guard let name = signature(entry), let offset = u32(entry + 4), let size = u32(entry + 8),
                Int(offset) + Int(size) <= bytes.count
            else { return nil }
            tags[name] = (Int(offset), Int(size))  // a repeated tag: the last, as ICCProfileKind reads it
        }
        func xyz(_ tag: String) -> [Double]? {
            guard let t = tags[tag], t.size >= 20, signature(t.offset) == "XYZ " else { return nil }
            let values = (0..<3).compactMap { fixed(t.offset + 8 + 4 * $0) }
            return values.count == 3 ? values : nil
        }
        func curve(_ tag: String) -> ToneCurve? {
            guard let t = tags[tag], t.size >= 12 else { return nil }
            switch signature(t.offset) {
            case "curv":
                guard let n = u32(t.offset + 8), n <= UInt32(Self.maxTableEntries), 12 + 2 * Int(n) <= t.size else {
                    return nil
                }
                if n == 0 { return .gamma(1) }
                if n == 1 { return u16(t.offset + 12).map { .gamma(Double($0) / 256) } }
                let entries = (0..<Int(n)).compactMap { u16(t.offset + 12 + 2 * $0).map(UInt16.init) }
                return entries.count == Int(n) ? .table(entries) : nil
            case "para":
                guard let type = u16(t.offset + 8), let parameters = ToneCurve.parameterCount(type: type),
                    12 + 4 * parameters <= t.size
                else { return nil }
                let values = (0..<parameters).compactMap { fixed(t.offset + 12 + 4 * $0) }
                return values.count == parameters ? .parametric(type, values) : nil
            default:
                return nil
            }
        }
        guard let r = xyz("rXYZ"), let g = xyz("gXYZ"), let b = xyz("bXYZ"), let rc = curve("rTRC"),
            let gc = curve("gTRC"), let bc = curve("bTRC")
        else { return nil }
        self.init(colorants: [r, g, b], curves: [rc, gc, bc])
    }
}
