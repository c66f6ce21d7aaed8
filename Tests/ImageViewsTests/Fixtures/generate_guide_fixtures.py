#!/usr/bin/env python3
"""Writes uikit_model_guides.json: view trees with a canvas safe area, layout margins and layout
guides, Auto Layout constraints that name views and guides, and what an independent model of
docs/LAYOUT.md ("## Auto Layout" and "## Safe area, layout margins and layout guides") gives them:
every view's frame, safe area insets and effective layout margins, every added guide's
layoutFrame, and the number of passes (see README.md beside this file for the format).

    /work/venv/bin/python Tests/ImageViewsTests/Fixtures/generate_guide_fixtures.py
    /work/venv/bin/python Tests/ImageViewsTests/Fixtures/generate_guide_fixtures.py --seeds 1-2000 --out /tmp/g.json
    /work/venv/bin/python Tests/ImageViewsTests/Fixtures/generate_guide_fixtures.py --self-check

The model is written from the documentation only, never from the Swift code. It reuses the
Auto Layout model of generate_uikit_model_fixtures.py (affine expressions, frame rounding, the
conflict search) and the lexicographic LP of ../../CassowaryTests/Fixtures/lexlp.py (HiGHS).

What this file adds (docs/LAYOUT.md §Safe area, layout margins and layout guides):

* Safe area (`safe_area`): the root's insets are the canvas's; any other view's, per edge, the
  part of its superview's inset band that it overlaps, at most that inset (never clamped to the
  view's own size): top = clamp(P.top - f.minY, 0, P.top), ..., with P the superview's insets
  and f the view's frame in it.
* Effective margins (`effective_margins`): the margins as set (default 8; directional ones put
  leading on the right under the view's own right-to-left direction), then the SAFE-AREA-RULE
  (`apply_safe_area_rule`, one function so it can be swapped: margin + the view's safe area inset
  on that side when insetsLayoutMarginsFromSafeArea), then, with preservesSuperviewLayoutMargins
  and a superview, at least P.side - the distance from the superview's edge to the view's.
* A margins or safe area guide that a constraint names gets four unknowns tied to its owner's
  FRAME (not alignment rect) by four required equalities whose constants are those values; the
  owner takes part (frame rows when it is frame-positioned). A guide the scenario adds gets four
  free unknowns: no intrinsic size, no non-negative size, checked for ambiguity. A guide counts as
  a child of its owner when the container (nearest common ancestor) is found, and a guide's own
  direction (a container that is the guide) is its owner's.
* Passes: the values are computed from the frames as given (constraint-positioned views at the
  zero frame), the system is solved, the frames set (pixel-rounded, §Frames), the values computed
  again; while those of a view whose margins or safe area guide a constraint names changed (its
  margins and its safe area insets, whichever guide is named), solve again; at most 8 passes,
  else "unsettled".
* Added guides' layoutFrame: in the owner's coordinates (relative to the owner's FINAL frame
  origin on the canvas), each edge rounded to 1/1024 device pixel (half away from zero).
"""
import argparse
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "CassowaryTests", "Fixtures"))
from lexlp import REQUIRED, LexProblem, parse_seeds  # noqa: E402
import generate_uikit_model_fixtures as base  # noqa: E402
from generate_uikit_model_fixtures import (  # noqa: E402
    AMBIGUITY_TOL, NONNEG_LEVEL, UNKNOWN_NAMES, V_ATTRS, Aff, Borderline, first_conflict, insets_of, intrinsic_of,
    is_tie, num, fmt, round_half_away, ui_round)

MAX_PASSES = 8
CHANGE_TOL = 1e-7  # values are computed from pixel-rounded frames: a change is 0 or far above this
GUIDE_KINDS = ("margins", "safeArea")
SIDES = ("top", "left", "bottom", "right")


# ----------------------------------------------------------------------------------------------
# Safe area and margins (docs/LAYOUT.md §Safe area, §Layout margins)
# ----------------------------------------------------------------------------------------------

def apply_safe_area_rule(margin, safe_inset, insets_from_safe_area):
    """(SAFE-AREA-RULE) One side of the effective margin from the margin as set and the view's
    safe area inset on that side. Additive: the margin is measured from the safe area's edge."""
    return margin + safe_inset if insets_from_safe_area else margin


def safe_area(parent_insets, parent_size, frame):
    """[top, left, bottom, right] of a view (not the root) from its superview's insets P, the
    superview's size W x H and the view's frame f in it: per edge, the part of the superview's
    inset band the view overlaps, never more than that inset, and not clamped to the view's own
    size: top = clamp(P.top - f.minY, 0, P.top), left = clamp(P.left - f.minX, 0, P.left),
    bottom = clamp(P.bottom - (H - f.maxY), 0, P.bottom), right = clamp(P.right - (W - f.maxX), 0,
    P.right). The root's insets are the canvas's."""
    pt, pl, pb, pr = parent_insets
    W, H = parent_size
    x, y, w, h = frame

    def clamp(v, hi):
        return min(max(v, 0.0), hi)
    return [clamp(pt - y, pt), clamp(pl - x, pl), clamp(pb - (H - (y + h)), pb), clamp(pr - (W - (x + w)), pr)]


def margins_as_set(view):
    """[top, left, bottom, right] as set, leading/trailing resolved in the view's own direction."""
    m = view.get("margins")
    if m is None:
        return [8.0, 8.0, 8.0, 8.0]
    t, a, b, c = (float(x) for x in m)
    if view.get("directionalMargins") and view["direction"] == "rightToLeft":
        return [t, c, b, a]  # leading takes the right side
    return [t, a, b, c]


def effective_margins(view, safe, frame, parent_margins, parent_size):
    """The effective margins [top, left, bottom, right]; `frame` in the superview's coordinates,
    `parent_margins` the superview's effective margins (None for the root)."""
    set_ = margins_as_set(view)
    flag = view.get("insetsFromSafeArea", True)
    eff = [apply_safe_area_rule(set_[k], safe[k], flag) for k in range(4)]
    if view.get("preserves") and parent_margins is not None:
        x, y, w, h = frame
        pw, ph = parent_size
        pt, pl, pb, pr = parent_margins
        floor_ = [pt - y, pl - x, pb - (ph - (y + h)), pr - (pw - (x + w))]
        eff = [max(eff[k], floor_[k]) for k in range(4)]
    return eff


def compute_values(system, frames):
    """Safe area insets and effective margins of every view from frames in superview
    coordinates (None where a frame or an ancestor's is unknown); also each view's origin on the
    canvas."""
    views = system["views"]
    origin, safe, margins = {}, [None] * len(views), [None] * len(views)
    for i, v in enumerate(views):
        p = v["parent"]
        f = frames[i]
        if f is None or (p is not None and origin.get(p) is None):
            origin[i] = None
            continue
        if p is None:
            origin[i] = (f[0], f[1])
            safe[i] = [float(x) for x in system["safeArea"]]
            margins[i] = effective_margins(v, safe[i], f, None, None)
            continue
        origin[i] = (origin[p][0] + f[0], origin[p][1] + f[1])
        parent_size = (frames[p][2], frames[p][3])
        safe[i] = safe_area(safe[p], parent_size, f)
        if v.get("preserves") and margins[p] is None:
            margins[i] = None
        else:
            margins[i] = effective_margins(v, safe[i], f, margins[p], parent_size)
    return safe, margins, origin


# ----------------------------------------------------------------------------------------------
# The constraint model with guides
# ----------------------------------------------------------------------------------------------

def item_of(anchor):
    """("v", view) or ("g", owner, kind) with kind "margins", "safeArea" or an added guide's index."""
    return ("v", anchor[0]) if len(anchor) == 2 else ("g", anchor[0], anchor[2])


