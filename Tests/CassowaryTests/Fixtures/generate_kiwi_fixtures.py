#!/usr/bin/env python3
"""Writes the kiwisolver fixtures that CassowaryTests compare the Swift solver with.

Run once, from anywhere, with the benchmark venv (kiwisolver 1.5.1):

    /work/venv/bench/bin/python Tests/CassowaryTests/Fixtures/generate_kiwi_fixtures.py

Each case is a list of operations (add / remove a constraint, add an edit variable, suggest a
value, check) on numbered variables and constraints, plus kiwisolver's values at every check.
The Swift test replays the same operations and compares.

Uniqueness. Only values that are the same in every optimal solution can be compared. The random
systems are built so the optimum is unique (every variable is pinned by a required or a
preferred constraint; every preference has its own non-integer priority, so no two trade-offs
cost the same), and the script checks it: it solves every case seven times — as written, with
the initial constraints added in two other orders, and four times with every variable pulled
by a tiny weight towards +-10^4 (random signs, then the opposite signs), which moves any value
that the optimum leaves free — and writes null for any value on which the runs differ by more
than 1e-7 (the Swift test skips nulls). The expected value is the first run's. The count of
nulls is printed; in the committed fixtures they occur only at the check after some
preferences were removed, where a removed preference was a view's only anchor (for example
`v.x`, leaving `v.l` and the next view's `l` free to move together).

Format (compact, to keep the fixtures small): a constraint is [op, priority, constant, label,
variable, coefficient, variable, coefficient, ...] meaning `constant + sum(coefficient *
variable) op 0`; an operation is ["add", constraint], ["remove", constraint], ["edit", variable,
weight], ["suggest", variable, value] or ["check"]; `expected` holds one list of values per
check, rounded to 10 significant digits (the tests compare within 1e-6); integral numbers are
written as integers.

Priorities map to kiwi strengths as Benchmarks/anchors/kiwi_bench.py does: strength = priority for
1 <= p < 1000, required for 1000. Edit variables use a raw weight (kiwi's "strong" = 1e6).
"""
import json
import os
import random
import sys

import kiwisolver as kiwi

HERE = os.path.dirname(os.path.abspath(__file__))


def compact(x):
    """Integral numbers as JSON integers (shorter); the Swift side reads every number as Double."""
    return int(x) if x is not None and float(x).is_integer() and abs(x) < 1e15 else x


class Builder:
    def __init__(self, name, seed):
        self.case = {"name": name, "seed": seed, "variables": [], "constraints": [], "operations": []}

    def var(self, name):
        self.case["variables"].append(name)
        return len(self.case["variables"]) - 1

    def constraint(self, terms, constant, op, priority=1000, label=None, add=True):
        flat = [op, compact(priority), compact(constant), label]
        for v, c in terms:
            flat += [v, compact(c)]
        self.case["constraints"].append(flat)
        index = len(self.case["constraints"]) - 1
        if add:
            self.op("add", index)
        return index

    def op(self, *operation):
        self.case["operations"].append(list(operation))


class Priorities:
    """Distinct non-integer non-required priorities (three decimals), so no two trade-offs tie."""

    def __init__(self, rng):
        self.values = [p / 1000 for p in rng.sample(range(1001, 999000), 2000)]

    def __call__(self, _rng=None):
        return self.values.pop()


