// Four working pixels at once, a plane per channel (lane i is the i-th pixel), so that a colour
// filter runs each binary32 operation on four pixels in one vector instruction. Every lane goes
// through exactly the operations, in the order, that the pixel alone would (docs/COREIMAGE.md
// §Arithmetic): the bits are those of one pixel at a time.

/// Four pixels' red, green, blue and alpha planes.
struct PixelQuad {
    var r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>

    /// The four pixels from `p`.
    @inline(__always)
    init(_ p: UnsafePointer<WorkingPixel>) {
        let (p0, p1, p2, p3) = (p[0], p[1], p[2], p[3])
        r = SIMD4(p0.x, p1.x, p2.x, p3.x)
        g = SIMD4(p0.y, p1.y, p2.y, p3.y)
        b = SIMD4(p0.z, p1.z, p2.z, p3.z)
        a = SIMD4(p0.w, p1.w, p2.w, p3.w)
    }

    @inline(__always)
    init(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// The four pixels written to `p`.
    @inline(__always)
    func store(_ p: UnsafeMutablePointer<WorkingPixel>) {
        p[0] = WorkingPixel(r[0], g[0], b[0], a[0])
        p[1] = WorkingPixel(r[1], g[1], b[1], a[1])
        p[2] = WorkingPixel(r[2], g[2], b[2], a[2])
        p[3] = WorkingPixel(r[3], g[3], b[3], a[3])
    }

    /// Quads a block holds: 256 pixels, 4 KiB, which stay in the first-level cache while every
    /// filter of a run goes over them.
    static let block = 64

    /// `body` over the pixels of `pixels` in place, a block of quads at a time (each pixel read and
    /// written once); the last one to three pixels padded with transparent ones whose results are
    /// dropped.
    @inline(__always)
    static func forEachBlock(
        _ pixels: UnsafeMutableBufferPointer<WorkingPixel>, _ body: (UnsafeMutableBufferPointer<PixelQuad>) -> Void
    ) {
        guard let base = pixels.baseAddress else { return }
        withUnsafeTemporaryAllocation(of: PixelQuad.self, capacity: block) { quads in
            withUnsafeTemporaryAllocation(of: WorkingPixel.self, capacity: 4) { tail in
                var start = 0
                while start < pixels.count {
                    let count = min(pixels.count - start, 4 * block), n = (count + 3) / 4
                    for q in 0..<n {
                        let first = start + 4 * q
                        if first + 4 <= pixels.count {
                            quads[q] = PixelQuad(base + first)
                        } else {
                            for k in 0..<4 { tail[k] = first + k < pixels.count ? base[first + k] : .zero }
                            quads[q] = PixelQuad(tail.baseAddress!)
                        }
                    }
                    body(UnsafeMutableBufferPointer(rebasing: quads[0..<n]))
                    for q in 0..<n {
                        let first = start + 4 * q
                        if first + 4 <= pixels.count {
                            quads[q].store(base + first)
                        } else {
                            quads[q].store(tail.baseAddress!)
                            for k in 0..<(pixels.count - first) { base[first + k] = tail[k] }
                        }
                    }
                    start += count
                }
            }
        }
    }
}

/// Four pixels' un-premultiplied colours, a plane per channel.
struct ColourQuad {
    var r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>

    @inline(__always)
    init(_ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>) { (self.r, self.g, self.b) = (r, g, b) }

    /// w.x·r + w.y·g + w.z·b, left to right (`dot` of each pixel's colour with w).
    @inline(__always)
    func dot(_ w: SIMD3<Float>) -> SIMD4<Float> { r * w.x + g * w.y + b * w.z }

    /// Each colour times the matching lane of `s`'s channels.
    @inline(__always)
    static func * (c: ColourQuad, s: SIMD3<Float>) -> ColourQuad { ColourQuad(c.r * s.x, c.g * s.y, c.b * s.z) }
}

extension SIMD4 where Scalar == Float {
    /// Lane by lane, `y >= x ? y : x` — Swift's `max(x, y)` for one pixel.
    @inline(__always)
    static func swiftMax(_ x: Self, _ y: Self) -> Self { x.replacing(with: y, where: y .>= x) }

    /// Lane by lane `clamp01`: x within [0, 1], NaN as 0.
    @inline(__always)
    var clamped01: Self {
        let held = Self(repeating: 1).replacing(with: self, where: self .< 1)
        return Self.zero.replacing(with: held, where: self .> 0)
    }
}