class GuideModel:
    def __init__(self, system, guide_rows="early"):
        self.system = system
        self.views = system["views"]
        self.constraints = system["constraints"]
        self.guide_rows = guide_rows
        n = len(self.views)
        named = set()
        for c in self.constraints:
            for a in (c["first"], c["second"]):
                if a is not None:
                    named.add(item_of(a))
        self.tied = sorted(((it[1], it[2]) for it in named if it[0] == "g" and it[2] in GUIDE_KINDS),
                           key=lambda t: (t[0], GUIDE_KINDS.index(t[1])))
        owners = {o for o, _ in self.tied}
        self.has_unknowns = [(i != 0 and self.views[i]["frame"] is None) or ("v", i) in named or i in owners
                             for i in range(n)]
        self.base = {}
        k = 0
        for i in range(n):
            if self.has_unknowns[i]:
                self.base[("v", i)] = k
                k += 4
        for o, kind in self.tied:
            self.base[("g", o, kind)] = k
            k += 4
        for i in range(n):  # every added guide: four free unknowns
            for g in range(len(self.views[i].get("guides", []))):
                self.base[("g", i, g)] = k
                k += 4
        self.nvars = k
        self._F = {}

    def cp(self, i):
        return i != 0 and self.views[i]["frame"] is None

    def unknown(self, item, k):
        return Aff({self.base[item] + k: 1.0})

    def F(self, item):
        """Canvas position of the item's frame origin (a guide: its layout frame's)."""
        if item[0] == "g":
            return self.unknown(item, 0), self.unknown(item, 1)
        i = item[1]
        if item not in self._F:
            top, left, _, _ = insets_of(self.views[i])
            if self.has_unknowns[i]:
                self._F[item] = (self.unknown(item, 0) - left, self.unknown(item, 1) - top)
            elif i == 0:
                self._F[item] = (Aff(), Aff())
            else:
                px, py = self.F(("v", self.views[i]["parent"]))
                fx, fy = self.views[i]["frame"][:2]
                self._F[item] = (px + fx, py + fy)
        return self._F[item]

    def frame_size(self, item):
        if item[0] == "g":
            return self.unknown(item, 2), self.unknown(item, 3)
        i = item[1]
        top, left, bottom, right = insets_of(self.views[i])
        if self.has_unknowns[i]:
            return self.unknown(item, 2) + (left + right), self.unknown(item, 3) + (top + bottom)
        return Aff(c=self.views[i]["frame"][2]), Aff(c=self.views[i]["frame"][3])

    def direction(self, item):
        return self.views[item[1]]["direction"]

    def ancestors(self, item):
        out = [item] if item[0] == "g" else []
        i = item[1]
        while i is not None:
            out.append(("v", i))
            i = self.views[i]["parent"]
        return out

    def container(self, a, b):
        bs = set(self.ancestors(b))
        return next(x for x in self.ancestors(a) if x in bs)

    def attribute(self, item, attr, G, mirror):
        if attr == "width":
            return self.unknown(item, 2)
        if attr == "height":
            return self.unknown(item, 3)
        gx, gy = self.F(G)
        if attr in V_ATTRS:
            top = self.unknown(item, 1) - gy
            return {"top": top, "bottom": top + self.unknown(item, 3),
                    "centerY": top + 0.5 * self.unknown(item, 3)}[attr]
        left = self.unknown(item, 0) - gx
        right = left + self.unknown(item, 2)
        center = left + 0.5 * self.unknown(item, 2)
        if mirror:
            wg = self.frame_size(G)[0]
            return {"leading": wg - right, "trailing": wg - left, "centerX": wg - center}[attr]
        return {"left": left, "right": right, "leading": left, "trailing": right, "centerX": center}[attr]

    def constraint_row(self, c):
        a, fa = item_of(c["first"]), c["first"][1]
        if c["second"] is None:
            return self.attribute(a, fa, a, False) - c["constant"], c["relation"]
        b, sb = item_of(c["second"]), c["second"][1]
        G = self.container(a, b)
        mirror = (fa in ("leading", "trailing") or sb in ("leading", "trailing")) and self.direction(G) == "rightToLeft"
        expr = self.attribute(a, fa, G, mirror) - c["multiplier"] * self.attribute(b, sb, G, mirror) - c["constant"]
        return expr, c["relation"]

    def guide_tie_rows(self, values):
        """The four required equalities of each named margins / safe area guide, with the
        effective margins or safe area insets of `values` as constants."""
        rows = []
        for o, kind in self.tied:
            ins = values[(o, kind)]
            t, l, b, r = ins
            fx, fy = self.F(("v", o))
            fw, fh = self.frame_size(("v", o))
            g = ("g", o, kind)
            for k, rhs in enumerate((fx + l, fy + t, fw - (l + r), fh - (t + b))):
                rows.append((("guide", o, kind, k), self.unknown(g, k) - rhs, "==", REQUIRED))
        return rows

    def rows(self, values):
        required, optional = [], []
        for i, view in enumerate(self.views):  # 1. frames
            if self.has_unknowns[i] and not self.cp(i):
                top, left, bottom, right = insets_of(view)
                px, py = self.F(("v", view["parent"])) if view["parent"] is not None else (Aff(), Aff())
                fx, fy, fw, fh = view["frame"]
                for k, rhs in enumerate((px + (fx + left), py + (fy + top), Aff(c=fw - left - right),
                                         Aff(c=fh - top - bottom))):
                    required.append((("frame", i, k), self.unknown(("v", i), k) - rhs, "==", REQUIRED))
        ties = self.guide_tie_rows(values)
        if self.guide_rows == "early":
            required += ties
        for i, view in enumerate(self.views):  # 2. content size
            if self.cp(i) and view.get("image"):
                iw, ih = intrinsic_of(view)
                for axis, (k, size, name) in enumerate(((2, iw, "width"), (3, ih, "height"))):
                    for kind, op, priority in (("hugging", "<=", view["hugging"][axis]),
                                               ("compression", ">=", view["compression"][axis])):
                        row = (f"content:{i}:{name}:{kind}", self.unknown(("v", i), k) - size, op, float(priority))
                        (required if priority >= REQUIRED else optional).append(row)
        for index, c in enumerate(self.constraints):  # 3. the scenario's constraints
            expr, op = self.constraint_row(c)
            (required if c["priority"] >= REQUIRED else optional).append((index, expr, op, float(c["priority"])))
        if self.guide_rows == "late":
            required += ties
        nonneg = []
        for i, view in enumerate(self.views):  # 4. frame width, height >= 0 (views only, not guides)
            if self.cp(i):
                top, left, bottom, right = insets_of(view)
                nonneg.append((("nonneg", i, 2), self.unknown(("v", i), 2) + (left + right), ">=", None))
                nonneg.append((("nonneg", i, 3), self.unknown(("v", i), 3) + (top + bottom), ">=", None))
        return required, nonneg, optional


class Unmodelled(Exception):
    """The model cannot follow the system (a named guide's values depend on an undetermined frame,
    or a rounding tie); the generator drops such systems."""


def guide_round(v, s):
    """An edge rounded to 1/1024 device pixel, half away from zero."""
    return round_half_away(v * s * 1024) / (1024 * s)


def guide_tie(v, s):
    x = v * s * 1024
    return abs(x - math.floor(x) - 0.5) <= 1e-3


def solve_pass(system, values, guide_rows="early", check_borderline=False):
    """One solve with the given guide constants: {"conflict": tag} or per-variable values
    (None where undetermined) with the model."""
    model = GuideModel(system, guide_rows)
    required, nonneg, optional = model.rows(values)
    k = first_conflict(model, required, check_borderline)
    if k is not None:
        return model, {"conflict": required[k][0]}
    p = LexProblem(model.nvars)
    for _tag, expr, op, _p in required:
        p.add(expr.t, expr.c, op)
    for _tag, expr, op, _p in nonneg:
        p.add(expr.t, expr.c, op, priority=0.0, level=NONNEG_LEVEL)
    for _tag, expr, op, priority in optional:
        p.add(expr.t, expr.c, op, priority)
    face = p.solve("lex", strict_levels=(NONNEG_LEVEL,))
    out = [None] * model.nvars
    for var in range(model.nvars):
        lo, hi = face.range(var)
        if lo is not None and hi is not None and hi - lo <= AMBIGUITY_TOL:
            out[var] = (lo + hi) / 2
    return model, {"conflict": None, "values": out}


