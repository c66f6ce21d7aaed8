// A variable of a linear constraint system, as kiwi's Variable: a handle with identity and a
// name. Its value lives in the solver (`Solver.value(of:)`), not in the variable, so that a
// variable is immutable and can be shared across threads.
//
// Creation id. A variable's id in a solver is the id of its external symbol, handed out when that
// solver first sees the variable (in `addConstraint` or `addEditVariable`, terms in expression
// order), from the same counter as every other symbol. So ids — and with them every tie-break
// of the solver — follow the order of the calls made on the solver, never memory addresses and
// never a process-wide counter: ivsim lays out scenarios on several threads at once, and a
// global counter would number variables by thread interleaving. `Solver.id(of:)` reports it.
// The object's address is used only as a dictionary key for lookup, never to order anything.

/// A variable of a linear constraint system; its identity is the object's.
public final class Variable: Sendable, CustomStringConvertible {
    /// The name used in debug dumps and error messages; names need not be unique.
    public let name: String

    /// A variable named `name`.
    public init(_ name: String = "") {
        self.name = name
    }

    /// The name.
    public var description: String { name }

    /// `coefficient × variable`.
    public static func * (coefficient: Double, variable: Variable) -> Term {
        Term(variable, coefficient)
    }

    /// `variable × coefficient`.
    public static func * (variable: Variable, coefficient: Double) -> Term {
        Term(variable, coefficient)
    }

    /// `variable ÷ denominator`.
    public static func / (variable: Variable, denominator: Double) -> Term {
        Term(variable, 1 / denominator)
    }

    /// `−variable`.
    public static prefix func - (variable: Variable) -> Term {
        Term(variable, -1)
    }
}

/// A variable multiplied by a coefficient.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public let variable: Variable
    /// Its coefficient.
    public let coefficient: Double

    /// `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// For example `2.0 * x`.
    public var description: String { "\(coefficient) * \(variable.name)" }

    /// `factor × term`.
    public static func * (factor: Double, term: Term) -> Term {
        Term(term.variable, factor * term.coefficient)
    }

    /// `term × factor`.
    public static func * (term: Term, factor: Double) -> Term {
        Term(term.variable, term.coefficient * factor)
    }

    /// `term ÷ denominator`.
    public static func / (term: Term, denominator: Double) -> Term {
        Term(term.variable, term.coefficient / denominator)
    }

    /// `−term`.
    public static prefix func - (term: Term) -> Term {
        Term(term.variable, -term.coefficient)
    }
}
