"""Lexicographic linear programming for the reference fixtures (strict priority levels).

Shared by generate_level_fixtures.py (solver-level systems) and
../../ImageViewsTests/Fixtures/generate_uikit_model_fixtures.py (view trees). Every LP is
scipy.optimize.linprog(method="highs").

A LexProblem holds rows `const + sum(coef * x) op 0`, each required or optional at a level with a
weight. `solve()` minimises the levels one by one, strongest first, each held at its optimum
(plus a tiny slack for the LP's tolerances) while the next is minimised, and returns the Face of
lexicographically optimal solutions, over which each variable can be minimised and maximised.
Violation of an optional row: |e| for ==, max(0, e) for <=, max(0, -e) for >=.
"""
import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix

REQUIRED = 1000.0
HIGHS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10, "presolve": True}


def parse_seeds(text):
    """The generators' --seeds syntax: "1-40", "1,5,9-12"."""
    seeds = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            seeds.extend(range(int(a), int(b) + 1))
        else:
            seeds.append(int(part))
    return seeds


def level_key(priority):
    """Priorities are the same level iff equal as float32 (UILayoutPriority is a Float)."""
    return float(np.float32(priority))


class Infeasible(Exception):
    pass


class LexProblem:
    def __init__(self, nvars):
        self.n = nvars
        self.rows = []  # (terms dict, const, op, required, level key, weight)

    def add(self, terms, const, op, priority=REQUIRED, level=None, weight=None):
        """`terms`: a dict or (variable, coefficient) pairs (repeats add up). Required when
        `priority` >= 1000 and no `level` is given; `level` overrides the priority's level key;
        `weight` (default: the priority) only matters to the weighted mode of solve()."""
        merged = {}
        for v, c in (terms.items() if isinstance(terms, dict) else terms):
            merged[v] = merged.get(v, 0.0) + float(c)
        merged = {v: c for v, c in sorted(merged.items()) if c != 0.0}
        required = priority >= REQUIRED and level is None
        if level is None:
            level = level_key(priority)
        self.rows.append((merged, float(const), op, required, level, float(priority if weight is None else weight)))

    def _matrices(self):
        """(column count, <= rows, == rows, per optional row: (violation columns, level, weight))."""
        n = self.n
        ub, eq, viol = [], [], []  # rows as (dict col -> value, rhs)
        col = n
        for terms, const, op, required, level, weight in self.rows:
            if required:
                if op == "==":
                    eq.append((dict(terms), -const))
                elif op == "<=":
                    ub.append((dict(terms), -const))
                else:
                    ub.append(({v: -c for v, c in terms.items()}, const))
            elif op == "==":  # e - p + q == 0, violation p + q
                t = dict(terms)
                t[col], t[col + 1] = -1.0, 1.0
                eq.append((t, -const))
                viol.append(([col, col + 1], level, weight))
                col += 2
            else:  # e - s <= 0 (or -e - s <= 0 for >=), violation s
                t = dict(terms) if op == "<=" else {v: -c for v, c in terms.items()}
                t[col] = -1.0
                ub.append((t, -const if op == "<=" else const))
                viol.append(([col], level, weight))
                col += 1
        return col, ub, eq, viol

    def solve(self, mode="lex", strict_levels=()):
        """mode "lex": every level strict. mode "weighted" (kiwi's reading): the levels in
        `strict_levels` stay strict (fixed first, strongest first); every other optional row goes
        into ONE objective weighted by its weight."""
        ncols, ub, eq, viol = self._matrices()
        face = Face(self.n, ncols, ub, eq)
        if not face.feasible():
            raise Infeasible()
        levels = sorted({lv for _, lv, _ in viol}, reverse=True)
        if mode == "lex":
            stages = [[(cols, 1.0) for cols, lv, _ in viol if lv == L] for L in levels]
        else:
            strict = [L for L in levels if L in strict_levels]
            stages = [[(cols, 1.0) for cols, lv, _ in viol if lv == L] for L in strict]
            rest = [(cols, w) for cols, lv, w in viol if lv not in strict_levels]
            if rest:
                top = max(w for _, w in rest)
                stages.append([(cols, w / top) for cols, w in rest])
        for stage in stages:
            objective = {}
            for cols, w in stage:
                for c in cols:
                    objective[c] = objective.get(c, 0.0) + w
            face.fix(objective, face.minimise(objective))
        return face

    def min_total_violation(self):
        """Elastic feasibility: every row optional at one level; 0 iff the rows are consistent."""
        p = LexProblem(self.n)
        for terms, const, op, _req, _lv, _w in self.rows:
            p.rows.append((terms, const, op, False, 0.0, 1.0))
        ncols, ub, eq, viol = p._matrices()
        face = Face(self.n, ncols, ub, eq)
        return face.minimise({c: 1.0 for cols, _, _ in viol for c in cols})


