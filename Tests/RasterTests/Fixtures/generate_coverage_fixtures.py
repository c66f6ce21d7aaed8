#!/usr/bin/env python3
"""Writes coverage_fixtures.json: exact area coverage of filled polygons on a pixel grid.

An INDEPENDENT reference model for testing a path rasterizer (written from the definitions below,
not from the Swift code). Deterministic; run from anywhere:

    /work/venv/bin/python Tests/RasterTests/Fixtures/generate_coverage_fixtures.py
    /work/venv/bin/python Tests/RasterTests/Fixtures/generate_coverage_fixtures.py --out /tmp/x.json
    /work/venv/bin/python Tests/RasterTests/Fixtures/generate_coverage_fixtures.py --self-check

Definitions (implemented exactly, with fractions.Fraction):

* Pixel (i, j) is the square [i, i+1) x [j, j+1), x to the right, y DOWN.
* Vertex coordinates are integers in units of 1/256 pixel (24.8 fixed point): vertex (X, Y) is the
  point (X/256, Y/256).
* A path is a list of closed contours; the last vertex of a contour connects back to the first.
* Winding number w(p): for a horizontal ray from p towards +x, every edge that crosses it adds
  +1 if the edge goes DOWN the screen (its y increases) and -1 if it goes up. So a contour that is
  CLOCKWISE ON SCREEN (y down), e.g. (0,0) -> (1,0) -> (1,1) -> (0,1), has w = +1 inside; the
  ordinary shoelace sum 1/2 * sum(x_k * y_(k+1) - x_(k+1) * y_k) of such a contour is positive.
* Per pixel, A = integral over the pixel square of w(x, y) dx dy (exact rational, signed, may be
  outside [-1, 1]).
* Coverage: nonzero c = min(|A|, 1); even-odd a = |A| mod 2, c = 1 - |1 - a|.
* alpha = floor(c * 255 + 1/2).

How A is computed (method 1, the one written to the file): w(p) = sum over edges of
s_e * [p.y in the edge's y-span] * [x_e(p.y) > p.x], so the integral over pixel (i, j) is
sum_e s_e * integral over y in [j, j+1] (within the edge's y-span) of clamp(x_e(y) - i, 0, 1) dy.
x_e(y) is linear, so on the piece of the edge inside row band j (y from t0 to t1, x from u0 to u1)
that integral is (t1 - t0) * (G(u1) - G(u0)) / (u1 - u0) (or (t1 - t0) * clamp(u0 - i, 0, 1) when
u0 == u1), with G the antiderivative of clamp(u - i, 0, 1).

--self-check verifies every case with two other methods:
  method 2 (exact): clip each contour (Sutherland-Hodgman, closed half-planes) to each pixel square
    and take the shoelace area; must equal method 1 exactly for every pixel. (Clipping a closed
    curve against a half-plane keeps the winding number of every point inside it, so the signed
    area of the clipped contour is the integral of its w over the square.) Also the sum of A over
    the grid must equal the shoelace area of the contours clipped to the whole grid rectangle.
  method 3 (brute force): w evaluated with exact integer crossing tests at 64 x 64 sample centres
    per pixel; the mean must be within a rigorous bound of A (see `sample_error_bound`), and exactly
    equal to A when every edge lies on sample-cell boundaries.
plus hand-computed answers for the `hand-*` cases, a few values of the coverage functions, and
that the file on disk equals what the script generates now.
"""
import argparse
import json
import math
import os
import random
import sys
from fractions import Fraction as F

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "coverage_fixtures.json")
SUB = 256          # subpixel units per pixel
SEED = 20240611    # seed of the random polygons
SAMPLES = 64       # brute-force samples per pixel side in --self-check


# ----------------------------------------------------------------------------------------------
# The model (method 1)
# ----------------------------------------------------------------------------------------------

def edges_of(contours):
    """Directed edges ((x0, y0), (x1, y1)) in pixel units (Fractions); closing edges included."""
    out = []
    for c in contours:
        n = len(c)
        for k in range(n):
            X0, Y0 = c[k]
            X1, Y1 = c[(k + 1) % n]
            out.append(((F(X0, SUB), F(Y0, SUB)), (F(X1, SUB), F(Y1, SUB))))
    return out


def _G(v):
    """Antiderivative of clamp(v, 0, 1), G(0) = 0."""
    if v <= 0:
        return F(0)
    if v <= 1:
        return v * v / 2
    return v - F(1, 2)


def winding_area(contours, W, H):
    """A[j][i] = integral of w over pixel (i, j), exactly (method 1)."""
    A = [[F(0)] * W for _ in range(H)]
    for (x0, y0), (x1, y1) in edges_of(contours):
        if y0 == y1:
            continue  # a horizontal edge crosses no horizontal ray (measure zero)
        s = 1 if y1 > y0 else -1
        if s < 0:
            x0, y0, x1, y1 = x1, y1, x0, y0
        # now y0 < y1, x(y) = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
        slope = (x1 - x0) / (y1 - y0)
        for j in range(max(0, math.floor(y0)), min(H, math.ceil(y1))):
            t0 = max(y0, F(j))
            t1 = min(y1, F(j + 1))
            if t1 <= t0:
                continue
            d = t1 - t0
            u0 = x0 + (t0 - y0) * slope
            u1 = x0 + (t1 - y0) * slope
            lo, hi = min(u0, u1), max(u0, u1)
            row = A[j]
            for i in range(W):
                if i + 1 <= lo:          # the whole piece is right of the pixel: full cover
                    row[i] += s * d
                elif i >= hi:            # the whole piece is left of the pixel: nothing
                    break
                elif u0 == u1:
                    row[i] += s * d * min(max(u0 - i, F(0)), F(1))
                else:
                    row[i] += s * d * (_G(u1 - i) - _G(u0 - i)) / (u1 - u0)
    return A


