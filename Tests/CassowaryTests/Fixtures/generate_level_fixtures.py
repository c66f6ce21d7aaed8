#!/usr/bin/env python3
"""Writes level_random_systems.json: solver-level fixtures for STRICT priority levels.

Run from anywhere with the benchmark venv (scipy with HiGHS, numpy):

    /work/venv-bench/bin/python Tests/CassowaryTests/Fixtures/generate_level_fixtures.py
    /work/venv-bench/bin/python Tests/CassowaryTests/Fixtures/generate_level_fixtures.py --seeds 1-400 --out /tmp/x.json
    /work/venv-bench/bin/python Tests/CassowaryTests/Fixtures/generate_level_fixtures.py --self-check

The case FORMAT is the one of kiwi_random_layouts.json (see generate_kiwi_fixtures.py): variables
by name; a constraint is [op, priority, constant, label, variable, coefficient, ...] meaning
`constant + sum(coefficient * variable) op 0`; operations ["add", c], ["remove", c],
["edit", variable, PRIORITY], ["suggest", variable, value], ["check"]; `expected` holds one list of
values per check (null where the optimum does not determine the value), numbers rounded to 10
significant digits.

The SEMANTICS are not kiwi's. They are constraint hierarchies (Borning et al.; the Cassowary paper
by Badros, Borning and Stuckey): a priority >= 1000 is required; every lower priority is a strict
level that completely dominates all weaker ones. Two priorities are the same level iff they are
equal as float32. The optimum is lexicographic: satisfy the required constraints exactly; then
minimise the sum of the violations of the strongest optional level; holding that optimum,
minimise the next level's sum; and so on. Every constraint has weight 1 within its level; its
violation is |e| for `e == 0`, max(0, e) for `e <= 0`, max(0, -e) for `e >= 0`.

Edits. ["edit", v, p] adds the edit constraint `v == 0` at priority p (a level, exactly like any
other constraint of that priority; 0 is kiwi's initial edit value, but every generated edit is
followed at once by a suggest); ["suggest", v, value] replaces its constant. Edits are never
removed.

Expected values. At each check, every variable is minimised and maximised over the
lexicographically optimal face (scipy.optimize.linprog, method="highs"); the value is written when
max - min <= 1e-7 * max(1, |value|), else null.

Each case also has "weightsDiffer": whether kiwi-style weighted semantics (one objective,
sum of priority * violation over all optional constraints and edits, required kept exact) gives a
different `expected` (a different value, or null versus a value) at some check, computed with the
same LP machinery. The generator makes "outvoting" groups (several weak constraints whose
priorities add up past one stronger constraint) so that at least half the cases differ.
"""
import argparse
import json
import os
import random
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from lexlp import REQUIRED, Infeasible, LexProblem, level_key, parse_seeds  # noqa: E402  (the shared LP machinery)


# ----------------------------------------------------------------------------------------------
# Cases
# ----------------------------------------------------------------------------------------------

def compact(x):
    """Integral numbers as JSON integers; others to 10 significant digits (LP noise below 1e-8 dropped)."""
    if x is None:
        return None
    x = float(f"{round(float(x), 8):.10g}")
    if x == 0:
        return 0
    return int(x) if x.is_integer() and abs(x) < 1e15 else x


class Builder:
    def __init__(self, name, seed):
        self.case = {"name": name, "seed": seed, "variables": [], "constraints": [], "operations": []}

    def var(self, name):
        self.case["variables"].append(name)
        return len(self.case["variables"]) - 1

    def constraint(self, terms, constant, op, priority=1000, label=None, add=True):
        flat = [op, compact(priority) if priority == round(priority, 6) else priority, compact(constant), label]
        for v, c in terms:
            flat += [v, compact(c)]
        self.case["constraints"].append(flat)
        index = len(self.case["constraints"]) - 1
        if add:
            self.op("add", index)
        return index

    def op(self, *operation):
        self.case["operations"].append(list(operation))


def float32_twin(p, rng):
    """A priority different from p as a double but the same level (float32-equal)."""
    ulp = float(np.spacing(np.float32(p)))
    for _ in range(100):
        q = round(p + rng.choice((-1, 1)) * ulp * rng.uniform(0.05, 0.45), 9)
        if q != p and level_key(q) == level_key(p) and q < 1000:
            return q
    return p


