// PackBits run-length data, as TIFF (compression 32773) and Photoshop files (compression 1) write
// it: a count byte n, then n + 1 literal bytes (n 0…127) or the next byte repeated 1 − n times
// (n −127…−1); −128 is skipped. Decoding stops when the output is full; output the data does not
// reach is left as it was (zeros in a fresh buffer), as libtiff and Pillow leave a short row.

enum PackBits {
    /// Decodes `data` into `out[start..<start + count]`.
    static func decode(_ data: ArraySlice<UInt8>, into out: inout [UInt8], start: Int, count: Int) {
        var o = start
        let end = start + count
        var p = data.startIndex
        while p < data.endIndex, o < end {
            let n = Int(Int8(bitPattern: data[p]))
            p += 1
            if n >= 0 {
                let take = min(n + 1, data.endIndex - p, end - o)
                for i in 0..<take { out[o + i] = data[p + i] }
                o += take
                p += n + 1
            } else if n != -128, p < data.endIndex {
                let take = min(1 - n, end - o)
                let value = data[p]
                for i in 0..<take { out[o + i] = value }
                o += take
                p += 1
            }
        }
    }
}
