import Raster

// SVG path data (the `d` attribute, SVG 1.1 §8.3 "The grammar for path data",
// https://www.w3.org/TR/SVG11/paths.html#PathDataBNF): moveto, lineto (also horizontal and
// vertical), cubic and quadratic Béziers with their smooth forms, closepath, each absolute
// (upper case) or relative (lower case), numbers separated by white space or commas, and a
// command's letter left out when it repeats (after a moveto, the repeat is a lineto). Elliptical
// arcs (A, a) become cubic Béziers by `EllipticalArc`, without any C library sine or arctangent.

/// A path as drawn: absolute coordinates, smooth curves made explicit.
public struct PathData: Equatable, Sendable {
    public enum Segment: Equatable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case quad(Double, Double, Double, Double)
        case cubic(Double, Double, Double, Double, Double, Double)
        case close
    }

    public var segments: [Segment]

    /// Why a `d` string cannot be read: the offset (in characters, from 0) and what is wrong.
    public struct Failure: Error, Equatable, Sendable {
        public let offset: Int
        public let message: String
    }

    /// Reads a `d` string.
    public init(_ text: String) throws(Failure) {
        var scanner = Scanner(Array(text.unicodeScalars))
        segments = []
        var current = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
        var lastControl: (x: Double, y: Double)?  // reflected by S (cubic) or T (quadratic)
        var lastWasCubic = false, lastWasQuad = false
        var command: Character?
        scanner.skipSeparators()
        if !scanner.atEnd, !(scanner.peekLetter().map { "Mm".contains($0) } ?? false) {
            throw Failure(offset: scanner.offset, message: "path data starts with a moveto (M or m)")
        }
        while true {
            scanner.skipSeparators()
            if scanner.atEnd { break }
            if let letter = scanner.peekLetter() {
                guard "MmLlHhVvCcSsQqTtZzAa".contains(letter) else {
                    throw Failure(
                        offset: scanner.offset,
                        message: "unknown path command \"\(letter)\" (M, L, H, V, C, S, Q, T, Z or lower case)")
                }
                scanner.advance()
                command = letter
            } else if command.map({ "Zz".contains($0) }) ?? true {
                throw Failure(offset: scanner.offset, message: "a number where a path command letter was expected")
            }
            // Set by now: a letter was read, or a command before it repeats.
            guard let letter = command else {
                throw Failure(offset: scanner.offset, message: "a number where a path command letter was expected")
            }
            let relative = letter.isLowercase
            func point() throws(Failure) -> (x: Double, y: Double) {
                let x = try scanner.number(), y = try scanner.number()
                return relative ? (current.x + x, current.y + y) : (x, y)
            }
            var cubicNow = false, quadNow = false
            switch letter {
            case "M", "m":
                let p = try point()
                segments.append(.move(p.x, p.y))
                current = p
                start = p
                command = relative ? "l" : "L"  // repeated pairs are linetos
            case "L", "l":
                let p = try point()
                segments.append(.line(p.x, p.y))
                current = p
            case "H", "h":
                let x = try scanner.number()
                current.x = relative ? current.x + x : x
                segments.append(.line(current.x, current.y))
            case "V", "v":
                let y = try scanner.number()
                current.y = relative ? current.y + y : y
                segments.append(.line(current.x, current.y))
            case "C", "c":
                let c1 = try point(), c2 = try point(), p = try point()
                segments.append(.cubic(c1.x, c1.y, c2.x, c2.y, p.x, p.y))
                lastControl = c2
                current = p
                cubicNow = true
            case "S", "s":
                let c1 = lastWasCubic ? Self.reflection(of: lastControl, about: current) : current
                let c2 = try point(), p = try point()
                segments.append(.cubic(c1.0, c1.1, c2.x, c2.y, p.x, p.y))
                lastControl = c2
                current = p
                cubicNow = true
            case "Q", "q":
                let c = try point(), p = try point()
                segments.append(.quad(c.x, c.y, p.x, p.y))
                lastControl = c
                current = p
                quadNow = true
            case "T", "t":
                let c = lastWasQuad ? Self.reflection(of: lastControl, about: current) : current
                let p = try point()
                segments.append(.quad(c.x, c.y, p.x, p.y))
                lastControl = c
                current = p
                quadNow = true
            case "A", "a":
                let rx = try scanner.number(), ry = try scanner.number(), rotation = try scanner.number()
                let large = try scanner.flag(), sweep = try scanner.flag()
                let p = try point()
                segments +=
                    EllipticalArc(
                        from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep
                    ).segments
                current = p
            default:  // Z, z
                segments.append(.close)
                current = start
            }
            lastWasCubic = cubicNow
            lastWasQuad = quadNow
            if !cubicNow && !quadNow { lastControl = nil }
            if segments.count > Self.maxSegments {
                throw Failure(
                    offset: scanner.offset,
                    message: "more than \(Self.maxSegments) path segments in one path (docs/LIMITS.md): split the path")
            }
        }
    }

    /// The most segments a `d` string may hold (each costs up to 1,024 lines when flattened).
    public static let maxSegments = 100_000

    /// The path in a pixel grid where one unit is `scale` pixels (quantised by Raster's rule).
    /// The control point S and T imply: the last one reflected about the current point, or the
    /// current point when the segment before gave none.
    static func reflection(of control: (x: Double, y: Double)?, about current: (x: Double, y: Double)) -> (
        x: Double, y: Double
    ) {
        guard let control else { return current }
        return (2 * current.x - control.x, 2 * current.y - control.y)
    }

    public func path(scale: Double) -> Path {
        Path(
            segments.map { segment in
                func p(_ x: Double, _ y: Double) -> FixedPoint { FixedPoint(x * scale, y * scale) }
                switch segment {
                case let .move(x, y): return .move(p(x, y))
                case let .line(x, y): return .line(p(x, y))
                case let .quad(cx, cy, x, y): return .quad(p(cx, cy), p(x, y))
                case let .cubic(c1x, c1y, c2x, c2y, x, y): return .cubic(p(c1x, c1y), p(c2x, c2y), p(x, y))
                case .close: return .close
                }
            })
    }
}