def random_case(seed, attempt=0):
    """A layout-shaped system of 4-30 boxes with priorities drawn from a small palette of levels."""
    rng = random.Random(seed * 7919 + attempt)
    n = 4 + int(27 * rng.random() ** 3)  # 4-30, mostly small (keeps the JSON small)
    b = Builder(f"levels-{seed}", seed)
    shared = [250, 251, 500, 700, 749, 750, 999]
    palette = sorted(set(rng.sample(shared, rng.randint(3, 5))) | {round(rng.uniform(1, 999), 3)
                                                                     for _ in range(rng.randint(1, 2))})
    if rng.random() < 0.4:  # a priority equal to a palette level only as float32
        palette.append(float32_twin(rng.choice(palette), rng))

    def prio():
        return rng.choice(palette)

    rl, rt, rw, rh = (b.var(f"root.{k}") for k in ("left", "top", "width", "height"))
    edit_priority = rng.choice([999, 990.5, 750, 800, rng.choice(palette)])
    b.op("edit", rw, edit_priority)
    width = float(rng.choice([40, 50, 60]) * n / 2 + 100)
    b.op("suggest", rw, width)
    b.constraint([(rl, 1)], 0, "==", label="root.left")
    b.constraint([(rt, 1)], 0, "==", label="root.top")
    if rng.random() < 0.5:
        b.constraint([(rh, 1)], -800, "==", label="root.height")
    else:
        b.constraint([(rh, 1)], -800, "==", prio(), label="root.height-pref")
        b.constraint([(rh, 1)], 0, ">=", label="root.height>=0")
    views = []
    columns = [8.0, 68.0, 128.0, 188.0]
    column_of = {}
    for i in range(n):
        l, t, w, h = (b.var(f"v{i}.{k}") for k in "ltwh")
        iw, ih = rng.randint(20, 160) / 2, rng.randint(20, 120) / 2
        b.constraint([(w, 1)], -iw, "<=", prio(), f"v{i}.hug")
        b.constraint([(w, 1)], -iw, ">=", prio(), f"v{i}.compress")
        b.constraint([(w, 1)], 0, ">=", label=f"v{i}.width>=0")
        r = rng.random()
        if r < 0.35:
            b.constraint([(h, 1)], -ih, "==", prio(), f"v{i}.height")
        elif r < 0.5 and views:
            m = rng.choice([0.5, 0.75, 1.5, 2, round(rng.uniform(0.2, 3), 3)])
            b.constraint([(h, 1), (w, -m)], 0, "==", prio(), f"v{i}.aspect")
            b.constraint([(h, 1)], -ih, "==", prio(), f"v{i}.height")
        else:
            b.constraint([(h, 1)], -ih, "==", label=f"v{i}.height")
        b.constraint([(h, 1)], 0, ">=", label=f"v{i}.height>=0")
        placement = rng.random() if views else 0.5
        if placement < 0.3 and views:  # chain after the previous view
            pl, _, pw, _ = views[-1]
            b.constraint([(l, 1), (pl, -1), (pw, -1)], -rng.choice([0, 4, 8, 16]), "==", label=f"v{i}.after")
        elif placement < 0.55:  # anchored in a column of the root
            x = rng.choice(columns)
            b.constraint([(l, 1), (rl, -1)], -x, "==", label=f"v{i}.column")
            if x in column_of:
                b.constraint([(l, 1), (views[column_of[x]][0], -1)], 0, "==", label=f"v{i}.aligned")
            column_of.setdefault(x, i)
        elif placement < 0.7:  # preferred position only
            b.constraint([(l, 1)], -rng.randint(0, 400), "==", prio(), f"v{i}.x")
        elif placement < 0.85:  # two preferred positions at the SAME level: a tie, maybe broken below
            p = prio()
            x1, x2 = rng.randint(0, 200), rng.randint(200, 400)
            b.constraint([(l, 1)], -x1, "==", p, f"v{i}.x-tie-a")
            b.constraint([(l, 1)], -x2, "==", p, f"v{i}.x-tie-b")
            lower = [q for q in palette if level_key(q) < level_key(p)]
            if lower and rng.random() < 0.7:
                b.constraint([(l, 1)], -rng.randint(0, 400), "==", rng.choice(lower), f"v{i}.x-tiebreak")
        else:  # at least after a random earlier view, preferably just after it
            ol, _, ow, _ = views[rng.randrange(len(views))]
            gap = rng.choice([2, 8])
            b.constraint([(l, 1), (ol, -1), (ow, -1)], -gap, ">=", label=f"v{i}.min-after")
            b.constraint([(l, 1), (ol, -1), (ow, -1)], -gap, "==", prio(), f"v{i}.after-pref")
        if views and rng.random() < 0.5:
            _, ot, _, oh = views[rng.randrange(len(views))]
            b.constraint([(t, 1), (ot, -1), (oh, -1)], -8, ">=", label=f"v{i}.below")
            b.constraint([(t, 1), (ot, -1), (oh, -1)], -8, "==", prio(), f"v{i}.below-pref")
        else:
            b.constraint([(t, 1), (rt, -1)], -rng.randint(0, 300), "==", label=f"v{i}.top")
        if rng.random() < 0.3:
            b.constraint([(l, 1), (w, 1), (rl, -1), (rw, -1)], 20, "<=", label=f"v{i}.inside")
        if views and rng.random() < 0.2:
            _, _, ow, _ = views[rng.randrange(len(views))]
            b.constraint([(w, 1), (ow, -1)], 0, "==", prio() if rng.random() < 0.7 else 1000, f"v{i}.same-width")
        if views and rng.random() < 0.15:
            _, _, ow, _ = views[rng.randrange(len(views))]
            m = rng.choice([0.5, 2, 1.5, 0.25, 3, round(rng.uniform(0.1, 3), 4)])
            b.constraint([(w, 1), (ow, -m)], -rng.choice([0, 0, 4, -8.5]), "==", prio(), f"v{i}.ratio")
        if rng.random() < 0.3:
            # outvoting: k weak constraints whose priorities add up past one stronger constraint
            strong = [q for q in palette if any(k * lo > q for lo in palette if level_key(lo) < level_key(q)
                                                  for k in (2, 3, 4))]
            if strong:
                hi = rng.choice(strong)
                options = [(lo, k) for lo in palette if level_key(lo) < level_key(hi) for k in (2, 3, 4) if k * lo > hi]
                lo, k = rng.choice(options)
                target, other = (w, "width") if rng.random() < 0.6 else (l, "left")
                base = iw if target == w else rng.randint(0, 300)
                b.constraint([(target, 1)], -base, "==", hi, f"v{i}.{other}-strong")
                for j in range(k):
                    form = rng.random()
                    want = base + rng.choice([1, 10, 25.5, -12])
                    if form < 0.5:
                        b.constraint([(target, 1)], -want, "==", lo, f"v{i}.{other}-weak{j}")
                    elif form < 0.75:
                        b.constraint([(target, 1)], -want, ">=" if want > base else "<=", lo, f"v{i}.{other}-weak{j}")
                    else:
                        b.constraint([(target, 1), (rl, -1)], -want, "==", lo, f"v{i}.{other}-weak{j}")
        views.append((l, t, w, h))
    b.constraint([(views[-1][0], 1), (views[-1][2], 1), (rl, -1), (rw, -1)], 8, "<=", prio(), "last.inside-pref")
    b.op("check")
    for value in (width * 0.5, width * 1.5, width):
        b.op("suggest", rw, value)
        b.op("check")
    # a second edit: drag a box's left at a palette priority (ties with other constraints at that level)
    dragged = views[rng.randrange(len(views))][0]
    b.op("edit", dragged, rng.choice(palette))
    b.op("suggest", dragged, float(rng.randint(0, 300)))
    b.op("check")
    b.op("suggest", dragged, float(rng.randint(0, 300)) + 0.5)
    b.op("check")
    removable = list(range(2, len(b.case["constraints"])))
    removed = sorted(rng.sample(removable, max(1, len(b.case["constraints"]) // 10)))
    for index in removed:
        b.op("remove", index)
    b.op("check")
    for index in removed:
        b.op("add", index)
    b.op("check")
    return b.case


# ----------------------------------------------------------------------------------------------
# Replaying a case
# ----------------------------------------------------------------------------------------------

def replay(case, mode="lex", order_seed=None):
    """Yields a LexProblem snapshot at each check (active constraints + edits)."""
    ops = case["operations"]
    if order_seed is not None:  # shuffle the first block of adds (the optimum must not depend on order)
        first_check = next(i for i, o in enumerate(ops) if o[0] == "check")
        head = ops[:first_check]
        adds = [o for o in head if o[0] == "add"]
        random.Random(order_seed).shuffle(adds)
        ops = [o for o in head if o[0] != "add"] + adds + ops[first_check:]
    active = []  # constraint indices, in add order
    edits = {}  # variable -> [priority, value], in add order
    for o in ops:
        if o[0] == "add":
            assert o[1] not in active
            active.append(o[1])
        elif o[0] == "remove":
            active.remove(o[1])
        elif o[0] == "edit":
            assert o[1] not in edits
            edits[o[1]] = [o[2], 0.0]
        elif o[0] == "suggest":
            edits[o[1]][1] = float(o[2])
        elif o[0] == "check":
            p = LexProblem(len(case["variables"]))
            for index in active:
                op, priority, constant, _label, *terms = case["constraints"][index]
                p.add(list(zip(terms[::2], terms[1::2])), constant, op, priority)
            for v, (priority, value) in edits.items():
                p.add([(v, 1.0)], -value, "==", priority)
            yield p


def expected_values(case, mode="lex", order_seed=None):
    checks = []
    for problem in replay(case, order_seed=order_seed):
        face = problem.solve(mode)
        checks.append(face.values(range(problem.n), 1e-7))
    return checks


def same_expected(a, b, tol=1e-7):
    for ca, cb in zip(a, b):
        for x, y in zip(ca, cb):
            if (x is None) != (y is None):
                return False
            if x is not None and abs(x - y) > tol * max(1.0, abs(x)):
                return False
    return True


def required_feasible(case):
    p = LexProblem(len(case["variables"]))
    for op, priority, constant, _label, *terms in case["constraints"]:
        if priority >= REQUIRED:
            p.add(list(zip(terms[::2], terms[1::2])), constant, op, priority)
    try:
        p.solve()
        return True
    except Infeasible:
        return False


def make_case(seed):
    for attempt in range(50):
        case = random_case(seed, attempt)
        if required_feasible(case):
            break
        print(f"seed {seed}: attempt {attempt} has infeasible required constraints, regenerating", file=sys.stderr)
    lex = expected_values(case, "lex")
    weighted = expected_values(case, "weighted")
    case["weightsDiffer"] = not same_expected(lex, weighted)
    case["expected"] = [[compact(v) for v in check] for check in lex]
    return case


# ----------------------------------------------------------------------------------------------
# Self-check
# ----------------------------------------------------------------------------------------------

def self_check(seeds):
    from generate_kiwi_fixtures import run as kiwi_run  # kiwisolver's values at each check

    ok = True
    # 1. hand-made: levels versus weights on one variable
    p = LexProblem(1)
    p.add([(0, 1)], -100, "==", 700)
    for _ in range(3):
        p.add([(0, 1)], -101, "==", 250)
    assert abs(p.solve().values([0], 1e-7)[0] - 100) < 1e-7, "700 must beat three 250s"
    assert abs(p.solve("weighted").values([0], 1e-7)[0] - 101) < 1e-7, "weights: three 250s beat one 700"
    # float32 levels: 500 and a float32-equal twin tie (median of three), a lower level decides nothing
    p = LexProblem(1)
    twin = float32_twin(500, random.Random(1))
    assert twin != 500 and level_key(twin) == level_key(500)
    p.add([(0, 1)], -10, "==", 500)
    p.add([(0, 1)], -20, "==", twin)
    assert p.solve().values([0], 1e-7)[0] is None, "two equal-level preferences: a tie"
    p.add([(0, 1)], -13, "==", 250)
    assert abs(p.solve().values([0], 1e-7)[0] - 13) < 1e-7, "the tie is broken by the lower level"
    print("hand-made checks: ok", file=sys.stderr)
    # 2. the weighted mode agrees with kiwisolver wherever the weighted optimum is unique
    compared = 0
    for seed in seeds:
        case = random_case(seed)
        weighted = expected_values(case, "weighted")
        kiwi_values = kiwi_run(case)
        for wc, kc in zip(weighted, kiwi_values):
            for x, y in zip(wc, kc):
                if x is not None:
                    compared += 1
                    if abs(x - y) > 1e-5 * max(1.0, abs(x)):
                        ok = False
                        print(f"seed {seed}: weighted LP {x} but kiwisolver {y}", file=sys.stderr)
        # 3. the lexicographic optimum does not depend on the order the constraints were added in
        a = expected_values(case)
        for order_seed in (1, 2):
            if not same_expected(a, expected_values(case, order_seed=order_seed), 1e-6):
                ok = False
                print(f"seed {seed}: order {order_seed} changes the lexicographic optimum", file=sys.stderr)
    print(f"kiwisolver cross-check: {compared} determined weighted values compared", file=sys.stderr)
    print("self-check:", "ok" if ok else "FAILED", file=sys.stderr)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-40,72", help="e.g. 1-40 or 1,5,9-12 (72 found a removal bug)")
    ap.add_argument("--out", default=os.path.join(HERE, "level_random_systems.json"))
    ap.add_argument("--self-check", action="store_true", help="run the checks (on --seeds, default 1-6) and exit")
    args = ap.parse_args()
    if args.self_check:
        seeds = parse_seeds(args.seeds) if args.seeds != ap.get_default("seeds") else list(range(1, 7))
        sys.exit(0 if self_check(seeds) else 1)
    cases = []
    for seed in parse_seeds(args.seeds):
        case = make_case(seed)
        nulls = sum(v is None for check in case["expected"] for v in check)
        print(f"{case['name']}: {len(case['variables'])} variables, {len(case['constraints'])} constraints, "
              f"{nulls} undetermined values, weightsDiffer={case['weightsDiffer']}", file=sys.stderr)
        cases.append(case)
    cases.sort(key=lambda c: c["seed"])
    document = {"generator": "generate_level_fixtures.py", "semantics": "strict levels (float32-equal priorities "
                "share a level, weight 1 each); >= 1000 required; edits carry a priority",
                "cases": cases}
    with open(args.out, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")
    differ = sum(c["weightsDiffer"] for c in cases)
    print(f"{args.out}: {len(cases)} cases, {differ} where weights differ from levels, "
          f"{os.path.getsize(args.out)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
