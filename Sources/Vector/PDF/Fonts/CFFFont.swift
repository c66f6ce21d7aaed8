import Raster

// An embedded CFF font program (a PDF font's /FontFile3 of subtype /Type1C or /CIDFontType0C, or
// the 'CFF ' table of an /OpenType one; docs/PDF.md §Text), read by Adobe Technical Note #5176,
// "The Compact Font Format Specification" (https://adobe-type-tools.github.io/font-tech-notes/pdfs/5176.CFF.pdf):
// the header, the Name, Top DICT, String and Global Subr INDEXes, the Top DICT's CharStrings,
// charset, Encoding, Private DICT and FontMatrix, and for a CID-keyed font (a Top DICT with ROS)
// its FDArray and FDSelect, each Font DICT with its own Private DICT and local subroutines.
// Glyph outlines are Type 2 charstrings (CFFCharString.swift). Only the first font of the set is
// read (a PDF embeds one). Every offset is checked against the data; a malformed font is an error.

struct CFFFont {
    /// One Private DICT's values a charstring needs.
    struct Private {
        var subrs: CFFIndex
        var defaultWidth = 0.0
        var nominalWidth = 0.0
    }

    let glyphCount: Int
    /// Glyph space to text space: the Top DICT's FontMatrix (1/1000 when it has none), or in a
    /// CID-keyed font one per Font DICT (`glyphMatrix`).
    private let fontMatrices: [AffineTransform]
    /// The first glyph's matrix (the font's, but in a CID-keyed font whose Font DICTs differ).
    var fontMatrix: AffineTransform { fontMatrices[0] }
    /// What reading the program cost (INDEX entries, DICT bytes, charset and FDSelect entries,
    /// name bytes), charged to the page once per program.
    let readWork: Int
    /// Whether the Top DICT has ROS: glyphs are found by CID through the charset.
    let isCIDKeyed: Bool
    let data: [UInt8]
    let charStrings: CFFIndex
    let globalSubrs: CFFIndex
    /// The Private DICTs: one, or one per Font DICT of a CID-keyed font.
    let privates: [Private]
    /// The Font DICT of each glyph in a CID-keyed font (FDSelect); empty otherwise.
    private let fdSelect: [UInt8]
    /// The string ID (or the CID) of each glyph, from the charset; glyph 0 is .notdef.
    private let charset: [Int]
    /// The String INDEX (string IDs from 391 up).
    private let strings: CFFIndex
    /// The glyph a name gives, built from the charset (name-keyed fonts only).
    private let glyphsByName: [String: Int]
    /// The glyph of each CID the charset lists (CID-keyed fonts only; the first glyph of a CID).
    private let cidGlyphs: [Int: Int]
    /// The glyph of each code in the font's own encoding (name-keyed fonts only).
    let builtInEncoding: [Int]

    static let maxGlyphs = 65_536
    /// Reading a program may cost at most this many units (real fonts: a few hundred thousand).
    static let maxReadWork = 1 << 21

    static func error(_ text: String) -> PDFError { PDFError("an embedded CFF font: \(text)") }

