// Deterministic JSON output: keys in the order given, two-space indentation, arrays of numbers on
// one line, numbers in the shortest form that reads back to the same Double (Swift's own
// algorithm, identical on every platform), integers without a fraction, -0 written as 0.

/// A value to write (ordered object keys).
public indirect enum JSONOutput: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The text, ending with a newline.
    public func text() -> String {
        String(decoding: utf8(), as: UTF8.self)
    }

    /// The text as UTF-8 bytes, ending with a newline.
    public func utf8() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private func write(into out: inout [UInt8], indent: Int) {
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func spaces(_ count: Int) {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
        switch self {
        case .null: append("null")
        case let .bool(b): b ? append("true") : append("false")
        // JSON has no NaN or infinity
        case let .number(n): n.isFinite ? out.append(contentsOf: JSONOutput.format(n).utf8) : append("null")
        case let .string(s): JSONOutput.quote(s, into: &out)
        case let .array(items):
            if items.isEmpty { append("[]"); return }
            if items.allSatisfy(\.isScalar) && items.count <= 8 {
                append("[")
                for (i, item) in items.enumerated() {
                    if i > 0 { append(", ") }
                    item.write(into: &out, indent: indent)
                }
                append("]")
                return
            }
            append("[\n")
            for (i, item) in items.enumerated() {
                spaces(indent + 2)
                item.write(into: &out, indent: indent + 2)
                i + 1 < items.count ? append(",\n") : append("\n")
            }
            spaces(indent)
            append("]")
        case let .object(members):
            if members.isEmpty { append("{}"); return }
            append("{\n")
            for (i, (key, value)) in members.enumerated() {
                spaces(indent + 2)
                JSONOutput.quote(key, into: &out)
                append(": ")
                value.write(into: &out, indent: indent + 2)
                i + 1 < members.count ? append(",\n") : append("\n")
            }
            spaces(indent)
            append("}")
        }
    }

    /// One member of a top-level object as `text()` writes it ("  \"key\": value", no comma or
    /// newline after), so that an object can be written member by member: "{\n", the members
    /// joined by ",\n", then "\n}\n" give the bytes of `object(members).text()`.
    public static func memberText(_ key: String, _ value: JSONOutput) -> String {
        let text = JSONOutput.object([(key, value)]).text()  // "{\n" + member + "\n}\n"
        return String(text.dropFirst(2).dropLast(3))
    }

    /// Shortest round-trip text of a finite number.
    public static func format(_ n: Double) -> String {
        if n == 0 { return "0" }
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// A JSON string: `"` and `\` escaped, line feed, carriage return and tab as `\n`, `\r`, `\t`,
    /// other control characters as `\u00XX`; everything else as its UTF-8 bytes (the bytes of a
    /// multi-byte character are all ≥ 0x80, so none of them is escaped).
    private static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20:
                let hex = Array("0123456789ABCDEF".utf8)
                out += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                    hex[Int(byte & 15)]
                ]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