def frames_from(system, model, values, strict_ties):
    """Frames in superview coordinates (pixel-rounded for constraint-positioned views), None for a
    view whose unknowns or an ancestor's are undetermined."""
    views = system["views"]
    s = system["scale"]
    frames, origin = [None] * len(views), {}
    for i, v in enumerate(views):
        p = v["parent"]
        if i == 0:
            frames[0], origin[0] = list(map(float, v["frame"])), (0.0, 0.0)
            continue
        if origin.get(p) is None:
            origin[i] = None
            if not model.cp(i):
                frames[i] = list(map(float, v["frame"]))
            continue
        ox, oy = origin[p]
        if not model.cp(i):
            frames[i] = list(map(float, v["frame"]))
            origin[i] = (ox + frames[i][0], oy + frames[i][1])
            continue
        b = model.base[("v", i)]
        rect = values[b:b + 4]
        if any(x is None for x in rect):
            origin[i] = None
            continue
        top, left, bottom, right = insets_of(v)
        x, y, w, h = rect
        fx, fy = x - left - ox, y - top - oy
        edges = (fx, fy, fx + w + left + right, fy + h + top + bottom)
        if strict_ties and any(is_tie(e, s) for e in edges):
            raise Unmodelled(f"rounding tie at view {i}")
        L, T, R, B = (ui_round(e, s) for e in edges)
        frames[i] = [L, T, R - L, B - T]
        origin[i] = (ox + L, oy + T)
    return frames


def values_of(system, frames):
    safe, margins, origin = compute_values(system, frames)
    out = {}
    for i in range(len(system["views"])):
        out[(i, "safeArea")] = safe[i]
        out[(i, "margins")] = margins[i]
    return out, safe, margins, origin


def changed(a, b):
    return any(abs(x - y) > CHANGE_TOL for x, y in zip(a, b))


def initial_frames(system):
    """Frames as given; constraint-positioned views at the zero frame."""
    return [list(map(float, v["frame"])) if v["frame"] is not None else [0.0, 0.0, 0.0, 0.0]
            for v in system["views"]]


def clean(x):
    """JSON number: integers as ints; LP noise cannot reach here (every number comes from rounded
    frames), so floats are written exactly."""
    if x is None:
        return None
    x = float(x)
    if x == 0:
        return 0
    return int(x) if x.is_integer() and abs(x) < 1e15 else x


def solve_system(system, strict=True, check_borderline=False):
    """The expected block (see README.md)."""
    values, _, _, _ = values_of(system, initial_frames(system))
    model = GuideModel(system)
    for o, kind in model.tied:
        if values[(o, kind)] is None:
            raise Unmodelled("initial values")
    s = system["scale"]
    first_unmoved_used = None
    for npass in range(1, MAX_PASSES + 1):
        model, result = solve_pass(system, values, check_borderline=check_borderline)
        if result["conflict"] is not None:
            tag = result["conflict"]
            if strict:
                # The place of the guide rows among the required rows is not documented: a conflict
                # is only kept when it is the same scenario constraint either way.
                _, late = solve_pass(system, values, guide_rows="late")
                if not isinstance(tag, int) or late["conflict"] != tag:
                    raise Unmodelled(f"conflict depends on where the guide rows go: {tag} / {late['conflict']}")
            return {"outcome": "conflict", "conflict": tag if isinstance(tag, int) else str(tag), "pass": npass}
        sol = result["values"]
        frames = frames_from(system, model, sol, strict)
        new, safe, margins, origin = values_of(system, frames)
        # "while those [the values] of a view whose margins or safe area guide takes part
        # changed": the margins AND the safe area insets of every such view, whichever of its
        # guides is named. Two other readings are tracked for the report: only the values the
        # constraints use (a guide's own constants), and the values of every view.
        moved = moved_used = moved_all = False
        for o, kind in model.tied:
            if new[(o, kind)] is None:
                raise Unmodelled(f"values of view {o} undetermined")
            if changed(new[(o, kind)], values[(o, kind)]):
                moved_used = True
            for k2 in GUIDE_KINDS:
                if new[(o, k2)] is not None and values[(o, k2)] is not None and changed(new[(o, k2)], values[(o, k2)]):
                    moved = True
        moved_all = any(new[key] is not None and values[key] is not None and changed(new[key], values[key])
                        for key in new)
        if not moved_used and first_unmoved_used is None:
            first_unmoved_used = npass
        values = new
        if moved:
            continue
        # settled
        ambiguous = []
        for i in range(len(system["views"])):
            if model.cp(i):
                b = model.base[("v", i)]
                ambiguous += [[i, UNKNOWN_NAMES[k]] for k in range(4) if sol[b + k] is None]
        guide_frames = []
        origin_reading_differs = False
        for i, v in enumerate(system["views"]):
            for g in range(len(v.get("guides", []))):
                b = model.base[("g", i, g)]
                rect = sol[b:b + 4]
                ambiguous += [[i, g, UNKNOWN_NAMES[k]] for k in range(4) if rect[k] is None]
                if any(x is None for x in rect) or origin[i] is None:
                    guide_frames.append([i, g, None])
                    continue
                ox, oy = origin[i]
                x, y, w, h = rect
                edges = (x - ox, y - oy, x + w - ox, y + h - oy)
                if strict and any(guide_tie(e, s) for e in edges):
                    raise Unmodelled("guide rounding tie")
                L, T, R, B = (guide_round(e, s) for e in edges)
                guide_frames.append([i, g, [clean(L), clean(T), clean(R - L), clean(B - T)]])
                if model.cp(i):
                    # relative to the owner's UNROUNDED solved origin instead (the other reading)
                    ob = model.base[("v", i)]
                    top, left, _, _ = insets_of(v)
                    ux, uy = sol[ob] - left, sol[ob + 1] - top
                    alt = [guide_round(x - ux, s), guide_round(y - uy, s)]
                    if abs(alt[0] - L) > 1e-9 or abs(alt[1] - T) > 1e-9:
                        origin_reading_differs = True
        out = {"outcome": "settled", "passes": npass,
               "frames": [None if f is None else [clean(x) for x in f] for f in frames],
               "safeAreaInsets": [None if x is None else [clean(y) for y in x] for x in safe],
               "layoutMargins": [None if x is None else [clean(y) for y in x] for x in margins],
               "guideFrames": guide_frames, "ambiguous": ambiguous}
        if first_unmoved_used != npass:
            out["passesIfOnlyUsedValuesCount"] = first_unmoved_used
        if moved_all:
            out["passesIfEveryViewCounts"] = npass + 1
        if origin_reading_differs:
            out["guideOriginReadingDiffers"] = True
        return out
    return {"outcome": "unsettled"}


# ----------------------------------------------------------------------------------------------
# Building systems
# ----------------------------------------------------------------------------------------------

def anchor_text(a, views):
    if len(a) == 2:
        return f"v{a[0]}.{a[1]}"
    if a[2] in GUIDE_KINDS:
        return f"v{a[0]}.{a[2]}.{a[1]}"
    return f"{views[a[0]]['guides'][a[2]]}.{a[1]}"


def label_of(c, views):
    text = f"{anchor_text(c['first'], views)} {c['relation']} "
    if c["second"] is None:
        text += fmt(c["constant"])
    else:
        text += ("" if c["multiplier"] == 1 else f"{fmt(c['multiplier'])} * ") + anchor_text(c["second"], views)
        if c["constant"] != 0:
            text += f" {'+' if c['constant'] > 0 else '-'} {fmt(abs(c['constant']))}"
    if c["priority"] < REQUIRED:
        text += f" @{fmt(c['priority'])}"
    return text


def A(view, attr, guide=None):
    return [view, attr] if guide is None else [view, attr, guide]


def C(first, relation, second=None, multiplier=1, constant=0, priority=1000):
    c = {"first": list(first), "relation": relation, "second": list(second) if second else None,
         "multiplier": num(multiplier), "constant": num(constant), "priority": num(priority)}
    validate(c)
    return c


