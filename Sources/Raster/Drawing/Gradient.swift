// Axial and radial gradients (CGContext.drawLinearGradient / drawRadialGradient), docs/RENDERING.md
// §11. Pixel centres are mapped to user space by a `PixelMapping` and taken in 1/256 user units
// (⌊u / 2^24⌋); the gradient's points and radii are quantised to the same units (§1's rule).
// The parameter t is found in 1/65536 units, exactly:
//
//   axial:  t = round(((P − P0)·D) · 65536 / (D·D)),  D = P1 − P0
//   radial: circles C(t) = C0 + t·(C1 − C0) with radius r(t) = r0 + t·(r1 − r0); for p = P − C0,
//           dc = C1 − C0, dr = r1 − r0:  a = dc·dc − dr², b = p·dc + r0·dr, c = p·p − r0²;
//           t = (b ± ⌊√(b² − a·c)⌋) / a (a = 0: t = c / 2b): the larger root whose radius is not
//           negative and which is painted (inside 0…1, or extended), else the smaller one.
//           Products are taken in 128 bits; quotients are clamped to ±2^40 (far outside 0…1).
//
// Colours: stops at locations rounded to 1/65536, straight RGBA; between two stops each channel is
// c0 + round((c1 − c0) · f / 65536) with f = round((t − l0) · 65536 / (l1 − l0)); before the first
// stop and after the last the end colours, painted only with `extendsStart` / `extendsEnd`
// (drawsBeforeStartLocation / drawsAfterEndLocation); the result is premultiplied by §2's rule.

/// A colour stop of a gradient.
public struct GradientStop: Equatable, Sendable {
    /// 0…1.
    public var location: Double
    /// Straight RGBA8.
    public var color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    public init(location: Double, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.location = location
        color = (r, g, b, a)
    }

    public static func == (l: GradientStop, r: GradientStop) -> Bool {
        l.location == r.location && l.color == r.color
    }
}

/// A gradient's geometry, in user space.
public enum GradientShape: Equatable, Sendable {
    case axial(start: Point2, end: Point2)
    case radial(startCenter: Point2, startRadius: Double, endCenter: Point2, endRadius: Double)
}

public struct Gradient: Equatable, Sendable {
    public var shape: GradientShape
    public var stops: [GradientStop]
    public var extendsStart: Bool
    public var extendsEnd: Bool

    public init(shape: GradientShape, stops: [GradientStop], extendsStart: Bool = false, extendsEnd: Bool = false) {
        self.shape = shape
        self.stops = stops
        self.extendsStart = extendsStart
        self.extendsEnd = extendsEnd
    }
}

/// A gradient made ready for pixels: quantised geometry and stops.
struct GradientShader {
    let mapping: PixelMapping
    let stops: [(location: Int64, r: Int64, g: Int64, b: Int64, a: Int64)]
    let extendsStart: Bool
    let extendsEnd: Bool
    let geometry: Geometry

    enum Geometry {
        case axial(x0: Int64, y0: Int64, dx: Int64, dy: Int64, lengthSquared: Int64)
        case radial(x0: Int64, y0: Int64, r0: Int64, dcx: Int64, dcy: Int64, dr: Int64, a: Int64)
    }

    /// `toUser`: device to user space.
    init(_ gradient: Gradient, toUser: AffineTransform) {
        mapping = PixelMapping(toUser)
        func q(_ v: Double) -> Int64 { Int64(Path.clamp(quantize(v))) }
        stops = gradient.stops
            .map {
                (
                    Int64((min(max($0.location.isNaN ? 0 : $0.location, 0), 1) * 65536).rounded(.toNearestOrEven)),
                    Int64($0.color.r), Int64($0.color.g),
                    Int64($0.color.b), Int64($0.color.a)
                )
            }
            .enumerated().sorted { $0.element.0 != $1.element.0 ? $0.element.0 < $1.element.0 : $0.offset < $1.offset }
            .map(\.element)
        extendsStart = gradient.extendsStart
        extendsEnd = gradient.extendsEnd
        switch gradient.shape {
        case let .axial(start, end):
            let (x0, y0) = (q(start.x), q(start.y))
            let (dx, dy) = (q(end.x) - x0, q(end.y) - y0)
            geometry = .axial(x0: x0, y0: y0, dx: dx, dy: dy, lengthSquared: dx * dx + dy * dy)
        case let .radial(c0, r0, c1, r1):
            let (x0, y0, qr0) = (q(c0.x), q(c0.y), q(max(0, r0)))
            let (dcx, dcy, dr) = (q(c1.x) - x0, q(c1.y) - y0, q(max(0, r1)) - qr0)
            geometry = .radial(x0: x0, y0: y0, r0: qr0, dcx: dcx, dcy: dcy, dr: dr, a: dcx * dcx + dcy * dcy - dr * dr)
        }
    }

