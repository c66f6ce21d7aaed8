import PNGCodec

// Adobe Photoshop files (PSD, and PSB) as ImageIO shows them: the composite image Photoshop stores
// after the layers, never the layers themselves. 8-bit grayscale, indexed colour and RGB, raw or
// PackBits; the transparency channel chosen by PSDLayout. Photoshop stores a composite with
// transparency already blended over white, so grey and RGB samples are taken off the white again
// (docs/FORMATS.md §PSD):
//   c = 0 where x + a ≤ 255, else ⌊(x + a − 255) × 255 / a⌋    (a > 0; colour left as stored where a = 0)
// An indexed image's transparent index (resource 1047) has alpha 0.

/// Decodes the composite image of a Photoshop file.
public struct PSDDecoder: Sendable {
    public var limits: ImageFormatLimits

    public init(limits: ImageFormatLimits = .default) {
        self.limits = limits
    }

    /// Whether the bytes start like a Photoshop file ("8BPS").
    public static func matches(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("8BPS".utf8)) }

    /// The image's size from the header.
    public func size(_ bytes: [UInt8]) throws(ImageFormatError) -> (width: Int, height: Int) {
        let layout = try PSDLayout(bytes)
        try limits.check(width: layout.width, height: layout.height, format: PSDLayout.format, at: 14)
        return (layout.width, layout.height)
    }

    /// The composite image, straight RGBA8.
    public func decode(_ bytes: [UInt8]) throws(ImageFormatError) -> RGBAImage {
        try decodeDeclaringAlpha(bytes).image
    }

    /// The composite, and whether it has transparency (its channel, or an indexed image's
    /// transparent index).
    public func decodeDeclaringAlpha(_ bytes: [UInt8]) throws(ImageFormatError) -> (image: RGBAImage, hasAlpha: Bool) {
        let layout = try PSDLayout(bytes)
        try limits.check(width: layout.width, height: layout.height, format: PSDLayout.format, at: 14)
        let format = PSDLayout.format
        guard layout.depth == 8 else {
            throw ImageFormatError(
                format, .unsupported, at: 22,
                "\(layout.depth) bit\(layout.depth == 1 ? "" : "s") per channel is not read (ivsim reads 8-bit "
                    + "grayscale, indexed colour and RGB files): save it with 8 bits per channel, or export it as PNG")
        }
        guard [.grayscale, .indexed, .rgb].contains(layout.mode) else {
            throw ImageFormatError(
                format, .unsupported, at: 24,
                "\(layout.mode.name) colour is not read (ivsim reads grayscale, indexed colour and RGB): convert it to "
                    + "RGB, or export it as PNG")
        }
        var palette: [UInt8] = []
        if layout.mode == .indexed {
            guard layout.colourData.count == 768 else {
                throw ImageFormatError(
                    format, .corrupt, at: 26,
                    "an indexed image's colour table is \(layout.colourData.count) bytes (it must be 768)")
            }
            palette = Array(bytes[layout.colourData])
        }
        let alpha = layout.transparencyChannel
        let wanted = Array(0..<layout.mode.colourChannels) + (alpha.map { [$0] } ?? [])
        let planes = try PSDChannels.read(bytes, layout, wanted)
        let transparentIndex = layout.mode == .indexed ? layout.transparentIndex : nil
        return (
            compose(layout, planes, hasAlpha: alpha != nil, palette: palette), alpha != nil || transparentIndex != nil
        )
    }

    /// Interleaves the planes (colour, then alpha) into straight RGBA8.
    private func compose(_ layout: PSDLayout, _ planes: [[UInt8]], hasAlpha: Bool, palette: [UInt8]) -> RGBAImage {
        let count = layout.width * layout.height
        var pixels = [UInt8](repeating: 255, count: count * 4)
        let colours = layout.mode.colourChannels
        let transparentIndex = layout.mode == .indexed ? layout.transparentIndex : nil
        for i in 0..<count {
            var a = hasAlpha ? Int(planes[colours][i]) : 255
            var rgb: (Int, Int, Int)
            switch layout.mode {
            case .indexed:
                let k = Int(planes[0][i])
                rgb = (Int(palette[k]), Int(palette[256 + k]), Int(palette[512 + k]))
                if k == transparentIndex { a = 0 }
            case .grayscale:
                let g = Int(planes[0][i])
                rgb = (g, g, g)
            default:
                rgb = (Int(planes[0][i]), Int(planes[1][i]), Int(planes[2][i]))
            }
            if a > 0 && a < 255 {
                rgb = (Self.offWhite(rgb.0, a), Self.offWhite(rgb.1, a), Self.offWhite(rgb.2, a))
            }
            pixels[4 * i] = UInt8(rgb.0)
            pixels[4 * i + 1] = UInt8(rgb.1)
            pixels[4 * i + 2] = UInt8(rgb.2)
            pixels[4 * i + 3] = UInt8(a)
        }
        return RGBAImage(width: layout.width, height: layout.height, pixels: pixels)
    }

    /// A sample stored blended over white at alpha `a` (1…254), with the white taken off.
    static func offWhite(_ x: Int, _ a: Int) -> Int {
        let n = x + a - 255
        return n <= 0 ? 0 : n * 255 / a
    }
}