/// Characters of a `d` string with SVG's number grammar.
struct Scanner {
    let characters: [Unicode.Scalar]
    var offset = 0

    init(_ characters: [Unicode.Scalar]) {
        self.characters = characters
    }

    var atEnd: Bool { offset >= characters.count }

    mutating func advance() { offset += 1 }

    func peekLetter() -> Character? {
        guard !atEnd, CharacterSetLetters.contains(characters[offset]) else { return nil }
        return Character(characters[offset])
    }

    mutating func skipSeparators() {
        while !atEnd {
            switch characters[offset] {
            case " ", "\t", "\n", "\r", ",": offset += 1
            default: return
            }
        }
    }

    /// An ASCII decimal digit's value, or nil.
    @inline(__always)
    func digit(at index: Int) -> UInt64? {
        guard index < characters.count else { return nil }
        let d = characters[index].value &- 48
        return d < 10 ? UInt64(d) : nil
    }

    /// 10^0 … 10^22, each exactly a binary64.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22
    ]

    /// An arc flag: "0" or "1", which may touch what follows ("a1 1 0 00 10 10").
    mutating func flag() throws(PathData.Failure) -> Bool {
        skipSeparators()
        guard !atEnd, characters[offset] == "0" || characters[offset] == "1" else {
            throw PathData.Failure(offset: offset, message: "an arc flag (0 or 1) was expected here")
        }
        offset += 1
        return characters[offset - 1] == "1"
    }

    /// A number: sign, digits, a point, digits, an exponent (SVG's grammar; "1.5.5" is 1.5 then .5),
    /// the binary64 nearest to it (as `Double(String)` rounds). When its digits make an integer m
    /// of at most 2^53 and its power of ten 10^k has |k| ≤ 22, both are exact binary64s and one
    /// multiplication or division rounds the exact value once (Clinger's fast path, the result
    /// `Double(String)` gives); other numbers are converted by `Double(String)` itself.
    mutating func number() throws(PathData.Failure) -> Double {
        skipSeparators()
        let begin = offset
        var negative = false
        if !atEnd, characters[offset] == "+" || characters[offset] == "-" {
            negative = characters[offset] == "-"
            offset += 1
        }
        var significand: UInt64 = 0, exact = true, digits = 0, fractionDigits = 0
        func take(_ d: UInt64) {
            if significand <= ((1 << 53) - 9) / 10 { significand = significand * 10 + d } else { exact = false }
            digits += 1
        }
        while let d = digit(at: offset) {
            take(d)
            offset += 1
        }
        if !atEnd, characters[offset] == "." {
            offset += 1
            while let d = digit(at: offset) {
                take(d)
                fractionDigits += 1
                offset += 1
            }
        }
        guard digits > 0 else {
            offset = begin
            throw PathData.Failure(offset: begin, message: "a number was expected here")
        }
        var exponent = 0
        if !atEnd, characters[offset] == "e" || characters[offset] == "E" {
            let mark = offset
            offset += 1
            var exponentNegative = false
            if !atEnd, characters[offset] == "+" || characters[offset] == "-" {
                exponentNegative = characters[offset] == "-"
                offset += 1
            }
            let digitsStart = offset
            while let d = digit(at: offset) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(d) } else { exact = false }
                offset += 1
            }
            if offset == digitsStart { offset = mark } else if exponentNegative { exponent = -exponent }
        }
        let scale = exponent - fractionDigits
        var value: Double
        if exact && scale >= -22 && scale <= 22 {
            value = Double(significand)
            value = scale >= 0 ? value * Self.powersOfTen[scale] : value / Self.powersOfTen[-scale]
            if negative { value = -value }
        } else {
            value = Double(String(String.UnicodeScalarView(characters[begin..<offset]))) ?? .nan
        }
        guard value.isFinite, abs(value) <= 1e9 else {
            let text = String(String.UnicodeScalarView(characters[begin..<offset]))
            throw PathData.Failure(
                offset: begin, message: "the number \"\(text)\" is out of range (at most 10^9 in magnitude)")
        }
        return value
    }
}

enum CharacterSetLetters {
    static func contains(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
}

extension PathData {
    /// The path in user space (UIBezierPath's elements), for drawing under a transform.
    public var shapePath: ShapePath {
        ShapePath(
            segments.map { segment in
                switch segment {
                case let .move(x, y): .move(Point2(x, y))
                case let .line(x, y): .line(Point2(x, y))
                case let .quad(cx, cy, x, y): .quad(Point2(cx, cy), Point2(x, y))
                case let .cubic(c1x, c1y, c2x, c2y, x, y): .cubic(Point2(c1x, c1y), Point2(c2x, c2y), Point2(x, y))
                case .close: .close
                }
            })
    }
}
