import Raster

// An embedded TrueType font program (a PDF font's /FontFile2; docs/PDF.md §Text): the tables a
// glyph's outline needs — `head` (units per em, the `loca` format), `maxp` (the glyph count),
// `loca` and `glyf` (outlines: quadratic contours, on- and off-curve points, composite glyphs
// built of others) — and `cmap` (character codes to glyphs: subtables (1,0), (3,0) and (3,1) in
// formats 0, 4 and 6). The format is Apple's and Microsoft's TrueType specification
// (https://developer.apple.com/fonts/TrueType-Reference-Manual/, and the OpenType specification's
// chapters on these tables, https://learn.microsoft.com/typography/opentype/spec/). Hinting
// instructions are not run (a PDF renders outlines unhinted at any size, as Core Graphics and
// PDFium do for embedded fonts at this size class; docs/PDF.md says where that differs). Every
// offset is checked against the data; limits: 65,536 points, contours and composite parts a
// glyph, composites 8 deep.

struct TrueTypeFont {
    let unitsPerEm: Int
    let glyphCount: Int
    private let data: [UInt8]
    /// `glyf` offsets of glyph i (start, end), absolute in `data`.
    private let locations: [Int]
    /// cmap subtables found, by (platform, encoding): the offset of the subtable.
    private let subtables: [UInt32: Int]
    /// The `post` table's bytes, when the font has one.
    private let post: Range<Int>?
    /// What reading the program cost: its table directory entries, glyph locations and cmap
    /// subtables, charged to the page once per program.
    let readWork: Int

    static let maxPoints = 65_536
    static let maxDepth = 8

    init(_ data: [UInt8]) throws(PDFError) {
        self.data = data
        func error(_ text: String) -> PDFError { PDFError("an embedded TrueType font: \(text)") }
        guard data.count >= 12 else { throw error("the font program is shorter than its header") }
        let version = Self.u32(data, 0)
        guard version == 0x0001_0000 || version == 0x7472_7565 else {  // 1.0 or 'true'
            throw error("the font program is not TrueType (version \(version)); OpenType CFF fonts are not read")
        }
        guard let entries = OpenTypeTables.entries(in: data) else {
            throw error("its table directory runs past its end")
        }
        let count = entries.count
        var tables: [String: (offset: Int, length: Int)] = [:]
        for (tag, offset, length) in entries {
            guard offset <= data.count, length <= data.count - offset else {
                throw error("its table '\(tag)' runs past the end of the font program")
            }
            tables[tag] = (offset, length)
        }
        guard let head = tables["head"], head.length >= 54 else { throw error("it has no 'head' table") }
        guard let maxp = tables["maxp"], maxp.length >= 6 else { throw error("it has no 'maxp' table") }
        guard let loca = tables["loca"], let glyf = tables["glyf"] else {
            throw error("it has no 'loca' or 'glyf' table (outlines)")
        }
        unitsPerEm = Self.u16(data, head.offset + 18)
        guard (16...16_384).contains(unitsPerEm) else { throw error("units per em \(unitsPerEm) is out of range") }
        let longOffsets = Self.u16(data, head.offset + 50) != 0
        glyphCount = Self.u16(data, maxp.offset + 4)
        let entry = longOffsets ? 4 : 2
        guard (glyphCount + 1) * entry <= loca.length else {
            throw error("its 'loca' table is shorter than its glyphs")
        }
        var locations: [Int] = []
        locations.reserveCapacity(glyphCount + 1)
        for i in 0...glyphCount {
            let v = longOffsets ? Self.u32(data, loca.offset + 4 * i) : 2 * Self.u16(data, loca.offset + 2 * i)
            locations.append(glyf.offset + min(v, glyf.length))
        }
        self.locations = locations
        var subtables: [UInt32: Int] = [:]
        if let cmap = tables["cmap"], cmap.length >= 4 {
            let n = Self.u16(data, cmap.offset + 2)
            for i in 0..<min(n, 256) where cmap.offset + 4 + 8 * i + 8 <= cmap.offset + cmap.length {
                let r = cmap.offset + 4 + 8 * i
                let key = UInt32(Self.u16(data, r)) << 16 | UInt32(Self.u16(data, r + 2))
                let offset = cmap.offset + Self.u32(data, r + 4)
                if offset + 6 <= data.count, subtables[key] == nil { subtables[key] = offset }
            }
        }
        self.subtables = subtables
        post = tables["post"].map { $0.offset..<$0.offset + $0.length }
        readWork = count + glyphCount + 1 + subtables.count
    }

