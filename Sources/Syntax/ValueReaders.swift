// Typed reading of JSON nodes with diagnostics. Each reader reports what was expected and
// returns nil on a problem, so reading goes on and one run lists every error in the file.

/// An object's members, with unknown keys reported against the allowed set.
package struct ObjectReader {
    package let node: JSONNode
    package let members: [JSONMember]

    /// Reads `node` as an object whose keys must be among `allowed`; nil (reported) otherwise.
    package init?(_ node: JSONNode, allowed: [String], what: String, _ d: Diagnostics) {
        guard case let .object(members) = node.value else {
            d.error(node, "expected \(what) (an object), found \(node.value.kindDescription)")
            return nil
        }
        self.node = node
        self.members = members
        for member in members where !allowed.contains(member.key) {
            d.error(
                at: member.keyLocation, path: jsonPath(node.path, key: member.key),
                "unknown key \"\(member.key)\" in \(what)" + Suggestions.didYouMean(member.key, among: allowed)
                    + (Suggestions.nearest(member.key, among: allowed) == nil
                        ? " (expected one of: \(allowed.filter { $0 != "$schema" }.joined(separator: ", ")))" : ""))
        }
    }

    package subscript(_ key: String) -> JSONNode? {
        members.first { $0.key == key }?.value
    }

    package func has(_ key: String) -> Bool { self[key] != nil }

    /// The member at `key`, or the object itself when it has none: where a message about a key
    /// points (the key is present wherever such a message is made; no force unwrap reads input).
    package func at(_ key: String) -> JSONNode { self[key] ?? node }

    /// The members among `keys` that the object has, in the order of `keys`.
    package func present(_ keys: [String]) -> [(key: String, node: JSONNode)] {
        keys.compactMap { key in self[key].map { (key, $0) } }
    }

    /// The member, or a "missing key" error.
    package func required(_ key: String, _ d: Diagnostics, hint: String = "") -> JSONNode? {
        if let value = self[key] { return value }
        d.error(node, "missing required key \"\(key)\"" + hint)
        return nil
    }
}

package enum Read {
    package static func bool(_ node: JSONNode, _ d: Diagnostics) -> Bool? {
        if case let .bool(b) = node.value { return b }
        d.error(node, "expected true or false, found \(node.value.kindDescription)")
        return nil
    }

    package static func string(_ node: JSONNode, _ d: Diagnostics, what: String = "a string") -> String? {
        if case let .string(s) = node.value { return s }
        d.error(node, "expected \(what), found \(node.value.kindDescription)")
        return nil
    }

    /// A finite number within `range`, optionally an integer.
    /// A number within `range`; `name` ("the width") names it in messages.
    package static func number(
        _ node: JSONNode, _ d: Diagnostics, in range: ClosedRange<Double>, integer: Bool = false,
        what: String = "a number", name: String? = nil
    ) -> Double? {
        guard case let .number(n) = node.value else {
            d.error(node, "expected \(what), found \(node.value.kindDescription)")
            return nil
        }
        guard n.isFinite else {
            d.error(node, "expected \(what), found a number too large to represent")
            return nil
        }
        if integer && n != n.rounded() {
            d.error(node, "expected \(what) (a whole number), found \(JSONOutput.format(n))")
            return nil
        }
        guard range.contains(n) else {
            d.error(
                node,
                "\(name.map { $0 + " " } ?? "")\(JSONOutput.format(n)) is out of range: expected \(what) from "
                    + "\(JSONOutput.format(range.lowerBound)) to \(JSONOutput.format(range.upperBound))")
            return nil
        }
        return n
    }

    /// An array of exactly `count` numbers, each within `range`.
    /// Every element is checked, so that each one out of range is reported (both sides of a
    /// canvas, not only the first); `names` ("the width", "the height") name them in messages.
    package static func numbers(
        _ node: JSONNode, _ d: Diagnostics, count: Int, in range: ClosedRange<Double>,
        integer: Bool = false, what: String, names: [String] = []
    ) -> [Double]? {
        guard case let .array(items) = node.value else {
            d.error(node, "expected \(what), found \(node.value.kindDescription)")
            return nil
        }
        guard items.count == count else {
            d.error(node, "expected \(what), found an array of \(items.count) element\(items.count == 1 ? "" : "s")")
            return nil
        }
        var values: [Double] = []
        for (index, item) in items.enumerated() {
            if let value = number(item, d, in: range, integer: integer, name: index < names.count ? names[index] : nil)
            {
                values.append(value)
            }
        }
        return values.count == count ? values : nil
    }

    /// One of `names`, with a suggestion for near misses.
    package static func name(_ node: JSONNode, _ d: Diagnostics, among names: [String], what: String) -> String? {
        guard case let .string(s) = node.value else {
            d.error(
                node, "expected \(what) (one of: \(names.joined(separator: ", "))), found \(node.value.kindDescription)"
            )
            return nil
        }
        if names.contains(s) { return s }
        let suggestion = Suggestions.didYouMean(s, among: names)
        d.error(
            node,
            "unknown \(what) \"\(s)\""
                + (suggestion.isEmpty ? " (expected one of: \(names.joined(separator: ", ")))" : suggestion))
        return nil
    }

    /// One of `names`, as a value of `T` (whose raw values `names` are), with a suggestion for
    /// near misses.
    package static func value<T: RawRepresentable>(
        _ node: JSONNode, _ d: Diagnostics, among names: [String], what: String
    ) -> T? where T.RawValue == String {
        name(node, d, among: names, what: what).flatMap(T.init(rawValue:))
    }

    /// A non-empty array.
    package static func array(_ node: JSONNode, _ d: Diagnostics, what: String, allowEmpty: Bool = false) -> [JSONNode]?
    {
        guard case let .array(items) = node.value else {
            d.error(node, "expected \(what) (an array), found \(node.value.kindDescription)")
            return nil
        }
        if items.isEmpty && !allowEmpty {
            d.error(node, "expected \(what) (a non-empty array), found an empty array")
            return nil
        }
        return items
    }
}
