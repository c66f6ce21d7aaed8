import Cassowary

// The margins and safe area guides of a view as UIKit ties them to it (docs/LAYOUT.md §Layout
// guides): four required equalities from the owner's frame edges, inset by the effective layout
// margins or the safe area insets of the owner — constants of the pass (AutoLayout.layout
// solves again when a pass changes them). Named as UIKit logs them.

extension ConstraintSystem {
    /// The four constraints of each margins or safe area guide that takes part.
    func guideEntries() -> [Entry] {
        var result: [Entry] = []
        for (node, n) in tree.nodes.enumerated() {
            guard let guide = n.guide, guide.isInsetGuide, let box = boxes[node], let ownerBox = boxes[n.parent] else {
                continue
            }
            let owner = tree.nodes[n.parent], i = owner.insets
            let inset: EdgeInsets
            let names: [String]
            switch guide {
            case .layoutMargins:
                inset = geometry.layoutMargins[n.parent]
                names = [
                    "UIView-leftMargin-guide-constraint", "UIView-rightMargin-guide-constraint",
                    "UIView-topMargin-guide-constraint", "UIView-bottomMargin-guide-constraint"
                ]
            default:
                inset = geometry.safeAreaInsets[n.parent]
                names = [
                    "UIViewSafeAreaLayoutGuide-left", "UIViewSafeAreaLayoutGuide-right",
                    "UIViewSafeAreaLayoutGuide-top", "UIViewSafeAreaLayoutGuide-bottom"
                ]
            }
            // The owner's frame edges from its alignment rect: left = x − insets.left, and so on.
            let parts: [(String, Expression, Expression, Double, String)] = [
                ("left", Expression(box.x), ownerBox.x + (inset.left - i.left), inset.left, "minX + "),
                (
                    "right", box.x + box.width, ownerBox.x + ownerBox.width + (i.right - inset.right), inset.right,
                    "maxX - "
                ),
                ("top", Expression(box.y), ownerBox.y + (inset.top - i.top), inset.top, "minY + "),
                (
                    "bottom", box.y + box.height, ownerBox.y + ownerBox.height + (i.bottom - inset.bottom),
                    inset.bottom, "maxY - "
                )
            ]
            for ((edge, lhs, rhs, value, frameEdge), name) in zip(parts, names) {
                result.append(
                    Entry(
                        constraint: Constraint(lhs - rhs, .equal), kind: .layoutGuide,
                        label:
                            "\(n.name).\(edge) == \(owner.name).frame.\(value == 0 ? String(frameEdge.prefix(4)) : frameEdge + labelNumber(value)) (\(name))",
                        source: n.treePath, priority: LayoutPriority.required))
            }
        }
        return result
    }

    /// The solved frames of the guides the scenario added, in their owners' coordinates (`origins`:
    /// each view's final frame origin in canvas coordinates), each edge rounded to 1/1024 device
    /// pixel (the solver's residue; a guide is not drawn, so not put on the pixel grid).
    func addedGuideFrames(origins: [Point], scale: Double) -> [LayoutGuideFrame] {
        var result: [LayoutGuideFrame] = []
        for (node, n) in tree.nodes.enumerated() {
            guard let guide = n.guide, guide.isAdded, let rect = solved[node] else { continue }
            func clean(_ value: Double) -> Double { (value * scale * 1024).rounded() / 1024 / scale }
            let origin = origins[n.parent]
            let x0 = clean(rect.minX - origin.x), y0 = clean(rect.minY - origin.y)
            let x1 = clean(rect.maxX - origin.x), y1 = clean(rect.maxY - origin.y)
            let owner = tree.nodes[n.parent]
            result.append(
                LayoutGuideFrame(
                    name: n.name, ownerID: owner.id, ownerPath: owner.treePath, path: n.treePath,
                    frame: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
        }
        return result
    }
}
