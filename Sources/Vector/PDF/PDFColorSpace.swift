import JPEGCodec
import Raster

// Colour spaces (ISO 32000-1 §8.6) as far as design tools' exports use them: DeviceGray,
// DeviceRGB, CalGray and CalRGB (read as their device spaces), ICCBased by its /N (1 gray, 3 RGB;
// a Display P3 profile, recognised by its colorants as in JPEG files, converts its colours to sRGB
// by docs/RENDERING.md §9's rule; any other matrix/TRC RGB profile through its curves and colorants
// (MatrixProfile); a profile of another kind is taken as sRGB), Indexed over one of these,
// and Pattern. Components become 8-bit values by round(clamp(c, 0, 1) × 255).
// CMYK (DeviceCMYK, and ICCBased with /N 4, its profile not read) converts by ISO 32000-1
// §10.3.5: red = 1 − min(1, cyan + black), and so on — an approximation of what a device profile
// gives (docs/PDF.md §Colour). Lab, Separation and DeviceN are refused: their conversion needs a
// profile or a tint function ivsim does not model.

indirect enum PDFColorSpace: Equatable {
    case gray
    case rgb
    /// DeviceCMYK (and ICC-based CMYK), converted by §10.3.5's formula.
    case cmyk
    /// RGB components in Display P3 (an ICC profile with P3's colorants).
    case displayP3
    /// RGB components in another matrix/TRC ICC profile's space.
    case profiled(MatrixProfile)
    /// base, highest index, lookup table (hival + 1 entries of the base's components).
    case indexed(PDFColorSpace, Int, [UInt8])
    /// A pattern colour space (its underlying space is not needed: only shading patterns are read).
    case pattern

    var components: Int {
        switch self {
        case .gray: 1
        case .rgb, .displayP3, .profiled: 3
        case .cmyk: 4
        case .indexed, .pattern: 1
        }
    }

    /// The initial colour (§8.6.5): black (in CMYK, full black), index 0.
    var initial: [Double] {
        switch self {
        case .cmyk: [0, 0, 0, 1]
        default: components == 3 ? [0, 0, 0] : [0]
        }
    }

    static func byte(_ v: Double) -> UInt8 {
        guard v.isFinite else { return 0 }
        return UInt8((min(max(v, 0), 1) * 255).rounded(.toNearestOrEven))
    }

    /// Components to 8-bit RGB.
    func rgb(_ c: [Double]) -> (UInt8, UInt8, UInt8) {
        switch self {
        case .gray:
            let g = Self.byte(c.first ?? 0)
            return (g, g, g)
        case .rgb:
            return (
                Self.byte(c.count > 0 ? c[0] : 0), Self.byte(c.count > 1 ? c[1] : 0), Self.byte(c.count > 2 ? c[2] : 0)
            )
        case .cmyk:
            // §10.3.5: each of red, green, blue is 1 − min(1, its opposite ink + black).
            func value(_ i: Int) -> Double { i < c.count && c[i].isFinite ? c[i] : 0 }
            let k = value(3)
            return (
                Self.byte(1 - min(1, value(0) + k)), Self.byte(1 - min(1, value(1) + k)),
                Self.byte(1 - min(1, value(2) + k))
            )
        case .displayP3, .profiled:
            let (r, g, b) = PDFColorSpace.rgb.rgb(c)
            var pixel = [r, g, b, 255]
            convertToSRGB(straightRGBA: &pixel)
            return (pixel[0], pixel[1], pixel[2])
        case let .indexed(base, hival, table):
            let v = c.first ?? 0
            let i = Int(min(max(v.isFinite ? v.rounded() : 0, 0), Double(hival)))
            let n = base.components
            let entry = (0..<n).map { k in i * n + k < table.count ? Double(table[i * n + k]) / 255 : 0 }
            return base.rgb(entry)
        case .pattern:
            return (0, 0, 0)
        }
    }

    /// Whether RGB components of this space are converted to sRGB (Display P3 or another profile).
    var isProfiledRGB: Bool {
        switch self {
        case .displayP3, .profiled: true
        default: false
        }
    }

    /// Converts straight RGBA8 pixels of this space to sRGB (nothing to do unless `isProfiledRGB`).
    func convertToSRGB(straightRGBA pixels: inout [UInt8]) {
        switch self {
        case .displayP3: ProfileConversion.displayP3.convertToSRGB(straightRGBA: &pixels)
        case let .profiled(profile): ProfileConversion.matrix(profile).convertToSRGB(straightRGBA: &pixels)
        default: break
        }
    }

    /// Reads a colour space object: a name (device spaces resolved through the resources'
    /// /ColorSpace dictionary by the caller) or an array.
    static func read(
        _ object: PDFObject, file: PDFFile, depth: Int = 0,
        named: (String) throws(PDFError) -> PDFObject?
    ) throws(PDFError) -> PDFColorSpace {
        guard depth < 4 else { throw PDFError("colour spaces defined through one another more than 4 deep") }
        let object = try file.resolve(object)
        switch object {
        case let .name(name):
            switch name {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "Pattern": return .pattern
            case "DeviceCMYK", "CMYK": return .cmyk
            default:
                guard let defined = try named(name) else {
                    throw PDFError("the colour space /\(name) is not in the resources")
                }
                return try read(defined, file: file, depth: depth + 1) { (_: String) throws(PDFError) -> PDFObject? in
                    nil
                }
            }
        case let .array(items):
            guard let first = items.first, let family = try file.resolve(first).name else {
                throw PDFError("a colour space array does not start with a name")
            }
            switch family {
            case "CalGray": return .gray
            case "CalRGB": return .rgb
            case "Pattern": return .pattern
            case "ICCBased":
                guard items.count > 1, case let .stream(profile) = try file.resolve(items[1]) else {
                    throw PDFError("an ICCBased colour space has no profile stream")
                }
                let n = try file.value(profile.dictionary, "N")?.integer
                switch n {
                case 1: return .gray
                case 3: return try file.rgbSpace(ofProfile: profile)
                case 4: return .cmyk  // the profile is not read: §10.3.5's conversion
                default:
                    if let alternate = try file.value(profile.dictionary, "Alternate"), n == nil {
                        return try read(alternate, file: file, depth: depth + 1, named: named)
                    }
                    throw PDFError(
                        "an ICCBased colour space with /N \(n.map(String.init) ?? "missing") is not read (only gray, RGB and CMYK profiles)"
                    )
                }
            case "Indexed", "I":
                guard items.count == 4 else {
                    throw PDFError("an Indexed colour space needs [/Indexed base hival lookup]")
                }
                let base = try read(items[1], file: file, depth: depth + 1, named: named)
                if base == .pattern || ![1, 3, 4].contains(base.components)
                    || { if case .indexed = base { true } else { false } }()
                {
                    throw PDFError("an Indexed colour space must be over a gray, RGB or CMYK space")
                }
                guard let hival = try file.resolve(items[2]).integer, (0...255).contains(hival) else {
                    throw PDFError("an Indexed colour space's hival must be 0 to 255")
                }
                let table: [UInt8]
                switch try file.resolve(items[3]) {
                case let .string(bytes): table = bytes
                case let .stream(stream): table = try file.decode(stream).bytes
                default: throw PDFError("an Indexed colour space's lookup is neither a string nor a stream")
                }
                // A Display P3 or other profiled palette is converted once, entry by entry.
                if base.isProfiledRGB {
                    var rgba: [UInt8] = []
                    for i in 0...hival {
                        rgba += (0..<3).map { k in 3 * i + k < table.count ? table[3 * i + k] : 0 } + [255]
                    }
                    base.convertToSRGB(straightRGBA: &rgba)
                    let converted = stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<($0 + 3)] }
                    return .indexed(.rgb, hival, converted)
                }
                return .indexed(base, hival, table)
            default:
                throw PDFError(
                    "the colour space \(family) is not read (ivsim reads gray, RGB, CMYK, ICC-based gray, RGB and CMYK, and indexed colours)"
                )
            }
        default:
            throw PDFError("a colour space is \(object.kind)")
        }
    }
}