class Face:
    """The solutions of `ub` (<=) and `eq` (==) rows, violation columns non-negative."""

    def __init__(self, n, ncols, ub, eq):
        self.n, self.ncols = n, ncols
        self.ub, self.eq = list(ub), list(eq)
        self.bounds = [(None, None)] * n + [(0, None)] * (ncols - n)
        self._built = None

    @staticmethod
    def _sparse(rows, ncols):
        if not rows:
            return None, None
        r, c, v = [], [], []
        for i, (t, _) in enumerate(rows):
            for k, val in sorted(t.items()):
                r.append(i)
                c.append(k)
                v.append(val)
        return coo_matrix((v, (r, c)), shape=(len(rows), ncols)).tocsr(), np.array([b for _, b in rows], float)

    def _lp(self, objective):
        if self._built is None:
            self._built = (self._sparse(self.ub, self.ncols), self._sparse(self.eq, self.ncols))
        (A_ub, b_ub), (A_eq, b_eq) = self._built
        c = np.zeros(self.ncols)
        for k, w in objective.items():
            c[k] = w
        res = None
        for options in (HIGHS, dict(HIGHS, presolve=False), dict(HIGHS, primal_feasibility_tolerance=1e-9,
                                                                 dual_feasibility_tolerance=1e-9)):
            res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=self.bounds, method="highs",
                          options=options)
            if res.status in (0, 2, 3):
                break  # solved, infeasible, unbounded; otherwise (numerical trouble) retry differently
        return res

    def feasible(self):
        res = self._lp({})
        if res.status == 2:
            return False
        if res.status != 0:
            raise RuntimeError(f"LP status {res.status}: {res.message}")
        return True

    def minimise(self, objective):
        res = self._lp(objective)
        if res.status == 2:
            raise Infeasible()
        if res.status != 0:
            raise RuntimeError(f"LP status {res.status}: {res.message}")
        return float(res.fun)

    def fix(self, objective, z):
        """Keep the face where `objective <= z` (plus a tiny slack for the LP's tolerances)."""
        self.ub.append((dict(objective), z + 1e-9 + 1e-12 * abs(z)))
        self._built = None

    def range(self, var):
        """(min, max) of x[var] over the face; None for an unbounded side."""
        out = []
        for sign in (1.0, -1.0):
            res = self._lp({var: sign})
            if res.status == 3:
                out.append(None)
            elif res.status != 0:
                raise RuntimeError(f"LP status {res.status}: {res.message}")
            else:
                out.append(sign * float(res.fun))
        return tuple(out)

    def values(self, variables, rel_tol):
        """Per variable: the value when min and max over the face agree within tolerance, else None."""
        result = []
        for v in variables:
            lo, hi = self.range(v)
            if lo is None or hi is None:
                result.append(None)
                continue
            mid = (lo + hi) / 2
            result.append(mid if hi - lo <= rel_tol * max(1.0, abs(mid)) else None)
        return result
