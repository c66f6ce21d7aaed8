import Scenarios

/// The first difference between a recorded JSON document and a freshly made one, as
/// "$.views[3].imageRect[0]: expected 10, got 10.5"; nil when equal. Keys listed in `ignoring`
/// (top-level) are skipped. Numbers compare exactly; key order does not matter.
func firstDifference(recorded: JSONNode, actual: JSONOutput, ignoring: Set<String> = []) -> String? {
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
    func compare(_ node: JSONNode, _ value: JSONOutput, path: String, top: Bool) -> String? {
        switch (node.value, value) {
        case (.null, .null): return nil
        case let (.bool(a), .bool(b)): return a == b ? nil : "\(path): expected \(a), got \(b)"
        case let (.number(a), .number(b)): return a == b ? nil : "\(path): expected \(JSONOutput.format(a)), got \(JSONOutput.format(b))"
        case let (.string(a), .string(b)): return a == b ? nil : "\(path): expected \"\(a)\", got \"\(b)\""
        case let (.array(a), .array(b)):
            for i in 0..<min(a.count, b.count) {
                if let d = compare(a[i], b[i], path: "\(path)[\(i)]", top: false) { return d }
            }
            return a.count == b.count ? nil : "\(path): expected \(a.count) elements, got \(b.count)"
        case let (.object(a), .object(b)):
            for (key, bValue) in b where !(top && ignoring.contains(key)) {
                let childPath = path + "." + key
                guard let aMember = a.first(where: { $0.key == key }) else { return "\(childPath): missing in the baseline, got \(show(bValue))" }
                if let d = compare(aMember.value, bValue, path: childPath, top: false) { return d }
            }
            for member in a where !(top && ignoring.contains(member.key)) && !b.contains(where: { $0.0 == member.key }) {
                return "\(path).\(member.key): expected \(show(member.value)), no longer produced"
            }
            return nil
        default:
            return "\(path): expected \(show(node)), got \(show(value))"
        }
    }
    return compare(recorded, actual, path: "$", top: true)
}
