// Scanline filter selection for the encoder (PNG spec §9 and §12.8).
//
// Heuristic (fixed, so the bytes are deterministic): for each scanline of an 8- or 16-bit
// truecolor or grayscale image, try all five filters and keep the one whose output has the
// smallest sum of absolute values when its bytes are read as signed (the "minimum sum of absolute
// differences" rule libpng uses); ties go to the lower filter type. Indexed images and images
// below 8 bits use filter None, as the PNG specification recommends.

enum ScanlineFilter {
    /// Filters `raw` (the reconstructed row; `previous` is the row above, zeros for the first) into
    /// `out`: one filter-type byte then `count` filtered bytes.
    static func filterAdaptively(
        _ raw: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let sums = filterCosts(raw, previous: previous, count: count, stride: stride)
        var best = 0
        for type in 1..<5 where sums[type] < sums[best] { best = type }
        apply(UInt8(best), raw, previous: previous, count: count, stride: stride, into: out)
    }

    /// |Int8(bitPattern: d)|, as an unsigned byte (128 for 0x80).
    @inline(__always)
    private static func magnitude(_ d: UInt8) -> Int {
        Int(min(d, 0 &- d))
    }

    /// For each filter type 0…4, the sum of |signed byte| of the filtered row.
    ///
    /// 16 bytes at a time: every predictor depends only on the unfiltered rows, so the lanes are
    /// independent. Sums are exact integers whichever way they are grouped.
    static func filterCosts(
        _ raw: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int
    ) -> [Int] {
        var sums = [0, 0, 0, 0, 0]
        let head = min(stride, count)
        for i in 0..<head {
            let x = raw[i], b = previous[i]
            sums[0] += magnitude(x)
            sums[1] += magnitude(x)
            sums[2] += magnitude(x &- b)
            sums[3] += magnitude(x &- (b >> 1))
            sums[4] += magnitude(x &- b)
        }
        typealias Bytes = SIMD16<UInt8>
        typealias Words = SIMD16<Int16>
        var i = head
        var wide = (
            SIMD16<UInt16>.zero, SIMD16<UInt16>.zero, SIMD16<UInt16>.zero, SIMD16<UInt16>.zero, SIMD16<UInt16>.zero
        )
        var pending = 0
        while i + 16 <= count {
            let x = load(raw + i), a = load(raw + i - stride), b = load(previous + i), c = load(previous + i - stride)
            let average = (a & b) &+ ((a ^ b) &>> 1)
            let wa = Words(truncatingIfNeeded: a), wb = Words(truncatingIfNeeded: b), wc = Words(truncatingIfNeeded: c)
            let bc = wb &- wc, ac = wa &- wc
            let pa = pointwiseMax(bc, 0 &- bc)
            let pb = pointwiseMax(ac, 0 &- ac)
            let abc = bc &+ ac
            let pc = pointwiseMax(abc, 0 &- abc)
            var predicted = wc
            predicted.replace(with: wb, where: pb .<= pc)
            predicted.replace(with: wa, where: (pa .<= pb) .& (pa .<= pc))
            let paeth = Bytes(truncatingIfNeeded: predicted)
            wide.0 &+= magnitudes(x)
            wide.1 &+= magnitudes(x &- a)
            wide.2 &+= magnitudes(x &- b)
            wide.3 &+= magnitudes(x &- average)
            wide.4 &+= magnitudes(x &- paeth)
            pending += 1
            if pending == 256 {  // 256 × 128 fits UInt16 lanes
                flush(&wide, into: &sums)
                pending = 0
            }
            i += 16
        }
        flush(&wide, into: &sums)
        while i < count {
            let x = raw[i], a = raw[i - stride], b = previous[i], c = previous[i - stride]
            sums[0] += magnitude(x)
            sums[1] += magnitude(x &- a)
            sums[2] += magnitude(x &- b)
            sums[3] += magnitude(x &- UInt8(truncatingIfNeeded: (UInt16(a) + UInt16(b)) >> 1))
            sums[4] += magnitude(x &- paeth(a, b, c))
            i += 1
        }
        return sums
    }

    private typealias Wide = SIMD16<UInt16>

    @inline(__always)
    private static func load(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Per-lane |signed byte|, widened.
    @inline(__always)
    private static func magnitudes(_ d: SIMD16<UInt8>) -> Wide {
        Wide(truncatingIfNeeded: pointwiseMin(d, 0 &- d))
    }

    /// Adds the lane sums to `sums` and clears them; lanes widen to 32 bits for the horizontal
    /// sum, which would overflow 16.
    @inline(__always)
    private static func flush(_ wide: inout (Wide, Wide, Wide, Wide, Wide), into sums: inout [Int]) {
        sums[0] += Int(SIMD16<UInt32>(truncatingIfNeeded: wide.0).wrappedSum())
        sums[1] += Int(SIMD16<UInt32>(truncatingIfNeeded: wide.1).wrappedSum())
        sums[2] += Int(SIMD16<UInt32>(truncatingIfNeeded: wide.2).wrappedSum())
        sums[3] += Int(SIMD16<UInt32>(truncatingIfNeeded: wide.3).wrappedSum())
        sums[4] += Int(SIMD16<UInt32>(truncatingIfNeeded: wide.4).wrappedSum())
        wide = (.zero, .zero, .zero, .zero, .zero)
    }

    /// Writes filter `type` of `raw` into `out` (type byte first).
    static func apply(
        _ type: UInt8, _ raw: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        out[0] = type
        let o = out + 1
        let head = min(stride, count)
        switch type {
        case 0:
            o.update(from: raw, count: count)
        case 1:
            for i in 0..<head { o[i] = raw[i] }
            var i = head
            while i < count { o[i] = raw[i] &- raw[i - stride]; i += 1 }
        case 2:
            for i in 0..<count { o[i] = raw[i] &- previous[i] }
        case 3:
            for i in 0..<head { o[i] = raw[i] &- (previous[i] >> 1) }
            var i = head
            while i < count {
                o[i] = raw[i] &- UInt8(truncatingIfNeeded: (UInt16(raw[i - stride]) + UInt16(previous[i])) >> 1)
                i += 1
            }
        default:
            for i in 0..<head { o[i] = raw[i] &- previous[i] }
            var i = head
            while i < count {
                o[i] = raw[i] &- paeth(raw[i - stride], previous[i], previous[i - stride])
                i += 1
            }
        }
    }
}
