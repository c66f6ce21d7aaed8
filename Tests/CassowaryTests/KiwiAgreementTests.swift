import Testing
import TestSupport
@testable import Cassowary

/// The solver against kiwisolver 1.5.1 on the fixtures made by
/// Tools/fixtures/generate_kiwi_fixtures.py: seeded random layout systems (12 seeds, 36–204
/// variables, constraints added, edited, removed and added back) and kiwi_bench.py's two workload
/// shapes at small N. Only values the optimum determines are compared (the fixture has null
/// elsewhere); every check also verifies the invariants and that every required constraint holds
/// within 1e-6.
@Suite struct KiwiAgreementTests {
    /// Replays every case of `file` and compares each determined value within 1e-6; returns how
    /// many values were compared.
    static func compare(_ file: String, _ semantics: FixtureSemantics = .kiwiWeights) throws -> Int {
        var compared = 0
        for kiwiCase in try KiwiCase.load(file) {
            let replay = try Replay(kiwiCase, semantics)
            #expect(replay.checks.count == kiwiCase.expected.count, "\(kiwiCase.name) (seed \(kiwiCase.seed))")
            for (check, (ours, theirs)) in zip(replay.checks, kiwiCase.expected).enumerated() {
                #expect(replay.problems[check] == [], "\(kiwiCase.name) (seed \(kiwiCase.seed)), check \(check)")
                for (index, (value, expected)) in zip(ours, theirs).enumerated() {
                    guard let expected else { continue }
                    compared += 1
                    #expect(
                        close(value, expected),
                        "\(kiwiCase.name) (seed \(kiwiCase.seed)), check \(check): \(kiwiCase.variableNames[index]) = \(value), expected \(expected)"
                    )
                }
            }
        }
        return compared
    }

    @Test func randomLayoutsAgreeWithKiwisolver() throws {
        #expect(try Self.compare("kiwi_random_layouts.json") > 5000)
    }

    @Test func benchWorkloadsAgreeWithKiwisolver() throws {
        #expect(try Self.compare("kiwi_bench_workloads.json") > 3000)
    }

    @Test func benchChainOf100MatchesKiwiBenchCheckLine() throws {
        // kiwi_bench.py prints "check: last view x = 5745.000, width = 23.000" for 100 views.
        let chain = try #require(try KiwiCase.load("kiwi_bench_workloads.json").first { $0.name == "bench-chain-100" })
        let replay = try Replay(chain)
        let x = try #require(chain.variableNames.firstIndex(of: "v99.l")), width = x + 2
        #expect(replay.checks[0][x] == 5745)
        #expect(replay.checks[0][width] == 23)
    }

    @Test func replayIsDeterministic() throws {
        // The same calls give the same tableau, bit for bit, twice in one process.
        for kiwiCase in try KiwiCase.load("kiwi_random_layouts.json").prefix(4) {
            let first = try Replay(kiwiCase), second = try Replay(kiwiCase)
            #expect(first.dumps == second.dumps, "\(kiwiCase.name) (seed \(kiwiCase.seed))")
            #expect(first.checks.map { $0.map(\.bitPattern) } == second.checks.map { $0.map(\.bitPattern) })
        }
    }

    @Test func valuesReturnAfterRemovalsAreUndone() throws {
        // Each random case removes a tenth of its preferences, checks, then adds them back.
        for kiwiCase in try KiwiCase.load("kiwi_random_layouts.json") {
            let replay = try Replay(kiwiCase)
            let beforeRemoval = replay.checks[replay.checks.count - 3],
                restored = replay.checks[replay.checks.count - 1]
            for (index, (a, b)) in zip(beforeRemoval, restored).enumerated() {
                #expect(close(a, b), "\(kiwiCase.name) (seed \(kiwiCase.seed)): \(kiwiCase.variableNames[index])")
            }
        }
    }
}
