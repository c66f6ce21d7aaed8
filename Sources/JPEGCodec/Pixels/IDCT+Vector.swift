// The islow IDCT eight columns (then eight rows) at a time, in 16-bit numbers multiplied into
// 32-bit sums two products at a time (what SSE2's `pmaddwd` does). Each of jidctint.c's
// rotations is a sum of products of two inputs with constants, so each output of a 1-D pass is
// written as one sum over its inputs with the constants combined (the `Rotation` constants
// below, all within 16 bits). Sums of products taken modulo 2^32 do not depend on how they are
// grouped, so whenever the inputs are the same numbers the outputs are the scalar pass's bytes:
// the vector path is taken only when every dequantised coefficient and every first-pass value
// fits 16 bits (real files; JPEG.md §Dequantization and the IDCT), and `IDCTTests` checks it
// against `IDCT.scalar` on random and extreme blocks. (Raster's shrinking filter has its own
// `multiplyAdd`; the modules share no code, and JPEGCodec depends on nothing.)

extension IDCT {
    /// The combined constants of one 1-D pass, as (a, b) pairs for `pmaddwd` against inputs
    /// interleaved as (x, y): even part from (in0, in4) and (in2, in6), odd part from
    /// (in7, in1) and (in3, in5).
    enum Rotation {
        // tmp0 = (in0 + in4) << 13, tmp1 = (in0 − in4) << 13.
        static var sum04: SIMD8<Int16> { pairs(8192, 8192) }
        static var difference04: SIMD8<Int16> { pairs(8192, -8192) }
        // tmp3 = in2 · (0.541 + 0.765) + in6 · 0.541; tmp2 = in2 · 0.541 + in6 · (0.541 − 1.848).
        static var tmp3From26: SIMD8<Int16> { pairs(fix_0_541196100 + fix_0_765366865, fix_0_541196100) }
        static var tmp2From26: SIMD8<Int16> { pairs(fix_0_541196100, fix_0_541196100 - fix_1_847759065) }
        // The odd part's four outputs (jidctint.c's tmp0…tmp3 once z1…z5 are added in), from
        // (in7, in1) and from (in3, in5).
        static var odd0From71: SIMD8<Int16> {
            pairs(
                fix_0_298631336 - fix_0_899976223 + fix_1_175875602 - fix_1_961570560, fix_1_175875602 - fix_0_899976223
            )
        }
        static var odd0From35: SIMD8<Int16> { pairs(fix_1_175875602 - fix_1_961570560, fix_1_175875602) }
        static var odd1From71: SIMD8<Int16> { pairs(fix_1_175875602, fix_1_175875602 - fix_0_390180644) }
        static var odd1From35: SIMD8<Int16> {
            pairs(
                fix_1_175875602 - fix_2_562915447, fix_2_053119869 - fix_2_562915447 + fix_1_175875602 - fix_0_390180644
            )
        }
        static var odd2From71: SIMD8<Int16> { pairs(fix_1_175875602 - fix_1_961570560, fix_1_175875602) }
        static var odd2From35: SIMD8<Int16> {
            pairs(
                fix_3_072711026 - fix_2_562915447 + fix_1_175875602 - fix_1_961570560, fix_1_175875602 - fix_2_562915447
            )
        }
        static var odd3From71: SIMD8<Int16> {
            pairs(
                fix_1_175875602 - fix_0_899976223, fix_1_501321110 - fix_0_899976223 + fix_1_175875602 - fix_0_390180644
            )
        }
        static var odd3From35: SIMD8<Int16> { pairs(fix_1_175875602, fix_1_175875602 - fix_0_390180644) }

        /// (a, b) four times, as 16-bit numbers (every combined constant lies within ±25,172).
        @inline(__always)
        static func pairs(_ a: Int32, _ b: Int32) -> SIMD8<Int16> {
            let (x, y) = (Int16(a), Int16(b))
            return SIMD8(x, y, x, y, x, y, x, y)
        }
    }