def validate(c):
    """The consumer's validity rules (the same as UIKitModelTests')."""
    a = c["first"][1]
    assert c["relation"] in ("==", "<=", ">=")
    assert c["multiplier"] != 0 and math.isfinite(c["multiplier"]) and math.isfinite(c["constant"])
    if c["second"] is None:
        assert a in base.DIM_ATTRS, c
        return
    b = c["second"][1]
    if a in base.DIM_ATTRS or b in base.DIM_ATTRS:
        assert a in base.DIM_ATTRS and b in base.DIM_ATTRS, c
    elif a in V_ATTRS or b in V_ATTRS:
        assert a in V_ATTRS and b in V_ATTRS, c
    else:
        lt, lr = {"leading", "trailing"}, {"left", "right"}
        assert not ((a in lt and b in lr) or (a in lr and b in lt)), c
    assert not (c["first"] == c["second"] and c["multiplier"] == 1), c


def view(parent, frame=None, direction="leftToRight", image=None, hugging=(250, 250), compression=(750, 750),
         margins=None, directional=False, preserves=False, insets_from_safe_area=True, guides=()):
    return {"parent": parent, "frame": None if frame is None else [num(x) for x in frame], "direction": direction,
            "image": image, "hugging": [num(x) for x in hugging], "compression": [num(x) for x in compression],
            "margins": None if margins is None else [num(x) for x in margins], "directionalMargins": directional,
            "preserves": preserves, "insetsFromSafeArea": insets_from_safe_area, "guides": list(guides)}


def system(name, views, constraints, safe=(0, 0, 0, 0), scale=1, seed=None, tags=()):
    for i, v in enumerate(views):
        assert v["parent"] is None if i == 0 else v["parent"] < i
    for c in constraints:
        c["label"] = label_of(c, views)
    return {"name": name, "seed": seed, "tags": sorted(tags), "scale": scale, "safeArea": [num(x) for x in safe],
            "views": views, "constraints": constraints}


def features(s):
    """Coverage tags derived from the system itself."""
    tags = set()
    for c in s["constraints"]:
        for a in (c["first"], c["second"]):
            if a is None or len(a) == 2:
                continue
            tags.add({"margins": "margins-guide", "safeArea": "safe-area-guide"}.get(a[2], "added-guide"))
            owner = s["views"][a[0]]
            if a[2] in GUIDE_KINDS:
                tags.add("guide-of-constraint-positioned-view" if a[0] != 0 and owner["frame"] is None
                         else "guide-of-frame-positioned-view")
        if c["priority"] < 1000:
            tags.add("optional")
        if c["relation"] != "==":
            tags.add("inequality")
    vs = s["views"]
    if any(v["direction"] == "rightToLeft" for v in vs):
        tags.add("rtl")
    if any(v["preserves"] for v in vs[1:]):
        tags.add("preserves")
    if any(v["directionalMargins"] for v in vs):
        tags.add("directional")
    if any(not v["insetsFromSafeArea"] for v in vs):
        tags.add("not-insets-from-safe-area")
    if any(v["image"] for v in vs):
        tags.add("image")
    if not any(s["safeArea"]):
        tags.add("zero-safe-area")
    depth = [0] * len(vs)
    for i in range(1, len(vs)):
        depth[i] = depth[vs[i]["parent"]] + 1
    if max(depth) >= 3:
        tags.add("depth-3")
    e = s.get("expected", {})
    if e.get("outcome") == "settled" and e["passes"] >= 2:
        tags.add("multi-pass")
    if e.get("outcome") in ("unsettled", "conflict"):
        tags.add(e["outcome"])
    if e.get("outcome") == "settled":
        tags.add("ambiguous" if e["ambiguous"] else "determined")
    return tags


def finish(s, strict=True, check_borderline=False):
    s["expected"] = solve_system(s, strict=strict, check_borderline=check_borderline)
    s["tags"] = sorted(set(s["tags"]) | features(s))
    return s


# ---- hand-written probes ---------------------------------------------------------------------

