import Raster

// A Type 2 charstring run into an outline (Adobe Technical Note #5177, "The Type 2 Charstring
// Format", https://adobe-type-tools.github.io/font-tech-notes/pdfs/5177.Type2.pdf): numbers
// (32–254, 28 and 255's 16.16 fixed point) pushed on a stack of at most 48; the path operators
// (r/h/vmoveto, r/h/vlineto, rrcurveto, hh/vv/hv/vhcurveto, rcurveline, rlinecurve, flex, hflex,
// hflex1, flex1), each moveto and endchar closing the contour before; hints read and passed over
// (their stems are counted so that hintmask and cntrmask skip the right number of bytes); local and
// global subroutines (callsubr, callgsubr, return) with the bias of their count, 10 deep; the
// width (an extra first operand of the first stack-clearing operator) taken off; endchar with four
// more operands as Type 1's seac, an accented glyph made of two glyphs of StandardEncoding. The
// arithmetic and storage operators (deprecated in later revisions of the format) are refused, as
// is `random`, which would make a glyph differ from run to run. Coordinates are exact in Doubles.

struct CFFCharString {
    let font: CFFFont
    private(set) var path = ShapePath()
    /// Operators and operands run, subroutines included (at most `maxWork`).
    private(set) var work = 0
    private var stack: [Double] = []
    private var x = 0.0, y = 0.0
    private var open = false
    private var stems = 0
    private var widthTaken = false
    private var ended = false
    private var depth = 0
    private var glyph = 0

    static let maxStack = 48
    static let maxDepth = 10
    static let maxStems = 96
    static let maxWork = 65_536

    init(font: CFFFont) { self.font = font }

    private func error(_ text: String) -> PDFError { CFFFont.error("glyph \(glyph)'s charstring \(text)") }

    /// Runs `glyph`'s charstring; with `accents`, endchar may compose it of two glyphs (seac).
    mutating func execute(glyph: Int, accents: Bool) throws(PDFError) {
        self.glyph = glyph
        try run(font.charStrings.range(glyph), font.privateDict(of: glyph), accents: accents)
        closeContour()
    }

    private mutating func run(_ range: Range<Int>, _ priv: CFFFont.Private, accents: Bool) throws(PDFError) {
        guard depth <= Self.maxDepth else { throw error("calls subroutines more than \(Self.maxDepth) deep") }
        let d = font.data
        var at = range.lowerBound
        func byte() throws(PDFError) -> Int {
            guard at < range.upperBound else { throw error("is cut short") }
            defer { at += 1 }
            return Int(d[at])
        }
        while at < range.upperBound, !ended {
            work += 1
            guard work <= Self.maxWork else {
                throw error("runs more than \(Self.maxWork) operators and operands")
            }
            let b0 = try byte()
            switch b0 {
            case 32...246: try push(Double(b0 - 139))
            case 247...250: try push(Double((b0 - 247) * 256 + (try byte()) + 108))
            case 251...254: try push(Double(-(b0 - 251) * 256 - (try byte()) - 108))
            case 28: try push(Double(Int16(bitPattern: UInt16(try byte() << 8 | byte()))))
            case 255:
                let v = try byte() << 24 | byte() << 16 | byte() << 8 | byte()
                try push(Double(Int32(bitPattern: UInt32(v))) / 65_536)
            case 10, 29:  // callsubr, callgsubr
                let subrs = b0 == 10 ? priv.subrs : font.globalSubrs
                guard let n = stack.popLast() else { throw error("calls a subroutine with no number") }
                let bias = subrs.count < 1_240 ? 107 : subrs.count < 33_900 ? 1_131 : 32_768
                guard let i = CFFDict.integer(n).map({ $0 + bias }), i >= 0, i < subrs.count else {
                    throw error(
                        "calls subroutine \(CFFDict.integer(n).map(String.init) ?? String(n)) (biased by \(bias)) of "
                            + "\(subrs.count)")
                }
                depth += 1
                try run(subrs.range(i), priv, accents: accents)
                depth -= 1
            case 11: return  // return
            case 12: try escaped(try byte())
            case 19, 20:  // hintmask, cntrmask: a vstem's operands may come first
                try stemHints()
                at += (stems + 7) / 8
            default: try pathOperator(b0, accents: accents)
            }
        }
    }

