// Intra prediction (RFC 6386 §12) in a work area around one macroblock, as libwebp lays it out: a
// row above (the pixel above-left, the 16 above, 4 above-right) and a column to the left, filled
// from the frame's unfiltered reconstruction, or 127 above the frame (above-left included) and
// 129 to its left; the rightmost macroblock's above-right pixels repeat the last one above, and
// the four above-right pixels also stand beside rows 3, 7 and 11 for subblocks 7, 11 and 15.

struct VP8WorkArea {
    /// Width of a row: the left column, 16 (or 8) pixels, 4 above-right.
    let stride: Int
    let size: Int
    var pixels: [UInt8]

    init(size: Int) {
        self.size = size
        stride = size + 5
        pixels = [UInt8](repeating: 0, count: stride * (size + 1))
    }

    /// Index of (x, y) relative to the block's top left; x and y may be −1.
    @inline(__always) func at(_ x: Int, _ y: Int) -> Int { (y + 1) * stride + x + 1 }

    /// Fills the borders from `plane` (row stride `planeStride`) for the block at (bx, by) in
    /// blocks of `size`, with `blocksAcross` blocks in a row.
    mutating func load(
        _ plane: [UInt8], planeStride: Int, bx: Int, by: Int, blocksAcross: Int, aboveRight: Bool
    ) {
        let x0 = bx * size, y0 = by * size
        if by == 0 {
            for x in -1..<(size + (aboveRight ? 4 : 0)) { pixels[at(x, -1)] = 127 }
        } else {
            let row = (y0 - 1) * planeStride
            pixels[at(-1, -1)] = bx == 0 ? 129 : plane[row + x0 - 1]
            for x in 0..<size { pixels[at(x, -1)] = plane[row + x0 + x] }
            if aboveRight {
                for x in size..<(size + 4) {
                    pixels[at(x, -1)] = bx + 1 < blocksAcross ? plane[row + x0 + x] : plane[row + x0 + size - 1]
                }
            }
        }
        for y in 0..<size { pixels[at(-1, y)] = bx == 0 ? 129 : plane[(y0 + y) * planeStride + x0 - 1] }
        if aboveRight {
            for y in Swift.stride(from: 3, through: 11, by: 4) {
                for x in 16..<20 { pixels[at(x, y)] = pixels[at(x, -1)] }
            }
        }
    }

    /// Copies the block's pixels into the plane.
    func store(_ plane: inout [UInt8], planeStride: Int, bx: Int, by: Int) {
        for y in 0..<size {
            for x in 0..<size { plane[(by * size + y) * planeStride + bx * size + x] = pixels[at(x, y)] }
        }
    }

    /// Whole-block prediction (16×16 luma or 8×8 chroma): 0 DC, 1 V, 2 H, 3 TM. DC averages the
    /// edges that are inside the frame, 128 when neither is.
    mutating func predictBlock(_ mode: Int, hasAbove: Bool, hasLeft: Bool) {
        let n = size
        switch mode {
        case 0:
            let shift = n == 16 ? 4 : 3
            var sum = 0
            if hasAbove { for x in 0..<n { sum += Int(pixels[at(x, -1)]) } }
            if hasLeft { for y in 0..<n { sum += Int(pixels[at(-1, y)]) } }
            let value: Int =
                hasAbove && hasLeft
                ? (sum + (1 << shift)) >> (shift + 1)
                : hasAbove || hasLeft ? (sum + (1 << (shift - 1))) >> shift : 128
            fill(0, 0, n, n) { _, _ in UInt8(value) }
        case 1:
            let above = (0..<n).map { pixels[at($0, -1)] }
            fill(0, 0, n, n) { x, _ in above[x] }
        case 2:
            let left = (0..<n).map { pixels[at(-1, $0)] }
            fill(0, 0, n, n) { _, y in left[y] }
        default:
            trueMotion(0, 0, n)
        }
    }

