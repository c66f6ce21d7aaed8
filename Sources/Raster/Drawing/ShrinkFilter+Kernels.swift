// The shrinking filter's arithmetic, eight 16-bit products at a time with pairs added (what
// SSE2's `pmaddwd` does), each kernel written so that the compiler finds that instruction; the
// bytes are those of one tap after another (ShrinkFilterTests).

extension FilteredImage {
    /// `count` pixels composited source-over onto `target`, each result's alpha or-ed with
    /// `alphaBits`; four opaque sources at a time are stored as they are (what source-over gives).
    @inline(__always)
    static func sourceOver(
        _ source: UnsafePointer<UInt32>, onto target: UnsafeMutablePointer<UInt32>, _ count: Int, _ alphaBits: UInt32
    ) {
        var x = 0
        while x + 4 <= count {
            let four = UnsafeRawPointer(source + x).loadUnaligned(as: SIMD4<UInt32>.self)
            if all(four &>> 24 .== 255) {
                UnsafeMutableRawPointer(target + x).storeBytes(of: four | alphaBits, as: SIMD4<UInt32>.self)
            } else {
                for k in x..<(x + 4) { target[k] = Raster.sourceOver(source[k], target[k]) | alphaBits }
            }
            x += 4
        }
        for k in x..<count { target[k] = Raster.sourceOver(source[k], target[k]) | alphaBits }
    }

    /// The second pass over `width` device pixels, two at a time: `n` pairs of ring rows, each
    /// stored interleaved (a device pixel's four channels in an even image row and the next, eight
    /// numbers), so that one `pmaddwd` takes two taps of a pixel's four channels. Up to six pairs
    /// are written out with their rows and weights held before the loop (a constant `n` leaves
    /// only its own); more take a loop.
    @inline(__always)
    static func secondPass(
        _ width: Int, _ n: Int, _ bases: UnsafePointer<UnsafePointer<Int16>>, _ weights: UnsafePointer<SIMD8<Int16>>,
        _ target: UnsafeMutablePointer<UInt32>
    ) {
        @inline(__always) func add(
            _ row: UnsafePointer<Int16>, _ w: SIMD8<Int16>, _ left: inout SIMD4<Int32>, _ right: inout SIMD4<Int32>
        ) {
            left &+= multiplyAdd(load8(row), w)
            right &+= multiplyAdd(load8(row + 8), w)
        }
        // Two pixels from number `block` (8 a pixel) on (an odd width's last block has one; its
        // second pixel's numbers lie within the slot, unused); wrapping arithmetic, as every
        // index is in bounds.
        @inline(__always) func store(_ left: SIMD4<Int32>, _ right: SIMD4<Int32>, _ block: Int) {
            let column = block &>> 3, pair = pixels(left, right)
            if column &+ 1 < width {
                UnsafeMutableRawPointer(target + column).storeBytes(of: pair, as: UInt64.self)
            } else {
                target[column] = UInt32(truncatingIfNeeded: pair)
            }
        }
        let start = SIMD4<Int32>(repeating: 1 << 20)
        let numbers = width &* 8
        guard n <= 6 else {
            var block = 0
            while block < numbers {
                var left = start, right = start
                for i in 0..<n { add(bases[i] + block, weights[i], &left, &right) }
                store(left, right, block)
                block += 16
            }
            return
        }
        let (r0, w0) = (bases[0], weights[0])
        let (r1, w1) = n > 1 ? (bases[1], weights[1]) : (r0, .zero)
        let (r2, w2) = n > 2 ? (bases[2], weights[2]) : (r0, .zero)
        let (r3, w3) = n > 3 ? (bases[3], weights[3]) : (r0, .zero)
        let (r4, w4) = n > 4 ? (bases[4], weights[4]) : (r0, .zero)
        let (r5, w5) = n > 5 ? (bases[5], weights[5]) : (r0, .zero)
        var block = 0
        while block < numbers {
            var left = start, right = start
            add(r0 + block, w0, &left, &right)
            if n > 1 { add(r1 + block, w1, &left, &right) }
            if n > 2 { add(r2 + block, w2, &left, &right) }
            if n > 3 { add(r3 + block, w3, &left, &right) }
            if n > 4 { add(r4 + block, w4, &left, &right) }
            if n > 5 { add(r5 + block, w5, &left, &right) }
            store(left, right, block)
            block &+= 16
        }
    }

