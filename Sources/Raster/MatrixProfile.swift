// RGB colours described by an ICC profile of the matrix/TRC kind (ICC.1:2010 §F.3, "three-component
// matrix-based" input and display profiles: a tone curve per channel, then a 3 × 3 matrix of
// colorants to the D50 XYZ connection space) shown on ivsim's sRGB display (docs/RENDERING.md
// §Colour profiles). A colour converts as: each channel through its curve to linear light, the
// profile's colorants to XYZ, the inverse of sRGB's colorants (the ICC's sRGB v4 profile's, D50
// adapted, as ICCProfileKind recognises sRGB) back to linear sRGB, clamp to the gamut, encode —
// the colorimetric conversion every colour-management system performs for such a profile. Per
// pixel it is integer arithmetic on tables made once from the profile by binary64 +, −, ×, ÷ only
// (through `Power`), as DisplayP3 converts:
//
//   D_c[v] = round(curve_c(v / 255) · 2¹⁶)                      v = 0…255, c = red, green, blue
//   m      = S⁻¹ · P   (P: the profile's colorants as columns; S: sRGB's; S⁻¹ by cofactors)
//   M[i][j] = round(m[i][j] · 2¹⁶)
//   out[i] = E[clamp((Σ_j M[i][j] · D_j[c_j] + 2¹⁵) >> 16, 0, 2¹⁶)]  with DisplayP3's encode table E
//
// Unlike DisplayP3's, M's rows are not forced to sum to 1: a profile whose colorants do not sum to
// the D50 white has a white that is not sRGB's, and littleCMS converts it so (forcing the sum
// moved saturated colours 2 levels from it). A well-made profile's white comes out white.

/// A tone curve of a matrix/TRC profile (`curv` or `para`, ICC.1:2010 §10.6 and §10.18).
public enum ToneCurve: Equatable, Sendable {
    /// y = x^γ (`curv` with one entry, γ a u8Fixed8Number; with none, γ = 1).
    case gamma(Double)
    /// `curv` with n ≥ 2 entries: the table over x = i / (n − 1), linear between entries, / 65535.
    case table([UInt16])
    /// `para`: function type 0…4 and its parameters g, a, b, c, d, e, f (as many as the type has).
    case parametric(Int, [Double])

    /// The curve's value at x in [0, 1], clamped to [0, 2]: a `para` curve with an offset may rise
    /// above 1 at the top, and that light is kept, as littleCMS keeps it (MatrixProfileTests: 6
    /// levels apart on saturated colours when it is cut at 1); 2 bounds any other curve.
    public func value(_ x: Double) -> Double {
        let y: Double
        switch self {
        case let .gamma(g):
            y = Power.pow(x, g)
        case let .table(entries):
            let position = x * Double(entries.count - 1)
            let i = min(Int(position), entries.count - 1)
            let next = min(i + 1, entries.count - 1)
            let f = position - Double(i)
            y = (Double(entries[i]) + f * (Double(entries[next]) - Double(entries[i]))) / 65535
        case let .parametric(type, p):
            guard let count = Self.parameterCount(type: type), p.count >= count else { return 0 }
            let g = p[0]
            switch type {
            case 0: y = Power.pow(x, g)
            case 1: y = x >= -p[2] / p[1] ? Power.pow(p[1] * x + p[2], g) : 0
            case 2: y = x >= -p[2] / p[1] ? Power.pow(p[1] * x + p[2], g) + p[3] : p[3]
            case 3: y = x >= p[4] ? Power.pow(p[1] * x + p[2], g) : p[3] * x
            default: y = x >= p[4] ? Power.pow(p[1] * x + p[2], g) + p[5] : p[3] * x + p[6]
            }
        }
        return y.isFinite ? min(max(y, 0), 2) : 0
    }

    /// How many parameters `para` function type `type` has (ICC.1:2010 Table 68), or nil.
    public static func parameterCount(type: Int) -> Int? {
        [0: 1, 1: 3, 2: 4, 3: 5, 4: 7][type]
    }
}