    /// `transform` eight lanes at a time, or false (nothing written) when a dequantised
    /// coefficient or a first-pass value does not fit 16 bits.
    @inline(never)
    static func vector(
        _ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int16>, output: UnsafeMutablePointer<UInt8>,
        stride: Int
    ) -> Bool {
        // `outside` gathers each number's bits above a 16-bit signed range (0 when all fit).
        var outside = SIMD4<UInt32>.zero
        // Dequantised, a row of the block at a time.
        @inline(__always) func row(_ k: Int) -> SIMD8<Int16> {
            let c = load(coefficients + 8 * k), q = load(quant + 8 * k)
            let product = SIMD8<Int32>(truncatingIfNeeded: c) &* SIMD8<Int32>(truncatingIfNeeded: q)
            outside |= beyond16(product.lowHalf) | beyond16(product.highHalf)
            return SIMD8<Int16>(truncatingIfNeeded: product)
        }
        let rows: Eight = (row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
        // Pass 1: the columns (lanes), scaled up by 2^pass1Bits.
        let (lo, hi) = pass(rows, shift: constBits - pass1Bits)
        @inline(__always) func joined(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD8<Int16> {
            outside |= beyond16(a) | beyond16(b)
            return narrowed(low16(a), low16(b))
        }
        let columns: Eight = (
            joined(lo.0, hi.0), joined(lo.1, hi.1), joined(lo.2, hi.2), joined(lo.3, hi.3),
            joined(lo.4, hi.4), joined(lo.5, hi.5), joined(lo.6, hi.6), joined(lo.7, hi.7)
        )
        guard outside == .zero else { return false }
        // Pass 2: the rows (lanes now), from the first pass's outputs by position in the row,
        // each output limited as `limit` does.
        let (top, bottom) = pass(transposed(columns), shift: constBits + pass1Bits + 3)
        @inline(__always) func samples(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD8<Int16> {
            narrowed(limited(a), limited(b))
        }
        let out = transposed(
            (
                samples(top.0, bottom.0), samples(top.1, bottom.1), samples(top.2, bottom.2),
                samples(top.3, bottom.3), samples(top.4, bottom.4), samples(top.5, bottom.5),
                samples(top.6, bottom.6), samples(top.7, bottom.7)
            ))
        // Two rows of samples a pack of bytes.
        @inline(__always) func store(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>, _ y: Int) {
            let bytes = packedBytes(a, b)
            UnsafeMutableRawPointer(output + y * stride).storeBytes(of: bytes.0, as: UInt64.self)
            UnsafeMutableRawPointer(output + (y + 1) * stride).storeBytes(of: bytes.1, as: UInt64.self)
        }
        store(out.0, out.1, 0)
        store(out.2, out.3, 2)
        store(out.4, out.5, 4)
        store(out.6, out.7, 6)
        return true
    }

    /// Eight vectors of 16-bit lanes: a block's rows or columns.
    typealias Eight = (
        SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>,
        SIMD8<Int16>
    )
    /// A 1-D pass's eight outputs for four lanes, in 32 bits.
    typealias Outputs = (
        SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>,
        SIMD4<Int32>
    )

    /// A 1-D pass over inputs 0…7 (each a vector of eight lanes): its outputs 0…7 descaled by
    /// `shift`, for lanes 0…3 and for lanes 4…7.
    @inline(__always)
    static func pass(_ i: Eight, shift: Int32) -> (Outputs, Outputs) {
        let rounding = SIMD4<Int32>(repeating: 1 << (shift - 1)), shifts = SIMD4<Int32>(repeating: shift)
        @inline(__always) func half(_ low: Bool) -> Outputs {
            let e04 = interleave(i.0, i.4, low), e26 = interleave(i.2, i.6, low)
            let o71 = interleave(i.7, i.1, low), o35 = interleave(i.3, i.5, low)
            let tmp0 = multiplyAdd(e04, Rotation.sum04), tmp1 = multiplyAdd(e04, Rotation.difference04)
            let tmp3 = multiplyAdd(e26, Rotation.tmp3From26), tmp2 = multiplyAdd(e26, Rotation.tmp2From26)
            let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
            let odd0 = multiplyAdd(o71, Rotation.odd0From71) &+ multiplyAdd(o35, Rotation.odd0From35)
            let odd1 = multiplyAdd(o71, Rotation.odd1From71) &+ multiplyAdd(o35, Rotation.odd1From35)
            let odd2 = multiplyAdd(o71, Rotation.odd2From71) &+ multiplyAdd(o35, Rotation.odd2From35)
            let odd3 = multiplyAdd(o71, Rotation.odd3From71) &+ multiplyAdd(o35, Rotation.odd3From35)
            @inline(__always) func d(_ x: SIMD4<Int32>) -> SIMD4<Int32> { (x &+ rounding) &>> shifts }
            return (
                d(tmp10 &+ odd3), d(tmp11 &+ odd2), d(tmp12 &+ odd1), d(tmp13 &+ odd0),
                d(tmp13 &- odd0), d(tmp12 &- odd1), d(tmp11 &- odd2), d(tmp10 &- odd3)
            )
        }
        return (half(true), half(false))
    }

    /// `limit` before the clamp: wrapped to 10 bits (signed) and level-shifted (−384…639).
    @inline(__always)
    static func limited(_ x: SIMD4<Int32>) -> SIMD4<Int32> {
        ((x & SIMD4(repeating: 1023)) ^ SIMD4(repeating: 512)) &- SIMD4(repeating: 384)
    }

    /// For each lane, its bits above a 16-bit signed number's range: 0 when it fits.
    @inline(__always)
    static func beyond16(_ x: SIMD4<Int32>) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: x &+ SIMD4(repeating: 32768)) &>> 16
    }

    /// Two halves of 32-bit lanes, each within 16-bit range, as 16-bit lanes.
    @inline(__always)
    static func narrowed(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD8<Int16> {
        SIMD8<Int16>(truncatingIfNeeded: SIMD8<Int32>(lowHalf: a, highHalf: b))
    }

    /// A lane's low 16 bits, sign-extended: the lane itself when it fits 16 bits (which lets the
    /// compiler narrow with one `packssdw`).
    @inline(__always)
    static func low16(_ x: SIMD4<Int32>) -> SIMD4<Int32> { (x &<< 16) &>> 16 }

    /// Two rows of 16-bit lanes as bytes clamped to 0…255 (what `packuswb` does), a row each.
    @inline(__always)
    static func packedBytes(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> (UInt64, UInt64) {
        let both = SIMD16<Int16>(lowHalf: a, highHalf: b).clamped(
            lowerBound: .zero, upperBound: SIMD16(repeating: 255))
        let bytes = SIMD16<UInt8>(truncatingIfNeeded: both)
        return (
            unsafeBitCast(bytes.lowHalf, to: UInt64.self), unsafeBitCast(bytes.highHalf, to: UInt64.self)
        )
    }

    /// (a0, b0, a1, b1, a2, b2, a3, b3) of lanes 0…3 when `low`, else of lanes 4…7.
    @inline(__always)
    static func interleave(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>, _ low: Bool) -> SIMD8<Int16> {
        low
            ? SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
            : SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    /// Products of 16-bit lanes, each pair added: (a0·b0 + a1·b1, a2·b2 + a3·b3, …).
    @inline(__always)
    static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
        let p = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
        return p.evenHalf &+ p.oddHalf
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<Int16>) -> SIMD8<Int16> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Int16>.self)
    }

    /// An 8 × 8 block of 16-bit numbers transposed: lane j of vector k becomes lane k of vector j.
    @inline(__always)
    static func transposed(_ m: Eight) -> Eight {
        @inline(__always) func lo16(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> { interleave(a, b, true) }
        @inline(__always) func hi16(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> { interleave(a, b, false) }
        @inline(__always) func lo32(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
            let (x, y) = (unsafeBitCast(a, to: SIMD4<Int32>.self), unsafeBitCast(b, to: SIMD4<Int32>.self))
            return unsafeBitCast(SIMD4(x[0], y[0], x[1], y[1]), to: SIMD8<Int16>.self)
        }
        @inline(__always) func hi32(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
            let (x, y) = (unsafeBitCast(a, to: SIMD4<Int32>.self), unsafeBitCast(b, to: SIMD4<Int32>.self))
            return unsafeBitCast(SIMD4(x[2], y[2], x[3], y[3]), to: SIMD8<Int16>.self)
        }
        @inline(__always) func lo64(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
            let (x, y) = (unsafeBitCast(a, to: SIMD2<Int64>.self), unsafeBitCast(b, to: SIMD2<Int64>.self))
            return unsafeBitCast(SIMD2(x[0], y[0]), to: SIMD8<Int16>.self)
        }
        @inline(__always) func hi64(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
            let (x, y) = (unsafeBitCast(a, to: SIMD2<Int64>.self), unsafeBitCast(b, to: SIMD2<Int64>.self))
            return unsafeBitCast(SIMD2(x[1], y[1]), to: SIMD8<Int16>.self)
        }
        // Stage 1: pairs of rows interleaved by 16 bits.
        let a0 = lo16(m.0, m.1), a1 = hi16(m.0, m.1), a2 = lo16(m.2, m.3), a3 = hi16(m.2, m.3)
        let a4 = lo16(m.4, m.5), a5 = hi16(m.4, m.5), a6 = lo16(m.6, m.7), a7 = hi16(m.6, m.7)
        // Stage 2: by 32 bits.
        let b0 = lo32(a0, a2), b1 = hi32(a0, a2), b2 = lo32(a1, a3), b3 = hi32(a1, a3)
        let b4 = lo32(a4, a6), b5 = hi32(a4, a6), b6 = lo32(a5, a7), b7 = hi32(a5, a7)
        // Stage 3: by 64 bits.
        return (
            lo64(b0, b4), hi64(b0, b4), lo64(b1, b5), hi64(b1, b5), lo64(b2, b6), hi64(b2, b6), lo64(b3, b7),
            hi64(b3, b7)
        )
    }
}
