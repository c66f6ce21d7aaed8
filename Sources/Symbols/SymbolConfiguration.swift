// UIImage.SymbolConfiguration: a point size or a text style, a weight and a scale, each optional,
// combined as `applying(_:)` combines them (docs/SYMBOLS.md §Configuration).

/// UIFont.TextStyle, with its size at the default content size category (Large).
public enum SymbolTextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The point size at the Large content size category (Apple's Dynamic Type sizes table,
    /// docs/SYMBOLS.md §Configuration).
    public var pointSize: Double {
        switch self {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    /// The weight of the style's font (headline is semibold; the others regular).
    public var weight: SymbolWeight { self == .headline ? .semibold : .regular }
}

/// A symbol configuration: what is not set is taken from the configuration it is applied to,
/// and in the end from the defaults (17 points, regular, medium).
public struct SymbolConfiguration: Equatable, Sendable {
    public var pointSize: Double?
    public var textStyle: SymbolTextStyle?
    public var weight: SymbolWeight?
    public var scale: SymbolScale?

    public init(
        pointSize: Double? = nil, textStyle: SymbolTextStyle? = nil, weight: SymbolWeight? = nil,
        scale: SymbolScale? = nil
    ) {
        self.pointSize = pointSize
        self.textStyle = textStyle
        self.weight = weight
        self.scale = scale
    }

    /// The default when nothing is configured: the body style's 17 points, regular, medium.
    public static let defaultPointSize = 17.0
    /// The point sizes a scenario may ask for (a symbol at 1,000 points is 3,000 pixels tall at 3x).
    public static let pointSizes: ClosedRange<Double> = 0.5...1_000

    /// `applying(_:)`: the values `other` sets replace these; a point size and a text style replace
    /// each other (the one set last decides the size).
    public func applying(_ other: SymbolConfiguration) -> SymbolConfiguration {
        var result = self
        if other.pointSize != nil || other.textStyle != nil {
            result.pointSize = other.pointSize
            result.textStyle = other.textStyle
        }
        if let weight = other.weight { result.weight = weight }
        if let scale = other.scale { result.scale = scale }
        return result
    }

    /// The point size, weight and scale this configuration draws with.
    public var resolved: (pointSize: Double, weight: SymbolWeight, scale: SymbolScale) {
        (
            pointSize ?? textStyle?.pointSize ?? Self.defaultPointSize,
            weight ?? textStyle?.weight ?? .regular,
            scale ?? .medium
        )
    }
}
