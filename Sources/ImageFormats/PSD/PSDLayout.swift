// Where things are in a Photoshop file (Adobe's "Photoshop File Formats Specification"): the
// 26-byte header, then four sections each led by its length — colour mode data, image resources,
// layer and mask information, image data. PSB, the large document format (version 2), widens the
// layer section's lengths to 8 bytes. Of the resources only two are read (1047, the transparent
// index of an indexed image; 1053, the alpha channels' identifiers); of the layers only their count
// and the keys of the global tagged blocks, which say whether the composite has transparency.
// docs/FORMATS.md §PSD.

struct PSDLayout {
    /// Colour modes in the header.
    enum Mode: Int {
        case bitmap = 0, grayscale = 1, indexed = 2, rgb = 3, cmyk = 4, multichannel = 7, duotone = 8, lab = 9

        var name: String {
            switch self {
            case .bitmap: "bitmap"
            case .grayscale: "grayscale"
            case .indexed: "indexed colour"
            case .rgb: "RGB"
            case .cmyk: "CMYK"
            case .multichannel: "multichannel"
            case .duotone: "duotone"
            case .lab: "Lab"
            }
        }

        /// The composite's colour channels before any alpha channel.
        var colourChannels: Int {
            switch self {
            case .rgb, .lab: 3
            case .cmyk: 4
            default: 1
            }
        }
    }

    let width: Int
    let height: Int
    /// All channels of the composite: colour, then alpha and spot channels.
    let channels: Int
    let depth: Int
    let mode: Mode
    /// PSB (version 2) rather than PSD.
    let large: Bool

    /// Colour mode data (an indexed image's 768-byte table: 256 reds, 256 greens, 256 blues).
    var colourData: Range<Int> = 0..<0
    /// Resource 1047: the palette index shown transparent.
    var transparentIndex: Int?
    /// Resource 1053 (one identifier per alpha channel, 0 for the one holding transparency), kept
    /// as what the rule needs: how many, and the first 0 among them.
    var alphaIdentifiers: (count: Int, firstZero: Int?)?
    /// The layer count of the layer info; negative when the first alpha channel of the composite
    /// holds its transparency.
    var layerCount = 0
    /// A global tagged block `Mtrn`, `Mt16` or `Mt32` ("saving merged transparency").
    var mergedTransparency = false
    /// The image data's compression field, and where the data after it starts.
    var compression = 0
    var imageData = 0

    static let format = "PSD"

    /// Reads the header and walks the sections.
    init(_ bytes: [UInt8]) throws(ImageFormatError) {
        let r = ByteReader(bytes, format: Self.format, bigEndian: true)
        try r.need(0, 26, "the file header")
        let version = try r.u16(4, "the file header")
        guard version == 1 || version == 2 else {
            throw ImageFormatError(
                Self.format, .unsupported, at: 4, "version \(version) (ivsim reads 1, PSD, and 2, PSB)")
        }
        large = version == 2
        channels = try r.u16(12, "the file header")
        height = try r.u32(14, "the file header")
        width = try r.u32(18, "the file header")
        depth = try r.u16(22, "the file header")
        let modeCode = try r.u16(24, "the file header")
        guard (1...56).contains(channels) else {
            throw ImageFormatError(Self.format, .corrupt, at: 12, "\(channels) channels (a file has 1 to 56)")
        }
        let side = large ? 300_000 : 30_000
        guard (1...side).contains(width), (1...side).contains(height) else {
            throw ImageFormatError(
                Self.format, .corrupt, at: 14,
                "the image is \(width) × \(height) pixels (a \(large ? "PSB" : "PSD") file has 1 to \(side) a side)")
        }
        guard [1, 8, 16, 32].contains(depth) else {
            throw ImageFormatError(
                Self.format, .corrupt, at: 22, "\(depth) bits per channel (a file has 1, 8, 16 or 32)")
        }
        guard let mode = Mode(rawValue: modeCode) else {
            throw ImageFormatError(
                Self.format, .corrupt, at: 24, "colour mode \(modeCode) is not one the format defines")
        }
        self.mode = mode
        guard channels >= mode.colourChannels else {
            throw ImageFormatError(
                Self.format, .corrupt, at: 12,
                "\(channels) channel\(channels == 1 ? "" : "s") for \(mode.name) (it needs \(mode.colourChannels))"
            )
        }

        var p = 26
        let colourLength = try r.u32(p, "the colour mode data's length")
        try r.need(p + 4, colourLength, "the colour mode data")
        colourData = (p + 4)..<(p + 4 + colourLength)
        p += 4 + colourLength

        let resourcesLength = try r.u32(p, "the image resources' length")
        try r.need(p + 4, resourcesLength, "the image resources")
        try readResources(r, (p + 4)..<(p + 4 + resourcesLength))
        p += 4 + resourcesLength

        let layerLength = try length(r, p, wide: large, "the layer and mask information's length")
        p += large ? 8 : 4
        try r.need(p, layerLength, "the layer and mask information")
        readLayerSummary(r, p..<(p + layerLength))
        p += layerLength

        compression = try r.u16(p, "the image data's compression")
        imageData = p + 2
    }

