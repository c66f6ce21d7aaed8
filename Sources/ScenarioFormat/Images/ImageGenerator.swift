import Raster
import ImageViews

// Generated images, for authoring without binary files (docs/SCENARIOS.md §Images). Every pixel
// is a function of its coordinates and the parameters, in integer arithmetic.

enum ImageGenerator {
    /// Every pixel `color`.
    /// `path`: the path filled with `color` by `rule`, with exact area coverage
    /// (docs/RENDERING.md §10): straight RGBA, the colour's RGB everywhere and alpha
    /// ⌊color.a · coverage / 255 + ½⌋ (coverage the pixel's 8-bit alpha from the rasterizer).
    static func path(width: Int, height: Int, path: Path, rule: FillRule, color: RGBA) -> [UInt8] {
        let mask = CoverageRasterizer.mask(path, rule: rule, width: width, height: height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            bytes[4 * i] = color.r
            bytes[4 * i + 1] = color.g
            bytes[4 * i + 2] = color.b
            bytes[4 * i + 3] = UInt8((Int(color.a) * Int(mask.alpha[i]) * 2 + 255) / 510)
        }
        return bytes
    }

    static func solid(width: Int, height: Int, color: RGBA) -> [UInt8] {
        [UInt8]((0..<(width * height)).lazy.flatMap { _ in [color.r, color.g, color.b, color.a] })
    }

    /// Squares of `cell` pixels, `colors[0]` where (x / cell + y / cell) is even.
    static func checkerboard(width: Int, height: Int, cell: Int, colors: (RGBA, RGBA)) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = (x / cell + y / cell) % 2 == 0 ? colors.0 : colors.1
                let i = (y * width + x) * 4
                bytes[i] = c.r; bytes[i + 1] = c.g; bytes[i + 2] = c.b; bytes[i + 3] = c.a
            }
        }
        return bytes
    }

    /// From `colors.0` to `colors.1` along x (horizontal) or y (vertical), sampled at pixel centres:
    /// for pixel i of n, each straight channel is (c0·(2n − 2i − 1) + c1·(2i + 1) + n) / (2n),
    /// i.e. the exact interpolation at (i + ½)/n rounded half up.
    static func linearGradient(width: Int, height: Int, colors: (RGBA, RGBA), vertical: Bool) -> [UInt8] {
        let n = vertical ? height : width
        let ramp: [RGBA] = (0..<n).map { i in
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Int(a) * (2 * n - 2 * i - 1) + Int(b) * (2 * i + 1) + n) / (2 * n))
            }
            return RGBA(
                r: mix(colors.0.r, colors.1.r), g: mix(colors.0.g, colors.1.g),
                b: mix(colors.0.b, colors.1.b), a: mix(colors.0.a, colors.1.a))
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = ramp[vertical ? y : x]
                let i = (y * width + x) * 4
                bytes[i] = c.r; bytes[i + 1] = c.g; bytes[i + 2] = c.b; bytes[i + 3] = c.a
            }
        }
        return bytes
    }

    /// Every pixel distinct (up to 4096 × 4096), opaque, and readable at a glance: red grows
    /// left to right and green top to bottom.
    ///   side ≤ 256:  r = x · 255 / (w − 1)   (integer division; 0 when w = 1), likewise g from y
    ///   side > 256:  r = x mod 256, and blue carries x / 256 mod 16 (g and y: × 16 in blue)
    /// Which source pixel landed where can be read back from any snapshot.
    static func indexGrid(width: Int, height: Int) -> [UInt8] {
        func spread(_ v: Int, _ n: Int) -> Int {
            n > 256 ? v & 0xFF : (n == 1 ? 0 : v * 255 / (n - 1))
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8(spread(x, width))
                bytes[i + 1] = UInt8(spread(y, height))
                bytes[i + 2] = UInt8((width > 256 ? (x >> 8) & 0xF : 0) | (height > 256 ? ((y >> 8) & 0xF) << 4 : 0))
                bytes[i + 3] = 255
            }
        }
        return bytes
    }
}
