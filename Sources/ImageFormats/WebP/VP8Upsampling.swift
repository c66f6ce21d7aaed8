// Y′CbCr 4:2:0 to RGBA as libwebp's default output does it ("fancy upsampling"): each chroma
// sample pair interpolated 9:3:3:1 between the two nearest chroma rows and columns, computed on u
// and v packed in one 32-bit word exactly as libwebp's line-pair function computes them, the
// first and last rows and columns from the nearest samples 3:1; then BT.601 in 14-bit fixed
// point (MultHi(y, 19077) and the rest), clipped.

enum VP8Upsampling {
    @inline(__always) static func multHi(_ v: Int, _ c: Int) -> Int { (v * c) >> 8 }
    @inline(__always) static func clip8(_ v: Int) -> UInt8 {
        (v & ~16383) == 0 ? UInt8(v >> 6) : v < 0 ? 0 : 255
    }

    @inline(__always)
    static func put(_ y: UInt8, _ uv: UInt32, _ out: inout [UInt8], _ o: Int) {
        let yy = multHi(Int(y), 19077), u = Int(uv & 0xFF), v = Int(uv >> 16 & 0xFF)
        out[o] = clip8(yy + multHi(v, 26149) - 14234)
        out[o + 1] = clip8(yy - multHi(u, 6419) - multHi(v, 13320) + 8708)
        out[o + 2] = clip8(yy + multHi(u, 33050) - 17685)
    }

    /// One or two output rows: `top` (luma row `topRow`) and, when given, `bottom`, between
    /// chroma rows `topUV` and `curUV`.
    static func linePair(
        _ y: [UInt8], yStride: Int, topRow: Int, bottomRow: Int?, u: [UInt8], v: [UInt8], uvStride: Int,
        topUV: Int, curUV: Int, width: Int, into out: inout [UInt8]
    ) {
        @inline(__always) func load(_ row: Int, _ x: Int) -> UInt32 {
            UInt32(u[row * uvStride + x]) | UInt32(v[row * uvStride + x]) << 16
        }
        let topY = topRow * yStride, topOut = topRow * width * 4
        let bottomY = bottomRow.map { $0 * yStride }, bottomOut = bottomRow.map { $0 * width * 4 }
        let lastPair = (width - 1) >> 1
        var tl = load(topUV, 0), l = load(curUV, 0)
        put(y[topY], (3 &* tl &+ l &+ 0x0002_0002) >> 2, &out, topOut)
        if let bottomY, let bottomOut { put(y[bottomY], (3 &* l &+ tl &+ 0x0002_0002) >> 2, &out, bottomOut) }
        if lastPair >= 1 {
            for x in 1...lastPair {
                let t = load(topUV, x), c = load(curUV, x)
                let average = tl &+ t &+ l &+ c &+ 0x0008_0008
                let diagonal12 = (average &+ 2 &* (t &+ l)) >> 3
                let diagonal03 = (average &+ 2 &* (tl &+ c)) >> 3
                put(y[topY + 2 * x - 1], (diagonal12 &+ tl) >> 1, &out, topOut + (2 * x - 1) * 4)
                put(y[topY + 2 * x], (diagonal03 &+ t) >> 1, &out, topOut + 2 * x * 4)
                if let bottomY, let bottomOut {
                    put(y[bottomY + 2 * x - 1], (diagonal03 &+ l) >> 1, &out, bottomOut + (2 * x - 1) * 4)
                    put(y[bottomY + 2 * x], (diagonal12 &+ c) >> 1, &out, bottomOut + 2 * x * 4)
                }
                tl = t
                l = c
            }
        }
        if width & 1 == 0 {
            put(y[topY + width - 1], (3 &* tl &+ l &+ 0x0002_0002) >> 2, &out, topOut + (width - 1) * 4)
            if let bottomY, let bottomOut {
                put(y[bottomY + width - 1], (3 &* l &+ tl &+ 0x0002_0002) >> 2, &out, bottomOut + (width - 1) * 4)
            }
        }
    }

    /// The whole image: row 0 from chroma row 0 alone, rows 2k − 1 and 2k between chroma rows
    /// k − 1 and k, and the last row of an even height from the last chroma row alone.
    static func rgba(
        _ y: [UInt8], yStride: Int, u: [UInt8], v: [UInt8], uvStride: Int, width: Int, height: Int
    ) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        linePair(
            y, yStride: yStride, topRow: 0, bottomRow: nil, u: u, v: v, uvStride: uvStride, topUV: 0, curUV: 0,
            width: width, into: &out)
        var row = 1
        while row + 1 < height {
            linePair(
                y, yStride: yStride, topRow: row, bottomRow: row + 1, u: u, v: v, uvStride: uvStride,
                topUV: (row - 1) / 2, curUV: (row + 1) / 2, width: width, into: &out)
            row += 2
        }
        if height & 1 == 0, height > 1 {
            let last = (height - 1) / 2
            linePair(
                y, yStride: yStride, topRow: height - 1, bottomRow: nil, u: u, v: v, uvStride: uvStride, topUV: last,
                curUV: last, width: width, into: &out)
        }
        return out
    }
}
