// Linear expressions `Σ coefficient × variable + constant` and the arithmetic that builds them,
// so that constraints read like the equations they are: `x + 2 * y == 10`.
//
// Operators are concrete overloads for every pair of Variable, Term, Expression and Double (no
// protocol-generic operators: those make integer literals ambiguous and slow the type checker).
// An expression keeps its terms in the order written; duplicates are combined only when a
// Constraint is made (in first-appearance order, so the result never depends on addresses).
// The left operand is `consuming`, so a chain `a + b + c + …` appends to one array instead of
// copying it at every step.

/// A linear expression: a sum of terms plus a constant.
public struct Expression: Sendable, CustomStringConvertible {
    /// The terms, in the order written (a variable may occur more than once).
    public var terms: [Term]
    /// The constant.
    public var constant: Double

    /// `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The expression `term`.
    public init(_ term: Term) {
        self.init([term])
    }

    /// For example `1.0 * x + 2.0 * y + -10.0`.
    public var description: String {
        var parts = terms.map(\.description)
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }

    /// `lhs + sign × rhs`, reusing lhs's storage.
    static func combine(_ lhs: consuming Expression, _ rhs: Expression, sign: Double) -> Expression {
        var result = lhs
        if sign == 1 {
            result.terms.append(contentsOf: rhs.terms)
        } else {
            result.terms.reserveCapacity(result.terms.count + rhs.terms.count)
            for term in rhs.terms { result.terms.append(Term(term.variable, -term.coefficient)) }
        }
        result.constant += sign * rhs.constant
        return result
    }

    /// `lhs − rhs` as a new expression, its terms allocated once (the relational operators).
    static func difference(_ lhs: Expression, _ rhs: Expression) -> Expression {
        var terms: [Term] = []
        terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
        terms.append(contentsOf: lhs.terms)
        for term in rhs.terms { terms.append(Term(term.variable, -term.coefficient)) }
        return Expression(terms, constant: lhs.constant - rhs.constant)
    }

    /// `factor × expression`.
    static func scaled(_ expression: Expression, by factor: Double) -> Expression {
        Expression(
            expression.terms.map { Term($0.variable, $0.coefficient * factor) }, constant: expression.constant * factor)
    }
}

// MARK: - Sums

extension Expression {
    /// `lhs + rhs`.
    public static func + (lhs: consuming Expression, rhs: Expression) -> Expression { combine(lhs, rhs, sign: 1) }
    /// `lhs + rhs`.
    public static func + (lhs: consuming Expression, rhs: Term) -> Expression { combine(lhs, Expression(rhs), sign: 1) }
    /// `lhs + rhs`.
    public static func + (lhs: consuming Expression, rhs: Variable) -> Expression {
        combine(lhs, Expression(rhs), sign: 1)
    }
    /// `lhs + rhs`.
    public static func + (lhs: consuming Expression, rhs: Double) -> Expression {
        var result = lhs
        result.constant += rhs
        return result
    }
    /// `lhs + rhs`.
    public static func + (lhs: Term, rhs: Expression) -> Expression { combine(Expression(lhs), rhs, sign: 1) }
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: Expression) -> Expression { combine(Expression(lhs), rhs, sign: 1) }
    /// `lhs + rhs`.
    public static func + (lhs: Double, rhs: Expression) -> Expression {
        combine(Expression(constant: lhs), rhs, sign: 1)
    }
}

// MARK: - Differences

extension Expression {
    /// `lhs − rhs`.
    public static func - (lhs: consuming Expression, rhs: Expression) -> Expression { combine(lhs, rhs, sign: -1) }
    /// `lhs − rhs`.
    public static func - (lhs: consuming Expression, rhs: Term) -> Expression {
        combine(lhs, Expression(rhs), sign: -1)
    }
    /// `lhs − rhs`.
    public static func - (lhs: consuming Expression, rhs: Variable) -> Expression {
        combine(lhs, Expression(rhs), sign: -1)
    }
    /// `lhs − rhs`.
    public static func - (lhs: consuming Expression, rhs: Double) -> Expression {
        var result = lhs
        result.constant -= rhs
        return result
    }
    /// `lhs − rhs`.
    public static func - (lhs: Term, rhs: Expression) -> Expression { combine(Expression(lhs), rhs, sign: -1) }
    /// `lhs − rhs`.
    public static func - (lhs: Variable, rhs: Expression) -> Expression { combine(Expression(lhs), rhs, sign: -1) }
    /// `lhs − rhs`.
    public static func - (lhs: Double, rhs: Expression) -> Expression {
        combine(Expression(constant: lhs), rhs, sign: -1)
    }
}

// MARK: - Scaling

extension Expression {
    /// `factor × expression`.
    public static func * (factor: Double, expression: Expression) -> Expression { scaled(expression, by: factor) }
    /// `expression × factor`.
    public static func * (expression: Expression, factor: Double) -> Expression { scaled(expression, by: factor) }
    /// `expression ÷ denominator` (as kiwi: multiplication by `1 ÷ denominator`).
    public static func / (expression: Expression, denominator: Double) -> Expression {
        scaled(expression, by: 1 / denominator)
    }
    /// `−expression`.
    public static prefix func - (expression: Expression) -> Expression { scaled(expression, by: -1) }
}

// MARK: - Sums and differences of terms and variables

extension Term {
    /// `lhs + rhs`.
    public static func + (lhs: Term, rhs: Term) -> Expression { Expression([lhs, rhs]) }
    /// `lhs + rhs`.
    public static func + (lhs: Term, rhs: Variable) -> Expression { Expression([lhs, Term(rhs)]) }
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: Term) -> Expression { Expression([Term(lhs), rhs]) }
    /// `lhs + rhs`.
    public static func + (lhs: Term, rhs: Double) -> Expression { Expression([lhs], constant: rhs) }
    /// `lhs + rhs`.
    public static func + (lhs: Double, rhs: Term) -> Expression { Expression([rhs], constant: lhs) }
    /// `lhs − rhs`.
    public static func - (lhs: Term, rhs: Term) -> Expression { Expression([lhs, -rhs]) }
    /// `lhs − rhs`.
    public static func - (lhs: Term, rhs: Variable) -> Expression { Expression([lhs, -rhs]) }
    /// `lhs − rhs`.
    public static func - (lhs: Variable, rhs: Term) -> Expression { Expression([Term(lhs), -rhs]) }
    /// `lhs − rhs`.
    public static func - (lhs: Term, rhs: Double) -> Expression { Expression([lhs], constant: -rhs) }
    /// `lhs − rhs`.
    public static func - (lhs: Double, rhs: Term) -> Expression { Expression([-rhs], constant: lhs) }
}

extension Variable {
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: Variable) -> Expression { Expression([Term(lhs), Term(rhs)]) }
    /// `lhs + rhs`.
    public static func + (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs)], constant: rhs) }
    /// `lhs + rhs`.
    public static func + (lhs: Double, rhs: Variable) -> Expression { Expression([Term(rhs)], constant: lhs) }
    /// `lhs − rhs`.
    public static func - (lhs: Variable, rhs: Variable) -> Expression { Expression([Term(lhs), -rhs]) }
    /// `lhs − rhs`.
    public static func - (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs)], constant: -rhs) }
    /// `lhs − rhs`.
    public static func - (lhs: Double, rhs: Variable) -> Expression { Expression([-rhs], constant: lhs) }
}
