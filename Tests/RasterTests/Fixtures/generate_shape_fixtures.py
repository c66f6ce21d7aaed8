#!/usr/bin/env python3
"""Writes shape_fixtures.json: per-pixel area coverage of ellipses, rounded rects, rings and strokes.

An INDEPENDENT reference model (written from the definitions below, not from the Swift code).
Deterministic; run from anywhere:

    /work/venv/bin/python Tests/RasterTests/Fixtures/generate_shape_fixtures.py
    /work/venv/bin/python Tests/RasterTests/Fixtures/generate_shape_fixtures.py --out /tmp/x.json
    /work/venv/bin/python Tests/RasterTests/Fixtures/generate_shape_fixtures.py --self-check

Definitions implemented
-----------------------
* Pixel (i, j) is the square [i, i+1) x [j, j+1); x to the right, y DOWN; all parameters in pixels.
  coverage(i, j) = area(shape intersected with the pixel square), a number in [0, 1]; written
  row-major (index j*width + i), rounded to 4 decimals. Every shape lies wholly inside its grid.
* ellipse {"rect": [x, y, w, h]}: the closed filled ellipse inscribed in the rect, centre
  (x + w/2, y + h/2), semi-axes rx = w/2, ry = h/2. EXACT: with u = (X - cx)/rx, v = (Y - cy)/ry the
  pixel becomes a rectangle [u0, u1] x [v0, v1] and the ellipse the unit disk, and areas scale by
  rx*ry. Area(unit disk & rectangle) = S(u1,v1) - S(u0,v1) - S(u1,v0) + S(u0,v0), where
  S(x, y) = sign(x) sign(y) Q(min(|x|,1), min(|y|,1)) is the signed area of the disk part between
  the axes and (x, y), and for 0 <= x, y <= 1: Q = x*y if x^2 + y^2 <= 1, else
  Q = s*y + I(x) - I(s) with s = sqrt(1 - y^2), I(t) = (t*sqrt(1 - t^2) + asin t)/2
  (the integral of sqrt(1 - t^2)).
* roundedRect {"rect": [x, y, w, h], "radius": r} (0 <= r <= min(w, h)/2): the rect with its
  corners replaced by quarter discs of radius r. EXACT, as the disjoint union of the middle band
  [x, x+w] x [y+r, y+h-r], the top and bottom bands [x+r, x+w-r] x [y, y+r] / [y+h-r, y+h], and four
  quarter discs (disc of radius r about (x+r, y+r) etc. intersected with its r x r corner box, so
  each is again disk & rectangle as above).
* ring {"center": [x, y], "radius": r, "width": w}: the points whose distance d from the centre has
  |d - r| <= w/2, i.e. disk(r + w/2) minus the open disk(r - w/2) (nothing removed if r <= w/2).
  EXACT, as the difference of the two disk coverages.
* stroke {"points": [[x, y], ...], "closed": bool, "width": w, "cap": butt|round|square,
  "join": miter|round|bevel, "miterLimit": m}: the PostScript / Core Graphics stroke of the polyline
  (closed = an extra segment from the last point back to the first; points are not repeated), as the
  UNION (nonzero) of, with h = w/2:
    - each segment's rectangle: points within h of the segment's line whose projection falls on the
      segment;
    - at every join vertex V (interior points; every point when closed), with unit directions d1
      (into V) and d2 (out of V), theta the interior angle between the segments (the angle between
      -d1 and d2) and o1, o2 the unit normals of the two segments on the OUTER side of the turn:
        bevel: triangle V, V + h*o1, V + h*o2;
        round: disk of radius h about V;
        miter: if 1/sin(theta/2) <= miterLimit, the quadrilateral V, V + h*o1, M, V + h*o2 with
               M = V + (h / sin(theta/2)) * unit(o1 + o2) (the bevel triangle plus the miter tip),
               otherwise bevel;
      (a miter/bevel piece is degenerate, and omitted, at a straight-through vertex, theta = 180 deg);
    - caps at the two ends of an open polyline: butt nothing; square the rectangle w wide extending
      h past the end; round a disk of radius h about the end point.
  Strokes are not closed-form in general: coverage = fraction of 128 x 128 sample points per pixel
  (sample centres i + (k + 1/2)/128) inside the union, by exact point-in-convex-polygon /
  point-in-disk tests in float64. Sampling error: a sample cell of side 1/128 whose centre is
  farther than 1/(128*sqrt 2) from the boundary is wholly inside or outside, so
  |coverage - exact| <= (number of cells with centre within 1/(128*sqrt 2) of the boundary) / 128^2
  in every pixel (computed by --self-check; about 2*sqrt(2)*(boundary length in the pixel)/128; its
  largest value in this file is 0.027). The error actually incurred is smaller. For the 13 strokes
  without round parts the exact per-pixel area of the union of the convex pieces is computed in
  --self-check (slab integration): the stored 128^2 values differ from it by at most 1/256 = 0.0039
  (worst case: a 45-degree bevel edge that runs through a diagonal of sample centres, which count as
  inside; elsewhere <= 0.0026), and edges that are axis-aligned on multiples of 1/4 pixel are sampled
  exactly (those cases are exact). A round-capped line differs from its closed form by <= 2.7e-4;
  128^2 vs 64^2 sampling differ by <= 0.0078. Stroke totals match the analytic areas within 0.012.

Public sources of the stroke definition: PostScript Language Reference Manual, 3rd ed. (line cap,
line join and miter limit parameters of the graphics state; operator setmiterlimit: miter length /
line width = 1/sin(theta/2)), https://www.adobe.com/jp/print/postscript/pdfs/PLRM.pdf ; Core
Graphics CGLineJoin / CGLineCap / setMiterLimit,
https://developer.apple.com/documentation/coregraphics/cglinejoin .

--self-check:
  * analytic shapes: 256 x 256 supersampling per pixel must be within the rigorous per-pixel bound
    above (cells within 1/(256*sqrt 2) of the boundary; for ellipses the boundary distance is
    bounded below by min(rx, ry) * | |(u, v)| - 1 |); the sum of the coverage must equal the closed-
    form area (pi*rx*ry; w*h - (4 - pi) r^2; pi((r + w/2)^2 - max(0, r - w/2)^2)) to 1e-9;
    the maximal rounded rect of a square equals the inscribed circle, a ring with r <= w/2 equals a
    disk, a rounded rect with r = 0 equals exact rectangle overlaps, a r = 1/2 circle centred in a
    pixel gives pi/4 there;
  * strokes: 128^2 and 64^2 sampling must agree within the sum of their rigorous bounds; strokes made
    of polygons only must agree with the exact union area (slab integration) within the rigorous
    bound, and that exact area must equal the analytic area below to 1e-9; the total
    coverage must equal the analytic area within the summed bound where the area is known: a single
    segment L*w (+ w^2 for square caps, + pi*h^2 for round caps); polylines whose segments are long
    enough: w*sum(L) - sum over joins of h^2 tan(a/2) (the overlap of the two rectangles on the inner
    side, a = pi - theta the turning angle) + the join's own area (bevel h^2 sin(a)/2, miter
    h^2 tan(a/2), round h^2 a/2); strokes whose edges are all axis-aligned on quarter pixels must
    match the exact rectangle overlaps; miter with a limit below 1/sin(theta/2) must equal bevel;
  * the file on disk equals what the script generates now.
"""
import argparse
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "shape_fixtures.json")
STROKE_SAMPLES = 128

