import PNGCodec

// Decoded chunks placed into the RGBA8 image: each sample reduced to 8 bits as it is placed
// (docs/FORMATS.md §TIFF), grey copied to red, green and blue, palette indices looked up, alpha
// opaque until an alpha sample says otherwise; associated alpha divided out once all planes are in.

struct TIFFSamples {
    let layout: TIFFLayout
    var out: [UInt8]

    init(_ layout: TIFFLayout) {
        self.layout = layout
        out = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        for i in stride(from: 3, to: out.count, by: 4) { out[i] = 255 }
    }

    /// `v`, a sample of `bits` bits, as 8 bits: exact multiples below 8 bits, rounded from 16.
    @inline(__always)
    static func eight(_ v: Int, bits: Int) -> UInt8 {
        switch bits {
        case 16: UInt8((v * 255 + 32767) / 65535)
        case 8: UInt8(v)
        default: UInt8(v * 255 / (1 << bits - 1))
        }
    }

    mutating func place(_ chunk: TIFFLayout.Chunk, _ data: [UInt8]) {
        let l = layout
        if l.bits == 8, !l.planar, l.colour == .rgb || l.colour == .blackIsZero {
            placeEightBitChunky(chunk, data)
            return
        }
        let samples = l.samplesPerChunkPixel
        let maxValue = 1 << l.bits - 1
        let columns = min(l.chunkWidth, l.width - chunk.x)
        for row in 0..<chunk.rows {
            let y = chunk.y + row
            guard y < l.height else { break }
            let rowStart = row * chunk.rowBytes
            for column in 0..<max(0, columns) {
                let o = (y * l.width + chunk.x + column) * 4
                for s in 0..<samples {
                    let sample = l.planar ? chunk.plane : s
                    let bit = (column * samples + s) * l.bits
                    let value: Int
                    switch l.bits {
                    case 16: value = Int(sample16(data, rowStart + bit / 8, l.bigEndianSamples))
                    case 8: value = Int(data[rowStart + bit / 8])
                    default: value = Int(data[rowStart + bit >> 3]) >> (8 - l.bits - bit & 7) & maxValue
                    }
                    if sample < l.colourSamples {
                        switch l.colour {
                        case .rgb: out[o + sample] = Self.eight(value, bits: l.bits)
                        case .blackIsZero, .whiteIsZero:
                            let grey = Self.eight(l.colour == .whiteIsZero ? maxValue - value : value, bits: l.bits)
                            (out[o], out[o + 1], out[o + 2]) = (grey, grey, grey)
                        case .palette:
                            let n = 1 << l.bits, shift = l.colorMapShift
                            (out[o], out[o + 1], out[o + 2]) = (
                                UInt8(truncatingIfNeeded: l.colorMap[value] >> shift),
                                UInt8(truncatingIfNeeded: l.colorMap[n + value] >> shift),
                                UInt8(truncatingIfNeeded: l.colorMap[2 * n + value] >> shift)
                            )
                        }
                    } else if sample == l.colourSamples, l.alpha != .none {
                        out[o + 3] = Self.eight(value, bits: l.bits)
                    }
                }
            }
        }
    }

    /// The common case without per-sample dispatch: 8-bit RGB or grey samples, interleaved, and
    /// the alpha sample when there is one; the same values as the general path.
    private mutating func placeEightBitChunky(_ chunk: TIFFLayout.Chunk, _ data: [UInt8]) {
        let l = layout
        let samples = l.samplesPerPixel, grey = l.colour == .blackIsZero
        let alphaAt = l.alpha == .none ? -1 : l.colourSamples
        let columns = max(0, min(l.chunkWidth, l.width - chunk.x))
        let rows = min(chunk.rows, l.height - chunk.y)
        out.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { data in
                for row in 0..<rows {
                    var i = row * chunk.rowBytes
                    var o = ((chunk.y + row) * l.width + chunk.x) * 4
                    for _ in 0..<columns {
                        out[o] = data[i]
                        out[o + 1] = data[grey ? i : i + 1]
                        out[o + 2] = data[grey ? i : i + 2]
                        if alphaAt >= 0 { out[o + 3] = data[i + alphaAt] }
                        i += samples
                        o += 4
                    }
                }
            }
        }
    }

    /// The image, associated alpha divided out: c × 255 / a rounded, at most 255; 0 where a is 0.
    func image() -> RGBAImage {
        var pixels = out
        if layout.alpha == .associated {
            for o in stride(from: 0, to: pixels.count, by: 4) {
                let a = Int(pixels[o + 3])
                guard a < 255 else { continue }
                for c in 0..<3 {
                    pixels[o + c] = a == 0 ? 0 : UInt8(min(255, (Int(pixels[o + c]) * 255 + a / 2) / a))
                }
            }
        }
        return RGBAImage(width: layout.width, height: layout.height, pixels: pixels)
    }
}
