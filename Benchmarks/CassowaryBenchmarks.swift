import Cassowary
import Foundation

// The Cassowary solver on exactly the workloads of Benchmarks/anchors/kiwi_bench.py, which times
// kiwisolver (C++ behind Python) on the same machine:
//   chain: N views in a row inside a root whose width is a strong edit variable (hugging @250,
//          compression resistance @750, each left edge after the previous view's right + 8);
//   cells: N views each tied only to the root (a 20-column grid), width and height @750;
// each (a) built and solved from nothing (variables and constraints created inside the timing,
// as kiwi_bench.py does), and (b) 100 re-solves: suggestValue on the root width (60 N + 100 +
// (k mod 10) × 7 for the chain, 1200 + (k mod 10) × 7 for the cells) and updateVariables, on one
// solver built once and kept from run to run (as kiwi_bench.py keeps it).
// Priorities are levels here and weights in kiwisolver (strength = priority, the edit "strong" =
// 1 000 000); on these systems both readings have the same optimum (nothing is squeezed: every
// preference holds), so the two solvers do the same work. Here the edit is priority 999, above
// the 250s and 750s as kiwi's "strong" is. `--kiwi FILE` (kiwi_bench.py's printed output) puts
// kiwisolver's medians beside ours.

/// kiwi_bench.py's two systems.
enum KiwiBenchSystems {
    /// The chain of `n` views; returns the solver, the root width and the last view's (left, width).
    static func chain(_ n: Int) -> (Solver, Variable, (Variable, Variable)) {
        let width = 60.0 * Double(n) + 100
        var solver = Solver()
        let rl = Variable("root.left"), rt = Variable("root.top"), rw = Variable("root.width"),
            rh = Variable("root.height")
        for constraint in [rl == 0, rt == 0, rh == 200] { add(constraint, to: &solver) }
        try? solver.addEditVariable(rw, strength: Strength(priority: 999))
        try? solver.suggestValue(width, for: rw)
        var previous: (left: Variable, width: Variable)?
        for i in 0..<n {
            let l = Variable("v\(i).l"), t = Variable("v\(i).t"), w = Variable("v\(i).w"), h = Variable("v\(i).h")
            let intrinsic = Double(20 + (i * 37) % 61)
            add(t == rt + 10, to: &solver)
            add(h == 44, to: &solver)
            add((w <= intrinsic).withPriority(250), to: &solver)
            add((w >= intrinsic).withPriority(750), to: &solver)
            add(w >= 0, to: &solver)
            if let previous {
                add(l == previous.left + previous.width + 8, to: &solver)
            } else {
                add(l == rl + 20, to: &solver)
            }
            previous = (l, w)
        }
        if let previous { add(previous.left + previous.width <= rl + rw - 20, to: &solver) }
        solver.updateVariables()
        return (solver, rw, previous ?? (rl, rw))
    }

    /// The grid of `n` cells; returns the solver and the root width.
    static func cells(_ n: Int) -> (Solver, Variable) {
        var solver = Solver()
        let rl = Variable("root.left"), rt = Variable("root.top"), rw = Variable("root.width")
        add(rl == 0, to: &solver)
        add(rt == 0, to: &solver)
        try? solver.addEditVariable(rw, strength: Strength(priority: 999))
        try? solver.suggestValue(1200, for: rw)
        for i in 0..<n {
            let l = Variable("c\(i).l"), t = Variable("c\(i).t"), w = Variable("c\(i).w"), h = Variable("c\(i).h")
            add(l == rl + Double(8 + (i % 20) * 60), to: &solver)
            add(t == rt + Double(8 + (i / 20) * 60), to: &solver)
            add((w == 52).withPriority(750), to: &solver)
            add((h == 52).withPriority(750), to: &solver)
            add(w <= rw, to: &solver)
        }
        solver.updateVariables()
        return (solver, rw)
    }

    /// The optional chain of `n` views (Benchmarks/kiwi_optional_chain.py): each left edge tied to
    /// the previous view's right edge at 750, tops, widths and heights required; returns the
    /// solver and the last view's left edge.
    static func optionalChain(_ n: Int) -> (Solver, Variable) {
        var solver = Solver()
        let rl = Variable("root.left"), rt = Variable("root.top")
        add(rl == 0, to: &solver)
        add(rt == 0, to: &solver)
        var previous: (left: Variable, width: Variable)?
        for i in 0..<n {
            let l = Variable("v\(i).l"), t = Variable("v\(i).t"), w = Variable("v\(i).w"), h = Variable("v\(i).h")
            add(t == rt, to: &solver)
            add(w == 1, to: &solver)
            add(h == 1, to: &solver)
            if let previous {
                add((l == previous.left + previous.width).withPriority(750), to: &solver)
            } else {
                add(l == rl, to: &solver)
            }
            previous = (l, w)
        }
        solver.updateVariables()
        return (solver, previous?.left ?? rl)
    }