DEFINITIONS = (
    "Pixel (i,j) = [i,i+1)x[j,j+1), x right, y down; coverage = area of shape within the pixel, "
    "row-major, 4 decimals. ellipse: filled ellipse inscribed in rect (exact: unit disk & rectangle "
    "in closed form, scaled by rx*ry). roundedRect: rect with quarter-disc corners of radius r "
    "(exact, by decomposition). ring: points with |dist(centre) - radius| <= width/2 (exact: "
    "disk(r+w/2) minus disk(r-w/2)). stroke: union of segment rectangles (half-width w/2), joins at "
    "interior vertices (all vertices if closed): bevel = triangle V, V+h*o1, V+h*o2 (outer normals), "
    "round = disk h at V, miter = bevel + tip to V + h/sin(theta/2)*unit(o1+o2) when "
    "1/sin(theta/2) <= miterLimit (theta = interior angle) else bevel; caps on open ends: butt none, "
    "square = w x w/2 rectangle past the end, round = disk h at the end. Strokes by 128x128 "
    "sample-centre supersampling per pixel (rigorous bound <= 0.027 per pixel; observed <= 1/256 vs "
    "exact for the polygonal strokes)."
)


# ----------------------------------------------------------------------------------------------
# Exact areas: unit disk & rectangle
# ----------------------------------------------------------------------------------------------

def _I(t):
    return 0.5 * (t * np.sqrt(np.maximum(0.0, 1.0 - t * t)) + np.arcsin(t))


def _Q(x, y):
    """Area of {u^2 + v^2 <= 1, 0 <= u <= x, 0 <= v <= y} for 0 <= x, y <= 1 (arrays)."""
    inside = x * x + y * y <= 1.0
    s = np.sqrt(np.maximum(0.0, 1.0 - y * y))
    s = np.minimum(s, x)
    outside = s * y + _I(x) - _I(s)
    return np.where(inside, x * y, outside)


def _S(x, y):
    return np.sign(x) * np.sign(y) * _Q(np.minimum(np.abs(x), 1.0), np.minimum(np.abs(y), 1.0))


def ellipse_rect_area(cx, cy, rx, ry, x0, x1, y0, y1):
    """Area of (closed ellipse (cx, cy, rx, ry)) & [x0, x1] x [y0, y1]; arrays broadcast; empty
    rectangles (x1 < x0 or y1 < y0) give 0."""
    x1 = np.maximum(x1, x0)
    y1 = np.maximum(y1, y0)
    u0, u1 = (x0 - cx) / rx, (x1 - cx) / rx
    v0, v1 = (y0 - cy) / ry, (y1 - cy) / ry
    a = _S(u1, v1) - _S(u0, v1) - _S(u1, v0) + _S(u0, v0)
    return rx * ry * a


def _pixel_edges(W, H):
    i = np.arange(W, dtype=float)[None, :]
    j = np.arange(H, dtype=float)[:, None]
    return i, i + 1.0, j, j + 1.0


def rect_overlap(W, H, x0, x1, y0, y1):
    i0, i1, j0, j1 = _pixel_edges(W, H)
    ox = np.clip(np.minimum(i1, x1) - np.maximum(i0, x0), 0.0, None)
    oy = np.clip(np.minimum(j1, y1) - np.maximum(j0, y0), 0.0, None)
    return ox * oy


def cov_ellipse(shape, W, H):
    x, y, w, h = shape["rect"]
    i0, i1, j0, j1 = _pixel_edges(W, H)
    return ellipse_rect_area(x + w / 2, y + h / 2, w / 2, h / 2, i0, i1, j0, j1)


def cov_disk(cx, cy, r, W, H):
    i0, i1, j0, j1 = _pixel_edges(W, H)
    return ellipse_rect_area(cx, cy, r, r, i0, i1, j0, j1)


