import Testing
@testable import Cassowary

/// Expressions, strengths and the debug dump's format.
@Suite struct ModelTests {
    @Test func operatorsBuildTheExpectedExpression() {
        let x = Variable("x"), y = Variable("y")
        let constraint = x + 2 * y == 10
        #expect(constraint.relation == .equal)
        #expect(constraint.strength.isRequired)
        #expect(constraint.expression.terms.map(\.variable.name) == ["x", "y"])
        #expect(constraint.expression.terms.map(\.coefficient) == [1, 2])
        #expect(constraint.expression.constant == -10)
        let other = 3 - (x - y) / 2 >= -x * 4
        #expect(other.expression.terms.map(\.coefficient) == [3.5, 0.5])  // −x/2 and +4x combined
        #expect(other.expression.constant == 3)
    }

    @Test func repeatedVariablesCombineInFirstAppearanceOrder() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let constraint = y + x + 2 * y - x + z <= 0
        #expect(constraint.expression.terms.map(\.variable.name) == ["y", "x", "z"])
        #expect(constraint.expression.terms.map(\.coefficient) == [3, 0, 1])
        // Beyond 16 terms the reduction uses a dictionary; the order is the same rule.
        let many = (0..<20).map { Variable("v\($0)") }
        let sum = many.reduce(Expression()) { $0 + $1 } + many[3] + many[0]
        let reduced = Constraint(sum, .equal).expression
        #expect(reduced.terms.count == 20)
        #expect(
            reduced.terms[0].coefficient == 2 && reduced.terms[3].coefficient == 2 && reduced.terms[1].coefficient == 1)
    }

    @Test func priorityIsALevel() {
        #expect(Strength(priority: 1000).isRequired && Strength(priority: 1200).isRequired)
        #expect(Strength(priority: .infinity) == .required)
        #expect(Strength(priority: 999).priority == 999 && Strength(priority: 999).weight == 1)
        #expect(Strength(priority: 999.5).isRequired == false)
        #expect(Strength(priority: 250, weight: 3).weight == 3)
        #expect(
            Strength(priority: 250, weight: .infinity).weight == 1e12
                && Strength(priority: 1, weight: 5e12).weight == 1e12)
        #expect(Strength(priority: 250, weight: -2).weight == 0 && Strength(priority: 250, weight: .nan).weight == 0)
        #expect(Strength(priority: -5) == Strength(priority: .nan) && Strength(priority: 0).weight == 0)
        #expect(Strength.defaultHigh.priority == 750 && Strength.defaultLow.priority == 250)
        #expect((Variable("x") == 1).withPriority(500).strength == Strength(priority: 500))
        #expect("\(Strength(priority: 250))" == "250.0" && "\(Strength(priority: 250, weight: 2))" == "250.0 × 2.0")
    }

    @Test func debugDumpFormat() throws {
        var solver = Solver()
        let x = Variable("x"), w = Variable("w")
        try solver.addConstraint((x == 10).labeled("pin"))
        try solver.addConstraint((w <= 80).withPriority(250).labeled("hug"))
        try solver.addConstraint((w >= x + 100).withPriority(750).labeled("wide"))
        try solver.addEditVariable(x, strength: Strength(priority: 999))
        try solver.suggestValue(20, for: x)
        // x is pinned at 10, so the edit's e8 = 10 (20 suggested); w = x + 100 = 110 (750 beats
        // hugging's 250), hugging's error e4 = 30. One objective row per level, highest first:
        // @999 e7 + e8 = 10 + d1 + 2 e7; @750 e6; @250 e4's row. e6 costs +1 at @750 and −1 at
        // @250: its cost vector is positive (the higher level decides), where kiwi's one weighted
        // row would hold 750 − 250 = 500.
        #expect(
            solver.debugDump() == """
                objective @999: 10 + 1 d1 + 2 e7
                objective @750: 0 + 1 e6
                objective @250: 30 - 1 d1 + 1 s3 + 1 s5 - 1 e6
                rows:
                  x#0 = 10 - 1 d1
                  w#2 = 110 - 1 d1 + 1 s5 - 1 e6
                  e4 = 30 - 1 d1 + 1 s3 + 1 s5 - 1 e6
                  e8 = 10 + 1 d1 + 1 e7
                infeasible: none
                constraints:
                  d1 'pin' 1.0 * x + -10.0 == 0 (required)
                  s3 e4 'hug' 1.0 * w + -80.0 <= 0 (250.0)
                  s5 e6 'wide' 1.0 * w + -1.0 * x + -100.0 >= 0 (750.0)
                  e7 e8 'edit x' 1.0 * x == 0 (999.0)
                edits:
                  x#0 e7 e8 suggested 20

                """)
        #expect(solver.invariantViolations() == [])
    }

    @Test func dumpsDoNotDependOnWhenVariablesWereMade() throws {
        func dump(_ order: [Int]) throws -> String {
            let made = order.map { Variable("v\($0)") }
            let byName = order.indices.sorted { order[$0] < order[$1] }.map { made[$0] }
            var solver = Solver()
            try solver.addConstraint(byName[0] + byName[1] == 100)
            try solver.addConstraint((byName[1] == 3 * byName[2]).withPriority(300))
            try solver.addConstraint(byName[2] >= 5)
            try solver.addEditVariable(byName[0], strength: Strength(priority: 999))
            try solver.suggestValue(30, for: byName[0])
            #expect(solver.invariantViolations() == [])
            return solver.debugDump()
        }
        let first = try dump([0, 1, 2])
        #expect(try dump([2, 0, 1]) == first)
        #expect(try dump([1, 2, 0]) == first)
    }
}
