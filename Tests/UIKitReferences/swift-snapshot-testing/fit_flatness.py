#!/usr/bin/env python3
"""Which flattening explains UIKit's fills of swift-snapshot-testing's heart (README.md).

Rasterises the heart with exact area coverage (each polygon clipped to each pixel square) after
flattening its curves by several rules, and prints the difference from the two committed images:
Wang's formula (equal parameter steps) at several tolerances, and the halving rule of
docs/RENDERING.md §10.1 (split at t = 1/2 until the piece's second differences are at most a
limit, quadratics raised to cubics first). Run from anywhere: python3 fit_flatness.py
"""
import math, os
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
K = 0.5522847498307936

def heart():
    s = 30.0
    outline = [('M', (0, 0)), ('L', (0, 2 * s)), ('Q', (0.125 * s, 2.875 * s), (s, 3 * s)),
               ('Q', (1.875 * s, 2.875 * s), (2 * s, 2 * s)), ('C', (2.5 * s, 2 * s), (3 * s, 1.5 * s), (3 * s, s)),
               ('C', (3 * s, 0.5 * s), (2.5 * s, 0), (2 * s, 0)), ('L', (0, 0))]
    cx = cy = 2.5 * s; r = 0.5 * s; k = K * r
    ellipse = [('M', (cx + r, cy)), ('C', (cx + r, cy + k), (cx + k, cy + r), (cx, cy + r)),
               ('C', (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy)), ('C', (cx - r, cy - k), (cx - k, cy - r), (cx, cy - r)),
               ('C', (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy))]
    return [outline, ellipse]

def point(ps, t):
    n = len(ps) - 1
    return tuple(sum(math.comb(n, i) * (1 - t) ** (n - i) * t ** i * p[c] for i, p in enumerate(ps)) for c in (0, 1))

def second_differences(ps):
    return [(ps[i][0] - 2 * ps[i + 1][0] + ps[i + 2][0], ps[i][1] - 2 * ps[i + 1][1] + ps[i + 2][1]) for i in range(len(ps) - 2)]

def wang(ps, tolerance):
    d = len(ps) - 1
    m = max(max(abs(a), abs(b)) for a, b in second_differences(ps))
    n = max(1, math.ceil(math.sqrt(d * (d - 1) / 8 * m / tolerance)))
    return [point(ps, i / n) for i in range(1, n + 1)]

def halve(ps, t):
    rows = [ps]
    while len(rows[-1]) > 1:
        row = rows[-1]
        rows.append([((1 - t) * row[i][0] + t * row[i + 1][0], (1 - t) * row[i][1] + t * row[i + 1][1]) for i in range(len(row) - 1)])
    return [r[0] for r in rows], [r[-1] for r in reversed(rows)]

def halvings(ps, limit):
    if len(ps) == 3:  # raised to a cubic
        p0, p1, p2 = ps
        ps = [p0, (p0[0] + 2 / 3 * (p1[0] - p0[0]), p0[1] + 2 / 3 * (p1[1] - p0[1])),
              (p2[0] + 2 / 3 * (p1[0] - p2[0]), p2[1] + 2 / 3 * (p1[1] - p2[1])), p2]
    out = []
    def visit(q, depth):
        if depth >= 10 or max(max(abs(a), abs(b)) for a, b in second_differences(q)) <= limit:
            out.append(q[-1]); return
        left, right = halve(q, 0.5); visit(left, depth + 1); visit(right, depth + 1)
    visit(ps, 0)
    return out

def polygons(flatten):
    result = []
    for contour in heart():
        points = []
        for segment in contour:
            if segment[0] in 'ML': points.append(segment[1])
            else: points += flatten([points[-1]] + list(segment[1:]))
        result.append(points)
    return result

def clip(poly, x0, y0, x1, y1):
    for inside, cut in [(lambda p: p[0] >= x0, lambda a, b: (x0, a[1] + (b[1] - a[1]) * (x0 - a[0]) / (b[0] - a[0]))),
                        (lambda p: p[0] <= x1, lambda a, b: (x1, a[1] + (b[1] - a[1]) * (x1 - a[0]) / (b[0] - a[0]))),
                        (lambda p: p[1] >= y0, lambda a, b: (a[0] + (b[0] - a[0]) * (y0 - a[1]) / (b[1] - a[1]), y0)),
                        (lambda p: p[1] <= y1, lambda a, b: (a[0] + (b[0] - a[0]) * (y1 - a[1]) / (b[1] - a[1]), y1))]:
        out = []
        for i in range(len(poly)):
            a, b = poly[i - 1], poly[i]
            if inside(b):
                if not inside(a): out.append(cut(a, b))
                out.append(b)
            elif inside(a): out.append(cut(a, b))
        poly = out
        if not poly: return []
    return poly

def coverage(polys, size=90):
    image = np.zeros((size, size))
    for poly in polys:  # the contours do not overlap: each adds its own area
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        for y in range(max(0, int(min(ys))), min(size, math.ceil(max(ys)))):
            for x in range(max(0, int(min(xs))), min(size, math.ceil(max(xs)))):
                q = clip(poly, x, y, x + 1, y + 1)
                if q: image[y, x] += abs(0.5 * sum(q[i - 1][0] * q[i][1] - q[i][0] * q[i - 1][1] for i in range(len(q))))
    return np.floor(np.clip(image, 0, 1) * 255 + 0.5)

def reference(name):
    return np.array(Image.open(os.path.join(HERE, name)).convert('LA'))[..., 1].astype(float)

def main():
    refs = {'UIBezierPath.fill()': reference('testUIBezierPath.iOS.png'), 'CGContext fill': reference('testCGPath.iOS.png')}
    rules = [('Wang 1/64 pixel', lambda ps: wang(ps, 1 / 64)), ('Wang 0.09 pixel', lambda ps: wang(ps, 0.09))]
    rules += [('halvings, limit %.4f' % l, (lambda l: lambda ps: halvings(ps, l))(l)) for l in (0.0625, 0.15, 0.6)]
    for label, rule in rules:
        ours = coverage(polygons(rule))
        for name, ref in refs.items():
            d = np.abs(ours - ref)
            print('%-24s vs %-20s mean %.3f  worst %3d  pixels off by > 2: %3d' % (label, name, d.mean(), d.max(), (d > 2).sum()))

if __name__ == '__main__':
    main()