    /// The first pass over `width` device columns of two image rows at once (`a` and `b`, laid out
    /// as pairs of neighbouring pixels), `n` pairs of taps each, two columns at a time, each
    /// column's weights read once for both rows: each column's sums (with the 64 of rounding) into
    /// 1/128 levels, stored with the two rows' lanes interleaved (`a`'s lane, then `b`'s) at its
    /// place in `cells`.
    @inline(__always)
    static func firstPass(
        _ width: Int, _ n: Int, _ a: UnsafePointer<SIMD8<Int16>>, _ b: UnsafePointer<SIMD8<Int16>>,
        _ weights: UnsafePointer<SIMD8<Int16>>, _ offsets: UnsafePointer<Int>, _ cells: UnsafeMutableRawPointer
    ) {
        // The weights run on column by column; wrapping arithmetic, as every index is in bounds.
        var w = weights, cell = cells
        @inline(__always) func sums(_ column: Int) -> (SIMD4<Int32>, SIMD4<Int32>) {
            let offset = offsets[column]
            let (p, q) = (a + offset, b + offset)
            var s = SIMD4<Int32>(repeating: 64), t = s
            for k in 0..<n {
                let weight = w[k]
                s &+= multiplyAdd(p[k], weight)
                t &+= multiplyAdd(q[k], weight)
            }
            w += n
            return (s, t)
        }
        var column = 0
        while column &+ 2 <= width {
            let (s0, t0) = sums(column)
            let (s1, t1) = sums(column &+ 1)
            let (first, second) = (levels(s0, s1), levels(t0, t1))
            cell.storeBytes(of: first.interleavedLow(second), as: SIMD8<Int16>.self)
            (cell + 16).storeBytes(of: first.interleavedHigh(second), as: SIMD8<Int16>.self)
            cell += 32
            column &+= 2
        }
        if column < width {
            let (s, t) = sums(column)
            cell.storeBytes(of: levels(s, .zero).interleavedLow(levels(t, .zero)), as: SIMD8<Int16>.self)
        }
    }

