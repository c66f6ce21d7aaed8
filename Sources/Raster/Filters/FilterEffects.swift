// Filter effects on premultiplied pixels (docs/RENDERING.md §11.14; SVG's filter primitives, Filter
// Effects Module Level 1, https://www.w3.org/TR/filter-effects-1/), each an integer operation over
// a box of device pixels: flood, colour matrix, offset, Gaussian blur (three box blurs), composite
// and blend. Every image of one filter covers the same box (the filter region in pixels);
// outside it is transparent.

/// Premultiplied RGBA8 pixels over `box` (device pixels), row by row.
public struct FilterImage: Equatable, Sendable {
    public let box: PixelRect
    public var pixels: [UInt32]

    public init(box: PixelRect, pixels: [UInt32]) {
        self.box = box
        self.pixels = pixels
    }

    /// A transparent image over `box`.
    public init(transparent box: PixelRect) {
        self.init(box: box, pixels: [UInt32](repeating: 0, count: box.area))
    }

    /// `bitmap`'s pixels inside `box` (which lies inside the bitmap).
    public init(_ bitmap: Bitmap, box: PixelRect) {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(box.area)
        for y in box.y..<(box.y + box.height) {
            let row = y * bitmap.width
            pixels += bitmap.pixels[(row + box.x)..<(row + box.x + box.width)]
        }
        self.init(box: box, pixels: pixels)
    }

    /// The image's alpha alone (SourceAlpha): colours 0.
    public var alphaOnly: FilterImage {
        FilterImage(box: box, pixels: pixels.map { $0 & 0xFF00_0000 })
    }

    /// Every pixel the colour (premultiplied): feFlood.
    public static func flood(_ color: PremultipliedColor, box: PixelRect) -> FilterImage {
        FilterImage(box: box, pixels: [UInt32](repeating: color.packed, count: box.area))
    }

    /// feOffset by whole pixels: the pixel at (x, y) comes from (x − dx, y − dy), transparent
    /// beyond the box.
    public func offset(dx: Int, dy: Int) -> FilterImage {
        var out = FilterImage(transparent: box)
        let (w, h) = (box.width, box.height)
        for y in 0..<h where (0..<h).contains(y - dy) {
            for x in 0..<w where (0..<w).contains(x - dx) {
                out.pixels[y * w + x] = pixels[(y - dy) * w + x - dx]
            }
        }
        return out
    }

    /// feColorMatrix: `matrix` (20 numbers, rows for r, g, b, a; the fifth column an offset in
    /// 0…1) on the unpremultiplied values in 0…255, each coefficient first rounded to 1/65536:
    /// value' = clamp(⌊(Σ mᵢⱼ·vⱼ + m₄·255 + 2^15) / 2^16⌋, 0, 255) with mᵢⱼ, m₄ in 16.16; then
    /// premultiplied again by ⌊(c·a + 127) / 255⌋. Unpremultiplying takes ⌊(c·255 + a/2) / a⌋
    /// (0 where a = 0).
    public func colorMatrix(_ matrix: [Double]) -> FilterImage {
        precondition(matrix.count == 20)
        let m = matrix.map { v -> Int64 in Int64((min(max(v, -65536), 65536) * 65536).rounded(.toNearestOrEven)) }
        var out = self
        for i in pixels.indices {
            let p = pixels[i]
            let a = Int64(p >> 24)
            func straight(_ c: Int64) -> Int64 { a == 0 ? 0 : min(255, (c * 255 + a / 2) / a) }
            let v = [straight(Int64(p & 0xFF)), straight(Int64(p >> 8 & 0xFF)), straight(Int64(p >> 16 & 0xFF)), a]
            var result = [Int64](repeating: 0, count: 4)
            for row in 0..<4 {
                var sum = m[5 * row + 4] * 255 + 32768
                for column in 0..<4 { sum += m[5 * row + column] * v[column] }
                result[row] = min(max(sum >> 16, 0), 255)
            }
            let alpha = result[3]
            func premultiplied(_ c: Int64) -> UInt32 { UInt32((c * alpha + 127) / 255) }
            out.pixels[i] =
                premultiplied(result[0]) | premultiplied(result[1]) << 8 | premultiplied(result[2]) << 16
                | UInt32(alpha) << 24
        }
        return out
    }

    /// The box-blur size of a Gaussian of standard deviation `sigma` pixels (SVG 1.1 §15.17):
    /// d = ⌊s·3·√(2π)/4 + 0.5⌋.
    public static func boxSize(_ sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int(min(sigma * 1.879_971_205_973_250_3 + 0.5, 1e6))
    }

    /// feGaussianBlur approximated as the specification allows: per axis three box blurs of d
    /// pixels (d odd: three centred; d even: two of d, the first reaching one pixel further left
    /// and the second one further right, then one of d + 1 centred), each a running sum rounded
    /// to nearest, transparent beyond the box; horizontally, then vertically.
    public func gaussianBlur(dx: Int, dy: Int) -> FilterImage {
        var out = self
        if dx > 0 {
            out.pixels = Self.blurAxis(
                out.pixels, count: box.width, lines: box.height, stride: 1, line: box.width, d: dx)
        }
        if dy > 0 {
            out.pixels = Self.blurAxis(
                out.pixels, count: box.height, lines: box.width, stride: box.width, line: 1, d: dy)
        }
        return out
    }

