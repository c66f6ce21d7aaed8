// Core Image's working space and the conversions at the two ends of a chain (docs/COREIMAGE.md
// §Working space). Pixels inside a chain are premultiplied RGBA in linear-light sRGB primaries, one
// binary32 float a channel (SIMD4<Float>), extended range: values may leave [0, 1] between filters.
// Only IEEE 754 +, −, ×, ÷ and square roots touch them, so every machine computes the same bits;
// the tables below are made with Raster's `Transfer` (binary64 basic operations only).

import Raster

/// A working-space pixel: premultiplied linear RGBA.
public typealias WorkingPixel = SIMD4<Float>

public enum WorkingSpace {
    /// Linear light of each sRGB-encoded 8-bit level k: Transfer.decode(k / 255), rounded to binary32.
    static let linearOfLevel: [Float] = (0..<256).map { Float(Transfer.decode(Double($0) / 255)) }

    /// thresholds[k]: the linear value from which level k + 1 is written, Transfer.decode((k + ½) / 255)
    /// rounded to binary32 — so a value takes the level whose sRGB encoding is nearest, halves up;
    /// thresholds[255], +∞, is never reached.
    static let thresholds: [Float] = (0..<255).map { Float(Transfer.decode((Double($0) + 0.5) / 255)) } + [.infinity]

    /// bucketStart[i]: the level of a value i / 4096 (the thresholds below it counted), so a lookup
    /// starts at most one threshold away from its answer (sRGB's steepest slope, 12.92, puts
    /// thresholds at least 1/3295 apart, wider than a bucket of 1/4096).
    static let bucketStart: [UInt8] = (0...4096).map { i in
        let v = Float(i) / 4096
        return UInt8(thresholds.reduce(0) { $0 + ($1 <= v ? 1 : 0) })
    }

    /// The sRGB-encoded 8-bit level of a linear value, clamped to [0, 1]: the number of thresholds
    /// at or below it — the bucket's count, and one more if the one threshold a bucket can hold
    /// lies at or below the value (`bucketStart`).
    @inline(__always)
    static func level(_ value: Float, _ tables: LevelTables) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 255 }
        let k = Int(tables.bucketStart[Int(value * 4096)])
        return UInt8(truncatingIfNeeded: k &+ (value >= tables.thresholds[k] ? 1 : 0))
    }

    /// `thresholds` and `bucketStart` where a loop can read them without a check per read.
    struct LevelTables {
        let thresholds: UnsafePointer<Float>, bucketStart: UnsafePointer<UInt8>
    }

    /// `body` with the level tables (static arrays, alive for the whole run).
    @inline(__always)
    static func withLevelTables<R>(_ body: (LevelTables) -> R) -> R {
        thresholds.withUnsafeBufferPointer { t in
            bucketStart.withUnsafeBufferPointer { b in
                body(LevelTables(thresholds: t.baseAddress!, bucketStart: b.baseAddress!))
            }
        }
    }

    /// A premultiplied sRGB 8-bit pixel in the working space: un-premultiplied as
    /// `PremultipliedColor.straight` rounds it, each level made linear (`linear`: `linearOfLevel`),
    /// then multiplied by a / 255.
    @inline(__always)
    static func working(_ packed: UInt32, _ linear: UnsafePointer<Float>) -> WorkingPixel {
        let alpha = packed >> 24
        if alpha == 0 { return .zero }
        if alpha == 255 {  // what the general case gives: the levels as they are, times 1
            return WorkingPixel(
                linear[Int(packed & 0xFF)], linear[Int(packed >> 8 & 0xFF)], linear[Int(packed >> 16 & 0xFF)], 1)
        }
        let s = PremultipliedColor(packed: packed).straight
        let a = Float(alpha) / 255
        return WorkingPixel(linear[Int(s.r)] * a, linear[Int(s.g)] * a, linear[Int(s.b)] * a, a)
    }

    /// Every pixel of `pixels` written into `target` as premultiplied sRGB 8-bit, as
    /// `createCGImage` writes RGBA8: alpha clamped to [0, 1] (NaN as 0) and rounded (halves up) to
    /// a level; each colour channel divided by the clamped alpha, clamped to [0, 1], encoded to its
    /// nearest level (`level`), and premultiplied as `PremultipliedColor(straightR:g:b:a:)` does.
    /// Four pixels at a time, each lane through the operations the pixel alone would take; the
    /// last one to three padded with transparent pixels whose results are dropped.
    static func pack(_ pixels: UnsafeBufferPointer<WorkingPixel>, into target: UnsafeMutablePointer<UInt32>) {
        guard let base = pixels.baseAddress else { return }
        withLevelTables { tables in
            withUnsafeTemporaryAllocation(of: WorkingPixel.self, capacity: 4) { tail in
                var i = 0
                while i < pixels.count {
                    let count = min(4, pixels.count - i)
                    var source = UnsafePointer(base + i)
                    if count < 4 {
                        for k in 0..<4 { tail[k] = k < count ? base[i + k] : .zero }
                        source = UnsafePointer(tail.baseAddress!)
                    }
                    let q = PixelQuad(source)
                    let a = q.a.clamped01
                    let scaled = a * 255 + 0.5
                    let (r, g, b) = (q.r / a, q.g / a, q.b / a)
                    for k in 0..<count {
                        let a8 = UInt8(scaled[k])
                        target[i + k] =
                            a8 == 0
                            ? 0
                            : PremultipliedColor(
                                straightR: level(r[k], tables), g: level(g[k], tables), b: level(b[k], tables), a: a8
                            ).packed
                    }
                    i += 4
                }
            }
        }
    }

    /// A colour given as Core Image's `CIColor` takes it (sRGB-encoded components, straight alpha;
    /// extended values allowed) in the working space: each component made linear, the sign kept
    /// for negative ones (extended sRGB), then premultiplied.
    public static func color(red: Double, green: Double, blue: Double, alpha: Double) -> WorkingPixel {
        func linear(_ v: Double) -> Double { v < 0 ? -Transfer.decode(-v) : Transfer.decode(v) }
        return WorkingPixel(
            Float(linear(red) * alpha), Float(linear(green) * alpha), Float(linear(blue) * alpha), Float(alpha))
    }
}

/// x clamped to [0, 1], NaN (a filter's 0 / 0) as 0 — Swift's min and max pass NaN through.
@inline(__always)
func clamp01(_ x: Float) -> Float { x > 0 ? (x < 1 ? x : 1) : 0 }

// Sums in a fixed order: SIMD's `sum()` leaves its grouping unspecified, which could change bits
// between compilers.

/// a.x·b.x + a.y·b.y, left to right.
@inline(__always)
func dot(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { a.x * b.x + a.y * b.y }

/// a.x·b.x + a.y·b.y + a.z·b.z, left to right.
@inline(__always)
func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { a.x * b.x + a.y * b.y + a.z * b.z }

/// a.x·b.x + a.y·b.y + a.z·b.z + a.w·b.w, left to right.
@inline(__always)
func dot(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float { a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w }
