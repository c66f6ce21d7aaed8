import Raster

// Which glyph a weight and scale get (docs/SYMBOLS.md §Weights and scales), and the two ways of
// making one the file does not hold: interpolating the Small masters, and enlarging a glyph
// from one scale to another about the cap height's middle.

extension SymbolTemplate {
    /// The glyph of `weight` at `scale`: the file's own variant when it has it (a static template's
    /// 27 variants are used as drawn); else, when the file has the three Small masters
    /// (Ultralight-S, Regular-S, Black-S), their interpolation with the weight's scalars, enlarged
    /// to the scale; else the variant nearest in weight (same scale first), enlarged or reduced
    /// to the scale.
    public func glyph(_ weight: SymbolWeight, _ scale: SymbolScale) throws(SymbolError) -> SymbolGlyph {
        if var own = variant(weight, scale) {
            if own.advance == nil { own.advance = mastersAdvance(weight, scale) ?? sharedAdvance(of: own) }
            return own
        }
        if let u = variant(.ultraLight, .small), let r = variant(.regular, .small), let b = variant(.black, .small) {
            let scalars = InterpolationScalars.of(weight, scale)
            let small = try interpolate(ultralight: u, regular: r, black: b, scalars: scalars)
            return enlarged(small, from: 1, to: scale.factor)
        }
        let nearest = ([scale] + SymbolScale.allCases.filter { $0 != scale }).lazy.compactMap { s in
            SymbolWeight.allCases.sorted { abs($0.index - weight.index) < abs($1.index - weight.index) }
                .lazy.compactMap { w in self.variant(w, s).map { (glyph: $0, scale: s) } }.first
        }.first
        guard var found = nearest else {
            throw SymbolError(
                "symbol \"\(name)\" has no variants (no Ultralight-S, Regular-S … Black-L groups in its Symbols group)")
        }
        if found.glyph.advance == nil { found.glyph.advance = sharedAdvance(of: found.glyph) }
        return enlarged(found.glyph, from: found.scale.factor, to: scale.factor)
    }

    /// R + a·(U − R) + b·(B − R) for every point and for the advance; the masters must have the same
    /// paths with the same segments, point for point.
    func interpolate(
        ultralight u: SymbolGlyph, regular r: SymbolGlyph, black b: SymbolGlyph, scalars: InterpolationScalars
    )
        throws(SymbolError) -> SymbolGlyph
    {
        func mix(_ rv: Double, _ uv: Double, _ bv: Double) -> Double {
            scalars.mix(regular: rv, ultralight: uv, black: bv)
        }
        func mix(_ rp: Point2, _ up: Point2, _ bp: Point2) -> Point2 {
            Point2(mix(rp.x, up.x, bp.x), mix(rp.y, up.y, bp.y))
        }
        for (master, label) in [(u, "Ultralight-S"), (b, "Black-S")] where master.paths.count != r.paths.count {
            throw SymbolError(
                "symbol \"\(name)\" cannot be interpolated: \(label) has \(master.paths.count) paths where Regular-S has "
                    + "\(r.paths.count) (the three masters must have the same paths, in the same order)")
        }
        var paths: [SymbolPath] = []
        for (index, regular) in r.paths.enumerated() {
            let ue = u.paths[index].outline.elements, be = b.paths[index].outline.elements
            let re = regular.outline.elements
            var elements: [ShapePath.Element] = []
            elements.reserveCapacity(re.count)
            for (at, element) in re.enumerated() {
                func mismatch(_ label: String, _ other: [ShapePath.Element]) -> SymbolError {
                    let found = at < other.count ? Self.describe(other[at]) : "the end of the path"
                    return SymbolError(
                        "symbol \"\(name)\" cannot be interpolated: path \(index + 1), point \(at + 1): \(label) has "
                            + "\(found) where Regular-S has \(Self.describe(element)) (the masters must match point for point)"
                    )
                }
                guard at < ue.count else { throw mismatch("Ultralight-S", ue) }
                guard at < be.count else { throw mismatch("Black-S", be) }
                switch (element, ue[at], be[at]) {
                case let (.move(rp), .move(up), .move(bp)): elements.append(.move(mix(rp, up, bp)))
                case let (.line(rp), .line(up), .line(bp)): elements.append(.line(mix(rp, up, bp)))
                case let (.quad(r1, r2), .quad(u1, u2), .quad(b1, b2)):
                    elements.append(.quad(mix(r1, u1, b1), mix(r2, u2, b2)))
                case let (.cubic(r1, r2, r3), .cubic(u1, u2, u3), .cubic(b1, b2, b3)):
                    elements.append(.cubic(mix(r1, u1, b1), mix(r2, u2, b2), mix(r3, u3, b3)))
                case (.close, .close, .close): elements.append(.close)
                default:
                    throw Self.sameKind(element, ue[at]) ? mismatch("Black-S", be) : mismatch("Ultralight-S", ue)
                }
            }
            for (label, other) in [("Ultralight-S", ue), ("Black-S", be)] where other.count != re.count {
                throw SymbolError(
                    "symbol \"\(name)\" cannot be interpolated: path \(index + 1) has \(other.count) points in \(label) "
                        + "and \(re.count) in Regular-S (the masters must match point for point)")
            }
            paths.append(regular.with(ShapePath(elements)))
        }
        let advance: Double? =
            if let ra = r.advance, let ua = u.advance, let ba = b.advance { mix(ra, ua, ba) } else {
                sharedAdvance(of: r)
            }
        return SymbolGlyph(paths: paths, advance: advance)
    }

    /// A glyph drawn at one scale's size (`from`, a factor of Small) redrawn at another's: x scaled
    /// about the left margin, y about the line half the cap height above the baseline.
    func enlarged(_ glyph: SymbolGlyph, from: Double, to: Double) -> SymbolGlyph {
        guard from != to else { return glyph }
        let s = to / from, middle = -capHeight / 2
        let transform = AffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: middle - s * middle)
        return SymbolGlyph(
            paths: glyph.paths.map { $0.with($0.outline.applying(transform)) },
            advance: glyph.advance.map { $0 * s })
    }

    /// The advance the Small masters' margins give `weight` at `scale`, when all three have margins
    /// (a static template draws margins only for the masters and Regular-M).
    func mastersAdvance(_ weight: SymbolWeight, _ scale: SymbolScale) -> Double? {
        guard let u = variant(.ultraLight, .small)?.advance, let r = variant(.regular, .small)?.advance,
            let b = variant(.black, .small)?.advance
        else { return nil }
        return InterpolationScalars.of(weight, scale).mix(regular: r, ultralight: u, black: b) * scale.factor
    }

    /// The advance of a glyph without its own margins: its ink between the template's shared
    /// bearings (templates 1.0 and 2.0), or else its ink with a right bearing equal to its left.
    func sharedAdvance(of glyph: SymbolGlyph) -> Double {
        let ink = SymbolBounds.ink(glyph.paths)
        if let bearing = sharedRightBearing { return max(0, ink.maxX + bearing) }
        return max(0, ink.maxX + max(0, ink.minX))
    }

    static func describe(_ element: ShapePath.Element) -> String {
        switch element {
        case .move: "a move"
        case .line: "a line"
        case .quad: "a quadratic curve"
        case .cubic: "a cubic curve"
        case .close: "a close"
        }
    }

    static func sameKind(_ a: ShapePath.Element, _ b: ShapePath.Element) -> Bool {
        describe(a) == describe(b)
    }
}
