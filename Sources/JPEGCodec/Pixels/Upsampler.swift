// Upsampling a component to the image's size as libjpeg-turbo does by default (jdsample.c with
// do_fancy_upsampling, its default): the ratio of the component's sampling factors to the largest
// ones picks the method.
//   1×1          copy
//   2×1          "fancy" triangle: each output is 3/4 of the nearer input and 1/4 of the further,
//                rounded alternately down and up (+1, +2 before >> 2); the first and last output
//                copy the edge input. Plain doubling when the component is 2 samples wide or less.
//   1×2          fancy vertically: 3/4 this row + 1/4 the row above (upper output, +1) or below
//                (lower output, +2), >> 2.
//   2×2          fancy both ways: column sums c = 3·this row + the row above (upper output) or below
//                (lower output), then (3·c + left neighbour's c + 8) >> 4 and (3·c + right's + 7)
//                >> 4; the first output is (4·c + 8) >> 4, the last (4·c + 7) >> 4. Plain 2×2
//                replication when the component is 2 samples wide or less.
//   other whole ratios (4×1, 4×2, 2×4, …): each sample repeated.
// The row above the first is the first row itself and the row below the last is the last
// (libjpeg's context rows); columns stop at the component's own width. docs/JPEG.md §Upsampling.
//
// As Apple's decoder does (JPEGDecoder.Upsampling.imageIO, measured against images UIKit drew;
// docs/JPEG.md §Upsampling as UIKit shows it): 2×2 and 1×2 with the same triangles, but never
// across a block of the component — the neighbour in the next or previous 8-sample block (or past
// the component's edge) is the sample itself — and 2×2 rounded the other way round: the left
// output (3·c + neighbour's c + 7) >> 4, the right (… + 8) >> 4; 1×2 keeps +1 and +2. 2×1 is
// libjpeg-turbo's, across blocks (as UIKit drew a 4:2:2 file).

enum Upsampler {
    enum Method {
        case copy, h2v1Fancy, h1v2Fancy, h2v2Fancy, replicate(h: Int, v: Int)
        case h1v2Blocked, h2v2Blocked
    }

    static func method(for component: Component, in frame: Frame, upsampling: JPEGDecoder.Upsampling) -> Method {
        let h = frame.maxH / component.h, v = frame.maxV / component.v
        if upsampling == .imageIO {
            switch (h, v) {
            case (1, 2): return .h1v2Blocked
            case (2, 2): return .h2v2Blocked
            default: break  // 2×1 across blocks, as libjpeg-turbo
            }
        }
        switch (h, v) {
        case (1, 1): return .copy
        case (2, 1): return component.width > 2 ? .h2v1Fancy : .replicate(h: 2, v: 1)
        case (1, 2): return .h1v2Fancy
        case (2, 2): return component.width > 2 ? .h2v2Fancy : .replicate(h: 2, v: 2)
        default: return .replicate(h: h, v: v)
        }
    }

    /// The row next to row `r` on the side output row `y` lies (above for an even `y`), or `r`
    /// itself when that row is in another block row or outside the component.
    @inline(__always)
    static func blockedNeighbourRow(_ y: Int, _ r: Int, height: Int) -> Int {
        let n = y & 1 == 0 ? r - 1 : r + 1
        return n >= 0 && n < height && n >> 3 == r >> 3 ? n : r
    }

    /// Output row `y` of the component (at least `frame.width` samples) into `out`, from its plane
    /// (`stride` bytes a row, `width` × `height` samples used).
    @inline(__always)
    static func row(
        _ y: Int, method: Method, plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        switch method {
        case .copy:
            out.update(from: plane + y * stride, count: width)
        case .h2v1Fancy:
            let input = plane + y * stride
            var o = out
            o[0] = input[0]
            o[1] = UInt8((Int(input[0]) * 3 + Int(input[1]) + 2) >> 2)
            o += 2
            if width > 2 {
                for x in 1..<(width - 1) {
                    let this = Int(input[x]) * 3
                    o[0] = UInt8((this + Int(input[x - 1]) + 1) >> 2)
                    o[1] = UInt8((this + Int(input[x + 1]) + 2) >> 2)
                    o += 2
                }
            }
            let last = Int(input[width - 1])
            o[0] = UInt8((last * 3 + Int(input[width - 2]) + 1) >> 2)
            o[1] = UInt8(last)
        case .h1v2Fancy:
            let r = y >> 1
            let upper = y & 1 == 0
            let near = plane + r * stride
            let far = plane + (upper ? max(r - 1, 0) : min(r + 1, height - 1)) * stride
            let bias = upper ? 1 : 2
            for x in 0..<width { out[x] = UInt8((Int(near[x]) * 3 + Int(far[x]) + bias) >> 2) }
        case .h2v2Fancy:
            let r = y >> 1
            let near = plane + r * stride
            let far = plane + (y & 1 == 0 ? max(r - 1, 0) : min(r + 1, height - 1)) * stride
            @inline(__always) func sum(_ x: Int) -> Int { Int(near[x]) * 3 + Int(far[x]) }
            var this = sum(0), next = sum(1), last = this
            out[0] = UInt8((this * 4 + 8) >> 4)
            out[1] = UInt8((this * 3 + next + 7) >> 4)
            last = this; this = next
            var o = out + 2
            if width > 2 {
                for x in 2..<width {
                    next = sum(x)
                    o[0] = UInt8((this * 3 + last + 8) >> 4)
                    o[1] = UInt8((this * 3 + next + 7) >> 4)
                    last = this; this = next
                    o += 2
                }
            }
            o[0] = UInt8((this * 3 + last + 8) >> 4)
            o[1] = UInt8((this * 4 + 7) >> 4)
        case .h1v2Blocked:
            let r = y >> 1
            let near = plane + r * stride
            let far = plane + blockedNeighbourRow(y, r, height: height) * stride
            let bias = y & 1 == 0 ? 1 : 2
            for x in 0..<width { out[x] = UInt8((Int(near[x]) * 3 + Int(far[x]) + bias) >> 2) }
        case .h2v2Blocked:
            let r = y >> 1
            let near = plane + r * stride
            let far = plane + blockedNeighbourRow(y, r, height: height) * stride
            @inline(__always) func sum(_ x: Int) -> Int { Int(near[x]) * 3 + Int(far[x]) }
            var this = sum(0)
            for x in 0..<width {
                let left = x & 7 != 0 ? sum(x - 1) : this
                let next = x + 1 < width ? sum(x + 1) : this
                let right = x & 7 != 7 ? next : this
                out[2 * x] = UInt8((this * 3 + left + 7) >> 4)
                out[2 * x + 1] = UInt8((this * 3 + right + 8) >> 4)
                this = next
            }
        case let .replicate(h, v):
            let input = plane + (y / v) * stride
            var o = out
            for x in 0..<width {
                let value = input[x]
                for _ in 0..<h { o.pointee = value; o += 1 }
            }
        }
    }
}
