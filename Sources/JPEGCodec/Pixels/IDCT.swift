// The inverse DCT: libjpeg's accurate integer method ("islow", jidctint.c, after Loeffler,
// Ligtenberg and Moschytz), which is libjpeg-turbo's default. 13-bit constants, two passes
// (columns, then rows) with 2 extra bits kept between them, products in 32-bit arithmetic, each
// output rounded by adding half and shifting right arithmetically, then level-shifted by 128 and
// limited to 0...255 after wrapping to 10 bits (libjpeg's range-limit table indexed with & 1023).
// docs/JPEG.md §IDCT states it as a porting team needs it.

enum IDCT {
    static let constBits: Int32 = 13
    static let pass1Bits: Int32 = 2

    static let fix_0_298631336: Int32 = 2446
    static let fix_0_390180644: Int32 = 3196
    static let fix_0_541196100: Int32 = 4433
    static let fix_0_765366865: Int32 = 6270
    static let fix_0_899976223: Int32 = 7373
    static let fix_1_175875602: Int32 = 9633
    static let fix_1_501321110: Int32 = 12299
    static let fix_1_847759065: Int32 = 15137
    static let fix_1_961570560: Int32 = 16069
    static let fix_2_053119869: Int32 = 16819
    static let fix_2_562915447: Int32 = 20995
    static let fix_3_072711026: Int32 = 25172

    @inline(__always) static func descale(_ x: Int32, _ n: Int32) -> Int32 { (x &+ (1 << (n - 1))) >> n }

    /// The sample for a descaled value: wrapped to 10 bits (signed), level-shifted, limited.
    @inline(__always) static func limit(_ x: Int32) -> UInt8 {
        let wrapped = ((x & 1023) ^ 512) - 512
        return UInt8(clamping: wrapped + 128)
    }

    /// One block: 64 quantised coefficients (natural order) times the quantisation table, into
    /// 8 rows of 8 samples at `output`, `stride` bytes apart: eight columns or rows at a time
    /// (IDCT+Vector.swift) when every product and every first-pass value fits 16 bits, as they
    /// do in real files, else one at a time (`scalar`); both give the same bytes.
    @inline(__always)
    static func transform(
        _ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int16>,
        workspace ws: UnsafeMutablePointer<Int32>, output: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        if !vector(coefficients, quant: quant, output: output, stride: stride) {
            scalar(coefficients, quant: quant, workspace: ws, output: output, stride: stride)
        }
    }

    /// `transform`, one column and then one row at a time in 32-bit arithmetic, as jidctint.c.
    static func scalar(
        _ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int16>,
        workspace ws: UnsafeMutablePointer<Int32>, output: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        // Pass 1: columns from the input, into the workspace, scaled up by 2^pass1Bits.
        for column in 0..<8 {
            let input = coefficients + column, q = quant + column, w = ws + column
            if input[8] == 0 && input[16] == 0 && input[24] == 0 && input[32] == 0
                && input[40] == 0 && input[48] == 0 && input[56] == 0
            {
                let dc = (Int32(input[0]) &* Int32(q[0])) << pass1Bits
                for row in 0..<8 { w[8 * row] = dc }
                continue
            }
            // Even part.
            var z2 = Int32(input[16]) &* Int32(q[16])
            var z3 = Int32(input[48]) &* Int32(q[48])
            let z1 = (z2 &+ z3) &* fix_0_541196100
            var tmp2 = z1 &+ z3 &* -fix_1_847759065
            var tmp3 = z1 &+ z2 &* fix_0_765366865
            z2 = Int32(input[0]) &* Int32(q[0])
            z3 = Int32(input[32]) &* Int32(q[32])
            var tmp0 = (z2 &+ z3) << constBits
            var tmp1 = (z2 &- z3) << constBits
            let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
            // Odd part.
            tmp0 = Int32(input[56]) &* Int32(q[56])
            tmp1 = Int32(input[40]) &* Int32(q[40])
            tmp2 = Int32(input[24]) &* Int32(q[24])
            tmp3 = Int32(input[8]) &* Int32(q[8])
            (tmp0, tmp1, tmp2, tmp3) = odd(tmp0, tmp1, tmp2, tmp3)
            let shift = constBits - pass1Bits
            w[0] = descale(tmp10 &+ tmp3, shift)
            w[56] = descale(tmp10 &- tmp3, shift)
            w[8] = descale(tmp11 &+ tmp2, shift)
            w[48] = descale(tmp11 &- tmp2, shift)
            w[16] = descale(tmp12 &+ tmp1, shift)
            w[40] = descale(tmp12 &- tmp1, shift)
            w[24] = descale(tmp13 &+ tmp0, shift)
            w[32] = descale(tmp13 &- tmp0, shift)
        }
        // Pass 2: rows from the workspace, into samples.
        for row in 0..<8 {
            let w = ws + 8 * row, out = output + row * stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let v = limit(descale(w[0], pass1Bits + 3))
                for x in 0..<8 { out[x] = v }
                continue
            }
            var z2 = w[2], z3 = w[6]
            let z1 = (z2 &+ z3) &* fix_0_541196100
            var tmp2 = z1 &+ z3 &* -fix_1_847759065
            var tmp3 = z1 &+ z2 &* fix_0_765366865
            z2 = w[0]
            z3 = w[4]
            var tmp0 = (z2 &+ z3) << constBits
            var tmp1 = (z2 &- z3) << constBits
            let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
            (tmp0, tmp1, tmp2, tmp3) = odd(w[7], w[5], w[3], w[1])
            let shift = constBits + pass1Bits + 3
            out[0] = limit(descale(tmp10 &+ tmp3, shift))
            out[7] = limit(descale(tmp10 &- tmp3, shift))
            out[1] = limit(descale(tmp11 &+ tmp2, shift))
            out[6] = limit(descale(tmp11 &- tmp2, shift))
            out[2] = limit(descale(tmp12 &+ tmp1, shift))
            out[5] = limit(descale(tmp12 &- tmp1, shift))
            out[3] = limit(descale(tmp13 &+ tmp0, shift))
            out[4] = limit(descale(tmp13 &- tmp0, shift))
        }
    }

    /// The odd part of a 1-D pass, from the inputs at positions 7, 5, 3 and 1.
    @inline(__always)
    static func odd(_ i7: Int32, _ i5: Int32, _ i3: Int32, _ i1: Int32) -> (Int32, Int32, Int32, Int32) {
        var z1 = i7 &+ i1
        var z2 = i5 &+ i3
        var z3 = i7 &+ i3
        var z4 = i5 &+ i1
        let z5 = (z3 &+ z4) &* fix_1_175875602
        var tmp0 = i7 &* fix_0_298631336
        var tmp1 = i5 &* fix_2_053119869
        var tmp2 = i3 &* fix_3_072711026
        var tmp3 = i1 &* fix_1_501321110
        z1 = z1 &* -fix_0_899976223
        z2 = z2 &* -fix_2_562915447
        z3 = z3 &* -fix_1_961570560
        z4 = z4 &* -fix_0_390180644
        z3 = z3 &+ z5
        z4 = z4 &+ z5
        tmp0 = tmp0 &+ z1 &+ z3
        tmp1 = tmp1 &+ z2 &+ z4
        tmp2 = tmp2 &+ z2 &+ z3
        tmp3 = tmp3 &+ z1 &+ z4
        return (tmp0, tmp1, tmp2, tmp3)
    }
}