    /// The three box passes along one axis of every line.
    static func blurAxis(_ pixels: [UInt32], count: Int, lines: Int, stride: Int, line: Int, d: Int) -> [UInt32] {
        // (left reach, right reach) of each pass: a window of left + right + 1 pixels.
        let passes: [(Int, Int)] =
            d % 2 == 1
            ? Array(repeating: ((d - 1) / 2, (d - 1) / 2), count: 3)
            : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        var values = pixels
        var buffer = [Int](repeating: 0, count: count * 4)
        for l in 0..<lines {
            let base = l * line
            for (left, right) in passes {
                let size = left + right + 1
                for i in 0..<count {
                    let p = values[base + i * stride]
                    for c in 0..<4 { buffer[i * 4 + c] = Int(p >> (8 * UInt32(c)) & 0xFF) }
                }
                var sums = [0, 0, 0, 0]
                // The window of output i covers i − left … i + right.
                for j in 0..<min(right, count) { for c in 0..<4 { sums[c] += buffer[j * 4 + c] } }
                for i in 0..<count {
                    let enter = i + right, leave = i - left - 1
                    if enter < count { for c in 0..<4 { sums[c] += buffer[enter * 4 + c] } }
                    if leave >= 0 { for c in 0..<4 { sums[c] -= buffer[leave * 4 + c] } }
                    var p: UInt32 = 0
                    for c in 0..<4 { p |= UInt32((sums[c] + size / 2) / size) << (8 * UInt32(c)) }
                    values[base + i * stride] = p
                }
            }
        }
        return values
    }

    /// feComposite of `self` (in) with `other` (in2), premultiplied, per channel with
    /// αA, αB the alphas in 0…255 and ⌊x / 255⌉ rounding half up:
    /// over A + B·(255 − αA), in A·αB, out A·(255 − αB), atop A·αB + B·(255 − αA),
    /// xor A·(255 − αB) + B·(255 − αA) (each product divided by 255 and rounded);
    /// arithmetic k1·A·B/255 + k2·A + k3·B + k4·255, the k rounded to 1/65536, clamped to
    /// 0…255 and each colour to its alpha.
    public func composite(_ other: FilterImage, _ op: CompositeOperator) -> FilterImage {
        var out = self
        for i in pixels.indices {
            let a = pixels[i], b = other.pixels[i]
            let aa = a >> 24, ab = b >> 24
            switch op {
            case .over: out.pixels[i] = addLanes(a, scaleLanes(b, by: 255 - aa))
            case .in: out.pixels[i] = scaleLanes(a, by: ab)
            case .out: out.pixels[i] = scaleLanes(a, by: 255 - ab)
            case .atop: out.pixels[i] = addLanes(scaleLanes(a, by: ab), scaleLanes(b, by: 255 - aa))
            case .xor: out.pixels[i] = addLanes(scaleLanes(a, by: 255 - ab), scaleLanes(b, by: 255 - aa))
            case let .arithmetic(k1, k2, k3, k4):
                let k = [k1, k2, k3, k4].map { Int64((min(max($0, -65536), 65536) * 65536).rounded(.toNearestOrEven)) }
                var channels = [Int64](repeating: 0, count: 4)
                for c in 0..<4 {
                    let x = Int64(a >> (8 * UInt32(c)) & 0xFF), y = Int64(b >> (8 * UInt32(c)) & 0xFF)
                    let sum = CoverageRasterizer.floorDiv(k[0] * x * y + 127, 255) + k[1] * x + k[2] * y + k[3] * 255
                    channels[c] = min(max((sum + 32768) >> 16, 0), 255)
                }
                let alpha = channels[3]
                out.pixels[i] =
                    UInt32(min(channels[0], alpha)) | UInt32(min(channels[1], alpha)) << 8
                    | UInt32(min(channels[2], alpha)) << 16 | UInt32(alpha) << 24
            }
        }
        return out
    }

    /// feBlend: `self` (in) over `other` (in2) by `mode` (source-over with the mode's blending,
    /// as the drawing context composites: RENDERING.md §12).
    public func blend(over other: FilterImage, _ mode: BlendMode) -> FilterImage {
        var out = self
        for i in pixels.indices { out.pixels[i] = mode.apply(pixels[i], other.pixels[i]) }
        return out
    }
}

/// feComposite's operators.
public enum CompositeOperator: Equatable, Sendable {
    case over, `in`, out, atop, xor
    case arithmetic(Double, Double, Double, Double)
}

/// Two premultiplied pixels added per channel, each held to 255.
@inline(__always)
func addLanes(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var out: UInt32 = 0
    for c in 0..<4 {
        let shift = UInt32(8 * c)
        out |= min(255, (a >> shift & 0xFF) + (b >> shift & 0xFF)) << shift
    }
    return out
}
