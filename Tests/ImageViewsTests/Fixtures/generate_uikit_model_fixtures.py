#!/usr/bin/env python3
"""Writes uikit_model_systems.json: view trees + Auto Layout constraints with the frames an
independent model of UIKit's layout gives them (see README.md beside this file for the format).

    /work/venv-bench/bin/python Tests/ImageViewsTests/Fixtures/generate_uikit_model_fixtures.py
    /work/venv-bench/bin/python Tests/ImageViewsTests/Fixtures/generate_uikit_model_fixtures.py --seeds 1-2000 --out /tmp/x.json
    /work/venv-bench/bin/python Tests/ImageViewsTests/Fixtures/generate_uikit_model_fixtures.py --self-check

The model (the specification this file implements; nothing here comes from the Swift code):
unknowns are the canvas alignment rects (x, y, width, height) of the constraint-positioned views
and of every view a constraint names; required rows are (1) frame-positioned views' frames,
(2) required content-size rows, (3) required system constraints, in that order (the first one
that makes the required set infeasible is the conflict); then a level "frame width/height >= 0"
for the constraint-positioned views; then the optional priorities as strict levels (float32
equality, weight 1 each, violations |e| / max(0, e) / max(0, -e)), solved lexicographically with
scipy.optimize.linprog(method="highs"). Coordinates of a constraint live in the bounds of the
nearest common ancestor G of its views; leading/trailing mirror every horizontal position of the
constraint in G's bounds when G is right-to-left. Frames are rounded per edge, relative to the
superview's final (rounded, accumulated) origin, at the display scale.
"""
import argparse
import json
import math
import os
import random
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# The lexicographic LP machinery is shared with the solver-level fixtures.
sys.path.insert(0, os.path.join(HERE, "..", "..", "CassowaryTests", "Fixtures"))
from lexlp import REQUIRED, Infeasible, LexProblem, level_key, parse_seeds  # noqa: E402

NONNEG_LEVEL = float("inf")  # above every optional level, below required
AMBIGUITY_TOL = 1e-6
H_ATTRS = ("left", "right", "leading", "trailing", "centerX")
V_ATTRS = ("top", "bottom", "centerY")
DIM_ATTRS = ("width", "height")
UNKNOWN_NAMES = ("x", "y", "width", "height")


# ----------------------------------------------------------------------------------------------
# The UIKit model
# ----------------------------------------------------------------------------------------------

class Aff:
    """An affine expression sum(coef * unknown) + const."""

    __slots__ = ("t", "c")

    def __init__(self, t=None, c=0.0):
        self.t = dict(t or {})
        self.c = float(c)

    def __add__(self, o):
        if not isinstance(o, Aff):
            return Aff(self.t, self.c + o)
        t = dict(self.t)
        for k, v in o.t.items():
            t[k] = t.get(k, 0.0) + v
        return Aff(t, self.c + o.c)

    __radd__ = __add__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, o):
        return self + (-o if isinstance(o, Aff) else -o)

    def __rsub__(self, o):
        return (-self) + o

    def __mul__(self, k):
        return Aff({v: c * k for v, c in self.t.items()}, self.c * k)

    __rmul__ = __mul__


def insets_of(view):
    """(top, left, bottom, right)."""
    image = view.get("image")
    return tuple(float(x) for x in image["insets"]) if image else (0.0, 0.0, 0.0, 0.0)


def intrinsic_of(view):
    image = view["image"]
    top, left, bottom, right = insets_of(view)
    return image["size"][0] - left - right, image["size"][1] - top - bottom


class Model:
    def __init__(self, system):
        self.views = system["views"]
        self.constraints = system["constraints"]
        n = len(self.views)
        named = set()
        for c in self.constraints:
            named.add(c["first"][0])
            if c["second"] is not None:
                named.add(c["second"][0])
        self.has_unknowns = [(i != 0 and self.views[i]["frame"] is None) or i in named for i in range(n)]
        self.base = {}
        k = 0
        for i in range(n):
            if self.has_unknowns[i]:
                self.base[i] = k
                k += 4
        self.nvars = k
        self._F = {}

    def cp(self, i):
        return i != 0 and self.views[i]["frame"] is None

    def unknown(self, i, k):
        return Aff({self.base[i] + k: 1.0})

    def F(self, i):
        """Canvas position of the view's frame origin."""
        if i not in self._F:
            top, left, _, _ = insets_of(self.views[i])
            if self.has_unknowns[i]:
                self._F[i] = (self.unknown(i, 0) - left, self.unknown(i, 1) - top)
            elif i == 0:
                self._F[i] = (Aff(), Aff())
            else:
                px, py = self.F(self.views[i]["parent"])
                fx, fy = self.views[i]["frame"][:2]
                self._F[i] = (px + fx, py + fy)
        return self._F[i]

    def frame_width(self, i):
        _, left, _, right = insets_of(self.views[i])
        if self.has_unknowns[i]:
            return self.unknown(i, 2) + (left + right)
        return Aff(c=self.views[i]["frame"][2])

    def ancestors(self, i):
        out = [i]
        while self.views[out[-1]]["parent"] is not None:
            out.append(self.views[out[-1]]["parent"])
        return out

    def common_ancestor(self, a, b):
        bs = set(self.ancestors(b))
        return next(v for v in self.ancestors(a) if v in bs)

    def attribute(self, v, attr, G, mirror):
        if attr == "width":
            return self.unknown(v, 2)
        if attr == "height":
            return self.unknown(v, 3)
        gx, gy = self.F(G)
        if attr in V_ATTRS:
            top = self.unknown(v, 1) - gy
            return {"top": top, "bottom": top + self.unknown(v, 3), "centerY": top + 0.5 * self.unknown(v, 3)}[attr]
        left = self.unknown(v, 0) - gx
        right = left + self.unknown(v, 2)
        center = left + 0.5 * self.unknown(v, 2)
        if mirror:
            wg = self.frame_width(G)
            assert attr not in ("left", "right")
            return {"leading": wg - right, "trailing": wg - left, "centerX": wg - center}[attr]
        return {"left": left, "right": right, "leading": left, "trailing": right, "centerX": center}[attr]

    def constraint_row(self, c):
        """(expression first - m * second - constant, relation)."""
        v, a = c["first"]
        if c["second"] is None:
            return self.attribute(v, a, v, False) - c["constant"], c["relation"]
        w, b = c["second"]
        G = self.common_ancestor(v, w)
        mirror = (a in ("leading", "trailing") or b in ("leading", "trailing")) and \
            self.views[G]["direction"] == "rightToLeft"
        expr = self.attribute(v, a, G, mirror) - c["multiplier"] * self.attribute(w, b, G, mirror) - c["constant"]
        return expr, c["relation"]

    def rows(self, order=None):
        """Required rows in the order they are added (with a tag), then optional rows."""
        required, optional = [], []
        for i, view in enumerate(self.views):  # 1. frames
            if self.has_unknowns[i] and not self.cp(i):
                top, left, bottom, right = insets_of(view)
                px, py = self.F(view["parent"]) if view["parent"] is not None else (Aff(), Aff())
                fx, fy, fw, fh = view["frame"]
                for k, rhs in enumerate((px + (fx + left), py + (fy + top), Aff(c=fw - left - right),
                                         Aff(c=fh - top - bottom))):
                    required.append((("frame", i, k), self.unknown(i, k) - rhs, "==", REQUIRED))
        for i, view in enumerate(self.views):  # 2. content size
            if self.cp(i) and view.get("image"):
                iw, ih = intrinsic_of(view)
                for axis, (k, size, name) in enumerate(((2, iw, "width"), (3, ih, "height"))):
                    for kind, op, priority in (("hugging", "<=", view["hugging"][axis]),
                                               ("compression", ">=", view["compression"][axis])):
                        row = (f"content:{i}:{name}:{kind}", self.unknown(i, k) - size, op, float(priority))
                        (required if priority >= REQUIRED else optional).append(row)
        indices = list(range(len(self.constraints))) if order is None else list(order)
        for index in indices:  # 3. the system's constraints
            c = self.constraints[index]
            expr, op = self.constraint_row(c)
            (required if c["priority"] >= REQUIRED else optional).append((index, expr, op, float(c["priority"])))
        nonneg = []
        for i, view in enumerate(self.views):
            if self.cp(i):
                top, left, bottom, right = insets_of(view)
                nonneg.append((("nonneg", i, 2), self.unknown(i, 2) + (left + right), ">=", None))
                nonneg.append((("nonneg", i, 3), self.unknown(i, 3) + (top + bottom), ">=", None))
        return required, nonneg, optional


