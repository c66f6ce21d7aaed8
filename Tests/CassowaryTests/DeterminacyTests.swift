import Testing
@testable import Cassowary

/// `Solver.undetermined`: the variables some optimal solution moves.
@Suite struct DeterminacyTests {
    @Test func requiredEqualitiesDetermine() throws {
        var solver = Solver()
        let x = Variable("x"), w = Variable("w")
        try solver.addConstraint(x == 10)
        try solver.addConstraint(w == x * 2 + 4)
        #expect(solver.undetermined([x, w]) == [false, false])
    }

    @Test func aFreeVariableIsUndetermined() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.addConstraint(x + y == 10)
        try solver.addConstraint(z == 3)
        #expect(solver.undetermined([x, y, z, Variable("never seen")]) == [true, true, false, true])
    }

    @Test func intrinsicSizePairsAreDeterminedDespiteDegeneracy() throws {
        // width <= 40 @ 250 and width >= 40 @ 750 hold with equality: both slacks sit at 0 in
        // degenerate rows, and neither may move alone.
        var solver = Solver()
        let w = Variable("w")
        try solver.addConstraint((w <= 40).withPriority(250))
        try solver.addConstraint((w >= 40).withPriority(750))
        #expect(solver.undetermined([w]) == [false])
    }

    @Test func equalWeightsThatPullApartLeaveAFreeRange() throws {
        var solver = Solver()
        let w = Variable("w")
        try solver.addConstraint((w == 10).withPriority(500))
        try solver.addConstraint((w == 20).withPriority(500))
        #expect(solver.undetermined([w]) == [true])
        var unequal = Solver()
        try unequal.addConstraint((w == 10).withPriority(500))
        try unequal.addConstraint((w == 20).withPriority(501))
        #expect(unequal.undetermined([w]) == [false])
    }

    @Test func inequalitiesWithRoomLeaveFreedom() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(x <= 100)
        #expect(solver.undetermined([x]) == [true])
        var pinned = Solver()
        try pinned.addConstraint(x >= 0)
        try pinned.addConstraint(x <= 0)
        #expect(pinned.undetermined([x]) == [false])
    }
}