    private mutating func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ value: (Int, Int) -> UInt8) {
        for y in 0..<h {
            for x in 0..<w { pixels[at(x0 + x, y0 + y)] = value(x, y) }
        }
    }

    private mutating func trueMotion(_ x0: Int, _ y0: Int, _ n: Int) {
        let p = Int(pixels[at(x0 - 1, y0 - 1)])
        for y in 0..<n {
            let left = Int(pixels[at(x0 - 1, y0 + y)])
            for x in 0..<n {
                pixels[at(x0 + x, y0 + y)] = UInt8(clamping: left + Int(pixels[at(x0 + x, y0 - 1)]) - p)
            }
        }
    }

    /// The ten subblock modes of §12.3 for the 4×4 subblock at (x0, y0) of a luma work area.
    mutating func predictSubblock(_ mode: Int, _ x0: Int, _ y0: Int) {
        func a(_ i: Int) -> Int { Int(pixels[at(x0 + i, y0 - 1)]) }  // a(-1) is P
        func l(_ i: Int) -> Int { Int(pixels[at(x0 - 1, y0 + i)]) }  // l(-1) is P
        func avg3(_ x: Int, _ y: Int, _ z: Int) -> UInt8 { UInt8((x + 2 * y + z + 2) >> 2) }
        func avg2(_ x: Int, _ y: Int) -> UInt8 { UInt8((x + y + 1) >> 1) }
        // E: L[3], L[2], L[1], L[0], P, A[0], A[1], A[2], A[3]
        func e(_ i: Int) -> Int { i < 4 ? l(3 - i) : a(i - 5) }
        // The block's pixels are written in place: every mode reads only the edges around it.
        func set(_ r: Int, _ c: Int, _ v: UInt8) { pixels[at(x0 + c, y0 + r)] = v }
        switch mode {
        case 0:  // B_DC_PRED
            var v = 4
            for i in 0..<4 { v += a(i) + l(i) }
            for r in 0..<4 { for c in 0..<4 { set(r, c, UInt8(v >> 3)) } }
        case 1:  // B_TM_PRED
            trueMotion(x0, y0, 4)
            return
        case 2:  // B_VE_PRED
            // Computed before any is written: the averages read A[−1] … A[4] only.
            let v0 = avg3(a(-1), a(0), a(1)), v1 = avg3(a(0), a(1), a(2))
            let v2 = avg3(a(1), a(2), a(3)), v3 = avg3(a(2), a(3), a(4))
            for r in 0..<4 {
                set(r, 0, v0)
                set(r, 1, v1)
                set(r, 2, v2)
                set(r, 3, v3)
            }
        case 3:  // B_HE_PRED
            for r in 0..<4 {
                let v = avg3(l(r - 1), l(r), l(min(r + 1, 3)))
                for c in 0..<4 { set(r, c, v) }
            }
        case 4:  // B_LD_PRED
            for r in 0..<4 {
                for c in 0..<4 {
                    let i = r + c
                    set(r, c, i == 6 ? avg3(a(6), a(7), a(7)) : avg3(a(i), a(i + 1), a(i + 2)))
                }
            }
        case 5:  // B_RD_PRED: B[r][c] = avg3p(E + 4 − r + c)
            for r in 0..<4 {
                for c in 0..<4 {
                    let i = 4 - r + c
                    set(r, c, avg3(e(i - 1), e(i), e(i + 1)))
                }
            }
        case 6:  // B_VR_PRED
            set(3, 0, avg3(e(1), e(2), e(3)))
            set(2, 0, avg3(e(2), e(3), e(4)))
            let v4 = avg3(e(3), e(4), e(5)), w4 = avg2(e(4), e(5))
            set(3, 1, v4); set(1, 0, v4)
            set(2, 1, w4); set(0, 0, w4)
            let v5 = avg3(e(4), e(5), e(6)), w5 = avg2(e(5), e(6))
            set(3, 2, v5); set(1, 1, v5)
            set(2, 2, w5); set(0, 1, w5)
            let v6 = avg3(e(5), e(6), e(7)), w6 = avg2(e(6), e(7))
            set(3, 3, v6); set(1, 2, v6)
            set(2, 3, w6); set(0, 2, w6)
            set(1, 3, avg3(e(6), e(7), e(8)))
            set(0, 3, avg2(e(7), e(8)))
        case 7:  // B_VL_PRED
            set(0, 0, avg2(a(0), a(1)))
            set(1, 0, avg3(a(0), a(1), a(2)))
            let w1 = avg2(a(1), a(2)), v2 = avg3(a(1), a(2), a(3))
            set(2, 0, w1); set(0, 1, w1)
            set(1, 1, v2); set(3, 0, v2)
            let w2 = avg2(a(2), a(3)), v3 = avg3(a(2), a(3), a(4))
            set(2, 1, w2); set(0, 2, w2)
            set(3, 1, v3); set(1, 2, v3)
            let w3 = avg2(a(3), a(4)), v4 = avg3(a(3), a(4), a(5))
            set(2, 2, w3); set(0, 3, w3)
            set(3, 2, v4); set(1, 3, v4)
            set(2, 3, avg3(a(4), a(5), a(6)))
            set(3, 3, avg3(a(5), a(6), a(7)))
        case 8:  // B_HD_PRED
            set(3, 0, avg2(e(0), e(1)))
            set(3, 1, avg3(e(0), e(1), e(2)))
            let w1 = avg2(e(1), e(2)), v2 = avg3(e(1), e(2), e(3))
            set(2, 0, w1); set(3, 2, w1)
            set(2, 1, v2); set(3, 3, v2)
            let w2 = avg2(e(2), e(3)), v3 = avg3(e(2), e(3), e(4))
            set(2, 2, w2); set(1, 0, w2)
            set(2, 3, v3); set(1, 1, v3)
            let w3 = avg2(e(3), e(4)), v4 = avg3(e(3), e(4), e(5))
            set(1, 2, w3); set(0, 0, w3)
            set(1, 3, v4); set(0, 1, v4)
            set(0, 2, avg3(e(4), e(5), e(6)))
            set(0, 3, avg3(e(5), e(6), e(7)))
        default:  // B_HU_PRED
            set(0, 0, avg2(l(0), l(1)))
            set(0, 1, avg3(l(0), l(1), l(2)))
            let w1 = avg2(l(1), l(2)), v2 = avg3(l(1), l(2), l(3))
            set(0, 2, w1); set(1, 0, w1)
            set(0, 3, v2); set(1, 1, v2)
            let w2 = avg2(l(2), l(3)), v3 = avg3(l(2), l(3), l(3))
            set(1, 2, w2); set(2, 0, w2)
            set(1, 3, v3); set(2, 1, v3)
            let last = UInt8(l(3))
            set(2, 2, last)
            set(2, 3, last)
            for c in 0..<4 { set(3, c, last) }
        }
    }
}
