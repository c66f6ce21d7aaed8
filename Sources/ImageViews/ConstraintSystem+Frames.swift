import Cassowary

extension ConstraintSystem {
    /// Constraint-positioned views with unknowns that some optimal solution moves: the solver's
    /// free directions at the optimum (`Solver.undetermined`, docs/LAYOUT.md §Ambiguity).
    func ambiguities() -> [ViewAmbiguity] {
        var asked: [(node: Int, name: String, variable: Variable)] = []
        for (node, box) in boxes.enumerated() {
            // A margins or safe area guide is determined when its owner is.
            guard let box, tree.nodes[node].positioning == .constraints, tree.nodes[node].guide?.isAdded != false else {
                continue
            }
            for (name, variable) in box.all { asked.append((node, name, variable)) }
        }
        let free = solver.undetermined(asked.map(\.variable))
        var result: [ViewAmbiguity] = []
        for (item, isFree) in zip(asked, free) where isFree {
            let n = tree.nodes[item.node]
            if result.last?.path == n.treePath {
                result[result.count - 1].unknowns.append(item.name)
            } else {
                result.append(ViewAmbiguity(id: n.id, path: n.treePath, unknowns: [item.name]))
            }
        }
        return result
    }

    /// Sets the frame of every constraint-positioned view: its solved alignment rect outset by
    /// its insets, relative to its superview's final frame, each edge rounded to the pixel grid
    /// (`AutoLayout.pixelRounded`). A size is negative only where required constraints force it
    /// (the implicit non-negative sizes outrank every optional constraint), and stays negative, as
    /// UIKit's frame does; such a view draws nothing of its own (Raster's rectangles are empty).
    /// Returns every view's final frame origin in canvas coordinates (pre-order).
    @discardableResult
    func applyFrames(to root: inout View, scale: Double) -> [Point] {
        var origins = Array(repeating: Point.zero, count: tree.viewCount)
        var frames: [(path: [Int], frame: Rect)] = []
        for (node, n) in tree.nodes[..<tree.viewCount].enumerated() {
            let parentOrigin = n.parent < 0 ? Point.zero : origins[n.parent]
            guard n.positioning == .constraints, let rect = solved[node] else {
                origins[node] = Point(x: parentOrigin.x + n.frame.minX, y: parentOrigin.y + n.frame.minY)
                continue
            }
            let outer = rect.inset(
                by: EdgeInsets(
                    top: -n.insets.top, left: -n.insets.left,
                    bottom: -n.insets.bottom, right: -n.insets.right))
            let x0 = AutoLayout.pixelRounded(outer.minX - parentOrigin.x, scale: scale)
            let y0 = AutoLayout.pixelRounded(outer.minY - parentOrigin.y, scale: scale)
            let x1 = AutoLayout.pixelRounded(outer.maxX - parentOrigin.x, scale: scale)
            let y1 = AutoLayout.pixelRounded(outer.maxY - parentOrigin.y, scale: scale)
            let frame = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            origins[node] = Point(x: parentOrigin.x + x0, y: parentOrigin.y + y0)
            frames.append((n.path, frame))
        }
        for (path, frame) in frames {
            root.update(at: path[...]) { $0.frame = frame }
        }
        return origins
    }
}
