// How strongly a constraint is held. A required constraint must hold exactly; every other
// constraint has a positive weight, and the solver minimises Σ weight × |violation| over the
// non-required constraints (kiwi's objective, with kiwi's error variables).
//
// Priorities. ivsim speaks UIKit: priorities 1…1000, 1000 (`UILayoutPriority.required`) is
// required. A priority p < 1000 maps to the weight p itself — linear, exactly what
// ../shared/bench/kiwi_bench.py does with kiwisolver ("strength = priority") — so a fixture
// computed by kiwisolver with strength 250 is the same problem as priority 250 here. The
// consequence (documented in docs/CASSOWARY.md): weights add up, so three points of violation
// at priority 250 (cost 750) outweigh one at priority 749; priorities are not strict levels.
// Values are clipped as kiwi clips strengths: below 0 (and NaN) become 0, 1000 and above become
// required.
//
// Weights. `init(weight:)` takes any non-negative weight, for kiwi's composite strengths
// (`strong` = 1 000 000, `medium` = 1000, `weak` = 1, or `composite(…)` = kiwi's
// strength::create). A weight is never required: `weight: 1000` is kiwi's "medium", not
// priority 1000; only `.required` or a priority ≥ 1000 is required.

/// How strongly a constraint is held: required, or a weight in the solver's objective.
public struct Strength: Sendable, Hashable, CustomStringConvertible {
    /// The objective weight of a unit of violation; `.infinity` for required.
    public let weight: Double

    private init(exactWeight: Double) {
        weight = exactWeight
    }

    /// Required: the constraint holds exactly or `addConstraint` reports it unsatisfiable.
    public static let required = Strength(exactWeight: .infinity)

    /// A UIKit priority: 1000 and above is required, below maps linearly to `weight = priority`.
    public init(priority: Double) {
        if priority >= 1000 {
            weight = .infinity
        } else {
            weight = priority > 0 ? priority : 0  // also NaN → 0
        }
    }

    /// A non-required weight: negative and NaN become 0, above `maximumWeight` (infinity
    /// included) becomes `maximumWeight`.
    public init(weight: Double) {
        self.weight = weight > 0 ? min(weight, Strength.maximumWeight) : 0
    }

    /// The largest non-required weight, 10¹²: weight × a coordinate of a million stays near 10¹⁸,
    /// far from overflow, and kiwi's largest strength (required, 1 001 001 000) fits below it.
    public static let maximumWeight = 1e12

    /// kiwi's `strength::create(a, b, c, w)`: each of a·w, b·w, c·w clipped to 0…1000, then
    /// `a·w × 10⁶ + b·w × 10³ + c·w`.
    public static func composite(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Strength {
        func clip(_ value: Double) -> Double { value > 1000 ? 1000 : (value > 0 ? value : 0) }
        return Strength(weight: clip(strong * weight) * 1_000_000 + clip(medium * weight) * 1000 + clip(weak * weight))
    }

    /// kiwi's "strong" (weight 1 000 000).
    public static let strong = Strength(weight: 1_000_000)
    /// kiwi's "medium" (weight 1000; not required).
    public static let medium = Strength(weight: 1000)
    /// kiwi's "weak" (weight 1).
    public static let weak = Strength(weight: 1)

    /// UIKit's `defaultHigh` (750).
    public static let defaultHigh = Strength(priority: 750)
    /// UIKit's `defaultLow` (250).
    public static let defaultLow = Strength(priority: 250)

    /// Whether the constraint must hold exactly.
    public var isRequired: Bool { weight == .infinity }

    /// `required` or the weight, for example `750.0`.
    public var description: String { isRequired ? "required" : "\(weight)" }
}