    private mutating func push(_ v: Double) throws(PDFError) {
        guard stack.count < Self.maxStack else {
            throw error("has more than \(Self.maxStack) operands in a row (docs/LIMITS.md)")
        }
        stack.append(v)
    }

    /// Takes the width off the stack: the first stack-clearing operator has it as an extra first
    /// operand when `extra` (its operand count is one more than it takes).
    private mutating func width(_ extra: Bool) {
        if !widthTaken, extra, !stack.isEmpty { stack.removeFirst() }
        widthTaken = true
    }

    private mutating func stemHints() throws(PDFError) {
        width(stack.count % 2 == 1)
        stems += stack.count / 2
        guard stems <= Self.maxStems else { throw error("has more than \(Self.maxStems) stem hints") }
        stack.removeAll(keepingCapacity: true)
    }

    private mutating func closeContour() {
        if open { path.elements.append(.close) }
        open = false
    }

    private mutating func moveTo(_ dx: Double, _ dy: Double) {
        closeContour()
        x += dx
        y += dy
        path.elements.append(.move(Point2(x, y)))
        open = true
    }

    private mutating func startIfNeeded() {
        if !open {
            path.elements.append(.move(Point2(x, y)))
            open = true
        }
    }

    private mutating func lineTo(_ dx: Double, _ dy: Double) {
        startIfNeeded()
        x += dx
        y += dy
        path.elements.append(.line(Point2(x, y)))
    }

    private mutating func curveTo(_ d: [Double]) {
        startIfNeeded()
        let c1 = Point2(x + d[0], y + d[1])
        let c2 = Point2(c1.x + d[2], c1.y + d[3])
        x = c2.x + d[4]
        y = c2.y + d[5]
        path.elements.append(.cubic(c1, c2, Point2(x, y)))
    }

    private func need(_ count: Int, _ name: String, multipleOf step: Int = 0) throws(PDFError) {
        guard stack.count >= count, step == 0 || (stack.count - count) % step == 0 else {
            throw error("gives \(name) \(stack.count) operands")
        }
    }

    private mutating func pathOperator(_ op: Int, accents: Bool) throws(PDFError) {
        let s = stack
        switch op {
        case 1, 3, 18, 23:
            try stemHints()  // hstem, vstem, hstemhm, vstemhm
            return
        case 21:  // rmoveto
            width(s.count > 2)
            try need(2, "rmoveto")
            moveTo(stack[stack.count - 2], stack[stack.count - 1])
        case 22, 4:  // hmoveto, vmoveto
            width(s.count > 1)
            try need(1, op == 22 ? "hmoveto" : "vmoveto")
            let v = stack[stack.count - 1]
            op == 22 ? moveTo(v, 0) : moveTo(0, v)
        case 5:  // rlineto
            try need(2, "rlineto", multipleOf: 2)
            for i in stride(from: 0, to: s.count, by: 2) { lineTo(s[i], s[i + 1]) }
        case 6, 7:  // hlineto, vlineto: alternating
            try need(1, op == 6 ? "hlineto" : "vlineto")
            for (i, v) in s.enumerated() {
                (i % 2 == 0) == (op == 6) ? lineTo(v, 0) : lineTo(0, v)
            }
        case 8:  // rrcurveto
            try need(6, "rrcurveto", multipleOf: 6)
            for i in stride(from: 0, to: s.count, by: 6) { curveTo(Array(s[i..<i + 6])) }
        case 24:  // rcurveline
            try need(8, "rcurveline", multipleOf: 6)
            for i in stride(from: 0, to: s.count - 2, by: 6) { curveTo(Array(s[i..<i + 6])) }
            lineTo(s[s.count - 2], s[s.count - 1])
        case 25:  // rlinecurve
            try need(8, "rlinecurve", multipleOf: 2)
            for i in stride(from: 0, to: s.count - 6, by: 2) { lineTo(s[i], s[i + 1]) }
            curveTo(Array(s[(s.count - 6)...]))
        case 26, 27:  // vvcurveto, hhcurveto: an odd first operand moves across
            try need(4, op == 26 ? "vvcurveto" : "hhcurveto")
            var across = s.count % 4 == 1 ? s[0] : 0
            guard (s.count - (s.count % 4 == 1 ? 1 : 0)) % 4 == 0 else {
                throw error("gives \(op == 26 ? "vvcurveto" : "hhcurveto") \(s.count) operands")
            }
            for i in stride(from: s.count % 4, to: s.count, by: 4) {
                let (a, b, c, e) = (s[i], s[i + 1], s[i + 2], s[i + 3])
                curveTo(op == 26 ? [across, a, b, c, 0, e] : [a, across, b, c, e, 0])
                across = 0
            }
        case 30, 31:  // vhcurveto, hvcurveto: alternating, a fifth operand last
            try need(4, op == 30 ? "vhcurveto" : "hvcurveto")
            guard s.count % 4 == 0 || s.count % 4 == 1 else {
                throw error("gives \(op == 30 ? "vhcurveto" : "hvcurveto") \(s.count) operands")
            }
            var horizontal = op == 31
            for i in stride(from: 0, to: s.count - 3, by: 4) {
                let last = i + 4 >= s.count - 1 ? (s.count % 4 == 1 ? s[s.count - 1] : 0) : 0
                let (a, b, c, e) = (s[i], s[i + 1], s[i + 2], s[i + 3])
                curveTo(horizontal ? [a, 0, b, c, last, e] : [0, a, b, c, e, last])
                horizontal.toggle()
            }
        case 14:  // endchar
            width(s.count == 1 || s.count == 5)
            if stack.count >= 4 {
                guard accents else { throw error("composes an accented glyph of another accented glyph") }
                try accented(Array(stack[(stack.count - 4)...]))
            }
            closeContour()
            ended = true
        default: throw error("has the operator \(op), which is not read")
        }
        stack.removeAll(keepingCapacity: true)
    }

