// The loop filter (RFC 6386 §15) over the whole reconstructed frame, macroblock by macroblock in
// raster order as libwebp runs it: the left macroblock edge, the inner vertical edges, the top
// macroblock edge, the inner horizontal edges, luma then chroma. The simple filter changes one
// pixel each side of luma edges; the normal filter up to three at macroblock edges and two at
// inner edges, or one where the edge variance is high. Inner edges are filtered in B_PRED
// macroblocks and in macroblocks with coefficients.

struct VP8LoopFilter {
    let simple: Bool

    @inline(__always) static func clamp128(_ v: Int) -> Int { min(max(v, -128), 127) }
    @inline(__always) static func clamp255(_ v: Int) -> UInt8 { UInt8(min(max(v, 0), 255)) }

    /// Filters one macroblock's edges in the planes.
    func filter(
        _ y: inout [UInt8], _ u: inout [UInt8], _ v: inout [UInt8], yStride: Int, uvStride: Int, mbx: Int, mby: Int,
        strength: (limit: Int, interior: Int, hev: Int), inner: Bool
    ) {
        let limit = strength.limit
        guard limit > 0 else { return }
        let yOrigin = mby * 16 * yStride + mbx * 16, uvOrigin = mby * 8 * uvStride + mbx * 8
        let (interior, hev) = (strength.interior, strength.hev)
        if simple {
            if mbx > 0 { Self.simpleEdge(&y, yOrigin, step: 1, along: yStride, count: 16, limit: limit + 4) }
            if inner {
                for k in 1..<4 {
                    Self.simpleEdge(&y, yOrigin + 4 * k, step: 1, along: yStride, count: 16, limit: limit)
                }
            }
            if mby > 0 { Self.simpleEdge(&y, yOrigin, step: yStride, along: 1, count: 16, limit: limit + 4) }
            if inner {
                for k in 1..<4 {
                    Self.simpleEdge(&y, yOrigin + 4 * k * yStride, step: yStride, along: 1, count: 16, limit: limit)
                }
            }
            return
        }
        if mbx > 0 {
            Self.edge(&y, yOrigin, step: 1, along: yStride, count: 16, limit + 4, interior, hev, macroblock: true)
            Self.edge(&u, uvOrigin, step: 1, along: uvStride, count: 8, limit + 4, interior, hev, macroblock: true)
            Self.edge(&v, uvOrigin, step: 1, along: uvStride, count: 8, limit + 4, interior, hev, macroblock: true)
        }
        if inner {
            for k in 1..<4 {
                Self.edge(
                    &y, yOrigin + 4 * k, step: 1, along: yStride, count: 16, limit, interior, hev, macroblock: false)
            }
            Self.edge(&u, uvOrigin + 4, step: 1, along: uvStride, count: 8, limit, interior, hev, macroblock: false)
            Self.edge(&v, uvOrigin + 4, step: 1, along: uvStride, count: 8, limit, interior, hev, macroblock: false)
        }
        if mby > 0 {
            Self.edge(&y, yOrigin, step: yStride, along: 1, count: 16, limit + 4, interior, hev, macroblock: true)
            Self.edge(&u, uvOrigin, step: uvStride, along: 1, count: 8, limit + 4, interior, hev, macroblock: true)
            Self.edge(&v, uvOrigin, step: uvStride, along: 1, count: 8, limit + 4, interior, hev, macroblock: true)
        }
        if inner {
            for k in 1..<4 {
                Self.edge(
                    &y, yOrigin + 4 * k * yStride, step: yStride, along: 1, count: 16, limit, interior, hev,
                    macroblock: false)
            }
            Self.edge(
                &u, uvOrigin + 4 * uvStride, step: uvStride, along: 1, count: 8, limit, interior, hev, macroblock: false
            )
            Self.edge(
                &v, uvOrigin + 4 * uvStride, step: uvStride, along: 1, count: 8, limit, interior, hev, macroblock: false
            )
        }
    }

    /// The simple filter across an edge: `step` crosses it, `along` runs along it.
    static func simpleEdge(_ p: inout [UInt8], _ origin: Int, step: Int, along: Int, count: Int, limit: Int) {
        let threshold = 2 * limit + 1
        for i in 0..<count {
            let o = origin + i * along
            let p1 = Int(p[o - 2 * step]), p0 = Int(p[o - step]), q0 = Int(p[o]), q1 = Int(p[o + step])
            if 4 * abs(p0 - q0) + abs(p1 - q1) <= threshold { filter2(&p, o, step, p1, p0, q0, q1) }
        }
    }

    /// One pixel each side: a = 3(q0 − p0) + clamp(p1 − q1).
    @inline(__always)
    static func filter2(_ p: inout [UInt8], _ o: Int, _ step: Int, _ p1: Int, _ p0: Int, _ q0: Int, _ q1: Int) {
        let a = 3 * (q0 - p0) + clamp128(p1 - q1)
        let a1 = clamp128(a + 4) >> 3, a2 = clamp128(a + 3) >> 3
        p[o - step] = clamp255(p0 + a2)
        p[o] = clamp255(q0 - a1)
    }

    /// The normal filter across an edge.
    static func edge(
        _ p: inout [UInt8], _ origin: Int, step: Int, along: Int, count: Int, _ limit: Int, _ interior: Int,
        _ hevThreshold: Int, macroblock: Bool
    ) {
        let threshold = 2 * limit + 1
        for i in 0..<count {
            let o = origin + i * along
            let p3 = Int(p[o - 4 * step]), p2 = Int(p[o - 3 * step]), p1 = Int(p[o - 2 * step]), p0 = Int(p[o - step])
            let q0 = Int(p[o]), q1 = Int(p[o + step]), q2 = Int(p[o + 2 * step]), q3 = Int(p[o + 3 * step])
            guard 4 * abs(p0 - q0) + abs(p1 - q1) <= threshold, abs(p3 - p2) <= interior, abs(p2 - p1) <= interior,
                abs(p1 - p0) <= interior, abs(q3 - q2) <= interior, abs(q2 - q1) <= interior,
                abs(q1 - q0) <= interior
            else { continue }
            if abs(p1 - p0) > hevThreshold || abs(q1 - q0) > hevThreshold {
                filter2(&p, o, step, p1, p0, q0, q1)
            } else if macroblock {
                let a = clamp128(3 * (q0 - p0) + clamp128(p1 - q1))
                let a1 = (27 * a + 63) >> 7, a2 = (18 * a + 63) >> 7, a3 = (9 * a + 63) >> 7
                p[o - 3 * step] = clamp255(p2 + a3)
                p[o - 2 * step] = clamp255(p1 + a2)
                p[o - step] = clamp255(p0 + a1)
                p[o] = clamp255(q0 - a1)
                p[o + step] = clamp255(q1 - a2)
                p[o + 2 * step] = clamp255(q2 - a3)
            } else {
                let a = 3 * (q0 - p0)
                let a1 = clamp128(a + 4) >> 3, a2 = clamp128(a + 3) >> 3
                let a3 = (a1 + 1) >> 1
                p[o - 2 * step] = clamp255(p1 + a3)
                p[o - step] = clamp255(p0 + a2)
                p[o] = clamp255(q0 - a1)
                p[o + step] = clamp255(q1 - a3)
            }
        }
    }
}