/// A matrix/TRC RGB profile and the tables that convert its colours to sRGB.
public final class MatrixProfile: Equatable, Sendable {
    /// The red, green and blue colorants (X, Y, Z each, D50 connection space).
    public let colorants: [[Double]]
    public let curves: [ToneCurve]
    /// D_c: linear light of each channel's 8-bit codes, 16 fraction bits.
    let decode: [[Int]]
    /// M, rows of 16.16 coefficients.
    let matrix: [(Int, Int, Int)]

    /// sRGB's colorants as the ICC's sRGB v4 profile stores them (D50 adapted): red, green, blue.
    public static let sRGBColorants: [[Double]] = [
        [0.436066, 0.222488, 0.013916], [0.385147, 0.716873, 0.097076], [0.143066, 0.060608, 0.714096]
    ]

    /// The profile of these colorants and curves (three of each), or nil when they are not three
    /// finite triples or make a conversion matrix with a value of 1,000 or more.
    public init?(colorants: [[Double]], curves: [ToneCurve]) {
        guard colorants.count == 3, colorants.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }),
            curves.count == 3, let inverse = Self.inverse(Self.columns(Self.sRGBColorants))
        else { return nil }
        let p = Self.columns(colorants)
        let m = (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0.0) { $0 + inverse[i][$1] * p[$1][j] } } }
        guard m.allSatisfy({ $0.allSatisfy { $0.isFinite && abs($0) < 1000 } }) else { return nil }
        self.colorants = colorants
        self.curves = curves
        let one = 65536.0
        decode = curves.map { curve in
            (0...255).map { Int((curve.value(Double($0) / 255) * one).rounded(.toNearestOrAwayFromZero)) }
        }
        matrix = m.map { coefficients in
            let q = coefficients.map { Int(($0 * one).rounded(.toNearestOrAwayFromZero)) }
            return (q[0], q[1], q[2])
        }
    }

    public static func == (a: MatrixProfile, b: MatrixProfile) -> Bool {
        a.colorants == b.colorants && a.curves == b.curves
    }

    /// Converts straight RGBA8 pixels (4 bytes each) from this profile to sRGB in place; alpha is kept.
    public func convertToSRGB(straightRGBA pixels: inout [UInt8]) {
        let encode = DisplayP3.Tables.shared.encode
        pixels.withUnsafeMutableBufferPointer { p in
            var index = 0
            while index + 3 < p.count {
                let l0 = decode[0][Int(p[index])], l1 = decode[1][Int(p[index + 1])], l2 = decode[2][Int(p[index + 2])]
                for row in 0..<3 {
                    let m = matrix[row]
                    let linear = min(max((m.0 * l0 + m.1 * l1 + m.2 * l2 + 0x8000) >> 16, 0), 0x10000)
                    p[index + row] = encode[linear]
                }
                index += 4
            }
        }
    }

    /// Rows as columns: colorant k (X, Y, Z) becomes column k.
    static func columns(_ colorants: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { k in colorants[k][i] } }
    }

    /// The inverse of a 3 × 3 matrix by cofactors, or nil when it is singular.
    static func inverse(_ a: [[Double]]) -> [[Double]]? {
        func c(_ i: Int, _ j: Int) -> Double {
            let r = [0, 1, 2].filter { $0 != i }, s = [0, 1, 2].filter { $0 != j }
            return a[r[0]][s[0]] * a[r[1]][s[1]] - a[r[0]][s[1]] * a[r[1]][s[0]]
        }
        let det = a[0][0] * c(0, 0) - a[0][1] * c(0, 1) + a[0][2] * c(0, 2)
        guard det.isFinite, abs(det) > 1e-9 else { return nil }
        return (0..<3).map { i in (0..<3).map { j in ((i + j) % 2 == 0 ? 1 : -1) * c(j, i) / det } }
    }
}
