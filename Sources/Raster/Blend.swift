// Source-over compositing of premultiplied pixels, four channels at once in 16-bit lanes.
//
//   result = src + round(dst × (255 − src.a) / 255)     per channel, exact (div255)
//
// The sum cannot carry between channels: src.c ≤ src.a and the rounded second term is at most
// 255 − src.a, so every channel stays ≤ 255.

/// Source-over of premultiplied `src` onto `dst`.
@inline(__always)
func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let alpha = src >> 24
    if alpha == 255 { return src }
    if src == 0 { return dst }
    return src &+ scaleLanes(dst, by: 255 &- alpha)
}

/// Each channel of `pixel` × `factor` / 255, rounded (factor ≤ 255).
@inline(__always)
func scaleLanes(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    var d = spreadLanes(pixel) &* UInt64(factor)  // lanes ≤ 65,025
    d = d &+ 0x0080_0080_0080_0080  // + 128
    d = (d &+ ((d >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8  // (t + (t >> 8)) >> 8
    return packLanes(d)
}

/// Each channel of `pixel` × `coverage` / 65536, rounded half up (coverage ≤ 65536: exact area
/// coverage of a pixel in 1/65536 units).
@inline(__always)
func applyCoverage(_ pixel: UInt32, _ coverage: Int) -> UInt32 {
    if coverage >= 65536 { return pixel }
    let c = UInt64(coverage)
    let lo = (UInt64(pixel) | UInt64(pixel) << 16) & 0x0000_00FF_0000_00FF  // r, b in 32-bit lanes
    let hi = (UInt64(pixel >> 8) | UInt64(pixel >> 8) << 16) & 0x0000_00FF_0000_00FF  // g, a
    let rl = ((lo &* c &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
    let rh = ((hi &* c &+ 0x0000_8000_0000_8000) >> 16) & 0x0000_00FF_0000_00FF
    let combined = rl | rh << 8
    return UInt32(truncatingIfNeeded: combined | combined >> 16)
}
