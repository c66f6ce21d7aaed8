// UIView.ContentMode and where each mode puts an image of size s (points) in bounds B.
// No rounding (a 15 pt image centred in 20 pt sits at 2.5 pt); see docs/LAYOUT.md.

/// UIView.ContentMode, with UIKit's raw values.
public enum ContentMode: Int, UIKitNamed, Sendable {
    case scaleToFill = 0
    case scaleAspectFit = 1
    case scaleAspectFill = 2
    case redraw = 3
    case center = 4
    case top = 5
    case bottom = 6
    case left = 7
    case right = 8
    case topLeft = 9
    case topRight = 10
    case bottomLeft = 11
    case bottomRight = 12

    public var name: String {
        switch self {
        case .scaleToFill: "scaleToFill"
        case .scaleAspectFit: "scaleAspectFit"
        case .scaleAspectFill: "scaleAspectFill"
        case .redraw: "redraw"
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }

    /// True for the modes that scale the image to the bounds (scaleToFill, redraw, aspect fit
    /// and fill); the others draw it at its natural size.
    public var scalesImage: Bool {
        switch self {
        case .scaleToFill, .redraw, .scaleAspectFit, .scaleAspectFill: true
        default: false
        }
    }

    /// Where an image of `size` is drawn inside `bounds`, or nil when either is empty (nothing
    /// is drawn). Content modes are physical: right-to-left layout does not mirror them.
    public func imageRect(for size: Size, in bounds: Rect) -> Rect? {
        guard size.width > 0, size.height > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let b = bounds
        switch self {
        case .scaleToFill, .redraw:
            return b
        case .scaleAspectFit, .scaleAspectFill:
            let fx = b.width / size.width
            let fy = b.height / size.height
            let f = self == .scaleAspectFit ? min(fx, fy) : max(fx, fy)
            let w = size.width * f
            let h = size.height * f
            return Rect(x: b.minX + (b.width - w) / 2, y: b.minY + (b.height - h) / 2, width: w, height: h)
        default:
            let left = b.minX
            let centerX = b.minX + (b.width - size.width) / 2
            let right = b.maxX - size.width
            let top = b.minY
            let centerY = b.minY + (b.height - size.height) / 2
            let bottom = b.maxY - size.height
            let (x, y): (Double, Double)
            switch self {
            case .center: (x, y) = (centerX, centerY)
            case .top: (x, y) = (centerX, top)
            case .bottom: (x, y) = (centerX, bottom)
            case .left: (x, y) = (left, centerY)
            case .right: (x, y) = (right, centerY)
            case .topLeft: (x, y) = (left, top)
            case .topRight: (x, y) = (right, top)
            case .bottomLeft: (x, y) = (left, bottom)
            default: (x, y) = (right, bottom)
            }
            return Rect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}
