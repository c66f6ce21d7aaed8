// The parser's output: constraints as written in a scenario, with view names still unresolved
// and the character offsets of those names kept for diagnostics. `text` is one canonical spelling
// of the constraint, so that an equation and the VFL that means the same thing print alike.

import ImageViews

/// One anchor as written: a view name ("superview" or an id) and an attribute; `offset` is the
/// character offset (0-based, counted in Swift Characters) of the name in the source string.
/// `guide` is "margins" or "safeArea" for `item.margins.attribute` and `item.safeArea.attribute`
/// (the view's layoutMarginsGuide and safeAreaLayoutGuide).
struct ParsedAnchor: Equatable, Sendable {
    var item: String
    var guide: String? = nil
    var attribute: LayoutAttribute
    var offset: Int

    init(item: String, guide: String? = nil, attribute: LayoutAttribute, offset: Int) {
        self.item = item
        self.guide = guide
        self.attribute = attribute
        self.offset = offset
    }

    /// The guides an anchor may name between the view and the attribute.
    static let guides = ["margins", "safeArea"]

    /// "hero.leading", "superview.margins.top".
    var text: String { "\(item).\(guide.map { "\($0)." } ?? "")\(attribute.rawValue)" }
}

/// A constraint as parsed, before view names are resolved.
struct ParsedConstraint: Equatable, Sendable {
    var first: ParsedAnchor
    var relation: LayoutRelation
    var second: ParsedAnchor?
    var multiplier: Double
    var constant: Double
    var priority: Double  // 1...1000, default 1000
    /// Canonical equation text, e.g. "icon.leading == hero.trailing + 8", "icon.width >= 44",
    /// "icon.width == 0.5 * hero.width + 4 @ 750". Multiplier shown only when ≠ 1, constant only when ≠ 0
    /// (as "- 4" when negative; alone when there is no second anchor), priority only when ≠ 1000.
    /// Numbers printed shortest-round-trip without a trailing ".0" (20, 0.5, -12.25).
    var text: String
}

/// A syntax or meaning error at a character offset of the source string.
struct ConstraintSyntaxError: Error, Equatable, Sendable { var offset: Int; var message: String }

extension ParsedConstraint {
    /// A constraint whose `text` is the canonical spelling of the other fields.
    init(
        first: ParsedAnchor, relation: LayoutRelation, second: ParsedAnchor?, multiplier: Double = 1,
        constant: Double = 0, priority: Double = LayoutPriority.required
    ) {
        var text = "\(first.text) \(relation.rawValue) "
        if let second {
            if multiplier != 1 { text += Self.format(multiplier) + " * " }
            text += second.text
            if constant > 0 { text += " + " + Self.format(constant) }
            if constant < 0 { text += " - " + Self.format(-constant) }
        } else {
            text += Self.format(constant)
        }
        if priority != LayoutPriority.required { text += " @ " + Self.format(priority) }
        self.init(
            first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
            priority: priority, text: text)
    }

    /// `number` in Swift's shortest round-trip form without a trailing ".0": 20, 0.5, -12.25
    /// (negative zero prints as 0).
    static func format(_ number: Double) -> String {
        if number == 0 { return "0" }
        let text = "\(number)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