    @inline(__always)
    static func load8(_ p: UnsafePointer<Int16>) -> SIMD8<Int16> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Int16>.self)
    }

    /// Two columns' first-pass sums (with the 64 of rounding) as 1/128 levels held to 0…32,640,
    /// the first in the low half: shifted, then saturated to 16 bits and clamped there, which
    /// gives what clamping the 32-bit values does (saturation keeps the order).
    @inline(__always)
    static func levels(_ first: SIMD4<Int32>, _ second: SIMD4<Int32>) -> SIMD8<Int16> {
        let shifted = SIMD8(lowHalf: first, highHalf: second) &>> 7
        let saturated = SIMD8<Int16>(
            truncatingIfNeeded: shifted.clamped(
                lowerBound: SIMD8(repeating: Int32(Int16.min)), upperBound: SIMD8(repeating: Int32(Int16.max))))
        return saturated.clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 32640))
    }

    /// Two pixels (the first in the low half) as their channels side by side in 16-bit lanes,
    /// (r, r', g, g', b, b', a, a').
    @inline(__always)
    static func channelPairs(_ two: UInt64) -> SIMD8<Int16> {
        let b = unsafeBitCast(two, to: SIMD8<UInt8>.self)
        return SIMD8<Int16>(truncatingIfNeeded: SIMD8<UInt8>(b[0], b[4], b[1], b[5], b[2], b[6], b[3], b[7]))
    }

    /// Four pixels as two such pairs, the first two and the last two: the pixels' words reordered
    /// (0, 2, 1, 3), the two halves' bytes interleaved, then widened.
    @inline(__always)
    static func channelPairs(_ four: SIMD16<UInt8>) -> (SIMD8<Int16>, SIMD8<Int16>) {
        let words = unsafeBitCast(four, to: SIMD4<UInt32>.self)
        let y = unsafeBitCast(SIMD4(words[0], words[2], words[1], words[3]), to: SIMD16<UInt8>.self)  // p0, p2, p1, p3
        let z = SIMD16<UInt8>(
            y[0], y[8], y[1], y[9], y[2], y[10], y[3], y[11], y[4], y[12], y[5], y[13], y[6], y[14], y[7], y[15])
        return (SIMD8<Int16>(truncatingIfNeeded: z.lowHalf), SIMD8<Int16>(truncatingIfNeeded: z.highHalf))
    }

    /// Products of 16-bit lanes, each pair added: (a0·b0 + a1·b1, a2·b2 + a3·b3, …).
    @inline(__always)
    static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
        let p = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
        return p.evenHalf &+ p.oddHalf
    }

    /// (w0, w1) repeated four times.
    @inline(__always)
    static func pair(_ w0: Int16, _ w1: Int16) -> SIMD8<Int16> { SIMD8(w0, w1, w0, w1, w0, w1, w0, w1) }

    /// The first pass at one place: Σ w·P over `count` taps, in 1/128 levels, rounded and held
    /// to 0…255 levels (TurnedFilteredImage's, one device column at a time).
    @inline(__always)
    static func firstPass(_ taps: UnsafePointer<UInt64>, _ weights: UnsafePointer<Int16>, _ count: Int) -> SIMD4<Int32>
    {
        var sum = SIMD4<Int32>(repeating: 64)
        for k in 0..<count {
            sum &+=
                SIMD4(truncatingIfNeeded: unsafeBitCast(taps[k], to: SIMD4<Int16>.self))
                &* SIMD4(repeating: Int32(weights[k]))
        }
        return (sum &>> 7).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 32640))
    }

    /// Two second-pass sums as two pixels (the first in the low half), as `pixel` makes each:
    /// after the shift every lane lies within −256…511 (the sums' bounds above), so 16 bits hold
    /// it and the clamps and the minimum are those of 16-bit lanes.
    @inline(__always)
    static func pixels(_ left: SIMD4<Int32>, _ right: SIMD4<Int32>) -> UInt64 {
        let l = left &>> 21, r = right &>> 21
        let levels = SIMD8<Int16>(truncatingIfNeeded: SIMD8<Int32>(lowHalf: l, highHalf: r))
        let alphas = SIMD8<Int16>(
            truncatingIfNeeded: SIMD8<Int32>(lowHalf: SIMD4(repeating: l[3]), highHalf: SIMD4(repeating: r[3])))
        let (low, high) = (SIMD8<Int16>.zero, SIMD8<Int16>(repeating: 255))
        let held = pointwiseMin(
            levels.clamped(lowerBound: low, upperBound: high), alphas.clamped(lowerBound: low, upperBound: high))
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: held), to: UInt64.self)
    }

    /// A second-pass sum (with its 2^20 already added) as a pixel: levels, clamped to 0…255, each
    /// colour to the alpha.
    @inline(__always)
    static func pixel(_ sums: SIMD4<Int32>) -> UInt32 {
        let c = (sums &>> 21).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let a = c[3]
        return UInt32(min(c[0], a)) | UInt32(min(c[1], a)) << 8 | UInt32(min(c[2], a)) << 16 | UInt32(a) << 24
    }
}

extension SIMD8 where Scalar == Int16 {
    /// (a0, b0, a1, b1, a2, b2, a3, b3) of self = a and `b`.
    @inline(__always)
    func interleavedLow(_ b: Self) -> Self { Self(self[0], b[0], self[1], b[1], self[2], b[2], self[3], b[3]) }

    /// (a4, b4, a5, b5, a6, b6, a7, b7).
    @inline(__always)
    func interleavedHigh(_ b: Self) -> Self { Self(self[4], b[4], self[5], b[5], self[6], b[6], self[7], b[7]) }
}
