// The tokens of PDF syntax (ISO 32000-1 §7.2–7.3): white space and comments skipped; numbers,
// strings (literal and hexadecimal), names with #xx escapes, delimiters, and every other run of
// regular characters as a keyword (true, false, null, R, obj, stream, and content operators).

enum PDFToken: Equatable {
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case keyword(String)
    case arrayStart, arrayEnd, dictionaryStart, dictionaryEnd
}

struct PDFLexer {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        position = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    static func isWhite(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00
    }

    static func isDelimiter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    static func isRegular(_ c: UInt8) -> Bool { !isWhite(c) && !isDelimiter(c) }

    /// Skips white space and comments.
    mutating func skipWhite() {
        while position < end {
            let c = bytes[position]
            if Self.isWhite(c) {
                position += 1
            } else if c == UInt8(ascii: "%") {
                while position < end, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next token, or nil at the end.
    mutating func next() throws(PDFError) -> PDFToken? {
        skipWhite()
        guard position < end else { return nil }
        let start = position
        let c = bytes[position]
        switch c {
        case UInt8(ascii: "["): position += 1; return .arrayStart
        case UInt8(ascii: "]"): position += 1; return .arrayEnd
        case UInt8(ascii: "<"):
            if position + 1 < end, bytes[position + 1] == UInt8(ascii: "<") { position += 2; return .dictionaryStart }
            return .string(try hexString())
        case UInt8(ascii: ">"):
            if position + 1 < end, bytes[position + 1] == UInt8(ascii: ">") { position += 2; return .dictionaryEnd }
            throw .at(start, "a lone \">\"")
        case UInt8(ascii: "("): return .string(try literalString())
        case UInt8(ascii: "/"): return .name(name())
        case UInt8(ascii: "{"), UInt8(ascii: "}"):
            // PostScript calculator braces (§7.10.5); anywhere else, a keyword no reader accepts.
            position += 1
            return .keyword(c == UInt8(ascii: "{") ? "{" : "}")
        case UInt8(ascii: ")"):
            throw .at(start, "unexpected \")\"")
        default:
            while position < end, Self.isRegular(bytes[position]) { position += 1 }
            let word = bytes[start..<position]
            guard Self.isNumberSyntax(word) else { return .keyword(String(decoding: word, as: UTF8.self)) }
            guard let number = Self.number(word) else {
                throw .at(
                    start,
                    "the number \(String(decoding: word, as: UTF8.self)) (\(word.count) characters) is too large to be read"
                )
            }
            return number
        }
    }

    /// The number a word written as one (`isNumberSyntax`) is (§7.3.3); an integer too large for
    /// Int is read as a real; nil past a Double.
    static func number(_ word: ArraySlice<UInt8>) -> PDFToken? {
        var text = String(decoding: word, as: UTF8.self)
        if !word.contains(UInt8(ascii: ".")), let value = Int(text) { return .integer(value) }
        if text.hasPrefix("+") { text.removeFirst() }
        if text.hasSuffix(".") { text += "0" }
        if text.hasPrefix(".") { text = "0" + text }
        if text.hasPrefix("-.") { text = "-0" + text.dropFirst() }
        guard let value = Double(text), value.isFinite else { return nil }
        return .real(value)
    }

    /// Whether the word is written as a number: an optional sign, digits with at most one period.
    static func isNumberSyntax(_ word: ArraySlice<UInt8>) -> Bool {
        var digits = 0, periods = 0
        for (i, c) in word.enumerated() {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): periods += 1
            case UInt8(ascii: "+") where i == 0, UInt8(ascii: "-") where i == 0: break
            default: return false
            }
        }
        return digits > 0 && periods <= 1
    }

    /// A name after its "/", with #xx escapes decoded (§7.3.5).
    mutating func name() -> String {
        position += 1
        var out: [UInt8] = []
        while position < end, Self.isRegular(bytes[position]) {
            let c = bytes[position]
            if c == UInt8(ascii: "#"), position + 2 < end, let h = Self.hex(bytes[position + 1]),
                let l = Self.hex(bytes[position + 2])
            {
                out.append(h << 4 | l)
                position += 3
            } else {
                out.append(c)
                position += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// <hex digits>, white space ignored, an odd last digit followed by 0 (§7.3.4.3).
    mutating func hexString() throws(PDFError) -> [UInt8] {
        let start = position
        position += 1
        var out: [UInt8] = [], high: UInt8?
        while position < end {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: ">") {
                if let high { out.append(high << 4) }
                return out
            }
            if Self.isWhite(c) { continue }
            guard let v = Self.hex(c) else {
                throw .at(position - 1, "a hexadecimal string holds \"\(Character(Unicode.Scalar(c)))\"")
            }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        throw .at(start, "a hexadecimal string is not closed")
    }

    /// (literal), with balanced parentheses, escapes and end-of-line rules (§7.3.4.2).
    mutating func literalString() throws(PDFError) -> [UInt8] {
        let start = position
        position += 1
        var out: [UInt8] = [], depth = 1
        while position < end {
            let c = bytes[position]
            position += 1
            switch c {
            case UInt8(ascii: "("):
                depth += 1
                out.append(c)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return out }
                out.append(c)
            case 0x0D:
                out.append(0x0A)
                if position < end, bytes[position] == 0x0A { position += 1 }
            case UInt8(ascii: "\\"):
                guard position < end else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case 0x0D: if position < end, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(e - UInt8(ascii: "0")), count = 1
                    while count < 3, position < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                        value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                        position += 1
                        count += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(e)
                }
            default:
                out.append(c)
            }
        }
        throw .at(start, "a string is not closed")
    }
}
