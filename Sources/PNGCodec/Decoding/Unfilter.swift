// Reverses the five PNG scanline filters (PNG spec §9). Bytes are unsigned and arithmetic is
// modulo 256; `stride` is the filter unit, bytes per complete pixel rounded up to at least one.

/// Reverses the filter `type` on `row` in place, given the previous reconstructed row (all
/// zeros for the first row of an image or pass). `type` must be 1…4; 0 needs no work.
@inline(__always)
func unfilter(
    _ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int, type: UInt8
) {
    switch type {
    case 1:
        var i = stride
        while i < count {
            row[i] &+= row[i - stride]
            i += 1
        }
    case 2:
        for i in 0..<count { row[i] &+= previous[i] }
    case 3:
        for i in 0..<min(stride, count) { row[i] &+= previous[i] >> 1 }
        var i = stride
        while i < count {
            row[i] &+= UInt8(truncatingIfNeeded: (UInt16(row[i - stride]) + UInt16(previous[i])) >> 1)
            i += 1
        }
    case 4:
        for i in 0..<min(stride, count) { row[i] &+= previous[i] }
        var i = stride
        while i < count {
            row[i] &+= paeth(row[i - stride], previous[i], previous[i - stride])
            i += 1
        }
    default:
        break
    }
}

/// The Paeth predictor: whichever of left (a), above (b) and upper-left (c) is closest to
/// a + b − c, preferring a, then b.
@inline(__always)
func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let ia = Int16(a), ib = Int16(b), ic = Int16(c)
    let pa = abs(ib - ic)
    let pb = abs(ia - ic)
    let pc = abs(ia + ib - 2 * ic)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
}
