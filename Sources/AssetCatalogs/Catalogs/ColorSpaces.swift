import Raster

// Colour spaces of asset catalog colours, converted to the 8-bit sRGB that ivsim draws in.
//
// Determinism: the conversions use binary64 +, −, ×, ÷ only. The power functions of the
// transfer curves (Raster's `Transfer` and `Power`) are computed from series in those operations
// rather than with the platform's `pow`, whose last bit differs between C libraries; a colour
// constant must come out the same on every machine (docs/ASSETS.md §Colours).

/// A colour space a `.colorset` may name, and its conversion to sRGB.
package enum CatalogColorSpace: String, CaseIterable {
    case srgb
    case extendedSRGB = "extended-srgb"
    case extendedLinearSRGB = "extended-linear-srgb"
    case displayP3 = "display-p3"
    case grayGamma22 = "gray-gamma-22"
    case extendedGray = "extended-gray"

    /// Whether the components are `white` and `alpha` rather than `red`, `green`, `blue`, `alpha`.
    package var isGray: Bool { self == .grayGamma22 || self == .extendedGray }

    /// Converts the components (0…1 nominal; extended spaces may exceed it) to sRGB-encoded
    /// values, each clamped to 0…1.
    package func toSRGB(_ c: [Double]) -> [Double] {
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        switch self {
        case .srgb, .extendedSRGB:
            return c.map(clamp)
        case .extendedLinearSRGB:
            return c.map { Transfer.encode(clamp($0)) }
        case .displayP3:
            // Both spaces use the sRGB curve; linear P3 → linear sRGB by DisplayP3.matrix.
            let l = c.map { Transfer.decode(clamp($0)) }, m = DisplayP3.matrix
            let converted = (0..<3).map { row in m[row][0] * l[0] + m[row][1] * l[1] + m[row][2] * l[2] }
            return converted.map { Transfer.encode(clamp($0)) }
        case .grayGamma22, .extendedGray:
            // Grey with a pure 2.2 power curve, shown as the sRGB grey of the same luminance.
            let w = Transfer.encode(Power.pow(clamp(c[0]), 2.2))
            return [w, w, w]
        }
    }
}
