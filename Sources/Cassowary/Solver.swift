// The incremental Cassowary solver (Badros, Borning & Stuckey 2001) with kiwi's structure and
// API: add and remove constraints, edit variables with suggested values, read values.
//
// This file is the public surface and the bookkeeping around the tableau: which variables,
// constraints and edit variables the solver knows, and which symbols belong to them. The rows
// and pivots are in Tableau and Tableau+Simplex; how a constraint becomes a row is in
// Solver+Rows. Values are computed by `updateVariables()` into a dense array (one per variable,
// in first-use order) and read by `value(of:)`.
//
// The solver is a value type: copying it copies the system (lazily, copy on write). Every
// mutating call either completes or fails with a CassowaryError and leaves the constraint
// system as it was — variables first seen in a refused constraint stay known, with their ids,
// and a refusal after phase 1 leaves the same system in another basis (Solver+Rows; kiwi
// keeps the refused constraint in that case).

/// An incremental linear constraint solver (Cassowary, as kiwi implements it).
public struct Solver: Sendable {
    /// The constraint a symbol marks, and the other symbol of that constraint.
    struct Tag {
        let constraint: Constraint
        /// The slack, dummy or positive error that identifies the constraint's row.
        let marker: Int32
        /// The error of a non-required constraint (the negative one of an equality), or −1.
        let other: Int32
        /// The objective level its errors are weighted in, or −1 (required, or weight 0).
        let level: Int32
    }

    /// An edit variable: its edit constraint and the value last suggested.
    struct Edit {
        let variable: Variable
        let tag: Tag
        var constant: Double
    }

    var tableau = Tableau()
    /// Variable → its index in `variables` (lookup only; never iterated).
    var variableIndex: [ObjectIdentifier: Int32] = [:]
    /// The variables, in the order the solver first saw them.
    var variables: [Variable] = []
    /// Per variable: its external symbol.
    var variableSymbols: [Int32] = []
    /// Per variable: its value at the last `updateVariables()`.
    var values: [Double] = []
    /// Per symbol: the constraint it marks (or is the other error of), while that is added.
    var owners: [Constraint?] = []
    /// Constraint → its symbols (lookup only; never iterated).
    var constraints: [ObjectIdentifier: Tag] = [:]
    /// The edit variables, in the order they were added.
    var edits: [Edit] = []
    /// Variable → its index in `edits` (lookup only).
    var editIndex: [ObjectIdentifier: Int] = [:]

    /// An empty solver.
    /// The most cells the tableau may hold: `addConstraint` throws `tooLarge` past it (the
    /// constraint stays added; the caller discards the solver). Unbounded by default.
    public var maxTerms = Int.max

    public init() {}

    /// Adds `constraint`; throws if it was added before, or if it is required and cannot hold.
    public mutating func addConstraint(_ constraint: Constraint) throws(CassowaryError) {
        let key = ObjectIdentifier(constraint)
        if constraints[key] != nil { throw .duplicateConstraint(constraint) }
        if !constraint.isFinite { throw .nonFiniteConstraint(constraint) }
        var (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject < 0 && row.allDummies(tableau.kinds) {
            // Only required equalities' dummies: redundant if the constant is 0, else in conflict.
            if !nearZero(row.constant) {
                throw .unsatisfiableConstraint(constraint, conflicts: requiredOwners(of: row, excluding: constraint))
            }
            subject = tag.marker
        }
        if subject < 0 {
            try addWithArtificialVariable(row, tag)
        } else {
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.insertRow(row, basic: subject)
        }
        constraints[key] = tag
        owners[Int(tag.marker)] = constraint
        if tag.other >= 0 { owners[Int(tag.other)] = constraint }
        try tableau.optimize()
        let terms = tableau.columns.nodesInUse
        if terms > maxTerms { throw .tooLarge(constraint, terms: terms) }
    }

    /// The number of cells of the tableau's rows (dummies aside): what the solver's memory and
    /// the cost of each substitution grow with.
    public var termCount: Int { tableau.columns.nodesInUse }

    /// Removes `constraint`; throws if it is not in the solver.
    public mutating func removeConstraint(_ constraint: Constraint) throws(CassowaryError) {
        guard let tag = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw .unknownConstraint(constraint)
        }
        // The errors leave the objective before any pivot (kiwi: substitutions into the
        // objective would otherwise carry their weight along).
        if tag.level >= 0 {
            if tableau.kind(tag.marker) == .error { removeFromObjective(tag.marker, tag) }
            if tag.other >= 0 { removeFromObjective(tag.other, tag) }
        }
        if tableau.isBasic(tag.marker) {
            _ = tableau.removeRow(basic: tag.marker)
        } else {
            let leaving = tableau.markerLeavingRow(tag.marker)
            if leaving >= 0 {
                var row = tableau.removeRow(basic: leaving)
                row.solve(for: tag.marker, replacing: leaving)
                tableau.substitute(tag.marker, with: row)
            }
        }
        owners[Int(tag.marker)] = nil
        if tag.other >= 0 { owners[Int(tag.other)] = nil }
        try tableau.optimize()
    }

