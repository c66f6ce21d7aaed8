import Raster

/// UIImage.Orientation, with UIKit's raw values: how the stored pixels are turned for display.
public enum ImageOrientation: Int, UIKitNamed, Sendable {
    case up = 0
    case down = 1
    /// Displayed = stored turned a quarter counter-clockwise.
    case left = 2
    /// Displayed = stored turned a quarter clockwise.
    case right = 3
    case upMirrored = 4
    case downMirrored = 5
    case leftMirrored = 6
    case rightMirrored = 7

    public var name: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .upMirrored: "upMirrored"
        case .downMirrored: "downMirrored"
        case .leftMirrored: "leftMirrored"
        case .rightMirrored: "rightMirrored"
        }
    }

    /// The pixel rearrangement that displays the stored pixels (Apple's UIImage.Orientation
    /// documentation: e.g. leftMirrored is presented by turning the stored pixels a quarter
    /// clockwise and then flipping them horizontally).
    public var transform: PixelTransform {
        switch self {
        case .up: .identity
        case .down: .rotate180
        case .left: .rotateCounterClockwise
        case .right: .rotateClockwise
        case .upMirrored: .flipHorizontal
        case .downMirrored: .flipVertical
        case .leftMirrored: .transpose
        case .rightMirrored: .transverse
        }
    }

    /// UIImage.withHorizontallyFlippedOrientation(): up ↔ upMirrored, down ↔ downMirrored,
    /// left ↔ leftMirrored, right ↔ rightMirrored (Apple's documented pairs; for left and right
    /// the mirror is across the stored image's axis, which shows on screen as a vertical flip).
    public var horizontallyFlipped: ImageOrientation {
        switch self {
        case .up: .upMirrored
        case .upMirrored: .up
        case .down: .downMirrored
        case .downMirrored: .down
        case .left: .leftMirrored
        case .leftMirrored: .left
        case .right: .rightMirrored
        case .rightMirrored: .right
        }
    }
}
