// Converts reconstructed scanlines to straight RGBA8.
//
// Rules (documented in docs/PNG.md):
// - Samples below 8 bits scale exactly: v × 255 / (2^depth − 1) (×255, ×85, ×17 for 1, 2, 4 bits).
// - 16-bit samples round to nearest: (v × 255 + 32895) >> 16, which equals round(v / 257) for
//   every v (checked exhaustively in the tests).
// - A tRNS key is compared with the unscaled samples at the image's own depth.
// - Palette indices without a PLTE entry give opaque black (as libpng and Pillow show them);
//   palette entries without a tRNS entry are opaque.
// - Gamma, chromaticities, ICC profiles and sBIT are not applied: the samples are taken as
//   sRGB values as they are stored.

/// Converts one scanline of the image's format to RGBA8 pixels.
struct PixelConverter {
    let header: PNGHeader
    /// 256 RGBA entries (indexed images).
    private let paletteRGBA: [UInt8]
    private let grayKey: Int
    private let rgbKey: (Int, Int, Int)

    init(header: PNGHeader, palette: [UInt8], transparency: Transparency?) {
        self.header = header
        var table = [UInt8](repeating: 0, count: 256 * 4)
        for i in 0..<256 { table[i * 4 + 3] = 255 }
        if header.colorType == .indexed {
            for i in 0..<(palette.count / 3) {
                table[i * 4] = palette[i * 3]
                table[i * 4 + 1] = palette[i * 3 + 1]
                table[i * 4 + 2] = palette[i * 3 + 2]
            }
            if case let .palette(alpha)? = transparency {
                for (i, a) in alpha.enumerated() { table[i * 4 + 3] = a }
            }
        }
        paletteRGBA = table
        // Keys that cannot match (none given) are out of every sample's range.
        if case let .gray(key)? = transparency { grayKey = Int(key) } else { grayKey = -1 }
        if case let .rgb(r, g, b)? = transparency { rgbKey = (Int(r), Int(g), Int(b)) } else { rgbKey = (-1, -1, -1) }
    }

    /// 16-bit sample to 8 bits, rounded to nearest.
    @inline(__always)
    static func reduce16(_ high: UInt8, _ low: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: ((UInt32(high) << 8 | UInt32(low)) * 255 + 32895) >> 16)
    }

    /// Converts `count` pixels of `source` into the RGBA row `destination`, writing pixel i at
    /// column `x0 + i * dx`.
    func convert(
        _ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<UInt8>,
        x0: Int = 0, dx: Int = 1
    ) {
        var out = destination + x0 * 4
        let step = dx * 4
        let depth = header.bitDepth
        switch (header.colorType, depth) {
        case (.truecolorAlpha, 8):
            if dx == 1 {
                out.update(from: source, count: count * 4)
                return
            }
            for i in 0..<count {
                out[0] = source[i * 4]; out[1] = source[i * 4 + 1]
                out[2] = source[i * 4 + 2]; out[3] = source[i * 4 + 3]
                out += step
            }
        case (.truecolorAlpha, _):
            for i in 0..<count {
                let s = source + i * 8
                out[0] = Self.reduce16(s[0], s[1]); out[1] = Self.reduce16(s[2], s[3])
                out[2] = Self.reduce16(s[4], s[5]); out[3] = Self.reduce16(s[6], s[7])
                out += step
            }
        case (.truecolor, 8):
            let (kr, kg, kb) = rgbKey
            if kr < 0 {
                for i in 0..<count {
                    out[0] = source[i * 3]; out[1] = source[i * 3 + 1]; out[2] = source[i * 3 + 2]; out[3] = 255
                    out += step
                }
                return
            }
            for i in 0..<count {
                let r = source[i * 3], g = source[i * 3 + 1], b = source[i * 3 + 2]
                out[0] = r; out[1] = g; out[2] = b
                out[3] = (Int(r) == kr && Int(g) == kg && Int(b) == kb) ? 0 : 255
                out += step
            }
        case (.truecolor, _):
            let (kr, kg, kb) = rgbKey
            for i in 0..<count {
                let s = source + i * 6
                let r = Int(s[0]) << 8 | Int(s[1]), g = Int(s[2]) << 8 | Int(s[3]), b = Int(s[4]) << 8 | Int(s[5])
                out[0] = Self.reduce16(s[0], s[1]); out[1] = Self.reduce16(s[2], s[3])
                out[2] = Self.reduce16(s[4], s[5])
                out[3] = (r == kr && g == kg && b == kb) ? 0 : 255
                out += step
            }
        case (.grayscaleAlpha, 8):
            for i in 0..<count {
                let v = source[i * 2]
                out[0] = v; out[1] = v; out[2] = v; out[3] = source[i * 2 + 1]
                out += step
            }
        case (.grayscaleAlpha, _):
            for i in 0..<count {
                let s = source + i * 4
                let v = Self.reduce16(s[0], s[1])
                out[0] = v; out[1] = v; out[2] = v; out[3] = Self.reduce16(s[2], s[3])
                out += step
            }
        case (.grayscale, 16):
            for i in 0..<count {
                let s = source + i * 2
                let v = Self.reduce16(s[0], s[1])
                out[0] = v; out[1] = v; out[2] = v
                out[3] = (Int(s[0]) << 8 | Int(s[1])) == grayKey ? 0 : 255
                out += step
            }
        case (.grayscale, 8):
            for i in 0..<count {
                let v = source[i]
                out[0] = v; out[1] = v; out[2] = v
                out[3] = Int(v) == grayKey ? 0 : 255
                out += step
            }
        case (.grayscale, _):
            let scale = 255 / ((1 << depth) - 1)
            let mask = (1 << depth) - 1
            for i in 0..<count {
                let bit = i * depth
                let sample = (Int(source[bit >> 3]) >> (8 - depth - (bit & 7))) & mask
                let v = UInt8(sample * scale)
                out[0] = v; out[1] = v; out[2] = v
                out[3] = sample == grayKey ? 0 : 255
                out += step
            }
        case (.indexed, _):
            paletteRGBA.withUnsafeBufferPointer { table in
                let mask = (1 << depth) - 1
                for i in 0..<count {
                    let index: Int
                    if depth == 8 {
                        index = Int(source[i])
                    } else {
                        let bit = i * depth
                        index = (Int(source[bit >> 3]) >> (8 - depth - (bit & 7))) & mask
                    }
                    out[0] = table[index * 4]; out[1] = table[index * 4 + 1]
                    out[2] = table[index * 4 + 2]; out[3] = table[index * 4 + 3]
                    out += step
                }
            }
        }
    }
}

/// Rewrites Apple CgBI pixels (BGR(A), premultiplied) as straight RGBA in place.
///
/// Un-premultiplying: for alpha a > 0, c = min(255, (p × 255 + a / 2) / a) (integer division,
/// round half up); a = 0 gives (0, 0, 0, 0). Alpha 255 leaves the colour unchanged.
func convertCgBI(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
    for i in 0..<count {
        let p = pixels + i * 4
        let b = p[0], r = p[2]
        let a = Int(p[3])
        if a == 255 {
            p[0] = r
            p[2] = b
        } else if a == 0 {
            p[0] = 0; p[1] = 0; p[2] = 0
        } else {
            p[0] = UInt8(min(255, (Int(r) * 255 + a / 2) / a))
            p[1] = UInt8(min(255, (Int(p[1]) * 255 + a / 2) / a))
            p[2] = UInt8(min(255, (Int(b) * 255 + a / 2) / a))
        }
    }
}