def cov_rounded_rect(shape, W, H):
    x, y, w, h = shape["rect"]
    r = shape["radius"]
    cov = rect_overlap(W, H, x, x + w, y + r, y + h - r)
    cov = cov + rect_overlap(W, H, x + r, x + w - r, y, y + r)
    cov = cov + rect_overlap(W, H, x + r, x + w - r, y + h - r, y + h)
    if r > 0:
        i0, i1, j0, j1 = _pixel_edges(W, H)
        for (cx, cy, bx0, bx1, by0, by1) in [
                (x + r, y + r, x, x + r, y, y + r),
                (x + w - r, y + r, x + w - r, x + w, y, y + r),
                (x + r, y + h - r, x, x + r, y + h - r, y + h),
                (x + w - r, y + h - r, x + w - r, x + w, y + h - r, y + h)]:
            cov = cov + ellipse_rect_area(cx, cy, r, r, np.maximum(i0, bx0), np.minimum(i1, bx1),
                                          np.maximum(j0, by0), np.minimum(j1, by1))
    return cov


def cov_ring(shape, W, H):
    cx, cy = shape["center"]
    r, w = shape["radius"], shape["width"]
    cov = cov_disk(cx, cy, r + w / 2, W, H)
    if r - w / 2 > 0:
        cov = cov - cov_disk(cx, cy, r - w / 2, W, H)
    return cov


# ----------------------------------------------------------------------------------------------
# Strokes: geometry as a union of convex pieces
# ----------------------------------------------------------------------------------------------

def _unit(v):
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def stroke_pieces(shape):
    """List of ("poly", [(x, y), ...]) convex polygons and ("disk", (cx, cy), r)."""
    pts = [tuple(p) for p in shape["points"]]
    closed = shape["closed"]
    h = shape["width"] / 2.0
    n = len(pts)
    segs = [(pts[k], pts[k + 1]) for k in range(n - 1)]
    if closed:
        segs.append((pts[-1], pts[0]))
    pieces = []
    for a, b in segs:
        d = _unit((b[0] - a[0], b[1] - a[1]))
        nx, ny = -d[1] * h, d[0] * h
        pieces.append(("poly", [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]))
    join_vertices = range(n) if closed else range(1, n - 1)
    for k in join_vertices:
        V = pts[k]
        P = pts[k - 1]
        Q = pts[(k + 1) % n]
        d1 = _unit((V[0] - P[0], V[1] - P[1]))
        d2 = _unit((Q[0] - V[0], Q[1] - V[1]))
        cross = d1[0] * d2[1] - d1[1] * d2[0]
        dot = d1[0] * d2[0] + d1[1] * d2[1]
        if shape["join"] == "round":
            pieces.append(("disk", V, h))
            continue
        if abs(cross) < 1e-12:
            continue  # straight through (no join) or a full reversal (degenerate bevel)
        sgn = 1.0 if cross > 0 else -1.0
        o1 = (sgn * d1[1], -sgn * d1[0])   # -sgn * (-d1.y, d1.x)
        o2 = (sgn * d2[1], -sgn * d2[0])
        A = (V[0] + h * o1[0], V[1] + h * o1[1])
        B = (V[0] + h * o2[0], V[1] + h * o2[1])
        cos_theta = -dot
        sin_half = math.sqrt(max(0.0, (1.0 - cos_theta) / 2.0))
        if shape["join"] == "miter" and sin_half > 0 and 1.0 / sin_half <= shape["miterLimit"]:
            bis = _unit((o1[0] + o2[0], o1[1] + o2[1]))
            M = (V[0] + bis[0] * h / sin_half, V[1] + bis[1] * h / sin_half)
            pieces.append(("poly", [V, A, M, B]))
        else:
            pieces.append(("poly", [V, A, B]))
    if not closed and shape["cap"] != "butt":
        for end, other in ((pts[0], pts[1]), (pts[-1], pts[-2])):
            d = _unit((end[0] - other[0], end[1] - other[1]))   # pointing outwards
            if shape["cap"] == "round":
                pieces.append(("disk", end, h))
            else:
                nx, ny = -d[1] * h, d[0] * h
                e2 = (end[0] + d[0] * h, end[1] + d[1] * h)
                pieces.append(("poly", [(end[0] + nx, end[1] + ny), (e2[0] + nx, e2[1] + ny),
                                        (e2[0] - nx, e2[1] - ny), (end[0] - nx, end[1] - ny)]))
    out = []
    for p in pieces:
        if p[0] == "poly":
            poly = p[1]
            area2 = sum(poly[k][0] * poly[(k + 1) % len(poly)][1] - poly[(k + 1) % len(poly)][0] * poly[k][1]
                        for k in range(len(poly)))
            if abs(area2) < 1e-12:
                continue
            if area2 < 0:
                poly = poly[::-1]
            out.append(("poly", poly))
        else:
            out.append(p)
    return out


def piece_bbox(p):
    if p[0] == "poly":
        xs = [q[0] for q in p[1]]
        ys = [q[1] for q in p[1]]
        return min(xs), max(xs), min(ys), max(ys)
    (cx, cy), r = p[1], p[2]
    return cx - r, cx + r, cy - r, cy + r


def piece_inside_sd(p, X, Y, want_sd):
    """Inside mask (closed set) and, if want_sd, the signed distance to the piece's boundary."""
    if p[0] == "disk":
        (cx, cy), r = p[1], p[2]
        dist = np.hypot(X - cx, Y - cy)
        return dist <= r, (dist - r if want_sd else None)
    poly = p[1]
    m = len(poly)
    inside = None
    dmin = None
    for k in range(m):
        ax, ay = poly[k]
        bx, by = poly[(k + 1) % m]
        ex, ey = bx - ax, by - ay
        # counterclockwise in (x right, y up) maths orientation == positive shoelace area
        c = ex * (Y - ay) - ey * (X - ax)
        ins = c >= 0
        inside = ins if inside is None else (inside & ins)
        if want_sd:
            t = np.clip(((X - ax) * ex + (Y - ay) * ey) / (ex * ex + ey * ey), 0.0, 1.0)
            dd = np.hypot(X - ax - t * ex, Y - ay - t * ey)
            dmin = dd if dmin is None else np.minimum(dmin, dd)
    return inside, (np.where(inside, -dmin, dmin) if want_sd else None)


