import ScenarioFormat
import Syntax

/// One difference between a recorded layout report and a fresh one.
public struct LayoutDifference: Sendable, Equatable {
    /// Where: `$.views[id=hero].imageRect[0]` (array elements that carry a string `id` are
    /// named by it, others by index).
    public var path: String
    /// The baseline's value, shortly ("10", "\"a\"", "an array of 4"; "—" when absent).
    public var expected: String
    /// This run's value, alike.
    public var actual: String

    /// "$.views[id=hero].frame[0]: expected 10, got 10.5".
    public var description: String {
        if expected == LayoutDifference.absent { return "\(path): missing in the baseline, got \(actual)" }
        if actual == LayoutDifference.absent { return "\(path): expected \(expected), no longer produced" }
        return "\(path): expected \(expected), got \(actual)"
    }

    static let absent = "—"
}

/// The differences between a recorded JSON document and a freshly made one, in document order,
/// at most `limit`. Keys listed in `ignoring` (top-level) are skipped. Numbers compare exactly;
/// key order does not matter. Arrays of different lengths differ in their common elements and
/// then once in their length.
func layoutDifferences(recorded: JSONNode, actual: JSONOutput, ignoring: Set<String> = [], limit: Int = 100)
    -> [LayoutDifference]
{
    var found: [LayoutDifference] = []
    func show(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return JSONOutput.format(n)
        case let .string(s): return "\"\(s)\""
        case let .array(items): return "an array of \(items.count)"
        case .object: return "an object"
        }
    }
    func show(_ value: JSONOutput) -> String {
        switch value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return JSONOutput.format(n)
        case let .string(s): return "\"\(s)\""
        case let .array(items): return "an array of \(items.count)"
        case .object: return "an object"
        }
    }
    func add(_ path: String, _ expected: String, _ actual: String) {
        found.append(LayoutDifference(path: path, expected: expected, actual: actual))
    }
    /// `[id=hero]` for an element that is an object with a string id, else `[3]`.
    func elementName(_ index: Int, _ node: JSONNode, _ value: JSONOutput) -> String {
        if case let .object(members) = value, case let .string(id)? = members.first(where: { $0.0 == "id" })?.1 {
            return "[id=\(id)]"
        }
        if case let .object(members) = node.value,
            case let .string(id)? = members.first(where: { $0.key == "id" })?.value.value
        {
            return "[id=\(id)]"
        }
        return "[\(index)]"
    }
    func compare(_ node: JSONNode, _ value: JSONOutput, path: String, top: Bool) {
        guard found.count < limit else { return }
        switch (node.value, value) {
        case (.null, .null): return
        case let (.bool(a), .bool(b)): if a != b { add(path, show(node), show(value)) }
        case let (.number(a), .number(b)): if a != b { add(path, show(node), show(value)) }
        case let (.string(a), .string(b)): if a != b { add(path, show(node), show(value)) }
        case let (.array(a), .array(b)):
            for i in 0..<min(a.count, b.count) {
                compare(a[i], b[i], path: path + elementName(i, a[i], b[i]), top: false)
            }
            if a.count != b.count && found.count < limit { add(path, "\(a.count) elements", "\(b.count)") }
        case let (.object(a), .object(b)):
            for (key, bValue) in b where !(top && ignoring.contains(key)) {
                let childPath = path + "." + key
                if let aMember = a.first(where: { $0.key == key }) {
                    compare(aMember.value, bValue, path: childPath, top: false)
                } else if found.count < limit {
                    add(childPath, LayoutDifference.absent, show(bValue))
                }
            }
            for member in a where !(top && ignoring.contains(member.key)) && !b.contains(where: { $0.0 == member.key })
            {
                if found.count < limit { add(path + "." + member.key, show(member.value), LayoutDifference.absent) }
            }
        default:
            add(path, show(node), show(value))
        }
    }
    compare(recorded, actual, path: "$", top: true)
    return found
}