    /// The glyph each name of the `post` table names (the first glyph of a name): format 1 names
    /// the first 258 glyphs by the standard Macintosh names; format 2 gives each glyph an index,
    /// below 258 a standard name, else one of the Pascal strings after the indices. Empty for
    /// other formats (3 has no names) and for a damaged table.
    func glyphsByPostName() -> [String: Int] {
        guard let post, post.count >= 34 else { return [:] }
        let d = data
        var names: [String: Int] = [:]
        switch Self.u32(d, post.lowerBound) {
        case 0x0001_0000:
            for (glyph, name) in GlyphNameTables.macintoshGlyphNames.enumerated() where glyph < glyphCount {
                names[name] = names[name] ?? glyph
            }
        case 0x0002_0000:
            let count = min(Self.u16(d, post.lowerBound + 32), glyphCount)
            let indices = post.lowerBound + 34
            guard indices + 2 * count <= post.upperBound else { return [:] }
            // The Pascal strings, in order.
            var strings: [String] = []
            var at = indices + 2 * count
            while at < post.upperBound, strings.count < 65_536 {
                let length = Int(d[at])
                guard at + 1 + length <= post.upperBound else { break }
                strings.append(String(decoding: d[(at + 1)..<(at + 1 + length)], as: UTF8.self))
                at += 1 + length
            }
            for glyph in 0..<count {
                let index = Self.u16(d, indices + 2 * glyph)
                let name =
                    index < 258
                    ? GlyphNameTables.macintoshGlyphNames[index]
                    : (index - 258 < strings.count ? strings[index - 258] : nil)
                if let name, names[name] == nil { names[name] = glyph }
            }
        default: break
        }
        return names
    }

