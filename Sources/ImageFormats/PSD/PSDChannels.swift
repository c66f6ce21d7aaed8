// The composite's channels, one plane of width × height bytes each, stored one after another:
// raw (compression 0), or PackBits (compression 1), where a table of every row's byte count
// (2 bytes each, 4 in a PSB file; channel by channel, row by row) comes before all the rows' data.
// Only the channels asked for are decoded; the others are passed over by their counts. A row whose
// data is short leaves zeros, as TIFF's PackBits rows do (PackBits).

enum PSDChannels {
    /// The planes of `channels` (indices into the file's channels), in that order.
    static func read(_ bytes: [UInt8], _ layout: PSDLayout, _ channels: [Int]) throws(ImageFormatError) -> [[UInt8]] {
        let r = ByteReader(bytes, format: PSDLayout.format, bigEndian: true)
        let (width, height) = (layout.width, layout.height)
        let plane = width * height
        switch layout.compression {
        case 0:
            // Every channel must be in the file, as with PackBits, though only some are used.
            try r.need(layout.imageData, layout.channels * plane, "the raw image data of \(layout.channels) channels")
            return channels.map { k in
                Array(bytes[(layout.imageData + k * plane)..<(layout.imageData + (k + 1) * plane)])
            }
        case 1:
            let entry = layout.large ? 4 : 2
            let rows = layout.channels * height
            try r.need(layout.imageData, rows * entry, "the image data's row byte counts")
            var planes = [[UInt8]](repeating: [], count: channels.count)
            var offset = layout.imageData + rows * entry
            for k in 0..<layout.channels {
                let slot = channels.firstIndex(of: k)
                if let slot { planes[slot] = [UInt8](repeating: 0, count: plane) }
                for y in 0..<height {
                    let at = layout.imageData + (k * height + y) * entry
                    let count = layout.large ? try r.u32(at, "a row byte count") : try r.u16(at, "a row byte count")
                    if let slot {
                        let data = try r.slice(offset, count, "channel \(k)'s row \(y)")
                        PackBits.decode(data, into: &planes[slot], start: y * width, count: width)
                    }
                    offset += count
                }
            }
            try r.need(layout.imageData, offset - layout.imageData, "the image data")
            return planes
        case 2, 3:
            throw ImageFormatError(
                PSDLayout.format, .unsupported, at: layout.imageData - 2,
                "ZIP-compressed image data (compression \(layout.compression)) is not read (Photoshop writes the "
                    + "composite raw or PackBits): export it as PNG")
        default:
            throw ImageFormatError(
                PSDLayout.format, .corrupt, at: layout.imageData - 2,
                "compression \(layout.compression) is not one the format defines (0 raw, 1 PackBits, 2 and 3 ZIP)")
        }
    }
}
