// A strict RFC 8259 parser: UTF-8 input, no comments, no trailing commas, no NaN or Infinity,
// duplicate keys refused, nesting at most 200 deep (hostile input cannot exhaust the stack).
// Numbers go through Double(String), which is correctly rounded on every platform.

/// A JSON syntax error at a position.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public var description: String { "\(location.line):\(location.column): \(message)" }
}

/// Parses JSON text into located nodes.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Characters counted on the current line up to `countedTo` (the parser only moves forward,
    /// so each location continues the count: linear on a minified one-line file).
    private var countedTo = 0
    private var countedColumn = 1
    private static let maxDepth = 200

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        if let encoding = WideText.encoding(of: bytes) {
            throw JSONSyntaxError(
                location: SourceLocation(line: 1, column: 1),
                message: "the file is \(encoding) (it starts with the bytes \(WideText.firstBytes(bytes))): ivsim "
                    + "reads JSON as UTF-8, as RFC 8259 §8.1 requires (save the file as UTF-8)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            let offset = firstInvalidUTF8(bytes)
            var location = SourceLocation(line: 1, column: 1)
            for byte in bytes[..<offset] {
                if byte == UInt8(ascii: "\n") {
                    location = SourceLocation(line: location.line + 1, column: 1)
                } else if byte & 0xC0 != 0x80 {
                    location.column += 1
                }
            }
            throw JSONSyntaxError(
                location: location,
                message: "file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) "
                    + "at offset \(offset) starts no well-formed UTF-8 character)")
        }
        var parser = JSONParser(bytes)
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        let root = try parser.parseValue(parent: nil, component: .root, depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return root
    }

    /// The offset of the first byte of the first ill-formed sequence (RFC 3629 §4: no overlong
    /// forms, no surrogates, nothing past U+10FFFF); `bytes.count` when there is none.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2; second = 0x80...0xBF
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; second = 0x80...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4; second = 0x80...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            default: return i
            }
            guard i + length <= bytes.count, second.contains(bytes[i + 1]),
                bytes[(i + 2)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            else { return i }
            i += length
        }
        return bytes.count
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    /// The document of a file (a scenario, a configuration): a syntax error becomes the file's
    /// diagnostic, `file:line:column: error: invalid JSON: …`.
    package static func document(_ bytes: [UInt8], file: String) throws(ScenarioErrors) -> JSONNode {
        do {
            return try parse(bytes)
        } catch {
            throw ScenarioErrors([
                ScenarioDiagnostic(
                    file: file, location: error.location, path: "", message: "invalid JSON: \(error.message)")
            ])
        }
    }

    /// Where `index` is. Columns count characters, not bytes: UTF-8 continuation bytes are skipped.
    private mutating func location() -> SourceLocation {
        if countedTo < lineStart || countedTo > index {
            countedTo = lineStart
            countedColumn = 1
        }
        while countedTo < index {
            if bytes[countedTo] & 0xC0 != 0x80 { countedColumn += 1 }
            countedTo += 1
        }
        return SourceLocation(line: line, column: countedColumn)
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location(), message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue(parent: JSONPath?, component: JSONPath.Component, depth: Int)
        throws(JSONSyntaxError) -> JSONNode
    {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        let start = location()
        guard index < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(
                try parseObject(JSONPath(parent: parent, component: component), depth: depth), location: start,
                parent: parent, component: component)
        case UInt8(ascii: "["):
            return JSONNode(
                try parseArray(JSONPath(parent: parent, component: component), depth: depth), location: start,
                parent: parent, component: component)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), location: start, parent: parent, component: component)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(.bool(true), location: start, parent: parent, component: component)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(.bool(false), location: start, parent: parent, component: component)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(.null, location: start, parent: parent, component: component)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), location: start, parent: parent, component: component)
        default:
            let hint = bytes[index] == UInt8(ascii: "'") ? " (JSON strings use double quotes)" : ""
            throw error("expected a value, found \(describeCurrent())\(hint)")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard bytes.count - index >= w.count, Array(bytes[index..<(index + w.count)]) == w else {
            throw error("expected a value, found \(describeCurrent())")
        }
        index += w.count
    }

    private mutating func parseObject(_ path: JSONPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        var keys = Set<String>()  // duplicate detection only; members keep file order
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyLocation = location()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let key = try parseString()
            if !keys.insert(key).inserted {
                throw JSONSyntaxError(
                    location: keyLocation,
                    message: "duplicate key \"\(key)\" in \(JSONPath.text(path.parent, path.component))")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(parent: path, component: .key(key), depth: depth + 1)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            if try endOfElement(closing: "}", in: "object") { return .object(members) }
        }
    }

    private mutating func parseArray(_ path: JSONPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(parent: path, component: .index(elements.count), depth: depth + 1))
            if try endOfElement(closing: "]", in: "array") { return .array(elements) }
        }
    }

    /// After an element of an object or array: consumes a comma (false: another element follows)
    /// or the closing bracket (true: done).
    private mutating func endOfElement(closing: Unicode.Scalar, in what: String) throws(JSONSyntaxError) -> Bool {
        let close = UInt8(ascii: closing)
        skipWhitespace()
        guard index < bytes.count else {
            throw error("unterminated \(what): expected ',' or '\(closing)', found end of file")
        }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            if index < bytes.count && bytes[index] == close {
                throw error("trailing comma before '\(closing)'")
            }
            return false
        }
        if bytes[index] == close {
            index += 1
            return true
        }
        throw error("expected ',' or '\(closing)' in \(what), found \(describeCurrent())")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Most strings have no escapes: take them in one piece.
        var end = index
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return text
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            end += 1
        }
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                flush()
                return String(scalars)
            }
            if b < 0x20 {
                throw error(
                    b == 0x0A
                        ? "unterminated string (line break inside a string)"
                        : "control character in a string (escape it)")
            }
            if b != UInt8(ascii: "\\") {
                run.append(b)
                index += 1
                continue
            }
            flush()
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else {
                        throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(scalar)
            default:
                index -= 1
                throw error("invalid escape \\\(describeCurrent())")
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("\\u needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("invalid number: expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("invalid number: leading zeros are not allowed")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number: expected digits after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { throw error("invalid number: expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number \(text)") }
        return value
    }
}
