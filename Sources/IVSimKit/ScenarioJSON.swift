import ScenarioFormat
import Syntax

/// A JSON value written in Swift, for the parts of a scenario `ScenarioDefinition` has no typed
/// property for (`traits`, `variants`, any view key): literals make it read like the file format.
///
/// ```swift
/// definition.variants = ["matrix": ["displayScale": [1, 2, 3]],
///                        "states": [["name": "highlighted", "set": ["hero.isHighlighted": true]]]]
/// ```
///
/// Objects keep the order their keys are written in, so the same definition always gives the
/// same text.
public enum ScenarioJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScenarioJSON])
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Equatable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: ScenarioJSON

        /// A member.
        public init(_ key: String, _ value: ScenarioJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value with `key` set (replaced where it is, else appended), for objects; other values
    /// become an object holding only `key`.
    public func setting(_ key: String, _ value: ScenarioJSON) -> ScenarioJSON {
        guard case var .object(members) = self else { return .object([Member(key, value)]) }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
        return .object(members)
    }

    /// The writer's value. A number that is not finite (NaN, infinity) has no JSON form: it is
    /// written as the string "NaN" or "Infinity", which the loader refuses where a number belongs,
    /// naming the path.
    var output: JSONOutput {
        switch self {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .number(n):
            return n.isFinite ? .number(n) : .string(n.isNaN ? "NaN" : n > 0 ? "Infinity" : "-Infinity")
        case let .string(s): return .string(s)
        case let .array(items): return .array(items.map(\.output))
        case let .object(members): return .object(members.map { ($0.key, $0.value.output) })
        }
    }

    /// The value as JSON text (two-space indents, keys in order).
    public var text: String { output.text() }
}

extension ScenarioJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is JSON null.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: ScenarioJSON...) { self = .array(elements) }
    /// An object whose keys keep the order written.
    public init(dictionaryLiteral elements: (String, ScenarioJSON)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
