import Raster

/// The view's layer properties that shape what it draws (CALayer): rounded corners and a border
/// (docs/LAYOUT.md §Layer corners and borders).
public struct LayerStyle: Equatable, Sendable {
    /// `layer.cornerRadius` in points: the background and border are drawn with these corners,
    /// and with `clipsToBounds` (masksToBounds) the content and subviews are clipped to them.
    public var cornerRadius: Double = 0
    /// `layer.maskedCorners`: the corners that are rounded (all by default).
    public var maskedCorners: RectCorners = .all
    /// `layer.cornerCurve`: quarter circles, or the continuous corner (docs/LAYOUT.md).
    public var cornerCurve: CornerCurve = .circular
    /// `layer.borderWidth` in points, drawn inside the bounds over the content and subviews.
    public var borderWidth: Double = 0
    /// `layer.borderColor`; nil is CALayer's default, opaque black.
    public var borderColor: Color?

    public init(
        cornerRadius: Double = 0, maskedCorners: RectCorners = .all, borderWidth: Double = 0, borderColor: Color? = nil
    ) {
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        self.borderWidth = borderWidth
        self.borderColor = borderColor
    }

    public static let plain = LayerStyle()
}

extension View {
    /// The layer's corners and border (held out of line: most views have none).
    public var layer: LayerStyle {
        get { layerStorage.first ?? .plain }
        set { layerStorage = newValue == .plain ? [] : [newValue] }
    }
}