    /// A 4- or 8-byte length; an 8-byte one must fit the file (its high word is then 0).
    private func length(_ r: ByteReader, _ offset: Int, wide: Bool, _ what: String) throws(ImageFormatError) -> Int {
        guard wide else { return try r.u32(offset, what) }
        let high = try r.u32(offset, what), low = try r.u32(offset + 4, what)
        guard high == 0 else {
            throw ImageFormatError(
                Self.format, .truncated, at: offset,
                "\(what) is \(high) × 2^32 + \(low) bytes, past the end of the file")
        }
        return low
    }

    /// Resource blocks: a signature, an ID, a Pascal name padded to an even length, a 4-byte size
    /// and the data padded to an even length.
    private mutating func readResources(_ r: ByteReader, _ range: Range<Int>) throws(ImageFormatError) {
        var q = range.lowerBound
        while q < range.upperBound {
            let what = "an image resource block"
            guard q + 7 <= range.upperBound else {
                throw ImageFormatError(Self.format, .corrupt, at: q, "\(what) runs past the image resources section")
            }
            let signed = r.bytes[q..<(q + 4)].elementsEqual("8BIM".utf8)
            let id = try r.u16(q + 4, what)
            let nameLength = try r.u8(q + 6, what)
            let sizeAt = q + 6 + (1 + nameLength + 1) / 2 * 2
            guard sizeAt + 4 <= range.upperBound else {
                throw ImageFormatError(Self.format, .corrupt, at: q, "\(what) runs past the image resources section")
            }
            let size = try r.u32(sizeAt, what)
            let data = sizeAt + 4
            guard size <= range.upperBound - data else {
                throw ImageFormatError(Self.format, .corrupt, at: q, "\(what) runs past the image resources section")
            }
            // Only Photoshop's own blocks ("8BIM") are read; others are passed over.
            if signed, id == 1047, size >= 2 { transparentIndex = try r.u16(data, what) }
            if signed, id == 1053 {
                let count = size / 4
                let firstZero = r.bytes.withUnsafeBufferPointer { buffer in
                    (0..<count).first { k in
                        let p = data + 4 * k
                        return buffer[p] | buffer[p + 1] | buffer[p + 2] | buffer[p + 3] == 0
                    }
                }
                alphaIdentifiers = (count, firstZero)
            }
            q = data + (size + 1) / 2 * 2
        }
    }

    /// The keys whose length is 8 bytes in a PSB file (the specification's list).
    private static let wideKeys: Set<String> = [
        "LMsk", "Lr16", "Lr32", "Layr", "Mt16", "Mt32", "Mtrn", "Alph", "FMsk", "lnk2", "FEid", "FXid", "PxSD"
    ]

    /// The layer count and the global tagged blocks' keys. The layers themselves are not read, so
    /// a part of this section that does not add up ends the walk without an error: what was not
    /// reached counts as absent.
    private mutating func readLayerSummary(_ r: ByteReader, _ range: Range<Int>) {
        let wide = large ? 8 : 4
        guard range.count >= wide, let infoLength = try? length(r, range.lowerBound, wide: large, "") else { return }
        let info = range.lowerBound + wide
        guard infoLength <= range.upperBound - info else { return }
        if infoLength >= 2, let count = try? r.u16(info, "") { layerCount = Int(Int16(truncatingIfNeeded: count)) }
        var q = info + infoLength
        guard q + 4 <= range.upperBound, let maskLength = try? r.u32(q, ""), maskLength <= range.upperBound - q - 4
        else { return }
        q += 4 + maskLength
        while q + 12 <= range.upperBound {
            let signature = String(decoding: r.bytes[q..<(q + 4)], as: UTF8.self)
            let key = String(decoding: r.bytes[(q + 4)..<(q + 8)], as: UTF8.self)
            guard signature == "8BIM" || signature == "8B64" else { return }
            let keyWide = large && Self.wideKeys.contains(key)
            guard let size = try? length(r, q + 8, wide: keyWide, ""), q + 8 + (keyWide ? 8 : 4) <= range.upperBound
            else { return }
            let data = q + 8 + (keyWide ? 8 : 4)
            guard size <= range.upperBound - data else { return }
            if ["Mtrn", "Mt16", "Mt32"].contains(key) { mergedTransparency = true }
            q = data + (size + 3) / 4 * 4
        }
    }

    /// The channel holding the composite's transparency, or nil (the rule of docs/FORMATS.md §PSD,
    /// which psd-tools follows): with more channels than the mode's colours, a merged-transparency
    /// block or a negative layer count says there is one; otherwise alpha identifiers all non-zero,
    /// or a positive layer count, say there is none. Which: the first after the colours under a
    /// negative layer count, else the one whose identifier is 0, else the last channel.
    var transparencyChannel: Int? {
        let colour = mode.colourChannels
        guard mode != .indexed, channels > colour else { return nil }
        if !mergedTransparency && layerCount >= 0 {
            if let ids = alphaIdentifiers, ids.count > 0, ids.firstZero == nil { return nil }
            if layerCount > 0 { return nil }
        }
        if layerCount < 0 { return colour }
        if let ids = alphaIdentifiers, let k = ids.firstZero {
            let index = channels - ids.count + k
            if (colour..<channels).contains(index) { return index }
        }
        return channels - 1
    }
}
