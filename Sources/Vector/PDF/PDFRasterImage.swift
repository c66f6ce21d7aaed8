import JPEGCodec
import Raster

// Image XObjects (ISO 32000-1 §8.9): Width × Height samples of 1, 2, 4, 8 or 16 bits per
// component, rows padded to a byte, in a gray, RGB or indexed colour space, mapped by /Decode
// (default [0 1] per component, [0 2^bpc − 1] for indexed) and turned to 8 bits by PDFColorSpace's
// rule; or a DCTDecode stream, decoded by JPEGCodec (docs/JPEG.md). Transparency: /SMask (a gray
// image whose values are the alpha; resampled to the image's size by nearest sample if it differs),
// /Mask as a stencil stream (sample 1 masks out) or as colour-key ranges over the raw samples.
// An /ImageMask is a stencil: sample 0 paints with the fill colour (1 with /Decode [1 0]).

enum PDFRasterImage {
    /// An image's straight RGBA8 pixels (`hasAlpha`: an /SMask or a /Mask gives it transparency,
    /// as a masked CGImage has alpha), or a stencil's coverage (255 where it paints).
    enum Pixels {
        case rgba(width: Int, height: Int, bytes: [UInt8], hasAlpha: Bool)
        case stencil(width: Int, height: Int, coverage: [UInt8])
    }