def sample_stroke(shape, W, H, N, want_bound=False):
    """Coverage by N x N sample centres per pixel; optionally the rigorous per-pixel error bound."""
    pieces = stroke_pieces(shape)
    boxes = [piece_bbox(p) for p in pieces]
    delta = 1.0 / (N * math.sqrt(2.0))
    sub = (np.arange(N) + 0.5) / N
    xs = (np.arange(W)[:, None] + sub[None, :]).reshape(-1)      # W*N
    cov = np.zeros((H, W))
    bound = np.zeros((H, W))
    for j in range(H):
        ys = j + sub
        inside = np.zeros((N, W * N), dtype=bool)
        sdmin = np.full((N, W * N), np.inf) if want_bound else None
        for p, (bx0, bx1, by0, by1) in zip(pieces, boxes):
            m = 2 * delta
            r0, r1 = np.searchsorted(ys, by0 - m), np.searchsorted(ys, by1 + m, side="right")
            c0, c1 = np.searchsorted(xs, bx0 - m), np.searchsorted(xs, bx1 + m, side="right")
            if r0 >= r1 or c0 >= c1:
                continue
            X = xs[None, c0:c1]
            Y = ys[r0:r1, None]
            ins, sd = piece_inside_sd(p, X, Y, want_bound)
            inside[r0:r1, c0:c1] |= ins
            if want_bound:
                sdmin[r0:r1, c0:c1] = np.minimum(sdmin[r0:r1, c0:c1], sd)
        cov[j] = inside.reshape(N, W, N).sum(axis=(0, 2)) / (N * N)
        if want_bound:
            unc = np.abs(sdmin) <= delta
            bound[j] = unc.reshape(N, W, N).sum(axis=(0, 2)) / (N * N)
    return (cov, bound) if want_bound else cov


def stroke_bbox(shape):
    bs = [piece_bbox(p) for p in stroke_pieces(shape)]
    return (min(b[0] for b in bs), max(b[1] for b in bs), min(b[2] for b in bs), max(b[3] for b in bs))


def stroke_area_formula(shape):
    """Analytic area of the stroke when every segment is long enough for the pieces to overlap only
    at the joins (see the docstring); None otherwise."""
    pts = [tuple(p) for p in shape["points"]]
    closed = shape["closed"]
    h = shape["width"] / 2.0
    n = len(pts)
    segs = [(k, (k + 1) % n) for k in range(n - 1)] + ([(n - 1, 0)] if closed else [])
    lengths = [math.dist(pts[a], pts[b]) for a, b in segs]
    area = shape["width"] * sum(lengths)
    need = [0.0] * len(segs)   # length of each segment used up by the inner kites / round joins
    join_vertices = range(n) if closed else range(1, n - 1)
    for k in join_vertices:
        V, P, Q = pts[k], pts[k - 1], pts[(k + 1) % n]
        d1 = _unit((V[0] - P[0], V[1] - P[1]))
        d2 = _unit((Q[0] - V[0], Q[1] - V[1]))
        a = math.acos(max(-1.0, min(1.0, d1[0] * d2[0] + d1[1] * d2[1])))  # turning angle
        theta = math.pi - a
        if a >= math.pi - 1e-9:
            return None
        t = math.tan(a / 2)
        area -= h * h * t
        if shape["join"] == "miter" and 1.0 / math.sin(theta / 2) <= shape["miterLimit"]:
            area += h * h * t
        elif shape["join"] == "round":
            area += h * h * a / 2
        else:
            area += h * h * math.sin(a) / 2
        # how far back along each segment the inner overlap (kite V, V+h*n1, inner miter point,
        # V+h*n2) reaches: max(h tan(a/2), h sin a); a round join's disk needs h
        use = max(h * t, h * math.sin(a), h if shape["join"] == "round" else 0.0)
        s_in = (k - 1) % len(segs) if closed else k - 1
        s_out = k % len(segs) if closed else k
        need[s_in] += use
        need[s_out] += use
    if any(L < nd for L, nd in zip(lengths, need)):
        return None
    if not closed:
        if shape["cap"] == "square":
            area += 2 * h * shape["width"]
        elif shape["cap"] == "round":
            area += math.pi * h * h
    return area


# ----------------------------------------------------------------------------------------------
# Cases
# ----------------------------------------------------------------------------------------------

def _stroke(points, width, cap="butt", join="miter", closed=False, miter_limit=10):
    return {"kind": "stroke", "points": [list(p) for p in points], "closed": closed, "width": width,
            "cap": cap, "join": join, "miterLimit": miter_limit}