    init(_ data: [UInt8]) throws(PDFError) {
        self.data = data
        guard data.count >= 4, data[0] == 1 else {
            throw Self.error(
                data.count >= 4 && data[0] == 2
                    ? "CFF2 (a variable font's outlines) is not read"
                    : "the font program is not CFF (its major version is not 1)")
        }
        // What reading costs, charged as it is done: each INDEX entry, DICT byte, charset and
        // FDSelect entry and byte of a glyph name made (each distinct DICT and name once).
        var work = 0
        func charge(_ units: Int) throws(PDFError) {
            work += units
            guard work <= Self.maxReadWork else {
                throw Self.error(
                    "reading it takes more than \(Self.maxReadWork) units (its INDEXes, DICTs, charset and names; "
                        + "docs/LIMITS.md)")
            }
        }
        func index(at offset: Int) throws(PDFError) -> CFFIndex {
            let index = try CFFIndex(data, at: offset)
            try charge(index.count + 1)
            return index
        }
        func dict(_ range: Range<Int>) throws(PDFError) -> CFFDict {
            try charge(range.count)
            return try CFFDict(data, range)
        }
        let headerSize = Int(data[2])
        guard headerSize >= 4 else { throw Self.error("its header says it is \(headerSize) bytes long") }
        let names = try index(at: headerSize)
        let topDicts = try index(at: names.end)
        let strings = try index(at: topDicts.end)
        let globalSubrs = try index(at: strings.end)
        guard topDicts.count >= 1 else { throw Self.error("it has no Top DICT") }
        let top = try dict(topDicts.range(0))
        self.strings = strings
        self.globalSubrs = globalSubrs
        if let type = top.int(1206), type != 2 {
            throw Self.error("its glyphs are Type \(type) charstrings (ivsim reads Type 2)")
        }
        guard let charStringsOffset = top.int(17) else { throw Self.error("its Top DICT has no CharStrings") }
        charStrings = try index(at: charStringsOffset)
        glyphCount = charStrings.count
        guard glyphCount >= 1, glyphCount <= Self.maxGlyphs else {
            throw Self.error("it has \(glyphCount) glyphs (1 to \(Self.maxGlyphs) are read)")
        }
        isCIDKeyed = top.operands(1230) != nil
        // Private DICTs read once each, however many Font DICTs name them.
        var read: [Int: Private] = [:]
        func privateDict(of fontDict: CFFDict) throws(PDFError) -> Private {
            let (offset, size) = try Self.privateRange(fontDict, in: data)
            if let kept = read[offset << 32 | size] { return kept }
            let privateDict = try dict(offset..<offset + size)
            var subrs = CFFIndex.empty
            if let local = privateDict.int(19) {
                guard local >= 0, local <= data.count - offset else {
                    throw Self.error("its local Subrs lie outside it")
                }
                subrs = try index(at: offset + local)
            }
            let made = Private(
                subrs: subrs, defaultWidth: privateDict.operands(20)?.first ?? 0,
                nominalWidth: privateDict.operands(21)?.first ?? 0)
            read[offset << 32 | size] = made
            return made
        }
        let topMatrix = try Self.matrix(top)
        let standard = AffineTransform(a: 0.001, b: 0, c: 0, d: 0.001, tx: 0, ty: 0)
        if isCIDKeyed {
            guard let fdArrayOffset = top.int(1236), let fdSelectOffset = top.int(1237) else {
                throw Self.error("a CID-keyed font without FDArray or FDSelect")
            }
            let fdArray = try index(at: fdArrayOffset)
            guard (1...256).contains(fdArray.count) else {
                throw Self.error("its FDArray has \(fdArray.count) Font DICTs (1 to 256 are read)")
            }
            var privates: [Private] = []
            var matrices: [AffineTransform] = []
            for i in 0..<fdArray.count {
                let fontDict = try dict(fdArray.range(i))
                // A Font DICT's FontMatrix is applied before the Top DICT's (the identity when
                // the Top DICT has none); without one, the Top DICT's or 1/1000 (docs/PDF.md).
                let own = try Self.matrix(fontDict)
                matrices.append(own.map { (topMatrix ?? .identity).prepending($0) } ?? topMatrix ?? standard)
                privates.append(try privateDict(of: fontDict))
            }
            self.privates = privates
            fontMatrices = matrices
            try charge(glyphCount)
            fdSelect = try Self.fdSelect(data, at: fdSelectOffset, glyphs: glyphCount, fonts: fdArray.count)
        } else {
            privates = [try privateDict(of: top)]
            fontMatrices = [topMatrix ?? standard]
            fdSelect = []
        }
        for matrix in fontMatrices {
            guard [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy({ $0.isFinite }),
                matrix.a * matrix.d - matrix.b * matrix.c != 0
            else {
                throw Self.error("its FontMatrix is not invertible")
            }
        }
        try charge(glyphCount)
        charset = try Self.charset(data, at: top.int(15) ?? 0, glyphs: glyphCount, cid: isCIDKeyed)
        var byName: [String: Int] = [:]
        if !isCIDKeyed {
            // Each string ID's name is made once (a charset may give many glyphs one long name).
            var firstGlyph: [Int: Int] = [:]
            for glyph in 0..<glyphCount where firstGlyph[charset[glyph]] == nil { firstGlyph[charset[glyph]] = glyph }
            for (sid, glyph) in firstGlyph.sorted(by: { $0.value < $1.value }) {
                let name = Self.string(sid, strings: strings, data: data)
                try charge(name.utf8.count)
                if byName[name] == nil { byName[name] = glyph }
            }
        }
        glyphsByName = byName
        var byCID: [Int: Int] = [:]
        if isCIDKeyed {
            for (glyph, cid) in charset.enumerated() where byCID[cid] == nil { byCID[cid] = glyph }
        }
        cidGlyphs = byCID
        var encoding = [Int](repeating: 0, count: 256)
        if !isCIDKeyed {
            try charge(256)
            try Self.readEncoding(
                data, top.int(16) ?? 0, charset: charset, glyphsByName: byName, strings: strings, into: &encoding)
        }
        builtInEncoding = encoding
        readWork = work
    }

    /// Glyph space to text space for `glyph`: its Font DICT's matrix in a CID-keyed font.
    func glyphMatrix(_ glyph: Int) -> AffineTransform {
        fdSelect.isEmpty || glyph < 0 || glyph >= fdSelect.count
            ? fontMatrices[0] : fontMatrices[min(Int(fdSelect[glyph]), fontMatrices.count - 1)]
    }

    /// The glyph named `name`, or nil.
    func glyph(named name: String) -> Int? { glyphsByName[name] }

    /// The glyph of CID `cid` in a CID-keyed font (its charset lists CIDs), or nil.
    func glyph(cid: Int) -> Int? {
        guard isCIDKeyed else { return cid >= 0 && cid < glyphCount ? cid : nil }
        if cid >= 0, cid < charset.count, charset[cid] == cid { return cid }  // the common identity charset
        return cidGlyphs[cid]
    }

    /// The Private DICT of `glyph`.
    func privateDict(of glyph: Int) -> Private {
        fdSelect.isEmpty ? privates[0] : privates[min(Int(fdSelect[glyph]), privates.count - 1)]
    }

    /// The name string ID `sid` stands for.
    static func string(_ sid: Int, strings: CFFIndex, data: [UInt8]) -> String {
        if sid < GlyphNameTables.standardStrings.count { return GlyphNameTables.standardStrings[sid] }
        let i = sid - GlyphNameTables.standardStrings.count
        guard i < strings.count else { return "" }
        return String(decoding: data[strings.range(i)], as: UTF8.self)
    }

    private static func matrix(_ dict: CFFDict) throws(PDFError) -> AffineTransform? {
        guard let m = dict.operands(1207) else { return nil }
        guard m.count == 6 else { throw error("a FontMatrix of \(m.count) numbers") }
        return AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    /// The Private DICT's offset and size a Top or Font DICT gives.
    private static func privateRange(_ dict: CFFDict, in data: [UInt8]) throws(PDFError) -> (offset: Int, size: Int) {
        guard let p = dict.operands(18), p.count == 2, let size = CFFDict.integer(p[0]),
            let offset = CFFDict.integer(p[1]), size >= 0, offset >= 0, offset <= data.count,
            size <= data.count - offset
        else {
            throw error("its Private DICT is missing or runs past the end of the font program")
        }
        return (offset, size)
    }

    /// FDSelect formats 0 and 3: the Font DICT of each glyph.
    private static func fdSelect(_ data: [UInt8], at offset: Int, glyphs: Int, fonts: Int) throws(PDFError)
        -> [UInt8]
    {
        func byte(_ i: Int) throws(PDFError) -> Int {
            guard i >= 0, i < data.count else { throw error("its FDSelect runs past the end of the font program") }
            return Int(data[i])
        }
        func u16(_ i: Int) throws(PDFError) -> Int { try byte(i) << 8 | byte(i + 1) }
        var select = [UInt8](repeating: 0, count: glyphs)
        switch try byte(offset) {
        case 0:
            for g in 0..<glyphs { select[g] = UInt8(try byte(offset + 1 + g)) }
        case 3:
            let ranges = try u16(offset + 1)
            guard ranges >= 1, ranges <= glyphs else { throw error("its FDSelect has \(ranges) ranges") }
            for r in 0..<ranges {
                let at = offset + 3 + 3 * r
                let first = try u16(at), fd = try byte(at + 2), next = try u16(at + 3)
                guard first < next, next <= glyphs else { throw error("its FDSelect's ranges are out of order") }
                for g in first..<next { select[g] = UInt8(fd) }
            }
        default: throw error("its FDSelect has an unknown format")
        }
        guard select.allSatisfy({ Int($0) < fonts }) else { throw error("its FDSelect names a Font DICT it lacks") }
        return select
    }

    /// The charset: the string ID (or CID) of each glyph, glyph 0 being .notdef. Offsets 0, 1 and
    /// 2 are the predefined ISOAdobe, Expert and ExpertSubset charsets, of which ivsim reads the
    /// first (glyph i is string i).
    private static func charset(_ data: [UInt8], at offset: Int, glyphs: Int, cid: Bool) throws(PDFError) -> [Int] {
        guard offset >= 0, offset < data.count else {
            throw error("its charset offset \(offset) lies outside the font program")
        }
        if offset == 0 && !cid { return Array(0..<glyphs) }
        if offset <= 2 {
            guard !cid else { return Array(0..<glyphs) }
            throw error("the predefined Expert charsets are not read")
        }
        func byte(_ i: Int) throws(PDFError) -> Int {
            guard i >= 0, i < data.count else { throw error("its charset runs past the end of the font program") }
            return Int(data[i])
        }
        func u16(_ i: Int) throws(PDFError) -> Int { try byte(i) << 8 | byte(i + 1) }
        var ids = [0]
        ids.reserveCapacity(glyphs)
        let format = try byte(offset)
        var at = offset + 1
        while ids.count < glyphs {
            switch format {
            case 0:
                ids.append(try u16(at))
                at += 2
            case 1, 2:
                let first = try u16(at)
                let left = format == 1 ? try byte(at + 2) : try u16(at + 2)
                at += format == 1 ? 3 : 4
                for k in 0...min(left, glyphs - ids.count - 1) { ids.append(first + k) }
            default: throw error("its charset has an unknown format \(format)")
            }
        }
        return ids
    }

    /// The font's own encoding (Encoding offsets 0 and 1 are the predefined Standard and Expert
    /// encodings; others a format 0 or 1 table, with supplements when the format's top bit is set).
    private static func readEncoding(
        _ data: [UInt8], _ offset: Int, charset: [Int], glyphsByName: [String: Int], strings: CFFIndex,
        into codes: inout [Int]
    ) throws(PDFError) {
        if offset == 0 {
            for (code, name) in GlyphNameTables.standardEncoding.enumerated() where !name.isEmpty {
                codes[code] = glyphsByName[name] ?? 0
            }
            return
        }
        guard offset >= 0, offset < data.count else {
            throw error("its Encoding offset \(offset) lies outside the font program")
        }
        guard offset > 1 else { throw error("the predefined Expert encoding is not read") }
        func byte(_ i: Int) throws(PDFError) -> Int {
            guard i >= 0, i < data.count else { throw error("its Encoding runs past the end of the font program") }
            return Int(data[i])
        }
        let format = try byte(offset)
        var at = offset + 1
        var glyph = 1
        switch format & 0x7F {
        case 0:
            let count = try byte(at)
            for k in 0..<count where glyph + k < charset.count { codes[try byte(at + 1 + k)] = glyph + k }
            at += 1 + count
        case 1:
            let ranges = try byte(at)
            at += 1
            for _ in 0..<ranges {
                let first = try byte(at), left = try byte(at + 1)
                at += 2
                for k in 0...left where first + k < 256 && glyph < charset.count {
                    codes[first + k] = glyph
                    glyph += 1
                }
            }
        default: throw error("its Encoding has an unknown format \(format)")
        }
        if format & 0x80 != 0 {
            let supplements = try byte(at)
            for s in 0..<supplements {
                let code = try byte(at + 1 + 3 * s)
                let sid = try byte(at + 2 + 3 * s) << 8 | byte(at + 3 + 3 * s)
                codes[code] = glyphsByName[string(sid, strings: strings, data: data)] ?? 0
            }
        }
    }

    /// The outline of `glyph` in glyph space (before the FontMatrix), its contours closed.
    func outline(_ glyph: Int) throws(PDFError) -> ShapePath { try outlineAndWork(glyph).path }

    /// The outline and the work reading it took (its charstring operators, subroutines included).
    func outlineAndWork(_ glyph: Int) throws(PDFError) -> (path: ShapePath, work: Int) {
        guard glyph >= 0, glyph < glyphCount else { return (ShapePath(), 1) }
        var run = CFFCharString(font: self)
        try run.execute(glyph: glyph, accents: true)
        return (run.path, run.work)
    }
}

/// A CFF INDEX: a count, an offset size and count + 1 offsets into the data after them.
struct CFFIndex {
    let count: Int
    /// Where the data begins (the byte before the first one is offset 1's origin) and ends.
    private let offsets: [Int]
    /// The first byte after the INDEX.
    let end: Int

    static let empty = CFFIndex()

    private init() {
        count = 0
        offsets = [0]
        end = 0
    }

    init(_ data: [UInt8], at start: Int) throws(PDFError) {
        func byte(_ i: Int) throws(PDFError) -> Int {
            guard i >= 0, i < data.count else { throw CFFFont.error("an INDEX runs past the end of the font program") }
            return Int(data[i])
        }
        count = try byte(start) << 8 | byte(start + 1)
        guard count > 0 else {
            offsets = [0]
            end = start + 2
            return
        }
        let size = try byte(start + 2)
        guard (1...4).contains(size) else { throw CFFFont.error("an INDEX has offsets of \(size) bytes") }
        let table = start + 3
        guard table + (count + 1) * size <= data.count else {
            throw CFFFont.error("an INDEX runs past the end of the font program")
        }
        let base = table + (count + 1) * size - 1
        var offsets: [Int] = []
        offsets.reserveCapacity(count + 1)
        for i in 0...count {
            var v = 0
            for k in 0..<size { v = v << 8 | Int(data[table + i * size + k]) }
            guard v >= 1, v - 1 <= data.count - base - 1, offsets.last.map({ base + v >= $0 }) ?? true else {
                throw CFFFont.error("an INDEX's offsets are out of order or past the end of the font program")
            }
            offsets.append(base + v)
        }
        self.offsets = offsets
        end = offsets[count]
    }

    /// The bytes of item `i` (0-based) in the data.
    func range(_ i: Int) -> Range<Int> { offsets[i]..<offsets[i + 1] }
}

/// A CFF DICT: operators (12 x as 1200 + x) with their operands.
struct CFFDict {
    private var entries: [Int: [Double]] = [:]

    init(_ data: [UInt8], _ range: Range<Int>) throws(PDFError) {
        var operands: [Double] = []
        var at = range.lowerBound
        func byte(_ i: Int) throws(PDFError) -> Int {
            guard i < range.upperBound else { throw CFFFont.error("a DICT is cut short") }
            return Int(data[i])
        }
        while at < range.upperBound {
            let b0 = Int(data[at])
            switch b0 {
            case 0...21:
                var op = b0
                if b0 == 12 {
                    op = 1200 + (try byte(at + 1))
                    at += 1
                }
                entries[op] = operands
                operands = []
                at += 1
            case 28:
                operands.append(Double(Int16(bitPattern: UInt16(try byte(at + 1) << 8 | byte(at + 2)))))
                at += 3
            case 29:
                let v = try byte(at + 1) << 24 | byte(at + 2) << 16 | byte(at + 3) << 8 | byte(at + 4)
                operands.append(Double(Int32(bitPattern: UInt32(v))))
                at += 5
            case 30:
                var text = ""
                var done = false
                at += 1
                while !done {
                    let b = try byte(at)
                    at += 1
                    for nibble in [b >> 4, b & 15] where !done {
                        switch nibble {
                        case 0...9: text += String(nibble)
                        case 0xA: text += "."
                        case 0xB: text += "E"
                        case 0xC: text += "E-"
                        case 0xE: text += "-"
                        case 0xF: done = true
                        default: throw CFFFont.error("a DICT has a real number with a reserved nibble")
                        }
                    }
                    guard text.utf8.count <= 64 else {
                        throw CFFFont.error("a DICT has a real number of over 64 digits")
                    }
                }
                guard let v = Double(text), v.isFinite else {
                    throw CFFFont.error("a DICT has a malformed real number")
                }
                operands.append(v)
            case 32...246:
                operands.append(Double(b0 - 139))
                at += 1
            case 247...250:
                operands.append(Double((b0 - 247) * 256 + (try byte(at + 1)) + 108))
                at += 2
            case 251...254:
                operands.append(Double(-(b0 - 251) * 256 - (try byte(at + 1)) - 108))
                at += 2
            default: throw CFFFont.error("a DICT has the reserved byte \(b0)")
            }
            guard operands.count <= 48 else {
                throw CFFFont.error("a DICT has more than 48 operands in a row (docs/LIMITS.md)")
            }
        }
    }

    func operands(_ op: Int) -> [Double]? { entries[op] }

    /// The operator's single integer operand (an offset or a count), or nil.
    func int(_ op: Int) -> Int? { entries[op]?.last.flatMap(Self.integer) }

    static func integer(_ v: Double) -> Int? { v == v.rounded() && abs(v) <= 2_147_483_647 ? Int(v) : nil }
}
