import Foundation
import TestSupport
@testable import Cassowary

/// One case of Fixtures/kiwi_*.json (format: Tools/fixtures/generate_kiwi_fixtures.py): numbered
/// variables and constraints, operations on a solver, and kiwisolver's values at every check.
struct KiwiCase {
    /// A constraint: `constant + Σ coefficient × variable relation 0` at `priority`.
    struct ConstraintSpec {
        let relation: Relation
        let priority: Double
        let constant: Double
        let label: String?
        let terms: [(variable: Int, coefficient: Double)]
    }

    enum Operation {
        /// `edit` carries kiwi's weight (kiwi fixtures) or a priority level (level fixtures).
        case add(Int), remove(Int), edit(Int, strength: Double), suggest(Int, Double), check
    }

    let name: String
    let seed: Int
    let variableNames: [String]
    let constraints: [ConstraintSpec]
    let operations: [Operation]
    /// Per check, per variable: the reference value, nil where the optimum does not determine it.
    let expected: [[Double?]]
    /// Level fixtures: whether kiwi's weighted reading gives another answer at some check.
    let weightsDiffer: Bool

    /// The cases of Fixtures/`file`; IVSIM_LEVEL_FIXTURES names another file to read in place of
    /// level_random_systems.json (cases generated with other seeds).
    static func load(_ file: String) throws -> [KiwiCase] {
        let override =
            file == "level_random_systems.json" ? ProcessInfo.processInfo.environment["IVSIM_LEVEL_FIXTURES"] : nil
        let data = try Data(contentsOf: override.map { URL(fileURLWithPath: $0) } ?? Fixture().url(file))
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = document["cases"] as? [[String: Any]]
        else { throw FixtureError.malformed(file) }
        return try cases.map { try KiwiCase($0, file: file) }
    }

    enum FixtureError: Error { case malformed(String) }

    init(_ json: [String: Any], file: String) throws {
        guard let name = json["name"] as? String, let seed = json["seed"] as? Int,
            let variables = json["variables"] as? [String], let constraints = json["constraints"] as? [[Any]],
            let operations = json["operations"] as? [[Any]], let expected = json["expected"] as? [[Any]]
        else { throw FixtureError.malformed(file) }
        self.name = name
        self.seed = seed
        weightsDiffer = json["weightsDiffer"] as? Bool ?? false
        variableNames = variables
        self.constraints = try constraints.map { item in
            guard item.count >= 4, let op = item[0] as? String, let priority = (item[1] as? NSNumber)?.doubleValue,
                let constant = (item[2] as? NSNumber)?.doubleValue
            else { throw FixtureError.malformed(file) }
            let relation: Relation = op == "==" ? .equal : (op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual)
            var terms: [(Int, Double)] = []
            var index = 4
            while index + 1 < item.count {
                guard let variable = item[index] as? Int, let coefficient = (item[index + 1] as? NSNumber)?.doubleValue
                else { throw FixtureError.malformed(file) }
                terms.append((variable, coefficient))
                index += 2
            }
            return ConstraintSpec(
                relation: relation, priority: priority, constant: constant, label: item[3] as? String,
                terms: terms)
        }
        self.operations = try operations.map { item in
            let number = { (i: Int) -> Double in (item[i] as? NSNumber)?.doubleValue ?? .nan }
            switch item.first as? String {
            case "add": return .add(Int(number(1)))
            case "remove": return .remove(Int(number(1)))
            case "edit": return .edit(Int(number(1)), strength: number(2))
            case "suggest": return .suggest(Int(number(1)), number(2))
            case "check": return .check
            default: throw FixtureError.malformed(file)
            }
        }
        self.expected = expected.map { $0.map { ($0 as? NSNumber)?.doubleValue } }
    }
}

/// How a fixture's priorities become strengths.
enum FixtureSemantics {
    /// kiwisolver's: one weighted objective, weight = priority (edits: kiwi's weights). Every
    /// preference goes to one level, with the kiwi strength as its weight.
    case kiwiWeights
    /// UIKit's: each priority a level of weight 1 (edits: a priority), priorities rounded to
    /// Float as UILayoutPriority stores them (as ImageViews does; the solver's own levels are
    /// exact doubles).
    case levels

    func strength(priority: Double) -> Strength {
        switch self {
        case .kiwiWeights: priority >= 1000 ? .required : Strength(priority: 1, weight: priority)
        case .levels: Strength(priority: Double(Float(priority)))
        }
    }

    /// An edit's strength: kiwi's weight (never required), or a level.
    func editStrength(_ value: Double) -> Strength {
        switch self {
        case .kiwiWeights: Strength(priority: 1, weight: value)
        case .levels: Strength(priority: Double(Float(value)))
        }
    }
}

/// A fixture case replayed on a Solver.
struct Replay {
    let variables: [Variable]
    let constraints: [Constraint]
    var solver = Solver()
    /// Per check: every variable's value.
    var checks: [[Double]] = []
    /// Per check: the invariant violations and required constraints broken by more than 1e-6.
    var problems: [[String]] = []
    /// Per check: the debug dump.
    var dumps: [String] = []

    init(_ kiwiCase: KiwiCase, _ semantics: FixtureSemantics = .kiwiWeights) throws {
        let variables = kiwiCase.variableNames.map { Variable($0) }
        self.variables = variables
        constraints = kiwiCase.constraints.enumerated().map { index, spec in
            let terms = spec.terms.map { Term(variables[$0.variable], $0.coefficient) }
            return Constraint(
                Expression(terms, constant: spec.constant), spec.relation,
                strength: semantics.strength(priority: spec.priority),
                label: spec.label ?? "#\(index)")
        }
        for operation in kiwiCase.operations {
            switch operation {
            case .add(let index): try solver.addConstraint(constraints[index])
            case .remove(let index): try solver.removeConstraint(constraints[index])
            case .edit(let index, let strength):
                try solver.addEditVariable(variables[index], strength: semantics.editStrength(strength))
            case .suggest(let index, let value): try solver.suggestValue(value, for: variables[index])
            case .check:
                solver.updateVariables()
                let values = variables.map { solver.value(of: $0) }
                checks.append(values)
                problems.append(solver.invariantViolations() + Self.brokenRequirements(constraints, solver: solver))
                dumps.append(solver.debugDump())
            }
        }
    }

    /// Required constraints of `solver` that its values break by more than 1e-6 (relative to 1 + |terms|).
    static func brokenRequirements(_ constraints: [Constraint], solver: Solver) -> [String] {
        constraints.filter { $0.strength.isRequired && solver.hasConstraint($0) }.compactMap { constraint in
            var sum = constraint.expression.constant, scale = 1 + abs(sum)
            for term in constraint.expression.terms {
                let value = solver.value(of: term.variable)
                sum += term.coefficient * value
                scale += abs(term.coefficient * value)
            }
            let tolerance = 1e-6 * scale
            let holds: Bool
            switch constraint.relation {
            case .equal: holds = abs(sum) <= tolerance
            case .lessThanOrEqual: holds = sum <= tolerance
            case .greaterThanOrEqual: holds = sum >= -tolerance
            }
            return holds ? nil : "required \(constraint) is off by \(sum)"
        }
    }
}

/// Whether `a` equals `b` within 1e-6, relative above 1.
func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-6 * max(1, abs(b))
}
