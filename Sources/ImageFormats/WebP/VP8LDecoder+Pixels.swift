// The pixels of an entropy-coded image (RFC 9649 §5.2, §6.2.3): for each position, the group its
// block's meta code names; a green symbol below 256 starts a literal (then red, blue, alpha), 256
// to 279 a back reference (length and distance by LZ77 prefix coding, distance codes 1…120
// through the distance map), 280 and above a colour cache entry. Every pixel goes into the cache.
// A reference before the first pixel or past the last is refused, as libwebp refuses it.

extension VP8LDecoder {
    /// (dx, dy) of distance codes 1…120: the pixel dx to the left (negative: right) and dy above.
    static let distanceMap: [(Int, Int)] = [
        (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2), (2, 1), (-2, 1), (2, 2), (-2, 2), (0, 3),
        (3, 0), (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3), (3, 2), (-3, 2), (0, 4), (4, 0), (1, 4), (-1, 4),
        (4, 1), (-4, 1), (3, 3), (-3, 3), (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5), (3, 4), (-3, 4), (4, 3), (-4, 3),
        (5, 0), (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2), (4, 4), (-4, 4), (3, 5), (-3, 5),
        (5, 3), (-5, 3), (0, 6), (6, 0), (1, 6), (-1, 6), (6, 1), (-6, 1), (2, 6), (-2, 6), (6, 2), (-6, 2), (4, 5),
        (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6), (6, 3), (-6, 3), (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5),
        (7, 1), (-7, 1), (4, 6), (-4, 6), (6, 4), (-6, 4), (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7), (7, 3),
        (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5), (8, 0), (4, 7), (-4, 7), (7, 4), (-7, 4), (8, 1), (8, 2), (6, 6),
        (-6, 6), (8, 3), (5, 7), (-5, 7), (7, 5), (-7, 5), (8, 4), (6, 7), (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7),
        (-7, 7), (8, 6), (8, 7)
    ]

    /// A length or distance from its prefix symbol and extra bits.
    mutating func lz77Value(_ prefix: Int) -> Int {
        guard prefix >= 4 else { return prefix + 1 }
        let extra = (prefix - 2) >> 1
        return ((2 + (prefix & 1)) << extra) + reader.bits(extra) + 1
    }

    mutating func pixels(
        width: Int, height: Int, count: Int, groups: [[VP8LPrefixCode]], entropy: [UInt32], entropyWidth: Int,
        prefixBits: Int, groupOf: [Int], cacheBits: Int
    ) throws(ImageFormatError) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: count)
        var cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
        let cacheShift = UInt32(32 - cacheBits)
        var cached = 0  // pixels before this one are in the cache
        var position = 0
        func group(at position: Int) -> [VP8LPrefixCode] {
            guard !entropy.isEmpty else { return groups[0] }
            let x = position % width, y = position / width
            let code = Int(entropy[(y >> prefixBits) * entropyWidth + (x >> prefixBits)] >> 8 & 0xFFFF)
            return groups[groupOf[code]]
        }
        var codes = group(at: 0)
        while position < count {
            if !entropy.isEmpty, position % width & ((1 << prefixBits) - 1) == 0 { codes = group(at: position) }
            let green = codes[0].read(&reader)
            if green < 256 {
                let red = codes[1].read(&reader), blue = codes[2].read(&reader), alpha = codes[3].read(&reader)
                out[position] = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                position += 1
            } else if green < 256 + 24 {
                let length = lz77Value(green - 256)
                let distanceCode = lz77Value(codes[4].read(&reader))
                var distance: Int
                if distanceCode > 120 {
                    distance = distanceCode - 120
                } else {
                    let (dx, dy) = Self.distanceMap[distanceCode - 1]
                    distance = max(1, dx + dy * width)
                }
                guard distance <= position, length <= count - position else {
                    throw fail("a back reference of \(length) pixels at distance \(distance) leaves the image")
                }
                for i in position..<(position + length) { out[i] = out[i - distance] }
                position += length
                if !entropy.isEmpty, position < count { codes = group(at: position) }
            } else {
                let index = green - 280
                guard index < cache.count else { throw fail("colour cache entry \(index) past the cache") }
                out[position] = cache[index]  // the cache holds every pixel before this one
                position += 1
            }
            guard !reader.exhausted else {
                throw fail("the data ends after \(position) of \(count) pixels", .truncated)
            }
            if cacheBits > 0 {
                while cached < position {
                    cache[Int((0x1E35_A7BD &* out[cached]) >> cacheShift)] = out[cached]
                    cached += 1
                }
            }
        }
        return out
    }
}
