import Cassowary

// Where a constraint is measured (docs/LAYOUT.md §Auto Layout, "Coordinate space").
//
// A constraint relates attribute values measured in the bounds of its CONTAINER: the nearest
// common ancestor of its views, a view counting as its own ancestor (so a view constrained to its
// superview is measured in the superview's bounds, and a view constrained alone or to itself in
// its own). Positions there are offsets from the container's bounds origin; under right-to-left,
// a constraint that names leading or trailing measures every horizontal position from the
// container's right edge, growing leftwards (Apple's Auto Layout Guide: leading/trailing values
// "increase as you move towards the trailing edge").
//
// The unknowns are canvas coordinates, so a position p of the container's space is the canvas
// value P less the container's frame origin O, or W − (P − O) mirrored (W its bounds width). For
// `a R m·b + c` that reads
//     s·A  R  m·s·B + (1 − m)·K + c,   s = 1, K = O          (left to right)
//                                      s = −1, K = −(W + O)  (mirrored)
// so a multiplier of 1 needs no reference at all (the old canvas form, bit for bit), and any
// other multiplier scales the position within the container: `dot.centerX == 0.5 ×
// box.centerX` puts the dot's centre at a quarter of the box, wherever the box is.

extension ConstraintSystem {
    /// The tree path of the view `constraint` is measured in: the nearest common ancestor of its
    /// views, the ancestor itself when one view contains the other, the view itself when the
    /// constraint names one view (alone or twice). Its layout direction decides leading and trailing.
    static func container(of constraint: LayoutConstraint) -> [Int] {
        let first = constraint.first.itemPath
        guard let second = constraint.second?.itemPath else { return first }
        return Array(zip(first, second).prefix { $0.0 == $0.1 }.map(\.0))
    }

    /// An attribute of a view's alignment rect in canvas coordinates, negated when mirrored
    /// (leading is then −right, trailing −left, centerX −centerX); the baselines `baseline` above
    /// its bottom, else its top (first) and bottom (last).
    static func expression(_ box: Box, _ attribute: LayoutAttribute, mirrored: Bool, baseline: Double? = nil)
        -> Expression
    {
        switch attribute {
        case .firstBaseline: baseline.map { box.y + box.height - $0 } ?? Expression(box.y)
        case .lastBaseline: baseline.map { box.y + box.height - $0 } ?? box.y + box.height
        case .left: Expression(box.x)
        case .right: box.x + box.width
        case .top: Expression(box.y)
        case .bottom: box.y + box.height
        case .width: Expression(box.width)
        case .height: Expression(box.height)
        case .centerX: mirrored ? -(box.x + 0.5 * box.width) : box.x + 0.5 * box.width
        case .centerY: box.y + 0.5 * box.height
        case .leading: mirrored ? -(box.x + box.width) : Expression(box.x)
        case .trailing: mirrored ? -Expression(box.x) : box.x + box.width
        }
    }

    /// K of the file comment for positions on `axis` of `container`: its frame origin in canvas
    /// coordinates, or, mirrored, −(its bounds width + that origin).
    func reference(_ container: Int, _ axis: LayoutAxis, mirrored: Bool) -> Expression {
        let origin = frameOrigin(of: container)
        guard axis == .horizontal else { return origin.y }
        return mirrored ? -(frameWidth(of: container) + origin.x) : origin.x
    }

    /// A view's frame width: from its unknowns (alignment width plus the horizontal insets) when
    /// it takes part, else its frame's.
    func frameWidth(of node: Int) -> Expression {
        let n = tree.nodes[node]
        if let box = boxes[node] { return box.width + (n.insets.left + n.insets.right) }
        return Expression(constant: n.frame.width)
    }

    /// The canvas position of a view's frame origin: from its unknowns when it takes part, else
    /// its superview's origin plus its frame's (the root's is zero).
    func frameOrigin(of node: Int) -> (x: Expression, y: Expression) {
        let n = tree.nodes[node]
        if let box = boxes[node] {
            return (Expression(box.x) - n.insets.left, Expression(box.y) - n.insets.top)
        }
        if n.parent < 0 { return (Expression(), Expression()) }
        let parent = frameOrigin(of: n.parent)
        return (parent.x + n.frame.minX, parent.y + n.frame.minY)
    }
}
