/// What a symbol image was made from and its baseline (docs/SYMBOLS.md), for layout reports. The
/// glyph itself is drawn into the image's pixels by the scenario reader.
public struct SymbolDescription: Sendable, Equatable {
    /// The symbol's name (`systemName` or the symbol set's).
    public var name: String
    public var pointSize: Double
    /// UIImage.SymbolWeight and UIImage.SymbolScale names ("bold", "large").
    public var weight: String
    public var scale: String
    /// UIImage.baselineOffsetFromBottom, in points.
    public var baselineOffsetFromBottom: Double
    /// The pixels carry the symbol's own colours (a palette): never drawn as a template.
    public var ownColors: Bool
    /// The image's tint colour is its hierarchical colour, which no view tint replaces.
    public var hierarchical: Bool
    /// Drawn in the template's multicolor layers' own colours, its tint layers in the tint.
    public var multicolor: Bool

    public init(
        name: String, pointSize: Double, weight: String, scale: String, baselineOffsetFromBottom: Double,
        ownColors: Bool = false, hierarchical: Bool = false, multicolor: Bool = false
    ) {
        self.hierarchical = hierarchical
        self.multicolor = multicolor
        self.name = name
        self.pointSize = pointSize
        self.weight = weight
        self.scale = scale
        self.baselineOffsetFromBottom = baselineOffsetFromBottom
        self.ownColors = ownColors
    }
}
