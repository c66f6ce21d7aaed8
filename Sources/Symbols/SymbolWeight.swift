// The nine weights and three scales of UIImage.SymbolConfiguration, and the interpolation
// scalars that make each weight at each scale from a template's three Small masters
// (docs/SYMBOLS.md §Weights and scales).

/// UIImage.SymbolWeight, in UIKit's order.
public enum SymbolWeight: String, CaseIterable, Sendable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// How a template names the weight in its variant ids ("Ultralight-S").
    public var templateName: String {
        switch self {
        case .ultraLight: "Ultralight"
        case .semibold: "Semibold"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// Its place from ultraLight (0) to black (8).
    public var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (a: SymbolWeight, b: SymbolWeight) -> Bool { a.index < b.index }
}

/// UIImage.SymbolScale (`default` and `unspecified` resolve to `medium` before a glyph is made).
public enum SymbolScale: String, CaseIterable, Sendable {
    case small, medium, large

    /// The letter a template's variant ids use ("Regular-M").
    public var templateLetter: String {
        switch self {
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        }
    }

    /// How much larger than Small the glyph is drawn: 1, 1.276, 1.647 (measured on the SF Symbols
    /// app's static exports, docs/SYMBOLS.md §Weights and scales).
    public var factor: Double {
        switch self {
        case .small: 1
        case .medium: 1.276
        case .large: 1.647
        }
    }
}

/// How far a weight at a scale moves from the Regular-S master towards the Ultralight-S master
/// (`ultralight`) and towards the Black-S master (`black`): every point is
/// R + ultralight·(U − R) + black·(B − R), before the scale's enlargement.
public struct InterpolationScalars: Equatable, Sendable {
    public var ultralight: Double
    public var black: Double

    public init(_ ultralight: Double, _ black: Double) {
        self.ultralight = ultralight
        self.black = black
    }

    /// R + ultralight·(U − R) + black·(B − R) for one coordinate of the three masters.
    func mix(regular r: Double, ultralight u: Double, black b: Double) -> Double {
        r + ultralight * (u - r) + black * (b - r)
    }

    /// The scalars of `weight` at `scale`. Small: the weights' own positions between the masters;
    /// Medium and Large: moved towards Ultralight, so that a glyph drawn larger keeps its stroke
    /// weight. Measured to ±0.0005 on every static export of SF Symbols 2–4 in docs/SYMBOLS.md's
    /// list; these nine-digit values agree with that measurement (docs/SYMBOLS.md §Weights and scales).
    public static func of(_ weight: SymbolWeight, _ scale: SymbolScale) -> InterpolationScalars {
        let row: [InterpolationScalars]
        switch scale {
        case .small:
            row = [
                .init(1, 0), .init(0.774_193_548, 0), .init(0.333_333_333, 0), .init(0, 0), .init(0, 0.18),
                .init(0, 0.318), .init(0, 0.5), .init(0, 0.763_978_947), .init(0, 1)
            ]
        case .medium:
            row = [
                .init(1.068_014_37, 0), .init(0.867_967_77, 0), .init(0.477_400_592, 0), .init(0.182_093_7, 0),
                .init(0.148_437_509, 0.164_952_978), .init(0.122_634_428, 0.291_416_928),
                .init(0.088_604_278_7, 0.458_202_717), .init(0.039_241_864_1, 0.700_133_751),
                .init(-0.004_885_142_96, 0.916_405_434)
            ]
        case .large:
            row = [
                .init(1.135_346_6, 0), .init(0.962_479_273, 0), .init(0.624_976_402, 0), .init(0.369_791_304, 0),
                .init(0.300_349_522, 0.130_728_598), .init(0.247_110_822, 0.230_953_856),
                .init(0.176_897_463, 0.363_134_994), .init(0.075_049_515_4, 0.554_870_272),
                .init(-0.015_996_377_5, 0.726_269_989)
            ]
        }
        return row[weight.index]
    }
}
