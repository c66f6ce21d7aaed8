// YCbCr to RGB as libjpeg-turbo's jdcolor.c does it (ITU-R BT.601 full range, as JFIF defines):
// 16-bit fixed-point tables, with FIX(x) = round(x · 65536):
//   R = Y + ((91881 · (Cr − 128) + 32768) >> 16)
//   G = Y + ((−22554 · (Cb − 128) − 46802 · (Cr − 128) + 32768) >> 16)
//   B = Y + ((116130 · (Cb − 128) + 32768) >> 16)
// each limited to 0...255; >> is an arithmetic shift (floor). docs/JPEG.md §Colour.

enum ColorConverter {
    /// The four tables, 256 entries each, one after the other: Cr_r, Cb_b, Cr_g, Cb_g.
    static let tables: Storage<Int32> = {
        let t = Storage<Int32>(repeating: 0, count: 1024)
        let half: Int32 = 1 << 15
        for i in 0..<256 {
            let x = Int32(i - 128)
            t.base[i] = (91881 &* x &+ half) >> 16
            t.base[256 + i] = (116130 &* x &+ half) >> 16
            t.base[512 + i] = -46802 &* x
            t.base[768 + i] = -22554 &* x &+ half
        }
        return t
    }()

    @inline(__always) static func clamp(_ v: Int32) -> UInt8 { UInt8(clamping: v) }

    /// One row of `width` pixels from the three component rows into RGB triples.
    static func ycbcrRow(
        _ y: UnsafePointer<UInt8>, _ cb: UnsafePointer<UInt8>, _ cr: UnsafePointer<UInt8>, width: Int,
        tables t: UnsafePointer<Int32>, into out: UnsafeMutablePointer<UInt8>
    ) {
        // t is `tables`.
        let crR = t, cbB = t + 256, crG = t + 512, cbG = t + 768
        for x in 0..<width {
            let yy = Int32(y[x]), b = Int(cb[x]), r = Int(cr[x])
            out[3 * x] = clamp(yy &+ crR[r])
            out[3 * x + 1] = clamp(yy &+ ((cbG[b] &+ crG[r]) >> 16))
            out[3 * x + 2] = clamp(yy &+ cbB[b])
        }
    }
}
