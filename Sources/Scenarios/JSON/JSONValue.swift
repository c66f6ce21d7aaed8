import Foundation

// A JSON document that remembers where every value and key came from, keeps object keys in file
// order, and knows its own JSON path, so that scenario errors can say
// "x.json:12:20: $.root.subviews[2].contentMode: …".

/// A JSON value.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// What kind of value this is, for messages ("a number", "an object", …).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A position in a source file (1-based).
public struct SourceLocation: Sendable, Equatable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A value with its location and JSON path.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var location: SourceLocation
    /// "$", "$.root", "$.root.subviews[2]", …
    public var path: String

    public init(_ value: JSONValue, location: SourceLocation, path: String) {
        self.value = value
        self.location = location
        self.path = path
    }
}

/// An object member.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONNode
}

/// Appends a key to a JSON path: `.key` for identifiers, `["key"]` otherwise.
func jsonPath(_ base: String, key: String) -> String {
    let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
    } && !("0"..."9").contains(key.unicodeScalars.first!)
    if simple { return base + "." + key }
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return base + "[\"" + escaped + "\"]"
}