def random_layout(seed):
    """A layout-shaped system of 5-50 views (20-204 variables) with mixed priorities."""
    rng = random.Random(seed)
    prio = Priorities(rng)
    n = rng.randint(5, 50)
    b = Builder(f"layout-{seed}", seed)
    rl, rt, rw, rh = (b.var(f"root.{k}") for k in ("left", "top", "width", "height"))
    b.op("edit", rw, 1e6)
    width = 60.0 * n / 2 + 100
    b.op("suggest", rw, width)
    b.constraint([(rl, 1)], 0, "==", label="root.left")
    b.constraint([(rt, 1)], 0, "==", label="root.top")
    b.constraint([(rh, 1)], -800, "==", label="root.height")
    views = []
    soft = []
    columns = [8.0, 68.0, 128.0, 188.0]
    column_of = {}
    for i in range(n):
        l, t, w, h = (b.var(f"v{i}.{k}") for k in "ltwh")
        iw, ih = rng.randint(20, 160) / 2, rng.randint(20, 120) / 2
        soft.append(b.constraint([(w, 1)], -iw, "<=", prio(rng), f"v{i}.hug"))
        soft.append(b.constraint([(w, 1)], -iw, ">=", prio(rng), f"v{i}.compress"))
        b.constraint([(w, 1)], 0, ">=", label=f"v{i}.width>=0")
        if rng.random() < 0.5:
            soft.append(b.constraint([(h, 1)], -ih, "==", prio(rng), f"v{i}.height"))
        else:
            b.constraint([(h, 1)], -ih, "==", label=f"v{i}.height")
        b.constraint([(h, 1)], 0, ">=", label=f"v{i}.height>=0")
        placement = rng.random() if views else 0.5
        if placement < 0.35 and views:  # chain after the previous view
            pl, _, pw, _ = views[-1]
            b.constraint([(l, 1), (pl, -1), (pw, -1)], -rng.choice([0, 4, 8, 16]), "==", label=f"v{i}.after")
        elif placement < 0.7:  # anchored in a column of the root
            x = rng.choice(columns)
            b.constraint([(l, 1), (rl, -1)], -x, "==", label=f"v{i}.column")
            if x in column_of:  # a redundant required alignment (all-dummy row)
                b.constraint([(l, 1), (views[column_of[x]][0], -1)], 0, "==", label=f"v{i}.aligned")
            column_of.setdefault(x, i)
        elif placement < 0.85:  # preferred position only
            soft.append(b.constraint([(l, 1)], -rng.randint(0, 400), "==", prio(rng), f"v{i}.x"))
        else:  # at least after a random earlier view, preferably just after it
            ol, _, ow, _ = views[rng.randrange(len(views))]
            gap = rng.choice([2, 8])
            b.constraint([(l, 1), (ol, -1), (ow, -1)], -gap, ">=", label=f"v{i}.min-after")
            soft.append(b.constraint([(l, 1), (ol, -1), (ow, -1)], -gap, "==", prio(rng), f"v{i}.after-pref"))
        if views and rng.random() < 0.5:
            _, ot, _, oh = views[rng.randrange(len(views))]
            b.constraint([(t, 1), (ot, -1), (oh, -1)], -8, ">=", label=f"v{i}.below")
            soft.append(b.constraint([(t, 1), (ot, -1), (oh, -1)], -8, "==", prio(rng), f"v{i}.below-pref"))
        else:
            b.constraint([(t, 1), (rt, -1)], -rng.randint(0, 300), "==", label=f"v{i}.top")
        if rng.random() < 0.3:
            b.constraint([(l, 1), (w, 1), (rl, -1), (rw, -1)], 20, "<=", label=f"v{i}.inside")
        if views and rng.random() < 0.2:
            _, _, ow, _ = views[rng.randrange(len(views))]
            soft.append(b.constraint([(w, 1), (ow, -1)], 0, "==", prio(rng), f"v{i}.same-width"))
        if rng.random() < 0.15:
            soft.append(b.constraint([(h, 1), (w, -0.5)], 0, "==", prio(rng), f"v{i}.aspect"))
        views.append((l, t, w, h))
    b.op("check")
    for k, value in enumerate((width * 0.5, width * 1.5, width)):
        b.op("suggest", rw, value)
        b.op("check")
    removed = rng.sample(soft, max(1, len(soft) // 10))
    for index in removed:
        b.op("remove", index)
    b.op("check")
    for index in removed:
        b.op("add", index)
    b.op("check")  # the same optimum as the check before the removals
    return b.case


def bench_chain(n):
    """kiwi_bench.py's chain of n views, then root-width edits as its re-solve loop makes them."""
    b = Builder(f"bench-chain-{n}", 0)
    rl, rt, rw, rh = (b.var(f"root.{k}") for k in ("left", "top", "width", "height"))
    b.constraint([(rl, 1)], 0, "==")
    b.constraint([(rt, 1)], 0, "==")
    b.constraint([(rh, 1)], -200, "==")
    b.op("edit", rw, 1e6)
    b.op("suggest", rw, 60.0 * n + 100)
    prev = None
    for i in range(n):
        l, t, w, h = (b.var(f"v{i}.{k}") for k in "ltwh")
        iw = 20 + (i * 37) % 61
        b.constraint([(t, 1), (rt, -1)], -10, "==")
        b.constraint([(h, 1)], -44, "==")
        b.constraint([(w, 1)], -iw, "<=", 250)
        b.constraint([(w, 1)], -iw, ">=", 750)
        b.constraint([(w, 1)], 0, ">=")
        if prev is None:
            b.constraint([(l, 1), (rl, -1)], -20, "==")
        else:
            b.constraint([(l, 1), (prev[0], -1), (prev[2], -1)], -8, "==")
        prev = (l, t, w, h)
    b.constraint([(prev[0], 1), (prev[2], 1), (rl, -1), (rw, -1)], 20, "<=")
    b.op("check")
    for k in (1, 5, 9):
        b.op("suggest", rw, 60.0 * n + 100 + (k % 10) * 7)
        b.op("check")
    return b.case


def bench_cells(n):
    """kiwi_bench.py's grid of n cells, then root-width edits as its re-solve loop makes them."""
    b = Builder(f"bench-cells-{n}", 0)
    rl, rt, rw = (b.var(f"root.{k}") for k in ("left", "top", "width"))
    b.constraint([(rl, 1)], 0, "==")
    b.constraint([(rt, 1)], 0, "==")
    b.op("edit", rw, 1e6)
    b.op("suggest", rw, 1200.0)
    for i in range(n):
        l, t, w, h = (b.var(f"c{i}.{k}") for k in "ltwh")
        b.constraint([(l, 1), (rl, -1)], -(8 + (i % 20) * 60), "==")
        b.constraint([(t, 1), (rt, -1)], -(8 + (i // 20) * 60), "==")
        b.constraint([(w, 1)], -52, "==", 750)
        b.constraint([(h, 1)], -52, "==", 750)
        b.constraint([(w, 1), (rw, -1)], 0, "<=")
    b.op("check")
    for k in (1, 5, 9):
        b.op("suggest", rw, 1200.0 + (k % 10) * 7)
        b.op("check")
    # Narrower than a cell: every width must follow the root (the dual simplex pivots).
    b.op("suggest", rw, 40.0)
    b.op("check")
    return b.case


def run(case, order_seed=None, push_seed=None, push_sign=1):
    """kiwisolver's values at each check; the first block of adds shuffled by order_seed; with
    push_seed, every variable is also pulled towards +-10^4 (sign random per variable, times
    push_sign) with a random weight of 1-2e-5, which moves it to the edge of the optimal face
    wherever that face is not a single point."""
    ops = case["operations"]
    first_check = next(i for i, o in enumerate(ops) if o[0] == "check")
    head = ops[:first_check]
    if order_seed is not None:
        adds = [o for o in head if o[0] == "add"]
        random.Random(order_seed).shuffle(adds)
        head = [o for o in head if o[0] != "add"] + adds
    variables = [kiwi.Variable(name) for name in case["variables"]]
    constraints = []
    for op, priority, constant, _label, *terms in case["constraints"]:
        expr = constant + sum((c * variables[v] for v, c in zip(terms[::2], terms[1::2])), kiwi.Expression([]))
        cn = {"==": expr == 0, "<=": expr <= 0, ">=": expr >= 0}[op]
        if priority < 1000:
            cn = cn | priority
        constraints.append(cn)
    solver = kiwi.Solver()
    if push_seed is not None:
        rng = random.Random(push_seed)
        for v in variables:
            solver.addConstraint((v == push_sign * rng.choice((-1, 1)) * 1e4) | (1e-5 * (1 + rng.random())))
    results = []
    for o in head + ops[first_check:]:
        if o[0] == "add":
            solver.addConstraint(constraints[o[1]])
        elif o[0] == "remove":
            solver.removeConstraint(constraints[o[1]])
        elif o[0] == "edit":
            solver.addEditVariable(variables[o[1]], o[2])
        elif o[0] == "suggest":
            solver.suggestValue(variables[o[1]], o[2])
        elif o[0] == "check":
            solver.updateVariables()
            results.append([v.value() for v in variables])
    return results


def expected_values(case):
    runs = [run(case), run(case, order_seed=1), run(case, order_seed=2)]
    runs += [run(case, push_seed=seed, push_sign=sign) for seed in (1, 2) for sign in (1, -1)]
    checks, undetermined = [], 0
    for stage in zip(*runs):
        values = []
        for first, *others in zip(*stage):
            if all(abs(first - other) <= 1e-7 * max(1.0, abs(first)) for other in others):
                values.append(compact(float(f"{first:.10g}")))
            else:
                values.append(None)
                undetermined += 1
        checks.append(values)
    return checks, undetermined


def main():
    cases = [random_layout(seed) for seed in range(1, 13)]
    benches = [bench_chain(10), bench_chain(100), bench_cells(10), bench_cells(100)]
    for name, group in (("kiwi_random_layouts.json", cases), ("kiwi_bench_workloads.json", benches)):
        total = 0
        for case in group:
            case["expected"], undetermined = expected_values(case)
            total += undetermined
            print(f"{case['name']}: {len(case['variables'])} variables, {len(case['constraints'])} constraints, "
                  f"{undetermined} undetermined values", file=sys.stderr)
        document = {"generator": "generate_kiwi_fixtures.py", "kiwisolver": kiwi.__version__, "cases": group}
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(document, f, separators=(",", ":"))
            f.write("\n")
        print(f"{name}: {len(group)} cases, {total} undetermined values, {os.path.getsize(os.path.join(HERE, name))} bytes",
              file=sys.stderr)


if __name__ == "__main__":
    main()
