import Testing
@testable import Cassowary

/// Every CassowaryError case, and the conflicting constraints an unsatisfiable one reports.
@Suite struct ErrorTests {
    /// The error `body` throws, if any.
    func error(_ body: () throws(CassowaryError) -> Void) -> CassowaryError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The labels of an unsatisfiable error: the constraint's and its conflicts'.
    func unsatisfiable(_ error: CassowaryError?) -> (String?, [String?])? {
        guard case .unsatisfiableConstraint(let constraint, let conflicts) = error else { return nil }
        return (constraint.label, conflicts.map(\.label))
    }

    @Test func conflictingRequiredEqualitiesNameEachOther() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 10).labeled("a"))
        let thrown = error { () throws(CassowaryError) in try solver.addConstraint((x == 20).labeled("b")) }
        let labels = try #require(unsatisfiable(thrown))
        #expect(labels.0 == "b")
        #expect(labels.1 == ["a"])
        #expect(
            thrown?.description
                == "required constraint 'b' 1.0 * x + -20.0 == 0 (required) cannot be satisfied together with: 'a' 1.0 * x + -10.0 == 0 (required)"
        )
    }

    @Test func conflictingRequiredInequalities() throws {
        // Through phase 1: the artificial variable's final row holds min's slack.
        var solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x >= 10).labeled("min"))
        try solver.addConstraint((x <= 100).labeled("max"))
        let thrown = error { () throws(CassowaryError) in try solver.addConstraint((x <= 5).labeled("low")) }
        let labels = try #require(unsatisfiable(thrown))
        #expect(labels.0 == "low")
        #expect(labels.1 == ["min"])
        // kiwisolver 1.5.1 reports x = 5 here: it keeps the refused constraint in its tableau.
        solver.updateVariables()
        #expect(solver.value(of: x) == 10)
        #expect(solver.invariantViolations() == [])
    }

    @Test func conflictsListOnlyTheConstraintsInvolvedInAdditionOrder() throws {
        var solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try solver.addConstraint((a + b == 10).labeled("sum"))
        try solver.addConstraint((c == 3).labeled("unrelated"))
        try solver.addConstraint((a >= 6).labeled("a-min"))
        try solver.addConstraint((b <= 20).labeled("b-max"))
        try solver.addConstraint((a == 7).withPriority(500).labeled("a-preferred"))
        solver.updateVariables()
        let before = [a, b, c].map { solver.value(of: $0) }
        let bMin = (b >= 6).labeled("b-min")
        let labels = try #require(unsatisfiable(error { () throws(CassowaryError) in try solver.addConstraint(bMin) }))
        #expect(labels.0 == "b-min")
        #expect(labels.1 == ["sum", "a-min"])
        // The failed call left the system as it was.
        #expect(!solver.hasConstraint(bMin))
        #expect(solver.invariantViolations() == [])
        solver.updateVariables()
        #expect([a, b, c].map { solver.value(of: $0) } == before)
        #expect(before == [7, 3, 3])
        try solver.addConstraint(b >= 2)
        solver.updateVariables()
        #expect(solver.value(of: b) == 3)
    }

    @Test func aConstraintThatCannotHoldAloneHasNoConflicts() throws {
        var solver = Solver()
        let labels = try #require(
            unsatisfiable(
                error { () throws(CassowaryError) in
                    try solver.addConstraint(Constraint(Expression(constant: -1), .greaterThanOrEqual, label: "0 >= 1"))
                }))
        #expect(labels.0 == "0 >= 1")
        #expect(labels.1 == [])
        #expect(solver.invariantViolations() == [])
    }

    @Test func duplicateAndUnknownConstraints() throws {
        var solver = Solver()
        let x = Variable("x")
        let constraint = (x == 1).labeled("one")
        try solver.addConstraint(constraint)
        guard
            case .duplicateConstraint(let duplicate)? = error({ () throws(CassowaryError) in
                try solver.addConstraint(constraint)
            })
        else { Issue.record("expected duplicateConstraint"); return }
        #expect(duplicate === constraint)
        try solver.addConstraint(x == 1)  // an equal-looking constraint is another constraint (redundant)
        try solver.removeConstraint(constraint)
        guard
            case .unknownConstraint(let unknown)? = error({ () throws(CassowaryError) in
                try solver.removeConstraint(constraint)
            })
        else { Issue.record("expected unknownConstraint"); return }
        #expect(unknown === constraint)
        #expect(
            error { () throws(CassowaryError) in try solver.removeConstraint(x == 2) }?.description.hasPrefix(
                "constraint") == true)
    }

    @Test func editVariableErrors() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addEditVariable(x, strength: Strength(priority: 999))
        guard
            case .duplicateEditVariable(let duplicate)? = error({ () throws(CassowaryError) in
                try solver.addEditVariable(x, strength: Strength(priority: 1))
            })
        else { Issue.record("expected duplicateEditVariable"); return }
        #expect(duplicate === x)
        guard
            case .unknownEditVariable(let unknown)? = error({ () throws(CassowaryError) in
                try solver.suggestValue(1, for: y)
            })
        else { Issue.record("expected unknownEditVariable from suggestValue"); return }
        #expect(unknown === y)
        guard case .unknownEditVariable? = error({ () throws(CassowaryError) in try solver.removeEditVariable(y) })
        else { Issue.record("expected unknownEditVariable from removeEditVariable"); return }
        for strength in [Strength.required, Strength(priority: 1000), Strength(priority: 1500)] {
            guard
                case .badRequiredStrength(let bad)? = error({ () throws(CassowaryError) in
                    try solver.addEditVariable(y, strength: strength)
                })
            else { Issue.record("expected badRequiredStrength for \(strength)"); return }
            #expect(bad === y)
        }
        #expect(!solver.hasEditVariable(y))
        let suggested = error({ () throws(CassowaryError) in try solver.suggestValue(.nan, for: x) })
        guard case .nonFiniteSuggestedValue? = suggested else {
            Issue.record("expected nonFiniteSuggestedValue")
            return
        }
        #expect(solver.invariantViolations() == [])
    }

    @Test func nonFiniteConstraintsAreRefused() throws {
        var solver = Solver()
        let x = Variable("x")
        for constraint in [Double.nan * x == 1, x == .infinity, x <= -Double.infinity] {
            guard
                case .nonFiniteConstraint(let refused)? = error({ () throws(CassowaryError) in
                    try solver.addConstraint(constraint)
                })
            else { Issue.record("expected nonFiniteConstraint for \(constraint)"); continue }
            #expect(refused === constraint)
            #expect(!solver.hasConstraint(constraint))
        }
    }

    @Test func descriptionsNameTheLabel() {
        let x = Variable("x")
        let constraint = (x <= 3).withPriority(250).labeled("hug")
        #expect(
            CassowaryError.unknownConstraint(constraint).description
                == "constraint 'hug' 1.0 * x + -3.0 <= 0 (250.0) has not been added")
        #expect(CassowaryError.badRequiredStrength(x).description == "edit variable 'x' cannot be required")
    }
}
