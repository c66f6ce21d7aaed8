// The inverse transforms (RFC 6386 §14.3, §14.4) as libvpx and libwebp compute them: the WHT of
// the Y2 block into the DC of the 16 luma blocks, and the 4×4 inverse DCT with the multipliers
// 20091/65536 + 1 (√2·cos(π/8)) and 35468/65536 (√2·sin(π/8)), columns first, (x + 4) >> 3, added
// to the prediction and clamped.

enum VP8Transforms {
    /// The WHT of `input` (16 dequantized Y2 coefficients) into position 0 of each of the 16 luma
    /// blocks in `coefficients` (16 values a block).
    static func inverseWHT(_ input: [Int32], into coefficients: inout [Int32]) {
        var t = [Int](repeating: 0, count: 16)
        for i in 0..<4 {
            let a0 = Int(input[i]) + Int(input[12 + i]), a1 = Int(input[4 + i]) + Int(input[8 + i])
            let a2 = Int(input[4 + i]) - Int(input[8 + i]), a3 = Int(input[i]) - Int(input[12 + i])
            t[i] = a0 + a1
            t[8 + i] = a0 - a1
            t[4 + i] = a3 + a2
            t[12 + i] = a3 - a2
        }
        for i in 0..<4 {
            let dc = t[4 * i] + 3
            let a0 = dc + t[4 * i + 3], a1 = t[4 * i + 1] + t[4 * i + 2]
            let a2 = t[4 * i + 1] - t[4 * i + 2], a3 = dc - t[4 * i + 3]
            coefficients[(4 * i) * 16] = Self.sixteen((a0 + a1) >> 3)
            coefficients[(4 * i + 1) * 16] = Self.sixteen((a3 + a2) >> 3)
            coefficients[(4 * i + 2) * 16] = Self.sixteen((a0 - a1) >> 3)
            coefficients[(4 * i + 3) * 16] = Self.sixteen((a3 - a2) >> 3)
        }
    }

    /// A value stored in 16 bits, as libwebp stores the WHT's output (int16_t).
    @inline(__always) static func sixteen(_ v: Int) -> Int32 { Int32(Int16(truncatingIfNeeded: v)) }

    @inline(__always) static func mul1(_ a: Int) -> Int { ((a * 20091) >> 16) + a }
    @inline(__always) static func mul2(_ a: Int) -> Int { (a * 35468) >> 16 }

    /// Adds the inverse DCT of the 16 coefficients at `base` to the 4×4 pixels of `plane` at
    /// `origin` (row stride `stride`).
    static func addInverseDCT(
        _ c: [Int32], at base: Int, to plane: inout [UInt8], origin: Int, stride: Int
    ) {
        // A block without coefficients adds nothing.
        guard c[base..<(base + 16)].contains(where: { $0 != 0 }) else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { t in
            for i in 0..<4 {  // columns
                let c0 = Int(c[base + i]), c4 = Int(c[base + 4 + i])
                let c8 = Int(c[base + 8 + i]), c12 = Int(c[base + 12 + i])
                let a = c0 + c8, b = c0 - c8
                let cc = mul2(c4) - mul1(c12), d = mul1(c4) + mul2(c12)
                t[4 * i] = a + d
                t[4 * i + 1] = b + cc
                t[4 * i + 2] = b - cc
                t[4 * i + 3] = a - d
            }
            for i in 0..<4 {  // rows
                let dc = t[i] + 4
                let a = dc + t[8 + i], b = dc - t[8 + i]
                let cc = mul2(t[4 + i]) - mul1(t[12 + i]), d = mul1(t[4 + i]) + mul2(t[12 + i])
                let row = origin + i * stride
                plane[row] = UInt8(clamping: Int(plane[row]) + ((a + d) >> 3))
                plane[row + 1] = UInt8(clamping: Int(plane[row + 1]) + ((b + cc) >> 3))
                plane[row + 2] = UInt8(clamping: Int(plane[row + 2]) + ((b - cc) >> 3))
                plane[row + 3] = UInt8(clamping: Int(plane[row + 3]) + ((a - d) >> 3))
            }
        }
    }
}
