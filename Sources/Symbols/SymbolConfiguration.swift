// UIImage.SymbolConfiguration: a point size or a text style, a weight and a scale, each optional,
// combined as `applying(_:)` combines them (docs/SYMBOLS.md §Configuration).

/// A content size category (UIContentSizeCategory) in the order of Apple's Dynamic Type sizes
/// table: XS, S, M, L (the default), XL, XXL, XXXL, then the accessibility sizes AX1 … AX5.
public enum DynamicTypeSize: Int, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

/// UIFont.TextStyle, with its point size at each content size category.
public enum SymbolTextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The point size at the Large content size category, the default.
    public var pointSize: Double { pointSize(at: .large) }

    /// The point size at `size`: Apple's Dynamic Type sizes table (Human Interface Guidelines,
    /// Typography), equal to what `UIFont.preferredFont(forTextStyle:compatibleWith:)` gives on an
    /// iOS 13.3 simulator at every category (docs/SYMBOLS.md §Configuration).
    public func pointSize(at size: DynamicTypeSize) -> Double {
        let sizes: [Int] =
            switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
            }
        return Double(sizes[size.rawValue])
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

    /// Whether the size follows the content size category: a text style sets it, no point size.
    public var followsDynamicType: Bool { pointSize == nil && textStyle != nil }

    /// The point size, weight and scale this configuration draws with at the default content size
    /// category.
    public var resolved: (pointSize: Double, weight: SymbolWeight, scale: SymbolScale) { resolved(at: .large) }

    /// The point size, weight and scale this configuration draws with at `size`.
    public func resolved(at size: DynamicTypeSize) -> (pointSize: Double, weight: SymbolWeight, scale: SymbolScale) {
        (
            pointSize ?? textStyle?.pointSize(at: size) ?? Self.defaultPointSize,
            weight ?? textStyle?.weight ?? .regular,
            scale ?? .medium
        )
    }
}
