import JPEGCodec
import Raster

/// How ivsim shows pixels an embedded ICC profile describes, chosen in one place for image files
/// (in catalogs, bundles and scenarios) and PDF `ICCBased` spaces: a Display P3 profile is
/// converted to sRGB by DisplayP3 (docs/RENDERING.md §9), another matrix/TRC RGB profile by
/// MatrixProfile (§9.1); an sRGB profile needs nothing, and any other profile (grey, LUT-based,
/// unreadable) leaves the samples as they are, taken as sRGB, for the reader to warn about. (A
/// PDF's DCTDecode image without a /ColorSpace converts from its own profile only when it is
/// Display P3: docs/PDF.md §Images.)
public enum ProfileConversion: Sendable {
    case none
    case displayP3
    case matrix(MatrixProfile)

    /// The conversion for `profile`, whose kind ICCProfileKind has read as `kind`.
    public init(kind: ICCProfileKind, profile: [UInt8]) {
        switch kind {
        case .displayP3: self = .displayP3
        case .sRGB: self = .none
        case .gray, .other: self = MatrixProfile(iccProfile: profile).map { .matrix($0) } ?? .none
        }
    }

    /// The conversion for the ICC profile `profile`.
    public init(profile: [UInt8]) {
        self.init(kind: ICCProfileKind(profile: profile), profile: profile)
    }

    /// Converts straight RGBA8 pixels to sRGB (alpha kept); nothing for `.none`.
    public func convertToSRGB(straightRGBA pixels: inout [UInt8]) {
        switch self {
        case .none: break
        case .displayP3: DisplayP3.convertToSRGB(straightRGBA: &pixels)
        case let .matrix(profile): profile.convertToSRGB(straightRGBA: &pixels)
        }
    }
}