def probes():
    out = []
    R = lambda w=400, h=300, **kw: view(None, [0, 0, w, h], **kw)  # noqa: E731

    # 1. Root guides: root margins = 8 + safe area (SAFE-AREA-RULE) = [55, 8, 42, 8]. v spans
    #    safeArea.top..safeArea.bottom (47..810) and margins.leading..trailing (8..382):
    #    frame [8, 47, 374, 763]; one pass (the root is frame-positioned). v lies inside the safe
    #    area: safe [0,0,0,0], margins [8,8,8,8].
    out.append(system("probe-1-root-safe-area-and-margins-expect-8-47-374-763-one-pass",
                      [R(390, 844), view(0)], [
                          C(A(1, "top"), "==", A(0, "top", "safeArea")),
                          C(A(1, "bottom"), "==", A(0, "bottom", "safeArea")),
                          C(A(1, "leading"), "==", A(0, "leading", "margins")),
                          C(A(1, "trailing"), "==", A(0, "trailing", "margins"))], safe=(47, 0, 34, 0), scale=3))
    # 2. A child pinned to its constraint-positioned parent's safe area. Pass 1: p at the zero
    #    frame has safe area 0, so c.top = 20 (canvas). p ends at (10, 20, 200, 100): safe top =
    #    40 - 20 = 20, a change; pass 2: c.top = 40, c in p at (0, 20). Nothing moves: 2 passes.
    #    p safe [20,0,0,0], margins [28,8,8,8]; c safe 0 (its top is at 40), margins 8.
    out.append(system("probe-2-child-pinned-to-constraint-positioned-parent-safe-area-two-passes-c-at-0-20",
                      [R(), view(0), view(1)], [
                          C(A(1, "leading"), "==", A(0, "leading"), constant=10),
                          C(A(1, "top"), "==", A(0, "top"), constant=20),
                          C(A(1, "width"), "==", constant=200), C(A(1, "height"), "==", constant=100),
                          C(A(2, "top"), "==", A(1, "top", "safeArea")),
                          C(A(2, "leading"), "==", A(1, "leading", "safeArea")),
                          C(A(2, "width"), "==", constant=50), C(A(2, "height"), "==", constant=30)],
                      safe=(40, 0, 0, 0)))
    # 3. preservesSuperviewLayoutMargins. a (frame [20,10,300,200], margins [30,40,5,50]); b in a,
    #    constraint-positioned, preserves, default margins. Pass 1 (b at the zero frame in a):
    #    b's margins = max(8, 30 - 0), max(8, 40 - 0), max(8, 5 - 200), max(8, 50 - 300) =
    #    [30, 40, 8, 8]; b lands at (10, 0, 200, 100) in a, c spans b.margins: canvas 70..222.
    #    Again: left = max(8, 40 - 10) = 30, a change; pass 2: c at x 30 in b, width
    #    (30 + 200 - 8) - (30 + 30) = 162. 2 passes; b margins [30, 30, 8, 8].
    out.append(system("probe-3-preserves-superview-margins-b-margins-30-30-8-8-c-30-30-162-20-two-passes",
                      [R(), view(0, [20, 10, 300, 200], margins=(30, 40, 5, 50)), view(1, preserves=True), view(2)], [
                          C(A(2, "left"), "==", A(1, "left"), constant=10), C(A(2, "top"), "==", A(1, "top")),
                          C(A(2, "width"), "==", constant=200), C(A(2, "height"), "==", constant=100),
                          C(A(3, "leading"), "==", A(2, "leading", "margins")),
                          C(A(3, "trailing"), "==", A(2, "trailing", "margins")),
                          C(A(3, "top"), "==", A(2, "top", "margins")), C(A(3, "height"), "==", constant=20)]))
    # 4. Directional margins under right-to-left: the root's [top 10, leading 20, bottom 30,
    #    trailing 40] resolve to [10, 40, 30, 20]; the guide spans canvas x 40..380. v.leading ==
    #    margins.leading in the RTL root is v's right edge at 380, trailing its left at 40:
    #    v [40, 10, 340, 260]. v's own directional [5, 6, 7, 8] in LTR stay [5, 6, 7, 8].
    out.append(system("probe-4-directional-margins-rtl-root-margins-10-40-30-20-v-40-10-340-260",
                      [R(direction="rightToLeft", margins=(10, 20, 30, 40), directional=True),
                       view(0, margins=(5, 6, 7, 8), directional=True)], [
                          C(A(1, "leading"), "==", A(0, "leading", "margins")),
                          C(A(1, "trailing"), "==", A(0, "trailing", "margins")),
                          C(A(1, "top"), "==", A(0, "top", "margins")),
                          C(A(1, "bottom"), "==", A(0, "bottom", "margins"))]))
    # 5. insetsLayoutMarginsFromSafeArea false on the root: its margins stay [8,8,8,8] although
    #    the safe area is [20, 30, 10, 0]. v at margins.top/left: [8, 8, 100, 50]; v's safe area:
    #    top 20 - 8 = 12, left 30 - 8 = 22 -> [12, 22, 0, 0], v's margins (flag true) [20, 30, 8, 8].
    #    w at safeArea.top/left: [30, 20, 20, 20].
    out.append(system("probe-5-root-not-insets-from-safe-area-v-safe-12-22-0-0-margins-20-30-8-8",
                      [R(insets_from_safe_area=False), view(0), view(0)], [
                          C(A(1, "top"), "==", A(0, "top", "margins")), C(A(1, "left"), "==", A(0, "left", "margins")),
                          C(A(1, "width"), "==", constant=100), C(A(1, "height"), "==", constant=50),
                          C(A(2, "top"), "==", A(0, "top", "safeArea")),
                          C(A(2, "left"), "==", A(0, "left", "safeArea")),
                          C(A(2, "width"), "==", constant=20), C(A(2, "height"), "==", constant=20)],
                      safe=(20, 30, 10, 0)))
    # 6. An added guide between the root's safe area (47..810) and margins (8..382): layoutFrame
    #    [8, 47, 374, 763]; hero 100x60 centred in it: x = 8 + 187 - 50 = 145, y = 47 + 381.5 - 30 =
    #    398.5 (a whole pixel at 2x).
    out.append(system("probe-6-added-guide-content-8-47-374-763-hero-centred-145-398.5",
                      [R(390, 844, guides=["content"]), view(0)], [
                          C(A(0, "top", 0), "==", A(0, "top", "safeArea")),
                          C(A(0, "bottom", 0), "==", A(0, "bottom", "safeArea")),
                          C(A(0, "leading", 0), "==", A(0, "leading", "margins")),
                          C(A(0, "trailing", 0), "==", A(0, "trailing", "margins")),
                          C(A(1, "width"), "==", constant=100), C(A(1, "height"), "==", constant=60),
                          C(A(1, "centerX"), "==", A(0, "centerX", 0)), C(A(1, "centerY"), "==", A(0, "centerY", 0))],
                      safe=(47, 0, 34, 0), scale=2))
    # 7. v placed by its own safe area guide: v.safeArea.top == root.top + c, the canvas safe
    #    area from 50 (root 400 x 300). v's top inset is clamp(50 - y, 0, 50), and at the zero
    #    frame (y = 0) it is 50. (a) c = 52: pass 1 puts v at y = 52 - 50 = 2, inset 48; pass 2
    #    y = 4, inset 46; ... pass 8: y = 16, inset 34, still moving -> unsettled.
    #    (b) c = 70: y 20 (inset 30), y 40 (10), y 60 (0), y 70 (0): settles in 4 passes, v at
    #    [0, 70, 100, 100], safe [0,0,0,0].
    #    (c) The same through its margins guide: v.margins.top == root.top + 60, margins 8 + the
    #    inset: y = 60 - 8 - inset: y 2 (inset 48), y 4 (46), ... creeping -> unsettled.
    for name, c, g in (("probe-7a-own-safe-area-top-at-52-creeps-2-per-pass-expect-unsettled", 52, "safeArea"),
                       ("probe-7b-own-safe-area-top-at-70-settles-in-four-passes-y-70", 70, "safeArea"),
                       ("probe-7c-own-margins-top-at-60-creeps-2-per-pass-expect-unsettled", 60, "margins")):
        out.append(system(name, [R(), view(0)], [
            C(A(1, "top", g), "==", A(0, "top"), constant=c), C(A(1, "left"), "==", A(0, "left")),
            C(A(1, "width"), "==", constant=100), C(A(1, "height"), "==", constant=100)], safe=(50, 0, 0, 0)))
    # 8. A chain of three, each pinned to its parent's safe area top (canvas safe area from 40).
    #    Pass 1, at zero frames: a's top inset clamp(40 - 0, 0, 40) = 40, b's (in a, whose inset
    #    is 40) 40, c's 40. a.y = 10, b.y = 10 + 40 = 50 (40 in a), c.y = 50 + 40 = 90 (40 in b).
    #    Then a's inset is 40 - 10 = 30, b's clamp(30 - 40, 0, 30) = 0, c's 0: changed. Pass 2:
    #    b.y = 10 + 30 = 40 (30 in a), c.y = 40 (0 in b); a 30, b clamp(30 - 30) = 0, c 0:
    #    nothing changed. 2 passes; b [10, 30, 200, 100] in a, c [0, 0, 50, 50] in b.
    out.append(system("probe-8-chain-of-three-pinned-to-parent-safe-area-two-passes",
                      [R(), view(0), view(1), view(2)], [
                          C(A(1, "top"), "==", A(0, "top"), constant=10), C(A(1, "left"), "==", A(0, "left")),
                          C(A(1, "width"), "==", constant=300), C(A(1, "height"), "==", constant=200),
                          C(A(2, "top"), "==", A(1, "top", "safeArea")), C(A(2, "left"), "==", A(1, "left"), constant=10),
                          C(A(2, "width"), "==", constant=200), C(A(2, "height"), "==", constant=100),
                          C(A(3, "top"), "==", A(2, "top", "safeArea")), C(A(3, "left"), "==", A(2, "left")),
                          C(A(3, "width"), "==", constant=50), C(A(3, "height"), "==", constant=50)],
                      safe=(40, 0, 0, 0)))
    # 9. A guide of a constraint-positioned owner at a fractional position, scale 2: p's canvas x
    #    10.3 rounds to a frame x of 10.5 (20.6 pixels -> 21). g.left == p.margins.left puts g at
    #    canvas 18.3, which is 7.8 in p's coordinates (its final origin 10.5); to 1/2048 point:
    #    15974/2048 = 7.7998046875; right edge 38.4 - 10.5 = 27.9 -> 57139/2048; width
    #    20.10009765625. One pass (p's margins do not depend on its frame: no safe area).
    out.append(system("probe-9-added-guide-of-fractional-owner-layout-frame-in-final-owner-coordinates",
                      [R(), view(0, guides=["g"])], [
                          C(A(1, "left"), "==", A(0, "left"), constant=10.3), C(A(1, "top"), "==", A(0, "top"), constant=10),
                          C(A(1, "width"), "==", constant=100), C(A(1, "height"), "==", constant=100),
                          C(A(1, "left", 0), "==", A(1, "left", "margins")), C(A(1, "top", 0), "==", A(1, "top", "margins")),
                          C(A(1, "width", 0), "==", constant=20.1), C(A(1, "height", 0), "==", constant=10)], scale=2))
    # 10. Conflicts. (a) v between the root's margins (width 384) and v.width == 100: some
    #     conflict (where the guide rows go among the required rows decides which row is named,
    #     so only "a conflict" is expected: conflict null). (b) two required widths without
    #     guides: conflict at constraint 3, guides elsewhere notwithstanding.
    out.append(system("probe-10a-width-100-between-root-margins-384-apart-expect-a-conflict",
                      [R(), view(0)], [
                          C(A(1, "leading"), "==", A(0, "leading", "margins")),
                          C(A(1, "trailing"), "==", A(0, "trailing", "margins")),
                          C(A(1, "width"), "==", constant=100), C(A(1, "top"), "==", A(0, "top")),
                          C(A(1, "height"), "==", constant=10)]))
    out.append(system("probe-10b-two-required-widths-expect-conflict-3",
                      [R(), view(0)], [
                          C(A(1, "top"), "==", A(0, "top", "safeArea")), C(A(1, "left"), "==", A(0, "left", "margins")),
                          C(A(1, "width"), "==", constant=100), C(A(1, "width"), "==", constant=120),
                          C(A(1, "height"), "==", constant=10)], safe=(20, 0, 0, 0)))
    # 11. A frame-positioned view f ([0, 0, 100, 50]) inside a constraint-positioned p: its safe
    #     area moves with p. Pass 1: p at the zero frame, f on the canvas at y 0: safe top 30;
    #     p.y = 10, c.top = 10 + 30 = 40. Then f is at canvas y 10: safe top 20, a change; pass 2:
    #     c.top = 30, c [0, 20, 10, 10] in p. 2 passes (the general rule, although f is
    #     frame-positioned). p safe [20,0,0,0], margins [28,8,8,8]; f the same.
    out.append(system("probe-11-frame-positioned-view-in-constraint-positioned-parent-safe-area-two-passes",
                      [R(), view(0), view(1, [0, 0, 100, 50]), view(1)], [
                          C(A(1, "left"), "==", A(0, "left")), C(A(1, "top"), "==", A(0, "top"), constant=10),
                          C(A(1, "width"), "==", constant=200), C(A(1, "height"), "==", constant=100),
                          C(A(3, "top"), "==", A(2, "top", "safeArea")), C(A(3, "left"), "==", A(1, "left")),
                          C(A(3, "width"), "==", constant=10), C(A(3, "height"), "==", constant=10)],
                      safe=(30, 0, 0, 0)))
    # 12. An added guide without a height: ambiguous [0, 0, "height"] (x, y, width determined);
    #     v is determined: [10, 20, 30, 40].
    out.append(system("probe-12-added-guide-without-height-expect-guide-height-ambiguous",
                      [R(guides=["g"]), view(0)], [
                          C(A(0, "leading", 0), "==", A(0, "leading"), constant=10),
                          C(A(0, "top", 0), "==", A(0, "top"), constant=20), C(A(0, "width", 0), "==", constant=50),
                          C(A(1, "left"), "==", A(0, "left", 0)), C(A(1, "top"), "==", A(0, "top", 0)),
                          C(A(1, "width"), "==", constant=30), C(A(1, "height"), "==", constant=40)]))
    # 13. A multiplier across a guide in an RTL root (W 400): the container is the root (the guide
    #     counts as its child); margins.trailing, mirrored, is 400 - 8 = 392; v.leading (400 -
    #     v.right) == 0.5 * 392 = 196: v.right = 204, with width 50 x = 154.
    out.append(system("probe-13-multiplier-on-rtl-root-margins-trailing-expect-x-154",
                      [R(direction="rightToLeft"), view(0)], [
                          C(A(1, "leading"), "==", A(0, "trailing", "margins"), multiplier=0.5),
                          C(A(1, "width"), "==", constant=50), C(A(1, "top"), "==", A(0, "top")),
                          C(A(1, "height"), "==", constant=10)]))
    # 14. Guides follow the FRAME, constraints the alignment rect. f: an image view (60x40,
    #     alignment insets t2 l3 b4 r5) at frame [20, 20, 60, 40]; safe area from 30: f's safe
    #     top 10. c.top == f.safeArea.top: canvas 30, 10 in f; c.left == f.left (alignment): 3 in
    #     f. c [3, 10, 10, 10]; f margins [18, 8, 8, 8]. One pass.
    out.append(system("probe-14-safe-area-guide-of-image-view-with-alignment-insets-c-3-10",
                      [R(), view(0, [20, 20, 60, 40], image=base.image(60, 40, (2, 3, 4, 5))), view(1)], [
                          C(A(2, "top"), "==", A(1, "top", "safeArea")), C(A(2, "left"), "==", A(1, "left")),
                          C(A(2, "width"), "==", constant=10), C(A(2, "height"), "==", constant=10)],
                      safe=(30, 0, 0, 0)))
    return out