    /// The premultiplied colour at pixel (x, y), or nil where the gradient paints nothing.
    func shade(_ x: Int, _ y: Int) -> UInt32? {
        let (u, v) = mapping.map(x, y)
        // In 1/256 user units, kept within ±2^26 (far outside any gradient's ±2^24) so that
        // every product below fits.
        let px = min(max(u >> 24, -(1 << 26)), 1 << 26), py = min(max(v >> 24, -(1 << 26)), 1 << 26)
        guard let t = parameter(px, py) else { return nil }
        if let table, t >= 0, t <= 65536 { return table[Int(t)] }
        return color(at: t)
    }

    /// color(at:) for every t in 0…65536, made once for a gradient that paints many pixels (the
    /// same values, looked up instead of interpolated per pixel).
    var table: [UInt32]?

    /// The shader with its table when it will shade more than `pixels` pixels (twice the table).
    func tabulated(for pixels: Int) -> GradientShader {
        guard pixels > 2 * 65537, !stops.isEmpty else { return self }
        var shader = self
        shader.table = (0...65536).map { color(at: Int64($0)) ?? 0 }
        return shader
    }

    /// t in 1/65536, or nil.
    func parameter(_ px: Int64, _ py: Int64) -> Int64? {
        switch geometry {
        case let .axial(x0, y0, dx, dy, lengthSquared):
            guard lengthSquared > 0 else { return nil }  // CG draws nothing for coincident points
            let n = (px - x0) * dx + (py - y0) * dy
            return WideArithmetic.clampedMulDiv(n, 65536, lengthSquared)
        case let .radial(x0, y0, r0, dcx, dcy, dr, a):
            let p = (x: px - x0, y: py - y0)
            let b = p.x * dcx + p.y * dcy + r0 * dr
            let c = p.x * p.x + p.y * p.y - r0 * r0
            // A root counts where its radius is not negative and it is painted: inside 0…1, or
            // before or after with the extension (PDF's rule for radial shadings, which Quartz
            // follows: the larger such root).
            func valid(_ t: Int64) -> Bool {
                r0 * 65536 + t * dr >= 0 && (t >= 0 || extendsStart) && (t <= 65536 || extendsEnd)
            }
            if a == 0 {
                guard b != 0 else { return nil }
                let t = clampT(WideArithmetic.clampedMulDiv(c, 65536 / 2, b))
                return valid(t) ? t : nil
            }
            guard let root = WideArithmetic.squareRootOfDifference(b, b, a, c) else { return nil }
            let t1 = clampT(WideArithmetic.clampedMulDiv(b + root, 65536, a))
            let t2 = clampT(WideArithmetic.clampedMulDiv(b - root, 65536, a))
            let (larger, smaller) = t1 >= t2 ? (t1, t2) : (t2, t1)
            return valid(larger) ? larger : valid(smaller) ? smaller : nil
        }
    }

    /// t kept within ±2^36 (far outside 0…1) so that t·dr fits 64 bits.
    func clampT(_ t: Int64) -> Int64 { min(max(t, -(1 << 36)), 1 << 36) }

    func color(at t: Int64) -> UInt32? {
        guard let first = stops.first, let last = stops.last else { return nil }
        if t < first.location {
            guard t >= 0 || extendsStart else { return nil }
            return premultiplied(first.r, first.g, first.b, first.a)
        }
        if t >= last.location {
            guard t <= 65536 || extendsEnd else { return nil }
            return premultiplied(last.r, last.g, last.b, last.a)
        }
        // The last stop at or before t (binary search; first.location ≤ t < last.location).
        var low = 0, high = stops.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if stops[mid].location <= t { low = mid } else { high = mid }
        }
        let i = low
        let s0 = stops[i], s1 = stops[i + 1]
        let f = roundedDivideSigned((t - s0.location) * 65536, s1.location - s0.location)
        func mix(_ a: Int64, _ b: Int64) -> Int64 { a + roundedDivideSigned((b - a) * f, 65536) }
        return premultiplied(mix(s0.r, s1.r), mix(s0.g, s1.g), mix(s0.b, s1.b), mix(s0.a, s1.a))
    }

    func premultiplied(_ r: Int64, _ g: Int64, _ b: Int64, _ a: Int64) -> UInt32 {
        PremultipliedColor(straightR: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(a)).packed
    }
}

