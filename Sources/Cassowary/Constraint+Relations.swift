// The relational operators that make constraints: `lhs == rhs`, `lhs <= rhs`, `lhs >= rhs` for
// every pair of Variable, Term, Expression and Double, each giving the required constraint
// `(lhs − rhs) relation 0` (kiwi's convention). Strength and label are added afterwards:
// `(w <= 80).withPriority(250).labeled("hugging")`.
//
// The operators are members of the operand types (not global functions), so that the type
// checker only considers them where one operand is one of these types.

extension Expression {
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(lhs, rhs), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Expression, rhs: Term) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Expression, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Expression, rhs: Double) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(constant: rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), rhs), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), rhs), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), rhs), .equal)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(lhs, rhs), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Expression, rhs: Term) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Expression, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Expression, rhs: Double) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(constant: rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), rhs), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), rhs), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), rhs), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(lhs, rhs), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Expression, rhs: Term) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Expression, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Expression, rhs: Double) -> Constraint {
        Constraint(Expression.difference(lhs, Expression(constant: rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), rhs), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), rhs), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: Expression) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), rhs), .greaterThanOrEqual)
    }
}

extension Term {
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Term, rhs: Double) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(constant: rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), Expression(rhs)), .equal)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Term, rhs: Double) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(constant: rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Term, rhs: Double) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(constant: rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: Term) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), Expression(rhs)), .greaterThanOrEqual)
    }
}

extension Variable {
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(constant: rhs)), .equal)
    }
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), Expression(rhs)), .equal)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(constant: rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), Expression(rhs)), .lessThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(Expression.difference(Expression(lhs), Expression(constant: rhs)), .greaterThanOrEqual)
    }
    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: Variable) -> Constraint {
        Constraint(Expression.difference(Expression(constant: lhs), Expression(rhs)), .greaterThanOrEqual)
    }
}