def check_probes(systems):
    P = {s["name"]: s for s in systems}

    def get(prefix):
        found = [s for n, s in P.items() if n.startswith(prefix + "-")]
        assert len(found) == 1, prefix
        return found[0]["expected"]

    e = get("probe-1")
    assert e["passes"] == 1 and e["frames"][1] == [8, 47, 374, 763], e
    assert e["layoutMargins"][0] == [55, 8, 42, 8] and e["safeAreaInsets"][1] == [0, 0, 0, 0], e
    e = get("probe-2")
    assert e["passes"] == 2 and e["frames"][1] == [10, 20, 200, 100] and e["frames"][2] == [0, 20, 50, 30], e
    assert e["safeAreaInsets"][1] == [20, 0, 0, 0] and e["layoutMargins"][1] == [28, 8, 8, 8], e
    assert e["safeAreaInsets"][2] == [0, 0, 0, 0] and e["layoutMargins"][0] == [48, 8, 8, 8], e
    e = get("probe-3")
    assert e["passes"] == 2 and e["frames"][2] == [10, 0, 200, 100] and e["frames"][3] == [30, 30, 162, 20], e
    assert e["layoutMargins"][2] == [30, 30, 8, 8] and e["layoutMargins"][1] == [30, 40, 5, 50], e
    e = get("probe-4")
    assert e["layoutMargins"][0] == [10, 40, 30, 20] and e["frames"][1] == [40, 10, 340, 260], e
    assert e["layoutMargins"][1] == [5, 6, 7, 8], e
    e = get("probe-5")
    assert e["layoutMargins"][0] == [8, 8, 8, 8] and e["frames"][1] == [8, 8, 100, 50], e
    assert e["safeAreaInsets"][1] == [12, 22, 0, 0] and e["layoutMargins"][1] == [20, 30, 8, 8], e
    assert e["frames"][2] == [30, 20, 20, 20], e
    e = get("probe-6")
    assert e["guideFrames"] == [[0, 0, [8, 47, 374, 763]]] and e["frames"][1] == [145, 398.5, 100, 60], e
    assert get("probe-7a") == {"outcome": "unsettled"} and get("probe-7c") == {"outcome": "unsettled"}
    e = get("probe-7b")
    assert e["passes"] == 4 and e["frames"][1] == [0, 70, 100, 100] and e["safeAreaInsets"][1] == [0, 0, 0, 0], e
    e = get("probe-8")
    assert e["passes"] == 2 and e["frames"][2] == [10, 30, 200, 100] and e["frames"][3] == [0, 0, 50, 50], e
    assert e["safeAreaInsets"][1] == [30, 0, 0, 0] and e["layoutMargins"][1] == [38, 8, 8, 8], e
    e = get("probe-9")
    assert e["passes"] == 1 and e["frames"][1] == [10.5, 10, 100, 100], e
    assert e["guideFrames"] == [[1, 0, [15974 / 2048, 8, 57139 / 2048 - 15974 / 2048, 10]]], e
    assert e.get("guideOriginReadingDiffers"), e
    e = get("probe-10a")
    assert e["outcome"] == "conflict", e
    e = get("probe-10b")
    assert e["outcome"] == "conflict" and e["conflict"] == 3, e
    e = get("probe-11")
    assert e["passes"] == 2 and e["frames"][3] == [0, 20, 10, 10], e
    assert e["safeAreaInsets"][1] == [20, 0, 0, 0] and e["safeAreaInsets"][2] == [20, 0, 0, 0], e
    assert e["layoutMargins"][2] == [28, 8, 8, 8], e
    e = get("probe-12")
    assert e["ambiguous"] == [[0, 0, "height"]] and e["frames"][1] == [10, 20, 30, 40], e
    assert e["guideFrames"] == [[0, 0, None]], e
    e = get("probe-13")
    assert e["frames"][1] == [154, 0, 50, 10], e
    e = get("probe-14")
    assert e["passes"] == 1 and e["frames"][2] == [3, 10, 10, 10], e
    assert e["layoutMargins"][1] == [18, 8, 8, 8] and e["safeAreaInsets"][1] == [10, 0, 0, 0], e
    return True


def finish_probe(s):
    # Probe 9 rounds a guide edge to 1/2048 on purpose and probe 10a's conflict index depends
    # on where guide rows go: keep them (strict checks off), their answers are asserted above.
    strict = not s["name"].startswith(("probe-9-", "probe-10a-"))
    s = finish(s, strict=strict)
    if s["name"].startswith("probe-10a-"):
        s["expected"]["conflict"] = None  # a conflict, any constraint
    return s