/// 128-bit steps the gradients need.
enum WideArithmetic {
    /// a · b / c rounded (halves up), with a 128-bit product, clamped to ±2^40 (c ≠ 0).
    static func clampedMulDiv(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        let limit: Int64 = 1 << 40
        // When 2ab + c fits in 64 bits: the same ⌊(2ab + c) / 2c⌋ (c > 0) in one division, then
        // the clamp (a quotient at or beyond ±2^40 rounds to at least the limit, so clamping the
        // exact rounded quotient gives what the 128-bit path gives).
        if c != .min, b != .min {
            let (c1, b1) = c < 0 ? (-c, -b) : (c, b)
            let (ab, o1) = a.multipliedReportingOverflow(by: b1)
            let (twice, o2) = ab.multipliedReportingOverflow(by: 2)
            let (n, o3) = twice.addingReportingOverflow(c1)
            if !o1, !o2, !o3, c1 > 0, c1 < 1 << 61 {
                let (q, r) = n.quotientAndRemainder(dividingBy: 2 * c1)  // n > Int64.min: no overflow
                return min(max(r < 0 ? q - 1 : q, -limit), limit)
            }
        }
        let product = a.multipliedFullWidth(by: b)
        // |a·b| ≥ 2^40·|c| would give a quotient beyond the clamp (and maybe beyond 64 bits).
        let negative = (product.high < 0) != (c < 0)
        let magnitude = (
            high: product.high < 0
                ? ~UInt64(bitPattern: product.high) &+ (product.low == 0 ? 1 : 0) : UInt64(product.high),
            low: product.high < 0 ? ~product.low &+ 1 : product.low
        )
        let bound = c.magnitude.multipliedFullWidth(by: UInt64(limit))
        if magnitude.high > bound.high || (magnitude.high == bound.high && magnitude.low >= bound.low) {
            return negative ? -limit : limit
        }
        return CoverageRasterizer.roundedMulDiv(a, b, c)
    }

    /// ⌊√(p·q − r·s)⌋, or nil when the difference is negative.
    static func squareRootOfDifference(_ p: Int64, _ q: Int64, _ r: Int64, _ s: Int64) -> Int64? {
        // Where both products and their difference fit 64 bits (a gradient a few hundred units
        // across), the same floor in 64-bit steps.
        let (pq, o1) = p.multipliedReportingOverflow(by: q), (rs, o2) = r.multipliedReportingOverflow(by: s)
        if !o1, !o2 {
            let (difference, o3) = pq.subtractingReportingOverflow(rs)
            if !o3 { return difference < 0 ? nil : Int64(floorSquareRoot(UInt64(difference))) }
        }
        return wideSquareRootOfDifference(p, q, r, s)
    }

    /// squareRootOfDifference in 128-bit steps throughout.
    static func wideSquareRootOfDifference(_ p: Int64, _ q: Int64, _ r: Int64, _ s: Int64) -> Int64? {
        let left = p.multipliedFullWidth(by: q), right = r.multipliedFullWidth(by: s)
        // left − right as a signed 128-bit (high, low).
        let (low, borrow) = left.low.subtractingReportingOverflow(right.low)
        let high = left.high &- right.high &- (borrow ? 1 : 0)
        if high < 0 { return nil }
        let value = (high: UInt64(high), low: low)
        let estimate = (Double(value.high) * 18_446_744_073_709_551_616.0 + Double(value.low)).squareRoot()
        var root = UInt64(min(estimate, 9.0e18))
        func square(_ x: UInt64) -> (high: UInt64, low: UInt64) { x.multipliedFullWidth(by: x) }
        func greater(_ a: (high: UInt64, low: UInt64), _ b: (high: UInt64, low: UInt64)) -> Bool {
            a.high != b.high ? a.high > b.high : a.low > b.low
        }
        while root > 0 && greater(square(root), value) { root -= 1 }
        while !greater(square(root + 1), value) { root += 1 }
        return Int64(root)
    }

    /// ⌊√v⌋: the square root of the nearest double, corrected to the exact floor.
    static func floorSquareRoot(_ v: UInt64) -> UInt64 {
        var root = UInt64(min(Double(v).squareRoot(), 4_294_967_295))
        while root > 0 {
            let (square, overflow) = root.multipliedReportingOverflow(by: root)
            if !overflow && square <= v { break }
            root -= 1
        }
        while true {
            let (square, overflow) = (root + 1).multipliedReportingOverflow(by: root + 1)
            if overflow || square > v { return root }
            root += 1
        }
    }
}
