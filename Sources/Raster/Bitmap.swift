/// A premultiplied RGBA8 image: `pixels` packed r | g << 8 | b << 16 | a << 24, row-major.
public struct Bitmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    /// A transparent bitmap.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "bitmap size must not be negative")
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
    }

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "bitmap needs width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Whether every pixel's alpha is 255.
    public var everyPixelOpaque: Bool {
        pixels.reduce(UInt32(0xFF00_0000)) { $0 & $1 } == 0xFF00_0000
    }

    /// Premultiplies straight RGBA8 bytes (4 per pixel).
    public init(width: Int, height: Int, straightRGBA bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "bitmap needs width × height × 4 bytes")
        self.width = width
        self.height = height
        pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            for i in 0..<(width * height) {
                buffer[i] =
                    PremultipliedColor(
                        straightR: bytes[i * 4], g: bytes[i * 4 + 1],
                        b: bytes[i * 4 + 2], a: bytes[i * 4 + 3]
                    ).packed
            }
            count = width * height
        }
    }

    /// The straight RGBA8 bytes (4 per pixel), un-premultiplied as `PremultipliedColor.straight`.
    public var straightRGBA: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let p = pixels[i]
            let a = UInt8(p >> 24)
            if a == 255 {
                bytes[i * 4] = UInt8(p & 0xFF)
                bytes[i * 4 + 1] = UInt8((p >> 8) & 0xFF)
                bytes[i * 4 + 2] = UInt8((p >> 16) & 0xFF)
                bytes[i * 4 + 3] = 255
            } else if a != 0 {
                let s = PremultipliedColor(packed: p).straight
                bytes[i * 4] = s.r
                bytes[i * 4 + 1] = s.g
                bytes[i * 4 + 2] = s.b
                bytes[i * 4 + 3] = s.a
            }
        }
        return bytes
    }

    public subscript(x: Int, y: Int) -> PremultipliedColor {
        get { PremultipliedColor(packed: pixels[y * width + x]) }
        set { pixels[y * width + x] = newValue.packed }
    }
}

extension Bitmap {
    /// The pixels of the given column spans and row spans, each list joined in order: an asset
    /// catalog's slicing keeps the caps and the centre and drops what lies between them.
    public func keeping(columns: [Range<Int>], rows: [Range<Int>]) -> Bitmap {
        let xs = columns.flatMap { Array($0) }
        var result: [UInt32] = []
        result.reserveCapacity(xs.count * rows.reduce(0) { $0 + $1.count })
        for range in rows {
            for y in range {
                let row = y * width
                for x in xs { result.append(pixels[row + x]) }
            }
        }
        return Bitmap(width: xs.count, height: rows.reduce(0) { $0 + $1.count }, pixels: result)
    }
}
