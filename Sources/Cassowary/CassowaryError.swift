// Every way a solver call can fail, as one value type (kiwi throws one exception class per
// case). Each case carries the offending constraint or variable, so a caller can name the
// scenario's constraint (`Constraint.label`) in its own message.
//
// Conflicts. `unsatisfiableConstraint` lists the required constraints that, together with the
// new one, cannot hold: the constraints whose markers (the slack of a required inequality, the
// dummy of a required equality) occur in the row that proves it — the all-dummy row, or the
// artificial variable's row at the end of phase 1, a non-negative combination of constraint
// rows (a Farkas certificate). They are listed by marker id, that is in the order they were
// added; an empty list means the constraint cannot hold on its own (`0 >= 1`). See
// docs/CASSOWARY.md §Unsatisfiable constraints.

/// Why a solver call failed.
public enum CassowaryError: Error, Sendable, CustomStringConvertible {
    /// The constraint has already been added.
    case duplicateConstraint(Constraint)
    /// The required constraint cannot hold together with `conflicts` (required, by addition order).
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// The constraint was never added (or was removed).
    case unknownConstraint(Constraint)
    /// A coefficient or the constant of the constraint is NaN or infinite.
    case nonFiniteConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// An edit variable was given the required strength (edits must be able to yield).
    case badRequiredStrength(Variable)
    /// The value suggested for the edit variable is NaN or infinite.
    case nonFiniteSuggestedValue(Variable)
    /// Adding the constraint made the tableau hold more than the solver's `maxTerms` cells (it
    /// holds `terms`): the caller's bound on memory and time, not a property of the system.
    case tooLarge(Constraint, terms: Int)
    /// The solver's own invariants failed (an unbounded objective or a failed dual pivot); a
    /// bug, never expected for finite input.
    case internalError(String)

    /// One line naming the constraint (by label when it has one) and the problem.
    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "constraint \(constraint) has already been added"
        case .unsatisfiableConstraint(let constraint, let conflicts):
            if conflicts.isEmpty { return "required constraint \(constraint) cannot be satisfied" }
            let names = conflicts.map { "\($0)" }.joined(separator: "; ")
            return "required constraint \(constraint) cannot be satisfied together with: \(names)"
        case .unknownConstraint(let constraint):
            return "constraint \(constraint) has not been added"
        case .nonFiniteConstraint(let constraint):
            return "constraint \(constraint) has a coefficient or constant that is not finite"
        case .duplicateEditVariable(let variable):
            return "'\(variable.name)' is already an edit variable"
        case .unknownEditVariable(let variable):
            return "'\(variable.name)' is not an edit variable"
        case .badRequiredStrength(let variable):
            return "edit variable '\(variable.name)' cannot be required"
        case .nonFiniteSuggestedValue(let variable):
            return "the value suggested for '\(variable.name)' is not finite"
        case .tooLarge(let constraint, let terms):
            return "adding \(constraint) made the solver hold \(terms) terms, more than it may"
        case .internalError(let message):
            return "internal solver error: \(message)"
        }
    }
}
