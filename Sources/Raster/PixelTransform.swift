// The eight exact rearrangements of a pixel grid (rotations by quarter turns and mirrorings).
// Images with an orientation are drawn by transforming their pixels once, which is exact (a
// permutation of pixels), rather than by resampling through a rotated mapping.

/// How a displayed image is made from stored pixels of size w × h.
public enum PixelTransform: Sendable, Hashable, CaseIterable {
    case identity
    case rotate180
    /// Quarter turn counter-clockwise: stored top row → displayed left column.
    case rotateCounterClockwise
    /// Quarter turn clockwise: stored top row → displayed right column.
    case rotateClockwise
    case flipHorizontal
    case flipVertical
    /// Mirror across the main diagonal: displayed (x, y) = stored (y, x).
    case transpose
    /// Mirror across the anti-diagonal: displayed (x, y) = stored (w − 1 − y, h − 1 − x).
    case transverse

    /// True when the displayed size is the stored size with width and height swapped.
    public var swapsAxes: Bool {
        switch self {
        case .rotateCounterClockwise, .rotateClockwise, .transpose, .transverse: true
        default: false
        }
    }

    /// This transform followed by a horizontal flip of the result.
    public var thenFlippedHorizontally: PixelTransform {
        switch self {
        case .identity: .flipHorizontal
        case .flipHorizontal: .identity
        case .rotate180: .flipVertical
        case .flipVertical: .rotate180
        case .rotateCounterClockwise: .transverse
        case .transverse: .rotateCounterClockwise
        case .rotateClockwise: .transpose
        case .transpose: .rotateClockwise
        }
    }

    /// The stored pixel shown at displayed (x, y), for stored size w × h.
    @inline(__always)
    func source(x: Int, y: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch self {
        case .identity: (x, y)
        case .rotate180: (w - 1 - x, h - 1 - y)
        case .rotateCounterClockwise: (w - 1 - y, x)
        case .rotateClockwise: (y, h - 1 - x)
        case .flipHorizontal: (w - 1 - x, y)
        case .flipVertical: (x, h - 1 - y)
        case .transpose: (y, x)
        case .transverse: (w - 1 - y, h - 1 - x)
        }
    }
}

extension Bitmap {
    /// The displayed pixels of this bitmap under `transform`.
    public func transformed(_ transform: PixelTransform) -> Bitmap {
        if transform == .identity { return self }
        let (w, h) = (width, height)
        let (dw, dh) = transform.swapsAxes ? (h, w) : (w, h)
        var out = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<dh {
                    for x in 0..<dw {
                        let s = transform.source(x: x, y: y, w: w, h: h)
                        target[y * dw + x] = source[s.y * w + s.x]
                    }
                }
            }
        }
        return Bitmap(width: dw, height: dh, pixels: out)
    }
}
