import Raster

// xxHash64 (seed 0) of a bitmap's premultiplied pixels, serialised as bytes r, g, b, a per pixel.
// The layout snapshot records it so that `check` can confirm an unchanged render without decoding
// the baseline PNG; any mismatch falls back to decoding and comparing the pixels exactly, so the
// digest only ever makes a check faster, never decides a failure on its own.

enum PixelDigest {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The digest as 16 lower-case hex digits.
    static func hex(_ bitmap: Bitmap) -> String {
        let value = bitmap.pixels.withUnsafeBytes { raw in
            #if _endian(big)
                let bytes = bitmap.pixels.flatMap {
                    [UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8(($0 >> 16) & 0xFF), UInt8($0 >> 24)]
                }
                return bytes.withUnsafeBytes { xxh64($0) }
            #else
                return xxh64(raw)
            #endif
        }
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    @inline(__always)
    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always)
    private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* p2, 31) &* p1
    }

    @inline(__always)
    private static func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* p1 &+ p4
    }

    /// xxHash64 with seed 0 of `bytes` (read as little-endian words).
    static func xxh64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        guard let p = bytes.baseAddress else { return avalanche(p5) }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: (p + offset).loadUnaligned(as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: (p + offset).loadUnaligned(as: UInt32.self))) }
        var offset = 0
        var h: UInt64
        if count >= 32 {
            var v1 = p1 &+ p2, v2 = p2, v3: UInt64 = 0, v4 = 0 &- p1
            while offset + 32 <= count {
                v1 = round(v1, word(offset))
                v2 = round(v2, word(offset + 8))
                v3 = round(v3, word(offset + 16))
                v4 = round(v4, word(offset + 24))
                offset += 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = merge(h, v1)
            h = merge(h, v2)
            h = merge(h, v3)
            h = merge(h, v4)
        } else {
            h = p5
        }
        h = h &+ UInt64(count)
        while offset + 8 <= count {
            h ^= round(0, word(offset))
            h = rotl(h, 27) &* p1 &+ p4
            offset += 8
        }
        if offset + 4 <= count {
            h ^= half(offset) &* p1
            h = rotl(h, 23) &* p2 &+ p3
            offset += 4
        }
        while offset < count {
            h ^= UInt64(p.load(fromByteOffset: offset, as: UInt8.self)) &* p5
            h = rotl(h, 11) &* p1
            offset += 1
        }
        return avalanche(h)
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* p2
        h ^= h >> 29
        h = h &* p3
        h ^= h >> 32
        return h
    }
}
