// How strongly a constraint is held: required, or a priority LEVEL with a weight inside it.
//
// Levels, not weights (docs/CASSOWARY.md §Strengths). Apple: "Higher priority constraints are
// satisfied before lower priority constraints" (NSLayoutConstraint.priority); the Cassowary
// paper's constraint hierarchies: a constraint of a given strength "completely dominates" any of
// a weaker strength. So the solver minimises a vector — the violations of the highest level
// first, then, without giving any of that up, the next level's, and so on — and no number of
// violations at priority 250 outweighs one at 251. kiwi folds strengths into one weighted sum
// (its maintainers say so: nucleic/kiwi issues 28, 33 and 110); ivsim does not.
//
// Inside one level the violations add up, each times its constraint's weight (1 unless given):
// UIKit gives every constraint of a priority the same say, and minimises |a − b| for an
// optional `a == b` (the same Apple page). Weights other than 1 are for callers that want kiwi's
// single weighted objective: put every constraint at one level and use kiwi's strengths as
// weights (the kiwisolver fixtures do).
//
// Priorities are UIKit's: 1000 and above is required; 0 < p < 1000 is a level; 0, negative and
// NaN mean "no preference" (the constraint is in the system but never in the objective).

/// How strongly a constraint is held: required, or a priority level and a weight in it.
public struct Strength: Sendable, Hashable, CustomStringConvertible {
    /// The level: 1000 for required, else 0 ≤ priority < 1000 (higher levels dominate lower ones).
    public let priority: Double
    /// The weight of a unit of violation within the level (0 for required and for priority 0).
    public let weight: Double

    private init(exactPriority: Double, weight: Double) {
        priority = exactPriority
        self.weight = weight
    }

    /// Required: the constraint holds exactly or `addConstraint` reports it unsatisfiable.
    public static let required = Strength(exactPriority: 1000, weight: 0)

    /// A UIKit priority: 1000 and above is required; below, a level of its own, in which each
    /// unit of violation costs `weight` (clipped to 0…`maximumWeight`; NaN is 0). A priority of
    /// 0 or less (or NaN) holds nothing: weight 0.
    public init(priority: Double, weight: Double = 1) {
        if priority >= 1000 {
            self = .required
        } else if priority > 0 {
            self.init(exactPriority: priority, weight: weight > 0 ? min(weight, Strength.maximumWeight) : 0)
        } else {
            self.init(exactPriority: 0, weight: 0)
        }
    }

    /// The largest weight, 10¹²: weight × a coordinate of a million stays near 10¹⁸, far from
    /// overflow, and kiwi's largest strength (1 001 001 000) fits below it.
    public static let maximumWeight = 1e12

    /// UIKit's `defaultHigh` (750).
    public static let defaultHigh = Strength(priority: 750)
    /// UIKit's `defaultLow` (250).
    public static let defaultLow = Strength(priority: 250)

    /// Whether the constraint must hold exactly.
    public var isRequired: Bool { priority >= 1000 }

    /// Whether the constraint has a say in the objective (non-required, weight > 0).
    var isPreference: Bool { !isRequired && weight > 0 }

    /// `required`, `750` or, with a weight other than 1, `750 × 2.5`.
    public var description: String {
        if isRequired { return "required" }
        return weight == 1 ? "\(priority)" : "\(priority) × \(weight)"
    }
}
