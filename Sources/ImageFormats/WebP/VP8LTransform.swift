// The inverse transforms of VP8L (RFC 9649 §4), applied in the reverse of the order they were
// read: predictor (14 modes by block, the image's first pixel predicted as opaque black, the top
// row from the left, the left column from above, the rightmost column's top-right neighbour the
// row's first pixel), colour (signed 3.5 fixed-point deltas), subtract green, and colour
// indexing (2, 4 or 8 indices packed in a pixel's green; an index past the table is transparent
// black). Every channel is modulo 256.

struct VP8LTransform {
    let type: Int
    /// The image width when the transform was read.
    let xsize: Int
    var bits = 0
    var data: [UInt32] = []

    init(type: Int, xsize: Int) {
        self.type = type
        self.xsize = xsize
    }

    /// Each channel of a and b added modulo 256.
    static func addPixels(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let alphaGreen = (a & 0xFF00_FF00) &+ (b & 0xFF00_FF00)
        let redBlue = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
        return (alphaGreen & 0xFF00_FF00) | (redBlue & 0x00FF_00FF)
    }

    /// The image before this transform.
    func inverse(_ pixels: [UInt32], height: Int) -> [UInt32] {
        switch type {
        case 0: predictor(pixels, height: height)
        case 1: colour(pixels, height: height)
        case 2: pixels.map(Self.addGreen)
        default: colourIndexing(pixels, height: height)
        }
    }

    static func addGreen(_ p: UInt32) -> UInt32 {
        let green = p >> 8 & 0xFF
        let redBlue = (p & 0x00FF_00FF) &+ (green << 16 | green)
        return (p & 0xFF00_FF00) | (redBlue & 0x00FF_00FF)
    }

    private func predictor(_ input: [UInt32], height: Int) -> [UInt32] {
        var p = input
        let width = xsize
        let blocksAcross = VP8LDecoder.subsampled(width, bits)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let predicted: UInt32
                if y == 0 {
                    predicted = x == 0 ? 0xFF00_0000 : p[i - 1]
                } else if x == 0 {
                    predicted = p[i - width]
                } else {
                    let mode = Int(data[(y >> bits) * blocksAcross + (x >> bits)] >> 8 & 0xF)
                    let l = p[i - 1], t = p[i - width], tl = p[i - width - 1]
                    // The rightmost pixel's top-right is the first pixel of its own row.
                    let tr = p[i - width + 1]
                    predicted = Self.predict(mode, l, t, tl, tr)
                }
                p[i] = Self.addPixels(p[i], predicted)
            }
        }
        return p
    }

    static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b)
    }

    static func channel(_ p: UInt32, _ shift: UInt32) -> Int { Int(p >> shift & 0xFF) }

    static func predict(_ mode: Int, _ l: UInt32, _ t: UInt32, _ tl: UInt32, _ tr: UInt32) -> UInt32 {
        switch mode {
        case 0: return 0xFF00_0000
        case 1: return l
        case 2: return t
        case 3: return tr
        case 4: return tl
        case 5: return average(average(l, tr), t)
        case 6: return average(l, tl)
        case 7: return average(l, t)
        case 8: return average(tl, t)
        case 9: return average(t, tr)
        case 10: return average(average(l, tl), average(t, tr))
        case 11:
            var pl = 0, pt = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                pl += abs(channel(t, shift) - channel(tl, shift))
                pt += abs(channel(l, shift) - channel(tl, shift))
            }
            return pl < pt ? l : t
        case 12:
            var out: UInt32 = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                let v = channel(l, shift) + channel(t, shift) - channel(tl, shift)
                out |= UInt32(min(255, max(0, v))) << shift
            }
            return out
        case 13:
            let a = average(l, t)
            var out: UInt32 = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                let ca = channel(a, shift), cb = channel(tl, shift)
                let v = ca + (ca - cb) / 2  // C's division: toward zero
                out |= UInt32(min(255, max(0, v))) << shift
            }
            return out
        default:
            // Modes 14 and 15 are not defined; libwebp predicts them as opaque black.
            return 0xFF00_0000
        }
    }

    private func colour(_ input: [UInt32], height: Int) -> [UInt32] {
        var p = input
        let width = xsize
        let blocksAcross = VP8LDecoder.subsampled(width, bits)
        func delta(_ t: UInt32, _ c: UInt32) -> Int {
            (Int(Int8(truncatingIfNeeded: t)) * Int(Int8(truncatingIfNeeded: c))) >> 5
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let element = data[(y >> bits) * blocksAcross + (x >> bits)]
                let greenToRed = element & 0xFF, greenToBlue = element >> 8 & 0xFF, redToBlue = element >> 16 & 0xFF
                let pixel = p[i]
                let green = pixel >> 8 & 0xFF
                let red = (Int(pixel >> 16 & 0xFF) + delta(greenToRed, green)) & 0xFF
                let blue = (Int(pixel & 0xFF) + delta(greenToBlue, green) + delta(redToBlue, UInt32(red))) & 0xFF
                p[i] = (pixel & 0xFF00_FF00) | UInt32(red) << 16 | UInt32(blue)
            }
        }
        return p
    }

    private func colourIndexing(_ packed: [UInt32], height: Int) -> [UInt32] {
        let width = xsize
        let packedWidth = VP8LDecoder.subsampled(width, bits)
        let perPixel = 1 << bits, indexBits = 8 >> bits, mask = (1 << indexBits) - 1
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let green = Int(packed[y * packedWidth + (x >> bits)] >> 8 & 0xFF)
                let index = bits == 0 ? green : green >> ((x & (perPixel - 1)) * indexBits) & mask
                out[y * width + x] = index < data.count ? data[index] : 0
            }
        }
        return out
    }
}
