// A linear constraint `expression relation 0` with a strength and an optional label, as kiwi's
// Constraint. A constraint is an immutable object: the solver keys it by identity (two equal-
// looking constraints are two constraints, as in kiwi), so `removeConstraint` takes the object
// that was added.
//
// The expression is reduced when the constraint is made: repeated variables are combined into
// one term, in the order of first appearance (kiwi combines them in the order of a map keyed by
// addresses; first appearance keeps the solver's symbol numbering independent of memory).
// Short expressions — the common case, layout constraints have two or three terms — are
// combined by a linear scan rather than a dictionary, which allocates.

/// The relation between a constraint's expression and zero.
public enum Relation: Sendable, CustomStringConvertible {
    /// `expression == 0`.
    case equal
    /// `expression <= 0`.
    case lessThanOrEqual
    /// `expression >= 0`.
    case greaterThanOrEqual

    /// `==`, `<=` or `>=`.
    public var description: String {
        switch self {
        case .equal: return "=="
        case .lessThanOrEqual: return "<="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// A linear constraint `expression relation 0` with a strength and a label.
public final class Constraint: Sendable, CustomStringConvertible {
    /// The reduced expression (each variable at most once).
    public let expression: Expression
    /// How the expression relates to zero.
    public let relation: Relation
    /// Required, or a weight.
    public let strength: Strength
    /// A name for error messages and dumps (for example the scenario's constraint id).
    public let label: String?

    /// `expression relation 0`, held with `strength`.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required, label: String? = nil) {
        self.expression = Constraint.reduce(expression)
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    private init(reduced expression: Expression, _ relation: Relation, strength: Strength, label: String?) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// The same constraint held with `strength` (a new object).
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(reduced: expression, relation, strength: strength, label: label)
    }

    /// The same constraint at a UIKit priority (1000 = required; see Strength).
    public func withPriority(_ priority: Double) -> Constraint {
        withStrength(Strength(priority: priority))
    }

    /// The same constraint with a label (a new object).
    public func labeled(_ label: String) -> Constraint {
        Constraint(reduced: expression, relation, strength: strength, label: label)
    }

    /// Whether every coefficient and the constant are finite.
    var isFinite: Bool {
        expression.constant.isFinite && expression.terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// For example `'gap' 1.0 * b + -1.0 * a + -8.0 == 0 (required)`.
    public var description: String {
        let name = label.map { "'\($0)' " } ?? ""
        return "\(name)\(expression) \(relation) 0 (\(strength))"
    }

    /// Combines repeated variables, keeping first-appearance order.
    static func reduce(_ expression: Expression) -> Expression {
        let terms = expression.terms
        if terms.count <= 1 { return expression }
        if terms.count <= 8 && !hasRepeats(terms) { return expression }  // the usual case: no copy
        var reduced: [Term] = []
        reduced.reserveCapacity(terms.count)
        if terms.count <= 16 {
            for term in terms {
                if let index = reduced.firstIndex(where: { $0.variable === term.variable }) {
                    reduced[index] = Term(term.variable, reduced[index].coefficient + term.coefficient)
                } else {
                    reduced.append(term)
                }
            }
        } else {
            var index: [ObjectIdentifier: Int] = [:]
            for term in terms {
                let key = ObjectIdentifier(term.variable)
                if let at = index[key] {
                    reduced[at] = Term(term.variable, reduced[at].coefficient + term.coefficient)
                } else {
                    index[key] = reduced.count
                    reduced.append(term)
                }
            }
        }
        return Expression(reduced, constant: expression.constant)
    }

    /// Whether a variable occurs twice in `terms` (a few terms: pairwise, no allocation).
    private static func hasRepeats(_ terms: [Term]) -> Bool {
        for i in terms.indices {
            for j in (i + 1)..<terms.count where terms[i].variable === terms[j].variable { return true }
        }
        return false
    }
}
