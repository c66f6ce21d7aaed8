// Display P3 pixels shown on ivsim's sRGB display (docs/RENDERING.md §Display P3).
//
// Display P3 and sRGB share the white point (D65) and the transfer curve, and differ in their
// primaries, so a colour converts as: decode each channel to linear light, multiply by the 3 × 3
// matrix from linear P3 to linear sRGB, clamp to the sRGB gamut, encode. Per pixel this is integer
// arithmetic on tables made once by the rules below (binary64 +, −, ×, ÷ only, through
// `Transfer`), so every machine gives the same bytes:
//
//   D[v]  = round(decode(v / 255) · 2¹⁶)                       v = 0…255   (linear, 16 fraction bits)
//   M[i][j] = round(m[i][j] · 2¹⁶) off the diagonal, and M[i][i] = 2¹⁶ − Σ_{j≠i} M[i][j],
//           so that each row sums to exactly 1: white and every grey come out unchanged
//   L′[i] = clamp((Σ_j M[i][j] · D[c_j] + 2¹⁵) >> 16, 0, 2¹⁶)  (>> floors; rounding half up)
//   T[k]  = ⌈decode((k − ½) / 255) · 2¹⁶⌉                     k = 1…255
//   out[i] = #{ k : L′[i] ≥ T[k] }                              (nearest 8-bit code: encode is monotone)
//
// with m the linear P3 → linear sRGB matrix below. Alpha is kept; the conversion applies to
// straight (not premultiplied) values.

/// Display P3 colours converted to sRGB.
public enum DisplayP3 {
    /// Linear Display P3 → linear sRGB, derived from the two sets of primaries (P3: red 0.680,
    /// 0.320; green 0.265, 0.690; blue 0.150, 0.060; sRGB: ITU-R BT.709's) with the D65 white
    /// point, rounded to 10 decimals. Rows are sRGB red, green, blue.
    public static let matrix: [[Double]] = [
        [1.2249401763, -0.2249401763, 0],
        [-0.0420569547, 1.0420569547, 0],
        [-0.0196375546, -0.0786360456, 1.0982736002]
    ]

    /// Converts straight RGBA8 pixels (4 bytes each) from Display P3 to sRGB in place.
    public static func convertToSRGB(straightRGBA pixels: inout [UInt8]) {
        let tables = Tables.shared
        pixels.withUnsafeMutableBufferPointer { p in
            var index = 0
            while index + 3 < p.count {
                let l0 = tables.decode[Int(p[index])], l1 = tables.decode[Int(p[index + 1])],
                    l2 = tables.decode[Int(p[index + 2])]
                for row in 0..<3 {
                    let m = tables.matrix[row]
                    let sum = m.0 * l0 + m.1 * l1 + m.2 * l2
                    let linear = min(max((sum + 0x8000) >> 16, 0), 0x10000)
                    p[index + row] = tables.encode[linear]
                }
                index += 4
            }
        }
    }

    /// The three tables of the file comment.
    struct Tables {
        /// D[v]: linear light of 8-bit code v, 16 fraction bits.
        let decode: [Int]
        /// M, rows of 16.16 coefficients summing to 2¹⁶.
        let matrix: [(Int, Int, Int)]
        /// The 8-bit code of each linear value 0…2¹⁶: #{ k : value ≥ T[k] }, T as in the file comment.
        let encode: [UInt8]

        static let shared = Tables()

        init() {
            let one = 65536.0
            decode = (0...255).map { Int((Transfer.decode(Double($0) / 255) * one).rounded(.toNearestOrAwayFromZero)) }
            matrix = DisplayP3.matrix.enumerated().map { row, coefficients in
                var m = coefficients.map { Int(($0 * one).rounded(.toNearestOrAwayFromZero)) }
                m[row] = 65536 - m.enumerated().filter { $0.offset != row }.reduce(0) { $0 + $1.element }
                return (m[0], m[1], m[2])
            }
            let thresholds = (1...255).map { Int((Transfer.decode((Double($0) - 0.5) / 255) * one).rounded(.up)) }
            var encode = [UInt8](repeating: 0, count: 65537), code = 0
            for linear in 0...65536 {
                while code < 255 && linear >= thresholds[code] { code += 1 }
                encode[linear] = UInt8(code)
            }
            self.encode = encode
        }
    }
}
