// RLE8 and RLE4 pixel data (BI_RLE8, BI_RLE4): pairs of (count, value) runs and escapes (0 0: end
// of row, 0 1: end of bitmap, 0 2 dx dy: move, 0 n: n literal indices padded to 2 bytes). Pixels
// the data skips or never reaches take palette index 0, and runs past a row's end are cut at it,
// as Pillow reads them (Microsoft leaves skipped pixels undefined; docs/FORMATS.md §BMP).

enum BMPRunLength {
    static func decode(
        _ reader: ByteReader, _ header: DIBHeader, at offset: Int, palette: [UInt8], into out: inout [UInt8]
    ) throws(ImageFormatError) {
        let (width, height) = (header.width, header.height)
        let four = header.compression == .rle4
        var indices = [UInt8](repeating: 0, count: width * height)  // stored row order
        var x = 0, row = 0
        var p = offset
        let bytes = reader.bytes
        try reader.need(offset, 0, "the run-length data")
        func put(_ index: UInt8) {
            if x < width, row < height { indices[row * width + x] = index }
            x += 1
        }
        decoding: while p + 1 < bytes.count, row < height {
            let count = Int(bytes[p]), value = bytes[p + 1]
            p += 2
            if count > 0 {
                let n = min(count, max(0, width - x))
                for i in 0..<n { put(four ? (i & 1 == 0 ? value >> 4 : value & 15) : value) }
                x += count - n
                continue
            }
            switch value {
            case 0:
                x = 0
                row += 1
            case 1:
                break decoding
            case 2:
                guard p + 1 < bytes.count else { break decoding }
                x += Int(bytes[p])
                row += Int(bytes[p + 1])
                p += 2
            default:
                let n = Int(value)
                let length = four ? (n + 1) / 2 : n
                // Data that ends inside a literal ends the image there (the rest index 0).
                guard p + length <= bytes.count else { break decoding }
                for i in 0..<n {
                    let byte = bytes[p + (four ? i / 2 : i)]
                    put(four ? (i & 1 == 0 ? byte >> 4 : byte & 15) : byte)
                }
                p += length + (length & 1)
            }
        }
        for stored in 0..<height {
            let y = header.topDown ? stored : height - 1 - stored
            for x in 0..<width {
                BMPDecoder.put(palette, Int(indices[stored * width + x]), &out, (y * width + x) * 4)
            }
        }
    }
}