# ---- random systems --------------------------------------------------------------------------

SAFE_AREAS = [(47, 0, 34, 0), (59, 0, 34, 0), (20, 0, 0, 0), (44, 0, 34, 0), (0, 47, 21, 47), (0, 44, 21, 0),
              (0, 0, 21, 59), (24, 0, 20, 0), (32.5, 10, 12.5, 4)]
MARGIN_VALUES = [0, 4, 8, 8, 10, 16, 20, 12.5, 3, 24]
PRIORITIES = [999, 750, 700, 500, 250]


def rc(rng, lo, hi):
    """A constant: mostly whole, sometimes .5."""
    return rng.randint(lo, hi) + (0.5 if rng.random() < 0.15 else 0)


class RandomSystem:
    def __init__(self, seed, attempt, category):
        self.rng = rng = random.Random(seed * 7919 + attempt)
        self.seed, self.category = seed, category
        self.tags = {category} if category != "determined" else set()
        self.cons = []
        self.scale = rng.choice([1, 2, 3])
        self.build_tree()

    def build_tree(self):
        rng = self.rng
        n = 3 + int(5 * rng.random() ** 1.5)  # 3-7 views with the root
        parent, order, new = base.random_tree(rng, n, root_weight=2, other_weight=3)
        landscape = rng.random() < 0.2
        W, H = rng.choice([(390, 844), (375, 667), (400, 300), (414, 896), (320, 480)])
        if landscape:
            W, H = H, W
        safe = (0, 0, 0, 0) if rng.random() < 0.2 else rng.choice(SAFE_AREAS)
        if landscape and safe[0] > 30:
            safe = (safe[1], safe[0], safe[3], safe[2])
        self.safe = safe
        views = [self.random_view(None, [0, 0, W, H])]
        self.size_guess = {0: (W, H)}
        for old in order[1:]:
            p = new[parent[old]]
            i = len(views)
            pw, ph = self.size_guess[p]
            frame = None
            if rng.random() < 0.3:
                w = rc(rng, 20, max(24, int(pw * 0.8)))
                h = rc(rng, 20, max(24, int(ph * 0.8)))
                frame = [rc(rng, 0, max(0, int(pw - w))), rc(rng, 0, max(0, int(ph - h))), w, h]
                self.size_guess[i] = (w, h)
            else:
                self.size_guess[i] = (max(40, pw * 0.6), max(40, ph * 0.6))
            views.append(self.random_view(p, frame))
        for i, v in enumerate(views):
            v["guides"] = [f"g{i}_{k}" for k in range(len(v["guides"]))]
        self.views = views

    def random_view(self, parent, frame):
        rng = self.rng
        margins, directional = None, False
        if rng.random() < 0.55:
            margins = [rng.choice(MARGIN_VALUES) for _ in range(4)]
            directional = rng.random() < 0.5
        img, hug, comp = None, (250, 250), (750, 750)
        if parent is not None and rng.random() < 0.15:
            scale = rng.choice([1, 2])
            size = [rng.randint(10 * scale, 60 * scale) / scale, rng.randint(10 * scale, 60 * scale) / scale]
            insets = (0, 0, 0, 0)
            if rng.random() < 0.3:
                insets = tuple(rng.choice([0, 1, 2, 3]) for _ in range(4))
            img = base.image(size[0], size[1], insets)
        nguides = 0
        if rng.random() < (0.3 if parent is None else 0.15):
            nguides = 1 if rng.random() < 0.8 else 2
        return view(parent, frame, "rightToLeft" if rng.random() < 0.35 else "leftToRight", img, hug, comp,
                     margins=margins, directional=directional, preserves=parent is not None and rng.random() < 0.3,
                     insets_from_safe_area=rng.random() < 0.75, guides=["g"] * nguides)

    def cp(self, i):
        return i != 0 and self.views[i]["frame"] is None

    def add(self, *args, **kw):
        c = C(*args, **kw)
        self.cons.append(c)
        return c

    def priority(self, p_required=0.85):
        rng = self.rng
        return 1000 if rng.random() < p_required else rng.choice(PRIORITIES)

    # -- what a view is positioned against
    def reference(self, v):
        """A frame to position v in, as (owner, guide) with guide None (the view), "margins",
        "safeArea" or an added guide's index; and whether it contains v."""
        rng = self.rng
        p = self.views[v]["parent"]
        sibs = [k for k in range(1, v) if self.views[k]["parent"] == p]
        container = any(self.views[k]["parent"] == v for k in range(len(self.views)))
        # a container laid against its superview's own edges overlaps the unsafe band more often,
        # so that its children's guides move between passes
        choices = [((p, None), 8 if container else 2), ((p, "margins"), 4), ((p, "safeArea"), 4)]
        choices += [((p, g), 4) for g in range(len(self.views[p]["guides"]))]
        if p != 0:
            choices += [((0, "safeArea"), 1.5), ((0, "margins"), 1)]
        choices += [((s, k), 1) for s in sibs for k in (None, "margins", "safeArea")]
        refs, weights = zip(*choices)
        ref = rng.choices(refs, weights)[0]
        return ref, ref[0] in self.ancestors(v)

    def ancestors(self, i):
        out = [i]
        while self.views[out[-1]]["parent"] is not None:
            out.append(self.views[out[-1]]["parent"])
        return out

    def size_of(self, ref):
        o, g = ref
        w, h = self.size_guess[o]
        if g == "margins":
            return max(10, w - 16), max(10, h - 16)
        if g == "safeArea":
            return max(10, w - sum(self.safe[1::2]) / 2), max(10, h - sum(self.safe[0::2]) / 2)
        return w, h

    def axis(self, v, axis, skip_position=False, skip_size=False, item=None):
        """Position and size along one axis: v (a view index, or an added guide (owner, k) when
        `item` is given) against a reference frame."""
        rng = self.rng
        me = (lambda attr: A(v, attr)) if item is None else (lambda attr: A(item[0], attr, item[1]))
        if item is None:
            ref, contains = self.reference(v)
        else:
            owner = item[0]
            kinds = [None, "margins", "safeArea"] + [k for k in range(item[1])]
            ref, contains = (owner, rng.choice(kinds)), True
        R = lambda attr: A(ref[0], attr, ref[1])  # noqa: E731
        rw, rh = self.size_of(ref)
        extent = rw if axis == "h" else rh
        dim = "width" if axis == "h" else "height"
        if axis == "h":
            family = rng.choice(["lt", "lt", "lt", "lr", "c"])
            lo, hi, mid = {"lt": ("leading", "trailing", "centerX"), "lr": ("left", "right", "centerX"),
                           "c": ("leading", "trailing", "centerX")}[family]
        else:
            family = "v"
            lo, hi, mid = "top", "bottom", "centerY"
        inset = rng.choice([0, 0, 8, 16, 20, 12.5, rng.randint(0, 30)])
        size = rc(rng, 10, max(12, int(extent * 0.6)))
        if not contains:  # a sibling: next to it
            if skip_position:
                pass
            elif rng.random() < 0.7:
                self.add(me(lo), "==", R(hi), constant=rng.choice([0, 8, 10]), priority=self.priority())
            else:
                self.add(me(lo), "==", R(lo), priority=self.priority())
            if not skip_size:
                self.add(me(dim), "==", constant=size, priority=self.priority(0.9))
            return
        mode = rng.choice(["edges", "edges", "edge-size", "edge-size", "center", "relative"])
        if skip_position and mode != "relative":
            mode = "size-only"
        if skip_size and mode in ("edges", "relative"):
            mode = "edge-size"
        if mode == "edges":
            inset2 = rng.choice([0, 8, 16, 4.5, inset])
            if rng.random() < 0.2:  # clamped inside the reference, pinned to the container
                owner = self.views[v]["parent"] if item is None else item[0]
                self.add(me(lo), ">=", R(lo), constant=inset)
                self.add(me(lo), "==", A(owner, lo), constant=rng.choice([0, 4, 10]), priority=rng.choice(PRIORITIES))
            else:
                self.add(me(lo), "==", R(lo), constant=inset, priority=self.priority(0.9))
            self.add(me(hi), "==", R(hi), constant=-inset2, priority=self.priority(0.9))
            if rng.random() < 0.15:
                self.add(me(dim), ">=", constant=rc(rng, 5, 40), priority=self.priority(0.5))
        elif mode in ("edge-size", "size-only"):
            if mode == "edge-size":
                which = rng.random()
                if which < 0.6:
                    self.add(me(lo), "==", R(lo), constant=inset, priority=self.priority())
                elif which < 0.8:
                    self.add(me(hi), "==", R(hi), constant=-inset, priority=self.priority())
                else:
                    self.add(me(hi), "<=", R(hi), constant=-inset)
                    self.add(me(hi), "==", R(hi), constant=-inset - rng.choice([0, 10, 40]),
                             priority=rng.choice(PRIORITIES))
            if not skip_size:
                self.add(me(dim), "==", constant=size, priority=self.priority(0.9))
        elif mode == "center":
            self.add(me(mid), "==", R(mid), constant=rng.choice([0, 0, 10, -7.5]), priority=self.priority())
            if not skip_size:
                self.add(me(dim), "==", constant=size, priority=self.priority(0.9))
        else:  # relative size and a position
            m = rng.choice([0.5, 0.5, 0.25, 1, 0.75])
            if not skip_size:
                self.add(me(dim), "==", R(dim), multiplier=m, constant=rng.choice([0, 0, -10]),
                         priority=self.priority(0.9))
            if not skip_position:
                if rng.random() < 0.5:
                    self.add(me(mid), "==", R(mid), priority=self.priority())
                else:
                    self.add(me(lo), "==", R(lo), constant=inset, priority=self.priority())

    def generate(self):
        rng = self.rng
        cps = [i for i in range(1, len(self.views)) if self.cp(i)]
        if not cps:
            return None
        victim = None
        if self.category == "ambiguous":
            targets = [("v", i) for i in cps] + [("g", i, k) for i in range(len(self.views))
                                                 for k in range(len(self.views[i]["guides"]))]
            victim = rng.choice(targets)
            victim_axis = rng.choice(["h", "v"])
            victim_what = rng.choice(["position", "size"])
        for i, v in enumerate(self.views):  # added guides first: views refer to them
            for k in range(len(v["guides"])):
                for axis in ("h", "v"):
                    skip = victim == ("g", i, k) and victim_axis == axis
                    self.axis(i, axis, skip_position=skip and victim_what == "position",
                              skip_size=skip and victim_what == "size", item=(i, k))
        own = None
        top_level = [v for v in cps if self.views[v]["parent"] == 0 and victim != ("v", v)]
        if top_level and rng.random() < 0.1:
            # placed by its OWN guide: v.safeArea.top == root.top + c moves v by its safe area
            # inset, which moves with v (settles when c is inside the safe area, else never)
            own = rng.choice(top_level)
        for v in cps:
            for axis in ("h", "v"):
                skip = victim == ("v", v) and victim_axis == axis
                self.axis(v, axis, skip_position=(skip and victim_what == "position") or (v == own and axis == "v"),
                          skip_size=skip and victim_what == "size")
        if own is not None:
            g = rng.choice(["safeArea", "safeArea", "margins"])
            self.add(A(own, "top", g), "==", A(0, "top"), constant=rc(rng, 0, 80))
        if rng.random() < 0.15:  # a frame-positioned view's guide named from a sibling or child
            fps = [i for i in range(1, len(self.views)) if not self.cp(i)]
            kids = [(f, c) for f in fps for c in cps if self.views[c]["parent"] in (f, self.views[f]["parent"]) and c != f]
            if kids:
                f, c = rng.choice(kids)
                g = rng.choice(["margins", "safeArea"])
                attr = rng.choice(["top", "bottom"])
                self.add(A(c, attr), "<=" if attr == "bottom" else ">=", A(f, attr, g),
                         priority=rng.choice([1000, 750]))
        rng.shuffle(self.cons)  # file order matters only for conflicts
        if self.category == "conflict":
            req = [c for c in self.cons if c["priority"] >= 1000 and c["relation"] == "=="]
            if not req:
                return None
            c = rng.choice(req)
            new = C(c["first"], "==", c["second"], c["multiplier"], c["constant"] + rng.choice([5, -7, 12.5, 30]))
            self.cons.insert(rng.randint(0, len(self.cons)), new)
        return system(f"random-{self.seed}", self.views, self.cons, self.safe, self.scale, self.seed, self.tags)


