// The alpha of a lossy WebP (the ALPH chunk of the WebP Container Specification): a header byte
// (compression 0 raw or 1 lossless, a filter 0–3, a pre-processing hint, two reserved bits that
// must be 0), then the plane, raw or as a lossless image stream without its header whose green
// channel is the alpha; then the filter undone row by row as libwebp undoes it (horizontal:
// each pixel plus the one to its left, the first plus the one above; vertical: plus the one
// above; gradient: plus left + above − above-left clamped; the first row horizontal from 0).
// The pre-processing hint changes nothing (libwebp smooths it only when asked to dither alpha).

enum WebPAlpha {
    static func plane(
        _ bytes: [UInt8], from start: Int, to end: Int, width: Int, height: Int, limits: ImageFormatLimits
    ) throws(ImageFormatError) -> [UInt8] {
        guard start < end else { throw ImageFormatError("WebP", .truncated, at: start, "the ALPH chunk is empty") }
        let header = Int(bytes[start])
        let compression = header & 3, filter = header >> 2 & 3, reserved = header >> 6
        guard compression <= 1, reserved == 0, header >> 4 & 3 <= 1 else {
            throw ImageFormatError(
                "WebP", .corrupt, at: start, "the ALPH chunk's header byte 0x\(String(header, radix: 16)) is not valid")
        }
        var alpha: [UInt8]
        if compression == 0 {
            guard end - start - 1 >= width * height else {
                throw ImageFormatError(
                    "WebP", .truncated, at: start, "the ALPH chunk holds fewer than the \(width * height) alpha values")
            }
            alpha = Array(bytes[(start + 1)..<(start + 1 + width * height)])
        } else {
            var decoder = VP8LDecoder(bytes, from: start + 1, to: end, limits: limits)
            alpha = try decoder.stream(width: width, height: height).map { UInt8($0 >> 8 & 0xFF) }
        }
        unfilter(&alpha, width: width, height: height, filter: filter)
        return alpha
    }

    static func unfilter(_ a: inout [UInt8], width: Int, height: Int, filter: Int) {
        guard filter != 0 else { return }
        for y in 0..<height {
            let row = y * width, above = row - width
            if y == 0 || filter == 1 {
                var predicted: UInt8 = y == 0 ? 0 : a[above]
                for x in 0..<width {
                    a[row + x] &+= predicted
                    predicted = a[row + x]
                }
            } else if filter == 2 {
                for x in 0..<width { a[row + x] &+= a[above + x] }
            } else {
                var left = a[above], topLeft = a[above]
                for x in 0..<width {
                    let top = a[above + x]
                    let g = Int(left) + Int(top) - Int(topLeft)
                    left = a[row + x] &+ UInt8(min(max(g, 0), 255))
                    topLeft = top
                    a[row + x] = left
                }
            }
        }
    }
}
