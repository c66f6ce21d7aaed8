import ImageViews
import Syntax

/// Reads a stack view's properties (docs/SCENARIOS.md §Stack views): `axis`, `distribution`,
/// `alignment`, `spacing`, `customSpacing`, `isLayoutMarginsRelativeArrangement` and
/// `isBaselineRelativeArrangement`.
struct StackReader {
    let d: Diagnostics

    func read(_ object: ObjectReader) -> StackSettings {
        var stack = StackSettings()
        if let node = object["axis"],
            let value: LayoutAxis = Read.value(node, d, among: LayoutAxis.allCases.map(\.rawValue), what: "axis")
        {
            stack.axis = value
        }
        if let node = object["distribution"],
            let value: StackDistribution = Read.value(
                node, d, among: StackDistribution.allCases.map(\.rawValue), what: "distribution")
        {
            stack.distribution = value
        }
        if let node = object["alignment"],
            let alignment: StackAlignment = Read.value(
                node, d, among: StackAlignment.allCases.map(\.rawValue), what: "alignment")
        {
            if stack.axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) {
                d.error(
                    node,
                    "\"\(alignment.rawValue)\" alignment is for horizontal stacks only (UIKit's rule): use \"leading\", \"center\" or "
                        + "\"trailing\" in a vertical stack")
            } else {
                stack.alignment = alignment
            }
        }
        if let node = object["spacing"],
            let value = Read.number(node, d, in: ScenarioLimits.coordinate, what: "a spacing in points")
        {
            stack.spacing = value
        }
        if let node = object["isLayoutMarginsRelativeArrangement"], let value = Read.bool(node, d) {
            stack.isLayoutMarginsRelativeArrangement = value
        }
        if let node = object["isBaselineRelativeArrangement"], let value = Read.bool(node, d) {
            stack.isBaselineRelativeArrangement = value
        }
        return stack
    }

    /// `customSpacing`: {id: points} for arranged subviews of the stack at `stack` (the spacing
    /// after each), by arranged index.
    func customSpacing(_ node: JSONNode, arranged count: Int, stack: [Int], ids: ViewIDs) -> [Double?] {
        guard case let .object(members) = node.value else {
            d.error(
                node,
                "expected custom spacings (an object of arranged subview ids and points, such as {\"title\": 16}), "
                    + "found \(node.value.kindDescription)")
            return []
        }
        var result = [Double?](repeating: nil, count: count)
        let arrangedIDs = ids.list.filter {
            $0.treePath.count == stack.count + 1 && Array($0.treePath.dropLast()) == stack
        }.map(\.id)
        for member in members {
            guard let view = ids[member.key], view.treePath.count == stack.count + 1,
                Array(view.treePath.dropLast()) == stack
            else {
                d.error(
                    at: member.keyLocation, path: member.value.path,
                    "no arranged subview of this stack view has the id \"\(member.key)\""
                        + Suggestions.didYouMean(member.key, among: arrangedIDs))
                continue
            }
            if let value = Read.number(member.value, d, in: ScenarioLimits.coordinate, what: "a spacing in points"),
                let index = view.treePath.last
            {
                result[index] = value
            }
        }
        return result
    }
}