def cases():
    c = []

    def add(name, shape, W, H):
        c.append({"name": name, "shape": shape, "width": W, "height": H})

    E = lambda x, y, w, h: {"kind": "ellipse", "rect": [x, y, w, h]}
    add("ellipse-circle-fractional", E(3.3, 2.7, 9.5, 9.5), 16, 16)
    add("ellipse-wide", E(1.25, 3.6, 20.5, 7.3), 24, 14)
    add("ellipse-tall", E(2.1, 0.4, 5.2, 13.9), 10, 16)
    add("ellipse-thin", E(1.5, 4.45, 13.0, 1.1), 16, 10)
    add("ellipse-circle-tiny-r0.4-inside-one-pixel", E(3.1, 2.2, 0.8, 0.8), 6, 6)
    add("ellipse-circle-tiny-r0.45-straddling", E(2.55, 2.6, 0.9, 0.9), 6, 6)
    add("ellipse-circle-tiny-r0.25-on-pixel-corner", E(3.75, 3.75, 0.5, 0.5), 8, 8)
    add("ellipse-circle-r0.5-centred-in-pixel", E(4.0, 4.0, 1.0, 1.0), 6, 6)
    add("ellipse-tiny-0.6x1.7", E(1.3, 1.45, 0.6, 1.7), 4, 4)
    add("ellipse-circle-pixel-aligned-d12", E(2.0, 2.0, 12.0, 12.0), 16, 16)
    add("ellipse-circle-d60", E(1.7, 2.3, 60.0, 60.0), 64, 64)

    R = lambda x, y, w, h, r: {"kind": "roundedRect", "rect": [x, y, w, h], "radius": r}
    add("roundedRect-radius0", R(2.3, 1.6, 10.4, 7.25, 0.0), 16, 12)
    add("roundedRect-small-radius", R(1.2, 2.7, 13.6, 9.1, 1.5), 16, 14)
    add("roundedRect-subpixel-radius", R(0.75, 0.5, 6.5, 4.25, 0.35), 8, 6)
    add("roundedRect-pixel-aligned", R(2.0, 2.0, 8.0, 6.0, 2.0), 12, 10)
    add("roundedRect-max-radius-stadium", R(2.4, 1.3, 11.0, 7.0, 3.5), 16, 10)
    add("roundedRect-max-radius-square-is-circle", R(1.5, 1.5, 8.0, 8.0, 4.0), 12, 12)
    add("roundedRect-large", R(3.15, 4.85, 40.3, 25.6, 9.75), 48, 34)

    G = lambda x, y, r, w: {"kind": "ring", "center": [x, y], "radius": r, "width": w}
    add("ring-thin-w1", G(8.3, 7.9, 6.0, 1.0), 16, 16)
    add("ring-thick-w3", G(12.0, 12.5, 10.5, 3.0), 24, 26)
    add("ring-no-hole-r-equals-half-width", G(3.4, 3.6, 1.0, 2.0), 8, 8)
    add("ring-small-w0.5", G(4.5, 4.5, 2.2, 0.5), 9, 9)
    add("ring-subpixel", G(3.25, 2.9, 0.9, 0.8), 7, 6)
    add("ring-large-w6", G(31.7, 32.2, 25.0, 6.0), 64, 64)

    hline = [(3.25, 6.5), (16.75, 6.5)]
    for cap in ("butt", "round", "square"):
        add(f"stroke-horizontal-w2.5-{cap}", _stroke(hline, 2.5, cap=cap), 20, 13)
    line30 = [(6.0, 18.0), (19.8564, 10.0)]          # length 16 at 30 degrees (to 4 decimals)
    for cap in ("butt", "round", "square"):
        add(f"stroke-30deg-w6-{cap}", _stroke(line30, 6.0, cap=cap), 26, 24)
    add("stroke-diagonal-w1-butt", _stroke([(2.53, 3.47), (13.71, 9.13)], 1.0), 16, 12)
    add("stroke-diagonal-w1-round", _stroke([(2.53, 3.47), (13.71, 9.13)], 1.0, cap="round"), 16, 12)
    ell = [(4.5, 3.25), (4.5, 15.5), (17.25, 15.5)]
    for join in ("miter", "bevel", "round"):
        add(f"stroke-L-w6-{join}", _stroke(ell, 6.0, join=join), 20, 21)
    add("stroke-L-w6-miter-limit1.3-is-bevel", _stroke(ell, 6.0, join="miter", miter_limit=1.3), 20, 21)
    # zigzag: at (6.01, 3.53) the interior angle is ~9.5 deg (1/sin(theta/2) ~ 12.1 > 10: miter
    # falls back to bevel), at (7.98, 27.44) ~19.1 deg (~6.0 <= 10: long miter), at (13.07, 8.02)
    # ~59 deg (~2.0). Coordinates are off the 1/128 sample lattice on purpose (lines of rational
    # slope through lattice points would put whole runs of samples exactly on the boundary).
    zig = [(4.03, 27.47), (6.01, 3.53), (7.98, 27.44), (13.07, 8.02), (24.96, 19.97)]
    for join in ("miter", "bevel", "round"):
        add(f"stroke-zigzag-w2.5-{join}", _stroke(zig, 2.5, join=join, cap="butt"), 28, 38)
    add("stroke-zigzag-w2.5-round-join-round-cap", _stroke(zig, 2.5, join="round", cap="round"), 28, 38)
    tri = [(4.02, 17.97), (12.03, 4.01), (19.98, 18.04)]
    add("stroke-closed-triangle-w2.5-miter", _stroke(tri, 2.5, join="miter", closed=True), 24, 22)
    add("stroke-closed-triangle-w1-bevel", _stroke(tri, 1.0, join="bevel", closed=True), 24, 22)
    add("stroke-closed-square-w2.5-miter", _stroke([(4.5, 4.5), (15.5, 4.5), (15.5, 15.5), (4.5, 15.5)],
                                                   2.5, join="miter", closed=True), 20, 20)
    add("stroke-closed-square-w6-round", _stroke([(5.25, 5.25), (16.5, 5.25), (16.5, 16.5), (5.25, 16.5)],
                                                 6.0, join="round", closed=True), 22, 22)
    return c


def coverage_of(case, N=STROKE_SAMPLES):
    s, W, H = case["shape"], case["width"], case["height"]
    k = s["kind"]
    if k == "ellipse":
        return cov_ellipse(s, W, H)
    if k == "roundedRect":
        return cov_rounded_rect(s, W, H)
    if k == "ring":
        return cov_ring(s, W, H)
    if k == "stroke":
        return sample_stroke(s, W, H, N)
    raise ValueError(k)


def shape_bbox(shape):
    k = shape["kind"]
    if k in ("ellipse", "roundedRect"):
        x, y, w, h = shape["rect"]
        return x, x + w, y, y + h
    if k == "ring":
        (cx, cy), R = shape["center"], shape["radius"] + shape["width"] / 2
        return cx - R, cx + R, cy - R, cy + R
    return stroke_bbox(shape)