CONFLICT_TOL = 1e-7  # a total violation above this is a conflict ...
BORDERLINE = (1e-9, 1e-3)  # ... and the generator rejects systems that come close to it


def total_violation(nvars, rows):
    p = LexProblem(nvars)
    for _tag, expr, op, _p in rows:
        p.add(expr.t, expr.c, op)
    return p.min_total_violation()


def first_conflict(model, required, check_borderline=False):
    """Index (into `required`) of the first row whose addition makes the required set infeasible."""
    z = total_violation(model.nvars, required)
    if check_borderline and BORDERLINE[0] < z < BORDERLINE[1]:
        raise Borderline(z)
    if z <= CONFLICT_TOL:
        return None
    lo, hi = 0, len(required)  # prefix lo feasible, prefix hi infeasible
    while hi - lo > 1:
        mid = (lo + hi) // 2
        z = total_violation(model.nvars, required[:mid])
        if check_borderline and BORDERLINE[0] < z < BORDERLINE[1]:
            raise Borderline(z)
        if z > CONFLICT_TOL:
            hi = mid
        else:
            lo = mid
    return hi - 1


class Borderline(Exception):
    pass


def round_half_away(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


def ui_round(v, s):
    r = round_half_away(v * s * 1024) / 1024
    return math.floor(r + 0.5) / s


def is_tie(v, s):
    """v*s within 1e-6 of k + 0.5 (as the spec says), or within 1e-6 of a point where the
    rounding jumps (with the 1/1024 pre-rounding that is k + 0.5 - 1/2048, toward -infinity)."""
    x = v * s
    if abs(x - math.floor(x) - 0.5) <= 1e-6:
        return True
    return ui_round((x - 1e-6) / s, s) != ui_round((x + 1e-6) / s, s)


def snap(x):
    """Removes LP noise below 1e-8 and keeps 12 significant digits."""
    x = round(x, 8)
    x = float(f"{x:.12g}")
    if x == 0:
        return 0
    return int(x) if x.is_integer() and abs(x) < 1e15 else x


def solve_system(system, order=None, mode="lex", check_borderline=False):
    """The expected block for a system (see README.md)."""
    model = Model(system)
    required, nonneg, optional = model.rows(order)
    k = first_conflict(model, required, check_borderline)
    if k is not None:
        tag = required[k][0]
        return {"conflict": tag}
    p = LexProblem(model.nvars)
    for _tag, expr, op, _p in required:
        p.add(expr.t, expr.c, op)
    for _tag, expr, op, _p in nonneg:
        p.add(expr.t, expr.c, op, priority=0.0, level=NONNEG_LEVEL)
    for _tag, expr, op, priority in optional:
        p.add(expr.t, expr.c, op, priority)
    face = p.solve(mode, strict_levels=(NONNEG_LEVEL,))
    n = len(system["views"])
    values = [None] * model.nvars
    for var in range(model.nvars):
        lo, hi = face.range(var)
        if lo is not None and hi is not None and hi - lo <= AMBIGUITY_TOL:
            values[var] = (lo + hi) / 2
    rects, ambiguous = [], []
    for i in range(n):
        if not model.has_unknowns[i]:
            rects.append(None)
            continue
        rect = [values[model.base[i] + k] for k in range(4)]
        rects.append([None if x is None else snap(x) for x in rect])
        if model.cp(i):
            ambiguous += [[i, UNKNOWN_NAMES[k]] for k in range(4) if rect[k] is None]
    # frames
    s = system["scale"]
    frames, ties = [None] * n, []
    final_origin = {0: (0.0, 0.0)}
    determined = {}
    for i in range(n):  # pre-order: parents first
        view = system["views"][i]
        parent = view["parent"]
        det = (not model.has_unknowns[i] or all(values[model.base[i] + k] is not None for k in range(4)))
        determined[i] = det and (parent is None or determined[parent])
        if i == 0:
            continue
        if parent not in final_origin:
            continue  # an ancestor's final frame is unknown
        ox, oy = final_origin[parent]
        if not model.cp(i):
            final_origin[i] = (ox + view["frame"][0], oy + view["frame"][1])
            continue
        if not determined[i]:
            continue
        top, left, bottom, right = insets_of(view)
        x, y, w, h = (values[model.base[i] + k] for k in range(4))
        fx, fy = x - left - ox, y - top - oy
        edges = {"left": fx, "top": fy, "right": fx + w + left + right, "bottom": fy + h + top + bottom}
        r = {e: ui_round(v, s) for e, v in edges.items()}
        for e in ("left", "top", "right", "bottom"):
            if is_tie(edges[e], s):
                ties.append([i, e])
        frames[i] = [snap(r["left"]), snap(r["top"]), snap(r["right"] - r["left"]), snap(r["bottom"] - r["top"])]
        final_origin[i] = (ox + r["left"], oy + r["top"])
    # both lists are in view order, then x, y, width, height / left, top, right, bottom
    return {"conflict": None, "alignmentRects": rects, "ambiguous": ambiguous, "frames": frames, "tieEdges": ties}


def finish(system, check_borderline=False):
    """Attaches expected (and the weights-versus-levels flag) to a system."""
    expected = solve_system(system, check_borderline=check_borderline)
    if expected["conflict"] is not None:
        tag = expected["conflict"]
        system["expected"] = {"conflict": tag}
        return system
    weighted = solve_system(system, mode="weighted")
    differ = False
    for ra, rb in zip(expected["alignmentRects"], weighted["alignmentRects"]):
        if ra is None:
            continue
        for a, b in zip(ra, rb):
            if (a is None) != (b is None) or (a is not None and abs(a - b) > 1e-6 * max(1.0, abs(a))):
                differ = True
    system["expected"] = expected
    system["weightsDiffer"] = differ
    return system


# ----------------------------------------------------------------------------------------------
# Building systems
# ----------------------------------------------------------------------------------------------

def num(x):
    x = float(x)
    return int(x) if x.is_integer() else x


def fmt(x):
    x = num(x)
    return repr(x) if isinstance(x, float) else str(x)


def label_of(c):
    v, a = c["first"]
    text = f"v{v}.{a} {c['relation']} "
    if c["second"] is None:
        text += fmt(c["constant"])
    else:
        w, b = c["second"]
        text += ("" if c["multiplier"] == 1 else f"{fmt(c['multiplier'])} * ") + f"v{w}.{b}"
        if c["constant"] != 0:
            text += f" {'+' if c['constant'] > 0 else '-'} {fmt(abs(c['constant']))}"
    if c["priority"] < REQUIRED:
        text += f" @{fmt(c['priority'])}"
    return text


def validate(c):
    """The rules the consumer enforces."""
    v, a = c["first"]
    assert c["relation"] in ("==", "<=", ">=")
    assert c["multiplier"] != 0 and math.isfinite(c["multiplier"]) and math.isfinite(c["constant"])
    if c["second"] is None:
        assert a in DIM_ATTRS, c
        return
    w, b = c["second"]
    if a in DIM_ATTRS or b in DIM_ATTRS:
        assert a in DIM_ATTRS and b in DIM_ATTRS, c
    elif a in V_ATTRS or b in V_ATTRS:
        assert a in V_ATTRS and b in V_ATTRS, c
    else:
        lt = {"leading", "trailing"}
        lr = {"left", "right"}
        assert not ((a in lt and b in lr) or (a in lr and b in lt)), c
    assert not (v == w and a == b and c["multiplier"] == 1), c


def C(first, relation, second=None, multiplier=1, constant=0, priority=1000):
    c = {"first": list(first), "relation": relation, "second": list(second) if second else None,
         "multiplier": num(multiplier), "constant": num(constant), "priority": num(priority)}
    validate(c)
    c["label"] = label_of(c)
    return c


def view(parent, frame=None, direction="leftToRight", image=None, hugging=(250, 250), compression=(750, 750)):
    return {"parent": parent, "frame": None if frame is None else [num(x) for x in frame], "direction": direction,
            "image": image, "hugging": [num(x) for x in hugging], "compression": [num(x) for x in compression]}


def image(w, h, insets=(0, 0, 0, 0)):
    return {"size": [num(w), num(h)], "insets": [num(x) for x in insets]}


def system(name, views, constraints, scale=1, seed=None, tags=()):
    for i, v in enumerate(views):
        assert v["parent"] is None if i == 0 else v["parent"] < i
    return {"name": name, "seed": seed, "tags": sorted(tags), "scale": scale, "views": views,
            "constraints": constraints}


# ---- hand-written probes ---------------------------------------------------------------------

def probes():
    out = []
    root = lambda w=400, h=300, d="leftToRight": view(None, [0, 0, w, h], d)  # noqa: E731
    # 1
    out.append(system("probe-1-width-700-beats-three-250s-wanting-101-expect-100", [root(), view(0)], [
        C((1, "leading"), "==", (0, "leading"), constant=10), C((1, "top"), "==", (0, "top"), constant=10),
        C((1, "height"), "==", constant=50), C((1, "width"), "==", constant=100, priority=700),
        C((1, "width"), "==", constant=101, priority=250), C((1, "width"), ">=", constant=101, priority=250),
        C((1, "width"), "==", (0, "width"), multiplier=0.5, constant=-99, priority=250)]))
    # 2
    out.append(system("probe-2-width-500-beats-two-400s-wanting-140-expect-120", [root(), view(0)], [
        C((1, "leading"), "==", (0, "leading"), constant=10), C((1, "top"), "==", (0, "top"), constant=10),
        C((1, "height"), "==", constant=50), C((1, "width"), "==", constant=120, priority=500),
        C((1, "width"), "==", constant=140, priority=400),
        C((1, "trailing"), "==", (1, "leading"), constant=140, priority=400)]))
    # 3
    for d in ("leftToRight", "rightToLeft"):
        views = [root(400, 300, d)] + [view(0, image=image(60, 40)) for _ in range(3)]
        cons = [C((1, "leading"), "==", (0, "leading")), C((2, "leading"), "==", (1, "trailing")),
                C((3, "leading"), "==", (2, "trailing")), C((2, "width"), "==", (1, "width")),
                C((3, "width"), "==", (1, "width")), C((1, "top"), "==", (0, "top"), constant=20),
                C((2, "top"), "==", (1, "top")), C((3, "top"), "==", (1, "top")),
                C((1, "trailing"), "==", (0, "leading"), constant=180, priority=700)]
        out.append(system(f"probe-3-three-images-{d}-700-pin-first-trailing-to-root-leading-plus-180-beats-"
                          "three-250-huggings-all-180-wide", views, cons))
    # 4
    out.append(system("probe-4-image-30x20-width-root-minus-40-at-400-with-required-aspect-expect-260",
                      [root(300, 400), view(0, image=image(30, 20))], [
                          C((1, "width"), "==", (0, "width"), constant=-40, priority=400),
                          C((1, "height"), "==", (1, "width"), multiplier=20 / 30),
                          C((1, "leading"), "==", (0, "leading"), constant=20),
                          C((1, "top"), "==", (0, "top"), constant=20)]))
    # 5
    def dot(box_dir, xcons, name):
        views = [root(), view(0, [100, 40, 200, 100], box_dir), view(1)]
        cons = [C((2, "width"), "==", constant=20), C((2, "height"), "==", constant=20),
                C((2, "centerY"), "==", (1, "centerY")), xcons]
        out.append(system(f"probe-5-dot-in-box-{name}", views, cons))
    dot("leftToRight", C((2, "centerX"), "==", (1, "centerX"), multiplier=0.5),
        "ltr-centerX-half-of-box-centerX-expect-canvas-x-140")
    dot("rightToLeft", C((2, "centerX"), "==", (1, "centerX"), multiplier=0.5),
        "rtl-box-centerX-only-not-mirrored-expect-canvas-x-140")
    dot("leftToRight", C((2, "leading"), "==", (1, "trailing"), multiplier=0.5),
        "ltr-leading-half-of-box-trailing-expect-x-in-box-100")
    dot("rightToLeft", C((2, "leading"), "==", (1, "trailing"), multiplier=0.5),
        "rtl-leading-half-of-box-trailing-mirrored-expect-x-in-box-80")
    dot("leftToRight", C((2, "centerX"), "==", (1, "leading"), multiplier=0.5),
        "ltr-centerX-half-of-box-leading-expect-x-in-box-minus-10")
    dot("rightToLeft", C((2, "centerX"), "==", (1, "leading"), multiplier=0.5),
        "rtl-centerX-half-of-box-leading-mirrored-expect-x-in-box-190")
    # 6
    def width_probe(name, cons, img=None):
        views = [root(), view(0, image=img)]
        base = [C((1, "leading"), "==", (0, "leading"), constant=10), C((1, "top"), "==", (0, "top"), constant=10),
                C((1, "height"), "==", constant=30)]
        out.append(system(name, views, base + cons))
    width_probe("probe-6a-tie-two-equal-250s-agree-expect-50-not-ambiguous",
                [C((1, "width"), "==", constant=50, priority=250), C((1, "width"), "==", constant=50, priority=250)])
    width_probe("probe-6b-tie-three-500s-50-60-70-median-expect-60-not-ambiguous",
                [C((1, "width"), "==", constant=c, priority=500) for c in (50, 60, 70)])
    width_probe("probe-6c-tie-500s-50-and-70-broken-by-250-wanting-65-expect-65",
                [C((1, "width"), "==", constant=50, priority=500), C((1, "width"), "==", constant=70, priority=500),
                 C((1, "width"), "==", constant=65, priority=250)])
    width_probe("probe-6d-tie-500s-50-and-70-nothing-else-expect-width-ambiguous",
                [C((1, "width"), "==", constant=50, priority=500), C((1, "width"), "==", constant=70, priority=500)])
    width_probe("probe-6e-tie-forced-500s-50-and-70-with-required-width-60-expect-60",
                [C((1, "width"), "==", constant=50, priority=500), C((1, "width"), "==", constant=70, priority=500),
                 C((1, "width"), ">=", constant=60), C((1, "width"), "<=", constant=60)])
    width_probe("probe-6f-tie-500-and-float32-equal-500.00001-expect-width-ambiguous",
                [C((1, "width"), "==", constant=50, priority=500),
                 C((1, "width"), "==", constant=70, priority=500.00001)])
    width_probe("probe-6g-500.0001-is-a-higher-float32-level-than-500-expect-70",
                [C((1, "width"), "==", constant=50, priority=500),
                 C((1, "width"), "==", constant=70, priority=500.0001)])
    out.append(system("probe-6h-tie-two-250-positions-expect-x-ambiguous", [root(), view(0)], [
        C((1, "width"), "==", constant=40), C((1, "height"), "==", constant=40),
        C((1, "top"), "==", (0, "top"), constant=10),
        C((1, "leading"), "==", (0, "leading"), constant=10, priority=250),
        C((1, "leading"), "==", (0, "leading"), constant=30, priority=250)]))
    # 7
    out.append(system("probe-7a-required-edges-force-width-minus-40", [root(), view(0, image=image(30, 30))], [
        C((1, "leading"), "==", (0, "leading"), constant=100), C((1, "trailing"), "==", (0, "leading"), constant=60),
        C((1, "top"), "==", (0, "top"))]))
    out.append(system("probe-7b-required-width-minus-10-with-insets-3-2-frame-width-minus-5",
                      [root(), view(0, image=image(40, 30, (1, 3, 0, 2)))], [
                          C((1, "width"), "==", constant=-10), C((1, "leading"), "==", (0, "leading"), constant=20),
                          C((1, "top"), "==", (0, "top"), constant=20)]))
    width_probe("probe-7c-optional-width-minus-20-at-500-expect-0",
                [C((1, "width"), "==", constant=-20, priority=500), C((1, "width"), "==", constant=40, priority=250)])
    out.append(system("probe-7d-optional-width-minus-20-with-insets-3-2-expect-alignment-width-minus-5-frame-0",
                      [root(), view(0, image=image(40, 30, (1, 3, 0, 2)), hugging=(250, 250),
                                    compression=(100, 750))], [
                          C((1, "width"), "==", constant=-20, priority=500),
                          C((1, "leading"), "==", (0, "leading"), constant=20),
                          C((1, "top"), "==", (0, "top"), constant=20)]))
    # 8
    width_probe("probe-8a-999-broken-by-1000-expect-100",
                [C((1, "width"), "==", constant=120, priority=999), C((1, "width"), "==", constant=100)])
    width_probe("probe-8b-two-required-widths-conflict-expect-conflict-4",
                [C((1, "width"), "==", constant=100), C((1, "width"), "==", constant=120)])
    out.append(system("probe-8c-required-width-on-frame-positioned-box-conflicts-with-its-frame-expect-conflict-0",
                      [root(), view(0, [10, 10, 200, 100]), view(1)], [
                          C((1, "width"), "==", constant=150), C((2, "width"), "==", constant=10)]))
    # rounding: the superview's ROUNDED origin is what a subview is placed in
    out.append(system("probe-9-rounding-child-of-constraint-positioned-parent-at-10.4-scale-1",
                      [root(), view(0), view(1)], [
                          C((1, "leading"), "==", (0, "leading"), constant=10.4),
                          C((1, "top"), "==", (0, "top"), constant=6),
                          C((1, "width"), "==", constant=50.2), C((1, "height"), "==", constant=50.2),
                          C((2, "leading"), "==", (1, "leading"), constant=10.4),
                          C((2, "top"), "==", (1, "top"), constant=10.5),
                          C((2, "width"), "==", constant=20), C((2, "height"), "==", constant=20)]))
    out.append(system("probe-10-rounding-scale-3-thirds", [root(), view(0, image=image(31, 17, (0.5, 1, 0, 0.25)))], [
        C((1, "leading"), "==", (0, "leading"), constant=10.1), C((1, "top"), "==", (0, "top"), constant=3.3)],
        scale=3))
    return out


def check_probes(systems):
    def rect(s, i):
        return s["expected"]["alignmentRects"][i]

    def frame(s, i):
        return s["expected"]["frames"][i]

    P = {s["name"]: s for s in systems if s["name"].startswith("probe-")}

    def get(prefix):
        found = [s for n, s in P.items() if n.startswith(prefix)]
        assert len(found) == 1, prefix
        return found[0]

    def close(a, b):
        return a is not None and abs(a - b) < 1e-6

    s = get("probe-1-")
    assert close(rect(s, 1)[2], 100) and not s["expected"]["ambiguous"], s["expected"]
    assert s["weightsDiffer"]
    s = get("probe-2-")
    assert close(rect(s, 1)[2], 120) and s["weightsDiffer"], s["expected"]
    for d, xs in (("leftToRight", (0, 180, 360)), ("rightToLeft", (220, 40, -140))):
        s = get(f"probe-3-three-images-{d}")
        for i, x in zip((1, 2, 3), xs):
            assert close(rect(s, i)[2], 180) and close(rect(s, i)[0], x), (d, s["expected"])
        assert s["weightsDiffer"]
    s = get("probe-4-")
    assert close(rect(s, 1)[2], 260) and close(rect(s, 1)[3], 260 * 20 / 30), s["expected"]
    assert s["weightsDiffer"]
    for name, x in (("ltr-centerX-half-of-box-centerX", 140), ("rtl-box-centerX", 140), ("ltr-leading", 200),
                    ("rtl-leading", 180),
                    ("ltr-centerX-half-of-box-leading", 90), ("rtl-centerX-half-of-box-leading", 290)):
        s = get(f"probe-5-dot-in-box-{name}")
        assert close(rect(s, 2)[0], x) and close(rect(s, 2)[1], 80) and frame(s, 2) == [x - 100, 40, 20, 20], \
            (name, s["expected"])
    for prefix, w in (("probe-6a", 50), ("probe-6b", 60), ("probe-6c", 65), ("probe-6e", 60), ("probe-6g", 70)):
        s = get(prefix)
        assert close(rect(s, 1)[2], w) and not s["expected"]["ambiguous"], (prefix, s["expected"])
    for prefix, amb in (("probe-6d", [[1, "width"]]), ("probe-6f", [[1, "width"]]), ("probe-6h", [[1, "x"]])):
        s = get(prefix)
        assert s["expected"]["ambiguous"] == amb and s["expected"]["frames"][1] is None, (prefix, s["expected"])
    s = get("probe-7a")
    assert close(rect(s, 1)[2], -40) and frame(s, 1) == [100, 0, -40, 30], s["expected"]
    s = get("probe-7b")
    assert close(rect(s, 1)[2], -10) and frame(s, 1)[2] == -5, s["expected"]
    s = get("probe-7c")
    assert close(rect(s, 1)[2], 0) and frame(s, 1)[2] == 0, s["expected"]
    s = get("probe-7d")
    assert close(rect(s, 1)[2], -5) and frame(s, 1)[2] == 0, s["expected"]
    s = get("probe-8a")
    assert close(rect(s, 1)[2], 100), s["expected"]
    s = get("probe-8b")
    assert s["expected"] == {"conflict": 4}, s["expected"]
    s = get("probe-8c")
    assert s["expected"] == {"conflict": 0}, s["expected"]
    s = get("probe-9-")
    # parent: canvas 10.4 -> frame x 10; child canvas 20.8, local to the ROUNDED parent origin 10.8 -> 11
    # (with the parent's exact origin it would be 20.8 - 10.4 = 10.4 -> 10); top 16.5 - 6 = 10.5 -> 11 (a tie)
    assert frame(s, 1) == [10, 6, 51, 50] and frame(s, 2) == [11, 11, 20, 20], s["expected"]
    assert [2, "top"] in s["expected"]["tieEdges"] and [2, "bottom"] in s["expected"]["tieEdges"]
    s = get("probe-10-")
    # frame left = 10.1 - 1 = 9.1 -> 9*3=27.3 -> 27/3 = 9; top 3.3 - 0.5 = 2.8 -> 8.4 -> 8/3
    assert close(frame(s, 1)[0], 9) and close(frame(s, 1)[1], 8 / 3), s["expected"]
    return True


# ---- random systems --------------------------------------------------------------------------

PRIORITIES = [999, 750, 749, 700, 500, 400, 251, 250]
OUTVOTES = sorted({(hi, lo, k) for hi in PRIORITIES for lo in PRIORITIES for k in (2, 3, 4)
                   if lo < hi and k * lo > hi and (k == 2 or (k - 1) * lo <= hi)})


def rand_priority(rng, p_required=0.8):
    if rng.random() < p_required:
        return 1000
    if rng.random() < 0.12:
        return round(rng.uniform(1, 999), 3)
    return rng.choice(PRIORITIES)


def rand_mult(rng, p_one=0.85):
    if rng.random() < p_one:
        return 1
    if rng.random() < 0.25:
        return round(rng.uniform(0.1, 3), 3)
    return rng.choice([0.5, 2, 1.5, 0.25, 3])


def rand_const(rng, lo, hi):
    r = rng.random()
    if r < 0.75:
        return rng.randint(lo, hi)
    if r < 0.9:
        return rng.randint(lo, hi) + 0.5
    return round(rng.uniform(lo, hi), 2)


def float32_twin(p):
    """A priority that differs from p as a double but is the same level (float32-equal)."""
    f = level_key(p)
    ulp = float(np.spacing(np.float32(p)))
    for k in (0.1, 0.2, -0.1, -0.2, 0.3):
        q = round(f + ulp * k, 9)
        if q != p and level_key(q) == f and q < REQUIRED:
            return q
    raise AssertionError(p)


def random_tree(rng, n, root_weight, other_weight):
    """A random tree of n views at most 3 deep, each view's parent drawn among the earlier ones
    (the root with `root_weight`, others with `other_weight`). Gives the parents, the pre-order
    (a list of view numbers) and each view's place in it."""
    parent, depth = [None], [0]
    for i in range(1, n):
        cands = [k for k in range(i) if depth[k] < 3]
        p = rng.choices(cands, [root_weight if k == 0 else other_weight for k in cands])[0]
        parent.append(p)
        depth.append(depth[p] + 1)
    children = {i: [k for k in range(n) if parent[k] == i] for i in range(n)}
    order = []

    def walk(i):
        order.append(i)
        for k in children[i]:
            walk(k)
    walk(0)
    return parent, order, {old: k for k, old in enumerate(order)}


class RandomSystem:
    def __init__(self, seed, attempt, category):
        self.rng = rng = random.Random(seed * 100003 + attempt)
        self.seed, self.category = seed, category
        self.tags = {category}
        self.cons = []
        self.build_tree()
        self.scale = rng.choice([1, 2, 3])

    # -- tree
    def build_tree(self):
        rng = self.rng
        n = 2 + int(6 * rng.random() ** 2)  # 2-7 views, smaller trees more often (keeps the JSON small)
        parent, order, new = random_tree(rng, n, root_weight=3, other_weight=2)
        W = rng.choice([320, 375, 390, 400, 414, 300, 600, rng.randint(200, 600)])
        H = rng.choice([480, 568, 667, 300, 844, rng.randint(200, 800)])
        views = [view(None, [0, 0, W, H], "rightToLeft" if rng.random() < 0.4 else "leftToRight")]
        self.size_guess = {0: (W, H)}
        for old in order[1:]:
            p = new[parent[old]]
            i = len(views)
            pw, ph = self.size_guess[p]
            frame = None
            if rng.random() < 0.25:
                w = rand_const(rng, 10, max(12, int(pw * 0.8)))
                h = rand_const(rng, 10, max(12, int(ph * 0.8)))
                x = rand_const(rng, 0, max(0, int(pw - w)))
                y = rand_const(rng, 0, max(0, int(ph - h)))
                frame = [x, y, w, h]
                self.size_guess[i] = (w, h)
            else:
                self.size_guess[i] = (max(20, pw * 0.5), max(20, ph * 0.5))
            img, hug, comp = None, (250, 250), (750, 750)
            if rng.random() < 0.55:
                # A UIImage's size is its pixel size over its scale (one scale for both axes).
                scale = rng.choice([1, 1, 1, 2, 2, 3])
                size = [rng.randint(10 * scale, 80 * scale) / scale, rng.randint(10 * scale, 80 * scale) / scale]
                insets = (0, 0, 0, 0)
                if rng.random() < 0.2:
                    insets = tuple(rng.choice([0, 0, 1, 2, 3, 4, 5, 8, 2.5]) for _ in range(4))
                    if size[0] - insets[1] - insets[3] < 1 or size[1] - insets[0] - insets[2] < 1:
                        insets = (0, 0, 0, 0)
                img = image(size[0], size[1], insets)
                hug = tuple(rng.choice([250] * 8 + [251, 500, 750, 1000, 999, 200.5, 249]) for _ in range(2))
                comp = tuple(rng.choice([750] * 8 + [749, 1000, 500, 250, 999, 740.25]) for _ in range(2))
            views.append(view(p, frame, "rightToLeft" if rng.random() < 0.4 else "leftToRight", img, hug, comp))
        self.views = views

    def cp(self, i):
        return i != 0 and self.views[i]["frame"] is None

    def add(self, *args, **kw):
        c = C(*args, **kw)
        self.cons.append(c)
        return c

    # -- anchors
    def anchor(self, v):
        rng = self.rng
        p = self.views[v]["parent"]
        sibs = [k for k in range(1, v) if self.views[k]["parent"] == p]
        r = rng.random()
        if r < 0.55 or (r < 0.75 and not sibs):
            return p, "container"
        if r < 0.75:
            return sibs[-1] if rng.random() < 0.7 else rng.choice(sibs), "sibling"
        if r < 0.9:
            return rng.randrange(0, v), "other"
        return 0, "other" if p != 0 else "container"

    def position(self, v, axis, priority=None, relation="=="):
        rng = self.rng
        a, kind = self.anchor(v)
        contains = a in self.ancestors(v)
        inset = rng.choice([0, 8, 16, 20, 12.5, rng.randint(0, 40)])
        m = rand_mult(rng)
        if priority is None:
            priority = rand_priority(rng)
        if axis == "h":
            family = rng.choice(["lt", "lt", "lt", "lr", "c"])
            if contains:
                pairs = {"lt": [("leading", "leading", inset), ("trailing", "trailing", -inset)],
                         "lr": [("left", "left", inset), ("right", "right", -inset)],
                         "c": [("centerX", "centerX", rng.choice([0, 0, 10, -7.5])),
                               ("centerX", "leading", inset + 20), ("centerX", "trailing", -inset - 20)]}[family]
            else:
                pairs = {"lt": [("leading", "trailing", inset), ("trailing", "leading", -inset),
                                ("leading", "leading", 0), ("leading", "centerX", inset)],
                         "lr": [("left", "right", inset), ("right", "left", -inset), ("left", "left", 0)],
                         "c": [("centerX", "centerX", 0), ("centerX", "right", inset)]}[family]
        else:
            if contains:
                pairs = [("top", "top", inset), ("bottom", "bottom", -inset), ("centerY", "centerY", 0),
                         ("centerY", "top", inset + 20)]
            else:
                pairs = [("top", "bottom", inset), ("bottom", "top", -inset), ("top", "top", 0),
                         ("centerY", "centerY", 0)]
        fa, sa, const = rng.choice(pairs)
        if a == v:
            return None
        if relation == "==" and rng.random() < 0.12:
            # an inequality (active or not) plus a weaker equality that decides inside it
            self.tags.add("inequality")
            self.add((v, fa), rng.choice(["<=", ">="]), (a, sa), multiplier=m, constant=const, priority=priority)
            return self.add((v, fa), "==", (a, sa), multiplier=m, constant=const + rng.choice([-10, 6, 15.5]),
                            priority=rng.choice(PRIORITIES))
        return self.add((v, fa), relation, (a, sa), multiplier=m, constant=const, priority=priority)

    def ancestors(self, i):
        out = [i]
        while self.views[out[-1]]["parent"] is not None:
            out.append(self.views[out[-1]]["parent"])
        return out

    def size(self, v, axis, mode):
        rng = self.rng
        dim = "width" if axis == "h" else "height"
        other = "height" if axis == "h" else "width"
        if mode == "const":
            relation = "=="
            if self.views[v]["image"] is not None and rng.random() < 0.3:
                relation = rng.choice(["<=", ">="])  # the content size decides inside the inequality
                self.tags.add("inequality")
            self.add((v, dim), relation, constant=rand_const(rng, 10, 150), priority=rand_priority(rng))
        elif mode == "relative":
            cands = [k for k in range(v) if k not in self.ancestors(v) or rng.random() < 0.5] or [0]
            a = rng.choice(cands + [self.views[v]["parent"]] * 2)
            b = dim if rng.random() < 0.8 else other
            self.add((v, dim), "==", (a, b), multiplier=rand_mult(rng, 0.5), constant=rng.choice([0, 0, -16, 10, -40]),
                     priority=rand_priority(rng))
        elif mode == "aspect":
            self.add((v, dim), "==", (v, other), multiplier=rng.choice([1, 0.5, 2, 1.5, 4 / 3, 0.75, 16 / 9]),
                     priority=rand_priority(rng, 0.9))
        elif mode == "edges":
            a = self.views[v]["parent"]
            inset1, inset2 = rng.choice([0, 8, 16, 20]), rng.choice([0, 8, 16, 20, 4.5])
            p1, p2 = rand_priority(rng, 0.9), rand_priority(rng, 0.9)
            if axis == "h":
                lt = rng.random() < 0.7
                self.add((v, "leading" if lt else "left"), "==", (a, "leading" if lt else "left"), constant=inset1,
                         priority=p1)
                self.add((v, "trailing" if lt else "right"), "==", (a, "trailing" if lt else "right"),
                         constant=-inset2, priority=p2)
            else:
                self.add((v, "top"), "==", (a, "top"), constant=inset1, priority=p1)
                self.add((v, "bottom"), "==", (a, "bottom"), constant=-inset2, priority=p2)

    # -- features
    def outvote(self, v, target):
        rng = self.rng
        hi, lo, k = rng.choice(OUTVOTES)
        self.tags.add("outvote")
        if target == "width":
            a = rand_const(rng, 20, 120)
            b = a + rng.choice([1, 10, 25.5, -12, 40])
            self.add((v, "width"), "==", constant=a, priority=hi)
            for _ in range(k):
                form = rng.random()
                if form < 0.4:
                    self.add((v, "width"), "==", constant=b, priority=lo)
                elif form < 0.6:
                    self.add((v, "width"), ">=" if b > a else "<=", constant=b, priority=lo)
                elif form < 0.8:
                    self.add((v, "trailing"), "==", (v, "leading"), constant=b, priority=lo)
                else:
                    W = self.views[0]["frame"][2]
                    self.add((v, "width"), "==", (0, "width"), multiplier=0.5, constant=b - 0.5 * W, priority=lo)
        else:
            p = self.views[v]["parent"]
            a = rand_const(rng, 0, 60)
            b = a + rng.choice([1, 10, 25.5, -12])
            attr = rng.choice(["leading", "left", "top"])
            self.add((v, attr), "==", (p, attr), constant=a, priority=hi)
            for _ in range(k):
                self.add((v, attr), "==", (p, attr), constant=b, priority=lo)

    def tie(self, v, decided):
        rng = self.rng
        self.tags.add("tie")
        p = rng.choice(PRIORITIES[1:] + [round(rng.uniform(300, 700), 2)])
        p2 = float32_twin(p) if rng.random() < 0.3 else p
        a = rand_const(rng, 20, 100)
        b = a + rng.choice([10, 20, 35.5])
        if rng.random() < 0.5:
            self.add((v, "width"), "==", constant=a, priority=p)
            self.add((v, "width"), "==", constant=b, priority=p2)
            if decided == "median":
                self.add((v, "width"), "==", constant=(a + b) / 2 + 3, priority=p)
            elif decided:
                lower = [q for q in PRIORITIES if q < p] or [1]
                self.add((v, "width"), "==", constant=rand_const(rng, 10, 140), priority=rng.choice(lower))
            return "width"
        parent = self.views[v]["parent"]
        self.add((v, "leading"), "==", (parent, "leading"), constant=a, priority=p)
        self.add((v, "leading"), "==", (parent, "leading"), constant=b, priority=p2)
        if decided == "median":
            self.add((v, "leading"), "==", (parent, "leading"), constant=(a + b) / 2 - 2, priority=p)
        elif decided:
            lower = [q for q in PRIORITIES if q < p] or [1]
            self.add((v, "leading"), "==", (parent, "leading"), constant=rand_const(rng, 0, 100),
                     priority=rng.choice(lower))
        return "position"

    def negative_required(self, v):
        rng = self.rng
        self.tags.add("negative-required")
        p = self.views[v]["parent"]
        d = rand_const(rng, 1, 30)
        r = rng.random()
        pf = self.views[p]["frame"]
        if r < 0.3:
            a = rand_const(rng, 0, 50)
            self.add((v, "leading"), "==", (p, "leading"), constant=a)
            self.add((v, "trailing"), "==", (p, "leading"), constant=a - d)
        elif r < 0.5:
            self.add((v, "width"), "==", constant=-d)
            self.position(v, "h", priority=1000)
        elif r < 0.7:
            self.add((v, "trailing"), "==", (v, "leading"), constant=-d)
            self.position(v, "h", priority=1000)
        elif pf is not None:
            a = rand_const(rng, 0, int(pf[2]))
            self.add((v, "leading"), "==", (p, "leading"), constant=a)
            self.add((v, "trailing"), "==", (p, "trailing"), constant=-(pf[2] - a + d))
        else:
            self.add((v, "width"), "==", (p, "width"), constant=-d, multiplier=-1)
            self.position(v, "h", priority=1000)

    def negative_optional(self, v):
        rng = self.rng
        self.tags.add("negative-optional")
        d = rand_const(rng, 1, 30)
        p = rng.choice(PRIORITIES)
        if rng.random() < 0.5:
            self.add((v, "width"), "==", constant=-d, priority=p)
        else:
            self.add((v, "trailing"), "==", (v, "leading"), constant=-d, priority=p)
        if rng.random() < 0.5:
            self.add((v, "width"), "==", constant=rand_const(rng, 10, 80), priority=rng.choice([q for q in PRIORITIES
                                                                                               if q < p] or [1]))
        self.position(v, "h")

    def conflict(self):
        rng = self.rng
        self.tags.add("conflict")
        fps = [i for i in range(1, len(self.views)) if not self.cp(i)]
        req = [c for c in self.cons if c["priority"] >= 1000 and c["relation"] == "=="]
        r = rng.random()
        if fps and (r < 0.25 or not req):
            i = rng.choice(fps)
            attr = rng.choice(["width", "height"])
            k = 2 if attr == "width" else 3
            top, left, bottom, right = insets_of(self.views[i])
            size = self.views[i]["frame"][k] - ((left + right) if k == 2 else (top + bottom))
            new = C((i, attr), "==", constant=size + rng.choice([3, -5, 12.5]))
        elif req:
            c = rng.choice(req)
            second = c["second"]
            delta = rng.choice([5, -7, 12.5, 30])
            new = C(c["first"], "==", second, c["multiplier"], c["constant"] + delta)
        else:
            v = rng.choice([i for i in range(1, len(self.views))])
            self.add((v, "width"), "==", constant=20)
            new = C((v, "width"), "==", constant=30)
        self.cons.insert(rng.randint(0, len(self.cons)), new)

    def near_conflict(self):
        """A copy of a required equality at 999 with another constant: broken, not a conflict."""
        rng = self.rng
        req = [c for c in self.cons if c["priority"] >= 1000 and c["relation"] == "=="]
        if not req:
            return
        self.tags.add("999-vs-1000")
        c = rng.choice(req)
        new = C(c["first"], "==", c["second"], c["multiplier"], c["constant"] + rng.choice([5, -7, 12.5]), 999)
        self.cons.insert(rng.randint(0, len(self.cons)), new)

    # -- the whole system
    def generate(self):
        rng = self.rng
        cps = [i for i in range(1, len(self.views)) if self.cp(i)]
        if not cps:
            return None
        features = {}  # view -> feature
        pool = list(cps)
        rng.shuffle(pool)

        def take(name, prob):
            if pool and rng.random() < prob:
                features[pool.pop()] = name

        cat = self.category
        take("outvote-width", 0.3)
        take("outvote-position", 0.1)
        take("tie-decided", 0.15)
        take("tie-median", 0.08)
        take("negative-required", 0.12)
        take("negative-optional", 0.12)
        if cat == "ambiguous":
            take(rng.choice(["tie-undecided", "no-position", "no-size"]), 1.0)
        aspect_axis = {}
        for v in cps:
            f = features.get(v)
            has_image = self.views[v]["image"] is not None
            axes = ["h", "v"]
            if rng.random() < 0.12:
                aspect_axis[v] = rng.choice(axes)
            skip_h_size = skip_h_pos = False
            if f == "outvote-width":
                self.outvote(v, "width")
                skip_h_size = True
            elif f == "outvote-position":
                self.outvote(v, "position")
                skip_h_pos = True
            elif f in ("tie-decided", "tie-median", "tie-undecided"):
                what = self.tie(v, {"tie-decided": True, "tie-median": "median", "tie-undecided": False}[f])
                skip_h_size, skip_h_pos = what == "width", what == "position"
                if f == "tie-undecided" and has_image:
                    self.views[v]["image"] = None
            elif f == "negative-required":
                self.negative_required(v)
                skip_h_size = skip_h_pos = True
            elif f == "negative-optional":
                self.negative_optional(v)
                skip_h_size = skip_h_pos = True
            for axis in axes:
                has_image = self.views[v]["image"] is not None
                skip_size = axis == "h" and skip_h_size
                skip_pos = axis == "h" and skip_h_pos
                if f == "no-position" and axis == "v":
                    skip_pos = True
                    self.tags.add("missing-position")
                if f == "no-size" and axis == "h":
                    skip_size = True
                    self.views[v]["image"] = None
                    has_image = False
                    self.tags.add("missing-size")
                mode = None
                if not skip_size:
                    if aspect_axis.get(v) == axis:
                        mode = "aspect"
                    else:
                        choices = ["const", "relative"] + ([] if skip_pos else ["edges"]) + \
                            (["intrinsic"] * 4 if has_image else [])
                        mode = rng.choice(choices)
                    if mode != "intrinsic":
                        self.size(v, axis, mode)
                if not skip_pos and mode != "edges":
                    self.position(v, axis)
                if rng.random() < 0.15:  # an inequality decoration
                    self.decoration(v, axis)
        if cat == "conflict":
            self.conflict()
        elif rng.random() < 0.1:
            self.near_conflict()
        if rng.random() < 0.1:  # required constraints that name frame-positioned views consistently
            fps = [i for i in range(1, len(self.views)) if not self.cp(i)]
            if fps:
                i = rng.choice(fps)
                top, left, bottom, right = insets_of(self.views[i])
                self.add((i, "width"), "==", constant=self.views[i]["frame"][2] - left - right)
        return system(f"random-{self.seed}", self.views, self.cons, self.scale, self.seed, self.tags)

    def decoration(self, v, axis):
        rng = self.rng
        p = self.views[v]["parent"]
        pr = rand_priority(rng, 0.6)
        if axis == "h":
            r = rng.random()
            if r < 0.35:
                self.add((v, "trailing"), "<=", (p, "trailing"), constant=-rng.choice([0, 8, 16]), priority=pr)
            elif r < 0.55:
                self.add((v, "leading"), ">=", (p, "leading"), constant=rng.choice([0, 8]), priority=pr)
            elif r < 0.8:
                self.add((v, "width"), ">=", constant=rand_const(rng, 5, 40), priority=pr)
            else:
                self.add((v, "width"), "<=", (p, "width"), multiplier=rng.choice([1, 0.5]), priority=pr)
        else:
            if rng.random() < 0.5:
                self.add((v, "bottom"), "<=", (p, "bottom"), constant=-rng.choice([0, 8]), priority=pr)
            else:
                self.add((v, "height"), "<=", constant=rand_const(rng, 40, 200), priority=pr)


def random_system(seed):
    rng = random.Random(seed)
    r = rng.random()
    category = "conflict" if r < 0.10 else "ambiguous" if r < 0.22 else "determined"
    last = None
    for attempt in range(80):
        gen = RandomSystem(seed, attempt, category)
        s = gen.generate()
        if s is None:
            continue
        try:
            finish(s, check_borderline=True)
        except Borderline:
            continue
        last = s
        e = s["expected"]
        got = "conflict" if e["conflict"] is not None else "ambiguous" if e["ambiguous"] else "determined"
        if got == category:
            return s
    return last


def self_check(seeds):
    ok = True
    probe_systems = [finish(s) for s in probes()]
    check_probes(probe_systems)
    print(f"{len(probe_systems)} probes: ok", file=sys.stderr)
    compared = conflicts = 0
    for seed in seeds:
        s = random_system(seed)
        if s is None:
            continue
        if s["expected"]["conflict"] is not None:
            # the first infeasible prefix, found again by adding the required rows one at a time
            model = Model(s)
            required, _, _ = model.rows()
            k = next(k for k in range(1, len(required) + 1)
                     if total_violation(model.nvars, required[:k]) > CONFLICT_TOL)
            if required[k - 1][0] != s["expected"]["conflict"]:
                ok = False
                print(f"seed {seed}: linear scan finds conflict {required[k - 1][0]}", file=sys.stderr)
            conflicts += 1
            continue
        for k in range(2):
            order = list(range(len(s["constraints"])))
            random.Random(seed * 31 + k).shuffle(order)
            again = solve_system(s, order=order)
            if again != s["expected"]:
                ok = False
                print(f"seed {seed}: a shuffled order gives {again} instead of {s['expected']}", file=sys.stderr)
            compared += 1
    print(f"shuffled-order re-solves: {compared}; conflicts re-found by a linear scan: {conflicts}", file=sys.stderr)
    print("self-check:", "ok" if ok else "FAILED", file=sys.stderr)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-450")
    ap.add_argument("--out", default=os.path.join(HERE, "uikit_model_systems.json"))
    ap.add_argument("--no-probes", action="store_true")
    ap.add_argument("--self-check", action="store_true",
                    help="assert the probe answers and shuffled-order invariance (on --seeds, default 1-40)")
    args = ap.parse_args()
    if args.self_check:
        seeds = parse_seeds(args.seeds) if args.seeds != "1-450" else list(range(1, 41))
        sys.exit(0 if self_check(seeds) else 1)
    systems = [] if args.no_probes else [finish(s) for s in probes()]
    if systems:
        check_probes(systems)
    randoms = []
    for seed in parse_seeds(args.seeds):
        s = random_system(seed)
        if s is not None:
            randoms.append(s)
    randoms.sort(key=lambda s: s["seed"])
    systems += randoms
    document = {"generator": "generate_uikit_model_fixtures.py", "systems": systems}
    with open(args.out, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")
    stats(systems, args.out)


def stats(systems, path):
    conflict = sum(s["expected"]["conflict"] is not None for s in systems)
    ambiguous = sum(s["expected"]["conflict"] is None and bool(s["expected"]["ambiguous"]) for s in systems)
    differ = sum(bool(s.get("weightsDiffer")) for s in systems)
    tags = {}
    for s in systems:
        for t in s["tags"]:
            tags[t] = tags.get(t, 0) + 1
    negative = sum(1 for s in systems if s["expected"]["conflict"] is None and any(
        f is not None and (f[2] < 0 or f[3] < 0) for f in s["expected"]["frames"]))
    print(f"{path}: {len(systems)} systems, {conflict} conflict, {ambiguous} ambiguous, "
          f"{len(systems) - conflict - ambiguous} determined, {differ} weights-vs-levels differ, "
          f"{negative} with a negative frame size; tags {sorted(tags.items())}; {os.path.getsize(path)} bytes",
          file=sys.stderr)


if __name__ == "__main__":
    main()
