import Raster

// Numbers, lengths, lists and transforms in SVG attributes (SVG 1.1 §4 and §7.6,
// https://www.w3.org/TR/SVG11/coords.html#TransformAttribute). Skews take tangents as sin/cos of
// `Trigonometry`, so every transform is the same on every machine.

package enum SVGValues {
    /// A length in px: a number, optionally with an absolute CSS unit (CSS Values 3 §6.2: 1in =
    /// 96px, 1cm = 96/2.54px, 1mm = 1/10cm, 1pt = 1/72in, 1pc = 12pt) or em (16px, the initial
    /// font size, as browsers take it); nil when it is not one.
    static func length(_ text: String) -> Double? {
        let t = text.trimmingSpaces
        let units: [(String, Double)] = [
            ("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4),
            ("em", 16)
        ]
        for (unit, factor) in units where t.hasSuffix(unit) {
            return number(String(t.dropLast(2))).map { $0 * factor }
        }
        return number(t)
    }

    /// Why `text` is not a length `length` reads: for a number it cannot hold ("1e300", "1e400"),
    /// the range `expected` (the unit is not the problem); for anything else, the unit.
    static func lengthRefusal(_ name: String, _ text: String, expected: String) -> String {
        let t = text.trimmingSpaces.lowercased()
        let digits = t.hasSuffix("px") ? String(t.dropLast(2)) : t
        // A number's characters only (Double(String) alone would also take "0x10" and "inf").
        let numeric = !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }
        if numeric, Double(digits) != nil { return "\(name)=\"\(text)\": expected \(expected)" }
        return "\(name)=\"\(text)\": expected a length in px (other units and percentages are not read)"
    }

    /// A whole string that is one SVG number.
    package static func number(_ text: String) -> Double? {
        var scanner = Scanner(Array(text.trimmingSpaces.unicodeScalars))
        guard let value = try? scanner.number(), scanner.atEnd else { return nil }
        return value
    }

    /// A number or a percentage (as a fraction: "50%" is 0.5, and `percentOf` scales it).
    static func numberOrPercentage(_ text: String, percentOf base: Double = 1) -> Double? {
        let t = text.trimmingSpaces
        if t.hasSuffix("%") { return number(String(t.dropLast())).map { $0 / 100 * base } }
        return length(t)
    }

    /// Numbers separated by white space and/or commas.
    static func numbers(_ text: String) -> [Double]? {
        if case let .values(values) = numberList(text) { values } else { nil }
    }

    /// The most numbers one list (points, a viewBox, dashes) may hold.
    static let maxNumbers = 1_000_000

    enum NumberList {
        case values([Double])
        case invalid
        /// A number past 10^9 in magnitude (PathData's bound), with the scanner's message.
        case outOfRange(String)
        /// More than `maxNumbers`.
        case tooMany
    }

    /// Numbers separated by white space and commas, or why not.
    static func numberList(_ text: String) -> NumberList {
        var scanner = Scanner(Array(text.unicodeScalars))
        var values: [Double] = []
        while true {
            scanner.skipSeparators()
            if scanner.atEnd { return .values(values) }
            let value: Double
            do throws(PathData.Failure) {
                value = try scanner.number()
            } catch {
                // The scanner stops past a number it read but cannot take, at the start of none.
                return scanner.offset > error.offset ? .outOfRange(error.message) : .invalid
            }
            values.append(value)
            if values.count > maxNumbers { return .tooMany }
        }
    }

    /// An element's `transform` attribute (identity without one).
    static func transform(of element: XMLElement) throws(SVGError) -> AffineTransform {
        guard let text = element["transform"] else { return .identity }
        guard let t = transform(text) else {
            throw SVGError(
                element: element,
                message: "transform=\"\(text)\": expected matrix, translate, scale, rotate, skewX or skewY")
        }
        return t
    }

    /// A transform list, applied left to right as SVG nests them (the first is outermost).
    package static func transform(_ text: String) -> AffineTransform? {
        var result = AffineTransform.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { " \t\n\r,".contains($0) }
            if rest.isEmpty { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingCharacters(in: " \t\n\r")
            guard let args = numbers(String(rest[rest.index(after: open)..<close])) else { return nil }
            let t: AffineTransform
            switch (name, args.count) {
            case ("matrix", 6):
                t = AffineTransform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])
            case ("translate", 1): t = .translation(args[0], 0)
            case ("translate", 2): t = .translation(args[0], args[1])
            case ("scale", 1): t = .scale(args[0], args[0])
            case ("scale", 2): t = .scale(args[0], args[1])
            case ("rotate", 1): t = .rotation(degrees: args[0])
            case ("rotate", 3):
                t = AffineTransform.translation(args[1], args[2]).prepending(.rotation(degrees: args[0])).prepending(
                    .translation(-args[1], -args[2]))
            case ("skewX", 1), ("skewY", 1):
                let (s, c) = Trigonometry.sinCos(degrees: args[0])
                guard c != 0 else { return nil }
                t =
                    name == "skewX"
                    ? AffineTransform(a: 1, b: 0, c: s / c, d: 1, tx: 0, ty: 0)
                    : AffineTransform(a: 1, b: s / c, c: 0, d: 1, tx: 0, ty: 0)
            default: return nil
            }
            result = result.prepending(t)
            rest = rest[rest.index(after: close)...]
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