def _num(v):
    r = round(float(v), 4)
    if r == 0:
        return "0"
    if r == 1:
        return "1"
    return repr(r)


def build():
    out = []
    for case in cases():
        cov = np.clip(coverage_of(case), 0.0, 1.0)
        out.append(dict(case, coverage=cov))
    return out


def dumps(built):
    lines = ['{"definitions": ' + json.dumps(DEFINITIONS) + ',', '"cases": [']
    for k, c in enumerate(built):
        head = json.dumps({"name": c["name"], "shape": c["shape"], "width": c["width"],
                           "height": c["height"]}, separators=(",", ":"))[:-1]
        cov = ",".join(_num(v) for v in c["coverage"].reshape(-1))
        lines.append(head + ',"coverage":[' + cov + "]}" + ("," if k + 1 < len(built) else ""))
    lines.append("]}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------------
# Self-check
# ----------------------------------------------------------------------------------------------

def sample_analytic(shape, W, H, N):
    """N x N sample-centre coverage and rigorous bound for ellipse / roundedRect / ring."""
    delta = 1.0 / (N * math.sqrt(2.0))
    sub = (np.arange(N) + 0.5) / N
    xs = (np.arange(W)[:, None] + sub[None, :]).reshape(-1)[None, :]
    cov = np.zeros((H, W))
    bound = np.zeros((H, W))
    k = shape["kind"]
    for j in range(H):
        Y = (j + sub)[:, None]
        if k == "ellipse":
            x, y, w, h = shape["rect"]
            cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
            q = ((xs - cx) / rx) ** 2 + ((Y - cy) / ry) ** 2
            inside = q <= 1.0
            unc = min(rx, ry) * np.abs(np.sqrt(q) - 1.0) <= delta
        elif k == "roundedRect":
            x, y, w, h = shape["rect"]
            r = shape["radius"]
            qx = np.abs(xs - (x + w / 2)) - (w / 2 - r)
            qy = np.abs(Y - (y + h / 2)) - (h / 2 - r)
            sd = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r
            inside = sd <= 0
            unc = np.abs(sd) <= delta
        else:
            (cx, cy), r, w = shape["center"], shape["radius"], shape["width"]
            sd = np.abs(np.hypot(xs - cx, Y - cy) - r) - w / 2
            inside = sd <= 0
            unc = np.abs(sd) <= delta
        cov[j] = inside.reshape(N, W, N).sum(axis=(0, 2)) / (N * N)
        bound[j] = unc.reshape(N, W, N).sum(axis=(0, 2)) / (N * N)
    return cov, bound


def _clip_convex(poly, x0, x1, y0, y1):
    """Sutherland-Hodgman clip of a convex polygon to the rectangle [x0, x1] x [y0, y1]."""
    for axis, bound, keep_le in ((0, x0, False), (0, x1, True), (1, y0, False), (1, y1, True)):
        out = []
        m = len(poly)
        for k in range(m):
            p, q = poly[k], poly[(k + 1) % m]
            pin = p[axis] <= bound if keep_le else p[axis] >= bound
            qin = q[axis] <= bound if keep_le else q[axis] >= bound
            if pin:
                out.append(p)
            if pin != qin:
                t = (bound - p[axis]) / (q[axis] - p[axis])
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        poly = out
        if not poly:
            return []
    return poly


def polygon_union_coverage(pieces, W, H):
    """EXACT (up to float rounding) per-pixel area of a union of convex polygons, by slabs: within a
    horizontal slab that contains no vertex and no crossing of two edges, the length of the union of
    the polygons' x-intervals is linear in y, so its value at the slab's mid-height times the slab
    height is exact. Used only by --self-check, for strokes without round caps / joins."""
    cov = np.zeros((H, W))
    boxes = [piece_bbox(p) for p in pieces]
    for j in range(H):
        for i in range(W):
            polys = []
            for p, (bx0, bx1, by0, by1) in zip(pieces, boxes):
                if bx1 <= i or bx0 >= i + 1 or by1 <= j or by0 >= j + 1:
                    continue
                c = _clip_convex(p[1], i, i + 1, j, j + 1)
                if len(c) >= 3:
                    polys.append(c)
            if not polys:
                continue
            edges = [(c[k], c[(k + 1) % len(c)]) for c in polys for k in range(len(c))]
            ys = {j, j + 1}
            ys.update(v[1] for c in polys for v in c)
            for a in range(len(edges)):
                (p1, p2) = edges[a]
                for b in range(a + 1, len(edges)):
                    (q1, q2) = edges[b]
                    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
                    sx, sy = q2[0] - q1[0], q2[1] - q1[1]
                    den = rx * sy - ry * sx
                    if den == 0:
                        continue
                    t = ((q1[0] - p1[0]) * sy - (q1[1] - p1[1]) * sx) / den
                    u = ((q1[0] - p1[0]) * ry - (q1[1] - p1[1]) * rx) / den
                    if 0 <= t <= 1 and 0 <= u <= 1:
                        ys.add(p1[1] + t * ry)
            ys = sorted(y for y in ys if j <= y <= j + 1)
            area = 0.0
            for ya, yb in zip(ys, ys[1:]):
                if yb - ya <= 0:
                    continue
                ym = 0.5 * (ya + yb)
                iv = []
                for c in polys:
                    xs = []
                    for k in range(len(c)):
                        p, q = c[k], c[(k + 1) % len(c)]
                        if (p[1] - ym) * (q[1] - ym) < 0:
                            xs.append(p[0] + (ym - p[1]) * (q[0] - p[0]) / (q[1] - p[1]))
                    if len(xs) >= 2:
                        iv.append((min(xs), max(xs)))
                iv.sort()
                length, cur0, cur1 = 0.0, None, None
                for a0, a1 in iv:
                    if cur1 is None or a0 > cur1:
                        if cur1 is not None:
                            length += cur1 - cur0
                        cur0, cur1 = a0, a1
                    else:
                        cur1 = max(cur1, a1)
                if cur1 is not None:
                    length += cur1 - cur0
                area += length * (yb - ya)
            cov[j, i] = area
    return cov


def analytic_area(shape):
    k = shape["kind"]
    if k == "ellipse":
        return math.pi * shape["rect"][2] * shape["rect"][3] / 4
    if k == "roundedRect":
        _, _, w, h = shape["rect"]
        return w * h - (4 - math.pi) * shape["radius"] ** 2
    r, w = shape["radius"], shape["width"]
    return math.pi * ((r + w / 2) ** 2 - max(0.0, r - w / 2) ** 2)


def self_check(path):
    problems = []
    built = build()
    by_name = {c["name"]: c for c in built}
    file_cov = {}
    if os.path.exists(path):
        with open(path) as f:
            for fc in json.load(f)["cases"]:
                file_cov[fc["name"]] = np.array(fc["coverage"], dtype=float).reshape(fc["height"], fc["width"])
    stats = {"analytic": 0, "stroke": 0, "max_err256": 0.0, "max_bound256": 0.0, "max_ratio256": 0.0,
             "max_d": 0.0, "max_bound128": 0.0, "max_bound64": 0.0, "area_checks": 0,
             "max_area_err": 0.0, "exact_checks": 0, "pixels": 0}
    for c in built:
        s, W, H = c["shape"], c["width"], c["height"]
        stats["pixels"] += W * H
        x0, x1, y0, y1 = shape_bbox(s)
        if not (x0 >= 0 and y0 >= 0 and x1 <= W and y1 <= H):
            problems.append(("shape leaves the grid", c["name"], (x0, x1, y0, y1)))
        for v in [*(s.get("rect") or []), *(s.get("center") or []), *[q for p in s.get("points", []) for q in p],
                  s.get("radius", 0), s.get("width", 0)]:
            if abs(round(v, 4) - v) > 1e-12:
                problems.append(("parameter has more than 4 decimals", c["name"], v))
        raw = coverage_of(c)
        if s["kind"] != "stroke":
            stats["analytic"] += 1
            if raw.min() < -1e-12 or raw.max() > 1 + 1e-12:
                problems.append(("exact coverage out of [0, 1]", c["name"], raw.min(), raw.max()))
            est, bound = sample_analytic(s, W, H, 256)
            err = np.abs(raw - est)
            stats["max_err256"] = max(stats["max_err256"], float(err.max()))
            stats["max_bound256"] = max(stats["max_bound256"], float(bound.max()))
            with np.errstate(divide="ignore", invalid="ignore"):
                ratio = np.where(bound > 0, err / np.where(bound > 0, bound, 1), np.where(err > 1e-12, np.inf, 0))
            stats["max_ratio256"] = max(stats["max_ratio256"], float(ratio.max()))
            if np.any(err > bound + 1e-12):
                problems.append(("256^2 sampling outside bound", c["name"], float(err.max())))
            area = analytic_area(s)
            if abs(raw.sum() - area) > 1e-9:
                problems.append(("sum of coverage != closed-form area", c["name"], raw.sum(), area))
            stats["area_checks"] += 1
        else:
            stats["stroke"] += 1
            c128, b128 = sample_stroke(s, W, H, 128, want_bound=True)
            c64, b64 = sample_stroke(s, W, H, 64, want_bound=True)
            if not np.array_equal(c128, raw):
                problems.append(("stroke sampling not deterministic", c["name"]))
            d = np.abs(c128 - c64)
            stats["max_d"] = max(stats["max_d"], float(d.max()))
            stats["max_bound128"] = max(stats["max_bound128"], float(b128.max()))
            stats["max_bound64"] = max(stats["max_bound64"], float(b64.max()))
            if np.any(d > b128 + b64 + 1e-12):
                problems.append(("128^2 vs 64^2 outside bounds", c["name"], float(d.max())))
            pieces = stroke_pieces(s)
            if all(p[0] == "poly" for p in pieces):
                ex = polygon_union_coverage(pieces, W, H)
                e = np.abs(c128 - ex)
                stats["poly_strokes"] = stats.get("poly_strokes", 0) + 1
                stats["max_poly_err"] = max(stats.get("max_poly_err", 0.0), float(e.max()))
                if np.any(e > b128 + 1e-9):
                    problems.append(("128^2 sampling vs exact polygon union outside bound", c["name"], float(e.max())))
                area = stroke_area_formula(s)
                if area is not None and abs(ex.sum() - area) > 1e-9:
                    problems.append(("exact polygon union area != formula", c["name"], ex.sum(), area))
            area = stroke_area_formula(s)
            if area is not None:
                e = abs(c128.sum() - area)
                stats["area_checks"] += 1
                stats["max_area_err"] = max(stats["max_area_err"], e)
                if e > b128.sum():
                    problems.append(("stroke area", c["name"], c128.sum(), area, b128.sum()))
        stored = file_cov.get(c["name"])
        if stored is None or stored.shape != raw.shape or np.abs(stored - raw).max() > 5e-5 + 1e-12:
            problems.append(("coverage in the file differs from the model", c["name"]))
    # exact / cross checks
    def chk(cond, what):
        stats["exact_checks"] += 1
        if not cond:
            problems.append(("check failed", what))

    def cov(name):
        return coverage_of(by_name[name])

    a = cov("roundedRect-max-radius-square-is-circle")
    b = cov_ellipse({"rect": [1.5, 1.5, 8.0, 8.0]}, 12, 12)
    chk(np.abs(a - b).max() < 1e-12, "max rounded square == circle")
    a = cov("ring-no-hole-r-equals-half-width")
    chk(np.abs(a - cov_disk(3.4, 3.6, 2.0, 8, 8)).max() < 1e-12, "ring r = w/2 == disk")
    a = cov("roundedRect-radius0")
    chk(np.abs(a - rect_overlap(16, 12, 2.3, 12.7, 1.6, 8.85)).max() < 1e-12, "radius 0 == rectangle")
    a = cov("ellipse-circle-r0.5-centred-in-pixel")
    expect = np.zeros((6, 6))
    expect[4, 4] = math.pi / 4
    chk(np.abs(a - expect).max() < 1e-12, "r = 1/2 disk centred in pixel (4,4) = pi/4")
    a = cov("ellipse-circle-tiny-r0.25-on-pixel-corner")
    expect = np.zeros((8, 8))
    expect[3:5, 3:5] = math.pi * 0.0625 / 4
    chk(np.abs(a - expect).max() < 1e-12, "r = 1/4 disk on a pixel corner: pi r^2 / 4 in 4 pixels")
    a = cov("ellipse-circle-tiny-r0.4-inside-one-pixel")
    chk(abs(a[2, 3] - math.pi * 0.16) < 1e-12 and abs(a.sum() - a[2, 3]) < 1e-15, "r = 0.4 disk inside one pixel")
    # a quarter of the pixel-aligned circle, symmetric
    a = cov("ellipse-circle-pixel-aligned-d12")
    chk(np.abs(a - a[::-1, :]).max() < 1e-12 and np.abs(a - a.T).max() < 1e-12, "circle symmetric")
    # axis-aligned strokes on quarter pixels: sampling is exact
    chk(np.abs(cov("stroke-horizontal-w2.5-butt") - rect_overlap(20, 13, 3.25, 16.75, 5.25, 7.75)).max() < 1e-12,
        "horizontal butt == rectangle")
    chk(np.abs(cov("stroke-horizontal-w2.5-square") - rect_overlap(20, 13, 2.0, 18.0, 5.25, 7.75)).max() < 1e-12,
        "horizontal square cap == rectangle")
    chk(np.abs(cov("stroke-closed-square-w2.5-miter") - (rect_overlap(20, 20, 3.25, 16.75, 3.25, 16.75)
                                                         - rect_overlap(20, 20, 5.75, 14.25, 5.75, 14.25))).max() < 1e-12,
        "closed square miter == frame")
    L_exact = (rect_overlap(20, 21, 1.5, 7.5, 3.25, 18.5) + rect_overlap(20, 21, 7.5, 17.25, 12.5, 18.5))
    chk(np.abs(cov("stroke-L-w6-miter") - L_exact).max() < 1e-12, "L miter == two rectangles")
    chk(np.array_equal(cov("stroke-L-w6-miter-limit1.3-is-bevel"), cov("stroke-L-w6-bevel")), "miter limit -> bevel")
    # round-capped horizontal: rectangle + two half discs, exact
    hr = rect_overlap(20, 13, 3.25, 16.75, 5.25, 7.75)
    i0, i1, j0, j1 = _pixel_edges(20, 13)
    hr = hr + ellipse_rect_area(3.25, 6.5, 1.25, 1.25, i0, np.minimum(i1, 3.25), j0, j1) \
        + ellipse_rect_area(16.75, 6.5, 1.25, 1.25, np.maximum(i0, 16.75), i1, j0, j1)
    d = np.abs(cov("stroke-horizontal-w2.5-round") - hr).max()
    _, bnd = sample_stroke(by_name["stroke-horizontal-w2.5-round"]["shape"], 20, 13, 128, want_bound=True)
    chk(np.all(np.abs(cov("stroke-horizontal-w2.5-round") - hr) <= bnd + 1e-12), "horizontal round cap vs exact")
    stats["round_cap_exact_err"] = float(d)
    # the zigzag's joins are what the case name promises
    zig = by_name["stroke-zigzag-w2.5-miter"]["shape"]
    kinds = [len(p[1]) for p in stroke_pieces(zig) if p[0] == "poly"][4:]
    chk(kinds == [3, 4, 4], "zigzag joins: bevel fallback, miter, miter")
    # the file on disk
    on_disk = open(path).read() if os.path.exists(path) else None
    if on_disk != dumps(built):
        problems.append(("file on disk differs from generated output", path))
    if problems:
        for p in problems[:40]:
            print("PROBLEM:", p)
        print(f"self-check FAILED: {len(problems)} problems")
        return 1
    print(f"self-check OK: {len(built)} cases ({stats['analytic']} analytic, {stats['stroke']} strokes), "
          f"{stats['pixels']} pixels")
    print(f"  analytic vs 256^2 sampling: max |diff| {stats['max_err256']:.2e}, max rigorous bound "
          f"{stats['max_bound256']:.2e}, max diff/bound {stats['max_ratio256']:.3f}")
    print(f"  strokes 128^2 vs 64^2: max |diff| {stats['max_d']:.2e}; max per-pixel rigorous bound "
          f"128^2 {stats['max_bound128']:.4f}, 64^2 {stats['max_bound64']:.4f}")
    print(f"  {stats['poly_strokes']} polygonal strokes (no round cap/join) vs exact union of convex pieces "
          f"(slab integration): max |128^2 sample - exact| {stats['max_poly_err']:.2e}, within bound")
    print(f"  {stats['area_checks']} total-area checks OK (strokes: max |sum - analytic| "
          f"{stats['max_area_err']:.2e}); {stats['exact_checks']} exact/cross checks OK "
          f"(round-capped line vs exact: max |diff| {stats['round_cap_exact_err']:.2e})")
    print(f"  {os.path.basename(path)} matches")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--self-check", action="store_true")
    a = ap.parse_args()
    if a.self_check:
        sys.exit(self_check(a.out))
    built = build()
    text = dumps(built)
    with open(a.out, "w") as f:
        f.write(text)
    print(f"wrote {a.out}: {len(built)} cases, {len(text)} bytes")


if __name__ == "__main__":
    main()
