import Foundation

// A JSON document that remembers where every value and key came from, keeps object keys in file
// order, and knows its own JSON path, so that scenario errors can say
// "x.json:12:20: $.root.subviews[2].contentMode: …".

/// A JSON value.
public enum JSONValue: Sendable, Equatable {
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
public struct SourceLocation: Sendable, Hashable, Comparable {
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
    /// Where the node sits: its container's path and its key or index there. The path text is
    /// made only when asked for (errors, reports), so that parsing allocates nothing per leaf.
    package let parent: JSONPath?
    package let component: JSONPath.Component

    package init(_ value: JSONValue, location: SourceLocation, parent: JSONPath?, component: JSONPath.Component) {
        self.value = value
        self.location = location
        self.parent = parent
        self.component = component
    }

    /// "$", "$.root", "$.root.subviews[2]", …
    public var path: String { JSONPath.text(parent, component) }

    public static func == (a: JSONNode, b: JSONNode) -> Bool {
        a.value == b.value && a.location == b.location && a.path == b.path
    }
}

/// The path of a container in a JSON document, linked to its own container's.
package final class JSONPath: Sendable {
    package enum Component: Sendable {
        case root
        case key(String)
        case index(Int)
    }

    package let parent: JSONPath?
    package let component: Component

    package init(parent: JSONPath?, component: Component) {
        self.parent = parent
        self.component = component
    }

    /// The text of the path `parent` + `component`.
    package static func text(_ parent: JSONPath?, _ component: Component) -> String {
        var components = [component]
        var next = parent
        while let node = next {
            components.append(node.component)
            next = node.parent
        }
        var text = ""
        for component in components.reversed() {
            switch component {
            case .root: text = "$"
            case let .key(key): text = jsonPath(text, key: key)
            case let .index(i): text += "[\(i)]"
            }
        }
        return text
    }
}

/// An object member.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONNode
}

/// Appends a key to a JSON path: `.key` for identifiers, `["key"]` otherwise.
package func jsonPath(_ base: String, key: String) -> String {
    let simple =
        !key.isEmpty
        && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
        } && !(key.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? true)
    if simple { return base + "." + key }
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return base + "[\"" + escaped + "\"]"
}
