// A stable text dump of the tableau, for tests and debugging. Two solvers given the same calls
// dump the same text on every machine: symbols print by kind and id, rows are listed by basic
// symbol id (not slot), cells by symbol id, constraints by marker id, numbers with Swift's
// shortest round-trip formatting (its own algorithm, not the C library's).
//
// Format (docs/CASSOWARY.md §Debug dump): one objective line per priority level, highest first
// ("objective: none" without preferences), then the rows and the rest:
//
//     objective @750: 0 + 1 e7
//     objective @250: 0 + 1 e5
//     rows:
//       w#2 = 80 - 1 s4 + 1 e5
//       s6 = 0 - 1 s4 + 1 e5 + 1 e7
//     infeasible: none
//     constraints:
//       s4 e5 'hugging' 1.0 * w + -80.0 <= 0 (250.0)
//     edits:
//       x#0 e8 e9 suggested 10
//
// Symbols: an external prints as `name#id` (`#id` when unnamed), a slack as `s<id>`, an error as
// `e<id>`, a dummy as `d<id>`. A number prints as Swift's `description`, with `.0` dropped from
// integers.

extension Solver {
    /// The tableau as text: objective, rows, infeasible rows, constraints, edit variables.
    public func debugDump() -> String {
        var lines: [String] = []
        let objective = tableau.objective
        if objective.order.isEmpty { lines.append("objective: none") }
        for level in objective.order {
            lines.append(
                "objective @\(number(objective.priorities[Int(level)])): " + format(objective.rows[Int(level)]))
        }
        lines.append("rows:")
        var basics: [Int32] = []
        for symbol in 0..<Int32(tableau.symbolCount) where tableau.isBasic(symbol) { basics.append(symbol) }
        for basic in basics {
            lines.append("  \(name(of: basic)) = " + format(tableau.rows[Int(tableau.basicSlot[Int(basic)])]))
        }
        let pending = tableau.infeasible.sorted()
        let infeasible = pending.indices.filter { $0 == 0 || pending[$0] != pending[$0 - 1] }.map {
            name(of: pending[$0])
        }
        lines.append("infeasible: " + (infeasible.isEmpty ? "none" : infeasible.joined(separator: " ")))
        lines.append("constraints:")
        let tags = constraints.values.sorted { $0.marker < $1.marker }
        for tag in tags {
            let symbols = [tag.marker, tag.other].filter { $0 >= 0 }.map(name(of:)).joined(separator: " ")
            lines.append("  \(symbols) \(tag.constraint)")
        }
        lines.append("edits:")
        for edit in edits {
            let symbol = variableIndex[ObjectIdentifier(edit.variable)].map { variableSymbols[Int($0)] } ?? -1
            lines.append(
                "  \(name(of: symbol)) \(name(of: edit.tag.marker)) \(name(of: edit.tag.other)) suggested \(number(edit.constant))"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `x#3`, `s4`, `e5`, `d6` (see the file comment).
    func name(of symbol: Int32) -> String {
        guard symbol >= 0 && Int(symbol) < tableau.symbolCount else { return "?" }
        switch tableau.kind(symbol) {
        case .external:
            // Externals are created in variable order, so the symbol ids are sorted.
            let index = binarySearch(variableSymbols, symbol)
            return (index.map { variables[$0].name } ?? "") + "#\(symbol)"
        case .slack: return "s\(symbol)"
        case .error: return "e\(symbol)"
        case .dummy: return "d\(symbol)"
        }
    }

    /// The index of `value` in the ascending `array`, or nil.
    private func binarySearch(_ array: [Int32], _ value: Int32) -> Int? {
        var low = 0, high = array.count
        while low < high {
            let middle = (low + high) / 2
            if array[middle] == value { return middle }
            if array[middle] < value { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// `constant ± |coefficient| symbol …`.
    func format(_ row: Row) -> String {
        var text = number(row.constant)
        for cell in row.cells {
            let sign = cell.coefficient < 0 ? " - " : " + "
            text += sign + number(abs(cell.coefficient)) + " " + name(of: cell.symbol)
        }
        return text
    }

    /// Swift's shortest round-trip text, without a trailing `.0`.
    func number(_ value: Double) -> String {
        let text = "\(value == 0 ? 0 : value)"  // −0 prints as 0
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