    private static func add(_ constraint: Constraint, to solver: inout Solver) {
        do { try solver.addConstraint(constraint) } catch { print("kiwi bench system: \(error)") }
    }
}

/// The eight kiwi_bench.py rows at N = 100 and 1000, and the optional chain (kiwi_optional_chain.py)
/// at 1000 and 2000.
func cassowaryBenchmarks() -> [Benchmark] {
    final class State {
        var solver = Solver()
        var rootWidth = Variable()
        var last = (Variable(), Variable())
        var built = false
    }
    /// 100 re-solves of a system built once (on first use) and kept: suggestValue on the root
    /// width `base + (k mod 10) × 7`, then updateVariables.
    func resolves(_ name: String, _ operation: String, base: Double, build: @escaping () -> (Solver, Variable))
        -> Benchmark
    {
        let state = State()
        return Benchmark(
            name: name, reference: ReferenceKey(operationPrefix: operation, library: "kiwisolver"),
            run: {
                if !state.built {
                    (state.solver, state.rootWidth) = build()
                    state.built = true
                }
                for k in 0..<100 {
                    try? state.solver.suggestValue(base + Double(k % 10) * 7, for: state.rootWidth)
                    state.solver.updateVariables()
                }
            },
            output: { "root width = \(state.solver.value(of: state.rootWidth))" })
    }
    var list: [Benchmark] = []
    for n in [100, 1000] {
        let chain = State(), cells = State()
        list.append(
            Benchmark(
                name: "cassowary build+solve chain of \(n) views",
                reference: ReferenceKey(operationPrefix: "build+solve chain of \(n) views", library: "kiwisolver"),
                run: { (chain.solver, chain.rootWidth, chain.last) = KiwiBenchSystems.chain(n) },
                output: {
                    "last view x = \(chain.solver.value(of: chain.last.0)), width = \(chain.solver.value(of: chain.last.1))"
                }))
        list.append(
            resolves(
                "cassowary 100 re-solves, chain of \(n) views", "100 re-solves after root width edits, \(n) views",
                base: 60 * Double(n) + 100
            ) {
                let (solver, width, _) = KiwiBenchSystems.chain(n)
                return (solver, width)
            })
        list.append(
            Benchmark(
                name: "cassowary build+solve \(n) grid cells",
                reference: ReferenceKey(operationPrefix: "build+solve \(n) grid cells", library: "kiwisolver"),
                run: { (cells.solver, cells.rootWidth) = KiwiBenchSystems.cells(n) }))
        list.append(
            resolves(
                "cassowary 100 re-solves, \(n) grid cells", "100 re-solves after root width edits, \(n) grid cells",
                base: 1200
            ) { KiwiBenchSystems.cells(n) })
    }
    for n in [1000, 2000] {
        final class Chain { var solver = Solver(), last = Variable() }
        let chain = Chain()
        list.append(
            Benchmark(
                name: "cassowary build+solve optional chain of \(n) views",
                reference: ReferenceKey(
                    operationPrefix: "build+solve optional chain of \(n) views", library: "kiwisolver"),
                run: { (chain.solver, chain.last) = KiwiBenchSystems.optionalChain(n) },
                output: { "last view x = \(chain.solver.value(of: chain.last))" }))
    }
    return list
}

/// kiwisolver's medians from kiwi_bench.py's printed lines
/// ("kiwisolver 1.5.1: build+solve chain of 100 views: median 1.776 ms (…)").
func kiwiReferenceRows(path: String) -> [ReferenceResults.Row] {
    guard !path.isEmpty, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("kiwisolver "), let colon = line.firstIndex(of: ":"),
            let median = line.range(of: ": median ")
        else { return nil }
        let operation = line[line.index(after: colon)..<median.lowerBound].trimmingCharacters(in: .whitespaces)
        let number = line[median.upperBound...].prefix { $0.isNumber || $0 == "." }
        guard let milliseconds = Double(number) else { return nil }
        return ReferenceResults.Row(op: operation, lib: "kiwisolver", medianMilliseconds: milliseconds, bytes: nil)
    }
}