def coverage(A, rule):
    if rule == "nonzero":
        return min(abs(A), F(1))
    if rule == "evenodd":
        a = abs(A) % 2
        return 1 - abs(1 - a)
    raise ValueError(rule)


def alpha_of(c):
    return math.floor(c * 255 + F(1, 2))


def frac_str(q):
    q = F(q)
    return "%d/%d" % (q.numerator, q.denominator)


# ----------------------------------------------------------------------------------------------
# Method 2: Sutherland-Hodgman clipping + shoelace (self-check only)
# ----------------------------------------------------------------------------------------------

def _clip(poly, axis, bound, keep_ge):
    def inside(p):
        return p[axis] >= bound if keep_ge else p[axis] <= bound
    out = []
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        pin, qin = inside(p), inside(q)
        if pin:
            out.append(p)
        if pin != qin:
            t = (bound - p[axis]) / (q[axis] - p[axis])
            r = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            r = (bound, r[1]) if axis == 0 else (r[0], bound)
            out.append(r)
    return out


def _shoelace(poly):
    n = len(poly)
    s = F(0)
    for k in range(n):
        (a, b), (c, d) = poly[k], poly[(k + 1) % n]
        s += a * d - c * b
    return s / 2


def clip_area(contours, x0, y0, x1, y1):
    """Integral of w over the rectangle [x0,x1] x [y0,y1] by clipping every contour."""
    total = F(0)
    for c in contours:
        poly = [(F(X, SUB), F(Y, SUB)) for X, Y in c]
        for axis, bound, ge in ((0, x0, True), (0, x1, False), (1, y0, True), (1, y1, False)):
            if len(poly) < 3:
                break
            poly = _clip(poly, axis, F(bound), ge)
        if len(poly) >= 3:
            total += _shoelace(poly)
    return total


def winding_area_by_clipping(contours, W, H):
    A = [[F(0)] * W for _ in range(H)]
    for c in contours:
        poly = [(F(X, SUB), F(Y, SUB)) for X, Y in c]
        if len(poly) < 3:
            continue
        for j in range(H):
            band = _clip(_clip(poly, 1, F(j), True), 1, F(j + 1), False) if len(poly) >= 3 else []
            if len(band) < 3:
                continue
            for i in range(W):
                cell = _clip(band, 0, F(i), True)
                if len(cell) >= 3:
                    cell = _clip(cell, 0, F(i + 1), False)
                if len(cell) >= 3:
                    A[j][i] += _shoelace(cell)
    return A


# ----------------------------------------------------------------------------------------------
# Method 3: brute-force supersampling (self-check only)
# ----------------------------------------------------------------------------------------------

