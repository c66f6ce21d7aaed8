import Testing
import TestSupport
@testable import Cassowary

/// Seeded random layout systems built in Swift (independently of the kiwisolver fixtures):
/// required constraints hold, invariants hold after every call, removal and re-adding agree,
/// results repeat bit for bit, and every reported conflict is a real one. A failure names its seed.
@Suite struct RandomSystemTests {
    /// A random layout: views in chains, columns and free positions, with mixed priorities.
    struct Layout {
        var variables: [Variable] = []
        var constraints: [Constraint] = []
        var rootWidth = Variable("root.width")
        /// Per view: left, width (for the random required constraints of `conflictCandidates`).
        var views: [(left: Variable, width: Variable)] = []

        init(seed: UInt64) {
            var random = SeededGenerator(seed: seed)
            let n = Int.random(in: 5...50, using: &random)
            let rootLeft = Variable("root.left")
            variables = [rootLeft, rootWidth]
            constraints.append((rootLeft == 0).labeled("root.left"))
            for i in 0..<n {
                let l = Variable("v\(i).l"), w = Variable("v\(i).w"), h = Variable("v\(i).h")
                variables += [l, w, h]
                let intrinsic = Double(Int.random(in: 20...160, using: &random)) / 2
                // Priorities may tie here (unlike the fixtures): only required values are checked.
                let hug = Double(Int.random(in: 1...999, using: &random)),
                    compress = Double(Int.random(in: 1...999, using: &random))
                constraints.append((w <= intrinsic).withPriority(hug).labeled("v\(i).hug"))
                constraints.append((w >= intrinsic).withPriority(compress).labeled("v\(i).compress"))
                constraints.append((w >= 0).labeled("v\(i).w>=0"))
                constraints.append(
                    (h == 0.5 * w + 4).withPriority(Double(Int.random(in: 1...1000, using: &random))).labeled(
                        "v\(i).aspect"))
                let placement = Int.random(in: 0..<4, using: &random)
                if placement == 0, let previous = views.last {
                    constraints.append((l == previous.left + previous.width + 8).labeled("v\(i).after"))
                } else if placement == 1 {
                    constraints.append(
                        (l == rootLeft + Double(8 + 60 * Int.random(in: 0..<4, using: &random))).labeled("v\(i).column")
                    )
                } else if placement == 2, !views.isEmpty {
                    let other = views[Int.random(in: 0..<views.count, using: &random)]
                    constraints.append((l >= other.left + other.width + 2).labeled("v\(i).min-after"))
                    constraints.append(
                        (l == other.left + other.width + 2).withPriority(
                            Double(Int.random(in: 1...999, using: &random))))
                } else {
                    constraints.append(
                        (l == Double(Int.random(in: 0...400, using: &random))).withPriority(
                            Double(Int.random(in: 1...999, using: &random))))
                }
                if Bool.random(using: &random) {
                    constraints.append((l + w <= rootLeft + rootWidth - 20).labeled("v\(i).inside"))
                }
                views.append((l, w))
            }
        }

        /// Random required constraints, some of which conflict with the layout.
        func conflictCandidates(seed: UInt64) -> [Constraint] {
            var random = SeededGenerator(seed: seed &+ 0x5EED)
            return (0..<12).map { k in
                let a = views[Int.random(in: 0..<views.count, using: &random)]
                let b = views[Int.random(in: 0..<views.count, using: &random)]
                let value = Double(Int.random(in: -50...600, using: &random))
                switch k % 4 {
                case 0: return (a.left == value).labeled("extra\(k) left == \(value)")
                case 1: return (a.width <= -1 - value / 100).labeled("extra\(k) width below zero")
                case 2: return (a.left + a.width <= b.left - value).labeled("extra\(k) a before b")
                default: return (a.left - b.left == value).labeled("extra\(k) offset")
                }
            }
        }
    }

    func check(_ solver: inout Solver, _ layout: Layout, seed: UInt64, _ step: String) {
        solver.updateVariables()
        let problems = solver.invariantViolations() + Replay.brokenRequirements(layout.constraints, solver: solver)
        #expect(problems == [], "seed \(seed), \(step)")
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func randomLayoutHoldsItsRequirements(seed: UInt64) throws {
        let layout = Layout(seed: seed)
        var solver = Solver()
        try solver.addEditVariable(layout.rootWidth, strength: Strength(priority: 999))
        try solver.suggestValue(600, for: layout.rootWidth)
        for constraint in layout.constraints { try solver.addConstraint(constraint) }
        check(&solver, layout, seed: seed, "built")
        for width in [100.0, 2000, 37.5, 600] {
            try solver.suggestValue(width, for: layout.rootWidth)
            check(&solver, layout, seed: seed, "root width \(width)")
        }
        // Remove every third constraint (required ones included), then add them back.
        let removed = layout.constraints.enumerated().filter { $0.offset % 3 == Int(seed % 3) }.map(\.element)
        for constraint in removed {
            try solver.removeConstraint(constraint)
            #expect(solver.invariantViolations() == [], "seed \(seed), removing \(constraint)")
        }
        check(&solver, layout, seed: seed, "after removals")
        for constraint in removed { try solver.addConstraint(constraint) }
        check(&solver, layout, seed: seed, "after re-adding")
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func conflictsAreRealAndTheSolverIsUnchanged(seed: UInt64) throws {
        let layout = Layout(seed: seed)
        var solver = Solver()
        try solver.addEditVariable(layout.rootWidth, strength: Strength(priority: 999))
        try solver.suggestValue(600, for: layout.rootWidth)
        for constraint in layout.constraints { try solver.addConstraint(constraint) }
        var added = layout.constraints
        for candidate in layout.conflictCandidates(seed: seed) {
            do {
                try solver.addConstraint(candidate)
                added.append(candidate)
            } catch {
                guard case .unsatisfiableConstraint(let constraint, let conflicts) = error else {
                    Issue.record("seed \(seed): \(error)")
                    continue
                }
                #expect(constraint === candidate)
                #expect(conflicts.allSatisfy { $0.strength.isRequired && solver.hasConstraint($0) }, "seed \(seed)")
                // The failed call left a consistent solver that still meets every requirement…
                check(&solver, layout, seed: seed, "after refusing \(candidate)")
                #expect(!solver.hasConstraint(candidate))
                // …and the conflicts alone refuse the candidate too.
                var proof = Solver()
                for conflict in conflicts { try proof.addConstraint(conflict) }
                #expect(throws: CassowaryError.self, "seed \(seed): \(candidate) with \(conflicts)") {
                    try proof.addConstraint(candidate)
                }
            }
        }
        let final = added.filter { $0.strength.isRequired }
        #expect(final.allSatisfy { solver.hasConstraint($0) })
    }

    @Test(arguments: [3, 17, 29] as [UInt64])
    func repeatsBitForBit(seed: UInt64) throws {
        func run() throws -> (String, [UInt64]) {
            let layout = Layout(seed: seed)
            var solver = Solver()
            try solver.addEditVariable(layout.rootWidth, strength: Strength(priority: 999))
            for constraint in layout.constraints { try solver.addConstraint(constraint) }
            try solver.suggestValue(150, for: layout.rootWidth)
            for constraint in layout.constraints.prefix(20) { try solver.removeConstraint(constraint) }
            solver.updateVariables()
            return (solver.debugDump(), layout.variables.map { solver.value(of: $0).bitPattern })
        }
        let first = try run(), second = try run()
        #expect(first.0 == second.0, "seed \(seed)")
        #expect(first.1 == second.1, "seed \(seed)")
    }
}
