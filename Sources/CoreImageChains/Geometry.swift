// Core Image's coordinate space (docs/COREIMAGE.md §Coordinates): origin at the bottom left, y up,
// one unit a pixel of the image being made. An image's extent is where it may be non-transparent:
// a rectangle, or the whole plane for generators. Pixels are evaluated at their centres, the
// point (x + ½, y + ½) of pixel (x, y), as a kernel's destCoord() gives them.

/// Where an image may have colour: a rectangle in Core Image's space, or the infinite plane.
public enum Extent: Equatable, Sendable {
    case infinite
    case rect(x: Double, y: Double, width: Double, height: Double)

    public static let empty = Extent.rect(x: 0, y: 0, width: 0, height: 0)

    public var isInfinite: Bool { self == .infinite }

    public var isEmpty: Bool {
        if case let .rect(_, _, w, h) = self { return !(w > 0 && h > 0) }
        return false
    }

    /// CGRect.intersection: the overlap, or empty.
    public func intersection(_ other: Extent) -> Extent {
        guard case let .rect(x0, y0, w0, h0) = self else { return other }
        guard case let .rect(x1, y1, w1, h1) = other else { return self }
        let left = max(x0, x1), bottom = max(y0, y1)
        let right = min(x0 + w0, x1 + w1), top = min(y0 + h0, y1 + h1)
        guard right > left, top > bottom else { return .empty }
        return .rect(x: left, y: bottom, width: right - left, height: top - bottom)
    }

    /// CGRect.union: the smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: Extent) -> Extent {
        if isEmpty { return other }
        if other.isEmpty { return self }
        guard case let .rect(x0, y0, w0, h0) = self, case let .rect(x1, y1, w1, h1) = other else { return .infinite }
        let left = min(x0, x1), bottom = min(y0, y1)
        return .rect(x: left, y: bottom, width: max(x0 + w0, x1 + w1) - left, height: max(y0 + h0, y1 + h1) - bottom)
    }

    /// Whether the point is inside: left and bottom edges included, right and top excluded.
    @inline(__always)
    func contains(_ px: Double, _ py: Double) -> Bool {
        guard case let .rect(x, y, w, h) = self else { return true }
        return px >= x && px < x + w && py >= y && py < y + h
    }
}

/// Whole pixels in Core Image's space: columns x ..< x + width, rows y ..< y + height.
public struct PixelRegion: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var count: Int { width * height }

    /// The region as an extent.
    public var extent: Extent { .rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// Whether the region's pixels all lie inside `extent` (pixel squares, not only centres).
    func isInside(_ extent: Extent) -> Bool {
        guard case let .rect(ex, ey, ew, eh) = extent else { return true }
        return Double(x) >= ex && Double(y) >= ey && Double(x + width) <= ex + ew && Double(y + height) <= ey + eh
    }
}

/// Working-space pixels over a region, stored as bitmaps store rows: the top row (highest y) first.
struct WorkingImage {
    let region: PixelRegion
    var pixels: [WorkingPixel]

    /// A transparent image over `region`.
    init(_ region: PixelRegion) {
        self.region = region
        pixels = [WorkingPixel](repeating: .zero, count: region.count)
    }

    /// Fills each pixel with `value(x, y)` of its centre in Core Image's space.
    @inline(__always)
    init(_ region: PixelRegion, _ value: (_ x: Float, _ y: Float) -> WorkingPixel) {
        self.region = region
        pixels = [WorkingPixel](unsafeUninitializedCapacity: region.count) { buffer, count in
            var i = 0
            for row in 0..<region.height {
                let y = Float(region.y + region.height - 1 - row) + 0.5
                for column in 0..<region.width {
                    buffer[i] = value(Float(region.x + column) + 0.5, y)
                    i += 1
                }
            }
            count = region.count
        }
    }

    /// The index of pixel (x, y) of Core Image's space, which must be inside the region.
    @inline(__always)
    func index(_ x: Int, _ y: Int) -> Int { Self.index(x, y, in: region) }

    /// The index of pixel (x, y) in an image over `region`.
    @inline(__always)
    static func index(_ x: Int, _ y: Int, in region: PixelRegion) -> Int {
        (region.y + region.height - 1 - y) * region.width + (x - region.x)
    }

    /// Clears every pixel whose centre lies outside `extent`.
    mutating func clear(outside extent: Extent) {
        guard !region.isInside(extent) else { return }
        var i = 0
        for row in 0..<region.height {
            let y = Double(region.y + region.height - 1 - row) + 0.5
            for column in 0..<region.width {
                if !extent.contains(Double(region.x + column) + 0.5, y) { pixels[i] = .zero }
                i += 1
            }
        }
    }
}