def sample_sums(contours, W, H, n=SAMPLES):
    """S[j, i] = sum of w at the n x n sample-cell centres of pixel (i, j), exact integers.

    Sample centres are at (i + (k + 1/2)/n) pixels; with n = 64 they are the 24.8 integers
    256 i + 4 k + 2, so the crossing test below is exact integer arithmetic. Crossing rule (the
    same w as the model): edge counted if min(Y0,Y1) <= py < max(Y0,Y1) and its x at py is > px.
    """
    assert SUB % n == 0 and (SUB // n) % 2 == 0
    step = SUB // n
    E = []
    for c in contours:
        for k in range(len(c)):
            X0, Y0 = c[k]
            X1, Y1 = c[(k + 1) % len(c)]
            if Y0 != Y1:
                E.append((X0, Y0, X1, Y1))
    xs = (np.arange(W * n, dtype=np.int64) * step + step // 2)[None, :]
    S = np.zeros((H, W), dtype=np.int64)
    for j in range(H):
        ys = (SUB * j + np.arange(n, dtype=np.int64) * step + step // 2)[:, None]
        w = np.zeros((n, W * n), dtype=np.int64)
        for X0, Y0, X1, Y1 in E:
            sgn = 1 if Y1 > Y0 else -1
            rows = (ys >= min(Y0, Y1)) & (ys < max(Y0, Y1))
            if not rows.any():
                continue
            D = (X0 - xs) * (Y1 - Y0) + (ys - Y0) * (X1 - X0)
            w += sgn * ((D * sgn > 0) & rows)
        S[j] = w.reshape(n, W, n).sum(axis=(0, 2))
    return S


def sample_error_bound(contours, W, H, n=SAMPLES):
    """Per pixel, a rigorous bound on |A - S/n^2|.

    Split the pixel into n x n closed cells of side h = 1/n. A cell that no edge touches has
    constant w, so its sample is exact. In a cell touched by k edges, the straight path from the
    centre to any point crosses each edge at most once, so |w(p) - w(centre)| <= k and the cell's
    error is at most k h^2. Hence |error| <= h^2 * sum over edges of (number of closed cells of the
    pixel the edge touches). The cells are counted per column strip of cells (in floats, with the
    ranges widened by 1e-9 so that rounding can only over-count).
    """
    h = 1.0 / n
    eps = 1e-9
    diff = np.zeros((H * n + 1, W * n), dtype=np.int64)
    for c in contours:
        for k in range(len(c)):
            X0, Y0 = c[k]
            X1, Y1 = c[(k + 1) % len(c)]
            if (X0, Y0) == (X1, Y1):
                continue
            x0, y0, x1, y1 = X0 / SUB, Y0 / SUB, X1 / SUB, Y1 / SUB
            xmin, xmax = min(x0, x1), max(x0, x1)
            a0 = max(0, math.ceil((xmin - eps) / h) - 1)
            a1 = min(W * n - 1, math.floor((xmax + eps) / h))
            for a in range(a0, a1 + 1):
                if x0 == x1:
                    ylo, yhi = min(y0, y1), max(y0, y1)
                else:
                    xa, xb = max(xmin, a * h), min(xmax, (a + 1) * h)
                    if xa > xb + eps:
                        continue
                    xa, xb = min(xa, xb), max(xa, xb)
                    ya = y0 + (xa - x0) * (y1 - y0) / (x1 - x0)
                    yb = y0 + (xb - x0) * (y1 - y0) / (x1 - x0)
                    ylo, yhi = min(ya, yb), max(ya, yb)
                b0 = max(0, math.ceil((ylo - eps) / h) - 1)
                b1 = min(H * n - 1, math.floor((yhi + eps) / h))
                if b0 <= b1:
                    diff[b0, a] += 1
                    diff[b1 + 1, a] -= 1
    cells = np.cumsum(diff, axis=0)[: H * n]
    counts = cells.reshape(H, n, W, n).sum(axis=(1, 3))
    return counts * h * h


# ----------------------------------------------------------------------------------------------
# Cases
# ----------------------------------------------------------------------------------------------

def P(x, y):
    """A point given in pixels (dyadic floats / Fractions / ints) -> 24.8 integers, exactly."""
    X, Y = F(x) * SUB, F(y) * SUB
    assert X.denominator == 1 and Y.denominator == 1, (x, y)
    return [int(X), int(Y)]


def rect(x0, y0, x1, y1, cw=True):
    pts = [P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)]
    return pts if cw else pts[::-1]


def poly(*pts, cw=True):
    out = [P(x, y) for x, y in pts]
    return out if cw else out[::-1]


def regular(cx, cy, r, n, step=1, phase=0.0, cw=True):
    """{n/step} star or regular polygon, vertices rounded to 1/256 pixel."""
    pts = []
    for k in range(n):
        t = phase + 2 * math.pi * (k * step % n) / n
        pts.append([round((cx + r * math.cos(t)) * SUB), round((cy + r * math.sin(t)) * SUB)])
    # with y down, increasing angle is clockwise on screen
    return pts if cw else pts[::-1]


BOTH = ("nonzero", "evenodd")
h = F(1, 256)  # one subpixel unit, in pixels

# (name, W, H, contours, rules, expected) - expected: {(i, j): A} for hand cases (others 0), else None
SPECS = []


def add(name, W, H, contours, rules=("nonzero",), expected=None):
    if isinstance(rules, str):
        rules = (rules,)
    SPECS.append((name, W, H, contours, tuple(rules), expected))


def hand_cases():
    sq = rect(1, 1, 2, 2)
    add("hand-unit-square-on-pixel", 3, 3, [sq], BOTH, {(1, 1): F(1)})
    add("hand-unit-square-counterclockwise", 3, 3, [rect(1, 1, 2, 2, cw=False)], BOTH, {(1, 1): F(-1)})
    add("hand-half-pixel-wide-rect", 3, 3, [rect(1, 1, 1.5, 2)], BOTH, {(1, 1): F(1, 2)})
    add("hand-half-pixel-tall-rect-ccw", 3, 3, [rect(1, 1.5, 2, 2, cw=False)], BOTH, {(1, 1): F(-1, 2)})
    add("hand-triangle-half-pixel", 3, 3, [poly((1, 1), (2, 1), (1, 2))], BOTH, {(1, 1): F(1, 2)})
    add("hand-triangle-quarter-pixel", 3, 3, [poly((1, 1), (2, 1), (1.5, 1.5))], BOTH, {(1, 1): F(1, 4)})
    add("hand-triangle-area-2", 3, 3, [poly((0, 0), (2, 0), (0, 2))], BOTH,
        {(0, 0): F(1), (1, 0): F(1, 2), (0, 1): F(1, 2)})
    add("hand-diamond-half-each", 2, 2, [poly((1, 0), (2, 1), (1, 2), (0, 1))], BOTH,
        {(0, 0): F(1, 2), (1, 0): F(1, 2), (0, 1): F(1, 2), (1, 1): F(1, 2)})
    add("hand-square-straddling-pixels", 3, 3, [rect(0.5, 0.5, 2.5, 2.5)], BOTH,
        {(0, 0): F(1, 4), (1, 0): F(1, 2), (2, 0): F(1, 4),
         (0, 1): F(1, 2), (1, 1): F(1), (2, 1): F(1, 2),
         (0, 2): F(1, 4), (1, 2): F(1, 2), (2, 2): F(1, 4)})
    add("hand-square-wound-twice", 3, 3, [sq, list(sq)], BOTH, {(1, 1): F(2)})
    add("hand-square-wound-three-times", 3, 3, [sq, list(sq), list(sq)], BOTH, {(1, 1): F(3)})
    add("hand-opposite-contours-cancel", 3, 3, [sq, rect(1, 1, 2, 2, cw=False)], BOTH, {})
    add("hand-half-square-wound-twice", 3, 3, [rect(1, 1, 1.5, 2), rect(1, 1, 1.5, 2)], BOTH,
        {(1, 1): F(1)})
    add("hand-square-wound-twice-plus-half", 3, 3, [sq, list(sq), rect(1, 1, 1.5, 2)], BOTH,
        {(1, 1): F(5, 2)})
    add("hand-rect-beyond-grid-covers-all", 2, 2, [rect(-1, -1, 3, 3)], BOTH,
        {(0, 0): F(1), (1, 0): F(1), (0, 1): F(1), (1, 1): F(1)})
    add("hand-subpixel-square", 1, 1, [rect(0.5, 0.5, 0.5 + h, 0.5 + h)], BOTH, {(0, 0): F(1, 65536)})


def rect_cases():
    add("rect-on-grid", 6, 5, [rect(1, 1, 4, 3)])
    add("rect-on-grid-ccw", 6, 5, [rect(1, 1, 4, 3, cw=False)], "evenodd")
    add("rect-fractional", 5, 4, [rect(0.25, 0.75, 3.5, 2.125)], BOTH)
    add("rect-fractional-subpixel-offsets", 5, 5, [rect(1 + h, 1 + 3 * h, 3 - h, 4 - 5 * h)])
    add("rect-inside-one-pixel", 3, 3, [rect(1.25, 1.25, 1.75, 1.5)])
    add("rect-sliver-vertical-1-unit", 5, 5, [rect(2.5, 0.5, 2.5 + h, 4.5)])
    add("rect-sliver-horizontal-3-units", 5, 5, [rect(0.25, 2.5, 4.75, 2.5 + 3 * h, cw=False)], "evenodd")
    add("rect-sliver-left-edge-on-gridline", 5, 5, [rect(2, 0, 2 + h, 5)])
    add("rect-sliver-right-edge-on-gridline", 5, 5, [rect(3 - 7 * h, 0.5, 3, 4.5)])
    add("rect-sliver-straddling-gridline", 5, 5, [rect(2 - h, 0.25, 2 + h, 4.75)])
    add("rect-sliver-horizontal-on-gridline", 5, 5, [rect(0, 3, 5, 3 + 2 * h)])
    add("rect-x-fractional-y-on-gridlines", 5, 4, [rect(0.375, 1, 3.625, 3)])
    add("rect-y-fractional-x-on-gridlines", 4, 5, [rect(1, 0.375, 3, 3.625, cw=False)])
    add("rect-vertices-on-pixel-edge-midpoints", 4, 4, [rect(0.5, 1, 2, 3.5)])
    add("rect-edges-on-sample-boundaries", 6, 6, [rect(1 + 4 * h, 0.5 + 12 * h, 4 + 60 * h, 5 - 8 * h)])
    add("rect-strip-in-40x1-grid", 40, 1, [rect(0.5, 0.25, 39.5, 0.75)])
    add("rect-strip-in-1x40-grid", 1, 40, [rect(0.125, 0.5, 0.875, 39.5, cw=False)])
    add("rect-in-1x1-grid", 1, 1, [rect(0.25, 0.25, 0.75, 0.75)])
    add("rect-large-40x40", 40, 40, [rect(3.5, 2.25, 36.75, 38.125)])
    add("rect-grid-sized-exact", 7, 3, [rect(0, 0, 7, 3)])


def triangle_cases():
    base = [(0.25, 0.5), (3.5, 1.25), (1.125, 3.75)]  # scalene, inside a 4 x 4 grid
    rots = {
        "r0": lambda x, y: (x, y),
        "r90": lambda x, y: (4 - y, x),
        "r180": lambda x, y: (4 - x, 4 - y),
        "r270": lambda x, y: (y, 4 - x),
    }
    k = 0
    for rname, f in rots.items():
        pts = [f(x, y) for x, y in base]
        for cw in (True, False):
            add("tri-%s-%s" % (rname, "cw" if cw else "ccw"), 4, 4, [poly(*pts, cw=cw)], BOTH[k % 2])
            k += 1
    mirrored = [(4 - x, y) for x, y in base]
    add("tri-mirrored", 4, 4, [poly(*mirrored)], "nonzero")
    add("tri-pointing-up", 5, 4, [poly((2.5, 0.25), (4.75, 3.75), (0.25, 3.75))])
    add("tri-pointing-down", 5, 4, [poly((0.25, 0.25), (4.75, 0.25), (2.5, 3.75), cw=False)])
    add("tri-pointing-left", 4, 5, [poly((0.25, 2.5), (3.75, 0.25), (3.75, 4.75))])
    add("tri-pointing-right", 4, 5, [poly((0.25, 0.25), (3.75, 2.5), (0.25, 4.75))])
    add("tri-long-thin-diagonal", 40, 40, [poly((0.5, 0.5), (39.5, 38.75), (39.25, 39.5))])
    add("tri-long-thin-antidiagonal-ccw", 40, 40, [poly((39.5, 0.5), (0.25, 39.5), (0.75, 39.75), cw=False)],
        "evenodd")
    # slopes 1/1000: dy = 10 units over dx = 10000 units
    add("tri-near-horizontal-edge", 40, 4, [[[0, 384], [10000, 394], [0, 704]]])
    add("tri-near-vertical-edge", 4, 40, [[[384, 0], [704, 0], [394, 10000]]])
    add("tri-near-horizontal-sliver", 40, 3, [[[0, 512], [10000, 522], [10000, 523]]])
    add("tri-near-vertical-sliver", 3, 40, [[[512, 0], [513, 0], [522, 10000]]])
    add("tri-shallow-across-grid", 40, 3, [[[-256, 200], [41 * 256, 240], [-256, 600]]], "evenodd")
    add("tri-vertices-on-pixel-corners", 4, 4, [poly((0, 0), (3, 1), (1, 3))])
    add("tri-vertices-at-pixel-centres", 4, 4, [poly((0.5, 0.5), (3.5, 1.5), (1.5, 3.5))])
    add("tri-edge-through-pixel-corners", 4, 4, [poly((0, 0), (4, 4), (0, 4))])
    add("tri-slope-2-through-corners", 4, 6, [poly((0, 0), (3, 6), (0, 6), cw=False)])
    add("tri-tiny-in-one-pixel", 2, 2, [[[300, 300], [307, 301], [302, 309]]])


def convex_cases():
    add("convex-hexagon", 12, 12, [regular(6, 6, 5.3, 6, phase=0.1)])
    add("convex-octagon-ccw", 10, 10, [regular(5, 5, 4.4, 8, phase=0.3, cw=False)])
    add("convex-circle-32-gon", 20, 20, [regular(10, 10, 8.7, 32, phase=0.05)], BOTH)
    add("convex-pentagon-off-grid", 8, 7, [regular(3.9, 3.4, 3.1, 5, phase=1.0)])
    add("convex-rotated-square", 8, 8, [poly((4, 0.375), (7.625, 4), (4, 7.625), (0.375, 4))])
    add("convex-parallelogram", 9, 5, [poly((2.25, 0.5), (8.5, 0.5), (6.75, 4.5), (0.5, 4.5))])
    add("convex-quad-irregular", 9, 9, [[[100, 80], [2000, 400], [1900, 2100], [300, 1500]]])


def concave_cases():
    add("concave-L-shape", 6, 6, [poly((0.5, 0.5), (2.25, 0.5), (2.25, 3.75), (5.5, 3.75), (5.5, 5.5), (0.5, 5.5))])
    add("concave-U-shape-ccw", 7, 6, [poly((0.5, 0.5), (2.5, 0.5), (2.5, 3.5), (4.5, 3.5), (4.5, 0.5),
                                           (6.5, 0.5), (6.5, 5.5), (0.5, 5.5), cw=False)])
    add("concave-arrow", 10, 6, [poly((0.5, 2), (6, 2), (6, 0.5), (9.5, 3), (6, 5.5), (6, 4), (0.5, 4))])
    pts = []
    for k in range(10):
        r = 5.2 if k % 2 == 0 else 2.1
        t = -math.pi / 2 + 2 * math.pi * k / 10
        pts.append([round((6 + r * math.cos(t)) * SUB), round((6 + r * math.sin(t)) * SUB)])
    add("concave-star-outline", 12, 12, [pts], BOTH)
    saw = [P(0.25, 4.75)]
    for k in range(8):
        saw.append(P(0.25 + k * 0.75, 0.5 + (k % 2) * 0.25))
        saw.append(P(0.625 + k * 0.75, 3.0))
    saw.append(P(6.25, 4.75))
    add("concave-sawtooth", 7, 5, [saw])
    # a 24-gon with the part right of x = 12 replaced by a notch (Pac-Man like)
    circle = [p for p in regular(8, 8, 6.5, 24, phase=0.0) if p[0] <= 12 * SUB]
    add("concave-notched-24-gon", 16, 16, [circle + [P(11, 6), P(9, 8), P(11, 10)]])
    add("concave-spike-in-one-pixel", 4, 4, [poly((0.5, 0.5), (3.5, 0.5), (3.5, 3.5), (2.1875, 1.5), (0.5, 3.5))])
    add("concave-chevron-ccw", 8, 6, [poly((0.5, 0.5), (4, 2.5), (7.5, 0.5), (7.5, 3), (4, 5.5), (0.5, 3), cw=False)],
        "evenodd")


def self_intersecting_cases():
    add("star-pentagram", 10, 10, [regular(5, 5, 4.6, 5, step=2, phase=-math.pi / 2)], BOTH)
    add("star-pentagram-ccw", 10, 10, [regular(5, 5, 4.6, 5, step=2, phase=-math.pi / 2, cw=False)], BOTH)
    add("star-pentagram-large-off-grid", 40, 40, [regular(19.7, 20.3, 18.9, 5, step=2, phase=0.3)], BOTH)
    add("star-heptagram-7-2", 14, 14, [regular(7, 7, 6.4, 7, step=2, phase=0.2)], BOTH)
    add("star-heptagram-7-3", 14, 14, [regular(7, 7, 6.4, 7, step=3, phase=0.2)], BOTH)
    add("bowtie-figure-eight", 8, 4, [poly((0.5, 0.5), (7.5, 3.5), (7.5, 0.5), (0.5, 3.5))], BOTH)
    loop = rect(1, 1, 5, 5) + rect(1.5, 1.5, 4.5, 4.5)
    add("loop-winding-twice-one-contour", 6, 6, [loop], BOTH)


def hole_cases():
    outer = rect(0.5, 0.5, 7.5, 7.5)
    add("hole-opposite-winding", 8, 8, [outer, rect(2.25, 2.25, 5.75, 5.75, cw=False)], BOTH)
    add("hole-same-winding", 8, 8, [outer, rect(2.25, 2.25, 5.75, 5.75)], BOTH)
    add("hole-octagon-ring-opposite", 16, 16,
        [regular(8, 8, 7.3, 8, phase=0.2), regular(8.2, 7.9, 3.7, 8, phase=0.5, cw=False)], BOTH)
    add("hole-octagon-ring-same", 16, 16,
        [regular(8, 8, 7.3, 8, phase=0.2), regular(8.2, 7.9, 3.7, 8, phase=0.5)], BOTH)
    add("hole-two-holes-mixed-winding", 10, 6,
        [rect(0.25, 0.25, 9.75, 5.75), rect(1, 1, 4, 5, cw=False), rect(5.5, 1.5, 9, 4.5)], BOTH)
    add("hole-subpixel-inside-one-pixel", 3, 3, [rect(0, 0, 3, 3), rect(1.25, 1.25, 1.5, 1.75, cw=False)])
    add("hole-sharing-outer-edge", 6, 6, [rect(0.5, 0.5, 5.5, 5.5), rect(0.5, 2, 3, 4, cw=False)], "evenodd")


def overlap_cases():
    three = [rect(0.5, 0.5, 6.5, 4.5), rect(2.25, 1.5, 8.5, 5.5), rect(4, 0.25, 7.75, 6.75)]
    add("overlap-three-rects-winding-3", 9, 7, three, BOTH)
    add("overlap-triangles-opposite", 8, 8,
        [poly((0.5, 0.5), (7.5, 1), (3, 7.5)), poly((1, 7), (7.25, 6.5), (4.5, 0.25), cw=False)], BOTH)
    rng = random.Random(SEED + 1)
    octs = [regular(rng.uniform(4, 8), rng.uniform(4, 8), rng.uniform(2.5, 4), 8, phase=rng.uniform(0, 1))
            for _ in range(5)]
    add("overlap-five-octagons", 12, 12, octs, BOTH)
    add("overlap-rects-offset-one-unit", 4, 4, [rect(1, 1, 3, 3), rect(1 + h, 1 + h, 3 + h, 3 + h)], BOTH)


def outside_cases():
    add("outside-rect-beyond-all-sides", 5, 4, [rect(-3, -2.5, 8, 7)])
    add("outside-triangle-straddles-left", 6, 6, [poly((-3, 1), (2.5, 0.5), (-1, 5.5))])
    add("outside-triangle-straddles-right", 6, 6, [poly((3.5, 1), (9, 0.5), (7, 5.5))], "evenodd")
    add("outside-triangle-straddles-top", 6, 6, [poly((1, -3), (5.5, 2.5), (0.5, 1.5))])
    add("outside-triangle-straddles-bottom", 6, 6, [poly((0.5, 4), (5.5, 3.5), (2, 9), cw=False)])
    add("outside-wholly-left-spanning-rows", 5, 5, [poly((-6, -1), (-1, 2.5), (-4, 7))])
    add("outside-wholly-right-spanning-rows", 5, 5, [poly((6, -1), (9, 2.5), (5.5, 7))])
    add("outside-wholly-above", 5, 5, [rect(-1, -4, 6, -0.5)])
    add("outside-wholly-below", 5, 5, [rect(-1, 5, 6, 8)])
    add("outside-huge-triangle", 10, 10, [[[-100000, -90000], [120000, 1000], [700, 110000]]])
    add("outside-huge-thin-triangle-crossing", 10, 10, [[[-100000, -100000], [100000, 100000], [100000, 100700]]],
        BOTH)
    add("outside-frame-with-hole-in-grid", 6, 6, [rect(-2, -2, 8, 8), rect(1.5, 1.5, 4.5, 4.5, cw=False)], BOTH)
    add("outside-edges-left-of-grid-slanted", 4, 4, [poly((-5, 0.25), (1.5, 2), (-2, 3.75))])


def degenerate_cases():
    add("degenerate-single-vertex", 3, 3, [[P(1.5, 1.5)]])
    add("degenerate-two-vertices-diagonal", 4, 4, [[P(0.5, 0.25), P(3.5, 3.75)]])
    add("degenerate-two-vertices-plus-square", 4, 4, [[P(0.5, 0.25), P(3.5, 3.75)], rect(1, 1, 3, 3)], BOTH)
    add("degenerate-collinear-triangle", 4, 4, [poly((0.5, 0.5), (2, 2), (3.5, 3.5))])
    # all on the line through (64, 128) with direction (3, 2)
    add("degenerate-collinear-back-and-forth", 5, 5, [[[64, 128], [964, 728], [364, 328], [814, 628]]])
    add("degenerate-repeated-vertices-square", 4, 4,
        [[P(1, 1), P(1, 1), P(3.5, 1), P(3.5, 1), P(3.5, 1), P(3.5, 3.25), P(1, 3.25), P(1, 3.25)]])
    add("degenerate-collinear-points-on-edges", 5, 5,
        [poly((0.5, 0.5), (2, 0.5), (3, 0.5), (4.5, 0.5), (4.5, 2), (4.5, 4.5), (2.5, 4.5), (0.5, 4.5),
              (0.5, 2.5))], "evenodd")
    add("degenerate-horizontal-only", 4, 4, [poly((0.5, 2), (3.5, 2), (1.25, 2))])
    add("degenerate-vertical-only", 4, 4, [poly((2.25, 0.5), (2.25, 3.5))])
    add("degenerate-traced-there-and-back", 4, 4,
        [poly((0.5, 0.5), (3.5, 0.5), (3.5, 3.5), (0.5, 3.5), (3.5, 3.5), (3.5, 0.5))])
    add("degenerate-empty-contour-plus-square", 3, 3, [[], rect(0.5, 0.5, 2.5, 2)])
    add("degenerate-spike-edge-inside-square", 5, 5, [poly((0.5, 0.5), (4.5, 0.5), (4.5, 2.5), (1.75, 2.5),
                                                          (4.5, 2.5), (4.5, 4.5), (0.5, 4.5))], BOTH)


def random_cases():
    rng = random.Random(SEED)
    sizes = [(40, 40), (40, 40), (1, 17), (23, 1)]
    for k in range(8):
        if k < len(sizes):
            W, H = sizes[k]
        else:
            W, H = rng.randint(1, 24), rng.randint(1, 24)
        n = rng.randint(3, 12)
        c = [[rng.randint(-2 * SUB, (W + 2) * SUB), rng.randint(-2 * SUB, (H + 2) * SUB)] for _ in range(n)]
        add("random-%02d-%dv" % (k, n), W, H, [c], BOTH)
    for k in range(2):
        W, H = rng.randint(4, 20), rng.randint(4, 20)
        cs = []
        for _ in range(rng.randint(2, 3)):
            n = rng.randint(3, 12)
            cs.append([[rng.randint(-2 * SUB, (W + 2) * SUB), rng.randint(-2 * SUB, (H + 2) * SUB)]
                       for _ in range(n)])
        add("random-multi-%02d-%dc" % (k, len(cs)), W, H, cs, BOTH)
    for k in range(2):
        # vertices on pixel corners / half pixels (many edges through corners and along grid lines)
        W, H = rng.randint(4, 12), rng.randint(4, 12)
        n = rng.randint(3, 12)
        q = 2 if k == 1 else 1
        c = [[rng.randint(-2 * q, (W + 2) * q) * SUB // q, rng.randint(-2 * q, (H + 2) * q) * SUB // q]
             for _ in range(n)]
        add("random-on-grid-%02d-%dv" % (k, n), W, H, [c], BOTH)


def all_specs():
    SPECS.clear()
    hand_cases()
    rect_cases()
    triangle_cases()
    convex_cases()
    concave_cases()
    self_intersecting_cases()
    hole_cases()
    overlap_cases()
    outside_cases()
    degenerate_cases()
    random_cases()
    return list(SPECS)


# ----------------------------------------------------------------------------------------------
# Generation
# ----------------------------------------------------------------------------------------------

def build(specs):
    cases = []
    areas = {}
    for name, W, H, contours, rules, expected in specs:
        assert 1 <= W <= 40 and 1 <= H <= 40, name
        A = winding_area(contours, W, H)
        flat = [A[j][i] for j in range(H) for i in range(W)]
        areas[name] = (A, contours, W, H, expected)
        for rule in rules:
            cases.append({
                "name": "%s/%s" % (name, rule),
                "width": W,
                "height": H,
                "rule": rule,
                "contours": contours,
                "alpha": [alpha_of(coverage(a, rule)) for a in flat],
                "area": [frac_str(a) for a in flat],
            })
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    return cases, areas


def dump(cases):
    head = {
        "generator": "Tests/RasterTests/Fixtures/generate_coverage_fixtures.py",
        "subpixelUnits": SUB,
        "winding": "ray towards +x; an edge with increasing y (downwards on screen) counts +1, so a contour "
                   "clockwise on screen (y down) has winding +1 inside",
        "seed": SEED,
    }
    lines = ["{"]
    for k, v in head.items():
        lines.append("%s: %s," % (json.dumps(k), json.dumps(v)))
    lines.append('"cases": [')
    lines.append(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
    lines.append("]}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------------
# Self-check
# ----------------------------------------------------------------------------------------------

def check_functions():
    cov = coverage
    assert cov(F(1, 2), "nonzero") == F(1, 2) and cov(F(-3, 2), "nonzero") == 1 and cov(F(-1), "nonzero") == 1
    assert cov(F(3, 2), "evenodd") == F(1, 2) and cov(F(5, 2), "evenodd") == F(1, 2)
    assert cov(F(-1, 2), "evenodd") == F(1, 2) and cov(F(-3, 2), "evenodd") == F(1, 2)
    assert cov(F(2), "evenodd") == 0 and cov(F(3), "evenodd") == 1 and cov(F(-2), "evenodd") == 0
    assert cov(F(7, 4), "evenodd") == F(1, 4) and cov(F(9, 4), "evenodd") == F(1, 4)
    assert alpha_of(F(1, 2)) == 128 and alpha_of(F(1)) == 255 and alpha_of(F(0)) == 0
    assert alpha_of(F(1, 510)) == 1 and alpha_of(F(1, 510) - F(1, 10 ** 9)) == 0
    assert alpha_of(F(1, 65536)) == 0 and alpha_of(F(1, 4)) == 64 and alpha_of(F(3, 4)) == 191


def self_check(cases, areas, out_path):
    check_functions()
    worst_abs, worst_ratio, n_exact_sampled, n_pixels = 0.0, 0.0, 0, 0
    for name, (A, contours, W, H, expected) in areas.items():
        # method 2: exact clipping
        B = winding_area_by_clipping(contours, W, H)
        assert A == B, "clipping disagrees: %s" % name
        total = sum(sum(r) for r in A)
        assert total == clip_area(contours, 0, 0, W, H), "grid total: %s" % name
        # hand answers
        if expected is not None:
            for j in range(H):
                for i in range(W):
                    assert A[j][i] == expected.get((i, j), 0), (name, i, j, A[j][i])
        # method 3: brute-force sampling
        S = sample_sums(contours, W, H)
        bound = sample_error_bound(contours, W, H)
        aligned = all(X % (SUB // SAMPLES) == 0 and Y % (SUB // SAMPLES) == 0 for c in contours for X, Y in c) and \
            all(c[k][0] == c[(k + 1) % len(c)][0] or c[k][1] == c[(k + 1) % len(c)][1]
                for c in contours for k in range(len(c)))
        for j in range(H):
            for i in range(W):
                est = F(int(S[j, i]), SAMPLES * SAMPLES)
                err = abs(float(A[j][i] - est))
                assert err <= bound[j, i] + 1e-12, (name, i, j, str(A[j][i]), str(est), bound[j, i])
                if aligned:
                    assert est == A[j][i], ("aligned case not exact", name, i, j)
                worst_abs = max(worst_abs, err)
                if bound[j, i] > 0:
                    worst_ratio = max(worst_ratio, err / bound[j, i])
                n_pixels += 1
        n_exact_sampled += aligned
    # hand-case alphas of the brief
    by = {c["name"]: c for c in cases}
    assert by["hand-square-wound-twice/nonzero"]["alpha"][4] == 255
    assert by["hand-square-wound-twice/evenodd"]["alpha"][4] == 0
    assert by["hand-square-wound-three-times/evenodd"]["alpha"][4] == 255
    assert by["hand-opposite-contours-cancel/evenodd"]["alpha"] == [0] * 9
    assert by["hand-unit-square-counterclockwise/nonzero"]["alpha"][4] == 255
    assert by["hand-half-pixel-wide-rect/nonzero"]["alpha"][4] == 128
    assert by["hand-square-wound-twice-plus-half/evenodd"]["alpha"][4] == 128
    assert by["hand-subpixel-square/nonzero"]["alpha"] == [0]
    # the written file is what this script generates
    if os.path.exists(out_path):
        with open(out_path) as f:
            assert f.read() == dump(cases), "%s is stale: regenerate it" % out_path
        file_note = "%s matches" % os.path.basename(out_path)
    else:
        file_note = "%s not present" % out_path
    print("self-check OK: %d cases (%d shapes), %d pixels; methods 1 and 2 agree exactly; "
          "sampling (%dx%d/pixel) within bound everywhere (max |A - estimate| %.3g, max error/bound %.3g; "
          "%d shapes exact as expected); %s"
          % (len(cases), len(areas), n_pixels, SAMPLES, SAMPLES, worst_abs, worst_ratio, n_exact_sampled, file_note))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--self-check", action="store_true",
                    help="verify the model (does not write); also checks that --out is up to date")
    args = ap.parse_args()
    cases, areas = build(all_specs())
    if args.self_check:
        self_check(cases, areas, args.out)
        return
    text = dump(cases)
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote %s: %d cases, %d bytes" % (args.out, len(cases), len(text.encode())))


if __name__ == "__main__":
    main()
