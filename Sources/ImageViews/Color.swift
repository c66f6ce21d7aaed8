import Raster

// Colours: straight 8-bit sRGB with alpha, optionally different in light and dark appearance
// (UIKit's dynamic colours). The system colours are the iOS 15–18 values (iOS 26 changed
// several); see docs/SCENARIOS.md for the table and the evidence.

/// A straight (not premultiplied) sRGB colour, 8 bits per channel.
public struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public var premultiplied: PremultipliedColor { PremultipliedColor(straightR: r, g: g, b: b, a: a) }

    /// "#RRGGBBAA".
    public var description: String {
        "#" + [r, g, b, a].map { v in
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }
}

/// A colour that may depend on the traits: on the user interface style (a system colour, a
/// light/dark pair) or, for a named colour from an asset catalog, on any trait its variants set.
public struct Color: Equatable, Hashable, Sendable {
    public var light: RGBA
    public var dark: RGBA
    /// The system colour this is, if any (for reports).
    public var systemName: String?
    /// A named colour's variants (UIColor(named:)): the traits pick one (docs/ASSETS.md
    /// §Matching); `light` and `dark` are then unused. Empty for other colours.
    public var variants: [AssetVariant<Color>] = []

    public init(_ rgba: RGBA) {
        light = rgba
        dark = rgba
    }

    public init(light: RGBA, dark: RGBA, systemName: String? = nil) {
        self.light = light
        self.dark = dark
        self.systemName = systemName
    }

    /// The colour in `traits`.
    public func resolved(_ traits: Traits) -> RGBA {
        if let index = variants.bestMatch(for: traits) { return variants[index].value.resolved(traits) }
        return traits.userInterfaceStyle == .dark ? dark : light
    }

    /// Whether the colour is the same in every trait collection.
    public var isFixed: Bool {
        variants.isEmpty ? light == dark : variants.allSatisfy { $0.value.isFixed && $0.value.light == variants[0].value.light }
    }

    public static let systemBlue = system("systemBlue")!

    /// A UIKit system colour by name (`systemBlue`, `label`, `white`, …).
    public static func system(_ name: String) -> Color? {
        guard let (light, dark) = systemColors.first(where: { $0.name == name }).map({ ($0.light, $0.dark) }) else {
            return nil
        }
        return Color(light: light, dark: dark, systemName: name)
    }

    /// Names of the system colours, in documentation order.
    public static var systemColorNames: [String] { systemColors.map(\.name) }

    private static func rgb(_ v: UInt32, _ a: UInt8 = 255) -> RGBA {
        RGBA(r: UInt8(v >> 16), g: UInt8((v >> 8) & 0xFF), b: UInt8(v & 0xFF), a: a)
    }

    private static let systemColors: [(name: String, light: RGBA, dark: RGBA)] = [
        ("systemRed", rgb(0xFF3B30), rgb(0xFF453A)),
        ("systemOrange", rgb(0xFF9500), rgb(0xFF9F0A)),
        ("systemYellow", rgb(0xFFCC00), rgb(0xFFD60A)),
        ("systemGreen", rgb(0x34C759), rgb(0x30D158)),
        ("systemTeal", rgb(0x30B0C7), rgb(0x40C8E0)),
        ("systemCyan", rgb(0x32ADE6), rgb(0x64D2FF)),
        ("systemBlue", rgb(0x007AFF), rgb(0x0A84FF)),
        ("systemIndigo", rgb(0x5856D6), rgb(0x5E5CE6)),
        ("systemPurple", rgb(0xAF52DE), rgb(0xBF5AF2)),
        ("systemPink", rgb(0xFF2D55), rgb(0xFF375F)),
        ("systemBrown", rgb(0xA2845E), rgb(0xAC8E68)),
        ("systemGray", rgb(0x8E8E93), rgb(0x8E8E93)),
        ("systemGray2", rgb(0xAEAEB2), rgb(0x636366)),
        ("systemGray3", rgb(0xC7C7CC), rgb(0x48484A)),
        ("systemGray4", rgb(0xD1D1D6), rgb(0x3A3A3C)),
        ("systemGray5", rgb(0xE5E5EA), rgb(0x2C2C2E)),
        ("systemGray6", rgb(0xF2F2F7), rgb(0x1C1C1E)),
        ("label", rgb(0x000000), rgb(0xFFFFFF)),
        ("secondaryLabel", rgb(0x3C3C43, 153), rgb(0xEBEBF5, 153)),
        ("systemBackground", rgb(0xFFFFFF), rgb(0x000000)),
        ("secondarySystemBackground", rgb(0xF2F2F7), rgb(0x1C1C1E)),
        ("tertiarySystemBackground", rgb(0xFFFFFF), rgb(0x2C2C2E)),
        ("systemGroupedBackground", rgb(0xF2F2F7), rgb(0x000000)),
        ("separator", rgb(0x3C3C43, 74), rgb(0x545458, 153)),
        ("black", rgb(0x000000), rgb(0x000000)),
        ("white", rgb(0xFFFFFF), rgb(0xFFFFFF)),
        ("gray", rgb(0x808080), rgb(0x808080)),
        ("red", rgb(0xFF0000), rgb(0xFF0000)),
        ("green", rgb(0x00FF00), rgb(0x00FF00)),
        ("blue", rgb(0x0000FF), rgb(0x0000FF)),
        ("clear", RGBA(r: 0, g: 0, b: 0, a: 0), RGBA(r: 0, g: 0, b: 0, a: 0)),
    ]
}