def random_system(seed):
    rng = random.Random(seed)
    r = rng.random()
    category = "conflict" if r < 0.05 else "ambiguous" if r < 0.10 else "determined"
    for attempt in range(200):
        gen = RandomSystem(seed, attempt, category)
        s = gen.generate()
        if s is None:
            continue
        try:
            finish(s, check_borderline=True)
        except (Borderline, Unmodelled):
            continue
        e = s["expected"]
        got = e["outcome"] if e["outcome"] != "settled" else "ambiguous" if e["ambiguous"] else "determined"
        if got == category or (category == "determined" and got == "unsettled"):
            return s
    return None


def self_check(seeds):
    """The probes' hand-computed answers, and that a random system's answer does not depend on
    the file order of its constraints (shuffled twice) nor on where the guide rows go."""
    ps = [finish_probe(s) for s in probes()]
    check_probes(ps)
    print(f"{len(ps)} probes: ok", file=sys.stderr)
    return shuffled_orders_agree(seeds, random_system, solve_system, lambda outcome: outcome != "conflict")


def shuffled_orders_agree(seeds, make, solve, keep):
    """Re-solves every system of `seeds` (made by `make`, kept when `keep(outcome)`) with its
    constraints shuffled twice and says whether every answer stayed the same."""
    ok, compared = True, 0
    for seed in seeds:
        s = make(seed)
        if s is None or not keep(s["expected"]["outcome"]):
            continue
        for k in range(2):
            t = json.loads(json.dumps(s))
            random.Random(seed * 31 + k).shuffle(t["constraints"])
            again = solve(t, strict=False)
            if again != s["expected"]:
                ok = False
                print(f"seed {seed}: a shuffled order gives {again} instead of {s['expected']}", file=sys.stderr)
            compared += 1
    print(f"shuffled-order re-solves: {compared}", file=sys.stderr)
    print("self-check:", "ok" if ok else "FAILED", file=sys.stderr)
    return ok


def tag_counts(systems):
    tags = {}
    for s in systems:
        for t in s["tags"]:
            tags[t] = tags.get(t, 0) + 1
    return tags


def stats(systems, path):
    tags = tag_counts(systems)
    outcomes = {}
    passes = {}
    for s in systems:
        e = s["expected"]
        outcomes[e["outcome"]] = outcomes.get(e["outcome"], 0) + 1
        if e["outcome"] == "settled":
            passes[e["passes"]] = passes.get(e["passes"], 0) + 1
    print(f"{path}: {len(systems)} systems; outcomes {sorted(outcomes.items())}; passes {sorted(passes.items())}; "
          f"tags {sorted(tags.items())}; {os.path.getsize(path)} bytes", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-300")
    ap.add_argument("--out", default=os.path.join(HERE, "uikit_model_guides.json"))
    ap.add_argument("--no-probes", action="store_true")
    ap.add_argument("--self-check", action="store_true",
                    help="assert the probe answers and order invariance (on --seeds, default 1-40)")
    args = ap.parse_args()
    if args.self_check:
        seeds = parse_seeds(args.seeds) if args.seeds != "1-300" else list(range(1, 41))
        sys.exit(0 if self_check(seeds) else 1)
    systems = []
    if not args.no_probes:
        systems = [finish_probe(s) for s in probes()]
        check_probes(systems)
    randoms = [s for s in (random_system(seed) for seed in parse_seeds(args.seeds)) if s is not None]
    systems += sorted(randoms, key=lambda s: s["seed"])
    with open(args.out, "w") as f:
        json.dump({"generator": "generate_guide_fixtures.py", "systems": systems}, f, separators=(",", ":"))
        f.write("\n")
    stats(systems, args.out)


if __name__ == "__main__":
    main()