    /// Whether `constraint` has been added (and not removed).
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    /// Makes `variable` editable at `strength` (which must not be required); its suggested value
    /// starts at 0.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(CassowaryError) {
        let key = ObjectIdentifier(variable)
        if editIndex[key] != nil { throw .duplicateEditVariable(variable) }
        if strength.isRequired { throw .badRequiredStrength(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength, label: "edit \(variable.name)")
        try addConstraint(constraint)
        guard let tag = constraints[ObjectIdentifier(constraint)] else { return }
        editIndex[key] = edits.count
        edits.append(Edit(variable: variable, tag: tag, constant: 0))
    }

    /// Stops editing `variable` (removes its edit constraint).
    public mutating func removeEditVariable(_ variable: Variable) throws(CassowaryError) {
        guard let index = editIndex[ObjectIdentifier(variable)] else { throw .unknownEditVariable(variable) }
        try removeConstraint(edits[index].tag.constraint)
        edits.remove(at: index)
        editIndex[ObjectIdentifier(variable)] = nil
        for later in index..<edits.count { editIndex[ObjectIdentifier(edits[later].variable)] = later }
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        editIndex[ObjectIdentifier(variable)] != nil
    }

    /// Suggests `value` for the edit variable `variable` and re-solves (dual simplex).
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(CassowaryError) {
        guard let index = editIndex[ObjectIdentifier(variable)] else { throw .unknownEditVariable(variable) }
        if !value.isFinite { throw .nonFiniteSuggestedValue(variable) }
        let delta = value - edits[index].constant
        edits[index].constant = value
        let tag = edits[index].tag, weight = tag.constraint.strength.weight
        // The edit row reads variable − e⁺ + e⁻ = constant (kiwi): move whichever error is basic,
        // or, with both parametric, every row that holds e⁺ — as if e⁺ took the value delta.
        // Unlike kiwi, the objective's constants follow (each is its level's value, which the
        // dump shows and the invariants check): the moved basic errors' weights times their
        // shift, in the edit's level; with both errors parametric, every level's row moves by
        // delta times its coefficient of e⁺, less e⁺'s own weight in the edit's level.
        if tableau.isBasic(tag.marker) {
            tableau.shiftConstant(ofRow: tag.marker, by: -delta)
            if tag.level >= 0 { tableau.objective.shiftConstant(level: tag.level, by: -delta * weight) }
        } else if tableau.isBasic(tag.other) {
            tableau.shiftConstant(ofRow: tag.other, by: delta)
            if tag.level >= 0 { tableau.objective.shiftConstant(level: tag.level, by: delta * weight) }
        } else {
            tableau.shiftConstants(along: tag.marker, by: delta)
            for level in 0..<Int32(tableau.objective.levelCount) {
                let own = level == tag.level ? weight : 0
                tableau.objective.shiftConstant(
                    level: level, by: delta * (tableau.objective.coefficient(of: tag.marker, level: level) - own))
            }
        }
        try tableau.dualOptimize()
    }

    /// Computes every variable's value from the tableau (read them with `value(of:)`).
    public mutating func updateVariables() {
        let tableau = self.tableau
        variableSymbols.withUnsafeBufferPointer { symbols in
            values.withUnsafeMutableBufferPointer { values in
                for index in symbols.indices { values[index] = tableau.value(of: symbols[index]) }
            }
        }
    }

    /// `variable`'s value at the last `updateVariables()`; 0 for a variable the solver never saw.
    public func value(of variable: Variable) -> Double {
        guard let index = variableIndex[ObjectIdentifier(variable)] else { return 0 }
        return values[Int(index)]
    }

    /// `variable`'s creation id in this solver (its symbol id), or nil if the solver never saw it.
    public func id(of variable: Variable) -> Int? {
        variableIndex[ObjectIdentifier(variable)].map { Int(variableSymbols[Int($0)]) }
    }

    /// Forgets every constraint, edit variable and variable.
    public mutating func reset() {
        self = Solver()
    }

    /// Removes the error `symbol` of the constraint `tag` from its level of the objective.
    mutating func removeFromObjective(_ symbol: Int32, _ tag: Tag) {
        let weight = tag.constraint.strength.weight
        if tableau.isBasic(symbol) {
            tableau.objective.add(tableau.rows[Int(tableau.basicSlot[Int(symbol)])], times: -weight, level: tag.level)
        } else {
            tableau.objective.add(symbol, -weight, level: tag.level)
        }
        tableau.objectiveChanged = true
    }
}
