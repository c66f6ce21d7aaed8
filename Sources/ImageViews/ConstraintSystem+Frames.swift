import Cassowary

extension ConstraintSystem {
    /// The weight of the probe that pulls an unknown to test whether it can move: far below the
    /// lowest priority (1), so it never changes a determined solution.
    static let probeWeight = 1e-6

    /// Constraint-positioned views with unknowns that can move without changing how well the
    /// constraints are met. Each unknown in turn becomes an edit variable at `probeWeight`,
    /// suggested one point above and one point below its solved value; if it follows either
    /// suggestion by more than 10⁻⁷ point, the layout does not determine it. The solution
    /// reported is the one from before the probes.
    mutating func ambiguities() -> [ViewAmbiguity] {
        var result: [ViewAmbiguity] = []
        for (node, box) in boxes.enumerated() {
            guard let box, let rect = solved[node], tree.nodes[node].positioning == .constraints else { continue }
            let values = [rect.minX, rect.minY, rect.width, rect.height]
            var unknowns: [String] = []
            for ((name, variable), value) in zip(box.all, values) where canMove(variable, from: value) {
                unknowns.append(name)
            }
            if !unknowns.isEmpty {
                let n = tree.nodes[node]
                result.append(ViewAmbiguity(id: n.id, path: n.treePath, unknowns: unknowns))
            }
        }
        return result
    }

    private mutating func canMove(_ variable: Variable, from value: Double) -> Bool {
        do {
            try solver.addEditVariable(variable, strength: Strength(weight: Self.probeWeight))
            defer { try? solver.removeEditVariable(variable) }
            for target in [value + 1, value - 1] {
                try solver.suggestValue(target, for: variable)
                solver.updateVariables()
                if abs(solver.value(of: variable) - value) > 1e-7 { return true }
            }
            return false
        } catch {
            return false
        }
    }

    /// Sets the frame of every constraint-positioned view: its solved alignment rect outset by
    /// its insets, relative to its superview's final frame, each edge rounded to the pixel grid
    /// (`AutoLayout.pixelRounded`); a negative size becomes zero.
    func applyFrames(to root: inout View, scale: Double) {
        var origins = Array(repeating: Point.zero, count: tree.nodes.count)
        var frames: [(path: [Int], frame: Rect)] = []
        for (node, n) in tree.nodes.enumerated() {
            let parentOrigin = n.parent < 0 ? Point.zero : origins[n.parent]
            guard n.positioning == .constraints, let rect = solved[node] else {
                origins[node] = Point(x: parentOrigin.x + n.frame.minX, y: parentOrigin.y + n.frame.minY)
                continue
            }
            let outer = rect.inset(by: EdgeInsets(top: -n.insets.top, left: -n.insets.left,
                                                  bottom: -n.insets.bottom, right: -n.insets.right))
            let x0 = AutoLayout.pixelRounded(outer.minX - parentOrigin.x, scale: scale)
            let y0 = AutoLayout.pixelRounded(outer.minY - parentOrigin.y, scale: scale)
            let x1 = max(x0, AutoLayout.pixelRounded(outer.maxX - parentOrigin.x, scale: scale))
            let y1 = max(y0, AutoLayout.pixelRounded(outer.maxY - parentOrigin.y, scale: scale))
            let frame = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            origins[node] = Point(x: parentOrigin.x + x0, y: parentOrigin.y + y0)
            frames.append((n.path, frame))
        }
        for (path, frame) in frames {
            root.setFrame(frame, at: path[...])
        }
    }
}

extension View {
    /// Sets the frame of the view at `treePath` (indices of subviews from this view).
    mutating func setFrame(_ frame: Rect, at treePath: ArraySlice<Int>) {
        guard let first = treePath.first else {
            self.frame = frame
            return
        }
        guard subviews.indices.contains(first) else { return }
        subviews[first].setFrame(frame, at: treePath.dropFirst())
    }
}