    static func u16(_ d: [UInt8], _ i: Int) -> Int { i + 2 <= d.count ? Int(d[i]) << 8 | Int(d[i + 1]) : 0 }
    static func s16(_ d: [UInt8], _ i: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(d, i)))) }
    static func u32(_ d: [UInt8], _ i: Int) -> Int { u16(d, i) << 16 | u16(d, i + 2) }

    /// Whether the font has the cmap subtable (platform, encoding).
    func hasSubtable(_ platform: Int, _ encoding: Int) -> Bool {
        subtables[UInt32(platform) << 16 | UInt32(encoding)] != nil
    }

    /// The glyph the subtable (platform, encoding) gives `code`, or nil (no subtable, or 0).
    func glyph(_ code: Int, platform: Int, encoding: Int) -> Int? {
        guard let at = subtables[UInt32(platform) << 16 | UInt32(encoding)], code >= 0 else { return nil }
        let d = data
        let glyph: Int
        switch Self.u16(d, at) {
        case 0:  // byte encoding table: 256 glyph ids
            guard code < 256, at + 6 + code < d.count else { return nil }
            glyph = Int(d[at + 6 + code])
        case 6:  // trimmed table mapping
            let first = Self.u16(d, at + 6), count = Self.u16(d, at + 8)
            guard code >= first, code - first < count else { return nil }
            glyph = Self.u16(d, at + 10 + 2 * (code - first))
        case 4:  // segment mapping to delta values
            guard code <= 0xFFFF else { return nil }
            let segments = Self.u16(d, at + 6) / 2
            let ends = at + 14, starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments, ranges = deltas + 2 * segments
            guard ranges + 2 * segments <= d.count else { return nil }
            // The first segment whose end is at least the code: ends ascend (a binary search; out
            // of order in a damaged font, it finds some segment, still in log time).
            var low = 0, high = segments
            while low < high {
                let middle = (low + high) / 2
                if Self.u16(d, ends + 2 * middle) >= code { high = middle } else { low = middle + 1 }
            }
            let s = low
            guard s < segments, Self.u16(d, ends + 2 * s) >= code, Self.u16(d, starts + 2 * s) <= code else {
                return nil
            }
            let delta = Self.u16(d, deltas + 2 * s), range = Self.u16(d, ranges + 2 * s)
            if range == 0 {
                glyph = (code + delta) & 0xFFFF
            } else {
                let at = ranges + 2 * s + range + 2 * (code - Self.u16(d, starts + 2 * s))
                let g = Self.u16(d, at)
                glyph = g == 0 ? 0 : (g + delta) & 0xFFFF
            }
        default: return nil
        }
        return glyph > 0 && glyph < glyphCount ? glyph : nil
    }

    /// The outline of `glyph` in font units (y up), its contours closed; composites assembled.
    func outline(_ glyph: Int) throws(PDFError) -> ShapePath { try outlineAndWork(glyph).path }

    /// The outline and the work reading it took: its points, contours and composite parts (at
    /// most `maxPoints` in all, whatever the outline holds in the end).
    func outlineAndWork(_ glyph: Int) throws(PDFError) -> (path: ShapePath, work: Int) {
        var path = ShapePath()
        var points = 0
        try append(glyph, transform: .identity, depth: 0, points: &points, into: &path)
        return (path, points)
    }

    private func append(
        _ glyph: Int, transform: AffineTransform, depth: Int, points: inout Int, into path: inout ShapePath
    ) throws(PDFError) {
        guard glyph >= 0, glyph < glyphCount else { return }
        let start = locations[glyph], end = locations[glyph + 1]
        guard end - start >= 10 else { return }  // an empty glyph (a space)
        let d = data
        let contours = Self.s16(d, start)
        if contours >= 0 {
            try appendSimple(start, end: end, contours: contours, transform: transform, points: &points, into: &path)
            return
        }
        guard depth < Self.maxDepth else {
            throw PDFError("an embedded TrueType font: a composite glyph nests more than \(Self.maxDepth) deep")
        }
        var at = start + 10
        while true {
            guard at + 4 <= end else { throw PDFError("an embedded TrueType font: a composite glyph is cut short") }
            let flags = Self.u16(d, at), component = Self.u16(d, at + 2)
            at += 4
            guard flags & 0x2 != 0 else {
                throw PDFError(
                    "an embedded TrueType font: a composite glyph places a part by matching points (not read)")
            }
            let dx: Int, dy: Int
            if flags & 0x1 != 0 {
                dx = Self.s16(d, at)
                dy = Self.s16(d, at + 2)
                at += 4
            } else {
                dx = Int(Int8(bitPattern: d[min(at, d.count - 1)]))
                dy = Int(Int8(bitPattern: d[min(at + 1, d.count - 1)]))
                at += 2
            }
            func f2dot14(_ i: Int) -> Double { Double(Self.s16(d, i)) / 16_384 }
            var (a, b, c, e) = (1.0, 0.0, 0.0, 1.0)
            if flags & 0x8 != 0 {
                a = f2dot14(at)
                e = a
                at += 2
            } else if flags & 0x40 != 0 {
                a = f2dot14(at)
                e = f2dot14(at + 2)
                at += 4
            } else if flags & 0x80 != 0 {
                (a, b, c, e) = (f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6))
                at += 8
            }
            guard at <= end else { throw PDFError("an embedded TrueType font: a composite glyph is cut short") }
            // The offset is not scaled unless SCALED_COMPONENT_OFFSET (0x800) says so.
            var offset = (Double(dx), Double(dy))
            if flags & 0x800 != 0 { offset = (a * offset.0 + c * offset.1, b * offset.0 + e * offset.1) }
            let part = AffineTransform(a: a, b: b, c: c, d: e, tx: offset.0, ty: offset.1)
            // Each part counts as a point, so that parts of parts of empty glyphs stay bounded.
            points += 1
            guard points <= Self.maxPoints else {
                throw PDFError("an embedded TrueType font: a glyph has more than \(Self.maxPoints) points and parts")
            }
            try append(component, transform: transform.prepending(part), depth: depth + 1, points: &points, into: &path)
            if flags & 0x20 == 0 { break }
        }
    }

    private func appendSimple(
        _ start: Int, end: Int, contours: Int, transform: AffineTransform, points total: inout Int,
        into path: inout ShapePath
    ) throws(PDFError) {
        let d = data
        func cut() -> PDFError { PDFError("an embedded TrueType font: a glyph's outline is cut short") }
        var at = start + 10
        guard at + 2 * contours + 2 <= end else { throw cut() }
        var ends: [Int] = []
        for i in 0..<contours { ends.append(Self.u16(d, at + 2 * i)) }
        at += 2 * contours
        let count = contours == 0 ? 0 : (ends.last ?? -1) + 1
        guard ends == ends.sorted(), count <= Self.maxPoints else {
            throw PDFError("an embedded TrueType font: a glyph's contours are out of order or too many points")
        }
        total += count + max(contours, 1)  // each contour is work, even one of no points
        guard total <= Self.maxPoints else {
            throw PDFError(
                "an embedded TrueType font: a glyph has more than \(Self.maxPoints) points, contours and parts")
        }
        at += 2 + Self.u16(d, at)  // the instructions, not run
        var flags: [UInt8] = []
        flags.reserveCapacity(count)
        while flags.count < count {
            guard at < end else { throw cut() }
            let f = d[at]
            at += 1
            flags.append(f)
            if f & 0x08 != 0 {
                guard at < end else { throw cut() }
                let repeats = Int(d[at])
                at += 1
                for _ in 0..<min(repeats, count - flags.count) { flags.append(f) }
            }
        }
        func coordinates(short: UInt8, same: UInt8) throws(PDFError) -> [Int] {
            var values: [Int] = []
            values.reserveCapacity(count)
            var v = 0
            for f in flags {
                if f & short != 0 {
                    guard at < end else { throw cut() }
                    v += f & same != 0 ? Int(d[at]) : -Int(d[at])
                    at += 1
                } else if f & same == 0 {
                    guard at + 2 <= end else { throw cut() }
                    v += Self.s16(d, at)
                    at += 2
                }
                values.append(v)
            }
            return values
        }
        let xs = try coordinates(short: 0x02, same: 0x10)
        let ys = try coordinates(short: 0x04, same: 0x20)
        var first = 0
        for last in ends {
            guard last >= first else { continue }
            let contour = (first...last).map { i in
                (point: Point2(Double(xs[i]), Double(ys[i])).applying(transform), on: flags[i] & 0x01 != 0)
            }
            Self.appendContour(contour, into: &path)
            first = last + 1
        }
    }

    /// One closed contour of on- and off-curve points as quadratic Béziers: two off-curve points
    /// in a row imply an on-curve point halfway between them.
    static func appendContour(_ points: [(point: Point2, on: Bool)], into path: inout ShapePath) {
        guard points.count > 1 else { return }
        func mid(_ a: Point2, _ b: Point2) -> Point2 { Point2((a.x + b.x) / 2, (a.y + b.y) / 2) }
        let startIndex = points.firstIndex { $0.on }
        let start = startIndex.map { points[$0].point } ?? mid(points[0].point, points[1].point)
        let offset = startIndex ?? 0
        path.elements.append(.move(start))
        var control: Point2?
        for k in 1...points.count {
            let p = points[(offset + k) % points.count]
            if p.on {
                path.elements.append(control.map { .quad($0, p.point) } ?? .line(p.point))
                control = nil
            } else {
                if let c = control { path.elements.append(.quad(c, mid(c, p.point))) }
                control = p.point
            }
        }
        if let c = control { path.elements.append(.quad(c, start)) }  // all off-curve: back to the start
        path.elements.append(.close)
    }
}