    /// endchar's seac form: `adx ady bchar achar` — the base glyph of StandardEncoding code bchar,
    /// then the accent of code achar moved by (adx, ady).
    private mutating func accented(_ v: [Double]) throws(PDFError) {
        func glyph(_ code: Double) throws(PDFError) -> Int {
            guard let c = CFFDict.integer(code), (0..<256).contains(c),
                let g = font.glyph(named: GlyphNameTables.standardEncoding[c])
            else {
                throw error("composes an accented glyph of code \(code), which the font lacks")
            }
            return g
        }
        let base = try glyph(v[2]), accent = try glyph(v[3])
        closeContour()
        for (part, offset) in [(base, (0.0, 0.0)), (accent, (v[0], v[1]))] {
            var run = CFFCharString(font: font)
            run.work = work
            try run.execute(glyph: part, accents: false)
            work = run.work
            path.elements += run.path.applying(.translation(offset.0, offset.1)).elements
        }
    }

    private mutating func escaped(_ op: Int) throws(PDFError) {
        let s = stack
        switch op {
        case 35:  // flex: two curves and a depth (fd, not used)
            try need(13, "flex")
            curveTo(Array(s[0..<6]))
            curveTo(Array(s[6..<12]))
        case 34:  // hflex
            try need(7, "hflex")
            curveTo([s[0], 0, s[1], s[2], s[3], 0])
            curveTo([s[4], 0, s[5], -s[2], s[6], 0])
        case 36:  // hflex1
            try need(9, "hflex1")
            curveTo([s[0], s[1], s[2], s[3], s[4], 0])
            curveTo([s[5], 0, s[6], s[7], s[8], -(s[1] + s[3] + s[7])])
        case 37:  // flex1: the last point moves along the longer axis
            try need(11, "flex1")
            let dx = s[0] + s[2] + s[4] + s[6] + s[8], dy = s[1] + s[3] + s[5] + s[7] + s[9]
            curveTo(Array(s[0..<6]))
            let last = abs(dx) > abs(dy) ? [s[10], -dy] : [-dx, s[10]]
            curveTo([s[6], s[7], s[8], s[9]] + last)
        default: throw error("has the operator 12 \(op), which is not read (arithmetic and storage are refused)")
        }
        stack.removeAll(keepingCapacity: true)
    }
}