    static func read(
        _ stream: PDFStream, file: PDFFile, colorSpace: (PDFObject) throws(PDFError) -> PDFColorSpace,
        depth: Int = 0
    ) throws(PDFError) -> Pixels {
        let d = stream.dictionary
        guard let width = try file.value(d, "Width")?.integer, let height = try file.value(d, "Height")?.integer,
            width > 0, height > 0
        else {
            throw PDFError("an image has no positive /Width and /Height")
        }
        guard width <= PDFImage.maxImageSide, height <= PDFImage.maxImageSide, width * height <= PDFImage.maxImagePixels
        else {
            throw PDFError(
                "an image of \(width) × \(height) samples is larger than ivsim reads (\(PDFImage.maxImageSide) a side, "
                    + "\(PDFImage.maxImagePixels) in all; docs/LIMITS.md)")
        }
        guard file.budget >= width * height * 4 else { throw PDFFilters.tooLarge(file.budget) }
        file.budget -= width * height * 4
        let (data, jpeg) = try file.decode(stream)
        let isMask: Bool
        if case let .bool(b)? = try file.value(d, "ImageMask") { isMask = b } else { isMask = false }
        let decodeArray = try file.numbers(d["Decode"])

        if isMask {
            let inverted = (decodeArray?.first ?? 0) == 1
            var coverage = [UInt8](repeating: 0, count: width * height)
            let rowBytes = (width + 7) / 8
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * rowBytes + x / 8
                    let bit = i < data.count ? (data[i] >> (7 - UInt8(x & 7))) & 1 : 1
                    coverage[y * width + x] = (bit == 0) != inverted ? 255 : 0
                }
            }
            return .stencil(width: width, height: height, coverage: coverage)
        }

        var rgba: [UInt8]
        if jpeg {
            let decoded: JPEGImage
            do throws(JPEGError) {
                // Limited to the declared size, so that a larger JPEG is refused before it is decoded.
                decoded = try JPEGDecoder(limits: .init(maxWidth: width, maxHeight: height, maxPixels: width * height))
                    .decode(data)
            } catch {
                throw PDFError("a DCTDecode image is not a usable JPEG: \(error)")
            }
            guard decoded.width == width, decoded.height == height else {
                throw PDFError(
                    "a DCTDecode image is \(decoded.width) × \(decoded.height) samples, its dictionary says \(width) × \(height)"
                )
            }
            rgba = decoded.rgba
            // Display P3 or another profile by the image's colour space, or (without one) Display P3
            // by the JPEG's own profile. (A colour space ivsim does not read is no reason to refuse
            // the JPEG's own colours.)
            let declared = d["ColorSpace"].flatMap { object in try? colorSpace(object) }
            if let declared, declared.isProfiledRGB {
                declared.convertToSRGB(straightRGBA: &rgba)
            } else if declared == nil && decoded.iccProfile.map(ICCProfileKind.init(profile:)) == .displayP3 {
                DisplayP3.convertToSRGB(straightRGBA: &rgba)
            }
        } else {
            guard let spaceObject = d["ColorSpace"] else { throw PDFError("an image has no /ColorSpace") }
            let space = try colorSpace(spaceObject)
            guard space != .pattern else { throw PDFError("an image's colour space cannot be Pattern") }
            guard let bits = try file.value(d, "BitsPerComponent")?.integer, [1, 2, 4, 8, 16].contains(bits) else {
                throw PDFError("an image's /BitsPerComponent must be 1, 2, 4, 8 or 16")
            }
            let n = space.components, maxValue = (1 << bits) - 1
            var decode = decodeArray ?? []
            if decode.count != 2 * n {
                if case .indexed = space {
                    decode = [0, Double(maxValue)]
                } else {
                    decode = Array([0.0, 1.0].repeated(n))
                }
            }
            let rowBits = width * n * bits
            let rowBytes = (rowBits + 7) / 8
            rgba = [UInt8](repeating: 255, count: width * height * 4)
            let keyRanges = try colorKey(d, file: file, components: n)
            // Display P3 and other profiled samples are converted once, after all are read.
            let perPixel = space.isProfiledRGB ? PDFColorSpace.rgb : space
            var components = [Double](repeating: 0, count: n), raw = [Int](repeating: 0, count: n)
            for y in 0..<height {
                var bit = y * rowBytes * 8
                for x in 0..<width {
                    for k in 0..<n {
                        raw[k] = sample(data, bit: bit, bits: bits)
                        bit += bits
                        components[k] =
                            decode[2 * k] + Double(raw[k]) * (decode[2 * k + 1] - decode[2 * k]) / Double(maxValue)
                    }
                    let (r, g, b) = perPixel.rgb(components)
                    let o = 4 * (y * width + x)
                    rgba[o] = r
                    rgba[o + 1] = g
                    rgba[o + 2] = b
                    if let keyRanges,
                        (0..<n).allSatisfy({ raw[$0] >= keyRanges[2 * $0] && raw[$0] <= keyRanges[2 * $0 + 1] })
                    {
                        rgba[o + 3] = 0
                    }
                }
            }
            space.convertToSRGB(straightRGBA: &rgba)
        }
        try applyMasks(d, to: &rgba, width: width, height: height, file: file, colorSpace: colorSpace, depth: depth)
        // The masks applyMasks and colorKey read: an /SMask stream, a /Mask stream or array.
        var masked = false
        if case .stream? = try file.value(d, "SMask") { masked = depth == 0 }
        if case .stream? = try file.value(d, "Mask") { masked = depth == 0 }
        if !jpeg, try file.value(d, "Mask")?.array != nil { masked = true }
        return .rgba(width: width, height: height, bytes: rgba, hasAlpha: masked)
    }

    /// The sample of `bits` bits at bit offset `bit` (16-bit samples keep their high byte's weight).
    static func sample(_ data: [UInt8], bit: Int, bits: Int) -> Int {
        let byte = bit >> 3
        switch bits {
        case 8: return byte < data.count ? Int(data[byte]) : 0
        case 16: return byte + 1 < data.count ? Int(data[byte]) << 8 | Int(data[byte + 1]) : 0
        default:
            guard byte < data.count else { return 0 }
            let shift = 8 - bits - (bit & 7)
            return Int(data[byte] >> UInt8(shift)) & ((1 << bits) - 1)
        }
    }

    static func colorKey(_ d: [String: PDFObject], file: PDFFile, components: Int) throws(PDFError) -> [Int]? {
        guard try file.value(d, "Mask")?.array != nil else { return nil }
        let ranges = try file.numbers(d["Mask"])?.map { min(max(PDFObject.int($0) ?? 0, -1), 65_536) } ?? []
        guard ranges.count == 2 * components else {
            throw PDFError("an image's colour-key /Mask needs \(2 * components) numbers")
        }
        return ranges
    }

    /// /SMask and a stencil /Mask, multiplied into the alpha.
    static func applyMasks(
        _ d: [String: PDFObject], to rgba: inout [UInt8], width: Int, height: Int, file: PDFFile,
        colorSpace: (PDFObject) throws(PDFError) -> PDFColorSpace, depth: Int
    ) throws(PDFError) {
        guard depth == 0 else { return }  // a mask's own masks are not read
        for key in ["SMask", "Mask"] {
            guard case let .stream(maskStream)? = try file.value(d, key) else { continue }
            let mask = try read(maskStream, file: file, colorSpace: colorSpace, depth: 1)
            let (mw, mh, alpha): (Int, Int, [UInt8])
            switch mask {
            case let .stencil(w, h, coverage): (mw, mh, alpha) = (w, h, coverage)
            case let .rgba(w, h, bytes, _):
                (mw, mh, alpha) = (w, h, stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] })
            }
            for y in 0..<height {
                let my = min(mh - 1, (2 * y + 1) * mh / (2 * height))
                for x in 0..<width {
                    let mx = min(mw - 1, (2 * x + 1) * mw / (2 * width))
                    let o = 4 * (y * width + x) + 3
                    rgba[o] = UInt8((Int(rgba[o]) * Int(alpha[my * mw + mx]) + 127) / 255)
                }
            }
        }
    }
}

extension Array {
    func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}
